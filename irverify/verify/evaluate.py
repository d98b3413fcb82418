"""Evaluating irverify's semantics of a function at concrete inputs.

This is how conformance tests compare irverify with real execution: the function is encoded
as for a proof (in a module with ``scf.for`` loops, with its scalar arguments and its tensor
arguments' dims already the constants given, so a loop whose bounds follow from them runs for
its iterations, up to ``LOOP_LIMIT``, instead of staying an uninterpreted function of its
body), then every input is fixed to a concrete value and each output element is simplified to
a constant.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from irverify.ir.core import FloatType, IndexType, IntType, Module, ShapeType
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t
from irverify.smt.floats import float_bits, theory


MAX_OUTPUT_ELEMENTS = 1 << 20  # outputs are evaluated element by element: larger ones are refused
LOOP_LIMIT = 1024  # iterations of one loop run by the evaluation (``scf.for``)


class TooLargeToEvaluate(ValueError):
    """An output has more than ``MAX_OUTPUT_ELEMENTS`` elements, or evaluating the outputs
    would pass the caller's CPU-time deadline."""


@dataclass
class Evaluation:
    outputs: list[Any]  # numpy arrays (0-d for scalars); poison elements are masked
    ub: list[str]  # reasons of UB conditions that hold on these inputs
    undefined: list[Any]  # per output: boolean mask of poison elements (or None)


def _scalar_term(value, ty, fp):
    if isinstance(ty, FloatType):
        return fp.const_bits(exact_float_bits(value, ty), ty)
    if isinstance(ty, IndexType):
        return t.int_val(int(value))
    if isinstance(ty, IntType):
        return t.bv_val(int(value), ty.width)
    raise TypeError(ty)


def _python_value(term, ty, fp):
    v = t.simplify(term)
    if isinstance(ty, FloatType):
        try:
            return fp.python_value(v, ty)
        except (AttributeError, TypeError, ValueError):
            raise ValueError(f"output did not evaluate to a constant (uninterpreted: "
                             f"{', '.join(t.uninterpreted_names(v)) or v})") from None
    n = t.static_int(v)
    if n is None:
        raise ValueError(f"output did not evaluate to a constant (uninterpreted: "
                         f"{', '.join(t.uninterpreted_names(v)) or v})")
    if isinstance(ty, IntType) and ty.width > 1 and n >= 1 << (ty.width - 1):
        n -= 1 << ty.width
    return n


def evaluate_function(module: Module, name: str, args: list[Any], fp_name: str = "ieee",
                      outputs_too: bool = True, interpret: dict | None = None,
                      poison: dict | None = None, ub_kinds: Callable[[str], bool] | None = None,
                      deadline: float | None = None, readings: dict | None = None,
                      elements: int | None = None) -> Evaluation:
    """Run function ``name`` of ``module`` on concrete ``args`` through irverify's semantics.
    With ``outputs_too=False`` only the UB conditions are evaluated (``outputs`` is empty).
    ``interpret`` evaluates float outputs numerically, giving the uninterpreted functions by
    name (``{"real.exp": math.exp}``); under the bit-pattern models (``abstract``, ``ieee``)
    ``fp.exp.f32`` of a constant is ``real.exp`` computed in double precision and rounded to
    the format. Whatever the model, an unspecified NaN (``fp.nan.*``) is the canonical quiet
    NaN, and an element whose value is left unspecified (an ``*.out_of_range`` conversion, an
    ``unknown.*`` value) is reported like a poison element (masked in ``undefined``). ``poison`` names the arguments
    that are poison, as a counterexample gives them (``Counterexample.poison_inputs``: True for
    a scalar, the list of poison indices for a tensor); their poison propagates as the op
    definitions say (a scalar's value in ``args`` is then ignored). ``ub_kinds``: only the UB
    conditions whose reason it accepts are evaluated and reported. ``deadline`` (a
    ``time.process_time()`` value): evaluation stops with ``TooLargeToEvaluate`` once it passes.
    ``readings``: the contested readings to evaluate under (``model.assumptions``; default each
    point's default). ``elements``: evaluate at most this many elements of each tensor output,
    spread evenly over it (a quick look for a difference); the others are masked in
    ``undefined`` as if poison.
    """
    from irverify.cex.extract import element_count, numpy_dtype
    from irverify.verify.encode import encode_function, make_inputs

    fp = theory(fp_name)
    fn = module.functions[name]
    inputs = make_inputs(fn, fp, poison=bool(poison))  # otherwise concrete arguments are not poison
    inputs.readings = dict(readings or {})
    pairs = _poison_pairs(inputs, poison) if poison else []
    for argname, val, arg, param in zip(inputs.arg_names, inputs.args, args, fn.args):
        if isinstance(val, Scalar):
            if poison and poison.get(argname) is True:
                arg = 0  # a poison scalar: its value is never observed
            pairs.append((val.term, _scalar_term(arg, val.type, fp)))
        elif isinstance(param.type, ShapeType) and param.type.free:  # R.Shape(ndim=k): its k values
            pairs += [(f.term, _scalar_term(a, f.type, fp)) for f, a in zip(val.fields, arg, strict=True)]
    dims_of = {}
    for val, arg in zip(inputs.args, args):
        if isinstance(val, Tensor):
            arr = np.asarray(arg)
            for d, n in zip(val.dims, arr.shape):
                if t.static_int(d) is None:
                    dims_of[str(d)] = (d, n)
    from irverify.semantics.memref import MemRef

    memrefs = []  # (name, value, contents)
    for name_, val, arg in zip(inputs.arg_names, inputs.args, args):
        if isinstance(val, MemRef):
            arr = np.asarray(arg)
            for d, n in zip(val.dims, arr.shape):
                if t.static_int(d) is None:
                    dims_of[str(d)] = (d, n)
            memrefs.append((name_, val, arr))
    pairs += [(d, t.int_val(n)) for d, n in dims_of.values()]
    if _has_loops(module):
        _constant_arguments(inputs, pairs)
    enc = encode_function(fn, module, inputs, fp)
    ubs = [u for u in enc.state.ub if ub_kinds is None or ub_kinds(u.reason)]
    if not outputs_too and all(t.static_bool(t.simplify(u.cond)) is False for u in ubs):
        return Evaluation([], [], [])  # no UB whatever the inputs: the inputs' arrays are not built
    tensor_subst = []
    for name, val, arg in zip(inputs.arg_names, inputs.args, args):
        if isinstance(val, Tensor) and (outputs_too or any(t.mentions(u.cond, inputs.arrays[name]) for u in ubs)):
            tensor_subst.append((val, inputs.arrays[name], np.asarray(arg)))  # UB alone: the arrays it reads

    array_pairs = [(arr_term, _array_term(arr, val, fp)) for val, arr_term, arr in tensor_subst]
    from irverify.semantics.memref_alias import concrete_pairs

    # each memref argument in its own memory (the inputs give each its own contents)
    array_pairs += concrete_pairs(inputs, [(name, arr) for name, _, arr in memrefs],
                                  lambda x, elem: _scalar_term(x, elem, fp))

    memo = t.EvalMemo()  # the elements of an output share most of their subterms

    def resolve(app):
        return _concrete_app(app, interpret)

    bridges = interpret is not None and fp_name == "rounded-real"

    def concrete(term):
        # One substitution of scalars, dims and input arrays (array terms are built once).
        term = t.simplify(t.substitute(term, pairs + array_pairs))
        if bridges:  # integers and booleans computed from rounded reals
            term = t.simplify(t.resolve_real_bridges(term, interpret, memo))
        return t.resolve_apps(term, resolve, memo=memo)

    def _python(term, ty, fp):
        if interpret is not None and isinstance(ty, FloatType) and fp.name == "real":
            return t.numeric_eval(t.simplify(term), interpret, memo)
        return _python_value(term, ty, fp)

    def unspecified(term) -> bool:  # an out-of-range conversion, or a value an op leaves unknown
        return t.has_app_named(term, _unspecified_name, memo)

    outputs, undefined = [], []
    for r in (enc.results if outputs_too else []):
        if isinstance(r, Scalar):
            if r.poison is not None and t.static_bool(concrete(r.poison)) is not False:
                outputs.append(np.zeros((), dtype=numpy_dtype(r.type)))  # poison: masked
                undefined.append(np.array(True))
                continue
            value = concrete(r.term)
            if unspecified(value):
                outputs.append(np.zeros((), dtype=numpy_dtype(r.type)))
                undefined.append(np.array(True))
                continue
            outputs.append(np.array(_python(value, r.type, fp), dtype=numpy_dtype(r.type)))
            undefined.append(None)
            continue
        shape = [t.static_int(t.simplify(concrete(d))) for d in r.dims]
        if any(n is None for n in shape) or element_count(shape) > MAX_OUTPUT_ELEMENTS:
            raise TooLargeToEvaluate(f"an output of shape {shape} is too large to evaluate")
        out = np.zeros(shape, dtype=numpy_dtype(r.type.elem))
        mask = np.zeros(shape, dtype=bool)
        chosen = itertools.product(*(range(s) for s in shape))
        if elements is not None and element_count(shape) > elements:  # the rest masked
            picks = np.linspace(0, element_count(shape) - 1, elements).astype(int)
            chosen = [tuple(int(i) for i in np.unravel_index(p, shape)) for p in dict.fromkeys(picks)]
            mask[...] = True
            for idx in chosen:
                mask[idx] = False
        for idx in chosen:
            if deadline is not None and time.process_time() > deadline:
                raise TooLargeToEvaluate("evaluating the outputs element by element ran out of time")
            ii = [t.int_val(i) for i in idx]
            if r.defined is not None and t.static_bool(concrete(r.defined(ii))) is False:
                mask[idx] = True
                continue
            value = concrete(r.at(ii))
            if unspecified(value):
                mask[idx] = True
                continue
            out[idx] = _python(value, r.type.elem, fp)
        outputs.append(out)
        undefined.append(mask if mask.any() else None)
    for _, val, arr in (memrefs if outputs_too else []):  # final contents of memref arguments
        mem = getattr(enc.state, "iree_memory", None)
        buf = mem.buffers.get(val.key) if mem is not None else None
        out = np.array(arr, dtype=numpy_dtype(val.type.elem)).reshape(-1)
        mask = np.zeros(out.shape, dtype=bool)
        for pos in range(out.size if buf is not None else 0):
            v, d = buf.read(t.int_val(pos))
            if t.static_bool(concrete(d)) is False:
                mask[pos] = True
                continue
            out[pos] = _python(concrete(v), val.type.elem, fp)
        outputs.append(out.reshape(arr.shape))
        undefined.append(mask.reshape(arr.shape) if mask.any() else None)
    ub = [u.reason for u in ubs if _may_hold(concrete(u.cond))]
    return Evaluation(outputs, ub, undefined)


def _has_loops(module: Module) -> bool:
    """Does a function of ``module`` hold an ``scf.for`` (whose bounds may follow from the
    arguments)? Only then are the arguments given to the encoder as constants: elsewhere the
    evaluation follows the proof's encoding on symbolic shapes exactly."""
    from irverify.semantics.common import walk_ops

    return any(op.name == "scf.for" for f in module.functions.values() if f.body is not None
               for op in walk_ops(f.body.ops))


def _constant_arguments(inputs, pairs) -> None:
    """Give the encoder the arguments' values as constants: each scalar argument's term and
    each tensor argument's dims (``pairs`` substituted), so that what depends on them alone,
    loop bounds first, is decided while encoding (``Inputs.loop_limit``). Poison conditions and
    tensor elements stay symbolic (substituted after encoding)."""
    from dataclasses import replace

    from irverify.model.values import TupleValue

    def constant(val):
        if isinstance(val, Scalar):
            return replace(val, term=t.simplify(t.substitute(val.term, pairs)))
        if isinstance(val, Tensor):
            return replace(val, dims=[t.simplify(t.substitute(d, pairs)) for d in val.dims])
        if isinstance(val, TupleValue):
            return TupleValue([constant(f) for f in val.fields])
        return val

    inputs.loop_limit = LOOP_LIMIT
    inputs.args[:] = [constant(v) for v in inputs.args]


def _poison_pairs(inputs, poison: dict) -> list:
    """Substitutions that make exactly the arguments ``poison`` names poison (see
    ``encode.symbolic_value``: one Bool per scalar argument, one Bool array per tensor argument,
    both under the ``poison-arguments`` switch)."""
    pairs = [(t.const("poison-arguments", t.bool_sort()), t.true())]
    for name, val in zip(inputs.arg_names, inputs.args):
        where = poison.get(name)
        if isinstance(val, Scalar):
            pairs.append((t.const(f"poison({name})", t.bool_sort()), t.bool_val(where is True)))
        elif isinstance(val, Tensor):
            rank = val.type.rank
            arr = t.array_var(f"poison({name})", rank, t.bool_sort())
            if rank == 0:
                pairs.append((arr, t.bool_val(bool(where))))
                continue
            value = t.const_array(rank, t.false())
            for idx in (where if isinstance(where, list) else []):
                value = t.store(value, [t.int_val(i) for i in idx], t.true())
            pairs.append((arr, value))
    return pairs


def _concrete_app(app, interpret: dict | None):
    """The value of an uninterpreted application to constants, where it has one: an unspecified
    NaN payload (``fp.nan.*``) is 0 (the canonical quiet NaN); a float fold is the value every
    order of it computes, where they agree (``float_fold.concrete_fold``; else it stays
    uninterpreted and the output is not evaluated); ``fp.<fn>.<format>`` of a
    bit pattern is ``interpret["real.<fn>"]`` computed on doubles, rounded to the format
    (NaN in, NaN out; an overflow is infinity). None otherwise."""
    name = app.decl().name()
    if name.startswith("fp.nan."):
        return t.bv_val(0, t.width(app))
    if name.startswith("fp.reduce_"):
        from irverify.smt.float_fold import concrete_fold

        return concrete_fold(app, lambda x: _concrete_app(x, interpret))
    parts = name.split(".")
    if interpret is None or len(parts) != 3 or parts[0] != "fp" or f"real.{parts[1]}" not in interpret:
        return None
    if parts[2] not in ("f16", "bf16", "f32", "f64"):
        return None
    ft = FloatType(parts[2])
    if not app.children() or any(not t.is_bv(a) or t.width(a) != ft.width for a in app.children()) \
            or not t.is_bv(app) or t.width(app) != ft.width:
        return None
    from irverify.smt.floats import bits_to_float

    args = [bits_to_float(t.static_int(a), ft) for a in app.children()]
    if any(a != a for a in args):
        y = float("nan")
    else:
        try:
            y = float(interpret[f"real.{parts[1]}"](*args))
        except OverflowError:
            y = float("inf")
        except (ValueError, ZeroDivisionError):
            y = float("nan")
    with np.errstate(all="ignore"):
        return t.bv_val(float_bits(y, ft), ft.width)


def _may_hold(cond) -> bool:
    """Whether a UB condition at concrete inputs can hold. Conditions over a tensor's elements
    are quantified over its (now concrete) extent, which simplification alone does not decide."""
    decided = t.static_bool(cond)
    if decided is not None:
        return decided
    from irverify.smt import solver

    return solver.check("evaluate: UB condition", [cond], 10.0).status != "unsat"


def _fix_arrays(term, tensor_subst, fp):
    """Replace each input array by its concrete contents (a chain of stores over a default)."""
    pairs = [(arr_term, _array_term(arr, val, fp)) for val, arr_term, arr in tensor_subst]
    return t.simplify(t.substitute(term, pairs))


def _unspecified_name(name: str) -> bool:
    """Is an uninterpreted function of this name a value the semantics leave unspecified?"""
    return name.endswith(".out_of_range") or name.startswith("unknown.")


def _array_term(arr: np.ndarray, val: Tensor, fp):
    ty = val.type.elem
    if val.rank == 0:
        return _scalar_term(arr[()], ty, fp)
    # the most frequent value is the constant array's default: a splat is one term, and a read
    # of it does not walk a chain of stores
    key = (lambda x: exact_float_bits(x, ty)) if isinstance(ty, FloatType) else (lambda x: int(x))
    keys = {idx: key(arr[idx]) for idx in itertools.product(*(range(s) for s in arr.shape))}
    counts = Counter(keys.values())
    default = counts.most_common(1)[0][0] if counts else None
    first = {k: idx for idx, k in reversed(keys.items())}  # an element holding each value
    out = t.const_array(val.rank, _scalar_term(arr[first[default]] if counts else 0, ty, fp))
    for idx, k in keys.items():
        if k != default:
            out = t.store(out, [t.int_val(i) for i in idx], _scalar_term(arr[idx], ty, fp))
    return out


def float_to_bits(value: float, ty: FloatType) -> int:
    return float_bits(value, ty)


def exact_float_bits(value, ty: FloatType) -> int:
    """The bit pattern of an input value: a numpy float of ``ty``'s width is read bit for bit
    (a signalling NaN stays signalling), anything else is rounded to ``ty``."""
    if isinstance(value, np.floating) and value.dtype.itemsize * 8 == ty.width and ty.name != "bf16":
        return int(np.asarray(value).view({2: np.uint16, 4: np.uint32, 8: np.uint64}[value.dtype.itemsize]))
    return float_bits(float(value), ty)
