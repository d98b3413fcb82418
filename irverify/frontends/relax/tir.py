"""The TIR ``PrimFunc`` callees of ``R.call_tir`` (apache-tvm 0.27), as irverify sees them.

``R.call_tir(f, args, out_ty, tir_vars)`` allocates the outputs described by ``out_ty``, calls
the PrimFunc ``f(*args, *outputs, *tir_vars)`` in destination-passing style and returns the
outputs (https://tvm.apache.org/docs/reference/api/python/relax/op.html, ``call_tir``: "the
PrimFunc must be pure", i.e. it only writes its output buffers). irverify takes that contract
for a callee it checks to be free of effects, and models the call as an opaque op whose function
is the callee's *structural identity*: two structurally equal PrimFuncs
(``tvm_ffi.structural_equal``, which also compares the buffers' shapes and dtypes; the
``global_symbol`` attribute is ignored) are the same function, any two others are different
ones. So moving, sharing, removing or renaming a call, or a PrimFunc copied from one module to
another, is proved without knowing what the PrimFunc computes.

A callee is accepted only when nothing in it can have an effect beyond its output buffers:

* its parameters are the inputs (a buffer for a tensor, a scalar for an integer), the output
  buffers, then the scalar ``tir_vars``;
* its statements and expressions are loops, ``T.sblock`` (no ``match_buffer``, which could make
  an input writable), buffer loads and stores, ``if``, ``let``, arithmetic, comparisons,
  ``Select``, ``Cast`` and calls of the pure math intrinsics of ``PURE_CALLS``;
* it never stores into one of its input buffers;
* it calls other PrimFuncs of the module only when their parameters are all scalars (so they
  can write nothing of the caller's) and they are accepted by the same rules; their identities
  are part of the caller's, so a changed helper makes a different function.

Anything else (an extern or packed call, an input written in place, a handle parameter) makes
the call ``unsupported``, naming the construct and the PrimFunc.

An accepted PrimFunc in the subset of ``tir_translate`` is also translated, and the call then
has the PrimFunc's own semantics (``irverify.semantics.relax_tir``); the structural identity
remains the function of the calls it cannot evaluate.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import Location

# TIR node kinds that only compute values, traverse loops or declare things (tvm 0.27 names).
PURE_NODES = frozenset({
    "PrimFunc", "For", "SBlock", "SBlockRealize", "SeqStmt", "IfThenElse", "LetStmt", "Let", "Bind",
    "BufferStore", "TensorLoad", "Evaluate", "Var", "SizeVar", "IterVar", "Range", "IntImm",
    "FloatImm", "StringImm", "Array", "Map", "PrimType", "BufferType", "BufferRegionType",
    "TensorRegion", "TupleType", "DictAttrs", "Add", "Sub", "Mul", "Div", "Mod", "FloorDiv",
    "FloorMod", "Min", "Max", "EQ", "NE", "LT", "LE", "GT", "GE", "And", "Or", "Not", "Select",
    "Cast", "Ramp", "Broadcast", "Call", "Op", "GlobalVar", "Return", "str", "String", "int", "float", "bool",
    "NoneType",
})

# Calls that are pure functions of their arguments (TVM registers them with effect kind Pure;
# ``likely`` is an annotation whose value is its argument). TVM 0.27 registers a few of them as
# ``prim.*`` (what ``T.ceil``, ``T.likely``, ``T.log2`` and ``T.clz`` parse to).
PURE_CALLS = frozenset({"prim.if_then_else", "prim.likely", "prim.ceil", "prim.log2", "prim.clz",
                        "tirx.likely"} | {f"tirx.{n}" for n in (
    "exp", "exp2", "exp10", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "tanh", "sigmoid",
    "erf", "fabs", "floor", "ceil", "round", "nearbyint", "trunc", "pow", "fmod", "sin", "cos",
    "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "asinh", "acosh", "atanh", "isnan",
    "isinf", "isfinite", "fma", "popcount", "clz", "shift_left", "shift_right", "bitwise_and",
    "bitwise_or", "bitwise_xor", "bitwise_not", "copysign", "nextafter", "hypot", "ldexp",
    "q_multiply_shift")})

_registry: list[tuple[int, object, str]] = []  # (structural hash, PrimFunc, identity)


def primfunc_identity(mod, func, name: str, inputs: list[bool], n_outputs: int, n_vars: int, loc: Location,
                      active: frozenset = frozenset()) -> str:
    """A name that two PrimFuncs share exactly when they are structurally equal (and so are
    the helpers they call), after checking that ``func`` is effect-free and takes ``n_inputs``
    buffers, ``n_outputs`` output buffers and ``n_vars`` scalars. ``inputs`` says for each
    input whether it is a tensor (a buffer parameter) or an integer (a scalar parameter)."""
    import tvm_ffi
    from tvm import tirx

    if name in active:
        raise Unsupported(f"PrimFunc @{name} calls itself", loc)
    helpers = check_pure(func, name, inputs, n_outputs, n_vars, loc)
    parts = []  # in the order of first use: structurally equal callers list them alike
    for gv in helpers:
        callee = mod[gv] if gv in mod.functions else None
        if not isinstance(callee, tirx.PrimFunc):
            raise Unsupported(f"PrimFunc @{name} calls @{gv.name_hint}, which is not a PrimFunc", loc)
        parts.append(primfunc_identity(mod, callee, gv.name_hint, [], 0, len(callee.params), loc, active | {name}))
    body = func.without_attr("global_symbol") if func.attrs and "global_symbol" in func.attrs else func
    # GlobalVars (helper calls) are free: they are matched up to renaming, the helpers' own
    # identities are appended below
    h = tvm_ffi.structural_hash(body, map_free_vars=True)
    for other_h, other, ident in _registry:
        if other_h == h and tvm_ffi.structural_equal(body, other, map_free_vars=True):
            break
    else:
        ident = f"tir.{h:016x}.{len(_registry)}"
        _registry.append((h, body, ident))
    return ident + ("(" + ",".join(parts) + ")" if parts else "")


def check_pure(func, name: str, inputs: list[bool], n_outputs: int, n_vars: int, loc: Location) -> list:
    """Raise ``Unsupported`` unless ``func`` is effect-free (module docstring); return the
    GlobalVars of the helper PrimFuncs it calls."""
    import tvm
    import tvm_ffi
    from tvm.tirx.buffer import BufferType

    where = f"call_tir of PrimFunc @{name}"
    params = list(func.params)
    n_inputs = len(inputs)
    if len(params) != n_inputs + n_outputs + n_vars:
        raise Unsupported(f"{where} with {len(params)} parameters for {n_inputs} inputs, "
                          f"{n_outputs} outputs and {n_vars} tir_vars", loc)
    buffer_params = inputs + [True] * n_outputs + [False] * n_vars
    for p, want_buffer in zip(params, buffer_params):
        if isinstance(p.ty, BufferType) != want_buffer:
            raise Unsupported(f"{where}: parameter {p.name} of type {p.ty}", loc)
    inputs = [p for p, is_buffer in zip(params, buffer_params[:n_inputs]) if is_buffer]
    problems: list[str] = []
    helpers: list = []

    def visit(v):
        kind = type(v).__name__
        if kind not in PURE_NODES:
            problems.append(f"TIR {kind}")
        elif kind == "Call":
            op = v.op
            if isinstance(op, tvm.ir.GlobalVar):
                if not any(op.same_as(g) for g in helpers):
                    helpers.append(op)
            elif not isinstance(op, tvm.ir.Op) or op.name not in PURE_CALLS:
                problems.append(f"call of {getattr(op, 'name', op)}")
        elif kind == "SBlock" and len(v.match_buffers):
            problems.append("T.match_buffer in a block")
        elif kind == "BufferStore" and any(v.buffer.same_as(p) for p in inputs):
            problems.append(f"a store into its input buffer {v.buffer.name}")

    tvm_ffi.structural_walk(func.body, visit)
    if problems:
        raise Unsupported(f"{where}: {problems[0]}", loc, "call_tir of a PrimFunc that may have effects")
    return helpers
