"""Opaque ops: ops irverify does not model but knows to be free of side effects on the values
they take (Alive2's unknown calls; ``DESIGN.md``, "second stage").

An opaque op is an uninterpreted function of its operands, its attributes and its result types:
each result (a scalar, or a tensor's dynamic extents and elements) is a function of the operand
values, named by the op's ``identity``, and an uninterpreted predicate of the same arguments says
whether it is undefined. The same op with the
same attributes on the same values is the same value on both sides (congruence), so rewrites
that move, share, duplicate or delete it are proved; anything that needs its values is an
approximation, so a counterexample through it must be confirmed by execution.

A tensor operand enters as an array holding its elements in bounds and zero elsewhere, an array
saying which elements are poison (never written, as in ``tensor.empty``, or computed from
poison), and its extents: tensors equal as values give equal arguments. A poison element enters
as zero in the first array, so destination-style ops whose ``outs`` are ``tensor.empty`` on both
sides stay congruent, while an op that gets poison on one side and a value on the other gets
different arguments (the op may read it: nothing says the results agree). A scalar operand
enters the same way: its value (zero where it is poison) and its poison bit.

Only ops listed in ``OPAQUE_OPS`` are opaque, each with the reason it has no side effects on
tensors (every one is a value-semantics op on tensors: its memory effects exist only on buffers,
which irverify does not accept as operands). Ops with regions are never opaque (their region is
part of what they mean; a named linalg op's region is the body its name defines), nor are ops
with operands or results other than scalars and tensors.
"""

from __future__ import annotations

import hashlib

from irverify.errors import Unsupported
from irverify.ir.core import IndexType, Op, TensorType, Value

# op -> why its results are a function of its operands and attributes alone
OPAQUE_OPS = {
    "linalg.mmt4d": "structured op on tensors",
    "linalg.batch_mmt4d": "structured op on tensors",
    "linalg.conv_3d": "structured op on tensors",
    "linalg.conv_1d_ncw_fcw": "structured op on tensors",
    "linalg.conv_2d_ngchw_fgchw": "structured op on tensors",
    "linalg.conv_2d_nhwgc_gfhwc": "structured op on tensors",
    "linalg.conv_3d_ndhwc_dhwcf": "structured op on tensors",
    "linalg.pooling_ncw_sum": "structured op on tensors",
    "linalg.pooling_nwc_sum": "structured op on tensors",
    "linalg.pooling_nwc_max": "structured op on tensors",
    "iree_linalg_ext.winograd.input_transform": "destination-style op on tensors",
    "iree_linalg_ext.winograd.filter_transform": "destination-style op on tensors",
    "iree_linalg_ext.winograd.output_transform": "destination-style op on tensors",
    "flow.tensor.bitcast": "value op on tensors",
    "tensor.bitcast": "reinterprets element bits (Pure)",
    "iree_vector_ext.to_layout": "gives its input a thread layout (Pure; IREE VectorExtOps.td)",
}

# Ops with their own semantics that apply ``apply`` below (their printed attributes are kept).
APPLIES_OPAQUELY = frozenset({"flow.dispatch"})


def is_opaque(op: Op) -> bool:
    """Listed, and without a region that says what it computes. A named linalg op's region is
    the body its name defines (MLIR builds it from the name), so it adds nothing to the name."""
    if op.name not in OPAQUE_OPS:
        return False
    return op.name.startswith("linalg.") or not any(blocks for blocks in op.regions)


# ----------------------------------------------------------------------------- identity
#
# Every uninterpreted function named after an op (an opaque op, an ``scf.for`` that is not
# unrolled, a ``flow.dispatch``) is named by ``function_name``, from the op's ``identity``: its
# name, its operand types, its result types (extents included), every attribute as MLIR printed
# it (exact: MLIR prints a large dense attribute as hex, never elided) and its regions (block
# argument types, and each op's identity with its operands numbered by where they are defined:
# a block argument or result inside the op, or an outer value, in order of first use). Two ops
# with the same identity applied to the same values compute the same results; anything that
# tells them apart is in the identity. Compiler hints (``registry.HINT_ATTRS``) change no value
# and are left out. The name is the identity's full SHA-256 digest (never a prefix of it).


def identity(op: Op, captured: list[Value] | None = None, constants: dict[int, str] | None = None) -> str:
    """The exact text that names ``op``'s function (see above); the outer values its regions
    read are appended to ``captured`` in order of first use. With ``constants`` (value id ->
    the text of the scalar constant it is: ``scalar_constants``), a region reads those outer
    values as their constants rather than as captured values, and a scalar ``arith.constant``
    inside it is its constant: a constant hoisted out of a region or sunk into one leaves the
    identity as it was (``verify.align``)."""
    pos: dict[int, str] = {}
    outer = captured if captured is not None else []
    return "\n".join(_identity_lines(op, pos, outer, top=True, constants=constants))


def constant_text(op: Op) -> str | None:
    """``const(VALUE : TYPE)`` for a scalar ``arith.constant`` (an integer, or a float by its
    bits: exact), else None."""
    from irverify.ir.core import FloatAttr, is_scalar

    value = op.attrs.get("value")
    if (op.name != "arith.constant" or len(op.results) != 1 or not is_scalar(op.results[0].type)
            or type(value) not in (int, bool, FloatAttr)):
        return None
    return f"const({value!r} : {op.results[0].type})"


def scalar_constants(ops, out: dict[int, str] | None = None) -> dict[int, str]:
    """Every scalar ``arith.constant`` among ``ops`` and inside their regions: result id -> its
    ``constant_text``."""
    out = {} if out is None else out
    for op in ops:
        text = constant_text(op)
        if text is not None:
            out[op.results[0].id] = text
        for region in op.regions:
            for block in region:
                scalar_constants(block.ops, out)
    return out


def function_name(kind: str, op: Op, extra: str = "") -> str:
    """The name of ``op``'s uninterpreted function: ``kind``, the op name and the digest of its
    ``identity`` (and of ``extra``, what else the function depends on)."""
    digest = hashlib.sha256((identity(op) + "\n" + extra).encode()).hexdigest()
    return f"{kind}.{op.name}.{digest}"


def _identity_lines(op: Op, pos: dict[int, str], outer: list[Value], top: bool,
                    constants: dict[int, str] | None = None) -> list[str]:
    from irverify.semantics.registry import is_hint

    if op.printed_attrs is None:
        raise Unsupported(f"'{op.name}' without its printed attributes (its identity is not known)", op.loc)
    attrs = []
    for name in sorted(op.printed_attrs):
        text = op.printed_attrs[name]
        if is_hint(name, op.attrs.get(name)):
            continue
        if "dense_resource<" in text:  # the printed form names a blob, not its contents
            raise Unsupported(f"attribute '{name}' of '{op.name}' holding a dense_resource", op.loc)
        attrs.append(f"{name} = {text}")

    def label(v: Value) -> str:
        if constants is not None and v.id in constants:
            return constants[v.id]
        if v.id not in pos:
            pos[v.id] = f"outer{len(outer)}"
            outer.append(v)
        return pos[v.id]

    operands = ", ".join(str(v.type) if top else f"{label(v)}: {v.type}" for v in op.operands)
    results = ", ".join(str(r.type) for r in op.results)
    lines = [f"{op.name}({operands}) -> ({results}) {{{', '.join(attrs)}}} regions {len(op.regions)}"]
    for region in op.regions:
        lines.append(f"region {len(region)} blocks")
        for block in region:
            for a in block.args:
                pos[a.id] = f"v{len(pos)}"
            lines.append("block(" + ", ".join(f"{pos[a.id]}: {a.type}" for a in block.args) + ")")
            for inner in block.ops:
                if constants is not None and inner.results and inner.results[0].id in constants:
                    continue  # read where it is used (``label``), numbered nowhere
                lines += _identity_lines(inner, pos, outer, top=False, constants=constants)
                for r in inner.results:
                    pos[r.id] = f"v{len(pos)}"
                lines.append("-> (" + ", ".join(pos[r.id] for r in inner.results) + ")")
        lines.append("end region")
    return lines


def opaque_key(op: Op) -> str:
    """The name of an opaque op's function (``function_name``)."""
    return function_name("opaque", op)


def _argument(ctx, value, op: Op) -> list:
    from irverify.model.values import Scalar, Tensor
    from irverify.smt import terms as t
    from irverify.model.sorts import scalar_sort

    if isinstance(value, Scalar):  # a poison scalar enters as zero with its poison bit (its value is no value)
        if value.poison is None:
            return [value.term, t.false()]
        return [t.ite(value.poison, t.zero_of(scalar_sort(value.type, ctx.fp)), value.term), value.poison]
    if isinstance(value, Tensor):
        if value.rank == 0:
            elem = value.at([])
            ok = value.is_defined([])
            return [t.ite(ok, elem, t.zero_of(scalar_sort(value.type.elem, ctx.fp))), ok]
        from irverify.semantics.common import fresh_index

        vars_ = fresh_index(value.rank)
        zero = t.zero_of(scalar_sort(value.type.elem, ctx.fp))
        ok = t.and_(value.in_bounds(vars_), value.is_defined(vars_))
        body = t.ite(ok, value.at(vars_), zero)
        return [t.lambda_(vars_, body), t.lambda_(vars_, ok), *value.dims]
    raise Unsupported(f"opaque op '{op.name}' with an operand of type {type(value).__name__}", op.loc)


def apply(ctx, op: Op, *operands):
    """The results of an opaque op: uninterpreted functions of its operands."""
    ctx.approximate(f"opaque op '{op.name}'")
    return uninterpreted_results(ctx, op, opaque_key(op), operands, f"opaque op '{op.name}'")


def uninterpreted_results(ctx, op: Op, key: str, operands, what: str) -> list:
    """``op``'s results as uninterpreted functions named ``key`` of ``operands`` (see above),
    with an uninterpreted UB predicate of the same arguments."""
    from irverify.model.values import Scalar, Tensor
    from irverify.smt import terms as t
    from irverify.model.sorts import element, scalar_sort

    args = [a for v in operands for a in _argument(ctx, v, op)]
    if args:
        ctx.add_ub(t.apply_uf(f"{key}.ub", args, t.bool_sort()), f"{what} may be undefined here (its undefined inputs are unknown)")
    results = []
    for k, r in enumerate(op.results):
        ty = r.type
        if isinstance(ty, TensorType):
            dims = []
            for j, d in enumerate(ty.shape):
                if d is None:
                    dims.append(t.int_max(element(t.apply_uf(f"{key}.r{k}.dim{j}", args, t.int_sort()), IndexType()), t.int_val(0)))
                else:
                    dims.append(t.int_val(d))
            arr = t.apply_uf(f"{key}.r{k}", args, t.array_sort(ty.rank, scalar_sort(ty.elem, ctx.fp)))
            results.append(Tensor(ty, dims, lambda idx, arr=arr, e=ty.elem: element(t.select(arr, idx), e)))
        else:
            try:
                sort = scalar_sort(ty, ctx.fp)
            except Unsupported:
                raise Unsupported(f"{what} with a result of type {ty}", op.loc) from None
            results.append(Scalar(element(t.apply_uf(f"{key}.r{k}", args, sort), ty), ty))
    return results
