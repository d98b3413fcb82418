// A module whose only function is private: valid input, checked through public callers, of
// which there are none.
func.func private @helper(%x: i32) -> i32 {
  return %x : i32
}
