"""Printing counterexample values the way a compiler engineer reads them.

* Integers in decimal (signed) and in hex, two's complement at the type's width:
  ``-128 (0x80)`` for an ``i8``, ``1 (0x1)`` for an ``i1``; ``index`` is 64 bits wide.
* Floats in the shortest decimal that reads back to the same value *in the value's own
  format* (``f16``, ``bf16``, ``f32``, ``f64``), so ``0.1`` is printed for the ``bf16`` nearest
  0.1 rather than its long ``f32`` expansion; a scalar also gets its bit pattern
  (``-0.0 (0x8000)``; a NaN's payload is shown when the solver gave its bits). Small float
  formats (``f8E4M3FN``...), of which only the bits are modelled, print as their bits. A
  value that is not a float of its format (a real, under ``--fp=real``) prints as it is,
  without bits.
* ``poison`` for a poison value or element.
* Tensors as nested lists; a tensor larger than ``MAX_PRINTED_ELEMENTS`` is flattened and
  elided around its head, a window around ``focus`` (the differing element) and its tail,
  each later segment introduced by the index of its first element:
  ``[0, 1, 2, ... [77, 1]: 5, 6, 7, ... [127, 124]: 1, 2, 3, 4] (16384 elements)``; one whose
  elements are all the same bits as ``splat -0.0 (187 elements)``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from irverify.ir.core import FloatType, IndexType, IntType

MAX_PRINTED_ELEMENTS = 64
HEAD, WINDOW, TAIL = 8, 3, 4  # elements shown before, around (each side) and after an elision
POISON = "poison"


class FloatValue(float):
    """A float that remembers the bit pattern it was read from (so a NaN's payload and sign
    survive until it is printed)."""

    bits: int

    def __new__(cls, value: float, bits: int):
        obj = super().__new__(cls, value)
        obj.bits = bits
        return obj

    def __reduce__(self):
        return (FloatValue, (float(self), self.bits))


# ----------------------------------------------------------------------------- scalars


def scalar_text(v: Any, ty=None) -> str:
    """A scalar value with its hex form: ``-128 (0x80)``, ``0.5 (0x3800)``, ``poison``."""
    dec = element_text(v, ty)
    hx = hex_text(v, ty)
    return f"{dec} ({hx})" if hx and hx != dec else dec


def element_text(v: Any, ty=None) -> str:
    """A value in decimal only (a tensor's element)."""
    if isinstance(v, str):
        return v
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(element_text(x, ty) for x in v) + "]"
    if isinstance(ty, FloatType) and ty.is_small:
        return hex_text(v, ty) or str(_item(v))
    if isinstance(ty, FloatType) or _is_float(v):
        return float_text(v, ty)
    item = _item(v)
    if isinstance(item, bool):
        return str(int(item))
    return str(item)


def hex_text(v: Any, ty) -> str | None:
    """The bit pattern of an integer or float scalar of type ``ty`` in hex, or None."""
    if isinstance(v, str) or isinstance(v, (list, tuple)):
        return None
    if isinstance(ty, (IntType, IndexType)):
        width = ty.width if isinstance(ty, IntType) else 64
        try:
            n = int(_item(v))
        except (TypeError, ValueError):
            return None
        return f"0x{n & ((1 << width) - 1):0{(width + 3) // 4}x}"
    if isinstance(ty, FloatType):
        width = _float_width(ty)
        bits = float_bits_of(v, ty)
        return None if bits is None else f"0x{bits:0{(width + 3) // 4}x}"
    return None


def float_text(v: Any, ty=None) -> str:
    """The shortest decimal that reads back to ``v`` in ``ty``'s format (``nan``, ``inf``,
    ``-0.0`` as such)."""
    import numpy as np

    x = float(_item(v))
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    name = ty.name if isinstance(ty, FloatType) else _dtype_format(v)
    if not _representable(x, name):  # a real-model value, not a float of the format: as it is
        return repr(x)
    if name == "f32":
        return str(np.float32(x))
    if name == "f16":
        return str(np.float16(x))
    if name == "bf16":
        return _shortest(x, "bf16")
    return repr(x)


def float_bits_of(v: Any, ty: FloatType) -> int | None:
    """The bit pattern of a float value of type ``ty``: the bits it carries (``FloatValue``, a
    numpy float of the format's width), else its exact value rounded to the format; None for a
    NaN whose bits are unknown."""
    import numpy as np

    from irverify.ir.float_bits import FORMATS, round_fraction

    if ty.is_small:
        try:
            return int(_item(v))
        except (TypeError, ValueError):
            return None
    if isinstance(v, FloatValue):
        return v.bits
    width = _float_width(ty)
    if isinstance(v, np.floating) and v.dtype.itemsize * 8 == width and ty.name != "bf16":
        return int(np.asarray(v).view({2: np.uint16, 4: np.uint32, 8: np.uint64}[v.dtype.itemsize]))
    x = float(_item(v))
    if ty.name not in FORMATS:
        return None
    if x != x:
        if isinstance(v, np.float32) and ty.name == "bf16":
            raw = int(np.asarray(v).view(np.uint32))
            return raw >> 16 if raw & 0xFFFF == 0 else None
        return None
    e_bits, p = FORMATS[ty.name]
    sign = (1 << (width - 1)) if np.signbit(x) else 0
    if x in (float("inf"), float("-inf")):
        return sign | (((1 << e_bits) - 1) << (p - 1))
    if not _representable(x, ty.name):  # a real-model value: it has no bit pattern
        return None
    return sign | round_fraction(Fraction(abs(x)), ty.name)


def _representable(x: float, fmt: str) -> bool:
    """Is the finite ``x`` a value of the format ``fmt`` (not only a real near one)? Values
    under ``--fp=real`` are reals, and printing them rounded would misstate them."""
    from irverify.ir.float_bits import FORMATS, bits_to_fraction, round_fraction

    if fmt not in FORMATS or x != x or x in (float("inf"), float("-inf")):
        return True
    return bits_to_fraction(round_fraction(Fraction(abs(x)), fmt), fmt) == Fraction(abs(x))


def _shortest(x: float, fmt: str) -> str:
    """The shortest ``%g`` decimal that rounds to the same ``fmt`` bits as ``x`` (finite)."""
    from irverify.ir.float_bits import round_fraction

    if x == 0:
        return "-0.0" if str(x).startswith("-") else "0.0"
    want = round_fraction(Fraction(abs(x)), fmt)
    for digits in range(1, 18):
        text = f"{abs(x):.{digits}g}"
        if round_fraction(Fraction(text), fmt) == want:
            return repr(float(text)) if x > 0 else repr(-float(text))
    return repr(x)


def _float_width(ty: FloatType) -> int:
    from irverify.ir.core import FLOAT_WIDTHS

    return FLOAT_WIDTHS[ty.name]


def _dtype_format(v) -> str:
    dtype = getattr(v, "dtype", None)
    return {"float16": "f16", "float32": "f32"}.get(str(dtype), "f64")


def _is_float(v) -> bool:
    import numpy as np

    return isinstance(v, (float, np.floating))


def _item(v):
    return v.item() if hasattr(v, "item") and not isinstance(v, FloatValue) else v


# ----------------------------------------------------------------------------- tensors


def array_text(arr, ty=None, focus=None, poison=None, as_hex: bool = False) -> str:
    """A tensor as nested lists (``as_hex``: its elements' bit patterns), elided around
    ``focus`` (a multi-index) when larger than ``MAX_PRINTED_ELEMENTS``; ``poison``: a boolean
    mask or a list of indices of poison elements."""
    import numpy as np

    a = np.asarray(arr)
    mask = _mask(poison, a.shape)

    def one(idx) -> str:
        if mask is not None and mask[idx]:
            return POISON
        v = a[idx]
        if as_hex:
            return hex_text(v, ty) or element_text(v, ty)
        return element_text(v, ty)

    if a.ndim == 0:
        return one(())
    if a.size <= MAX_PRINTED_ELEMENTS:
        return _nested(a.shape, one, ())
    if mask is None and _splat(a):
        return f"splat {one((0,) * a.ndim)} ({a.size} elements)"
    flat_focus = None
    if focus is not None and len(focus) == a.ndim and all(0 <= i < n for i, n in zip(focus, a.shape)):
        flat_focus = int(np.ravel_multi_index(tuple(focus), a.shape))
    ranges = [(0, HEAD)]
    if flat_focus is not None:
        ranges.append((flat_focus - WINDOW, flat_focus + WINDOW + 1))
    ranges.append((a.size - TAIL, a.size))
    merged: list[list[int]] = []
    for lo, hi in sorted((max(lo, 0), min(hi, a.size)) for lo, hi in ranges):
        if merged and lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    parts = []
    for k, (lo, hi) in enumerate(merged):
        items = ", ".join(one(np.unravel_index(i, a.shape)) for i in range(lo, hi))
        if k == 0 and lo == 0:
            parts.append(items)
        else:
            start = [int(i) for i in np.unravel_index(lo, a.shape)]
            parts.append(f"... {start}: {items}")
    return f"[{' '.join(parts)}] ({a.size} elements)"


def _splat(a) -> bool:
    """Are all elements of ``a`` the same bits (``-0.0`` and ``0.0`` differ)?"""
    import numpy as np

    if a.dtype.kind not in "biuf" or a.size == 0:
        return False
    rows = np.ascontiguousarray(a).reshape(-1).view(np.uint8).reshape(a.size, -1)
    return bool((rows == rows[0]).all())


def _nested(shape, one, prefix: tuple) -> str:
    if len(prefix) == len(shape):
        return one(prefix)
    return "[" + ", ".join(_nested(shape, one, prefix + (i,)) for i in range(shape[len(prefix)])) + "]"


def _mask(poison, shape):
    import numpy as np

    if poison is None or poison is True:
        return None
    if isinstance(poison, list):
        mask = np.zeros(shape, dtype=bool)
        for idx in poison:
            if len(idx) == len(shape) and all(0 <= i < n for i, n in zip(idx, shape)):
                mask[tuple(idx)] = True
        return mask if mask.any() else None
    m = np.asarray(poison, dtype=bool)
    return m if m.shape == tuple(shape) and m.any() else None


def first_difference(a, b):
    """The index of the first element where two equally shaped outputs differ (bit for bit,
    both NaN counting as equal), or None."""
    import numpy as np

    from irverify.cex.confirm import equal

    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.ndim == 0:
        return None
    try:
        bad = ~equal(a, b, None)
    except TypeError:
        return None
    if not np.any(bad):
        return None
    return [int(i) for i in np.argwhere(bad)[0]]


def value_type_text(arr, ty) -> str:
    """The type of a concrete input: a tensor's type with its concrete shape (``tensor<3x4xf32>``),
    a scalar's type; ``''`` when unknown."""
    from irverify.ir.core import TensorType

    if isinstance(ty, TensorType):
        shape = getattr(arr, "shape", None)
        if shape is None:
            return str(ty)
        dims = "".join(f"{d}x" for d in shape)
        return f"tensor<{dims}{ty.elem}>"
    if ty is not None:
        return str(ty)
    shape, dtype = getattr(arr, "shape", None), getattr(arr, "dtype", None)
    if shape is not None and dtype is not None:
        return f"{'x'.join(map(str, shape)) or 'scalar'} {dtype}"
    return ""
