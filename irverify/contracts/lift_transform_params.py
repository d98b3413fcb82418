"""The ``LiftTransformParams`` contract (Relax ``relax.transform.LiftTransformParams``).

The pass splits every function ``f`` with attribute ``num_input = k`` into a compile-time
transform ``T`` (one parameter: the tuple of ``f``'s weights ``params[k:]``; it returns a tuple)
and a new ``f`` taking ``params[:k] ++ T's outputs``. The property checked is

    f_before(*x, *w) == f_after(*x, *T(tuple(w)))      for all inputs x and weights w

where T's outputs are matched to ``f_after``'s weight parameters by POSITION (names change).

* ``shared_transform=False`` (the pass default): ``T = f + "_transform_params"`` per function.
  If the source already had ``f_transform_params`` (``T0``), the pass composes, and the source
  side is ``f_before(*x, *T0(tuple(w)))`` with ``w`` the inputs of ``T0``.
* ``shared_transform=True`` (or ``[]``): one ``transform_params`` shared by every function with
  ``num_input``; a list of names: shared by those functions only, the others keep their
  signature and are compared directly.
* ``shared_transform=None``: inferred from the modules, and only when that is unambiguous
  (otherwise an ``InputError`` asks for the option).

Every other function present on both sides is compared directly. Binding T's outputs to the
after function's parameters checks what the Relax VM checks at a call: dtypes and ranks must
agree (an ``InputError`` otherwise), a static extent that differs is a failure of the target
(recorded as target UB), and a symbolic dim first named by such a parameter is defined by it.
``R.builtin.stop_lift_params`` is the identity (``irverify/semantics/relax.py``).
"""

from __future__ import annotations

from irverify.contracts import ContractPair, direct_pair
from irverify.errors import InputError, Unsupported
from irverify.ir.core import Function, IndexType, Module, ShapeType, TensorType, TupleType, Type, Value

SUFFIX = "_transform_params"
SHARED = "transform_params"
NAME = "lift-transform-params"
FLAG_HINT = "--contract lift-transform-params"
BINDING_UB = "does not match parameter"


class LiftTransformParams:
    """``f_before(*x, *w) == f_after(*x, *T(tuple(w)))`` per lifted function."""

    name = NAME

    def __init__(self, shared_transform: bool | list[str] | None = None):
        if isinstance(shared_transform, (list, tuple)):
            shared_transform = [str(n) for n in shared_transform]
        self.shared_transform = shared_transform

    def __repr__(self) -> str:
        return f"LiftTransformParams(shared_transform={self.shared_transform!r})"

    # -- planning -----------------------------------------------------------------------

    def pairs(self, src: Module, tgt: Module | None) -> list[ContractPair]:
        if tgt is None:
            raise InputError(f"{src.path}: the {NAME} contract needs two modules (before and after)")
        targets = lifted_candidates(src)
        shared, included = self._mode(src, tgt, targets)
        pairs: list[ContractPair] = []
        consumed_src: set[str] = set()
        consumed_tgt: set[str] = {SHARED} if shared else set()
        for f in targets:
            if f not in included:
                continue
            if f not in tgt.functions:
                raise InputError(f"{tgt.path}: function @{f} has no counterpart (expected the lifted @{f})")
            t_name = SHARED if shared else f + SUFFIX
            if t_name not in tgt.functions:
                raise InputError(f"{tgt.path}: no @{t_name}: was LiftTransformParams run with these options "
                                 f"({self._describe(shared, included)})?")
            t0 = None
            if f + SUFFIX in src.functions:
                if shared:
                    raise Unsupported(f"@{f}{SUFFIX} already present before a shared LiftTransformParams",
                                      src.functions[f + SUFFIX].loc)
                t0 = src.functions[f + SUFFIX]
                consumed_src.add(t0.name)
            if shared and _kept_signature(src.functions[f], tgt.functions[f], tgt.functions[t_name]):
                raise InputError(f"{tgt.path}: @{f} kept its signature and does not take the outputs of "
                                 f"@{SHARED}: was it excluded from the shared transform? pass "
                                 f"--shared-transform=<the covered functions> ({self._describe(shared, included)} "
                                 f"was given)")
            consumed_tgt.update({f, t_name})
            consumed_src.add(f)
            pairs.append(composed_pair(f, src, tgt, tgt.functions[t_name], t0))
        pairs += _direct_pairs(src, tgt, consumed_src, consumed_tgt)
        if not pairs:
            raise InputError(f"{src.path}: no function to check")
        return sorted(pairs, key=lambda p: p.name)

    def _mode(self, src: Module, tgt: Module, targets: list[str]) -> tuple[bool, set[str]]:
        """(shared?, names of the functions the transform covers), from the options or inferred."""
        new_shared = SHARED in tgt.functions and SHARED not in src.functions
        if SHARED in src.functions:
            raise Unsupported(f"@{SHARED} already present before LiftTransformParams", src.functions[SHARED].loc)
        per_function = [f for f in targets if f + SUFFIX in tgt.functions and f + SUFFIX not in src.functions]
        opt = self.shared_transform
        if opt is None:
            if new_shared and per_function:
                raise InputError(f"{tgt.path}: cannot infer the LiftTransformParams options: the target has both "
                                 f"@{SHARED} and @{per_function[0]}{SUFFIX}; pass --shared-transform or not")
            if not new_shared:
                return False, set(targets)
            return True, self._infer_included(src, tgt, targets)
        if opt is False:
            if new_shared:
                raise InputError(f"{tgt.path}: the target has a shared @{SHARED}: use "
                                 f"{FLAG_HINT} --shared-transform[=f1,f2]")
            return False, set(targets)
        if opt is True or opt == []:
            return True, set(targets)
        unknown = [n for n in opt if n not in targets]
        if unknown:
            raise InputError(f"{src.path}: --shared-transform names @{unknown[0]}, which is not a function "
                             f"with attribute num_input")
        return True, set(opt)

    def _infer_included(self, src: Module, tgt: Module, targets: list[str]) -> set[str]:
        """Which functions the shared transform covers: those whose weights became T's outputs
        (not those whose signature is unchanged); anything else is ambiguous."""
        t_fn = tgt.functions[SHARED]
        t_out = [str(ty) for ty in t_fn.result_types]
        included = set()
        for f in targets:
            s, g = src.functions[f], tgt.functions.get(f)
            if g is None:
                raise InputError(f"{tgt.path}: function @{f} has no counterpart")
            k = num_input(s)
            lifted = [str(ty) for ty in _leaf_types([a.type for a in g.args[k:]])] == t_out
            kept = s.signature == g.signature
            if lifted == kept:
                raise InputError(f"{tgt.path}: cannot infer whether the shared @{SHARED} covers @{f} "
                                 f"(its signature {'fits both' if lifted else 'fits neither'}); pass "
                                 f"--shared-transform (all functions) or --shared-transform=f1,f2")
            if lifted:
                included.add(f)
        return included

    @staticmethod
    def _describe(shared: bool, included: set[str]) -> str:
        return f"shared_transform={sorted(included) if shared else False}"


def num_input(fn: Function) -> int:
    k = fn.attrs.get("num_input")
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(fn.args):
        raise InputError(f"{fn.loc}: @{fn.name} has attribute num_input = {k!r}")
    return k


def lifted_candidates(mod: Module) -> list[str]:
    """The functions LiftTransformParams processes: attribute ``num_input``, name not ending in
    ``transform_params``, in name order."""
    return sorted(n for n, f in mod.functions.items()
                  if "num_input" in f.attrs and not n.endswith(SHARED) and f.body is not None)


def looks_lifted(src: Module, tgt: Module) -> str | None:
    """A message naming this contract when ``tgt`` has transform functions ``src`` lacks and a
    ``num_input`` function whose signature changed; ``None`` otherwise."""
    new_t = sorted(n for n in tgt.functions if n.endswith(SHARED) and n not in src.functions)
    if not new_t:
        return None
    for f in lifted_candidates(src):
        g = tgt.functions.get(f)
        s = src.functions[f]
        if g is not None and g.signature != s.signature:
            shared = " --shared-transform" if SHARED in new_t else ""
            return (f"{g.loc}: signature of @{f} differs: source {s.signature}, target {g.signature}; "
                    f"the target has @{new_t[0]}, so this looks like LiftTransformParams, which changes "
                    f"signatures by design: use {FLAG_HINT}{shared} to check "
                    f"{f}_before(x, w) == {f}_after(x, *{new_t[0]}((w,)))")
    return None


def _direct_pairs(src: Module, tgt: Module, consumed_src: set[str], consumed_tgt: set[str]) -> list[ContractPair]:
    callees = _callees(src) | _callees(tgt)
    s_rest = {n for n, f in src.functions.items() if f.body is not None} - consumed_src
    t_rest = {n for n, f in tgt.functions.items() if f.body is not None} - consumed_tgt
    for n in sorted(s_rest - t_rest - callees):
        raise InputError(f"{src.path}: function @{n} has no counterpart in {tgt.path}")
    for n in sorted(t_rest - s_rest - callees):
        raise InputError(f"{tgt.path}: function @{n} has no counterpart in {src.path}")
    return [direct_pair(n, src, src.functions[n], tgt, tgt.functions[n])
            for n in sorted((s_rest & t_rest) - callees)]


def _callees(mod: Module) -> set[str]:
    return {str(op.attrs["callee"]) for f in mod.functions.values() if f.body is not None
            for op in f.body.ops if op.name == "relax.call"}


def _kept_signature(s: Function, g: Function, t_fn: Function) -> bool:
    """``g`` has ``s``'s signature, and T's results are not its weights."""
    k = num_input(s)
    takes_t = [str(ty) for ty in _leaf_types([a.type for a in g.args[k:]])] == [str(ty) for ty in t_fn.result_types]
    return s.signature == g.signature and not takes_t


def _leaf_types(types: list[Type]) -> list[Type]:
    out: list[Type] = []
    for ty in types:
        if isinstance(ty, ShapeType):  # returned shapes are flattened into their values
            out += [IndexType()] * len(ty.dims)
        else:
            out += _leaf_types(list(ty.fields)) if isinstance(ty, TupleType) else [ty]
    return out


# ----------------------------------------------------------------------------- encoding


def composed_pair(f: str, src: Module, tgt: Module, t_fn: Function, t0: Function | None) -> ContractPair:
    """``f_before(*x, *[T0](w))`` against ``f_after(*x, *T(w))``."""
    s, g = src.functions[f], tgt.functions[f]
    k = num_input(s)
    if num_input(g) != k:
        raise InputError(f"{g.loc}: @{f} has num_input = {num_input(g)} after the pass, {k} before")
    x_args = s.args[:k]
    w_args = _weights(s, k, t0)
    for a, b in zip(x_args, g.args[:k]):
        if a.type != b.type:
            raise InputError(f"{g.loc}: input {b.name} of @{f} has type {b.type} after the pass, {a.type} before")
    if len(g.args) < k:
        raise InputError(f"{g.loc}: @{f} takes {len(g.args)} arguments after the pass, fewer than num_input = {k}")
    if [str(r) for r in s.result_types] != [str(r) for r in g.result_types]:
        raise InputError(f"{g.loc}: results of @{f} differ: source {s.signature}, target {g.signature}")
    _check_transform_param(t_fn, w_args, f)
    inputs_spec = [(a.name or f"arg{i}", a.type) for i, a in enumerate(x_args + w_args)]

    def make_inputs(fp):
        from irverify.model.inputs import Inputs
        from irverify.verify.encode import symbolic_value

        inputs = Inputs(fp=fp, poison_args=False)  # Relax has no poison
        for name, ty in inputs_spec:
            inputs.arg_names.append(name)
            inputs.args.append(symbolic_value(ty, name, inputs, s.loc))
        return inputs

    def encode_source(inputs, fp):
        if t0 is None:
            return _run(src, [(s, None)], inputs, fp, k)
        return _run(src, [(t0, None), (s, None)], inputs, fp, k)

    def encode_target(inputs, fp):
        return _run(tgt, [(t_fn, None), (g, None)], inputs, fp, k)

    def confirm(cex, approximate: bool):
        from irverify.contracts.confirm_lift import confirm_composition

        return confirm_composition(src, s, t0, tgt, g, t_fn, k, inputs_spec, cex, approximate)

    w = f"{t0.name}_before((w,))" if t0 else "w"
    desc = f"{f}_before(x, *{w}) == {f}_after(x, *{t_fn.name}((w,)))"
    return ContractPair(f, s, g, make_inputs, encode_source, encode_target, confirm,
                        plain_source=t0 is None, description=desc)


def _weights(s: Function, k: int, t0: Function | None) -> list[Value]:
    """The free weights: ``s``'s parameters after ``num_input``, or the fields of ``T0``'s tuple."""
    if t0 is None:
        return list(s.args[k:])
    if len(t0.args) != 1 or not isinstance(t0.args[0].type, TupleType):
        raise Unsupported(f"@{t0.name} whose parameter is not one tuple", t0.loc)
    p = t0.args[0]
    return [Value(ty, f"{p.name}[{i}]") for i, ty in enumerate(p.type.fields)]


def _check_transform_param(t_fn: Function, w_args: list[Value], f: str) -> None:
    want = TupleType(tuple(a.type for a in w_args))
    if len(t_fn.args) != 1 or t_fn.args[0].type != want:
        got = ", ".join(str(a.type) for a in t_fn.args)
        raise InputError(f"{t_fn.loc}: @{t_fn.name} takes ({got}), but the weights of @{f} are {want}")


def _run(mod: Module, chain: list, inputs, fp, k: int):
    """Encode ``chain[-1]`` on ``x ++ w``, where each earlier function of the chain (a transform)
    maps the weights: ``T(tuple(w))``'s results become the next function's weights by position."""
    from irverify.model.values import TupleValue
    from irverify.verify.encode import Ctx, Encoded

    ctx = Ctx(mod, inputs, fp)
    x, w = list(inputs.args[:k]), list(inputs.args[k:])
    *transforms, (fn, _) = chain
    for t_fn, _ in transforms:
        if fn.body is None or t_fn.body is None:
            raise Unsupported("function without a body in LiftTransformParams", t_fn.loc)
        w = ctx.run_block(t_fn.body, [TupleValue(w)])
    if transforms:
        w = bind(ctx, fn, fn.args[k:], w, transforms[-1][0])
    results = ctx.run_block(fn.body, x + w)
    return Encoded(results, ctx.state)


def bind(ctx, fn: Function, params: list[Value], leaves: list, t_fn: Function) -> list:
    """T's result leaves as ``fn``'s weight arguments, by position (regrouped into tuples)."""
    from irverify.model.values import Scalar, Tensor, TupleValue
    from irverify.smt import terms as t
    from irverify.verify.encode import symbolic_value

    leaves = list(leaves)
    n_params = len(_leaf_types([p.type for p in params]))
    if n_params != len(leaves):
        raise InputError(f"{fn.loc}: @{t_fn.name} returns {len(leaves)} values but @{fn.name} takes "
                         f"{n_params} weights")

    def one(ty: Type, label: str):
        if isinstance(ty, TupleType):
            return TupleValue([one(ft, f"{label}[{i}]") for i, ft in enumerate(ty.fields)])
        if isinstance(ty, ShapeType) and ty.free:
            raise Unsupported(f"shape weight {label} of @{fn.name} of unknown values", fn.loc)
        if isinstance(ty, ShapeType):  # an R.Shape weight (T returns its values): they bind its dims
            v = TupleValue([leaves.pop(0) for _ in ty.dims])
            if not all(isinstance(f, Scalar) and isinstance(f.type, IndexType) for f in v.fields):
                raise Unsupported(f"shape weight {label} of @{fn.name} given a non-index value", fn.loc)
            _bind_shape(ctx, fn, ty, v, label)
            return v
        v = leaves.pop(0)
        if not isinstance(ty, TensorType) or not isinstance(v, Tensor):
            raise Unsupported(f"non-tensor weight {label} of @{fn.name}", fn.loc)
        if v.type.elem != ty.elem or v.rank != ty.rank:  # the VM rejects the call
            ctx.add_ub(t.true(), f"@{fn.name}: argument {label} of type {v.type} {BINDING_UB} {ty} "
                                 f"(returned by @{t_fn.name})", fn.loc)
            return symbolic_value(ty, f"{label}#rejected", ctx.inputs, fn.loc)
        _bind_dims(ctx, fn, ty, v, label)
        return v

    return [one(p.type, p.name) for p in params]


def _bind_shape(ctx, fn: Function, ty: ShapeType, v, label: str) -> None:
    from irverify.smt import terms as t
    from irverify.model.inputs import named_dim

    for j, (decl, f) in enumerate(zip(ty.dims, v.fields)):
        if isinstance(decl, str) and "dim:" + decl not in ctx.inputs.symbols:
            ctx.assume(named_dim(ctx.inputs, decl) == f.term)  # this parameter defines the symbol
            continue
        want = t.int_val(decl) if isinstance(decl, int) else named_dim(ctx.inputs, decl)
        ctx.add_ub(f.term != want, f"@{fn.name}: argument {label} value {j} {BINDING_UB} {ty}", fn.loc)


def _bind_dims(ctx, fn: Function, ty: TensorType, v, label: str) -> None:
    from irverify.smt import terms as t
    from irverify.model.inputs import named_dim

    for j, (decl, d) in enumerate(zip(ty.shape, v.dims)):
        if decl is None:
            continue
        if isinstance(decl, str) and "dim:" + decl not in ctx.inputs.symbols:
            ctx.assume(named_dim(ctx.inputs, decl) == d)  # this parameter defines the symbol
            continue
        want = t.int_val(decl) if isinstance(decl, int) else named_dim(ctx.inputs, decl)
        ctx.add_ub(d != want, f"@{fn.name}: argument {label} dim {j} {BINDING_UB} {ty}", fn.loc)
