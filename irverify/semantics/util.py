"""IREE ``util`` dialect semantics (https://iree.dev/reference/mlir-dialects/Util/): calls between
``util.func`` functions of the same module. ``util.func`` is read by the MLIR frontend like
``func.func``; ``util.return`` is a terminator handled by the interpreter.

``tied_operands`` lists, per result, the operand whose storage the result reuses (``-1``: none).
A tie is an in-place update, a memory fact that irverify's value model does not express, so a
call or function with a tie is unsupported; an all ``-1`` list (what the parser prints for
untied results) means plain value semantics.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import Op
from irverify.semantics.registry import semantics


def require_untied(ties, what: str, loc) -> None:
    """Reject a ``tied_operands`` list that ties any result to an operand."""
    if ties is None:
        return
    if not isinstance(ties, list) or any(int(k) != -1 for k in ties):
        raise Unsupported(f"tied_operands {ties} of {what}", loc)


@semantics("util.call", attrs=("callee", "tied_operands"), poison=True)
def call(ctx, op: Op, *args):
    """Inline the callee's body on the arguments (its UB becomes the caller's; poison arguments
    stay poison)."""
    require_untied(op.attrs.get("tied_operands"), "'util.call'", op.loc)
    return ctx.call(str(op.attrs["callee"]), args, op.loc)


@semantics("util.optimization_barrier", poison=True)
def optimization_barrier(ctx, op: Op, *operands):
    """``util.optimization_barrier``: its results are its operands, poison included (it only
    stops the compiler from optimising across the values)."""
    return list(operands)


@semantics("util.numeric.optional_narrow", attrs=("semantic_type", "min_value", "max_value"), poison=True)
def optional_narrow(ctx, op: Op, operand):
    """``util.numeric.optional_narrow %x : T as S <min_value, max_value>``: its result is its
    operand (``SameOperandsAndResultType``), poison included. The op "serves as a placeholder for
    points in the computation where an optional numeric narrowing can be performed without loss
    of information" (``UtilOps.td``): ``semantic_type`` and the range are a claim for later
    passes, not a runtime check; irverify does not check the claim (a later pass that narrows on
    it is judged on the values it computes)."""
    return operand
