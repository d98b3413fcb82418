"""``--save-inputs FILE.npz``: the full inputs of a report's counterexamples, for replay.

One ``.npz`` entry per input, named as the report names it: each argument by the user's name
(``%lhs``, a TVMScript parameter ``x``) with its value in full (never elided), each symbolic
dimension and environment input (``dim(%x, 0)``, ``push constant 0 (%0)``, ``binding 0
(initial)``) likewise. A scalar is a 0-d array. Element types follow the report's numpy
conventions: ``bf16`` values are stored as ``float32`` (exactly), small float formats
(``f8E4M3FN``...) as their raw bits (``uint8``), ``i1`` as ``bool``, integers wider than 64
bits as decimal text; a float whose bit
pattern the solver gave keeps it (a NaN's payload). An argument that is poison has a boolean
entry ``NAME (poison)`` (its poison elements; the value entry holds 0 there). The entry
``__irverify__`` is a JSON string: ``{"functions": {"@f": {"arguments": [names in call
order], "types": {name: type}}}}``. With counterexamples in several functions, every entry
name is prefixed by its function (``@f:%x``). When execution ran the counterexample, the entries
``(source output)`` and ``(target output)`` hold the differing output as each program computed
it (the JSON report caps arrays of more than ``irverify.records.ARRAY_CAP`` elements)."""

from __future__ import annotations

import json
from typing import Any

from irverify.errors import InputError
from irverify.verify.verdict import Counterexample, Report

POISON_SUFFIX = " (poison)"
SOURCE_OUTPUT, TARGET_OUTPUT = "(source output)", "(target output)"
META = "__irverify__"


def inputs_arrays(cex: Counterexample) -> dict[str, Any]:
    """The counterexample's inputs as numpy arrays, by name (see the module docstring)."""
    import numpy as np

    from irverify.cex.extract import numpy_dtype

    out: dict[str, Any] = {}
    for name, v in cex.dims.items():
        out[name] = np.array(int(v), dtype=np.int64)
    for name, v in cex.scalars.items():
        ty = cex.types.get(name)
        poison = cex.poison_inputs.get(name) is True or isinstance(v, str)
        if poison:
            out[name] = np.zeros((), dtype=numpy_dtype(ty)) if ty is not None else np.array(0)
            out[name + POISON_SUFFIX] = np.array(True)
            continue
        out[name] = _scalar_array(v, ty)
    for name, v in cex.tensors.items():
        if isinstance(v, str):  # too large to show: its contents, when the model gives them
            v = v.build() if hasattr(v, "build") else None
            if v is None:
                raise InputError(f"--save-inputs: the contents of input {name} are not known "
                                 f"(too large to have been materialised)")
        arr = np.array(v)
        if arr.dtype == object:  # integers wider than 64 bits: their decimal text
            arr = arr.astype(str)
        where = cex.poison_inputs.get(name)
        if isinstance(where, list):
            mask = np.zeros(arr.shape, dtype=bool)
            for idx in where:
                mask[tuple(idx)] = True
            out[name + POISON_SUFFIX] = mask
        out[name] = arr
    return out


def _scalar_array(v, ty):
    """A 0-d array of a scalar input (a float keeps the bits it was read from)."""
    import numpy as np

    from irverify.cex.extract import numpy_dtype
    from irverify.cex.format import FloatValue
    from irverify.ir.core import FloatType

    if ty is None:
        return np.array(v)
    dtype = np.dtype(numpy_dtype(ty))
    if isinstance(ty, FloatType) and isinstance(v, FloatValue) and ty.name != "bf16" \
            and dtype.itemsize * 8 == {"f16": 16, "f32": 32, "f64": 64}.get(ty.name):
        bits = {2: np.uint16, 4: np.uint32, 8: np.uint64}[dtype.itemsize]
        return np.array(v.bits, dtype=bits).view(dtype)
    return np.array(v, dtype=dtype)


def save_inputs(path: str, report: Report) -> int:
    """Write the inputs of every counterexample in ``report`` to ``path`` (``.npz``); returns
    how many counterexamples were written (0: nothing written)."""
    import numpy as np

    found = [f for f in report.functions if f.counterexample is not None]
    if not found:
        return 0
    entries: dict[str, Any] = {}
    meta: dict[str, Any] = {"functions": {}}
    for f in found:
        cex = f.counterexample
        prefix = f"@{f.name}:" if len(found) > 1 else ""
        for name, arr in inputs_arrays(cex).items():
            entries[prefix + name] = arr
        conf = f.confirmation
        if conf is not None and conf.source_output is not None:  # what execution computed
            entries[prefix + SOURCE_OUTPUT] = np.asarray(conf.source_output)
            entries[prefix + TARGET_OUTPUT] = np.asarray(conf.target_output)
        meta["functions"][f"@{f.name}"] = {
            "arguments": list(cex.arg_order),
            "types": {k: str(v) for k, v in cex.types.items()},
        }
    entries[META] = np.array(json.dumps(meta))
    try:
        with open(path, "wb") as fh:
            np.savez(fh, **entries)
    except OSError as e:
        raise InputError(f"{path}: cannot write: {e.strerror}") from None
    return len(found)


def load_inputs(path: str) -> dict[str, Any]:
    """The entries of a ``--save-inputs`` file (without ``__irverify__``), by name."""
    import numpy as np

    with np.load(path, allow_pickle=False) as data:
        return {k: data[k] for k in data.files if k != META}
