"""Inputs for running fuzzed programs: random values and the corners of each element type.

Integers: 0, 1, -1, 2, the bit width and one less, INT_MIN, INT_MIN + 1, INT_MAX. Floats (as
bit patterns, so NaN payloads survive): +-0, +-1, 0.5, 2, +-inf, quiet NaNs with and without a
payload and of either sign, signalling NaNs, the smallest and largest subnormals, the largest
finite value. ``KIND`` says what each input set draws: small values (of both signs, or
non-negative), full-range values, or corners mixed with small values.
"""

from __future__ import annotations

import numpy as np

NP = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
      "index": np.int64, "f32": np.float32, "f64": np.float64, "float32": np.float32,
      "float64": np.float64, "int8": np.int8, "int32": np.int32, "int64": np.int64, "bool": np.bool_,
      "float16": np.float16, "int16": np.int16, "f16": np.float16}
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64, "int8": 8, "int16": 16,
         "int32": 32, "int64": 64, "bool": 1}
F32_CORNERS = (0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x40000000,
               0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7FC01234, 0x7F800001, 0xFFA00000,
               0x00000001, 0x807FFFFF, 0x007FFFFF, 0x7F7FFFFF, 0xFF7FFFFF)
F64_CORNERS = (0x0, 0x8000000000000000, 0x3FF0000000000000, 0xBFF0000000000000, 0x3FE0000000000000,
               0x4000000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
               0xFFF8000000000000, 0x7FF8000000001234, 0x7FF0000000000001, 0xFFF4000000000000,
               0x0000000000000001, 0x800FFFFFFFFFFFFF, 0x7FEFFFFFFFFFFFFF)
F16_CORNERS = (0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0x0001, 0x7BFF)
N_SETS = 16
KIND = (0, 0, 3, 3, 1, 1) + (2,) * 10  # per set: 0 small, 3 small non-negative, 1 wide, 2 corners


def int_corners(w: int) -> list[int]:
    if w == 1:
        return [0, 1]
    lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    return [0, 1, -1, 2, w, w - 1, lo, lo + 1, hi]


def _float_from_bits(bits, elem):
    ub = {"f32": np.uint32, "float32": np.uint32, "f64": np.uint64, "float64": np.uint64,
          "float16": np.uint16, "f16": np.uint16}[elem]
    return np.asarray(bits, dtype=ub).view(NP[elem])


def array(rng: np.random.Generator, elem: str, shape: tuple, which: int) -> np.ndarray:
    """One input of ``elem`` and ``shape`` of kind ``which`` (see ``KIND``)."""
    dt = np.dtype(NP[elem])
    if dt.kind == "b":
        return rng.integers(0, 2, shape).astype(np.bool_)
    if dt.kind == "i":
        w = WIDTH[elem]
        small = rng.integers(-8, 9, shape)
        if which == 3:
            return rng.integers(0, 9, shape).astype(dt)
        if which == 0:
            return small.astype(dt)
        if which == 1:
            info = np.iinfo(dt) if w >= 8 else None
            return rng.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
        corners = np.array(int_corners(w), dtype=object)
        pick = corners[rng.integers(0, len(corners), shape)] if shape else corners[rng.integers(len(corners))]
        mix = rng.random(shape) < 0.7
        return np.where(mix, pick, small).astype(dt)
    small = rng.uniform(-4, 4, shape).round(2).astype(dt)
    if which == 3:
        return np.abs(small)
    if which == 0:
        return small
    if which == 1:  # magnitudes 1e-5 .. 1e5: in f16 the largest overflow to infinity, as intended
        with np.errstate(over="ignore"):
            return (rng.standard_normal(shape) * 10.0 ** rng.integers(-5, 6, shape)).astype(dt)
    corners = {"float16": F16_CORNERS, "f16": F16_CORNERS}.get(elem, F32_CORNERS if dt.itemsize == 4 else F64_CORNERS)
    bits = np.array(corners, dtype=object)[rng.integers(0, len(corners), shape)]
    vals = _float_from_bits(np.asarray(bits, dtype=np.uint64).astype(
        {4: np.uint32, 8: np.uint64, 2: np.uint16}[dt.itemsize]), elem)
    mix = rng.random(shape) < 0.7
    return np.where(mix, vals, small).astype(dt)


def input_sets(seed: int, signature: list[tuple[str, tuple | None]], dyn_size: int = 3) -> list[list]:
    """``N_SETS`` argument lists for a signature of (element type, shape) (``None`` dims become
    ``dyn_size``, or 1 in the last set); scalars are 0-d arrays' values. An entry may carry a
    third item, a domain ``(lo, hi)``: its values are then drawn from that range (an index or
    a size the program needs in range), else ``None``."""
    rng = np.random.default_rng(seed)
    out = []
    for k, which in enumerate(KIND):
        size = 1 if k == N_SETS - 1 else dyn_size
        args = []
        for elem, shape, *domain in signature:
            if domain and domain[0] is not None:
                lo, hi = domain[0]
                dims = () if shape is None else tuple(size if d is None else d for d in shape)
                vals = rng.integers(lo, hi, dims, endpoint=True).astype(NP[elem])
                args.append(vals[()] if shape is None else vals)
            elif shape is None:
                args.append(array(rng, elem, (), which)[()])
            else:
                args.append(array(rng, elem, tuple(size if d is None else d for d in shape), which))
        out.append(args)
    return out


def same(a, b) -> np.ndarray:
    """Elementwise equality of two outputs: integers exactly; floats bit for bit, except that
    any two NaNs are equal (MLIR and TVM leave NaN payloads unspecified)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind != "f":
        return a == b
    both_nan = np.isnan(a) & np.isnan(b)
    return both_nan | ((a == b) & (np.signbit(a) == np.signbit(b)))
