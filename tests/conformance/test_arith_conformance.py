"""Conformance of irverify's ``arith`` semantics with IREE llvm-cpu.

Every op is applied elementwise to 1-D tensors with a dynamic dim, so one call carries many
values (edge values and random ones). irverify evaluates the same function through its semantics
(``evaluate_function(..., fp_name="ieee")``); results must agree exactly (floats: same bits or
both NaN). ``index`` travels as ``i64`` (IREE does not pass index tensors across dispatches) and is
cast inside the function. Inputs on which irverify reports UB or poison (division by zero,
signed division overflow, shift by the width or more, out-of-range float-to-int) are excluded
from the IREE call; ``test_excluded_inputs_are_ub_or_poison`` checks that irverify really treats
them so.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

SEED = 1234
INT_TYPES = ["i8", "i32", "i64", "index"]
FLOAT_TYPES = ["f16", "f32", "f64"]
NP = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
      "index": np.int64, "f16": np.float16, "f32": np.float32, "f64": np.float64}
UINT = {16: np.uint16, 32: np.uint32, 64: np.uint64}


def width(ty: str) -> int:
    return 64 if ty == "index" else int(ty[1:])


def storage(ty: str) -> str:
    """The element type a value of ``ty`` crosses the function boundary as."""
    return "i64" if ty == "index" else ty


def smin(ty):
    return -(1 << (width(ty) - 1))


def smax(ty):
    return (1 << (width(ty) - 1)) - 1


def to_unsigned(v, ty):
    return int(v) % (1 << width(ty))


# ----------------------------------------------------------------------------- value generators


def int_values(ty: str, rng: random.Random, n_random: int = 6) -> list[int]:
    lo, hi = smin(ty), smax(ty)
    edge = [0, 1, -1, 2, -2, 3, 7, lo, hi, lo + 1, hi - 1]
    return edge + [rng.randint(lo, hi) for _ in range(n_random)]


def int_pairs(ty: str, rng: random.Random) -> list[tuple[int, int]]:
    vals = int_values(ty, rng)
    pairs = [(a, b) for a in vals[:11] for b in vals[:11]]
    pairs += [(rng.choice(vals), rng.choice(vals)) for _ in range(24)]
    return pairs


def as_float(v: float, ty: str) -> float:
    """``v`` rounded to ``ty`` (overflowing to infinity)."""
    with np.errstate(over="ignore"):
        return float(np.array(v, dtype=NP[ty]))


def float_values(ty: str, rng: random.Random) -> list[float]:
    info = np.finfo(NP[ty])
    tiny_denormal = float(np.array(1, dtype=UINT[width(ty)]).view(NP[ty]))
    big_denormal = float(np.array((1 << (info.nmant)) - 1, dtype=UINT[width(ty)]).view(NP[ty]))
    edge = [0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -3.5, 1e-3, 7.0, math.inf, -math.inf, math.nan,
            float(info.max), float(-info.max), float(info.tiny), tiny_denormal, -big_denormal]
    edge += [rng.uniform(-100, 100) for _ in range(5)]
    return [as_float(v, ty) for v in edge]


def float_pairs(ty: str, rng: random.Random) -> list[tuple[float, float]]:
    vals = float_values(ty, rng)
    pairs = [(a, b) for a in vals[:14] for b in vals[:14]]
    return pairs + [(rng.choice(vals), rng.choice(vals)) for _ in range(20)]


# ----------------------------------------------------------------------------- cases


@dataclass
class Case:
    """One function, the per-element argument tuples it is called with, and which of them
    irverify must treat as UB or poison (excluded from the comparison)."""

    name: str
    text: str
    arg_types: list[str]
    rows: list[tuple]
    excluded: list[tuple] = field(default_factory=list)

    def __post_init__(self):
        # IREE 3.13 llvm-cpu divides by padding lanes in the vector tail of an elementwise
        # unsigned division on i32 (SIGFPE when the length is 1 mod 4): keep lengths a multiple
        # of 16 by repeating rows.
        if self.rows and self.rows != [()] and len(self.rows) % 16:
            self.rows = self.rows + self.rows[:16 - len(self.rows) % 16]

    def args(self, rows=None):
        rows = self.rows if rows is None else rows
        cols = list(zip(*rows)) if rows else [[] for _ in self.arg_types]
        return [np.array(c, dtype=NP[ty]) for c, ty in zip(cols, self.arg_types)]


def _tensor(ty):
    return f"tensor<?x{ty}>"


def func(name: str, in_types: list[str], body: list[str], results: list[tuple[str, str]]) -> str:
    """A function over 1-D dynamic tensors. ``index`` inputs arrive as i64 and are cast in;
    ``index`` results are cast out to i64. ``body`` lines use %a, %b, %c... for the inputs."""
    letters = "abcdefgh"
    params, prologue = [], []
    for k, ty in enumerate(in_types):
        x = letters[k]
        if ty == "index":
            params.append(f"%{x}_raw: {_tensor('i64')}")
            prologue.append(f"  %{x} = arith.index_cast %{x}_raw : {_tensor('i64')} to {_tensor('index')}")
        else:
            params.append(f"%{x}: {_tensor(ty)}")
    epilogue, outs, out_types = [], [], []
    for k, (val, ty) in enumerate(results):
        if ty == "index":
            epilogue.append(f"  %out{k} = arith.index_cast {val} : {_tensor('index')} to {_tensor('i64')}")
            outs.append(f"%out{k}")
            out_types.append(_tensor("i64"))
        else:
            outs.append(val)
            out_types.append(_tensor(ty))
    lines = [f"func.func @{name}({', '.join(params)}) -> ({', '.join(out_types)}) {{", *prologue,
             *("  " + b for b in body), *epilogue,
             f"  return {', '.join(outs)} : {', '.join(out_types)}", "}"]
    return "\n".join(lines)


def binary_case(op: str, ty: str, rows, excluded=(), flags: str = "") -> Case:
    name = f"{op}_{ty}" + ("_" + flags.replace(",", "_").replace(" ", "") if flags else "")
    fl = f" overflow<{flags}>" if flags else ""
    text = func(name, [ty, ty], [f"%r = arith.{op} %a, %b{fl} : {_tensor(ty)}"], [("%r", ty)])
    return Case(name, text, [storage(ty)] * 2, list(rows), list(excluded))


def group_case(group: str, ops: list[str], ty: str, rows, excluded=()) -> Case:
    """Several binary ops on the same inputs in one function (one result each); ``index`` ops
    get a function each, so that no index tensor crosses an IREE dispatch boundary."""
    if ty == "index" or len(ops) == 1:
        raise ValueError("group_case needs several non-index ops")
    name = f"{group}_{ty}"
    body = [f"%r{k} = arith.{op} %a, %b : {_tensor(ty)}" for k, op in enumerate(ops)]
    text = func(name, [ty, ty], body, [(f"%r{k}", ty) for k in range(len(ops))])
    return Case(name, text, [storage(ty)] * 2, list(rows), list(excluded))


def binary_cases(group: str, ops: list[str], ty: str, rows, excluded=()) -> list[Case]:
    if ty == "index":
        return [binary_case(op, ty, rows, excluded) for op in ops]
    return [group_case(group, ops, ty, rows, excluded)]


def split(rows, bad):
    keep = [r for r in rows if not bad(*r)]
    return keep, [r for r in rows if bad(*r)]


def signed_overflow_div(ty):
    return lambda a, b: b == 0 or (a == smin(ty) and b == -1)


def int_cases(rng: random.Random) -> list[Case]:
    cases = []
    for ty in INT_TYPES:
        pairs = int_pairs(ty, rng)
        cases += binary_cases("total", ["addi", "subi", "muli", "minsi", "maxsi", "minui", "maxui", "andi",
                                        "ori", "xori"], ty, pairs)
        # remsi(INT_MIN, -1) is defined (0) by the arith spec but lowers to LLVM srem, for which
        # it is UB (x86 traps); it is left out of the comparison with the signed divisions.
        cases += binary_cases("sdiv", ["divsi", "ceildivsi", "floordivsi", "remsi"], ty,
                              *split(pairs, signed_overflow_div(ty)))
        cases += binary_cases("udiv", ["divui", "ceildivui", "remui"], ty, *split(pairs, lambda a, b: b == 0))
        w = width(ty)
        amounts = [0, 1, 2, w // 2, w - 2, w - 1, w, w + 1, -1, smin(ty)]
        shift_rows = [(a, s) for a in int_values(ty, rng)[:12] for s in amounts]
        shift_rows += [(rng.randint(smin(ty), smax(ty)), rng.randrange(w)) for _ in range(20)]
        cases += binary_cases("shift", ["shli", "shrsi", "shrui"], ty,
                              *split(shift_rows, lambda a, s, w=w, ty=ty: to_unsigned(s, ty) >= w))
        if ty != "index":
            preds = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
            body = [f"%r{k} = arith.cmpi {p}, %a, %b : {_tensor(ty)}" for k, p in enumerate(preds)]
            name = f"cmpi_{ty}"
            text = func(name, [ty, ty], body, [(f"%r{k}", "i1") for k in range(len(preds))])
            eq_pairs = [(a, a) for a, _ in pairs[:20]]
            cases.append(Case(name, text, [ty, ty], pairs + eq_pairs))
        else:  # one predicate per function, so no index tensor crosses an IREE dispatch boundary
            for p in ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]:
                text = func(f"cmpi_{p}_index", [ty, ty], [f"%r = arith.cmpi {p}, %a, %b : {_tensor(ty)}"],
                            [("%r", "i1")])
                cases.append(Case(f"cmpi_{p}_index", text, ["i64", "i64"], pairs))
        # The condition arrives as i8 and is truncated to i1. IREE 3.13 fails to compile an
        # elementwise select with a dynamic shape, so this one case uses a static shape.
        sel_rows = [(rng.choice([0, 1, -1, 2]), a, b) for a, b in pairs[:64]]
        text = func(f"select_{ty}", ["i8", ty, ty], [
            f"%cond = arith.trunci %a : {_tensor('i8')} to {_tensor('i1')}",
            f"%r = arith.select %cond, %b, %c : {_tensor('i1')}, {_tensor(ty)}"], [("%r", ty)])
        cases.append(Case(f"select_{ty}", text.replace("?x", f"{len(sel_rows)}x"),
                          ["i8", storage(ty), storage(ty)], sel_rows))
    # Signed/unsigned overflow flags: inputs that break the promise are poison.
    for ty in ["i8", "i32"]:
        pairs = int_pairs(ty, rng)
        for op, py in [("addi", lambda a, b: a + b), ("subi", lambda a, b: a - b), ("muli", lambda a, b: a * b)]:
            def nsw_bad(a, b, py=py, ty=ty):
                return not smin(ty) <= py(a, b) <= smax(ty)

            def nuw_bad(a, b, py=py, ty=ty):
                return not 0 <= py(to_unsigned(a, ty), to_unsigned(b, ty)) < (1 << width(ty))

            cases.append(binary_case(op, ty, *split(pairs, nsw_bad), flags="nsw"))
            cases.append(binary_case(op, ty, *split(pairs, nuw_bad), flags="nuw"))
    return cases


def cast_cases(rng: random.Random) -> list[Case]:
    cases = []
    for src in ["i8", "i32", "i64"]:
        vals = [(v,) for v in int_values(src, rng, 20)]
        for op in ["index_cast", "index_castui"]:
            name = f"{op}_{src}_to_index"
            text = func(name, [src], [f"%r = arith.{op} %a : {_tensor(src)} to {_tensor('index')}"], [("%r", "index")])
            cases.append(Case(name, text, [src], vals))
            for dst in ["i8", "i32"]:
                name = f"{op}_index_to_{dst}_from_{src}"
                body = [f"%i = arith.{op} %a : {_tensor(src)} to {_tensor('index')}",
                        f"%r = arith.{op} %i : {_tensor('index')} to {_tensor(dst)}"]
                cases.append(Case(name, func(name, [src], body, [("%r", dst)]), [src], vals))
    for src, dst in [("i8", "i32"), ("i8", "i64"), ("i32", "i64"), ("i1", "i32")]:
        vals = [(v,) for v in ([0, 1] if src == "i1" else int_values(src, rng, 20))]
        if src == "i1":
            vals = [(bool(v),) for v, in vals]
        for op in ["extsi", "extui"]:
            name = f"{op}_{src}_{dst}"
            text = func(name, [src], [f"%r = arith.{op} %a : {_tensor(src)} to {_tensor(dst)}"], [("%r", dst)])
            cases.append(Case(name, text, [src], vals))
    for src, dst in [("i64", "i32"), ("i64", "i8"), ("i32", "i8"), ("i32", "i1")]:
        vals = [(v,) for v in int_values(src, rng, 20)]
        name = f"trunci_{src}_{dst}"
        text = func(name, [src], [f"%r = arith.trunci %a : {_tensor(src)} to {_tensor(dst)}"], [("%r", dst)])
        cases.append(Case(name, text, [src], vals))
    return cases


def float_cases(rng: random.Random) -> list[Case]:
    cases = []
    for ty in FLOAT_TYPES:
        pairs = float_pairs(ty, rng)
        # remf on f64 needs libm's fmod, which IREE's embedded CPU executables do not link.
        ops = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf"] + (["remf"] if ty != "f64" else [])
        cases.append(group_case("fbinary", ops, ty, pairs))
        name = f"negf_{ty}"
        text = func(name, [ty], [f"%r = arith.negf %a : {_tensor(ty)}"], [("%r", ty)])
        cases.append(Case(name, text, [ty], [(v,) for v in float_values(ty, rng)]))
        preds = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                 "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]
        body = [f"%r{k} = arith.cmpf {p}, %a, %b : {_tensor(ty)}" for k, p in enumerate(preds)]
        text = func(f"cmpf_{ty}", [ty, ty], body, [(f"%r{k}", "i1") for k in range(len(preds))])
        cases.append(Case(f"cmpf_{ty}", text, [ty, ty], pairs))
        ity = f"i{width(ty)}"
        name = f"bitcast_{ty}"
        body = [f"%i = arith.bitcast %a : {_tensor(ty)} to {_tensor(ity)}",
                f"%r = arith.bitcast %i : {_tensor(ity)} to {_tensor(ty)}"]
        vals = [(v,) for v in float_values(ty, rng)]
        cases.append(Case(name, func(name, [ty], body, [("%i", ity), ("%r", ty)]), [ty], vals))
        name = f"bitcast_{ity}_{ty}"
        text = func(name, [ity], [f"%r = arith.bitcast %a : {_tensor(ity)} to {_tensor(ty)}"], [("%r", ty)])
        ivals = [(v,) for v in int_values(ity, rng, 20) if not _is_nan_bits(v, ty)]
        cases.append(Case(name, text, [ity], ivals))
    for ity, fty in [("i8", "f16"), ("i32", "f32"), ("i32", "f16"), ("i64", "f64"), ("i64", "f32")]:
        vals = [(v,) for v in int_values(ity, rng, 20)]
        name = f"sitofp_{ity}_{fty}"
        text = func(name, [ity], [f"%r = arith.sitofp %a : {_tensor(ity)} to {_tensor(fty)}"], [("%r", fty)])
        cases.append(Case(name, text, [ity], vals))
    for fty, ity in [("f32", "i32"), ("f64", "i64"), ("f32", "i8"), ("f16", "i32"), ("f64", "i32")]:
        fvals = float_values(fty, rng) + [rng.uniform(-2e9, 2e9) for _ in range(10)]
        fvals = [as_float(v, fty) for v in fvals]

        def out_of_range(v, ity=ity):
            return not (math.isfinite(v) and smin(ity) <= math.trunc(v) <= smax(ity))

        rows, bad = split([(v,) for v in fvals], out_of_range)
        name = f"fptosi_{fty}_{ity}"
        text = func(name, [fty], [f"%r = arith.fptosi %a : {_tensor(fty)} to {_tensor(ity)}"], [("%r", ity)])
        cases.append(Case(name, text, [fty], rows, bad))
    for src, dst in [("f16", "f32"), ("f32", "f64"), ("f16", "f64")]:
        name = f"extf_{src}_{dst}"
        text = func(name, [src], [f"%r = arith.extf %a : {_tensor(src)} to {_tensor(dst)}"], [("%r", dst)])
        cases.append(Case(name, text, [src], [(v,) for v in float_values(src, rng)]))
        name = f"truncf_{dst}_{src}"
        vals = float_values(dst, rng) + [as_float(v, dst) for v in
                                         (65519.0, 65520.0, 1e-8, 3e-5, 1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -11, 1e39)]
        text = func(name, [dst], [f"%r = arith.truncf %a : {_tensor(dst)} to {_tensor(src)}"], [("%r", src)])
        cases.append(Case(name, text, [dst], [(v,) for v in vals]))
    return cases


def _is_nan_bits(v: int, fty: str) -> bool:
    w = width(fty)
    return bool(np.isnan(np.array(v % (1 << w), dtype=UINT[w]).view(NP[fty])))


def constant_cases() -> list[Case]:
    """Dense and splat tensor constants, returned as they are."""
    cases = []
    for ty, values in [("i8", [-128, 127, 0, -1]), ("i32", [-2147483648, 2147483647, 5, -7]),
                       ("i64", [-(1 << 63), (1 << 63) - 1, 3, 0]), ("f16", [65504.0, -0.0, 1e-7, 0.1]),
                       ("f32", [3.4028234e38, -0.0, 1e-45, 0.1]), ("f64", [1e308, -0.0, 5e-324, 0.1])]:
        dense = ", ".join(f"{v:.17e}" if ty.startswith("f") else str(v) for v in values)
        name = f"constant_{ty}"
        body = [f"%c = arith.constant dense<[{dense}]> : tensor<4x{ty}>",
                f"%s = arith.constant dense<{'2.5' if ty.startswith('f') else '3'}> : tensor<4x{ty}>"]
        cases.append(Case(name, "\n".join([
            f"func.func @{name}() -> (tensor<4x{ty}>, tensor<4x{ty}>) {{",
            *("  " + b for b in body), f"  return %c, %s : tensor<4x{ty}>, tensor<4x{ty}>", "}"]), [], [()]))
    return cases


def all_cases() -> list[Case]:
    rng = random.Random(SEED)
    return int_cases(rng) + cast_cases(rng) + float_cases(rng) + constant_cases()


CORE_INDEX = {"total", "addi", "muli", "xori", "divsi", "floordivsi", "remsi", "divui", "remui", "shli",
              "shrsi", "shrui", "maxui", "minsi", "cmpi_slt", "cmpi_ult", "select"}


def is_core(case: Case) -> bool:
    """The subset run in CI: every op at least once, all ops at i8/i32/i64/f32 and most at
    index, fewer at f16/f64; the full matrix is marked slow."""
    group, _, ty = case.name.rpartition("_")
    if ty == "index":
        return group in CORE_INDEX
    if ty in ("f16", "f64"):
        return group in ("fbinary", "negf", "bitcast")
    if case.name.startswith(("index_cast", "extsi_i8", "extui_i8", "sitofp_i64", "fptosi_f64", "extf_f16_f64",
                             "truncf_f64_f16")):
        return case.name in ("index_cast_i32_to_index", "index_castui_i32_to_index", "index_cast_i64_to_index",
                             "index_cast_index_to_i8_from_i64", "index_castui_index_to_i32_from_i64",
                             "extsi_i8_i64", "extui_i8_i64", "sitofp_i64_f64", "fptosi_f64_i64")
    return True


# ----------------------------------------------------------------------------- comparison


def subnormal(x: np.ndarray) -> np.ndarray:
    if x.dtype.kind != "f":
        return np.zeros(x.shape, dtype=bool)
    return np.isfinite(x) & (x != 0) & (np.abs(x) < np.finfo(x.dtype).tiny)


def flushed_rows(args: list[np.ndarray], outputs: list[np.ndarray]) -> np.ndarray:
    """Rows with a subnormal float input or result. IREE's CPU runtime runs with denormals
    flushed to zero (inputs and results), which IEEE-754 and the arith spec do not do; these
    rows are left out of the comparison."""
    n = len(args[0]) if args else (outputs[0].shape[0] if outputs and outputs[0].ndim else 0)
    mask = np.zeros(n, dtype=bool)
    for x in [*args, *outputs]:
        if x.ndim == 1 and len(x) == n:
            mask |= subnormal(x)
    return mask


def same(ours: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """Elementwise agreement: equal integers, or float bit patterns equal / both NaN."""
    if ours.dtype.kind == "f":
        ub = UINT[ours.dtype.itemsize * 8]
        return (ours.view(ub) == theirs.view(ub)) | (np.isnan(ours) & np.isnan(theirs))
    return ours.astype(np.int64) == theirs.astype(np.int64)


@pytest.fixture(scope="module", params=["core", pytest.param("full", marks=pytest.mark.slow)])
def compared(request):
    """Every case evaluated by irverify and run on IREE (one compilation, one batch of calls)."""
    cases = all_cases()
    if request.param == "core":
        cases = [c for c in cases if is_core(c)]
    text = "\n".join(c.text for c in cases)
    module = parse_mlir(text, "arith_conformance.mlir")
    iree = run_functions(text, [(c.name, c.args()) for c in cases])
    return cases, module, iree


def test_irverify_agrees_with_iree(compared):
    cases, module, iree = compared
    mismatches, checked, total = [], 0, 0
    for case, theirs in zip(cases, iree):
        total += len(case.rows) + len(case.excluded)
        if isinstance(theirs, ExecutionError):
            mismatches.append(f"{case.name}: IREE failed: {theirs}")
            continue
        args = case.args()
        ev = evaluate_function(module, case.name, args, fp_name="ieee")
        assert ev.ub == [], f"{case.name}: irverify reports UB on inputs meant to be defined: {ev.ub}"
        ftz = flushed_rows(args, ev.outputs)
        for k, (ours, got) in enumerate(zip(ev.outputs, theirs)):
            ok = same(ours, np.asarray(got).astype(ours.dtype)) | (ftz if ours.ndim else False)
            for i in np.flatnonzero(~ok)[:3]:
                mismatches.append(f"{case.name} result {k} at inputs {case.rows[i]}: irverify {ours.flat[i]!r}, "
                                  f"IREE {np.asarray(got).flat[i]!r}")
        checked += len(case.rows) - int(np.count_nonzero(ftz))
    assert not mismatches, "\n".join(mismatches[:40])
    assert checked >= 0.85 * total, f"only {checked} of {total} inputs were compared"


def test_every_case_checks_most_of_its_inputs(compared):
    cases, _, _ = compared
    for case in cases:
        n = len(case.rows) + len(case.excluded)
        assert len(case.rows) >= 0.4 * n, f"{case.name}: {len(case.rows)} of {n} inputs compared"


def test_excluded_inputs_are_ub_or_poison(compared):
    """What the comparison leaves out is UB or poison for irverify: a UB reason is reported, or
    the output is not a constant (poison is an unknown function of the operands)."""
    cases, module, _ = compared
    seen = 0
    for case in cases:
        for row in case.excluded[:4]:
            seen += 1
            try:
                ev = evaluate_function(module, case.name, case.args([row]), fp_name="ieee")
            except ValueError:
                continue  # not a constant: an unknown value
            poison = any(u is not None and u.any() for u in ev.undefined)
            assert ev.ub or poison, f"{case.name}: excluded input {row} is neither UB nor poison for irverify"
    assert seen > 50


SELECT_WHOLE = """
func.func @select_whole(%c: i1, %a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = arith.select %c, %a, %b : tensor<?xi32>
  return %r : tensor<?xi32>
}
"""


def test_select_with_scalar_condition_picks_a_whole_tensor():
    """An i1 scalar condition picks one operand, its dynamic extent included."""
    module = parse_mlir(SELECT_WHOLE, "select.mlir")
    a, b = np.arange(5, dtype=np.int32), -np.arange(1, 3, dtype=np.int32)
    calls = [("select_whole", [c, a, b]) for c in (True, False)]
    for (_, args), got in zip(calls, run_functions(SELECT_WHOLE, calls)):
        assert not isinstance(got, ExecutionError), got
        ours = evaluate_function(module, "select_whole", args, fp_name="ieee").outputs[0]
        assert ours.shape == got[0].shape and (ours == got[0]).all()
        assert ours.shape == (a if args[0] else b).shape


def test_ops_covered(compared):
    cases, _, _ = compared
    text = "\n".join(c.text for c in cases)
    for op in ["constant", "addi", "subi", "muli", "divsi", "divui", "ceildivsi", "ceildivui", "floordivsi",
               "remsi", "remui", "minsi", "maxsi", "minui", "maxui", "andi", "ori", "xori", "shli", "shrsi",
               "shrui", "cmpi", "select", "index_cast", "index_castui", "extsi", "extui", "trunci", "addf",
               "subf", "mulf", "divf", "remf", "negf", "maximumf", "minimumf", "cmpf", "sitofp", "fptosi",
               "extf", "truncf", "bitcast"]:
        assert f"arith.{op} " in text, op
