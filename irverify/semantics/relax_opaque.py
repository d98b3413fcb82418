"""Opaque Relax values and ops (``DESIGN.md``, "second stage"; the MLIR counterpart is
``irverify.semantics.opaque``).

* **Opaque values.** A Relax tensor whose rank or dtype is unknown (``R.Tensor``,
  ``R.Tensor(ndim=-1)``, ``R.Tensor((16,))`` without a dtype; type ``UnknownTensorType``) is a
  handle: one Int term standing for the whole value (rank, dtype, extents and elements). Two
  handles are the same value exactly when their terms are equal; nothing else is known about
  them. Its rank, extents, dtype and elements are uninterpreted projections of the handle
  (``relax.opaque.rank(h)``, ``...dim.K(h)``, ``...dtype.NAME(h)``, ``...elems.NAME.RANK(h)``),
  the same functions on both sides, so ``R.match_cast`` of a handle to a known tensor type is a
  tensor whose extents and elements are those projections.
* **Opaque ops.** A pure Relax op irverify does not model (``RELAX_OPAQUE_OPS``, each with the
  reason it is pure: https://tvm.apache.org/docs/reference/api/python/relax/op.html), and any
  modelled pure op applied to, or producing, an opaque value, is an uninterpreted function of
  its operands (tensors as their elements, the mask of their written elements and their
  extents, handles as themselves), its attributes (printed exactly, ``exact_text``), its
  operands' and results' dtypes and ranks and its results' stated extents, with an uninterpreted
  predicate of the same arguments saying whether it is undefined. The same op with the same
  attributes on the same values is the same value on both sides (congruence); for the ops of
  ``SHAPE_ONLY_UB`` the UB predicate takes the operand extents only. Rewrites that
  move, share, duplicate or delete it are proved; a counterexample through one is an
  approximation that needs TVM execution to be confirmed. Where an operand has an element
  nobody wrote, the results are unknown values (which results that element reaches is not
  known). An op with regions (``relax.if``) is never opaque.
* ``call_tir`` of an effect-free PrimFunc outside the translatable subset (``relax_tir``) is an
  opaque op whose function is the PrimFunc's structural identity (``irverify.frontends.relax.tir``).
* Calls with side effects or to arbitrary code (``call_packed``, ``call_pure_packed``,
  ``call_tir_inplace``, ``vm.*``, allocation builtins, ``print``, ``assert_op``) are never opaque: they
  stay unsupported.
"""

from __future__ import annotations

import hashlib

from irverify.errors import Unsupported
from irverify.ir.core import Op, TensorType, TupleType, UnknownTensorType

# op -> why it is a pure function of its operands, attributes and result struct info
RELAX_OPAQUE_OPS = {
    "relax.nn.conv1d": "convolution (value semantics, no side effects)",
    "relax.nn.conv3d": "convolution (value semantics, no side effects)",
    "relax.nn.conv1d_transpose": "transposed convolution (value semantics)",
    "relax.nn.conv2d_transpose": "transposed convolution (value semantics)",
    "relax.nn.max_pool1d": "pooling (value semantics)",
    "relax.nn.max_pool3d": "pooling (value semantics)",
    "relax.nn.avg_pool1d": "pooling (value semantics)",
    "relax.nn.avg_pool2d": "pooling (value semantics)",
    "relax.nn.avg_pool3d": "pooling (value semantics)",
    "relax.nn.adaptive_avg_pool1d": "pooling (value semantics)",
    "relax.nn.adaptive_avg_pool2d": "pooling (value semantics)",
    "relax.nn.adaptive_avg_pool3d": "pooling (value semantics)",
    "relax.nn.group_norm": "normalisation (value semantics)",
    "relax.nn.instance_norm": "normalisation (value semantics)",
    "relax.nn.silu": "elementwise (value semantics)",
    "relax.nn.leakyrelu": "elementwise (value semantics)",
    "relax.nn.pad": "padding (value semantics)",
    "relax.nn.attention": "attention (value semantics)",
    "relax.nn.cross_entropy_with_logits": "loss (value semantics)",
    "relax.nn.log_softmax": "normalisation (value semantics)",
    "relax.argmax": "index reduction (value semantics)",
    "relax.argmin": "index reduction (value semantics)",
    "relax.sort": "sorting (value semantics)",
    "relax.argsort": "sorting (value semantics)",
    "relax.topk": "sorting (value semantics)",
    "relax.image.resize2d": "resampling (value semantics)",
    "relax.layout_transform": "data movement (value semantics)",
    "relax.flip": "data movement (value semantics)",
    "relax.tile": "data movement (value semantics)",
    "relax.repeat": "data movement (value semantics)",
    "relax.gather_elements": "indexing (value semantics; out-of-range indices are in the UB predicate)",
    "relax.gather_nd": "indexing (value semantics; out-of-range indices are in the UB predicate)",
    "relax.scatter_elements": "functional scatter: returns a new tensor",
    "relax.scatter_nd": "functional scatter: returns a new tensor",
    "relax.one_hot": "value semantics",
    "relax.nonzero": "value semantics (data-dependent shape)",
    "relax.unique": "value semantics (data-dependent shape)",
    "relax.wrap_param": "casts a parameter (value semantics)",
    "relax.quantize": "value semantics",
    "relax.call_tir": "the PrimFunc is checked to write only its outputs (frontends/relax/tir.py); "
                      "the function is its structural identity, attribute 'primfunc'",
    "relax.dequantize": "value semantics",
    "relax.variance": "reduction (value semantics)",
    "relax.std": "reduction (value semantics)",
    "relax.prod": "reduction (value semantics)",
    "relax.image.resize3d": "resampling (value semantics)",
    "relax.image.affine_grid": "value semantics",
}

# Ops whose only preconditions are relations between their operands' extents and attributes
# (https://tvm.apache.org/docs/reference/api/python/relax/op.html: no index operands, no
# data-dependent shapes). Their uninterpreted UB predicate is a function of the operand extents
# and the attributes other than the result dtype only, so the same op on operands of the same
# extents is undefined on both sides alike, whatever the element values or dtypes.
SHAPE_ONLY_UB = frozenset(
    {f"relax.nn.{n}" for n in (
        "conv1d", "conv2d", "conv3d", "conv1d_transpose", "conv2d_transpose", "max_pool1d",
        "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d", "avg_pool3d", "adaptive_avg_pool1d",
        "adaptive_avg_pool2d", "adaptive_avg_pool3d", "batch_norm", "layer_norm", "group_norm",
        "instance_norm", "rms_norm", "gelu", "gelu_tanh", "silu", "leakyrelu", "pad",
        "attention", "log_softmax")}
    | {f"relax.{n}" for n in ("sort", "argsort", "topk",
                              "flip", "tile", "repeat", "argmax", "argmin", "wrap_param", "variance",
                              "std", "prod")})
DTYPE_ATTRS = frozenset({"out_dtype", "dtype"})
# The UB reason of a SHAPE_ONLY_UB op whose operand extents are all static: TVM's type inference
# checked its shape relations when the module was built, so execution may run such an input.
STATIC_SHAPE_UB = "may be undefined for these static extents (checked by TVM's type inference)"

# Never opaque: they have no value of their own (structure) or run arbitrary code / effects.
STRUCTURAL = frozenset({"relax.tuple", "relax.tuple_get_item", "relax.call", "relax.const", "relax.return"})


def _has_unknown(ty) -> bool:
    if isinstance(ty, UnknownTensorType):
        return True
    if isinstance(ty, TupleType):
        return any(_has_unknown(f) for f in ty.fields)
    return False


def is_opaque(op: Op, registered: bool) -> bool:
    """Listed and not modelled, or a modelled pure op that meets an opaque value. An op with
    regions (``relax.if``) is never opaque: its regions are part of what it means."""
    if op.name in STRUCTURAL or op.regions:
        return False
    if op.name in RELAX_OPAQUE_OPS and not registered:
        return True
    return registered and any(_has_unknown(v.type) for v in [*op.operands, *op.results])


class OpaqueTensor:
    """A Relax value of unknown rank or dtype: a handle (an Int term)."""

    def __init__(self, term, type_):
        self.term = term
        self.type = type_

    def mismatch(self, other, fp):
        from irverify.smt import terms as t

        if not isinstance(other, OpaqueTensor):
            raise Unsupported(f"comparing an opaque {self.type} with a {type(other).__name__}")
        return t.not_(self.term == other.term), []

    def describe_mismatch(self, other, model, index_vars, fp, cex) -> None:
        cex.source_value = f"opaque {self.type} value"
        cex.target_value = f"another opaque {other.type} value"


def symbolic_input(ty: UnknownTensorType, name: str):
    """An argument of unknown rank or dtype: a free handle."""
    from irverify.smt import terms as t

    return OpaqueTensor(t.const(name, t.int_sort()), ty)


def _kind(ty) -> str:
    """What of a type names the function: a tensor's dtype and rank (its extents are arguments,
    an operand's as its dims, a result's as ``_result_dims``); nothing of an opaque value (its
    handle stands for all of it, whatever a binding annotates)."""
    if isinstance(ty, TensorType):
        return f"tensor<{ty.rank}x{ty.elem}>"
    if isinstance(ty, TupleType):
        return "(" + ",".join(_kind(f) for f in ty.fields) + ")"
    if isinstance(ty, UnknownTensorType):
        return "?"
    return str(ty)


def _key_text(op: Op) -> str:
    attrs = ";".join(f"{k}={exact_text(op.attrs[k])}" for k in sorted(op.attrs) if not k.startswith("arg"))
    operands = ",".join(_kind(v.type) for v in op.operands)
    results = ",".join(_kind(r.type) for r in op.results)
    return f"{op.name}|{attrs}|{operands}|{results}"


def exact_text(v) -> str:
    """An attribute value printed exactly: two values print alike only when they are equal
    (floats by their bits, so ``-0.0``, ``0.0`` and NaN payloads differ; arrays by dtype, shape
    and every element's bytes, where numpy's ``repr`` elides long arrays)."""
    import struct

    import numpy as np

    from irverify.ir.core import DenseAttr

    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, float):
        return f"f64:{struct.pack('>d', v).hex()}"
    if isinstance(v, (int, str)):
        return f"{type(v).__name__}:{v!r}"
    if isinstance(v, (list, tuple)):
        inner = ",".join(exact_text(x) for x in v)
        return f"[{inner}]" if isinstance(v, list) else f"({inner})"
    if isinstance(v, dict):
        return "{" + ",".join(f"{exact_text(k)}:{exact_text(x)}" for k, x in sorted(v.items(), key=repr)) + "}"
    if isinstance(v, DenseAttr):
        return f"dense<{v.type}>{exact_text(np.asarray(v.values))}"
    if isinstance(v, np.ndarray):
        if v.dtype == object:
            return f"array{v.shape}:" + exact_text([exact_text(x) for x in v.ravel().tolist()])
        return f"array<{v.dtype.str}>{v.shape}:{np.ascontiguousarray(v).tobytes().hex()}"
    if isinstance(v, np.generic):
        return exact_text(np.asarray(v))
    return f"{type(v).__name__}:{str(v)!r}"


def _key(op: Op) -> str:
    return f"relax.opaque.{op.name}.{hashlib.sha256(_key_text(op).encode()).hexdigest()[:16]}"


def _argument(ctx, value, op: Op) -> list:
    """A tensor as its elements in bounds (zero elsewhere and where unwritten), the mask of its
    written elements in bounds and its extents; a scalar as itself. An unwritten element
    enters as zero with a false mask bit, as in ``irverify.semantics.opaque``: the op may read
    it, so a tensor with an unwritten element and one with a value there are different
    arguments. The arrays are lambdas over index variables with fixed names, so the same
    tensor gives the same term wherever it is an argument (congruence needs syntactic
    equality)."""
    from irverify.model.values import Scalar, Tensor
    from irverify.smt import terms as t
    from irverify.model.sorts import scalar_sort

    if isinstance(value, Scalar):
        return [value.term]
    if not isinstance(value, Tensor):
        raise Unsupported(f"opaque op '{op.name}' with an operand of type {type(value).__name__}", op.loc)
    zero = t.zero_of(scalar_sort(value.type.elem, ctx.fp))
    if value.rank == 0:
        ok = value.is_defined([])
        return [t.ite(ok, value.at([]), zero), ok]
    vars_ = [t.int_var(f"relax.opaque.i{k}") for k in range(value.rank)]
    ok = t.and_(value.in_bounds(vars_), value.is_defined(vars_))
    return [t.lambda_(vars_, t.ite(ok, value.at(vars_), zero)), t.lambda_(vars_, ok), *value.dims]


def _args(ctx, op: Op, operands) -> list:
    """The function's arguments: operand values, then the dims of shape/prim arguments."""
    from irverify.semantics.relax import dim_term
    from irverify.model.values import TupleValue

    out = []

    def add(v):
        if isinstance(v, OpaqueTensor):
            out.append(v.term)
        elif isinstance(v, TupleValue):
            for f in v.fields:
                add(f)
        else:
            out.extend(_argument(ctx, v, op))

    for v in operands:
        add(v)
    for k in sorted(a for a in op.attrs if a.startswith("arg")):
        value = op.attrs[k]
        for d in value if isinstance(value, list) else [value]:
            if isinstance(d, str) and d.startswith("str:"):
                continue  # a string argument: part of the key
            out.append(dim_term(ctx, d))
    return out


def _string_args(op: Op) -> str:
    return exact_text(sorted((k, v) for k, v in op.attrs.items() if k.startswith("arg")
                             for v in [v if isinstance(v, list) else [v]] if all(isinstance(x, str) for x in v)))


def apply(ctx, op: Op, *operands):
    """The results of an opaque Relax op: uninterpreted functions of its operands."""
    from irverify.smt import terms as t

    if op.name == "relax.match_cast":
        return match_cast(ctx, op, operands[0])
    key = _key(op) + hashlib.sha256(_string_args(op).encode()).hexdigest()[:8]
    args = _args(ctx, op, operands) + _result_dims(ctx, op)
    ctx.approximate(f"opaque op '{op.name}'")
    ub_name, ub_args = f"{key}.ub", args
    reason = f"opaque op '{op.name}' may be undefined here (its preconditions are not modelled)"
    if op.name in SHAPE_ONLY_UB and not any(isinstance(v, OpaqueTensor) for v in operands):
        ub_name, ub_args = _shape_ub(ctx, op, operands)
        if all(t.static_int(d) is not None for d in ub_args):
            reason = f"opaque op '{op.name}' {STATIC_SHAPE_UB}"
    if ub_args:
        ctx.add_ub(t.apply_uf(ub_name, ub_args, t.bool_sort()), reason)
    unwritten = _reads_unwritten(operands)
    if unwritten is not None:
        ctx.add_unknown(unwritten, f"opaque op '{op.name}' reads an element nobody wrote")
    return [_result(ctx, op, r.type, f"{key}.r{k}", args, unwritten) for k, r in enumerate(op.results)]


def _reads_unwritten(operands):
    """The condition that an operand has an unwritten element (``None``: none can have one).
    Which results such an element reaches is unknown, so where it holds every result is an
    unknown value (``Ctx.add_unknown``): a counterexample resting on it is not ``incorrect``."""
    from irverify.model.sorts import exists_in
    from irverify.model.values import Tensor, TupleValue
    from irverify.semantics.common import fresh_index
    from irverify.smt import terms as t

    conds = []

    def add(v):
        if isinstance(v, TupleValue):
            for f in v.fields:
                add(f)
        elif isinstance(v, Tensor) and v.defined is not None:
            vars_ = fresh_index(v.rank, "u")
            conds.append(exists_in(vars_, v.dims, t.not_(v.defined(vars_))))

    for v in operands:
        add(v)
    return t.or_(*conds) if conds else None


def _result_dims(ctx, op: Op) -> list:
    """The extents the results' types state, as arguments of the function: the same op on the
    same operands with other result extents (``call_tir`` with another ``out_ty``) is another
    function application."""
    from irverify.semantics.relax import dim_term

    dims: list = []

    def add(ty):
        if isinstance(ty, TupleType):
            for f in ty.fields:
                add(f)
        elif isinstance(ty, TensorType):
            dims.extend(dim_term(ctx, d) for d in ty.shape if d is not None)

    for r in op.results:
        add(r.type)
    return dims


def _shape_ub(ctx, op: Op, operands) -> tuple[str, list]:
    """The UB predicate of a ``SHAPE_ONLY_UB`` op: named by the op, its attributes but the
    result dtype, and its operands' ranks; applied to the operands' extents."""
    from irverify.semantics.relax import dim_term
    from irverify.model.values import Scalar, Tensor, TupleValue
    from irverify.smt import terms as t

    dims, ranks = [], []

    def add(v):
        if isinstance(v, TupleValue):
            for f in v.fields:
                add(f)
        elif isinstance(v, Tensor):
            dims.extend(v.dims)
            ranks.append(str(v.rank))
        elif isinstance(v, Scalar):
            ranks.append("s")
        else:
            raise Unsupported(f"opaque op '{op.name}' with an operand of type {type(v).__name__}", op.loc)

    for v in operands:
        add(v)
    attrs = ";".join(f"{k}={exact_text(op.attrs[k])}" for k in sorted(op.attrs) if k not in DTYPE_ATTRS)
    text = f"{op.name}|{attrs}|{','.join(ranks)}"
    name = f"relax.opaque.{op.name}.ub.{hashlib.sha256(text.encode()).hexdigest()[:16]}"
    for k in sorted(a for a in op.attrs if a.startswith("arg")):
        value = op.attrs[k]
        dims += [dim_term(ctx, d) for d in (value if isinstance(value, list) else [value])
                 if not (isinstance(d, str) and d.startswith("str:"))]
    return name, dims or [t.int_val(0)]


def _result(ctx, op: Op, ty, name: str, args, unwritten=None):
    """A result: ``name`` applied to ``args``; where ``unwritten`` holds, the unknown value
    ``unknown.name(args)`` (``_reads_unwritten``)."""
    from irverify.semantics.relax import dim_term
    from irverify.model.values import Tensor, TupleValue
    from irverify.smt import terms as t
    from irverify.model.sorts import scalar_sort

    def value(fn_name, sort):
        term = t.apply_uf(fn_name, args, sort)
        return term if unwritten is None else t.ite(unwritten, t.apply_uf(f"unknown.{fn_name}", args, sort), term)

    if isinstance(ty, UnknownTensorType):
        return OpaqueTensor(value(name, t.int_sort()), ty)
    if isinstance(ty, TupleType):
        return TupleValue([_result(ctx, op, f, f"{name}.{k}", args, unwritten) for k, f in enumerate(ty.fields)])
    if isinstance(ty, TensorType):
        dims = []
        for j, d in enumerate(ty.shape):
            if d is None:
                dims.append(t.int_max(t.apply_uf(f"{name}.dim{j}", args, t.int_sort()), t.int_val(0)))
            else:  # the extent TVM's struct info states (also an argument, ``_result_dims``)
                dims.append(dim_term(ctx, d))
        arr = value(name, t.array_sort(ty.rank, scalar_sort(ty.elem, ctx.fp)))
        return Tensor(ty, dims, lambda idx, arr=arr: t.select(arr, idx))
    raise Unsupported(f"opaque op '{op.name}' with a result of type {ty}", op.loc)


def opaque_condition(ctx, x: OpaqueTensor):
    """An opaque value as the condition of an If: TVM requires a rank-0 ``bool`` tensor (UB
    otherwise); its truth is the element ``R.match_cast`` to ``R.Tensor((), "bool")`` projects."""
    from irverify.smt import terms as t

    rank = t.apply_uf("relax.opaque.rank", [x.term], t.int_sort())
    ok = t.and_(rank == 0, t.apply_uf("relax.opaque.dtype.bool", [x.term], t.bool_sort()))
    ctx.add_ub(t.not_(ok), "the condition of an If is not a rank-0 bool tensor")
    ctx.approximate("opaque value cast to a known tensor type")
    return t.bv1_to_bool(t.apply_uf("relax.opaque.elems.bool.0", [x.term], t.bv_sort(1)))


def match_cast(ctx, op: Op, x):
    """``R.match_cast`` where the value or the target struct info is opaque: the run-time check
    (a mismatch is UB, as for modelled tensors) on the handle's projections; a symbolic dim
    first named here is bound to the projected extent. The value itself is unchanged."""
    from irverify.semantics.relax import dim_term, dtype_name
    from irverify.model.values import Tensor
    from irverify.smt import terms as t
    from irverify.model.sorts import scalar_sort

    shape, defines, dtype = op.attrs["shape"], op.attrs["defines"], op.attrs["dtype"]
    if defines and ctx.depth > 0:
        raise Unsupported("match_cast defining a symbolic dim inside a called function", op.loc)
    if isinstance(x, Tensor):
        known = dtype in ("float16", "bfloat16", "float32", "float64", "bool", "int8", "int16", "int32", "int64")
        if len(shape) != x.rank or (known and dtype_name(x.type.elem) != dtype):
            ctx.add_ub(t.true(), f"match_cast: {x.type} does not match R.Tensor({shape}, {dtype})")
            return x
        dims = list(x.dims)
        checks = []
    elif isinstance(x, OpaqueTensor):
        rank = t.apply_uf("relax.opaque.rank", [x.term], t.int_sort())
        dims = [t.apply_uf(f"relax.opaque.dim.{k}", [x.term], t.int_sort()) for k in range(len(shape))]
        checks = [rank == len(shape), *(d >= 0 for d in dims)]
        if dtype in ("void", "None", ""):
            pass
        else:
            checks.append(t.apply_uf(f"relax.opaque.dtype.{dtype}", [x.term], t.bool_sort()))
    else:
        raise Unsupported(f"match_cast of a {type(x).__name__}", op.loc)
    ctx.add_ub(t.not_(t.and_(*checks)) if checks else t.false(),
               f"match_cast: the value does not match R.Tensor({shape}, {dtype})")
    for s, d in zip(shape, dims):
        if isinstance(s, str) and s in defines:
            ctx.assume(dim_term(ctx, s) == d)
        else:
            ctx.add_ub(dim_term(ctx, s) != d, f"match_cast: dim {s} does not match")
    ty = op.results[0].type
    if isinstance(ty, UnknownTensorType) or isinstance(x, Tensor):
        return x if not isinstance(x, Tensor) or not isinstance(ty, TensorType) else Tensor(
            ty, [dim_term(ctx, s) for s in shape], x.elem, x.defined)
    if not isinstance(ty, TensorType):
        raise Unsupported(f"match_cast to {ty}", op.loc)
    elems = t.apply_uf(f"relax.opaque.elems.{dtype}.{ty.rank}", [x.term],
                       t.array_sort(ty.rank, scalar_sort(ty.elem, ctx.fp)))
    ctx.approximate("opaque value cast to a known tensor type")
    return Tensor(ty, [dim_term(ctx, s) for s in shape], lambda idx, a=elems: t.select(a, idx))
