"""``func`` dialect semantics: calls to functions of the same module
(https://mlir.llvm.org/docs/Dialects/Func/). ``func.return`` is a terminator handled by the
interpreter."""

from __future__ import annotations

from irverify.ir.core import Op
from irverify.semantics.registry import semantics


@semantics("func.call", attrs=("callee",), memory="regions")
def call(ctx, op: Op, *args):
    """Inline the callee's body on the arguments (its UB becomes the caller's; poison arguments
    stay poison)."""
    return ctx.call(str(op.attrs["callee"]), args, op.loc)
