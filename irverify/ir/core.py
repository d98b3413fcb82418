"""irverify's own small IR: functions, typed values, operations with plain attributes.

Frontends translate MLIR or Relax into this IR and do nothing else; semantics read it.
No z3, MLIR or TVM imports here.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Location:
    """A source position, printed as ``file:line:col``."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


UNKNOWN_LOC = Location("<unknown>", 0, 0)


# ----------------------------------------------------------------------------- types


@dataclass(frozen=True)
class IntType:
    """A signless integer ``iN``."""

    width: int

    def __str__(self) -> str:
        return f"i{self.width}"


@dataclass(frozen=True)
class IndexType:
    """MLIR ``index``: modelled as an unbounded mathematical integer."""

    def __str__(self) -> str:
        return "index"


@dataclass(frozen=True)
class FloatType:
    """An IEEE binary float (``f16``, ``bf16``, ``f32``, ``f64``) or a small float format
    (``f4E2M1FN``, ``f8E4M3FN``, ...: see ``SMALL_FLOAT_WIDTHS``; only their bits are modelled)."""

    name: str

    @property
    def width(self) -> int:
        return FLOAT_WIDTHS[self.name]

    @property
    def is_small(self) -> bool:
        """A small float format: only bit-level operations are modelled on it."""
        return self.name in SMALL_FLOAT_WIDTHS

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class TensorType:
    """A ranked tensor; ``None`` in ``shape`` is a dynamic (``?``) dimension."""

    shape: tuple[int | None, ...]
    elem: ScalarType
    encoding: str | None = None

    @property
    def rank(self) -> int:
        return len(self.shape)

    def __str__(self) -> str:
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        enc = f", {self.encoding}" if self.encoding else ""
        return f"tensor<{dims}{self.elem}{enc}>"


@dataclass(frozen=True)
class VectorType(TensorType):
    """A fixed-size ``vector<...>`` (no scalable dims): a value of static shape that ``arith``
    ops compute on elementwise, exactly like a tensor of that shape."""

    def __str__(self) -> str:
        dims = "".join(f"{d}x" for d in self.shape)
        return f"vector<{dims}{self.elem}>"


@dataclass(frozen=True)
class DispatchTensorType:
    """``!iree_tensor_ext.dispatch.tensor<ACCESS:tensor<...>>``: a view of a HAL binding."""

    access: str
    tensor: TensorType

    def __str__(self) -> str:
        return f"!iree_tensor_ext.dispatch.tensor<{self.access}:{self.tensor}>"


@dataclass(frozen=True)
class MemRefType:
    """A ranked ``memref<...>``: ``shape`` (``None`` for ``?``), element type, the layout's
    ``strides`` and ``offset`` (``None`` entries are dynamic; ``strides`` is ``None`` for the
    identity layout, which is dense row-major at offset 0) and the memory space as printed
    (``None`` for the default space)."""

    shape: tuple[int | None, ...]
    elem: ScalarType
    strides: tuple[int | None, ...] | None = None
    offset: int | None = 0
    space: str | None = None
    text: str = ""

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def contiguous(self) -> bool:
        """Is the layout dense row-major (each stride the product of the later extents, as
        far as static strides say; the offset is free)?"""
        if self.strides is None:
            return True
        expect: int | None = 1
        for d, s in zip(reversed(self.shape), reversed(self.strides)):
            if expect is None or s != expect:
                return False
            expect = None if d is None else expect * d
        return True

    def __str__(self) -> str:
        return self.text or "memref<" + "".join(("?" if d is None else str(d)) + "x" for d in self.shape) + f"{self.elem}>"


@dataclass(frozen=True)
class TupleType:
    """A tuple of values (Relax ``R.Tuple``)."""

    fields: tuple[Type, ...]

    def __str__(self) -> str:
        return "tuple<" + ", ".join(map(str, self.fields)) + ">"


@dataclass(frozen=True)
class ShapeType:
    """A Relax ``R.Shape([d0, d1, ...])`` value: a tuple of ``index`` values; each dim is an
    int or the name of a symbolic dim (the value *is* that dim). ``free``: an ``R.Shape(ndim=k)``
    parameter, whose ``k`` entries are arbitrary ``int64`` values (TVM's VM accepts any, negative
    ones too), named by ``dims`` but not dims."""

    dims: tuple[int | str, ...]
    free: bool = False

    def __str__(self) -> str:
        return "shape<" + ", ".join(map(str, self.dims)) + ">"


@dataclass(frozen=True)
class OpaqueType:
    """A type irverify does not model (memref, vector, ...). Any use is unsupported."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class UnknownTensorType:
    """A tensor of unknown rank or dtype (Relax ``R.Tensor`` without them): an opaque value
    (``irverify.semantics.relax_opaque``). ``text`` is its struct info as printed."""

    text: str

    def __str__(self) -> str:
        return self.text


SMALL_FLOAT_WIDTHS = {
    "f4E2M1FN": 4, "f6E2M3FN": 6, "f6E3M2FN": 6, "f8E4M3FN": 8, "f8E5M2": 8, "f8E4M3": 8,
    "f8E3M4": 8, "f8E4M3FNUZ": 8, "f8E5M2FNUZ": 8, "f8E4M3B11FNUZ": 8, "f8E8M0FNU": 8,
}
FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, **SMALL_FLOAT_WIDTHS}

ScalarType = IntType | IndexType | FloatType
Type = ScalarType | TensorType | DispatchTensorType | MemRefType | TupleType | OpaqueType | UnknownTensorType


def is_scalar(t: Type) -> bool:
    return isinstance(t, (IntType, IndexType, FloatType))


# ----------------------------------------------------------------------------- attributes


@dataclass(frozen=True)
class OpaqueAttr:
    """An attribute the frontend could not translate; semantics that need it reject the op."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class EnumAttr:
    """A dialect enum attribute such as ``#linalg.iterator_type<parallel>``: ``kind`` and ``value``."""

    kind: str
    value: str

    def __str__(self) -> str:
        return f"#{self.kind}<{self.value}>"


@dataclass(frozen=True)
class FloatAttr:
    """A float attribute, kept as its exact IEEE bit pattern (never a Python float, which would
    quiet a signalling NaN)."""

    bits: int
    type: FloatType

    def __str__(self) -> str:
        return f"0x{self.bits:X} : {self.type}"


@dataclass
class DenseAttr:
    """A dense elements constant: a numpy array plus its tensor type (a splat is a read-only
    broadcast view of its one element, so its size costs nothing).
    Float elements are stored as their IEEE bit patterns (an unsigned integer array), integers
    wider than 64 bits as Python ints (an object array)."""

    type: TensorType
    values: Any  # numpy.ndarray

    def __str__(self) -> str:
        return f"dense<...> : {self.type}"


# ----------------------------------------------------------------------------- values and ops

_ids = itertools.count()


@dataclass(eq=False)
class Value:
    """An SSA value: a block argument or an op result."""

    type: Type
    name: str = ""
    id: int = field(default_factory=lambda: next(_ids))

    def __repr__(self) -> str:
        return f"{self.name or '%v' + str(self.id)}: {self.type}"


@dataclass(eq=False)
class Block:
    """A basic block: arguments and a list of ops (the last one is the terminator)."""

    args: list[Value]
    ops: list[Op]


@dataclass(eq=False)
class Op:
    """An operation: a name (``dialect.op``), operands, results, attributes, regions."""

    name: str
    operands: list[Value]
    results: list[Value]
    attrs: dict[str, Any]
    regions: list[list[Block]]
    loc: Location = UNKNOWN_LOC
    printed_attrs: dict[str, str] | None = None
    """Each attribute as the frontend printed it (MLIR's own printer: exact, never elided), kept
    where an op's identity names an uninterpreted function (``semantics.opaque.identity``);
    ``None`` when not kept."""

    def __repr__(self) -> str:
        return f"{self.name} @ {self.loc}"


@dataclass(eq=False)
class Function:
    """A function: arguments, result types, and a body (``None`` for a declaration)."""

    name: str
    args: list[Value]
    result_types: list[Type]
    body: Block | None
    loc: Location = UNKNOWN_LOC
    attrs: dict[str, Any] = field(default_factory=dict)
    public: bool = True
    """Visible outside the module (MLIR: no ``private``/``nested`` visibility; Relax: a global
    symbol): callers outside the module may call it."""

    @property
    def signature(self) -> str:
        args = ", ".join(str(a.type) for a in self.args)
        res = ", ".join(str(t) for t in self.result_types)
        return f"({args}) -> ({res})"


@dataclass(eq=False)
class Module:
    """Functions by name, the frontend that produced them, and the source they came from."""

    functions: dict[str, Function]
    path: str
    text: str
    frontend: str
    native: Any = None  # the frontend's own parsed module, for execution and passes
    # Top-level symbols other than functions (e.g. ``flow.executable``): name -> digest of their text.
    symbols: dict[str, str] = field(default_factory=dict)
    # ``hal.executable`` ops whose variants hold functions (not checked: see ``pair_functions``).
    executables: list[str] = field(default_factory=list)
