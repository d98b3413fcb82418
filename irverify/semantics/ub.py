"""``ub`` dialect semantics (https://mlir.llvm.org/docs/Dialects/UBOps/).

``ub.poison`` "materializes a compile-time poisoned constant value to indicate deferred
undefined behavior": its result is a poison value of its type (``DESIGN.md``, "poison"): a
scalar whose poison condition is true, or a statically shaped tensor/vector every element of
which is poison. Poison propagates through the ops that use it and may be refined by any value;
using it as an index, size or offset is UB (``registry``). The ``value`` attribute must be the
plain ``#ub.poison``; other poison attributes (dialect-specific partial poison) are not modelled.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import FloatType, IndexType, IntType, Op, TensorType
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t


@semantics("ub.poison", attrs=("value",))
def poison(ctx, op: Op):
    """A poison value of the result type (a deterministic unknown term, poison everywhere)."""
    from irverify.model.sorts import element, scalar_sort

    value = op.attrs.get("value", "#ub.poison")
    if str(value) != "#ub.poison":
        raise Unsupported(f"'ub.poison' with value {value}", op.loc)
    ty = op.results[0].type
    if isinstance(ty, (IntType, IndexType, FloatType)):
        junk = element(t.const(t.fresh_name("poison"), scalar_sort(ty, ctx.fp)), ty)
        return Scalar(junk, ty, t.true())
    if isinstance(ty, TensorType) and all(d is not None for d in ty.shape):
        if ty.encoding is not None:
            raise Unsupported(f"tensor with encoding {ty.encoding} in 'ub.poison'", op.loc)
        junk = element(t.const(t.fresh_name("poison"), scalar_sort(ty.elem, ctx.fp)), ty.elem)
        return Tensor(ty, [t.int_val(d) for d in ty.shape], lambda idx: junk, lambda idx: t.false())
    raise Unsupported(f"'ub.poison' of type {ty}", op.loc)
