"""Turning a solver model into a concrete counterexample (numpy inputs, the differing element)."""

from __future__ import annotations

import itertools
from typing import Any

from irverify.phases import timed
from irverify.cex.format import FloatValue
from irverify.ir.core import FloatType, IndexType, IntType, TensorType, Type
from irverify.model.memory import Buffer, InitialMemory
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t
from irverify.smt import solver
from irverify.model.inputs import Inputs
from irverify.model.sorts import index_value
from irverify.verify.refinement import CHECK_UB, CHECK_VALUE, Failure
from irverify.verify.verdict import Counterexample

MAX_ELEMENTS = 1 << 16
NOTE_ELEMENTS = 256  # a source_ub note shows tensor arguments up to this size


class TooLarge(Exception):
    """The counterexample's tensors are too large to materialise."""


RUN_BYTES = 1 << 31  # an input too large to show is still built for running up to this size
RUN_ENTRIES = 4096  # ... when the model gives it as a constant with at most this many other entries


class LargeInput(str):
    """An input too large to show: the text shown in its place (a ``str``), with its shape,
    numpy dtype and, when the model gives its contents as a constant with a few other entries
    and it fits in ``RUN_BYTES``, those contents (``fill``: ``(default, {index: value})``), so
    that execution can still run it (``build``)."""

    shape: list
    dtype: Any
    fill: tuple | None

    def build(self):
        """The input as a numpy array, or ``None`` when its contents are not known."""
        import numpy as np

        if self.fill is None:
            return None
        default, entries = self.fill
        out = np.full(self.shape, default, dtype=self.dtype)
        for idx, v in entries.items():
            out[idx] = v
        return out


def large_input(model, tensor: Tensor, shape: list[int], fp, array) -> LargeInput:
    import numpy as np

    out = LargeInput(f"<tensor of shape {shape}, not shown>")
    out.shape, out.dtype, out.fill = shape, numpy_dtype(tensor.type.elem), None
    fits = out.dtype is not object and element_count(shape) * np.dtype(out.dtype).itemsize <= RUN_BYTES
    contents = solver.array_entries(model, array) if fits and array is not None and tensor.rank else None
    if contents is not None and len(contents[1]) <= RUN_ENTRIES:
        default, entries = contents
        elem = tensor.type.elem
        out.fill = (array_element(model, default, elem, fp),
                    {idx: array_element(model, v, elem, fp) for idx, v in entries.items()
                     if len(idx) == len(shape) and all(0 <= i < n for i, n in zip(idx, shape))})
    return out


def scalar_value(model, term, ty: Type, fp) -> Any:
    v = solver.evaluate(model, term)
    if isinstance(ty, FloatType):
        value = fp.python_value(v, ty)
        bits = None if ty.is_small else solver.bv_bits(v)
        return value if bits is None else FloatValue(value, bits)
    if isinstance(ty, IndexType):
        return v.as_long()
    if isinstance(ty, IntType):
        u = v.as_long()
        if ty.width == 1:
            return u
        return u - (1 << ty.width) if u >= 1 << (ty.width - 1) else u
    return str(v)


def array_element(model, term, ty: Type, fp) -> Any:
    """The value of an entry of a free input array, as the encoding reads it
    (``model.sorts.element``: an index entry is reduced to 64 bits)."""
    v = scalar_value(model, term, ty, fp)
    return index_value(v) if isinstance(ty, IndexType) else v


def numpy_dtype(ty: Type):
    import numpy as np

    if isinstance(ty, FloatType):
        if ty.is_small:  # raw bits
            return np.uint8 if ty.width <= 8 else np.uint16
        return {"f16": np.float16, "bf16": np.float32, "f32": np.float32, "f64": np.float64}[ty.name]
    if isinstance(ty, IndexType):
        return np.int64
    if isinstance(ty, IntType):
        if ty.width == 1:
            return np.bool_
        if ty.width > 64:  # Python ints
            return object
        return {8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}.get(ty.width, np.int64)
    raise TypeError(ty)


def tensor_value(model, tensor: Tensor, fp, array=None):
    """The concrete contents of a symbolic tensor under ``model`` (``array``: the tensor's
    input array, read in one pass when the model gives it as stores over a constant)."""
    import numpy as np

    shape = [solver.int_value(model, d) for d in tensor.dims]
    if element_count(shape) > MAX_ELEMENTS:
        raise TooLarge(f"tensor of shape {shape}")
    out = np.zeros(shape, dtype=numpy_dtype(tensor.type.elem))
    contents = solver.array_entries(model, array) if array is not None and tensor.rank else None
    if contents is not None:
        default, entries = contents
        out[...] = array_element(model, default, tensor.type.elem, fp)
        for idx, v in entries.items():
            if all(0 <= i < s for i, s in zip(idx, shape)):
                out[idx] = array_element(model, v, tensor.type.elem, fp)
        return out
    for idx in itertools.product(*(range(s) for s in shape)):
        out[idx] = scalar_value(model, tensor.at([_int(i) for i in idx]), tensor.type.elem, fp)
    return out


def element_count(shape: list[int]) -> int:
    """The element count, or the largest extent when that is larger (an empty tensor whose other
    extent is huge cannot be a numpy array either)."""
    total = 1
    for s in shape:
        total *= max(s, 0)
    return max([total, *shape])


def _int(i: int):
    from irverify.smt import terms as t

    return t.int_val(i)


def concrete_inputs(model, inputs: Inputs, fp, max_elements: int = MAX_ELEMENTS) -> tuple[dict, dict, dict]:
    """(dims, scalars, tensors) of the arguments and environment under ``model``; a tensor
    argument with more than ``max_elements`` elements is given by its shape only."""
    dims = {name: solver.int_value(model, d) for name, d in inputs.dims}
    scalars: dict[str, Any] = {}
    tensors: dict[str, Any] = {}
    for name, val in zip(inputs.arg_names, inputs.args):
        if isinstance(val, Scalar):
            scalars[name] = scalar_value(model, val.term, val.type, fp)
        elif isinstance(val, Tensor):
            shape = [solver.int_value(model, d) for d in val.dims]
            if element_count(shape) > max_elements:
                tensors[name] = large_input(model, val, shape, fp, inputs.arrays.get(name))
                continue
            tensors[name] = tensor_value(model, val, fp, inputs.arrays.get(name))
    for name, extra in inputs.extras.items():
        if isinstance(extra, InitialMemory):
            tensors[name] = initial_memory(model, extra, fp)
        else:
            kind, value = extra(model, fp)
            (scalars if kind == "scalar" else tensors)[name] = value
    return dims, scalars, tensors


def poison_inputs(model, inputs: Inputs) -> dict[str, Any]:
    """The arguments that are poison under ``model``: name -> True (a scalar) or the list of
    poison indices (a tensor of at most ``MAX_ELEMENTS`` elements)."""
    out: dict[str, Any] = {}
    for name, val in zip(inputs.arg_names, inputs.args):
        p = inputs.poison.get(name)
        if p is None:
            continue
        if isinstance(val, Scalar):
            if _true(model, p):
                out[name] = True
        elif isinstance(val, Tensor):
            shape = [solver.int_value(model, d) for d in val.dims]
            if element_count(shape) > MAX_ELEMENTS:
                continue
            where = _poison_elements(model, inputs, p, shape)
            if where is None:  # not a plain array in the model: element by element
                where = [list(idx) for idx in itertools.product(*(range(s) for s in shape))
                         if not _true(model, val.is_defined([_int(i) for i in idx]))]
            if where:
                out[name] = where
    return out


def _poison_elements(model, inputs: Inputs, poison, shape: list[int]) -> list[list[int]] | None:
    """The poison indices of a tensor argument read at once from the model's value of its poison
    array (``encode.symbolic_value``: element ``idx`` is poison where the poison switch and
    ``poison[idx]`` hold), or None when the model does not give that array as stores over a
    constant (then each element is evaluated)."""
    from irverify.model.inputs import poison_switch

    if not shape:
        return None
    if not _true(model, poison_switch(inputs)):
        return []
    read = solver.array_entries(model, poison)
    if read is None:
        return None
    default, entries = read
    flags = {idx: t.static_bool(v) for idx, v in entries.items()}
    fallback = t.static_bool(default)
    if fallback is None or any(f is None for f in flags.values()):
        return None
    return [list(idx) for idx in itertools.product(*(range(s) for s in shape)) if flags.get(idx, fallback)]


VERBOSE_ELEMENTS = 64  # --verbose shows an intermediate tensor in full up to this size


INTERMEDIATE_BUDGET_S = 10.0
"""CPU seconds for all of a counterexample's intermediate values (values the model leaves
symbolic are decided by the solver); past it they are reported as not evaluated."""


def intermediate_values(model, trace, fp, clear=()) -> list[dict]:
    """``--verbose``: the value of each op result of a function's body under ``model`` (constants
    left out; an unnamed result is ``%?``): ``{"name", "type", "value", "poison"}``; a tensor with more than
    ``VERBOSE_ELEMENTS`` elements is given by its shape, a value of another kind (a buffer) is
    left out."""
    import numpy as np

    out = []
    for op, results in trace:
        if op.name.endswith((".constant", ".const")):
            continue
        for r, v in zip(op.results, results):
            entry = {"name": r.name or "%?", "type": r.type, "poison": None}
            if isinstance(v, Scalar):
                entry["value"] = _scalar(model, v, fp, clear)
            elif isinstance(v, Tensor):
                shape = [solver.int_value(model, d) for d in v.dims]
                if any(d < 0 for d in shape):  # the op is undefined here (a negative size)
                    entry["value"] = f"<tensor of shape {shape}: undefined>"
                elif element_count(shape) > VERBOSE_ELEMENTS:
                    entry["value"] = f"<tensor of shape {shape}, not shown>"
                else:
                    arr = np.zeros(shape, dtype=numpy_dtype(v.type.elem))
                    poison = []
                    for idx in itertools.product(*(range(k) for k in shape)):
                        left = solver.budget_left()
                        if left is not None and left <= 0:
                            raise ValueError(f"more than {INTERMEDIATE_BUDGET_S:g} s of CPU time")
                        x = _element(model, v, [_int(i) for i in idx], fp, clear)
                        if x == POISON:
                            poison.append(list(idx))
                        else:
                            arr[idx] = x
                    entry["value"], entry["poison"] = arr, poison or None
            else:
                continue
            out.append(entry)
    return out


@timed("extract")
def counterexample(failure: Failure, inputs: Inputs, fp, traces=None) -> Counterexample:
    """The concrete counterexample of ``failure``; ``traces`` (the source's and the target's
    ``State.trace``) adds their intermediate values (``--verbose``)."""
    model = failure.model
    dims, scalars, tensors = concrete_inputs(model, inputs, fp)
    cex = Counterexample(failure.check, dims, scalars, tensors, arg_order=list(inputs.arg_names),
                         poison_inputs={} if failure.no_poison_args else poison_inputs(model, inputs),
                         types={n: v.type for n, v in zip(inputs.arg_names, inputs.args)
                                if isinstance(v, (Scalar, Tensor))})
    for name, where in cex.poison_inputs.items():
        if where is True:
            cex.scalars[name] = POISON
    if traces is not None:
        clear = failure.no_poison_args
        try:
            with solver.budget(INTERMEDIATE_BUDGET_S):
                cex.intermediate = {"source": intermediate_values(model, traces[0], fp, clear),
                                    "target": intermediate_values(model, traces[1], fp, clear)}
        except (ValueError, TypeError, OverflowError, AttributeError) as e:  # a value the model leaves
            # unprintable (AttributeError: a term the model evaluates to no literal)
            cex.intermediate_note = f"not evaluated ({type(e).__name__}: {e})"
    if failure.check == CHECK_UB:
        cex.ub_reasons = [f"{u.loc}: {u.reason}" if u.loc else u.reason
                          for u in failure.ub_terms if _true(model, u.cond)]
        return cex
    out = failure.output
    if out is None:
        return cex
    cex.output = out.label
    src, tgt = out.src, out.tgt
    typed = src if src is not None else tgt
    element = failure.index_vars or failure.check == CHECK_VALUE  # a rank-0 tensor has no index
    if isinstance(typed, Tensor) and element:
        cex.value_type = typed.type.elem
    elif isinstance(typed, Scalar):
        cex.value_type = typed.type
    if src is None and hasattr(tgt, "unwritten"):  # a binding only the target writes
        src = tgt.unwritten()
    if isinstance(src, Tensor) and isinstance(tgt, Tensor):
        if element:
            cex.index = [solver.int_value(model, v) for v in failure.index_vars]
            idx = [_int(i) for i in cex.index]
            cex.source_value = _element(model, src, idx, fp, failure.no_poison_args)
            cex.target_value = _element(model, tgt, idx, fp, failure.no_poison_args)
        else:  # shapes differ
            cex.source_value = [solver.int_value(model, d) for d in src.dims]
            cex.target_value = [solver.int_value(model, d) for d in tgt.dims]
    elif isinstance(src, Scalar):
        cex.source_value = _scalar(model, src, fp, failure.no_poison_args)
        cex.target_value = _scalar(model, tgt, fp, failure.no_poison_args)
    elif isinstance(src, Buffer):
        describe_buffer_mismatch(src, tgt, model, failure.index_vars, fp, cex)
    elif hasattr(src, "describe_mismatch"):  # an opaque value
        src.describe_mismatch(tgt, model, failure.index_vars, fp, cex)
    return cex


def initial_memory(model, mem: InitialMemory, fp):
    """The initial contents of a buffer under ``model``, as a flat numpy array."""
    import numpy as np

    n = max(solver.int_value(model, mem.length), 0)
    if n > MAX_ELEMENTS:
        raise TooLarge(f"binding of {n} elements")
    out = np.zeros([n], dtype=numpy_dtype(mem.elem))
    for i in range(n):
        out[i] = array_element(model, t.select(mem.initial, [t.int_val(i)]), mem.elem, fp)
    return out


def describe_buffer_mismatch(src: Buffer, tgt: Buffer | None, model, index_vars, fp, cex) -> None:
    """Fill ``cex`` with the differing flat position of a buffer, both values and every
    differing position (of the first 4,096)."""
    tgt = tgt if tgt is not None else src.unwritten()
    length = solver.int_value(model, src.length)
    positions = [pos for pos in range(min(length, 1 << 12)) if _buffer_differs(src, tgt, model, pos, fp)]
    first = solver.int_value(model, index_vars[0]) if index_vars else (positions or [0])[0]
    cex.index = [first]
    cex.value_type = src.elem
    cex.source_value = _buffer_value(src, model, first, fp)
    cex.target_value = _buffer_value(tgt, model, first, fp)
    shown = ", ".join(map(str, positions[:32])) + (" ..." if len(positions) > 32 else "")
    cex.output = f"{src.label} (flat positions that differ: {shown})"


def _buffer_value(buf: Buffer, model, pos: int, fp):
    v, d = buf.read(t.int_val(pos))
    if not _true(model, d):
        return "poison"
    return scalar_value(model, v, buf.elem, fp)


def _buffer_differs(src: Buffer, tgt: Buffer, model, pos: int, fp) -> bool:
    sv, sd = src.read(t.int_val(pos))
    gv, gd = tgt.read(t.int_val(pos))
    return _true(model, t.and_(sd, t.not_(t.and_(gd, src.refines(sv, gv, tgt, fp)))))


POISON = "poison"


def _element(model, tensor: Tensor, idx, fp, clear=()):
    """The element's value, or ``"poison"`` (``clear``: the arguments' poison substituted away)."""
    from irverify.smt import terms as t

    if not _true(model, t.substitute(tensor.is_defined(idx), list(clear)) if clear else tensor.is_defined(idx)):
        return POISON
    return scalar_value(model, tensor.at(idx), tensor.type.elem, fp)


def _scalar(model, value: Scalar, fp, clear=()):
    """The scalar's value, or ``"poison"`` (``clear``: the arguments' poison substituted away)."""
    from irverify.smt import terms as t

    if value.poison is not None and _true(model, t.substitute(value.poison, list(clear)) if clear else value.poison):
        return POISON
    return scalar_value(model, value.term, value.type, fp)


def _true(model, cond) -> bool:
    return str(solver.evaluate(model, cond)) == "True"


def source_ub_note(model, inputs: Inputs, src_state, fp) -> dict:
    """The ``source_ub`` note: the violated conditions and a concrete triggering input."""
    dims, scalars, tensors = {}, {}, {}
    try:
        dims, scalars, tensors = concrete_inputs(model, inputs, fp, max_elements=NOTE_ELEMENTS)
    except TooLarge:
        pass
    reasons = [f"{u.loc}: {u.reason}" if u.loc else u.reason for u in src_state.ub if _true(model, u.cond)]
    from irverify.verify.verdict import _plain

    return {
        "conditions": reasons,
        "input": {"dims": dims, "scalars": {k: _plain(v) for k, v in scalars.items()},
                  "tensors": {k: _plain(v) for k, v in tensors.items()}},
    }


def tensor_type_of(value) -> TensorType | None:
    return value.type if isinstance(value, Tensor) else None
