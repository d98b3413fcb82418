"""Helpers shared by the dialect semantics: building lazy tensors, elementwise lifting,
static attribute checks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import Op, TensorType
from irverify.model.values import Scalar, Tensor, any_poison
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
    substitution afterwards. ``make`` returns a term or a ``Scalar``; the element is poison where
    that scalar is, where an op raised poison while computing it (``Ctx.poison_if``), or where
    ``defined`` (if given) is false."""
    vars_ = fresh_index(len(dims))
    with ctx.elementwise(vars_, dims), ctx.poison_scope() as raised:
        out = make(vars_)
    template, poison = (out.term, out.poison) if isinstance(out, Scalar) else (out, None)
    poison = any_poison(poison, *raised)

    def elem(idx, template=template, vars_=vars_):
        return t.substitute(template, list(zip(vars_, idx)))

    if poison is not None:
        given = defined

        def defined(idx, poison=poison, vars_=vars_):
            ok = t.not_(t.substitute(poison, list(zip(vars_, idx))))
            return ok if given is None else t.and_(given(idx), ok)

    return Tensor(ttype, list(dims), elem, defined)


def elementwise(ctx, op: Op, fn: Callable[..., Any], *args: Scalar | Tensor,
                operand_poison: bool = False) -> Scalar | Tensor:
    """Apply a scalar function to scalars, or lift it elementwise over same-shaped tensors.
    ``fn`` receives operand terms (and, with ``operand_poison``, then each operand's poison
    condition, a Bool term) and returns the result term. The result is poison where an operand
    is, or where ``fn`` raised poison (``Ctx.poison_if``)."""
    result_type = op.results[0].type

    def call(elems):
        terms = [e.term for e in elems]
        return fn(*terms, *(e.is_poison() for e in elems)) if operand_poison else fn(*terms)

    if not any(isinstance(a, Tensor) for a in args):
        with ctx.poison_scope() as raised:
            term = call(args)
        return Scalar(term, result_type, any_poison(*(a.poison for a in args), *raised))
    tensors = [a for a in args if isinstance(a, Tensor)]
    if len(tensors) != len(args):
        raise Unsupported(f"'{op.name}' mixing scalar and tensor operands", op.loc)
    dims = tensors[0].dims
    for other in tensors[1:]:
        for a, b in zip(dims, other.dims):
            ctx.add_ub(a != b, f"{op.name}: operand shapes differ")

    def make(idx):
        elems = [a.scalar_at(idx) for a in tensors]
        return Scalar(call(elems), result_type.elem, any_poison(*(e.poison for e in elems)))

    return tensor_from_template(ctx, result_type, dims, make)


def walk_ops(ops):
    """Every op of ``ops`` and, depth first, every op nested in their regions."""
    for op in ops:
        yield op
        for region in op.regions:
            for block in region:
                yield from walk_ops(block.ops)


def operand_segments(op: Op, args: Sequence[Any], n: int) -> list[list[Any]]:
    """Split an op's operands into its ``n`` variadic groups, as its ``operandSegmentSizes``
    attribute says (an op without that attribute, or with another number of groups, is
    unsupported)."""
    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != n:
        raise Unsupported(f"operand segments of '{op.name}'", op.loc)
    out, k = [], 0
    for s in sizes:
        out.append(list(args[k:k + int(s)]))
        k += int(s)
    return out


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
