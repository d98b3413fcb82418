"""A concrete input on which the source is undefined, checked with exact (IEEE) semantics.

Under the abstract float model the solver's witness for source UB may rely on an uninterpreted
operation (e.g. a float-to-int conversion that can return anything), so its float values do
not necessarily trigger the UB. This module tries a few ordinary inputs of the witness's shapes
(``arange``, small random values) through ``evaluate_function(..., fp_name="ieee")`` and keeps
the first one on which the source is undefined.
"""

from __future__ import annotations

from typing import Any

from irverify.ir.core import Function, Module, TensorType


def _candidates(fn: Function, shapes: dict[str, tuple], scalars: dict[str, Any]):
    import numpy as np

    rng = np.random.default_rng(0)

    def make(kind, shape, dtype):
        size = int(np.prod(shape)) if shape else 1
        if kind == "arange":
            return np.arange(size).reshape(shape).astype(dtype)
        if kind == "negative":
            return (-np.arange(1, size + 1)).reshape(shape).astype(dtype)
        return rng.integers(-64, 64, shape).astype(dtype)

    for kind in ("arange", "negative", "random", "random"):
        args = []
        for a in fn.args:
            if a.name in shapes:
                args.append(make(kind, shapes[a.name][0], shapes[a.name][1]))
            elif a.name in scalars:
                args.append(scalars[a.name])
            else:
                return
        yield kind, args


def concrete_source_ub(module: Module, fn: Function, note: dict) -> dict | None:
    """The note's input replaced by an ordinary input on which the source is undefined under
    IEEE semantics, or ``None`` if none of the candidates triggers UB."""
    import numpy as np

    from irverify.cex.extract import numpy_dtype
    from irverify.errors import Unsupported
    from irverify.verify.evaluate import evaluate_function
    from irverify.verify.verdict import _plain

    found = note.get("input", {})
    shapes = {}
    for a in fn.args:
        if isinstance(a.type, TensorType) and a.name in found.get("tensors", {}):
            if isinstance(found["tensors"][a.name], str):  # too large to have been materialised
                return None
            arr = np.asarray(found["tensors"][a.name])
            # the note may print elements as text (exact floats); the dtype comes from the type
            dtype = arr.dtype if arr.dtype.kind in "biuf" else numpy_dtype(a.type.elem)
            shapes[a.name] = (arr.shape, dtype if dtype is not object else np.float32)
    for kind, args in _candidates(fn, shapes, found.get("scalars", {})):
        try:
            ev = evaluate_function(module, fn.name, args, fp_name="ieee", outputs_too=False)
        except (Unsupported, ValueError, TypeError):
            return None
        if ev.ub:
            tensors = {a.name: _plain(v) for a, v in zip(fn.args, args) if a.name in shapes}
            return {**note, "input": {**found, "tensors": tensors},
                    "input_checked": f"ieee semantics ({kind} input): " + "; ".join(ev.ub)}
    return None
