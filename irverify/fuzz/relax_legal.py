"""Targets made by TVM itself: the source after ``relax.transform.LegalizeOps`` (every op a
``call_tir`` of the PrimFunc TVM's legalization emits), as TVM prints it, sometimes with one
TIR mutation of the printed text (a loop bound one short, a ``T.init()`` value, an operator).

The printed module is kept as a template (``Prog.legal``): its functions renamed after the
target's name, so a batch can hold many. Execution variants of a mutated one start every
single-output ``call_tir`` from a buffer of sentinels (``R.call_tir_inplace``), as
``relax_prog`` does for generated calls.
"""

from __future__ import annotations

import itertools
import re

from irverify.fuzz import relax_prog as rp

_DEF = re.compile(r"^    def (\w+)\(", re.MULTILINE)
_CALL = re.compile(r'^(\s+)(\w+) = R\.call_tir\(cls\.(\w+), \((.*)\), out_ty=R\.Tensor\((\(.*?\)), dtype="(\w+)"\)\)$')
_MUTATIONS = [
    (re.compile(r"(T\.grid\((?:[^()]*\([^()]*\), )*)T\.int64\((\d+)\)"), "loop bound"),
    (re.compile(r"(with T\.init\(\):\n[^\n=]+= )T\.(float\d+|int\d+)\(([^)]*)\)"), "T.init() value"),
    (re.compile(r"(\]\s)(\+|-|\*)(\s)"), "operator"),
    (re.compile(r"T\.(max|min)\("), "max/min"),
]


def legalize(p: rp.Prog, rng) -> str | None:
    """Make ``p`` (a copy of the source) TVM's legalization of itself; a description, or None
    when TVM cannot print it back as plain text (large constants go to metadata)."""
    import tvm
    from tvm import relax

    from irverify.frontends.relax.parse import _quiet_stderr

    if p.legal is not None:
        return None
    try:
        with _quiet_stderr():
            mod = tvm.script.from_source(rp.module_text([(p, "main")]))
            mod = relax.transform.LegalizeOps()(mod)
            printed = mod.script()
    except Exception:  # noqa: BLE001 - a program TVM does not legalize is simply not used
        return None
    if "metadata[" in printed or "class Module:" not in printed:
        return None
    body = printed[printed.index("class Module:") + len("class Module:"):]
    body = "\n".join(ln for ln in body.split("\n") if not ln.strip().startswith("#")).strip("\n") + "\n"
    names = _DEF.findall(body)
    if "main" not in names:
        return None
    for n in names:
        new = "{name}" if n == "main" else "{name}_L_" + n
        body = re.sub(rf"\bdef {n}\(", f"def {new}(", body)
        body = re.sub(rf"\bcls\.{n}\b", f"cls.{new}", body)
    sizes = re.findall(r'^(\w+) = TypeVar\("\w+"\)', printed, re.MULTILINE)  # the printer's size variables
    for a, b in reversed(_prim_spans(body)):  # each PrimFunc its own
        name = re.search(r"def ([\w{}]+)\(", body[a:b]).group(1)
        part = body[a:b]
        for v in sizes:
            part = re.sub(rf"\b{v}\b", f"{name}_{v}_sz", part)
        body = body[:a] + part + body[b:]
    if p.symbolic():  # the printed Relax signatures name n as a module-level variable
        body = re.sub(r"^(    @R\.function.*\n    def [\w{}]+\(.*\n)",
                      lambda m: re.sub(r"\bn\b", '"n"', m.group(1)) + "        n = T.int64()\n", body, flags=re.MULTILINE)
    desc = "rewrite: TVM LegalizeOps"
    if rng.random() < 0.4:
        mutated = _mutate(body, rng)
        if mutated is not None:
            body, what = mutated
            desc = f"mutation: TVM LegalizeOps, then a TIR {what}"
            p.legal_unspec = True
    p.legal = body
    try:  # TVM prints some TIR it cannot parse back (a float64 literal over float32's range)
        with _quiet_stderr():
            tvm.script.from_source(rp.module_text([(p, "main")]))
    except Exception:  # noqa: BLE001
        p.legal, p.legal_unspec = None, False
        return None
    return desc


def _prim_spans(text: str) -> list[tuple[int, int]]:
    """Where the PrimFuncs are in the printed class body."""
    starts = [m.start() for m in re.finditer(r"^    @", text, re.MULTILINE)] + [len(text)]
    return [(a, b) for a, b in itertools.pairwise(starts) if text.startswith("    @T.prim_func", a)]


def _mutate(text: str, rng):
    sites = []
    for a, b in _prim_spans(text):
        for pat, what in _MUTATIONS:
            sites += [(m, what) for m in pat.finditer(text, a, b)]
    if not sites:
        return None
    m, what = rng.choice(sites)
    s, e = m.span()
    old = m.group(0)
    if what == "loop bound":
        n = int(m.group(2))
        if n < 2:
            return None
        new = f"{m.group(1)}T.int64({n - 1})"
    elif what == "T.init() value":
        v = "1" if m.group(2).startswith("int") else "1.0"
        new = f"{m.group(1)}T.{m.group(2)}({v})"
    elif what == "operator":
        new = m.group(1) + {"+": "-", "-": "+", "*": "+"}[m.group(2)] + m.group(3)
    else:
        new = "T.min(" if m.group(1) == "max" else "T.max("
    return text[:s] + new + text[e:], f"{what}: {old.strip()} -> {new.strip()}"


def render(p: rp.Prog, name: str, variant: int | None) -> str:
    text = p.legal.replace("{name}", name)
    if variant is None or not p.legal_unspec:
        return text
    out = []
    for ln in text.split("\n"):
        m = _CALL.match(ln)
        if not m:
            out.append(ln)
            continue
        ind, res, fn, args, shape, dt = m.groups()
        args = args.rstrip(", ")
        k = len([a for a in args.split(",") if a.strip()]) if args else 0
        out += [ind + ln for ln in rp.fill_lines(f"{res}_p", shape, dt, variant)]
        out.append(f"{ind}{res} = R.call_tir_inplace(cls.{fn}, ({args + ', ' if args else ''}{res}_p,), "
                   f'inplace_indices={k}, out_ty=R.Tensor({shape}, dtype="{dt}"))')
    return "\n".join(out)
