"""Mutations of real Relax (the target of a case), made on TVM's ``IRModule``.

The module is parsed with ``tvm.script.from_source``; a site names a binding by its position
among the bindings of the functions in scope (in function-name order), and the call it binds;
``apply`` rebuilds that binding's value through TVM's own constructors (``relax.const``,
``relax.Call``, ``tvm.ir.make_node`` for the attributes), replaces the binding with a
``PyExprMutator`` (which re-infers every later binding's struct info), requires
``relax.analysis.check_well_formed`` and prints the module (``IRModule.script()``). A mutant TVM
refuses (a struct-info inference error, an ill-formed module) is ``Rejected``.

Operators, as for MLIR (``corpus_mlir``): ``constant`` (a ``R.const`` argument: +1, -1 or
negated, 0 or 1, doubled; booleans flipped), ``attribute`` (an integer, integer array entry or
boolean attribute: +1/-1, flipped; a ``take`` mode replaced), ``operand order`` (two arguments
of the same struct info swapped), ``type`` (a ``dtype``/``out_dtype`` attribute or a constant's
dtype changed), ``extent`` (one entry of a ``R.shape`` argument +1/-1), ``index map`` (two
entries of ``axes`` swapped). ``run_pass`` produces a corpus case's after module.
"""

from __future__ import annotations

from irverify.fuzz.corpus_mlir import Site, number_variant

DTYPE_SWAP = {"float32": "float16", "float16": "float32", "int32": "int64", "int64": "int32", "int8": "int32",
              "float64": "float32", "bool": "int32"}
ENUM_FIELDS = {"mode": ("fast", "clip", "wrap", "nan")}
INDEX_MAP_FIELDS = ("axes",)
TYPE_FIELDS = ("dtype", "out_dtype")


class Rejected(Exception):
    """TVM refuses the mutant (the message says why)."""


class Unprintable(Rejected):
    """The mutant holds a tensor constant, which TVM prints only as a ``metadata[...]``
    reference (and its printer crashes when asked for the metadata section): no text to check."""


# ----------------------------------------------------------------------------- parsing


def parse(text: str):
    import tvm

    from irverify.frontends.relax.parse import _blank_imports, _quiet_stderr

    blanked, _ = _blank_imports(text, "<mutant>")
    with _quiet_stderr():
        return tvm.script.from_source(blanked)


def run_pass(pass_expr: str, path: str) -> tuple[str, str]:
    """The module of ``path`` printed before and after the Relax pass ``pass_expr``."""
    from irverify.validate import apply_tvm_pass, make_tvm_pass

    with open(path, encoding="utf-8") as f:
        text = f.read()
    before = parse(text)
    after = apply_tvm_pass(make_tvm_pass(pass_expr), parse(text), {}, path)
    return before.script(), after.script()


def _functions(mod, scope: tuple[str, ...]) -> list:
    from tvm import relax

    out = []
    for gv in sorted(mod.functions, key=lambda g: g.name_hint):
        fn = mod[gv]
        if isinstance(fn, relax.Function) and (not scope or gv.name_hint in scope):
            out.append((gv, fn))
    return out


def _bindings(mod, scope: tuple[str, ...]) -> list:
    """(function's global var, binding) for every binding of the functions in scope, in order."""
    from tvm import relax

    out = []
    for gv, fn in _functions(mod, scope):
        if isinstance(fn.body, relax.SeqExpr):
            for block in fn.body.blocks:
                out += [(gv, b) for b in block.bindings]
    return out


# ----------------------------------------------------------------------------- sites


def sites(text: str, scope: tuple[str, ...] = ()) -> list[Site]:
    from tvm import relax

    out: list[Site] = []
    for k, (_, b) in enumerate(_bindings(parse(text), scope)):
        v = b.value
        if not isinstance(v, relax.Call) or not hasattr(v.op, "name"):
            continue
        for j, a in enumerate(v.args):
            if _is_const(a):
                out += [Site(k, "constant", f"arg {j}", c) for c in range(4)]
                if str(a.value.numpy().dtype) in DTYPE_SWAP:
                    out.append(Site(k, "type", f"arg {j} dtype", 0))
            elif isinstance(a, relax.ShapeExpr):
                out += [Site(k, "extent", f"arg {j} {i}", c) for i in range(len(a.values)) for c in range(2)]
        for i in range(len(v.args)):
            for j in range(i + 1, len(v.args)):
                if _swappable(v.args[i], v.args[j]):
                    out.append(Site(k, "operand order", f"operand {i} {j}", 0))
        for name, value in _attr_fields(v.attrs):
            out += _attr_sites(k, name, value)
    return out


def _swappable(a, b) -> bool:
    import tvm_ffi
    from tvm import relax

    if _is_const(a) and _is_const(b):
        return False
    if a.same_as(b):
        return False
    return tvm_ffi.structural_equal(a.ty, b.ty)


def _attr_fields(attrs) -> list[tuple[str, object]]:
    if attrs is None:
        return []
    info = getattr(type(attrs), "__tvm_ffi_type_info__", None)
    return [(f.name, getattr(attrs, f.name)) for f in info.fields] if info else []


def _attr_sites(k: int, name: str, value) -> list[Site]:
    if name in INDEX_MAP_FIELDS and _int_list(value) is not None and len(value) >= 2:
        n = len(value)
        return [Site(k, "index map", f"attr {name} {i} {j}", 0) for i in range(n) for j in range(i + 1, n)]
    if name in TYPE_FIELDS and str(value) in DTYPE_SWAP:
        return [Site(k, "type", f"attr {name}", 0)]
    if name in ENUM_FIELDS and str(value) in ENUM_FIELDS[name]:
        return [Site(k, "attribute", f"attr {name}", c) for c in range(len(ENUM_FIELDS[name]) - 1)]
    if isinstance(value, bool):
        return [Site(k, "attribute", f"attr {name}", 0)]
    if _int_value(value) is not None:
        return [Site(k, "attribute", f"attr {name}", c) for c in range(2)]
    ints = _int_list(value)
    if ints:
        return [Site(k, "attribute", f"attr {name} {i}", c) for i in range(len(ints)) for c in range(2)]
    return []


def _int_value(v) -> int | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if hasattr(v, "value") and isinstance(getattr(v, "value"), int) and not isinstance(v.value, bool):
        return int(v.value)
    return None


def _int_list(v) -> list[int] | None:
    if v is None or isinstance(v, (str, bool, int)) or not hasattr(v, "__len__"):
        return None
    try:
        vals = [_int_value(x) for x in v]
    except TypeError:
        return None
    return None if any(x is None for x in vals) else vals


def op_name_at(text: str, site: Site, scope: tuple[str, ...] = ()) -> str:
    bindings = _bindings(parse(text), scope)
    if site.op_index >= len(bindings):
        return "?"
    v = bindings[site.op_index][1].value
    return getattr(getattr(v, "op", None), "name", type(v).__name__)


# ----------------------------------------------------------------------------- edits


def apply(text: str, site: Site, scope: tuple[str, ...] = ()) -> str | None:
    """The mutant of ``text`` at ``site``, printed; None when the edit is not possible;
    ``Rejected`` when TVM refuses the mutated module."""
    import tvm
    from tvm import relax

    mod = parse(text)
    bindings = _bindings(mod, scope)
    if site.op_index >= len(bindings):
        return None
    gv, binding = bindings[site.op_index]
    new_value = _edited(binding.value, site)
    if new_value is None:
        return None
    try:
        old_fn = mod[gv]
        new_fn = _replace_binding(mod, old_fn, binding, new_value)
        if not _same_signature(old_fn, new_fn):
            raise Rejected("the mutant changes the function's signature")
        mod[gv] = new_fn
        relax.analysis.well_formed(mod)
        if relax.analysis.check_well_formed(mod) is False:
            raise Rejected("not well formed (relax.analysis.check_well_formed)")
        out = mod.script()
    except Rejected:
        raise
    except Exception as e:  # noqa: BLE001 - TVM raises many kinds on an ill-typed mutant
        raise Rejected(str(e).strip().splitlines()[-1][:200] if str(e).strip() else type(e).__name__) from None
    if "metadata[" in out:
        raise Unprintable("a tensor constant printed as a metadata reference")
    return None if out == parse(text).script() else out


def _edited(call, site: Site):
    """The call with the site's edit made, or None."""
    import numpy as np
    import tvm
    from tvm import relax

    words = site.key.split()
    args = list(call.args)
    attrs = call.attrs
    if site.operator == "constant":
        j = int(words[1])
        data = args[j].value.numpy().copy()
        flat = data.reshape(-1)
        if flat.size == 0:
            return None
        at = site.choice % flat.size
        if data.dtype == np.bool_:
            if site.choice:
                return None
            flat[at] = not flat[at]
        else:
            flat[at] = number_variant(flat[at].item(), site.choice, data.dtype.kind == "f")
        args[j] = relax.const(data, str(data.dtype))
    elif site.operator == "type" and words[0] == "arg":
        j = int(words[1])
        data = args[j].value.numpy()
        args[j] = relax.const(data.astype(DTYPE_SWAP[str(data.dtype)]), DTYPE_SWAP[str(data.dtype)])
    elif site.operator == "extent":
        j, i = int(words[1]), int(words[2])
        values = [int(v.value) if isinstance(v, tvm.tirx.IntImm) else v for v in args[j].values]
        if not isinstance(values[i], int):
            return None
        values[i] = values[i] + 1 if site.choice == 0 else max(0, values[i] - 1)
        args[j] = relax.ShapeExpr(values)
    elif site.operator == "operand order":
        i, j = int(words[1]), int(words[2])
        args[i], args[j] = args[j], args[i]
    else:
        attrs = _edited_attrs(attrs, words, site)
        if attrs is None:
            return None
    return relax.Call(call.op, args, attrs, call.ty_args)


def _edited_attrs(attrs, words: list[str], site: Site):
    import tvm

    fields = dict(_attr_fields(attrs))
    name = words[1]
    value = fields[name]
    if site.operator == "index map":
        vals = _int_list(value)
        i, j = int(words[2]), int(words[3])
        vals[i], vals[j] = vals[j], vals[i]
        fields[name] = vals
    elif site.operator == "type":
        fields[name] = DTYPE_SWAP[str(value)]
    elif name in ENUM_FIELDS and str(value) in ENUM_FIELDS[name]:
        others = [m for m in ENUM_FIELDS[name] if m != str(value)]
        fields[name] = others[site.choice % len(others)]
    elif isinstance(value, bool):
        fields[name] = not value
    elif _int_value(value) is not None:
        fields[name] = _int_value(value) + (1 if site.choice == 0 else -1)
    elif _int_list(value) is not None and len(words) > 2:
        vals = _int_list(value)
        vals[int(words[2])] += 1 if site.choice == 0 else -1
        fields[name] = vals
    else:
        return None
    return tvm.ir.make_node(type(attrs).__tvm_ffi_type_info__.type_key, **fields)


def _replace_binding(mod, fn, binding, new_value):
    """``fn`` with ``binding``'s value replaced by ``new_value`` (normalised: its struct info
    inferred), every later use of the bound variable renamed to the new variable."""
    from tvm import relax

    @relax.expr_functor.mutator
    class Replace(relax.PyExprMutator):
        def visit_var_binding_(self, b):
            if not b.same_as(binding):
                return super().visit_var_binding_(b)
            value = self.builder_.normalize(self.visit_expr(new_value))
            kind = relax.DataflowVar if isinstance(b.var, relax.DataflowVar) else relax.Var
            var = kind(_var_name(b.var), value.ty)
            self.builder_.emit_normalized(relax.VarBinding(var, value))
            self.set_var_remap(b.var, var)
            return None

    return Replace(mod).visit_expr(fn)


def _var_name(var) -> str:
    return str(var.name)


def _is_const(expr) -> bool:
    import tvm

    return isinstance(expr, tvm.ir.GenericConst)


def _same_signature(a, b) -> bool:
    import tvm_ffi

    return len(a.params) == len(b.params) and all(tvm_ffi.structural_equal(p.ty, q.ty) for p, q in zip(a.params, b.params)) \
        and tvm_ffi.structural_equal(a.ret_ty, b.ret_ty)


# ----------------------------------------------------------------------------- running


class Runner:
    """``corpus_exec.Runner`` for Relax: functions run on TVM llvm (``execute.tvm``), on the
    same input sets as MLIR's plain functions (``corpus_exec.plain_sets``)."""

    def __new__(cls, before: str, label: str, single: bool, seed: int):
        from irverify.fuzz import corpus_exec

        class _Relax(corpus_exec.Runner):
            def parse(self, text: str, label: str):
                from irverify.frontends.relax.parse import parse as parse_relax

                return parse_relax(text, label)

            def prepare(self, names, seed):
                return _relax_pairs(self.src_mod, names, seed)

            def run(self, mod, side, repeat=1):
                return _run_relax(mod, self.pairs, side, repeat)

        return _Relax(before, label, single, seed)


def _relax_pairs(mod, names, seed):
    from irverify.fuzz.corpus_exec import NotExecutable, Pair, plain_sets

    out = []
    for k, (s, t) in enumerate(names):
        p = Pair(s, t, kind="relax")
        try:
            p.sets = plain_sets(mod.functions[s], seed + k)
        except (NotExecutable, ValueError, KeyError) as e:
            p.skip = f"{type(e).__name__}: {e}"
        out.append(p)
    return out


def _run_relax(mod, pairs, side: str, repeat: int) -> list:
    from irverify.execute.tvm import run_functions

    calls, index = [], []
    for p in pairs:
        if p.skip:
            continue
        for args in p.sets:
            for _ in range(repeat):
                index.append(p)
                calls.append((getattr(p, side), list(args)))
    res = run_functions(mod.native, calls) if calls else []
    out, k = [], 0
    for p in pairs:
        if p.skip:
            out.append([])
            continue
        per = []
        for _ in p.sets:
            per.append(res[k:k + repeat])
            k += repeat
        out.append(per)
    return out
