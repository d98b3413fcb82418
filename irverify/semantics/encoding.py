"""Encoding changes of a tensor value: ``iree_encoding.set_encoding``,
``iree_encoding.unset_encoding`` and ``flow.tensor.encode``.

Upstream docs (IREE ``Dialect/Encoding/IR/EncodingOps.td``, ``Dialect/Flow/IR/FlowOps.td``):
``set_encoding`` assigns an encoding to a tensor, "does not change the rank or extent of a
tensor" and adds the encoding to the type "to represent a change in layout"; ``unset_encoding``
converts a tensor with an encoding "into a tensor with default layout", its dynamic result
extents given as operands (whether they may differ from the operand's is not documented: an
``unset_encoding`` with dynamic result extents is unsupported); ``flow.tensor.encode`` (``Pure``, ranks and element types match)
"encode[s] the input tensor into an encoded output tensor", its operand's and result's dynamic
extents given as operands, like every shape-aware ``flow`` op.

Encoded: the three are one family, an encoding change from type ``A`` to type ``B``. What an
encoded tensor holds is target-specific (the encoding is resolved per backend), so the result's
elements are an uninterpreted function of the operand (its elements, which are poison, its
extents) and of the result's extents, named by ``A`` and ``B`` only: ``flow.tensor.encode`` from ``A`` to ``B`` and
``set_encoding``/``unset_encoding`` from ``A`` to ``B`` are the same function (congruence), which
is the contract ``flow.tensor.encode`` states by name, as the flow-level form of the same change.
The result's extents: the operand's for ``set_encoding`` (documented); the static ones for
``unset_encoding``; the declared ones for ``flow.tensor.encode`` (with their static ones; a negative one is UB); a
declared operand extent that differs from the operand's actual one is UB (as for every
``flow.tensor`` op), and so is a ``set_encoding`` whose result type's static extent differs from
the operand's. The result has no poison element (the function's value is a
value, as for opaque ops). A counterexample that rests on the function's value is an
approximation (``ctx.approximate``), to be confirmed by execution. ``encoding_dims`` operands
(values for a runtime layout choice) are unsupported.
"""

from __future__ import annotations

import hashlib

from irverify.errors import Unsupported
from irverify.ir.core import Op, TensorType
from irverify.semantics.registry import semantics
from irverify.model.values import Tensor
from irverify.smt import terms as t


def encoding_change(ctx, op: Op, src, result_dims: list) -> Tensor:
    """The result of an encoding change of ``src`` to the op's result type, with ``result_dims``."""
    from irverify.semantics.opaque import _argument
    from irverify.model.sorts import element, scalar_sort

    rt = op.results[0].type
    if not isinstance(src, Tensor) or not isinstance(src.type, TensorType) or not isinstance(rt, TensorType):
        raise Unsupported(f"'{op.name}' on a value that is not a tensor", op.loc)
    if rt.elem != src.type.elem or len(rt.shape) != src.rank:
        raise Unsupported(f"'{op.name}' from {src.type} to {rt}", op.loc)
    text = f"{src.type}|{rt}"
    key = f"encoding_change.{hashlib.sha256(text.encode()).hexdigest()[:16]}"
    args = [*_argument(ctx, src, op), *result_dims]
    ctx.approximate(f"encoding change from {src.type} to {rt}")
    arr = t.apply_uf(key, args, t.array_sort(len(rt.shape), scalar_sort(rt.elem, ctx.fp)))
    return Tensor(rt, result_dims, lambda idx: element(t.select(arr, idx), rt.elem))


def _declared(op: Op, ty: TensorType, dyn) -> list:
    if len(dyn) != sum(1 for s in ty.shape if s is None):
        raise Unsupported(f"'{op.name}' dynamic extents of {ty}", op.loc)
    it = iter(dyn)
    return [t.int_val(s) if s is not None else next(it).term for s in ty.shape]


def _same_extents(ctx, op: Op, a: list, b: list, what: str) -> None:
    for k, (x, y) in enumerate(zip(a, b)):
        ctx.add_ub(x != y, f"{op.name}: {what} in dim {k}")


@semantics("iree_encoding.set_encoding", attrs=("operandSegmentSizes",),
           poison_ub={"1:": "an encoding dim"})
def set_encoding(ctx, op: Op, src, *encoding_dims):
    """An encoding change that keeps the operand's extents (see above)."""
    if encoding_dims:
        raise Unsupported("'iree_encoding.set_encoding' with encoding_dims", op.loc)
    if not isinstance(src, Tensor):
        raise Unsupported("'iree_encoding.set_encoding' on a value that is not a tensor", op.loc)
    rt = op.results[0].type
    _same_extents(ctx, op, [t.int_val(s) if s is not None else d for s, d in zip(rt.shape, src.dims)],
                  src.dims, "the result type's extent differs from the operand's")
    return encoding_change(ctx, op, src, list(src.dims))


@semantics("iree_encoding.unset_encoding", attrs=("operandSegmentSizes",),
           poison_ub={"1:": "a result extent"})
def unset_encoding(ctx, op: Op, src, *dims):
    """An encoding change to the declared result extents (see above)."""
    sizes = op.attrs.get("operandSegmentSizes")
    if sizes and len(sizes) == 3 and sizes[2]:
        raise Unsupported("'iree_encoding.unset_encoding' with encoding_dims", op.loc)
    if dims:
        raise Unsupported("'iree_encoding.unset_encoding' with declared dynamic result extents "
                          "(whether they may differ from the operand's is not documented)", op.loc)
    result_dims = _declared(op, op.results[0].type, dims)
    return encoding_change(ctx, op, src, result_dims)


def tensor_encode(ctx, op: Op, src, *dims):
    """``flow.tensor.encode``: declared operand extents checked, result extents as declared."""
    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != 3 or not isinstance(src, Tensor):
        raise Unsupported("'flow.tensor.encode' of an unexpected form", op.loc)
    operand_dims, result_dims = list(dims[:sizes[1]]), list(dims[sizes[1]:])
    declared_src = _declared(op, src.type, operand_dims)
    _same_extents(ctx, op, declared_src, src.dims, "a declared operand extent differs from the operand's")
    declared = _declared(op, op.results[0].type, result_dims)
    for k, d in enumerate(declared):
        ctx.add_ub(t.lt(d, t.int_val(0)), f"{op.name}: negative result extent in dim {k}")
    return encoding_change(ctx, op, src, declared)
