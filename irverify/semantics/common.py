"""Helpers shared by the dialect semantics: building lazy tensors, elementwise lifting,
static attribute checks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import Op, TensorType
from irverify.semantics.values import Scalar, Tensor
from irverify.smt import terms as t

# MLIR's marker for a dynamic entry in static_offsets/sizes/strides.
DYNAMIC = -9223372036854775808


def fresh_index(rank: int, prefix: str = "i") -> list[Any]:
    return [t.fresh_int(f"{prefix}{k}") for k in range(rank)]


def tensor_from_template(ctx, ttype: TensorType, dims: Sequence[Any],
                         make: Callable[[list[Any]], Any],
                         defined: Callable[[list[Any]], Any] | None = None) -> Tensor:
    """A tensor whose element at ``idx`` is ``make(idx)``, evaluated once at a symbolic index
    (UB raised while computing it is quantified over the tensor's domain) and instantiated by
    substitution afterwards."""
    vars_ = fresh_index(len(dims))
    with ctx.elementwise(vars_, dims):
        template = make(vars_)

    def elem(idx, template=template, vars_=vars_):
        return t.substitute(template, list(zip(vars_, idx)))

    return Tensor(ttype, list(dims), elem, defined)


def require_defined(ctx, tensor: Tensor, what: str) -> None:
    """Computing with any element of ``tensor`` that was never written is UB."""
    if tensor.defined is None:
        return
    vars_ = fresh_index(tensor.rank)
    from irverify.verify.encode import exists_in

    ctx.add_ub(exists_in(vars_, tensor.dims, t.not_(tensor.defined(vars_))),
               f"{what} reads an uninitialized tensor element")


def read_element(ctx, tensor: Tensor, idx: Sequence[Any], what: str) -> Any:
    """The element at ``idx``, recording UB if it was never written."""
    if tensor.defined is not None:
        ctx.add_ub(t.not_(tensor.defined(list(idx))), f"{what} reads an uninitialized tensor element")
    return tensor.at(idx)


def elementwise(ctx, op: Op, fn: Callable[..., Any], *args: Scalar | Tensor) -> Scalar | Tensor:
    """Apply a scalar function to scalars, or lift it elementwise over same-shaped tensors.
    ``fn`` receives operand terms and returns the result term."""
    result_type = op.results[0].type
    if not any(isinstance(a, Tensor) for a in args):
        return Scalar(fn(*(a.term for a in args)), result_type)
    tensors = [a for a in args if isinstance(a, Tensor)]
    if len(tensors) != len(args):
        raise Unsupported(f"'{op.name}' mixing scalar and tensor operands", op.loc)
    dims = tensors[0].dims
    for other in tensors[1:]:
        for a, b in zip(dims, other.dims):
            ctx.add_ub(a != b, f"{op.name}: operand shapes differ")
    for a in tensors:
        require_defined(ctx, a, op.name)
    return tensor_from_template(ctx, result_type, dims, lambda idx: fn(*(a.at(idx) for a in tensors)))


def static_or_dynamic(static: Sequence[int], dynamic: Sequence[Scalar]) -> list[Any]:
    """Merge an op's ``static_*`` list with its dynamic operands into index terms."""
    out, k = [], 0
    for s in static:
        if s == DYNAMIC:
            out.append(dynamic[k].term)
            k += 1
        else:
            out.append(t.int_val(s))
    return out


def result_dims(ctx, ttype: TensorType, computed: Sequence[Any], op: Op) -> list[Any]:
    """Dims of a result: static dims of the result type are checked against the computed
    extents (a mismatch is UB, as the op's runtime precondition), dynamic ones are computed."""
    dims = []
    for k, (s, c) in enumerate(zip(ttype.shape, computed)):
        if s is None:
            dims.append(c)
        else:
            ctx.add_ub(c != s, f"{op.name}: result dim {k} is {s} but the operands give another extent")
            dims.append(t.int_val(s))
    return dims
