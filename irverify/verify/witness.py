"""Observable witnesses: a counterexample a compiler engineer can watch fail on execution.

The first counterexample the solver finds may rest on a degenerate input (a dynamic dim of 0),
be undefined behaviour of the target, which execution cannot show, or have a dim so large
(> ``LARGE_DIM``), or an ``index`` input or differing position that large, that its inputs
cannot be written out and run. When it is, the same refinement checks run again on inputs with
every dynamic dim >= 1 (then >= 2), and for a large dim or index also <= ``SMALL_DIM`` (every
``index`` scalar input within +-``SMALL_DIM``), first asking for a value mismatch where the
target is defined, then for any failure; the first found replaces the degenerate one. A
counterexample with a subnormal float input is retried likewise with every float scalar input
(and every element of a small static float tensor input) normal or zero: IREE's llvm-cpu code
flushes subnormal inputs to zero, so execution would compute something else there. This only chooses which counterexample is
shown: the verdict was already decided by the first one.
"""

from __future__ import annotations

from irverify.smt import terms as t
from irverify.verify.refinement import CHECK_UB, Outcome, run_checks

NOTE = "an earlier counterexample {why}; this one has every dynamic dim >= {k}"
FLUSHED = "had a subnormal float input, which compiled code may flush to zero (IREE's llvm-cpu code does)"
FLUSHED_NOTE = "an earlier counterexample " + FLUSHED + "; this one has none"
NORMAL_ELEMENTS = 64  # tensor inputs up to this many elements are kept free of subnormals
LARGE_DIM = 1024
SMALL_DIM = 16


def degenerate(outcome: Outcome, dims: dict, cex=None) -> str | None:
    """Why the outcome's counterexample may not show on execution, or ``None``."""
    if outcome.failure is None:
        return None
    if any(v == 0 for v in dims.values()):
        return "had a zero-sized dim"
    if any(v > LARGE_DIM for v in dims.values()):
        return f"had a dim of {max(dims.values())}, too large to run"
    big = _large_index(cex) if cex is not None else None
    if big is not None:
        return f"had an index of {big}, too large to run"
    if outcome.failure.check == CHECK_UB:
        return "was undefined behaviour of the target, which execution cannot show"
    return None


def has_subnormal_input(cex) -> bool:
    """Is a float scalar or tensor element of the counterexample's inputs subnormal?"""
    import numpy as np

    from irverify.ir.core import FloatType, TensorType

    for name, ty in (cex.types or {}).items():
        elem = ty.elem if isinstance(ty, TensorType) else ty
        if not isinstance(elem, FloatType) or elem.width < 16:
            continue
        value = cex.scalars.get(name, cex.tensors.get(name))
        if value is None or isinstance(value, str):
            continue
        try:
            arr = np.abs(np.asarray(value, dtype=np.float64))
        except (TypeError, ValueError):
            continue
        tiny = {16: 2.0 ** -14 if elem.name == "f16" else 2.0 ** -126, 32: 2.0 ** -126, 64: 2.0 ** -1022}.get(elem.width)
        if tiny is not None and np.any((arr > 0) & (arr < tiny)):
            return True
    return False


def _normal_inputs(inputs, fp) -> tuple:
    """Every float scalar input, and every element of a float tensor input of a static shape
    with at most ``NORMAL_ELEMENTS`` elements, is not subnormal."""
    import itertools

    from irverify.ir.core import FloatType
    from irverify.model.values import Scalar, Tensor

    out = []
    for val in inputs.args:
        if isinstance(val, Scalar) and isinstance(val.type, FloatType):
            out.append(t.not_(fp.is_subnormal(val.term, val.type)))
        elif isinstance(val, Tensor) and isinstance(val.type.elem, FloatType):
            shape = [t.static_int(d) for d in val.dims]
            if None in shape or _count(shape) > NORMAL_ELEMENTS:
                continue
            for idx in itertools.product(*(range(n) for n in shape)):
                out.append(t.not_(fp.is_subnormal(val.elem([t.int_val(i) for i in idx]), val.type.elem)))
    return tuple(out)


def _large_index(cex) -> int | None:
    """An ``index`` scalar input or a coordinate of the differing element beyond ``LARGE_DIM``
    (a tensor built from such a size cannot be run), or ``None``."""
    from irverify.ir.core import IndexType

    values = [v for name, v in cex.scalars.items()
              if isinstance(cex.types.get(name), IndexType) and isinstance(v, int)]
    values += [i for i in cex.index if isinstance(i, int)]
    big = [v for v in values if abs(v) > LARGE_DIM]
    return max(big, key=abs) if big else None


def _small_index_scalars(inputs) -> tuple:
    """Every ``index`` scalar argument within [-SMALL_DIM, SMALL_DIM]."""
    from irverify.ir.core import IndexType
    from irverify.model.values import Scalar

    out = ()
    for val in inputs.args:
        if isinstance(val, Scalar) and isinstance(val.type, IndexType):
            out += (val.term >= -SMALL_DIM, val.term <= SMALL_DIM)
    return out


def _count(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def observable(outcome: Outcome, inputs, src, tgt, fp, timeout_s: float, acceptable,
               small: bool = False, normal: bool = False) -> tuple[Outcome, str] | None:
    """A counterexample with every dynamic dim >= 1 (then >= 2) (and <= ``SMALL_DIM`` when
    ``small``; with ``normal``, no subnormal float inputs), a value mismatch preferred;
    ``acceptable(failure)`` rejects failures that rest on something else (source poison).
    Returns the outcome and the dim bounds, or ``None``."""
    dims = [d for _, d in inputs.dims]
    tgt_defined = t.not_(t.or_(*(u.cond for u in tgt.state.ub)))
    at_most = tuple(d <= SMALL_DIM for d in dims) + _small_index_scalars(inputs) if small else ()
    at_most += _normal_inputs(inputs, fp) if normal else ()
    for k in (1, 2):
        at_least = tuple(d >= k for d in dims) + at_most
        for extra in (at_least + (tgt_defined,), at_least):
            retry = run_checks(inputs, src, tgt, fp, timeout_s, extra=extra)
            if retry.failure is not None and acceptable(retry.failure):
                return retry, f"{k} and <= {SMALL_DIM}" if small else str(k)
        if not dims:
            break
    return None


SMALLEST_NORMAL = {"f16": 2.0 ** -14, "bf16": 2.0 ** -126, "f32": 2.0 ** -126, "f64": 2.0 ** -1022}


def subnormal_counterexample(report) -> bool:
    """Does the counterexample of an ``incorrect`` report hold a subnormal float (an input or an
    output value, by its declared type)?"""
    import numpy as np

    from irverify.verify.verdict import Verdict

    cex = report.counterexample
    if report.verdict != Verdict.INCORRECT or cex is None:
        return False

    def subnormal(v, ty) -> bool:
        ty = getattr(ty, "elem", ty)
        smallest = SMALLEST_NORMAL.get(getattr(ty, "name", ""))
        try:
            arr = np.asarray(v, dtype=float)
        except (TypeError, ValueError):  # "poison", or not numeric
            return False
        mag = np.abs(arr[np.isfinite(arr)])
        return smallest is not None and bool(((mag > 0) & (mag < smallest)).any())

    inputs = {**cex.tensors, **cex.scalars}
    return (any(subnormal(v, cex.types.get(n)) for n, v in inputs.items())
            or any(subnormal(v, cex.value_type) for v in (cex.source_value, cex.target_value)))


def subnormal_constant(*fns) -> bool:
    """Does any of ``fns`` hold a subnormal float constant (a ``FloatAttr`` or a dense element)?
    Code that flushes subnormals reads it as a zero, so the verdict may rest on the reading
    ``--subnormals`` even where the counterexample holds none."""
    import numpy as np

    from irverify.ir.core import DenseAttr, FloatAttr, FloatType
    from irverify.ir.float_bits import FORMATS

    def subnormal(bits, ft) -> bool:
        fmt = FORMATS.get(getattr(ft, "name", ""))
        if fmt is None or not isinstance(ft, FloatType):
            return False
        e, p = fmt
        bits = np.asarray(bits).astype(np.uint64)
        exponent = (bits >> np.uint64(p - 1)) & np.uint64((1 << e) - 1)
        return bool(((exponent == 0) & ((bits & np.uint64((1 << (p - 1)) - 1)) != 0)).any())

    todo = [fn.body for fn in fns if fn.body is not None]
    while todo:
        block = todo.pop()
        for op in block.ops:
            todo.extend(b for region in op.regions for b in region)
            value = op.attrs.get("value")
            if isinstance(value, FloatAttr) and subnormal(value.bits, value.type):
                return True
            if (isinstance(value, DenseAttr) and getattr(value.values, "dtype", None) is not None
                    and value.values.dtype.kind in "ui" and subnormal(value.values, value.type.elem)):
                return True
    return False
