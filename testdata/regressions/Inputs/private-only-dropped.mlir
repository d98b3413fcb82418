// private-only.mlir with its private function removed (as symbol DCE does).
module {
}
