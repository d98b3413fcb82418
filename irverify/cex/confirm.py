"""Replaying a counterexample on a real compiler: the part every backend shares.

A backend (IREE, TVM, a pass contract) knows how to run its programs; this module chooses the
inputs to run (``candidates``: the solver's inputs and, when the encoding was approximate, a few
random inputs of the same shapes, and optionally one of large magnitudes), compares the outputs (``compare``) and turns the runs into a
``Confirmation`` (``decide``). A difference found on random inputs replaces the
counterexample's inputs, so what is printed is what was run.

Outputs are compared element by element: integers exactly; floats either bit for bit (both NaN
counts as equal, -0.0 differs from +0.0) or, with a relative tolerance ``rtol``, within it. On
the large-magnitude candidate only a non-finite value on one side that the other does not have
(NaN against a number, different infinities) counts: it is there to show overflow (``exp`` of a
large score), and rounding differences grow with the magnitudes of the inputs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from irverify.ir.core import Function, MemRefType, TensorType
from irverify.verify.verdict import Confirmation, Counterexample

RANDOM_TRIES = 3
ATOL = 1e-30
ON_RANDOM = " (on random inputs of the counterexample's shapes)"
ON_LARGE = " (on random large-magnitude inputs of the counterexample's shapes)"


@dataclass(frozen=True)
class RandomInputs:
    """How a backend draws random inputs of a counterexample's shapes (approximate encodings)."""

    floats: tuple[float, float]
    """Floats are uniform in [low, high)."""
    ints: tuple[int, int]
    """Integers are uniform in [low, high)."""
    decimals: int | None = None
    """Round the floats to this many decimals (None: full precision)."""
    keep_ints_first: bool = False
    """The first random candidate keeps the model's integer tensors (indices stay meaningful)."""
    model_only_if_ordinary: bool = False
    """Run the model's own inputs only when its floats are ``ordinary``."""
    large: tuple[float, float] | None = None
    """If set, one more candidate (last) with floats uniform in this range and the model's
    integer tensors, on which only non-finite differences count (overflow)."""


@dataclass
class Candidate:
    """One input list to run on both sides."""

    args: list
    from_model: bool
    """Taken from the solver's model (the counterexample's index is meaningful for it)."""
    nonfinite_only: bool = False
    """Only a non-finite value on one side that the other does not have counts as a difference."""


def unobservable(cex: Counterexample, backend: str) -> Confirmation | None:
    """A ``Confirmation`` saying target UB, or a counterexample that passes a poison argument,
    cannot be shown by running, or None."""
    if cex.check.startswith("target has undefined"):
        return Confirmation(None, backend, "undefined behaviour is not observable by execution")
    if cex.poison_inputs:
        names = ", ".join(sorted(cex.poison_inputs))
        return Confirmation(None, backend, f"not run: the counterexample passes poison ({names}), "
                                           "which execution cannot")
    return None


POISON_AGREES = ("not decided by execution: the target value is poison where the source is "
                 "defined, and execution shows poison as an arbitrary value (here: the same one)")


def call_args(fn: Function, cex: Counterexample, build_large: bool = True) -> list:
    """The counterexample's value for each argument of ``fn``; ValueError when one is missing
    or was too large to materialise (an input too large to show is built when ``build_large``
    and its contents are known: ``cex.extract.LargeInput``)."""
    args = []
    for a in fn.args:
        if a.name in cex.tensors:
            v = cex.tensors[a.name]
            if isinstance(v, str):  # too large to extract (cex.extract.MAX_ELEMENTS)
                try:
                    v = v.build() if build_large and hasattr(v, "build") else None
                except MemoryError:  # e.g. under check-suite's --max-memory
                    v = None
                if v is None:
                    raise ValueError(f"input {a.name} is {cex.tensors[a.name].strip('<>')}: too large to run")
            args.append(v)
        elif a.name in cex.scalars:
            args.append(cex.scalars[a.name])
        elif isinstance(a.type, MemRefType):
            args.append(_memref_initial(a, cex))
        else:
            raise ValueError(f"no value for argument {a.name}")
    return args


def _memref_initial(a, cex: Counterexample):
    """A memref argument's initial contents (``'%m (initial)'``, flat), shaped as the memref
    (a dynamic dim from ``'dim(%m, k)'``)."""
    import numpy as np

    flat = cex.tensors.get(f"{a.name} (initial)")
    if flat is None or isinstance(flat, str):
        raise ValueError(f"no initial contents for memref argument {a.name}")
    shape = [d if d is not None else cex.dims.get(f"dim({a.name}, {k})") for k, d in enumerate(a.type.shape)]
    if any(d is None for d in shape):
        raise ValueError(f"no extent for a dynamic dim of memref argument {a.name}")
    flat = np.asarray(flat)
    if flat.size != int(np.prod(shape)):
        raise ValueError(f"memref argument {a.name}: {flat.size} initial elements for shape {shape}")
    return flat.reshape([int(d) for d in shape])


def ordinary(args: list) -> bool:
    """Are all float inputs finite and of moderate magnitude (0 or 1e-6 <= |x| <= 1e6)?

    Under the abstract float model the solver picks float inputs for their bit patterns only;
    overflow and underflow differences on such inputs are not what the counterexample is
    about, so they are replaced by ordinary random values."""
    import numpy as np

    for a in args:
        arr = np.asarray(a)
        if arr.dtype.kind != "f":
            continue
        with np.errstate(invalid="ignore"):
            mag = np.abs(arr.astype(np.float64))
        if not np.all(np.isfinite(mag) & ((mag == 0) | ((mag >= 1e-6) & (mag <= 1e6)))):
            return False
    return True


def random_args(fn: Function, base: list, seed: int, spec: RandomInputs, keep_ints: bool = False) -> list:
    """Random tensors of the shapes and dtypes of ``base`` (scalars, and integer tensors with
    ``keep_ints``, are kept)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    args = []
    for a, value in zip(fn.args, base):
        arr = np.asarray(value)
        if not isinstance(a.type, TensorType):
            args.append(value)
        elif arr.dtype.kind == "f":
            x = rng.uniform(*spec.floats, arr.shape)
            args.append((x if spec.decimals is None else x.round(spec.decimals)).astype(arr.dtype))
        elif keep_ints:
            args.append(value)
        elif arr.dtype.kind == "b":
            args.append(rng.integers(0, 2, arr.shape).astype(arr.dtype))
        else:
            args.append(rng.integers(*spec.ints, arr.shape).astype(arr.dtype))
    return args


RANDOM_MAX_ELEMENTS = 1 << 20  # no random inputs are drawn beside a larger input (a built LargeInput)


def candidates(fn: Function, cex: Counterexample, approximate: bool, spec: RandomInputs) -> list[Candidate]:
    """The inputs to run: the model's (unless ``spec`` skips extreme ones under an approximate
    encoding), then, for an approximate encoding, ``RANDOM_TRIES`` random ones. ValueError when
    the model lacks an argument."""
    import numpy as np

    model = call_args(fn, cex)
    out = []
    if not (approximate and spec.model_only_if_ordinary) or ordinary(model):
        out.append(Candidate(model, True))
    if approximate and all(np.asarray(a).size <= RANDOM_MAX_ELEMENTS for a in model):
        out += [Candidate(random_args(fn, model, seed, spec, keep_ints=spec.keep_ints_first and seed == 0), False)
                for seed in range(RANDOM_TRIES)]
        if spec.large is not None:
            big = RandomInputs(floats=spec.large, ints=spec.ints)
            out.append(Candidate(random_args(fn, model, RANDOM_TRIES, big, keep_ints=True), False, nonfinite_only=True))
    return out


def replace_inputs(fn: Function, cex: Counterexample, args: list) -> None:
    """Make ``args`` the counterexample's tensor inputs (the solver's intermediate values no
    longer belong to them: they are dropped)."""
    for a, v in zip(fn.args, args):
        if a.name in cex.tensors:
            cex.tensors[a.name] = v
    if cex.intermediate:
        cex.intermediate = {}
        cex.intermediate_note = ("not shown: they are the solver's, for other inputs than the "
                                 "random ones shown, which execution ran")


def show_difference(cex: Counterexample, src, tgt, rtol) -> None:
    """Make the first element where the executed outputs ``src`` and ``tgt`` differ (under
    ``rtol``) the counterexample's index and values: the solver's values belong to other inputs
    than the ones execution ran."""
    import numpy as np

    if src is None or tgt is None:
        return
    src, tgt = np.asarray(src), np.asarray(tgt)
    if src.shape != tgt.shape or src.ndim == 0:
        cex.index = [] if src.shape == tgt.shape else cex.index
        cex.source_value, cex.target_value = _plain_value(src), _plain_value(tgt)
        return
    bad = np.argwhere(~equal(src, tgt, rtol))
    if len(bad):
        at = tuple(int(i) for i in bad[0])
        cex.index, cex.source_value, cex.target_value = list(at), src[at].item(), tgt[at].item()


def _plain_value(a):
    return a.item() if a.ndim == 0 else a


NONFINITE = "nonfinite"
"""``rtol`` of ``equal`` that compares only where the values are not finite."""


def equal(a, b, rtol):
    """Elementwise: integers exactly; floats the same bits or both NaN (``rtol`` None), else
    both NaN, the same infinity, or within ``rtol`` relative (plus ``ATOL``); with ``rtol`` =
    ``NONFINITE``, two finite values are always equal and otherwise both NaN or the same
    infinity."""
    import numpy as np

    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind != "f":
        return a == b
    with np.errstate(invalid="ignore", over="ignore"):
        both_nan = np.isnan(a) & np.isnan(b)
        if rtol == NONFINITE:
            return (np.isfinite(a) & np.isfinite(b)) | (a == b) | both_nan
        if rtol is None:
            return ((a == b) & (np.signbit(a) == np.signbit(b))) | both_nan
        near = np.abs(a.astype(np.float64) - b.astype(np.float64)) <= ATOL + rtol * np.maximum(np.abs(a), np.abs(b))
    return (a == b) | both_nan | (near & np.isfinite(a) & np.isfinite(b))


def compare(cex: Counterexample, src_out: list, tgt_out: list, use_index: bool, rtol: float | None):
    """``(differs, detail, source output, target output)`` for the output the counterexample
    names: at its index first (``use_index``), else the first differing element."""
    import numpy as np

    k = int(cex.output.split("#")[1]) if cex.output.startswith("result #") else 0
    if k >= len(src_out) or k >= len(tgt_out):
        return False, "no such output", None, None
    s, g = np.asarray(src_out[k]), np.asarray(tgt_out[k])
    label = cex.output or f"result #{k}"
    note = _max_diff(s, g) if rtol is not None and rtol != NONFINITE else ""
    if s.shape != g.shape or s.dtype != g.dtype:
        return True, f"{label}: source {s.dtype}{list(s.shape)}, target {g.dtype}{list(g.shape)}", s, g
    if use_index and cex.index and len(cex.index) == s.ndim and all(0 <= i < n for i, n in zip(cex.index, s.shape)):
        at = tuple(cex.index)
        if not equal(s[at], g[at], rtol):
            return True, f"{label}{list(cex.index)}: source {_text(s[at])}, target {_text(g[at])}{note}", s, g
    bad = ~equal(s, g, rtol)
    if np.any(bad):
        first = tuple(int(x) for x in np.argwhere(bad)[0]) if s.ndim else ()
        share = f" ({int(bad.sum())} of {bad.size} elements differ{note})" if s.ndim else note
        return True, f"{label}{list(first) if s.ndim else ''}: source {_text(s[first])}, target {_text(g[first])}{share}", s, g
    return False, f"{label} equal on both sides{note}", s, g


def _text(v) -> str:
    """An output element as plain text (``-0.5``, not ``np.float32(-0.5)``)."""
    from irverify.cex.format import element_text

    return element_text(v)


def _max_diff(s, g) -> str:
    import numpy as np

    if s.dtype.kind != "f" or g.dtype.kind != "f" or s.shape != g.shape or s.size == 0:
        return ""
    with np.errstate(invalid="ignore", over="ignore"):
        d = np.abs(s.astype(np.float64) - g.astype(np.float64))
    finite = d[np.isfinite(d)]
    return f"; max abs difference {finite.max():.3g}" if finite.size else ""


def value_at(output, cex: Counterexample):
    """The element of an execution ``output`` at the counterexample's index (the whole output
    when it is a scalar or the index does not fit it); None when nothing ran."""
    import numpy as np

    if output is None:
        return None
    arr = np.asarray(output)
    if arr.ndim == 0:
        return arr.item()
    if cex.index and len(cex.index) == arr.ndim and all(0 <= i < n for i, n in zip(cex.index, arr.shape)):
        return arr[tuple(cex.index)].item()
    return arr


def decide(backend: str, fn: Function, cex: Counterexample, cands: list[Candidate], src_runs: list,
           tgt_runs: list, rtol: float | None,
           target_failure: Callable[[Exception], str | None] = lambda err: None,
           outputs: bool = True, agrees: str | None = None) -> Confirmation:
    """Turn the runs of ``cands`` (one output list or Exception per candidate and side) into a
    ``Confirmation``: confirmed by the first candidate whose outputs differ, or on which the
    target failed in a way ``target_failure`` describes while the source ran; not confirmed
    when some candidate ran on both sides and none differed (``agrees`` replaces the detail);
    not run when no candidate ran. ``outputs=False`` confirms by target failures only."""
    first_error = None
    ran = []
    for c, s, g in zip(cands, src_runs, tgt_runs):
        if isinstance(s, Exception):
            first_error = first_error or s
            continue
        if isinstance(g, Exception):
            failure = target_failure(g)
            if failure:
                if not c.from_model:
                    replace_inputs(fn, cex, c.args)
                return Confirmation(True, backend, failure)
            first_error = first_error or g
            continue
        ran.append((c, s, g))
        if not outputs:
            continue
        differs, detail, sv, gv = compare(cex, s, g, c.from_model, NONFINITE if c.nonfinite_only else rtol)
        if differs:
            if not c.from_model:
                replace_inputs(fn, cex, c.args)
                show_difference(cex, sv, gv, NONFINITE if c.nonfinite_only else rtol)
                detail += ON_LARGE if c.nonfinite_only else ON_RANDOM
            return Confirmation(True, backend, detail, sv, gv)
    if not ran:
        return Confirmation(None, backend, f"could not run: {first_error}")
    if cex.target_value == "poison":
        c, s, g = ran[0]
        _, _, sv, gv = compare(cex, s, g, c.from_model, rtol)
        return Confirmation(None, backend, POISON_AGREES, sv, gv)
    if agrees is not None:
        return Confirmation(False, backend, "execution agrees: " + agrees)
    c, s, g = ran[0]
    _, detail, sv, gv = compare(cex, s, g, c.from_model, rtol)
    return Confirmation(False, backend, "execution agrees: " + detail + ("" if c.from_model else ON_RANDOM), sv, gv)
