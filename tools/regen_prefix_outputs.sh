#!/usr/bin/env bash
# Regenerate patterns/iree-fold-collapse-store-pre-fix/<slug>.after.mlir: the after IR of every
# instance of FoldCollapseShapeIntoInterfaceTensorStoreFullSlice-pre-edbb69a as produced by the
# real pre-fix compiler, iree-base-compiler 3.5.0 (IREE 3.5.0 lacks edbb69a / PR #21036).
#
#   tools/regen_prefix_outputs.sh [VENV]      (default VENV: /tmp/iree35; not run in CI)
#
# 1. A throwaway virtualenv outside the repository holds iree-base-compiler==3.5.0. Only its
#    iree-opt binary is used (as a subprocess); it is never imported next to the main build.
# 2. The instantiated before IR of each instance comes from the catalogue (irverify.patterns).
# 3. Each before IR goes through 3.5.0's iree-opt with PIPELINE below (3.5.0 has no
#    iree-codegen-fold-reshape-into-interface-tensor pass; the same pattern set runs inside
#    iree-codegen-propagate-reshapes-by-expansion). The output is stored verbatim under a header
#    comment. When iree-opt fails (e.g. crashes), the file holds only comments describing the
#    failure: an after file without IR makes `irverify patterns` report `error` for that
#    instance, with those comments as the message.
# No syntactic fix is applied: 3.5.0 prints the dispatch-tensor and pipeline-layout syntax
# that the current parser accepts. If one is ever needed, apply it here and record it in
# FIXES so that it appears in every header.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${1:-/tmp/iree35}"
PATTERN="FoldCollapseShapeIntoInterfaceTensorStoreFullSlice-pre-edbb69a"
OUT="$ROOT/patterns/iree-fold-collapse-store-pre-fix"
PIPELINE='builtin.module(func.func(iree-codegen-propagate-reshapes-by-expansion))'
FIXES="none"

if [ ! -x "$VENV/bin/iree-opt" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q iree-base-compiler==3.5.0
fi
VERSION="$("$VENV/bin/pip" show iree-base-compiler | sed -n 's/^Version: //p')"
[ "$VERSION" = "3.5.0" ] || { echo "expected iree-base-compiler 3.5.0 in $VENV, found $VERSION" >&2; exit 2; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
(cd "$ROOT" && python - "$PATTERN" "$WORK" <<'PY'
import sys
from irverify.patterns.catalogue import load_catalogue, select
[p] = select(load_catalogue(), [sys.argv[1]])
for i in p.instances():
    with open(f"{sys.argv[2]}/{i.slug}.before.mlir", "w", encoding="utf-8") as f:
        f.write(i.render(i.shape.before))
    with open(f"{sys.argv[2]}/{i.slug}.label", "w", encoding="utf-8") as f:
        f.write(f"{i.label} ({i.column})")
PY
)

mkdir -p "$OUT"
DATE="$(date -u +%Y-%m-%d)"
for before in "$WORK"/*.before.mlir; do
  slug="$(basename "$before" .before.mlir)"
  label="$(cat "$WORK/$slug.label")"
  target="$OUT/$slug.after.mlir"
  {
    echo "// After IR of $PATTERN, instance $label."
    echo "// Produced by iree-base-compiler $VERSION (iree-opt) on $DATE with:"
    echo "//   iree-opt --pass-pipeline='$PIPELINE' --mlir-print-local-scope <before>"
    echo "// where <before> is the instance's before IR rendered from"
    echo "// patterns/iree-fold-collapse-store-pre-fix.pattern. Syntactic fixes applied: $FIXES."
    echo "// Regenerate with: tools/regen_prefix_outputs.sh"
  } > "$target"
  set +e
  "$VENV/bin/iree-opt" --pass-pipeline="$PIPELINE" --mlir-print-local-scope "$before" \
      > "$WORK/$slug.out" 2> "$WORK/$slug.err"
  rc=$?
  set -e
  if [ "$rc" -eq 0 ]; then
    cat "$WORK/$slug.out" >> "$target"
  else
    # the innermost frame that names a compiler function (frames 0-3 are the signal handler)
    frame="$(grep -oE '^ *#[0-9]+ 0x[0-9a-f]+ [A-Za-z_:()<> ]*::[A-Za-z_]+\(' "$WORK/$slug.err" \
             | grep -v -e PrintStackTrace -e RunSignalHandlers -e SignalHandler | head -n 1 \
             | sed -E 's/^ *#[0-9]+ 0x[0-9a-f]+ //; s/\($//' || true)"
    [ -n "$frame" ] || frame="$(grep -m1 -v -e '^\s*$' -e 'Please report' "$WORK/$slug.err" || true)"
    sig=""
    [ "$rc" -gt 128 ] && sig=" (signal $((rc - 128)))"
    # iree-opt re-raises the signal through its python launcher, so a crash may show as 256 - SIG.
    [ "$rc" -gt 192 ] && sig=" (signal $((256 - rc)))"
    {
      echo "// no output: iree-opt $VERSION exited with status $rc$sig and printed no IR."
      echo "// top compiler frame of the crash backtrace: ${frame:-<none>}"
    } >> "$target"
  fi
  echo "$target: exit $rc"
done
