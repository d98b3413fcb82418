"""Named ``linalg`` ops (https://mlir.llvm.org/docs/Dialects/Linalg/), each encoded as the
``linalg.generic`` it stands for: this module builds the indexing maps, iterator types and a
scalar body of ``arith`` ops (plus two private scalar ops for ``math`` functions), and
``linalg.run_structured`` gives it meaning.

Operands of another element type are converted to the output element type as MLIR's
``TypeFn`` casts do: ``cast_signed`` (the default) uses ``extsi``/``sitofp``/``fptosi``,
``cast_unsigned`` uses ``extui``/``uitofp``/``fptoui``; narrowing uses ``trunci``/``truncf``,
float widening ``extf``; an ``index`` operand becomes an integer by ``index_cast`` under either.
"""

from __future__ import annotations

from typing import Any

from irverify.errors import Unsupported
from irverify.ir.affine import AffineMap, Dim
from irverify.ir.float_bits import literal_bits
from irverify.ir.core import Block, EnumAttr, FloatAttr, FloatType, IndexType, IntType, Op, TensorType, Value
from irverify.semantics.linalg import Structured, run_structured
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, any_poison



# ----------------------------------------------------------------------------- body building


class BodyBuilder:
    """Builds a scalar body block (irverify IR ops) at the location of the named op."""

    def __init__(self, op: Op, arg_types: list[Any]):
        self.op = op
        self.args = [Value(ty, f"%b{i}") for i, ty in enumerate(arg_types)]
        self.ops: list[Op] = []

    def emit(self, name: str, operands: list[Value], result_type, **attrs) -> Value:
        res = Value(result_type)
        self.ops.append(Op(name, list(operands), [res], dict(attrs), [], self.op.loc))
        return res

    def cast(self, v: Value, dst, unsigned: bool) -> Value:
        """MLIR's ``convertScalarToDtype`` from ``v``'s type to ``dst``."""
        src = v.type
        if src == dst:
            return v
        if isinstance(src, IntType) and isinstance(dst, IntType):
            if dst.width > src.width:
                return self.emit("arith.extui" if unsigned else "arith.extsi", [v], dst)
            return self.emit("arith.trunci", [v], dst)
        if isinstance(src, IntType) and isinstance(dst, FloatType):
            return self.emit("arith.uitofp" if unsigned else "arith.sitofp", [v], dst)
        if isinstance(src, FloatType) and isinstance(dst, IntType):
            return self.emit("arith.fptoui" if unsigned else "arith.fptosi", [v], dst)
        if isinstance(src, FloatType) and isinstance(dst, FloatType) and src.width != dst.width:
            return self.emit("arith.extf" if dst.width > src.width else "arith.truncf", [v], dst)
        if isinstance(src, IndexType) and isinstance(dst, IntType):
            return self.emit("arith.index_cast", [v], dst)  # signed even for cast_unsigned, as MLIR
        if isinstance(src, IntType) and isinstance(dst, IndexType):
            return self.emit("arith.index_castui" if unsigned else "arith.index_cast", [v], dst)
        raise Unsupported(f"conversion from {src} to {dst} in '{self.op.name}'", self.op.loc)

    def finish(self, *yields: Value) -> Block:
        return Block(self.args, self.ops + [Op("linalg.yield", list(yields), [], {}, [], self.op.loc)])


def identity(rank: int) -> AffineMap:
    return AffineMap(rank, 0, tuple(Dim(i) for i in range(rank)))


def dims_map(n: int, dims: list[int]) -> AffineMap:
    return AffineMap(n, 0, tuple(Dim(d) for d in dims))


def elem_of(v: Value):
    ty = v.type
    return ty.elem if isinstance(ty, TensorType) else ty


def cast_kind(op: Op) -> bool:
    """``True`` for ``cast_unsigned``; ``cast_signed`` (the default) is ``False``."""
    c = op.attrs.get("cast")
    if c is None:
        return False
    if isinstance(c, EnumAttr) and c.kind == "linalg.type_fn" and c.value in ("cast_signed", "cast_unsigned"):
        return c.value == "cast_unsigned"
    raise Unsupported(f"cast {c} of '{op.name}'", op.loc)


def ins_outs(op: Op, operands: tuple) -> tuple[list[Any], list[Any]]:
    n_ins = len(operands) - len(op.results)
    if not op.results:
        raise Unsupported(f"'{op.name}' on buffers", op.loc)
    return list(operands[:n_ins]), list(operands[n_ins:])


# ----------------------------------------------------------------------------- fill, copy, map


@semantics("linalg.fill")
def fill(ctx, op: Op, *operands):
    """``outs[i...] = cast(value)``: the init is not read."""
    ins, outs = ins_outs(op, operands)
    rank = outs[0].rank
    b = BodyBuilder(op, [elem_of(op.operands[0]), op.results[0].type.elem])
    body = b.finish(b.cast(b.args[0], op.results[0].type.elem, False))
    if not isinstance(ins[0], Scalar):
        raise Unsupported("linalg.fill with a non-scalar value", op.loc)
    maps = [AffineMap(rank, 0, ()), identity(rank)]
    return run_structured(ctx, op, Structured(maps, ["parallel"] * rank, body, 1), ins, outs)


@semantics("linalg.copy")
def copy(ctx, op: Op, *operands):
    """``outs[i...] = cast(ins[i...])``."""
    ins, outs = ins_outs(op, operands)
    rank = outs[0].rank
    b = BodyBuilder(op, [elem_of(op.operands[0]), op.results[0].type.elem])
    body = b.finish(b.cast(b.args[0], op.results[0].type.elem, False))
    return run_structured(ctx, op, Structured([identity(rank)] * 2, ["parallel"] * rank, body, 1), ins, outs)


@semantics("linalg.map")
def map_(ctx, op: Op, *operands):
    """``outs[i...] = body(ins_0[i...], ..., [outs[i...]])`` with the op's own region."""
    ins, outs = ins_outs(op, operands)
    rank = outs[0].rank
    block = op.regions[0][0]
    if len(block.args) == len(ins):  # mapper without the init argument
        block = Block(block.args + [Value(op.results[0].type.elem, "%init")], block.ops)
    spec = Structured([identity(rank)] * (len(ins) + 1), ["parallel"] * rank, block, len(ins))
    return run_structured(ctx, op, spec, ins, outs)


# ----------------------------------------------------------------------------- reduce, transpose, broadcast


@semantics("linalg.reduce", attrs=("dimensions",))
def reduce(ctx, op: Op, *operands):
    """``outs[kept dims] = fold(body, ins over the reduced dims)`` with the op's own region."""
    ins, outs = ins_outs(op, operands)
    rank = ins[0].rank
    dims = list(op.attrs["dimensions"])
    kept = [d for d in range(rank) if d not in dims]
    iters = ["reduction" if d in dims else "parallel" for d in range(rank)]
    maps = [identity(rank)] * len(ins) + [dims_map(rank, kept)] * len(outs)
    return run_structured(ctx, op, Structured(maps, iters, op.regions[0][0], len(ins)), ins, outs)


@semantics("linalg.transpose", attrs=("permutation",))
def transpose(ctx, op: Op, *operands):
    """``outs[i_0, ..., i_n] = ins[j]`` with ``j[perm[k]] = i_k``."""
    ins, outs = ins_outs(op, operands)
    perm = list(op.attrs["permutation"])
    rank = len(perm)
    if sorted(perm) != list(range(rank)):
        raise Unsupported(f"permutation {perm} of linalg.transpose", op.loc)
    in_map = dims_map(rank, [perm.index(p) for p in range(rank)])
    b = BodyBuilder(op, [elem_of(op.operands[0]), op.results[0].type.elem])
    body = b.finish(b.args[0])
    return run_structured(ctx, op, Structured([in_map, identity(rank)], ["parallel"] * rank, body, 1), ins, outs)


@semantics("linalg.broadcast", attrs=("dimensions",))
def broadcast(ctx, op: Op, *operands):
    """``outs[i...] = ins[i without the added dimensions]``."""
    ins, outs = ins_outs(op, operands)
    rank = outs[0].rank
    added = list(op.attrs["dimensions"])
    in_map = dims_map(rank, [d for d in range(rank) if d not in added])
    b = BodyBuilder(op, [elem_of(op.operands[0]), op.results[0].type.elem])
    body = b.finish(b.args[0])
    return run_structured(ctx, op, Structured([in_map, identity(rank)], ["parallel"] * rank, body, 1), ins, outs)


# ----------------------------------------------------------------------------- contractions

# name -> (number of loops, default maps as dim lists (A, B, C), iterator kinds)
CONTRACTIONS = {
    "linalg.matmul": (3, [[0, 2], [2, 1], [0, 1]], "ppr"),
    "linalg.batch_matmul": (4, [[0, 1, 3], [0, 3, 2], [0, 1, 2]], "pppr"),
    "linalg.matvec": (2, [[0, 1], [1], [0]], "pr"),
    "linalg.vecmat": (2, [[1], [1, 0], [0]], "pr"),
    "linalg.batch_matvec": (3, [[0, 1, 2], [0, 2], [0, 1]], "ppr"),  # C[b, m] += A[b, m, k] * B[b, k]
    "linalg.batch_vecmat": (3, [[0, 2], [0, 2, 1], [0, 1]], "ppr"),  # C[b, n] += A[b, k] * B[b, k, n]
    "linalg.dot": (1, [[0], [0], []], "r"),
}


def multiply_accumulate(op: Op, out, unsigned: bool):
    """The body ``acc + cast(a) * cast(b)`` of a contraction or convolution whose operands are
    ``op``'s first two and whose accumulator has type ``out`` (the operands are cast to ``out``,
    zero-extended when ``unsigned``). On ``i1`` MLIR's bool arithmetic applies: add is ``or``,
    mul is ``and``."""
    b = BodyBuilder(op, [elem_of(op.operands[0]), elem_of(op.operands[1]), out])
    x, y = b.cast(b.args[0], out, unsigned), b.cast(b.args[1], out, unsigned)
    if isinstance(out, FloatType):
        return b.finish(b.emit("arith.addf", [b.args[2], b.emit("arith.mulf", [x, y], out)], out))
    if out == IntType(1):
        return b.finish(b.emit("arith.ori", [b.args[2], b.emit("arith.andi", [x, y], out)], out))
    return b.finish(b.emit("arith.addi", [b.args[2], b.emit("arith.muli", [x, y], out)], out))

def contraction(ctx, op: Op, *operands):
    """``C[par] = C[par] + cast(A[..]) * cast(B[..])`` summed over the reduction dim; on ``i1``
    (after the casts) ``+`` is ``ori`` and ``*`` is ``andi``, as in MLIR's region builder."""
    ins, outs = ins_outs(op, operands)
    n, default, kinds = CONTRACTIONS[op.name]
    maps = op.attrs.get("indexing_maps", op.attrs.get("linalg.memoized_indexing_maps"))
    if maps is None:
        maps = [dims_map(n, d) for d in default]
    if len(maps) != 3 or not all(isinstance(m, AffineMap) and m.num_dims == n for m in maps):
        raise Unsupported(f"indexing maps {maps} of '{op.name}'", op.loc)
    out = op.results[0].type.elem
    unsigned = cast_kind(op)
    body = multiply_accumulate(op, out, unsigned)
    iters = ["parallel" if k == "p" else "reduction" for k in kinds]
    return run_structured(ctx, op, Structured(list(maps), iters, body, 2), ins, outs)


semantics("linalg.matmul", attrs=("indexing_maps", "cast"))(contraction)
semantics("linalg.batch_matmul", attrs=("indexing_maps", "cast"))(contraction)
for _name in ("linalg.matvec", "linalg.vecmat", "linalg.batch_matvec", "linalg.batch_vecmat", "linalg.dot"):
    semantics(_name, attrs=("linalg.memoized_indexing_maps",))(contraction)


# ----------------------------------------------------------------------------- linalg.elementwise

UNARY_FLOAT = {"exp", "log", "ceil", "floor", "round", "sqrt", "rsqrt", "tanh", "erf"}
BINARY = {  # kind -> (float op, integer op)
    "add": ("arith.addf", "arith.addi"), "sub": ("arith.subf", "arith.subi"),
    "mul": ("arith.mulf", "arith.muli"), "div": ("arith.divf", "arith.divsi"),
    "div_unsigned": (None, "arith.divui"),
    "max_signed": ("arith.maximumf", "arith.maxsi"), "min_signed": ("arith.minimumf", "arith.minsi"),
    "max_unsigned": (None, "arith.maxui"), "min_unsigned": (None, "arith.minui"),
}
# On i1 operands MLIR builds add as ``ori`` and mul as ``andi`` (sub and div on i1 are rejected
# by MLIR itself).
BOOL_BINARY = {"add": "arith.ori", "mul": "arith.andi"}


def elementwise_body(op: Op, kind: str, in_types: list[Any], out) -> Block:
    b = BodyBuilder(op, in_types + [out])
    a = b.args
    is_float = isinstance(out, FloatType)
    if kind in UNARY_FLOAT and is_float:
        return b.finish(b.emit("linalg.__scalar_unary", [a[0]], out, fn=kind))
    if kind == "abs" and is_float:
        return b.finish(b.emit("linalg.__scalar_unary", [a[0]], out, fn="abs"))
    if kind == "negf" and is_float:
        return b.finish(b.emit("arith.negf", [a[0]], out))
    if kind == "square" and is_float:
        return b.finish(b.emit("arith.mulf", [a[0], a[0]], out))
    if kind == "reciprocal" and is_float and not out.is_small:
        one = b.emit("arith.constant", [], out, value=FloatAttr(literal_bits("1.0", out.name), out))
        return b.finish(b.emit("arith.divf", [one, a[0]], out))
    if kind == "powf" and is_float:
        return b.finish(b.emit("linalg.__scalar_binary", [a[0], a[1]], out, fn="powf"))
    if kind == "select":
        return b.finish(b.emit("arith.select", [a[0], a[1], a[2]], out))
    if kind in BOOL_BINARY and all(ty == IntType(1) for ty in in_types[:2]):
        if out != IntType(1):
            raise Unsupported(f"linalg.elementwise kind '{kind}' of i1 operands into {out}", op.loc)
        return b.finish(b.emit(BOOL_BINARY[kind], [a[0], a[1]], out))
    if kind in BINARY:
        name = BINARY[kind][0 if is_float else 1]
        if name is not None and (is_float or isinstance(out, (IntType, IndexType))):
            return b.finish(b.emit(name, [a[0], a[1]], out))
    raise Unsupported(f"linalg.elementwise kind '{kind}' on {out}", op.loc)


@semantics("linalg.elementwise", attrs=("kind", "indexing_maps"))
def elementwise(ctx, op: Op, *operands):
    """``outs[i...] = KIND(ins...)`` through the op's indexing maps (all loops parallel)."""
    ins, outs = ins_outs(op, operands)
    kind = op.attrs["kind"]
    if not (isinstance(kind, EnumAttr) and kind.kind == "linalg.elementwise_kind"):
        raise Unsupported(f"kind {kind} of linalg.elementwise", op.loc)
    rank = outs[0].rank
    maps = op.attrs.get("indexing_maps") or [identity(rank)] * len(operands)
    out = op.results[0].type.elem
    body = elementwise_body(op, kind.value, [elem_of(v) for v in op.operands[:len(ins)]], out)
    return run_structured(ctx, op, Structured(list(maps), ["parallel"] * rank, body, len(ins)), ins, outs)


@semantics("linalg.__scalar_unary", attrs=("fn",))
def scalar_unary(ctx, op: Op, a: Scalar):
    """A ``math`` function of one float (built only by this module): ``ctx.fp.unary``."""
    ty = op.results[0].type
    fn = op.attrs["fn"]
    if fn != "abs" and not (fn == "sqrt" and ctx.fp.name == "ieee"):
        ctx.approximate(f"uninterpreted float function {fn}")
    return Scalar(ctx.fp.unary(op.attrs["fn"], a.term, ty), ty, a.poison)


@semantics("linalg.__scalar_binary", attrs=("fn",))
def scalar_binary(ctx, op: Op, a: Scalar, b: Scalar):
    """A ``math`` function of two floats (built only by this module): ``ctx.fp.binary``."""
    ty = op.results[0].type
    ctx.approximate(f"uninterpreted float function {op.attrs['fn']}")
    return Scalar(ctx.fp.binary(op.attrs["fn"], a.term, b.term, ty), ty, any_poison(a.poison, b.poison))


from irverify.semantics import linalg_conv  # noqa: E402,F401  (registers convolutions and poolings)
from irverify.semantics import linalg_softmax  # noqa: E402,F401  (registers linalg.softmax)
