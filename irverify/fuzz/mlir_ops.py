"""Registry-covering MLIR programs for the fuzzer: one generator per registered MLIR op.

``GENERATORS`` maps every op name that ``irverify.semantics.registry.registered_ops()`` lists
(outside ``relax.``) to a function that writes one small well-formed instance of the op, with
its inputs, into a ``Body``; ``tests/fuzz/test_registry_coverage.py`` fails when an op is
registered without a generator. The generators live in ``mlir_gen_*.py``, one module per
group of dialects.

A program (``OpProg``) is a function built from a *focus* op's instance and up to three other
instances (``blocks``) that may consume each other's values. Its inputs are function arguments
(tensors, memrefs written in place, ``index`` values with a declared range), constants (boundary
values, dense constants of more than 1000 elements) and poison (``ub.poison``, shifts by the
width). Its results are every value an instance marks as an output, and the final contents of
every memref argument.

Where the source is defined is decided by construction, never by irverify's semantics: a
generator only writes instances defined on every input the fuzzer passes (in-bounds indices,
nonzero divisors, index arguments drawn from their declared range, dynamic dims at their
declared runtime extents), puts poison only where the op definitions propagate it (data
operands, never an index, a size, a divisor or a condition), and marks an output *tainted* when
it may hold poison or unwritten elements. Tainted outputs are not compared; every other output
must be equal on both sides wherever the target is ``correct``.

Targets come from *knobs*: a generator writes a placeholder (``Body.knob``) where a constant,
an attribute, an operand order, a type, an extent, an index map or a flag appears, with
alternatives that are mutations (usually wrong) or known-good rewrites. ``transform`` picks a
knob and an alternative, or reorders two independent blocks (a known-good rewrite).
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field

INTS = ("i8", "i16", "i32", "i64")
FLOATS = ("f32", "f64")
SMALL_FLOATS = ("f16", "bf16", "f8E4M3FN", "f8E5M2")
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64, "f16": 16, "bf16": 16,
         "f32": 32, "f64": 64, "f8E4M3FN": 8, "f8E5M2": 8}
STORAGE = {"f16": "i16", "bf16": "i16", "f8E4M3FN": "i8", "f8E5M2": "i8"}  # small floats cross the ABI as bits
KERNEL, HOST = "kernel", "host"  # run as a dispatch kernel (dispatch_confirm.wrap) or through IREE's full pipeline
KNOB = re.compile(r"@@k(\d+)@@")
# How often a scalar data operand is poison: often enough that an op turning a poison operand
# into UB (which makes every target of such a source `correct`) shows up within a few hundred
# programs, rarely enough that most outputs stay untainted and compared.
POISON_SHARE = 0.25


def is_int(e: str) -> bool:
    return e in INTS or e in ("i1", "index")


def is_float(e: str) -> bool:
    return e in FLOATS or e in SMALL_FLOATS


def int_bounds(e: str) -> tuple[int, int]:
    w = WIDTH[e]
    return (0, 1) if w == 1 else (-(1 << (w - 1)), (1 << (w - 1)) - 1)


def shape_text(shape, dyn=()) -> str:
    return "".join(("?" if i in dyn else str(d)) + "x" for i, d in enumerate(shape))


def tensor_ty(elem: str, shape, dyn=()) -> str:
    return f"tensor<{shape_text(shape, dyn)}{elem}>"


@dataclass
class Val:
    """A value of the program: ``shape`` is the runtime extents (None for a scalar); ``dyn`` the
    positions printed as ``?``; ``kind`` tensor, scalar, memref or vector."""

    name: str
    elem: str
    shape: tuple | None
    kind: str = "tensor"
    dyn: tuple = ()
    poison: bool = False
    ty: str = ""
    block: int = -1  # the block that defined it (-1: an argument)

    def __post_init__(self):
        if not self.ty:
            if self.kind == "scalar":
                self.ty = self.elem
            elif self.kind == "vector":
                self.ty = f"vector<{shape_text(self.shape)}{self.elem}>"
            elif self.kind == "memref":
                self.ty = f"memref<{shape_text(self.shape, self.dyn)}{self.elem}>"
            else:
                self.ty = tensor_ty(self.elem, self.shape, self.dyn)

    @property
    def ref(self) -> str:
        return "%" + self.name


@dataclass
class Arg:
    """A function argument and how inputs for it are drawn: ``domain`` (lo, hi) restricts an
    integer or index argument's values (indices, sizes), else ``inputs.array`` draws them."""

    val: Val
    domain: tuple | None = None


@dataclass
class Knob:
    value: str
    mutations: list[str]
    rewrites: list[str]
    what: str


@dataclass
class Block:
    op: str  # the generator that wrote it ("(result)": an output's conversion to the ABI)
    lines: list[str]
    uses: set = field(default_factory=set)  # ids of the blocks whose values it reads
    memory: bool = False  # writes a memref argument or a binding (never reordered with another such block)
    id: int = -1  # its position when written


@dataclass
class OpProg:
    mode: str
    args: list[Arg]
    blocks: list[Block]
    outputs: list[Val]  # returned values (memref arguments are outputs through their final contents)
    knobs: dict[int, Knob]
    toplevel: list[str]  # module-level text; ``@FN`` stands for the function's name
    ops: set[str]  # registered ops the program holds
    focus: str = ""
    taint: list[bool] = field(default_factory=list)  # per output: returned, memref arguments, bindings
    constants: list[tuple] = field(default_factory=list)  # push constants of #LAYOUT: (lo, hi)
    bindings: list[Val] = field(default_factory=list)  # bindings of #LAYOUT: initial contents are inputs

    def clone(self) -> OpProg:
        return copy.deepcopy(self)

    def memrefs(self) -> list[Val]:
        return [a.val for a in self.args if a.val.kind == "memref"]


class Body:
    """The builder a generator writes into."""

    def __init__(self, rng: random.Random, mode: str):
        self.rng = rng
        self.mode = mode
        self.poison_ok = mode == KERNEL  # IREE cannot compile ub.poison outside a dispatch
        self.args: list[Arg] = []
        self.blocks: list[Block] = []
        self.lines: list[str] = []
        self.uses: set = set()
        self.memory = False
        self.outputs: list[Val] = []
        self.pool: list[Val] = []
        self.knobs: dict[int, Knob] = {}
        self.toplevel: list[str] = []
        self.ops: set[str] = set()
        self.n = 0
        self.constants: list[tuple] = []
        self.bindings: list[Val] = []

    # -- names, lines, knobs

    def fresh(self, p: str = "v") -> str:
        self.n += 1
        return f"{p}{self.n}"

    def emit(self, line: str) -> None:
        self.lines.append(line)

    def knob(self, value, mutations=(), rewrites=(), what: str = "") -> str:
        """A placeholder for ``value``; a target may replace it with a mutation or a rewrite."""
        value = str(value)
        muts = [str(m) for m in dict.fromkeys(mutations) if str(m) != value]
        goods = [str(r) for r in dict.fromkeys(rewrites) if str(r) != value]
        if not muts and not goods:
            return value
        k = len(self.knobs)
        self.knobs[k] = Knob(value, muts, goods, what)
        return f"@@k{k}@@"

    def close_block(self, op: str) -> None:
        if self.lines:
            self.blocks.append(Block(op, self.lines, self.uses, self.memory, len(self.blocks)))
        self.lines, self.uses, self.memory = [], set(), False

    def value(self, name: str, elem: str, shape, kind: str = "tensor", dyn=(), poison=False, ty="") -> Val:
        return Val(name, elem, shape, kind, tuple(dyn), poison, ty, len(self.blocks))

    def use(self, v: Val) -> Val:
        if v.block >= 0 and v.block != len(self.blocks):
            self.uses.add(v.block)
        return v

    # -- dispatch-level inputs: one pipeline layout, ``#LAYOUT`` in the text

    def push_constant(self, lo: int, hi: int) -> Val:
        """``hal.interface.constant.load`` of a push constant drawn from [lo, hi], as ``index``."""
        k = len(self.constants)
        self.constants.append((lo, hi))
        c, n = self.fresh("pc"), self.fresh("i")
        self.emit(f"%{c} = hal.interface.constant.load layout(#LAYOUT) ordinal({k}) : i32")
        self.emit(f"%{n} = arith.index_castui %{c} : i32 to index")
        return self.value(n, "index", None, "scalar")

    def binding(self, elem: str, size: int) -> Val:
        """A binding of ``size`` elements whose initial contents are an input and whose final
        contents are an output (``Val.name`` is its number)."""
        v = Val(str(len(self.bindings)), elem, (size,), "binding")
        self.bindings.append(v)
        self.memory = True
        return v

    # -- arguments and constants

    def arg(self, elem: str, shape, kind: str = "tensor", dyn=(), domain=None) -> Val:
        v = Val(f"a{len(self.args)}", elem, tuple(shape) if shape is not None else None, kind, tuple(dyn))
        self.args.append(Arg(v, domain))
        return v

    def index_arg(self, lo: int, hi: int) -> Val:
        """An ``index`` value in [lo, hi]: a push constant of a kernel, an extracted element of a
        host function's ``tensor<i64>`` argument."""
        if self.mode == KERNEL:
            v = Val(f"a{len(self.args)}", "index", None, "scalar")
            self.args.append(Arg(v, (lo, hi)))
            return v
        t = Val(f"a{len(self.args)}", "i64", (), "tensor")
        self.args.append(Arg(t, (lo, hi)))
        x, r = self.fresh("x"), self.fresh("i")
        self.emit(f"%{x} = tensor.extract %{t.name}[] : tensor<i64>")
        self.emit(f"%{r} = arith.index_cast %{x} : i64 to index")
        return self.value(r, "index", None, "scalar")

    def cindex(self, v: int, mutations=(), what="index") -> str:
        n = self.fresh("c")
        self.emit(f"%{n} = arith.constant {self.knob(v, mutations, what=what)} : index")
        return "%" + n

    def const_scalar(self, elem: str, value=None) -> Val:
        value = self.boundary(elem) if value is None else value
        n = self.fresh("c")
        self.emit(f"%{n} = arith.constant {scalar_literal(value, elem)}")
        return self.value(n, elem, None, "scalar")

    def boundary(self, elem: str):
        """A boundary value of ``elem`` (an int, or a float's bit pattern)."""
        r = self.rng
        if elem == "i1":
            return r.choice([0, 1])
        if is_int(elem):
            lo, hi = int_bounds(elem)
            return r.choice([0, 1, -1, 2, lo, lo + 1, hi, WIDTH[elem], r.randint(-100, 100)])
        return r.choice(FLOAT_BITS[elem])

    # -- operands

    def pick(self, elem: str, shape, kind: str = "tensor", poison_ok: bool = True) -> Val | None:
        """A value of the pool with this type (and no poison unless ``poison_ok``), or None."""
        ok = [v for v in self.pool if v.elem == elem and v.kind == kind and v.shape == tuple(shape or ())
              and not v.dyn and (poison_ok or not v.poison)] if kind != "scalar" else \
            [v for v in self.pool if v.elem == elem and v.kind == "scalar" and (poison_ok or not v.poison)]
        if ok and self.rng.random() < 0.6:
            return self.use(self.rng.choice(ok))
        return None

    def tensor(self, elem: str, shape, poison_ok: bool = True, dyn=(), const_ok: bool = True) -> Val:
        """A tensor operand: from the pool, a new argument, a dense constant or a fill of poison."""
        shape = tuple(shape)
        if not dyn and (v := self.pick(elem, shape, poison_ok=poison_ok)) is not None:
            return v
        r = self.rng.random()
        poison_ok = poison_ok and self.poison_ok
        if poison_ok and not dyn and r < 0.1:
            p = self.scalar(elem, poison="always")
            e, f = self.fresh("e"), self.fresh("f")
            self.emit(f"%{e} = tensor.empty() : {tensor_ty(elem, shape)}")
            self.emit(f"%{f} = linalg.fill ins({p.ref} : {elem}) outs(%{e} : {tensor_ty(elem, shape)}) -> {tensor_ty(elem, shape)}")
            return self.value(f, elem, shape, poison=True)
        if const_ok and not dyn and r < 0.3 and elem != "index":
            return self.dense(elem, shape)
        if elem in STORAGE:
            return self.convert(self.arg(STORAGE[elem], shape, dyn=dyn), "bitcast", elem)
        if elem == "index":
            return self.convert(self.arg("i64", shape, dyn=dyn, domain=(0, 7)), "index_cast", "index")
        if elem == "i1":
            return self.convert(self.arg("i8", shape, dyn=dyn), "trunci", "i1")
        return self.arg(elem, shape, dyn=dyn)

    def dense(self, elem: str, shape, large: bool = False) -> Val:
        """A dense constant of boundary and small values (a splat, or distinct elements); its
        middle element is a knob."""
        shape = tuple(shape)
        size = 1
        for d in shape:
            size *= d
        n = self.fresh("k")
        ty = tensor_ty(elem, shape)
        if size > 1 and not large and self.rng.random() < 0.3:
            v = self.boundary(elem)
            alt = self.boundary(elem)
            self.emit(f"%{n} = arith.constant dense<{self.knob(scalar_lit(v, elem), [scalar_lit(alt, elem)], what='splat constant')}> : {ty}")
            return self.value(n, elem, shape)
        vals = [self.boundary(elem) if self.rng.random() < 0.3 else self.small(elem) for _ in range(size)]
        mid = size // 2
        alt = list(vals)
        alt[mid] = self.small(elem) if vals[mid] != self.small(elem) else self.boundary(elem)
        if alt[mid] == vals[mid]:
            alt[mid] = (vals[mid] + 1) if elem != "i1" else 1 - vals[mid]
        lit = dense_literal(vals, elem, shape)
        self.emit(f"%{n} = arith.constant dense<{self.knob(lit, [dense_literal(alt, elem, shape)], what=f'element {mid} of a {size}-element constant')}> : {ty}")
        return self.value(n, elem, shape)

    def small(self, elem: str):
        r = self.rng
        if elem == "i1":
            return r.choice([0, 1])
        if is_int(elem):
            return r.randint(-8, 8)
        return float_bits(r.choice([0.0, 1.0, -1.0, 0.5, 2.0, -2.5, 3.0, 0.25]), elem)

    def scalar(self, elem: str, poison_ok: bool = True, poison: str = "maybe") -> Val:
        """A scalar operand: from the pool, a constant, an element of a new argument, or (when
        ``poison_ok``) ``ub.poison`` or a shift by the width."""
        poison_ok = poison_ok and self.poison_ok
        if poison == "always" or (poison_ok and self.rng.random() < POISON_SHARE):
            n = self.fresh("p")
            if is_int(elem) and elem not in ("i1", "index") and self.rng.random() < 0.3:
                x = self.const_scalar(elem, 1)
                w = self.const_scalar(elem, WIDTH[elem])
                self.emit(f"%{n} = arith.shli {x.ref}, {w.ref} : {elem}")
            else:
                self.emit(f"%{n} = ub.poison : {elem}")
            return self.value(n, elem, None, "scalar", poison=True)
        if (v := self.pick(elem, None, "scalar", poison_ok)) is not None:
            return v
        if elem == "index" or self.rng.random() < 0.4:
            return self.const_scalar(elem, self.small(elem) if elem == "index" else None)
        t = self.tensor(elem, (), poison_ok=poison_ok, const_ok=False)
        n = self.fresh("s")
        self.emit(f"%{n} = tensor.extract {t.ref}[] : {t.ty}")
        return self.value(n, elem, None, "scalar", poison=t.poison)

    def empty(self, elem: str, shape, dyn_vals=()) -> str:
        n = self.fresh("e")
        self.emit(f"%{n} = tensor.empty({', '.join(dyn_vals)}) : {tensor_ty(elem, shape, ())}")
        return "%" + n

    def zeros(self, elem: str, shape) -> Val:
        z = self.const_scalar(elem, 0)
        e = self.empty(elem, shape)
        n = self.fresh("z")
        ty = tensor_ty(elem, shape)
        self.emit(f"%{n} = linalg.fill ins({z.ref} : {elem}) outs({e} : {ty}) -> {ty}")
        return self.value(n, elem, tuple(shape))

    def elementwise(self, operands: list, out_elem: str, body, shape, dyn=()) -> str:
        """``body(scalar refs) -> scalar ref`` applied element by element: on scalars directly,
        on tensors as the body of a ``linalg.generic`` (a dispatch kernel cannot bufferize
        ``arith`` on tensors)."""
        if shape is None:
            return body([v.ref for v in operands])
        rank = len(shape)
        dims = ", ".join(f"d{i}" for i in range(rank))
        idmap = f"affine_map<({dims}) -> ({dims})>"
        dyn_vals = []
        for i in dyn:
            d = self.fresh("d")
            self.emit(f"%{d} = tensor.dim {operands[0].ref}, {self.cindex(i)} : {operands[0].ty}")
            dyn_vals.append("%" + d)
        out_ty = tensor_ty(out_elem, shape, dyn)
        e = self.fresh("e")
        self.emit(f"%{e} = tensor.empty({', '.join(dyn_vals)}) : {out_ty}")
        n = self.fresh("g")
        ins = ", ".join(v.ref for v in operands)
        in_tys = ", ".join(v.ty for v in operands)
        iters = ", ".join(['"parallel"'] * rank)
        self.emit(f"%{n} = linalg.generic {{indexing_maps = [{', '.join([idmap] * (len(operands) + 1))}], "
                  f"iterator_types = [{iters}]}} ins({ins} : {in_tys}) outs(%{e} : {out_ty}) {{")
        args = [self.fresh("x") for _ in operands]
        self.emit("^bb0(" + ", ".join(f"%{a}: {v.elem}" for a, v in zip(args, operands))
                  + f", %{self.fresh('o')}: {out_elem}):")
        r = body(["%" + a for a in args])
        self.emit(f"  linalg.yield {r} : {out_elem}")
        self.emit(f"}} -> {out_ty}")
        return "%" + n

    def convert(self, v: Val, op: str, to: str) -> Val:
        """``arith.<op>`` of ``v`` to element type ``to`` (elementwise)."""
        def body(r):
            n = self.fresh("w")
            self.emit(f"%{n} = arith.{op} {r[0]} : {v.elem} to {to}")
            return "%" + n
        ref = self.elementwise([v], to, body, v.shape if v.kind != "scalar" else None, v.dyn)
        return self.value(ref[1:], to, v.shape, v.kind, v.dyn, v.poison)

    # -- results

    def result(self, v: Val, out: bool = True) -> Val:
        """Make ``v`` available to later instances and (with ``out``) a result of the program."""
        self.pool.append(v)
        if out:
            self.outputs.append(v)
        return v


# ----------------------------------------------------------------------------- helpers of the generators


def emit(b: Body, text: str, p: str = "r") -> str:
    """``%new = text``; the new value's reference."""
    n = b.fresh(p)
    b.emit(f"%{n} = {text}")
    return "%" + n


def out(b: Body, ref: str, elem: str, shape, poison: bool = False, dyn=()) -> None:
    """The tensor ``ref`` is an output (``poison``: tainted)."""
    b.result(b.value(ref.lstrip("%"), elem, tuple(shape), "tensor", dyn, poison))


def add_op(elem: str) -> str:
    return "arith.addi" if is_int(elem) else "arith.addf"


def mul_op(elem: str) -> str:
    return "arith.muli" if is_int(elem) else "arith.mulf"


def max_op(elem: str) -> str:
    return "arith.maxsi" if is_int(elem) else "arith.maximumf"


# ----------------------------------------------------------------------------- literals

FLOAT_BITS = {
    "f32": (0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000,
            0x7F800001, 0xFFC00123, 0x00000001, 0x80000001, 0x7F7FFFFF, 0x3F000000, 0x4B000000),
    "f64": (0x0, 0x8000000000000000, 0x3FF0000000000000, 0xBFF0000000000000, 0x7FF0000000000000,
            0xFFF0000000000000, 0x7FF8000000000000, 0x7FF0000000000001, 0x0000000000000001,
            0x7FEFFFFFFFFFFFFF, 0x3FE0000000000000),
    "f16": (0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE12, 0x0001, 0x7BFF, 0x3800),
    "bf16": (0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0xFFC1, 0x0001, 0x7F7F, 0x3F00),
    "f8E4M3FN": (0x00, 0x80, 0x38, 0xB8, 0x7F, 0xFF, 0x01, 0x7E, 0x30),
    "f8E5M2": (0x00, 0x80, 0x3C, 0xBC, 0x7C, 0xFC, 0x7E, 0x7D, 0x01, 0x7B, 0x38),
}


def float_bits(x: float, elem: str) -> int:
    import numpy as np

    if elem == "f32":
        return int(np.array(x, np.float32).view(np.uint32))
    if elem == "f64":
        return int(np.array(x, np.float64).view(np.uint64))
    if elem == "f16":
        return int(np.array(x, np.float16).view(np.uint16))
    if elem == "bf16":
        return int(np.array(x, np.float32).view(np.uint32)) >> 16
    exact = {"f8E4M3FN": {0.0: 0x00, 1.0: 0x38, -1.0: 0xB8, 0.5: 0x30, 2.0: 0x40, -2.5: 0xC2, 3.0: 0x44, 0.25: 0x28},
             "f8E5M2": {0.0: 0x00, 1.0: 0x3C, -1.0: 0xBC, 0.5: 0x38, 2.0: 0x40, -2.5: 0xC1, 3.0: 0x42, 0.25: 0x34}}
    return exact[elem][x]


def scalar_lit(value, elem: str) -> str:
    """An element of a dense literal (floats as hexadecimal bit patterns)."""
    if elem == "i1":
        return "true" if value & 1 else "false"
    if is_int(elem):
        return str(value)
    digits = WIDTH[elem] // 4
    return f"0x{value & ((1 << WIDTH[elem]) - 1):0{digits}X}"


def scalar_literal(value, elem: str) -> str:
    """The text after ``arith.constant`` for a scalar."""
    if elem == "i1":
        return scalar_lit(value, elem)
    return f"{scalar_lit(value, elem)} : {elem}"


def dense_literal(vals: list, elem: str, shape) -> str:
    if not shape:
        return scalar_lit(vals[0], elem)

    def nest(flat, dims):
        if len(dims) == 1:
            return "[" + ", ".join(scalar_lit(v, elem) for v in flat) + "]"
        step = len(flat) // dims[0] if dims[0] else 0
        return "[" + ", ".join(nest(flat[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"

    return nest(vals, list(shape))


# ----------------------------------------------------------------------------- the generator table

GENERATORS: dict[str, Gen] = {}


@dataclass
class Gen:
    fn: object
    modes: tuple  # the modes it can be written in


def generator(*ops: str, modes=(KERNEL,)):
    """Register ``fn(body, op_name)`` as the generator of each op in ``ops``."""

    def deco(fn):
        for op in ops:
            if op in GENERATORS:
                raise ValueError(f"two generators for {op}")
            GENERATORS[op] = Gen(fn, tuple(modes))
        return fn

    return deco


def load_generators() -> dict[str, Gen]:
    from irverify.fuzz import (  # noqa: F401
        mlir_gen_arith,
        mlir_gen_iree,
        mlir_gen_memory,
        mlir_gen_tensor,
    )

    return GENERATORS


_REGISTERED: list[str] = []


def registered_mlir_ops() -> list[str]:
    """Every op ``irverify.semantics.registry.registered_ops()`` lists outside ``relax.``."""
    from irverify.semantics.registry import registered_ops

    if not _REGISTERED:
        _REGISTERED.extend(sorted(o for o in registered_ops() if not o.startswith("relax.")))
    return _REGISTERED


# ----------------------------------------------------------------------------- programs

# Ops IREE 3.13 cannot compile for llvm-cpu in any form the generators write (measured): a
# program built around one is checked but not executed, so they are never added to another's.
# (math.erfc is not legalized; arith.remf calls libm's fmod, which the embedded ELF cannot
# link; a lone iree_linalg_ext.im2col is not lowered by llvm-cpu's codegen;
# util.numeric.optional_narrow is "explicitly marked illegal" in dispatches; a custom_op with a
# scalar operand reaches bufferization undecomposed)
NOT_EXECUTABLE = frozenset({"math.erfc", "arith.remf", "iree_linalg_ext.im2col", "util.numeric.optional_narrow",
                            "iree_linalg_ext.custom_op"})


def generate(rng: random.Random, focus: str | None = None) -> OpProg:
    """A program whose first block is an instance of ``focus`` (else a registered op drawn
    uniformly), followed by up to three instances of other ops of the same mode."""
    gens = load_generators()
    names = sorted(gens)
    focus = focus or rng.choice(names)
    mode = rng.choice(gens[focus].modes)
    b = Body(rng, mode)
    _instance(b, focus, gens[focus])
    same_mode = [n for n in names if mode in gens[n].modes and n not in NOT_EXECUTABLE]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        name = rng.choice(same_mode)
        _instance(b, name, gens[name])
    return finish(b, focus)


def _instance(b: Body, name: str, gen: Gen) -> None:
    gen.fn(b, name)
    b.close_block(name)


def finish(b: Body, focus: str) -> OpProg:
    """Turn the builder into a program: every output returned as a tensor the ABI can carry,
    each through its own ``(result)`` block (which names the block that made it)."""
    outs: list[Val] = []
    for v in b.outputs:
        if v.kind == "memref":
            continue
        b.lines, b.uses = [], ({v.block} if v.block >= 0 else set())
        outs.append(_abi_tensor(b, v))
        b.blocks.append(Block("(result)", b.lines, b.uses, False, len(b.blocks)))
    b.lines, b.uses = [], set()
    memrefs = [a.val for a in b.args if a.val.kind == "memref"]
    taint = [v.poison for v in outs] + [m.poison for m in memrefs] + [v.poison for v in b.bindings]
    p = OpProg(b.mode, b.args, b.blocks, outs, b.knobs, b.toplevel, set(), focus, taint, b.constants, b.bindings)
    p.ops = ops_in(print_func(p, "f"))
    return p


OP_NAME = re.compile(r"(?<![\w.#!$@%])([a-z_]+(?:\.[a-z_0-9]+)+)(?=[\s<({[])")
UNARY_KINDS = re.compile(r"linalg\.elementwise <(exp|log|ceil|floor|round|sqrt|rsqrt|tanh|erf|abs)>")


def ops_in(text: str) -> set[str]:
    """The registered MLIR ops a function's text holds (``linalg.__scalar_unary`` and
    ``__scalar_binary`` where ``linalg.elementwise`` has a kind they encode)."""
    found = {m.group(1) for m in OP_NAME.finditer(text)}
    if UNARY_KINDS.search(text):
        found.add("linalg.__scalar_unary")
    if "linalg.elementwise <powf>" in text:
        found.add("linalg.__scalar_binary")
    return found & set(registered_mlir_ops())


def _abi_tensor(b: Body, v: Val) -> Val:
    """``v`` as a tensor of an element type execution can return (i1 as i8, index as i64, small
    floats extended to f32), scalars as ``tensor<1xT>``, vectors written to a tensor."""
    if v.kind == "scalar":
        x = v
        if v.elem in STORAGE:
            x = b.convert(v, "extf", "f32")
        elif v.elem in ("i1", "index"):
            x = b.convert(v, "extui" if v.elem == "i1" else "index_cast", "i8" if v.elem == "i1" else "i64")
        n = b.fresh("o")
        b.emit(f"%{n} = tensor.from_elements {x.ref} : tensor<1x{x.elem}>")
        return b.value(n, x.elem, (1,), poison=v.poison)
    if v.kind == "vector" and v.elem == "index":  # IREE 3.13 crashes on index tensors in a dispatch
        n = b.fresh("w")
        b.emit(f"%{n} = arith.index_cast {v.ref} : {v.ty} to vector<{shape_text(v.shape)}i64>")
        v = b.value(n, "i64", v.shape, "vector", poison=v.poison)
    if v.kind == "vector":
        e = b.empty(v.elem, v.shape)
        n = b.fresh("o")
        c0 = b.cindex(0)
        idx = ", ".join([c0] * len(v.shape))
        inb = ", ".join(["true"] * len(v.shape))
        b.emit(f"%{n} = vector.transfer_write {v.ref}, {e}[{idx}] {{in_bounds = [{inb}]}} : {v.ty}, {tensor_ty(v.elem, v.shape)}")
        return _abi_tensor(b, b.value(n, v.elem, v.shape, poison=v.poison))
    if v.elem in STORAGE or v.elem in ("i1", "index"):
        to = "f32" if v.elem in STORAGE else "i8" if v.elem == "i1" else "i64"
        op = "extf" if v.elem in STORAGE else "extui" if v.elem == "i1" else "index_cast"
        return b.convert(v, op, to)
    return v


# ----------------------------------------------------------------------------- printing


def fill_knobs(text: str, knobs: dict[int, Knob]) -> str:
    return KNOB.sub(lambda m: knobs[int(m.group(1))].value, text)


def layout(p: OpProg) -> str:
    binds = ", ".join(["#hal.pipeline.binding<storage_buffer>"] * len(p.bindings))
    return f"#hal.pipeline.layout<constants = {len(p.constants)}, bindings = [{binds}]>"


def print_func(p: OpProg, name: str, top: str | None = None) -> str:
    """The function ``@name``, preceded by its module-level items, whose symbols are named
    after ``top`` (default: ``name``)."""
    params = ", ".join(f"%{a.val.name}: {a.val.ty}" for a in p.args)
    res_ty = ", ".join(v.ty for v in p.outputs)
    body = [ln for blk in p.blocks for ln in blk.lines]
    ret = f"  return {', '.join(v.ref for v in p.outputs)} : {res_ty}" if p.outputs else "  return"
    head = f"func.func @{name}({params})" + (f" -> ({res_ty})" if p.outputs else "") + " {"
    text = "\n".join([head] + ["  " + ln for ln in body] + [ret, "}"])
    text = fill_knobs(text.replace("@FN", "@" + (top or name)), p.knobs).replace("#LAYOUT", layout(p))
    return (toplevel_text(p, top or name) + "\n" if p.toplevel else "") + text


def toplevel_text(p: OpProg, top: str) -> str:
    return fill_knobs("\n".join(t.replace("@FN", "@" + top) for t in p.toplevel), p.knobs)


def pair_text(src: OpProg, tgt: OpProg, names=("src", "tgt")) -> str:
    """Both functions; module-level items (callees, executables) are printed once and shared
    when the target did not change them, else each side has its own."""
    common = names[0][:-3] + "x" if names[0].endswith("src") else names[0] + "_x"
    if src.toplevel and toplevel_text(src, common) == toplevel_text(tgt, common):
        body = [toplevel_text(src, common), _without_toplevel(src, names[0], common),
                _without_toplevel(tgt, names[1], common)]
        return "\n\n".join(body) + "\n"
    return print_func(src, names[0]) + "\n\n" + print_func(tgt, names[1]) + "\n"


def _without_toplevel(p: OpProg, name: str, top: str) -> str:
    q = copy.copy(p)
    q.toplevel = []
    return print_func(q, name, top)


def signature(p: OpProg) -> list[tuple]:
    """(element type, runtime shape or None, domain) of each input: the arguments (memrefs and
    tensors alike), then the push constants and the bindings' initial contents."""
    sig = [(a.val.elem, a.val.shape if a.val.kind != "scalar" else None, a.domain) for a in p.args]
    sig += [("i32", None, c) for c in p.constants]
    return sig + [(v.elem, v.shape, None) for v in p.bindings]


# ----------------------------------------------------------------------------- targets


def transform(src: OpProg, rng: random.Random) -> tuple[OpProg, str]:
    """A target: a known-good rewrite (a knob's rewrite, or two independent blocks swapped)
    about 40% of the time, else a knob's mutation."""
    tgt = src.clone()
    goods = [k for k, kn in tgt.knobs.items() if kn.rewrites]
    muts = [k for k, kn in tgt.knobs.items() if kn.mutations]
    swaps = [i for i in range(len(tgt.blocks) - 1) if _independent(tgt.blocks, i)]
    if rng.random() < 0.4 and (goods or swaps):
        if goods and (not swaps or rng.random() < 0.6):
            k = rng.choice(goods)
            kn = tgt.knobs[k]
            old, kn.value = kn.value, rng.choice(kn.rewrites)
            return tgt, f"rewrite: {kn.what}: {_short(old)} -> {_short(kn.value)}"
        i = rng.choice(swaps)
        tgt.blocks[i], tgt.blocks[i + 1] = tgt.blocks[i + 1], tgt.blocks[i]
        return tgt, f"rewrite: swap the independent instances of {tgt.blocks[i + 1].op} and {tgt.blocks[i].op}"
    if muts:
        k = rng.choice(muts)
        kn = tgt.knobs[k]
        old, kn.value = kn.value, rng.choice(kn.mutations)
        return tgt, f"mutation: {kn.what}: {_short(old)} -> {_short(kn.value)}"
    return tgt, "identity (no knob)"


def _short(s: str) -> str:
    return s if len(s) <= 60 else s[:28] + " ... " + s[-28:]


def _independent(blocks: list[Block], i: int) -> bool:
    a, b = blocks[i], blocks[i + 1]
    if "(result)" in (a.op, b.op):
        return False
    return a.id not in b.uses and not (a.memory and b.memory)


def shrink_candidates(src: OpProg, tgt: OpProg):
    """Smaller pairs: drop an instance that both sides hold unchanged and no other instance
    reads, with the outputs it made (at least one output stays)."""
    for blk in reversed(src.blocks):
        if blk.op == "(result)" or any(blk.id in o.uses for o in src.blocks if o.op != "(result)"):
            continue
        if any(src.knobs[int(m.group(1))].value != tgt.knobs[int(m.group(1))].value
               for m in KNOB.finditer("\n".join(blk.lines))):
            continue
        a, b = _without_block(src, blk.id), _without_block(tgt, blk.id)
        if a is not None and b is not None:
            yield a, b


def _without_block(p: OpProg, bid: int) -> OpProg | None:
    q = p.clone()
    if not any(x.id == bid for x in q.blocks):
        return None
    drop = [k for k, x in enumerate(b for b in q.blocks if b.op == "(result)") if bid in x.uses]
    results = [x for x in q.blocks if x.op == "(result)"]
    keep = [k for k in range(len(q.outputs)) if k not in drop]
    if not keep or len(results) != len(q.outputs):
        return None
    q.blocks = [x for x in q.blocks if x.id != bid and not (x.op == "(result)" and bid in x.uses)]
    q.taint = [q.taint[k] for k in keep] + q.taint[len(q.outputs):]
    q.outputs = [q.outputs[k] for k in keep]
    return q
