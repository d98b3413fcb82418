"""Running a lit case's source and a mutant of its target on IREE llvm-cpu, on the same inputs.

Each checked function pair is run the way ``irverify.frontends.mlir.confirm`` runs a
counterexample, but on inputs chosen here, not by irverify's solver:

* a function that uses HAL bindings or takes memrefs (dispatch-level IR) is wrapped in a
  hand-written executable (``dispatch_confirm.wrap``): every push constant is a small value of
  the input set, every binding is long enough for each view of it at those values (twice the
  largest view, plus 1,024 units) and holds random values; the final contents of every binding
  and every result are compared;
* a function on scalars only runs as a 0-d tensor dispatch (``confirm.dispatch_text``) where
  it can, else in IREE's VM;
* any other function (tensors, ``index`` scalars) runs as it is (``confirm.executable_text``).

Input sets (``N_SETS``): small values of both signs, small non-negative values, corners mixed
with small values (INT_MIN, INT_MAX, NaNs, infinities, subnormals, ...: ``fuzz.inputs``) and
full-range values; every dynamic dim of a set has one size (3, 1 or 4), ``index`` arguments
and push constants are small (0..4, or the set's size).

The source runs twice on every set. An output element counts only where both source runs
produced the same value (``same``); a set on which the source failed to run counts nowhere.
The source's own definedness is not taken from irverify: a witness of a difference is then
classified by the caller (irverify's reference evaluation of the source is reported beside it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from irverify.fuzz import inputs as inp

N_SETS = 6
SET_KINDS = (0, 3, 2, 2, 1, 0)  # fuzz.inputs.KIND codes: small, small non-negative, corners, wide
SET_DIMS = (3, 3, 3, 4, 3, 1)
PUSH_CONSTANTS = ((4, 4), (16, 16), (2, 0), (1, 1), (32, 0), (8, 8))  # (even ordinals, odd ordinals)
BINDING_SLACK = 1024
MAX_BINDING_UNITS = 1 << 22
TARGET_FAILURES = ("run", "crash")  # ExecutionError kinds that witness a target failing where the source ran
REFERENCE_TRIES = 3  # sets whose difference is looked at with irverify's reference evaluation
EVALUATED_ELEMENTS = 1 << 15  # larger inputs: UB conditions only, no poison masks
ELEM_NAMES = {"f16": "float16"}


class NotExecutable(Exception):
    """The function cannot be run here (say why)."""


@dataclass
class Pair:
    """One function pair to run: its kind, the inputs of each set, and the source's outputs."""

    src: str
    tgt: str
    kind: str = ""  # "dispatch", "scalar", "plain"
    sets: list = field(default_factory=list)  # argument lists (plain, scalar) or Counterexamples (dispatch)
    units: dict = field(default_factory=dict)  # dispatch: the source's binding unit types
    arg_names: list = field(default_factory=list)  # the source function's argument names (keys of the sets)
    src_out: list = field(default_factory=list)  # per set: (run 1, run 2), each outputs or Exception
    skip: str = ""  # why this pair is not run


def function_kind(fn) -> str:
    from irverify.frontends.mlir.confirm import _has_memref_args, _uses_dispatch_ops, dispatchable

    if _uses_dispatch_ops(fn) or _has_memref_args(fn) or _nested_dispatch_ops(fn):
        return "dispatch"
    if dispatchable(fn):
        return "scalar"
    return "plain"


def _nested_dispatch_ops(fn) -> bool:
    return any(op.name.startswith(("hal.", "iree_tensor_ext.")) for op in _ops(fn))


def _ops(fn):
    from irverify.semantics.common import walk_ops

    return walk_ops(fn.body.ops if fn.body else [])


# ----------------------------------------------------------------------------- inputs


def _elem_name(ty) -> str:
    """The ``fuzz.inputs`` name of an element type; ``NotExecutable`` for types numpy has no
    dtype for (bf16, 8-bit and smaller floats, wide integers)."""
    name = ELEM_NAMES.get(str(ty), str(ty))
    if name not in inp.NP:
        raise NotExecutable(f"element type {ty}")
    return name


def _array(rng, ty, shape, kind: int) -> np.ndarray:
    elem = _elem_name(ty)
    with np.errstate(all="ignore"):
        return np.asarray(inp.array(rng, elem, tuple(shape), kind)).astype(inp.NP[elem])


def plain_sets(fn, seed: int) -> list[list]:
    """``N_SETS`` argument lists for a function on tensors and scalars."""
    from irverify.ir.core import IndexType, TensorType

    out = []
    for s in range(N_SETS):
        rng = np.random.default_rng(seed * 101 + s)
        args = []
        for a in fn.args:
            if isinstance(a.type, TensorType):  # a dynamic (MLIR) or symbolic (Relax) dim: the set's size
                shape = [d if isinstance(d, int) else SET_DIMS[s] for d in a.type.shape]
                args.append(_array(rng, a.type.elem, shape, SET_KINDS[s]))
            elif isinstance(a.type, IndexType):
                args.append(int(rng.integers(0, SET_DIMS[s] + 1)))
            elif str(a.type) in inp.WIDTH or str(a.type).startswith("f"):
                args.append(_array(rng, a.type, (), SET_KINDS[s])[()])
            else:
                raise NotExecutable(f"argument of type {a.type}")
        out.append(args)
    return out


def dispatch_sets(fn, wrapped, seed: int) -> list:
    """``N_SETS`` synthetic counterexamples (the input format of ``dispatch_confirm.build_inputs``)."""
    from irverify.ir.core import IndexType, MemRefType, TensorType
    from irverify.verify.verdict import Counterexample

    out = []
    for s in range(N_SETS):
        rng = np.random.default_rng(seed * 101 + s)
        even, odd = PUSH_CONSTANTS[s]
        pcs = [even if k % 2 == 0 else odd for k in range(wrapped.constants)]
        cex = Counterexample(check="mutation fuzzing")
        cex.dims.update({f"push constant {k}": v for k, v in enumerate(pcs)})
        top = max(pcs + [SET_DIMS[s]])
        for b, units in _binding_units(fn, top).items():
            elem = wrapped.binding_types.get(b)
            if elem is None:
                continue
            cex.dims[f"binding {b} length"] = units
            cex.tensors[f"binding {b} (initial)"] = _array(rng, elem, (units,), SET_KINDS[s])
        for a in fn.args:
            if isinstance(a.type, IndexType):
                cex.scalars[a.name] = int(rng.integers(0, SET_DIMS[s] + 1))
            elif isinstance(a.type, TensorType):
                shape = [SET_DIMS[s] if d is None else d for d in a.type.shape]
                cex.tensors[a.name] = _array(rng, a.type.elem, shape, SET_KINDS[s])
            elif isinstance(a.type, MemRefType):
                shape = [SET_DIMS[s] if d is None else d for d in a.type.shape]
                for k, d in enumerate(a.type.shape):
                    if d is None:
                        cex.dims[f"dim({a.name}, {k})"] = SET_DIMS[s]
                cex.tensors[f"{a.name} (initial)"] = _array(rng, a.type.elem, [int(np.prod(shape))], SET_KINDS[s])
        out.append(cex)
    return out


def _binding_units(fn, top: int) -> dict[int, int]:
    """Each binding's length in units of its first view's element type: twice its largest view
    (a dynamic dim taken as ``top``) plus ``BINDING_SLACK``."""
    from irverify.ir.core import DispatchTensorType, MemRefType

    need: dict[int, int] = {}
    unit: dict[int, int] = {}
    for op in _ops(fn):
        if op.name != "hal.interface.binding.subspan":
            continue
        ty = op.results[0].type
        t = ty.tensor if isinstance(ty, DispatchTensorType) else ty if isinstance(ty, MemRefType) else None
        if t is None:
            continue
        b = int(op.attrs["binding"])
        size = _bytes(t.elem)
        unit.setdefault(b, size)
        count = int(np.prod([top if d is None else d for d in t.shape])) if t.shape else 1
        need[b] = max(need.get(b, 0), count * size)
    out = {}
    for b, nbytes in need.items():
        units = 2 * -(-nbytes // unit[b]) + BINDING_SLACK
        if units > MAX_BINDING_UNITS:
            raise NotExecutable(f"binding {b} needs {units} elements")
        out[b] = units
    return out


def _bytes(elem) -> int:
    m = re.fullmatch(r"[if](\d+)", str(elem))
    if str(elem) == "index":
        return 8
    if not m:
        raise NotExecutable(f"element type {elem}")
    return max(1, int(m.group(1)) // 8)


# ----------------------------------------------------------------------------- running


def prepare(src_mod, pairs: list[tuple[str, str]], seed: int) -> list[Pair]:
    """The pairs to run, with their kinds and inputs (a pair that cannot run says why)."""
    from irverify.frontends.mlir.dispatch_confirm import NotRunnable, wrap

    out = []
    for k, (s, t) in enumerate(pairs):
        p = Pair(s, t)
        fn = src_mod.functions[s]
        p.arg_names = [a.name for a in fn.args]
        try:
            p.kind = function_kind(fn)
            if p.kind == "dispatch":
                w = wrap(src_mod, fn)
                p.units = {b: w.binding_types[b] for b in range(w.bindings)}
                p.sets = dispatch_sets(fn, w, seed + k)
            else:
                p.sets = plain_sets(fn, seed + k)
        except (NotExecutable, NotRunnable, ValueError, KeyError) as e:
            p.skip = f"{type(e).__name__}: {e}"
        out.append(p)
    return out


def run_side(mod, pairs: list[Pair], side: str, repeat: int = 1) -> list[list]:
    """Per pair, per set: ``repeat`` runs (outputs, or an Exception) of the ``side`` function
    (``"src"`` or ``"tgt"``) of ``mod``."""
    results = []
    plain = [p for p in pairs if not p.skip and p.kind != "dispatch"]
    plain_res = _run_plain(mod, plain, side, repeat) if plain else {}
    for p in pairs:
        if p.skip:
            results.append([])
        elif p.kind == "dispatch":
            results.append(_run_dispatch(mod, p, side, repeat))
        else:
            results.append(plain_res[id(p)])
    return results


def _run_plain(mod, pairs: list[Pair], side: str, repeat: int) -> dict:
    from irverify.execute.iree import run_functions
    from irverify.frontends.mlir.confirm import WRAPPER, dispatch_text, executable_text

    scalar = [p for p in pairs if p.kind == "scalar"]
    fns = [mod.functions[getattr(p, side)] for p in scalar]
    others = tuple(mod.functions[getattr(p, side)].name for p in pairs if p.kind != "scalar")
    text = dispatch_text(mod, fns, keep_public=others) if scalar else executable_text(mod)
    calls, where = [], []
    for p in pairs:
        fn = mod.functions[getattr(p, side)]
        name = WRAPPER + fn.name.lstrip("@") if p.kind == "scalar" else fn.name
        for args in p.sets:
            call_args = [np.asarray(v) for v in args] if p.kind == "scalar" else args
            for _ in range(repeat):
                where.append(p)
                calls.append((name, call_args))
    res = _run_or_each(run_functions, text, calls, where, pairs, mod, side)
    out: dict = {id(p): [] for p in pairs}
    k = 0
    for p in pairs:
        for _ in p.sets:
            out[id(p)].append(res[k:k + repeat])
            k += repeat
    return out


def _run_or_each(run, text, calls, where, pairs, mod, side):
    """``run(text, calls)``; when the whole module fails to compile and it holds more than one
    pair, each pair's function is compiled alone (the others made private)."""
    from irverify.frontends.mlir.confirm import dispatch_text

    res = run(text, calls)
    if len(pairs) < 2 or not all(getattr(r, "kind", "") == "compile" for r in res):
        return res
    out = list(res)
    for p in pairs:
        idx = [i for i, q in enumerate(where) if q is p]
        fn = mod.functions[getattr(p, side)]
        alone = dispatch_text(mod, [fn] if p.kind == "scalar" else [], keep_public=(fn.name.lstrip("@"),))
        for i, r in zip(idx, run(alone, [calls[i] for i in idx])):
            out[i] = r
    return out


def _run_dispatch(mod, p: Pair, side: str, repeat: int) -> list:
    from irverify.execute.iree import run_host_module
    from irverify.frontends.mlir.dispatch_confirm import NotRunnable, build_inputs, wrap

    fn = mod.functions[getattr(p, side)]
    try:
        w = wrap(mod, fn, p.units)
        calls = []
        for cex in p.sets:
            renamed = _renamed_cex(cex, p.arg_names, fn)
            args, _ = build_inputs(w, fn, renamed)
            calls += [("main", args)] * repeat
    except (NotRunnable, ValueError, KeyError) as e:
        err = RuntimeError(f"not runnable: {e}")
        return [[err] * repeat for _ in p.sets]
    res = run_host_module(w.text, calls)
    return [res[k * repeat:(k + 1) * repeat] for k in range(len(p.sets))]


def _renamed_cex(cex, src_names: list[str], fn):
    """``cex`` with the source's argument names replaced by ``fn``'s at the same positions."""
    import copy

    rename = {a: b.name for a, b in zip(src_names, fn.args) if a != b.name}
    if not rename:
        return cex
    out = copy.copy(cex)
    out.scalars = {rename.get(k, k): v for k, v in cex.scalars.items()}
    out.tensors = {_rename_key(k, rename): v for k, v in cex.tensors.items()}
    out.dims = {_rename_key(k, rename): v for k, v in cex.dims.items()}
    return out


def _rename_key(key: str, rename: dict) -> str:
    for old, new in rename.items():
        if key == old or key.startswith(old + " ") or key.startswith(f"dim({old},"):
            return key.replace(old, new, 1)
    return key


# ----------------------------------------------------------------------------- judging


def same(a, b) -> np.ndarray:
    """Elementwise agreement of two outputs (shapes must match): ``fuzz.inputs.same``."""
    return inp.same(a, b)


def difference(src_runs: list, tgt_run, undefined: list | None = None) -> str:
    """A description of an output element where the target differs from the source, counting
    only elements on which the source's runs agree (and, with ``undefined``, per output a mask
    of source elements that are poison, not those); '' when none (or the source failed)."""
    if not src_runs or any(isinstance(r, Exception) for r in src_runs):
        return ""
    first = src_runs[0]
    if isinstance(tgt_run, Exception):  # a trap or crash; not a compile error, not the fuzzer's own failure
        return f"the target fails to run where the source runs: {tgt_run}" \
            if getattr(tgt_run, "kind", "") in TARGET_FAILURES else ""
    if len(first) != len(tgt_run):
        return f"{len(first)} source outputs, {len(tgt_run)} target outputs"
    for k, s in enumerate(first):
        s, g = np.asarray(s), np.asarray(tgt_run[k])
        stable = np.ones(s.shape, dtype=bool)
        for other in src_runs[1:]:
            o = np.asarray(other[k])
            if o.shape != s.shape:
                return ""
            stable &= same(s, o)
        if s.shape != g.shape or s.dtype != g.dtype:
            return f"output #{k}: source {s.dtype}{list(s.shape)}, target {g.dtype}{list(g.shape)}"
        bad = ~same(s, g) & stable
        if undefined is not None and k < len(undefined) and undefined[k] is not None \
                and np.shape(undefined[k]) == s.shape:
            bad &= ~np.asarray(undefined[k], dtype=bool)
        if np.any(bad):
            at = tuple(int(x) for x in np.argwhere(bad)[0]) if s.ndim else ()
            return (f"output #{k}{list(at)}: source {s[at]!r}, target {g[at]!r} "
                    f"({int(bad.sum())} of {s.size} elements differ)")
    return ""


def witnesses(pairs: list[Pair], src_results: list, tgt_results: list):
    """Yield (description, pair index, set index) for every set whose outputs differ."""
    for i, (p, sr, tr) in enumerate(zip(pairs, src_results, tgt_results)):
        for s, (src_runs, tgt_runs) in enumerate(zip(sr, tr)):
            d = difference(list(src_runs), tgt_runs[0])
            if d:
                yield f"@{p.src.lstrip('@')}: {d}", i, s


def executed_sets(pairs: list[Pair], src_results: list, tgt_results: list) -> int:
    """How many (pair, set) runs completed on both sides."""
    n = 0
    for sr, tr in zip(src_results, tgt_results):
        for src_runs, tgt_runs in zip(sr, tr):
            if src_runs and tgt_runs and not any(isinstance(r, Exception) for r in list(src_runs) + list(tgt_runs)):
                n += 1
    return n


# ----------------------------------------------------------------------------- one case


@dataclass
class Outcome:
    """What running a mutant showed."""

    executed: int = 0  # input sets run on both sides
    witness: str = ""
    source_ub: str = ""  # irverify's reference evaluation: the source is undefined on the witness's inputs
    inputs: dict | None = None  # the witness's inputs, for the findings (name -> array)
    run_error: str = ""
    reference: str = ""  # an unsound witness: what irverify's reference evaluation computes for both sides


def _reference_outputs(src_mod, tgt_mod, p: Pair, s: int) -> str:
    """The first output element where irverify's reference evaluation (exact IEEE) of the two
    sides differs on set ``s``, or that it finds them equal: the second oracle shown beside an
    execution that differs (both may be wrong)."""
    from irverify.verify.evaluate import evaluate_function

    if p.kind == "dispatch":
        return "not evaluated (dispatch-level function)"
    args = list(p.sets[s])
    try:
        with np.errstate(all="ignore"):
            a = evaluate_function(src_mod, p.src, args, fp_name="ieee")
            b = evaluate_function(tgt_mod, p.tgt, args, fp_name="ieee")
    except Exception as e:  # noqa: BLE001 - not evaluable: said so
        return f"not evaluated ({type(e).__name__})"
    d = difference([a.outputs], b.outputs, a.undefined)
    return f"reference evaluation differs too: {d}" if d else "reference evaluation: equal outputs"


class Runner:
    """The source of one case, parsed and run once (twice on every set); ``run_mutant`` runs a
    mutant of the target on the same inputs and compares."""

    def __init__(self, before: str, label: str, single: bool, seed: int):
        self.src_mod = self.parse(before, label)
        self.label = label
        if single:
            names = [("src", "tgt")]
        else:
            names = [(n, n) for n, f in sorted(self.src_mod.functions.items()) if f.body is not None and f.public]
        self.pairs = self.prepare(names, seed)
        self._src = None
        self._reference: dict = {}

    def parse(self, text: str, label: str):
        from irverify.frontends.mlir.parse import parse_mlir

        return parse_mlir(text, label)

    def prepare(self, names: list[tuple[str, str]], seed: int) -> list[Pair]:
        return prepare(self.src_mod, names, seed)

    def run(self, mod, side: str, repeat: int = 1) -> list:
        return run_side(mod, self.pairs, side, repeat)

    def reference(self, i: int, s: int) -> tuple[str, list | None]:
        """``_reference_ub`` of pair ``i`` on set ``s``, computed once."""
        if (i, s) not in self._reference:
            self._reference[(i, s)] = _reference_ub(self.src_mod, self.pairs[i], s)
        return self._reference[(i, s)]

    def skips(self) -> list[str]:
        return [f"@{p.src}: {p.skip}" for p in self.pairs if p.skip]

    def source_results(self) -> list:
        if self._src is None:
            self._src = self.run(self.src_mod, "src", repeat=2)
        return self._src

    def run_mutant(self, text: str) -> Outcome:
        tgt_mod = self.parse(text, self.label + " (mutant)")
        src = self.source_results()
        tgt_res = self.run(tgt_mod, "tgt")
        out = Outcome(executed=executed_sets(self.pairs, src, tgt_res))
        errors = [str(r) for side in (src, tgt_res) for per_pair in side for per_set in per_pair for r in per_set
                  if isinstance(r, Exception)]
        if errors and not out.executed:
            out.run_error = errors[0][:300]
        for n, (raw, i, s) in enumerate(witnesses(self.pairs, src, tgt_res)):
            if n >= REFERENCE_TRIES:
                break
            p = self.pairs[i]
            ub, undefined = self.reference(i, s)
            witness = raw
            if not ub and undefined is not None:  # the difference again, without the source's poison elements
                masked = difference(list(src[i][s]), tgt_res[i][s][0], undefined)
                ub = "" if masked else "the differing source elements are poison (reference evaluation)"
                witness = f"@{p.src.lstrip('@')}: {masked}" if masked else raw
            if n == 0 or not ub:
                out.witness, out.source_ub = witness, ub
                out.inputs = _inputs_of(self.src_mod.functions[p.src], p, s)
            if not ub:
                out.reference = _reference_outputs(self.src_mod, tgt_mod, p, s)
                break
        return out


def _inputs_of(fn, p: Pair, s: int) -> dict:
    data = p.sets[s]
    if p.kind != "dispatch":
        return {a.name.lstrip("%"): np.asarray(v) for a, v in zip(fn.args, data)}
    out = {k.replace(" ", "_"): np.asarray(v) for k, v in data.tensors.items()}
    out.update({k.replace(" ", "_"): np.asarray(v) for k, v in data.dims.items()})
    out.update({k.lstrip("%"): np.asarray(v) for k, v in data.scalars.items()})
    return out


BINDING_EXTENT_UB = "does not lie inside binding"


def _reference_ub(mod, p: Pair, s: int) -> tuple[str, list | None]:
    """What irverify says about the source's definedness on set ``s``: (UB reasons, per output a
    mask of poison elements or None). For a function on tensors and scalars: its reference
    evaluation (``evaluate_function``, exact IEEE floats; outputs only up to
    ``EVALUATED_ELEMENTS`` input elements). For a dispatch-level function: the ``source_ub``
    conditions of ``irverify check --whole`` of the source against itself with the push constants fixed
    to the set's values, leaving out the binding extent conditions (the fuzzer's bindings are
    longer than every view). ('', None) when nothing is known."""
    from irverify.errors import Unsupported
    from irverify.verify.evaluate import evaluate_function

    if p.kind == "dispatch":
        return _specialized_source_ub(mod, p, s), None
    args = list(p.sets[s])
    outputs = sum(np.asarray(a).size for a in args) <= EVALUATED_ELEMENTS
    try:
        with np.errstate(all="ignore"):
            ev = evaluate_function(mod, p.src, args, fp_name="ieee", outputs_too=outputs)
    except Exception:  # noqa: BLE001 - not evaluable concretely: nothing known
        return "", None
    return "; ".join(ev.ub)[:300], (ev.undefined if outputs else None)


def _specialized_source_ub(mod, p: Pair, s: int) -> str:
    from irverify.fuzz.corpus_mlir import specialize_push_constants
    from irverify.fuzz.corpus_mutate import check_texts

    cex = p.sets[s]
    values = {int(k.split()[2]): v for k, v in cex.dims.items() if k.startswith("push constant ")}
    try:
        text = specialize_push_constants(mod.text, values)
    except Exception:  # noqa: BLE001 - not specialisable: nothing said
        return ""
    rep = check_texts(text, text, ".mlir", whole=True)  # (an unchanged function is correct at once, UB unsaid)
    conds = [c for f in rep.get("functions", []) if f.get("name") == p.src
             for c in ((f.get("source_ub") or {}).get("conditions") or []) if BINDING_EXTENT_UB not in c]
    return "; ".join(c.split(": ", 1)[-1] for c in conds)[:300]
