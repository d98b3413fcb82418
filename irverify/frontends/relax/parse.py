"""TVMScript Relax → irverify IR, through ``tvm.script.from_source`` (apache-tvm 0.27).

Translation rules:

* every ``relax.Function`` becomes a ``Function``; its parameters are tensors (static dims are
  ints, a symbolic dim ``n`` is the name ``"n"``, shared by every use of that name), tuples,
  shapes (``R.Shape([n, 4])``: a ``ShapeType`` whose values are those dims) or scalars
  (``R.Prim(dtype)``);
* dataflow and binding blocks are flattened into ops named ``relax.<op>`` (``relax.take``,
  ``relax.nn.softmax``), with the call's attributes read by reflection as plain Python values;
  non-tensor arguments (a ``ShapeExpr`` target shape, ``strided_slice``'s index tuples,
  ``arange``'s bounds) become attributes;
* ``R.const`` is ``relax.const`` (a ``DenseAttr``), tuples are ``relax.tuple`` /
  ``relax.tuple_get_item``, ``R.match_cast`` is ``relax.match_cast``, a call to a module
  function is ``relax.call`` with attribute ``callee``; the body ends in ``relax.return``
  (a returned tuple is flattened into several results);
* a dim expression (``n * 2``) in an attribute is a tuple ``(op, lhs, rhs)`` with op one of
  ``add sub mul floordiv floormod min max``;
* a tensor of unknown rank or dtype is an ``UnknownTensorType`` (an opaque value), one of known
  rank without extents has ``None`` dims; the ops of ``relax_opaque.RELAX_OPAQUE_OPS`` keep their
  shape, prim and string arguments as attributes ``argK``;
* ``R.call_tir`` of an effect-free PrimFunc is ``relax.call_tir`` with attribute ``primfunc``, the
  callee's structural identity (``tir.py``), and attribute ``tir``, its translation when it is
  in the translatable subset (``tir_translate.py``);
* ``if``/``else`` is ``relax.if`` (condition operand, one region per branch);
* a local function (``@R.function`` inside a function, a closure) is inlined at each call, its
  parameters bound to the arguments when they have the parameter's type (``_Translator.inline``);
  a local function used as a value (returned, passed, in a tuple) or called recursively is
  unsupported;
* an ``R.Shape(ndim=k)`` parameter is a ``ShapeType`` with ``free`` entries (arbitrary ``int64``
  values); ``R.call_pure_packed`` of a function of ``PURE_PACKED`` is the op it implements;
* anything else (``call_pure_packed``, ``print``, VM builtins) is rejected with ``Unsupported``
  naming it and its source line.
"""

from __future__ import annotations

import ast
import itertools
import os
import re
import tempfile
from contextlib import contextmanager
from typing import Any

from irverify.phases import timed
from irverify.errors import InputError, Unsupported
from irverify.semantics.relax_opaque import RELAX_OPAQUE_OPS
from irverify.ir.core import (
    Block,
    DenseAttr,
    FloatType,
    Function,
    IndexType,
    IntType,
    Location,
    Module,
    Op,
    OpaqueType,
    ShapeType,
    TensorType,
    TupleType,
    Type,
    UnknownTensorType,
    Value,
)

DTYPES = {
    "float16": FloatType("f16"), "bfloat16": FloatType("bf16"), "float32": FloatType("f32"),
    "float64": FloatType("f64"), "bool": IntType(1), "int8": IntType(8), "int16": IntType(16),
    "int32": IntType(32), "int64": IntType(64),
}

# ``R.call_pure_packed`` of these TVM runtime functions is the Relax op each implements (the op's
# ``FCallPacked`` attribute: ``relax.shape_to_tensor`` is lowered to ``relax.run.shape_to_tensor``,
# python/tvm/relax/op/base.py); any other packed call is unsupported.
PURE_PACKED = {"relax.run.shape_to_tensor": "relax.shape_to_tensor"}

# Non-tensor arguments of an op become attributes: (argument kind, attribute name) per position.
# Kinds: "value" (an operand), "values" (a tuple whose fields are operands), "shape" (a
# ShapeExpr: list of dims), "ints" (a tuple of integers), "prim" (an integer/float PrimExpr).
ARG_SPECS: dict[str, list[tuple[str, str]]] = {
    "relax.reshape": [("value", "x"), ("shape", "shape")],
    "relax.broadcast_to": [("value", "x"), ("shape", "shape")],
    "relax.zeros": [("shape", "shape")],
    "relax.ones": [("shape", "shape")],
    "relax.full": [("shape", "shape"), ("value", "fill_value")],
    "relax.arange": [("prim", "start"), ("prim", "end"), ("prim", "step")],
    "relax.clip": [("value", "x"), ("prim", "min"), ("prim", "max")],
    "relax.tril": [("value", "x"), ("prim", "k")],
    "relax.triu": [("value", "x"), ("prim", "k")],
    "relax.strided_slice": [("value", "x"), ("ints", "axes"), ("ints", "begin"), ("ints", "end"),
                            ("ints", "strides")],
    "relax.concat": [("values", "tensors")],
    "relax.einsum": [("values", "operands")],
}

# A tensor without a dtype prints its dtype as one of these.
UNKNOWN_DTYPES = ("void", "None", "")

_match_cast_ids = itertools.count()


@timed("parse")
def parse(text: str, path: str) -> Module:
    """Parse a TVMScript file holding one ``@I.ir_module`` into an irverify ``Module``."""
    mod, def_lines = load_native(text, path)
    return translate_module(mod, path, text, def_lines)


def load_native(text: str, path: str):
    """The ``tvm.IRModule`` of a TVMScript file holding one ``@I.ir_module``, and the line of
    each function's definition; a parse error is ``InputError`` with file:line:col."""
    blanked, def_lines = _blank_imports(text, path)
    import tvm

    error = None
    with _quiet_stderr():
        try:
            mod = tvm.script.from_source(blanked)
        except Exception as e:  # noqa: BLE001 - TVM raises DiagnosticError and others
            error = str(e)
        if error is not None:
            import gc

            gc.collect()  # the parser's leftovers print warnings when collected
    if error is not None:
        raise InputError(_diagnostic(error, path))
    if not isinstance(mod, tvm.IRModule):
        raise InputError(f"{path}:1:1: expected an @I.ir_module, got {type(mod).__name__}")
    return mod, def_lines


def translate_module(mod, path: str, text: str, def_lines: dict[str, int] | None = None) -> Module:
    """Translate every Relax function of an ``IRModule`` (other functions are skipped)."""
    from tvm import relax

    functions = {}
    for gv, func in sorted(mod.functions.items(), key=lambda kv: kv[0].name_hint):
        if not isinstance(func, relax.Function):
            continue
        name = gv.name_hint
        line = (def_lines or {}).get(name, 0)
        functions[name] = _Translator(mod, path, Location(path, line, 1)).function(name, func)
    return Module(functions, path, text, "relax", native=mod)


# ----------------------------------------------------------------------------- text handling


def _blank_imports(text: str, path: str) -> tuple[str, dict[str, int]]:
    """Blank out import statements (TVMScript rejects them) keeping line numbers; also return
    the line of every ``def``."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        raise InputError(f"{path}:{e.lineno or 0}:{e.offset or 0}: {e.msg}") from None
    lines = text.split("\n")
    def_lines: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                continue
            for k in range(node.lineno - 1, (node.end_lineno or node.lineno)):
                lines[k] = ""
        elif isinstance(node, ast.FunctionDef):
            def_lines.setdefault(node.name, node.lineno)
    return "\n".join(lines), def_lines


def _diagnostic(message: str, path: str) -> str:
    """``file:line:col: message`` from a TVMScript diagnostic."""
    m = re.search(r"-->\s*\S*?:(\d+):(\d+)", message)
    first = next((ln.strip() for ln in message.splitlines() if ln.strip()), "parse error")
    first = re.sub(r"^(error|Error|DiagnosticError):\s*", "", first)
    if m:
        return f"{path}:{m.group(1)}:{m.group(2)}: {first}"
    return f"{path}:1:1: {first}"


@contextmanager
def _quiet_stderr():
    """TVM prints diagnostics and warnings straight to file descriptor 2; swallow them."""
    try:
        fd = os.dup(2)
    except OSError:
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(fd, 2)
            os.close(fd)


# ----------------------------------------------------------------------------- translation


def convert_dtype(dtype, loc: Location):
    name = str(dtype)
    if name not in DTYPES:
        raise Unsupported(f"dtype {name}", loc)
    return DTYPES[name]


class _Translator:
    def __init__(self, mod, path: str, fn_loc: Location):
        self.mod = mod
        self.path = path
        self.fn_loc = fn_loc
        self.loc = fn_loc
        self.env: dict[Any, Value] = {}
        self.ops: list[Op] = []
        self.syms: dict[Any, str | int] = {}  # symbolic tvm Var -> name (or extent) in irverify
        self.inlining: list[_Local] = []  # local functions being inlined (to reject recursion)

    # -- types and dims ------------------------------------------------------------------

    def dim(self, d, allow_expr: bool = True):
        """A dim as an int, a symbol name, or a ``(op, a, b)`` expression."""
        from tvm import tirx

        if isinstance(d, tirx.IntImm):
            return int(d.value)
        if _is_prim_var(d):
            if d not in self.syms:
                raise Unsupported(f"symbolic dim '{d.name}' used before it is defined", self.loc)
            return self.syms[d]
        ops = {tirx.Add: "add", tirx.Sub: "sub", tirx.Mul: "mul", tirx.FloorDiv: "floordiv",
               tirx.FloorMod: "floormod", tirx.Min: "min", tirx.Max: "max"}
        for cls, name in ops.items():
            if allow_expr and isinstance(d, cls):
                return (name, self.dim(d.a), self.dim(d.b))
        raise Unsupported(f"dim expression {d}", self.loc)

    def type_of(self, ty, param: bool = False) -> Type:
        from tvm import relax

        if isinstance(ty, relax.TensorType):
            if ty.ndim < 0 or str(ty.dtype) in UNKNOWN_DTYPES:  # an opaque value
                return UnknownTensorType(_short(ty))
            elem = convert_dtype(ty.dtype, self.loc)
            if ty.shape is None:  # known rank, unknown extents
                return TensorType((None,) * ty.ndim, elem)
            if not isinstance(ty.shape, relax.ShapeExpr):  # extents held by a shape variable
                if param:
                    raise Unsupported(f"parameter of type {_short(ty)} (extents given by a shape variable)", self.loc)
                return TensorType((None,) * ty.ndim, elem)
            dims = []
            for d in ty.shape.values:
                if param:
                    v = self._param_dim(d)
                else:  # an intermediate extent is computed by the semantics; TVM's is a cross-check
                    try:
                        v = self.dim(d)
                    except Unsupported:
                        v = None
                dims.append(v if isinstance(v, (int, str)) else None)
            return TensorType(tuple(dims), elem)
        if isinstance(ty, relax.TupleType):
            return TupleType(tuple(self.type_of(f, param) for f in ty.fields))
        if isinstance(ty, relax.ShapeType) and ty.values is None and param and ty.ndim > 0:
            return ShapeType(tuple(f"value{k}" for k in range(ty.ndim)), free=True)  # R.Shape(ndim=k)
        if isinstance(ty, relax.ShapeType) and ty.values is not None:
            if param:
                return ShapeType(tuple(self._param_dim(d) for d in ty.values))
            try:
                return ShapeType(tuple(self.dim(d) for d in ty.values))
            except Unsupported:
                return OpaqueType(str(ty))
        if type(ty).__name__ == "PrimType" and str(ty.dtype) in DTYPES:  # R.Prim(dtype): a scalar
            return convert_dtype(ty.dtype, self.loc)
        if param:
            raise Unsupported(f"parameter of type {ty}", self.loc)
        return OpaqueType(str(ty))

    def _param_dim(self, d):
        from tvm import tirx

        if isinstance(d, tirx.IntImm):
            return int(d.value)
        if _is_prim_var(d):
            self.syms.setdefault(d, d.name)
            return self.syms[d]
        raise Unsupported(f"parameter dim expression {d}", self.loc)

    # -- functions -----------------------------------------------------------------------

    def function(self, name: str, func) -> Function:
        from tvm import relax

        args = []
        for p in func.params:
            v = Value(self.type_of(p.ty, param=True), p.name)
            self.env[p] = v
            args.append(v)
        body = func.body
        if not isinstance(body, relax.SeqExpr):
            raise Unsupported("function body that is not a sequence of bindings", self.fn_loc)
        for block in body.blocks:
            for binding in block.bindings:
                self.binding(binding)
        self.loc = self._loc_of(body.body) or self.fn_loc
        results = self.flatten(self.operand(body.body))
        self.ops.append(Op("relax.return", results, [], {}, [], self.loc))
        attrs = {}
        if func.attrs is not None:
            attrs = {str(k): _plain(v) for k, v in func.attrs.items()}
        return Function(name, args, [r.type for r in results], Block(args, self.ops), self.fn_loc, attrs,
                        public="global_symbol" in attrs)

    def flatten(self, v: Value) -> list[Value]:
        """A returned tuple or shape becomes its leaves (through ``relax.tuple_get_item``)."""
        if isinstance(v.type, ShapeType):
            return [self.emit("relax.tuple_get_item", [v], IndexType(), {"index": k})
                    for k in range(len(v.type.dims))]
        if not isinstance(v.type, TupleType):
            return [v]
        out = []
        for k, ft in enumerate(v.type.fields):
            item = self.emit("relax.tuple_get_item", [v], ft, {"index": k})
            out += self.flatten(item)
        return out

    def _loc_of(self, expr) -> Location | None:
        span = getattr(expr, "span", None)
        if span is None:
            return None
        return Location(self.path, int(span.line), int(span.column))

    def emit(self, name: str, operands: list[Value], result_type: Type | list[Type],
             attrs: dict[str, Any], result_name: str = "") -> Value:
        types = result_type if isinstance(result_type, list) else [result_type]
        results = [Value(ty, result_name) for ty in types]
        self.ops.append(Op(name, operands, results, attrs, [], self.loc))
        return results[0]

    # -- bindings ------------------------------------------------------------------------

    def binding(self, b) -> None:
        from tvm import relax

        self.loc = self._loc_of(b.value) or self._loc_of(b) or self.loc
        var = b.var
        if isinstance(b, relax.MatchCast):
            self.env[var] = self.match_cast(b)
            return
        self.env[var] = self.value(b.value, var)

    def value(self, expr, var) -> Value:
        from tvm import relax

        name = var.name
        if isinstance(expr, relax.Call):
            return self.call(expr, var)
        if isinstance(expr, relax.Tuple):
            fields = [self.operand(f) for f in expr.fields]
            return self.emit("relax.tuple", fields, TupleType(tuple(f.type for f in fields)), {}, name)
        if isinstance(expr, relax.TupleGetItem):
            tup = self.operand(expr.tuple_value)
            return self.emit("relax.tuple_get_item", [tup], self.type_of(var.ty), {"index": int(expr.index)},
                             name)
        if isinstance(expr, relax.If):
            return self.if_(expr, var)
        if isinstance(expr, relax.Function):  # a local function: inlined where it is called
            local = _Local(expr, dict(self.env), dict(self.syms))
            local.env[var] = local  # its body may name itself (a recursive call)
            return local
        if isinstance(expr, relax.Var) and isinstance(self.env.get(expr), _Local):
            return self.env[expr]
        return self.operand(expr, name)

    def inline(self, local: _Local, call) -> Value | _Local:
        """A call of a local function: its body translated on the arguments (Relax evaluates a
        call as the callee's body with its parameters bound to the arguments). A parameter's
        symbolic dim is bound to the argument's extent, and one already bound must equal it; an
        argument whose extents are known only at run time is bound through ``relax.match_cast``
        (the check a call makes on its arguments, a mismatch being UB); a different dtype or
        rank is unsupported, and so is recursion."""
        from tvm import relax

        func = local.func
        if local in self.inlining:
            raise Unsupported("recursive local relax function", self.loc)
        if len(call.args) != len(func.params):
            raise Unsupported("call of a local relax function with a wrong argument count", self.loc)
        args = [self.operand(a) for a in call.args]
        body = func.body
        if not isinstance(body, relax.SeqExpr):
            raise Unsupported("local function body that is not a sequence of bindings", self.loc)
        outer = self.env, self.syms
        self.env, self.syms = dict(local.env), dict(local.syms)  # what the function captured
        self.inlining.append(local)
        try:
            for p, a in zip(func.params, args):
                self.bind_param(p, a)
            for block in body.blocks:
                for binding in block.bindings:
                    self.binding(binding)
            self.loc = self._loc_of(body.body) or self.loc
            if isinstance(body.body, relax.Var) and isinstance(self.env.get(body.body), _Local):
                return self.env[body.body]
            return self.operand(body.body)
        finally:
            self.inlining.pop()
            self.env, self.syms = outer

    def bind_param(self, p, arg: Value) -> None:
        """Bind a local function's parameter ``p`` to ``arg`` when ``arg`` has its type."""
        from tvm import relax

        ty = p.ty
        if isinstance(ty, relax.TensorType) and ty.ndim < 0 and str(ty.dtype) in UNKNOWN_DTYPES:
            self.env[p] = arg  # R.Tensor: accepts any tensor, nothing to check
            return
        mismatch = Unsupported(f"local function parameter '{p.name}' of type {_short(ty)} bound to a "
                               f"value of type {arg.type}", self.loc)
        if isinstance(ty, relax.TensorType) and ty.shape is not None and isinstance(arg.type, TensorType):
            dims = list(ty.shape.values)
            if len(dims) != len(arg.type.shape) or convert_dtype(ty.dtype, self.loc) != arg.type.elem:
                raise mismatch
            if any(a is None for a in arg.type.shape):  # extents known at run time only: the
                self.env[p] = self.cast(arg, ty, p.name)  # call checks them (a mismatch is UB)
                return
            for d, a in zip(dims, arg.type.shape):
                if _is_prim_var(d) and d not in self.syms:
                    self.syms[d] = a
                elif self.dim(d) != a:
                    raise mismatch
            self.env[p] = arg
            return
        if self.type_of(ty) != arg.type:
            raise mismatch
        self.env[p] = arg

    def if_(self, expr, var) -> Value:
        """``if c: ... else: ...``: ``relax.if`` with the condition as operand and the two
        branches as regions, each ending in ``relax.return`` of the branch's value."""
        cond = self.operand(expr.cond)
        ty = self.type_of(var.ty)
        regions = []
        for branch in (expr.true_branch, expr.false_branch):
            outer, self.ops = self.ops, []
            try:
                for block in branch.blocks:
                    for binding in block.bindings:
                        self.binding(binding)
                result = self.operand(branch.body)
                if any(op.name == "relax.match_cast" and op.attrs["defines"] for op in self.ops):
                    # a symbol bound in one branch only would be unconstrained in the other
                    raise Unsupported("match_cast defining a symbolic dim inside an If branch", self.loc)
                self.ops.append(Op("relax.return", [result], [], {}, [], self.loc))
                regions.append([Block([], self.ops)])
            finally:
                self.ops = outer
        results = [Value(ty, var.name)]
        self.ops.append(Op("relax.if", [cond], results, {}, regions, self.loc))
        return results[0]

    def operand(self, expr, name: str = "") -> Value:
        """The value of a leaf expression: a bound var, a constant, or an inline tuple."""
        import tvm
        from tvm import relax

        if isinstance(expr, relax.Var) and (not _is_prim_var(expr) or expr in self.env):
            # (an ``R.Prim(dtype)`` parameter is a Relax var that TVM also calls a prim var)
            if expr not in self.env:
                raise Unsupported(f"use of unbound variable {expr.name}", self.loc)
            if isinstance(self.env[expr], _Local):
                raise Unsupported(f"local relax function {expr.name} used as a value", self.loc)
            return self.env[expr]
        if isinstance(expr, tvm.ir.GenericConst):
            return self.const(expr, name)
        if isinstance(expr, relax.Tuple):
            fields = [self.operand(f) for f in expr.fields]
            return self.emit("relax.tuple", fields, TupleType(tuple(f.type for f in fields)), {}, name)
        if isinstance(expr, relax.TupleGetItem):
            tup = self.operand(expr.tuple_value)
            if not isinstance(tup.type, TupleType) or not 0 <= int(expr.index) < len(tup.type.fields):
                raise Unsupported(f"tuple item {_short(expr)}", self.loc)
            return self.emit("relax.tuple_get_item", [tup], tup.type.fields[int(expr.index)],
                             {"index": int(expr.index)}, name)
        if isinstance(expr, relax.ShapeExpr):  # R.shape([n, 4]): a shape value
            dims = tuple(self.dim(d) for d in expr.values)
            return self.emit("relax.shape", [], ShapeType(dims), {"dims": list(dims)}, name)
        if _is_int_prim(expr):  # R.prim_value(n): an int64 scalar (an index value)
            return self.emit("relax.prim_value", [], IndexType(), {"value": self.dim(expr)}, name)
        raise Unsupported(f"{type(expr).__name__} value {_short(expr)}", self.loc)

    def const(self, expr, name: str) -> Value:
        arr = expr.value.numpy()
        ty = TensorType(tuple(int(d) for d in arr.shape), convert_dtype(arr.dtype, self.loc))
        if isinstance(ty.elem, FloatType):  # the bit patterns, as DenseAttr holds floats
            import numpy as np

            if arr.dtype.itemsize * 8 != ty.elem.width:
                raise Unsupported(f"constant of dtype {arr.dtype}", self.loc)
            arr = arr.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[arr.dtype.itemsize])
        return self.emit("relax.const", [], ty, {"value": DenseAttr(ty, arr)}, name)

    def match_cast(self, b) -> Value:
        return self.cast(self.operand(b.value), b.ty, b.var.name)

    def cast(self, value: Value, ty, name: str) -> Value:
        """``relax.match_cast`` of ``value`` to the tensor type ``ty`` (a symbolic dim not yet
        bound is bound to ``value``'s extent, any other mismatch is UB)."""
        from tvm import relax

        if not isinstance(ty, relax.TensorType) or ty.shape is None or ty.ndim < 0:
            raise Unsupported(f"match_cast to {ty}", self.loc)
        dims, defines = [], []
        for d in ty.shape.values:
            if _is_prim_var(d) and d not in self.syms:
                self.syms[d] = f"{d.name}#{next(_match_cast_ids)}"
                defines.append(self.syms[d])
            dims.append(self.dim(d))
        attrs = {"shape": dims, "dtype": str(ty.dtype), "defines": defines}
        return self.emit("relax.match_cast", [value], self.type_of(ty), attrs, name)

    def call(self, call, var) -> Value:
        import tvm
        from tvm import relax

        if isinstance(call.op, relax.Var) and isinstance(self.env.get(call.op), _Local):
            return self.inline(self.env[call.op], call)
        result_type = self.type_of(var.ty)
        if isinstance(call.op, tvm.ir.GlobalVar):
            callee = self.mod[call.op]
            if not isinstance(callee, relax.Function):
                raise Unsupported(f"call to non-Relax function @{call.op.name_hint}", self.loc)
            args = [self.operand(a) for a in call.args]
            return self.emit("relax.call", args, result_type, {"callee": call.op.name_hint}, var.name)
        if not isinstance(call.op, tvm.ir.Op):
            raise Unsupported(f"call of {_short(call.op)}", self.loc)
        name = call.op.name
        if name == "relax.call_tir":
            return self.call_tir(call, var, result_type)
        if name == "relax.call_pure_packed" and isinstance(call.args[0], relax.ExternFunc) and \
                str(call.args[0].global_symbol) in PURE_PACKED:  # a packed function with an op's meaning
            operands = [self.operand(a) for a in call.args[1:]]
            return self.emit(PURE_PACKED[str(call.args[0].global_symbol)], operands, result_type, {}, var.name)
        attrs = reflect_attrs(call.attrs)
        spec = ARG_SPECS.get(name)
        operands: list[Value] = []
        try:
            for k, arg in enumerate(call.args):
                kind, attr = spec[k] if spec and k < len(spec) else ("value", f"arg{k}")
                if kind == "value" and name in RELAX_OPAQUE_OPS and not _is_value(arg):
                    attrs[attr] = self.opaque_arg(arg)
                elif kind == "value":
                    operands.append(self.operand(arg))
                elif kind == "values":
                    operands += [self.operand(f) for f in arg.fields]
                elif kind == "shape":
                    attrs[attr] = [self.dim(d) for d in arg.values]
                elif kind == "ints":
                    attrs[attr] = [self.dim(d) for d in arg.fields]
                elif kind == "prim":
                    attrs[attr] = _prim(arg, self)
        except (Unsupported, AttributeError, TypeError):
            raise Unsupported(f"op '{name}'", self.loc, f"argument {_short(arg)} not modelled") from None
        return self.emit(name, operands, result_type, attrs, var.name)

    def call_tir(self, call, var, result_type) -> Value:
        """``R.call_tir(f, args, out_ty[, tir_vars])``: attribute ``primfunc`` is the structural
        identity of the PrimFunc ``f`` (``irverify.frontends.relax.tir``), attribute ``tir`` its
        translation (``tir_translate``) or ``("opaque", reason)``."""
        import tvm
        from tvm import relax

        from irverify.frontends.relax.tir import primfunc_identity

        gv, args = call.args[0], call.args[1]
        callee = self.mod[gv] if isinstance(gv, tvm.ir.GlobalVar) else None
        if callee is None or isinstance(callee, relax.Function):
            raise Unsupported(f"call_tir of {_short(gv)}", self.loc)
        fields = list(args.fields) if isinstance(args, relax.Tuple) else [args]
        operands = [self.operand(a) for a in fields]
        if any(not isinstance(v.type, (TensorType, UnknownTensorType, IntType, IndexType, FloatType)) for v in operands):
            raise Unsupported("call_tir with an argument that is not a tensor or a scalar", self.loc)
        is_buffer = [isinstance(v.type, (TensorType, UnknownTensorType)) for v in operands]
        out = list(call.ty_args[0].fields) if isinstance(call.ty_args[0], relax.TupleType) else [call.ty_args[0]]
        tir_vars = [self.dim(d) for d in call.args[2].values] if len(call.args) > 2 else []
        ident = primfunc_identity(self.mod, callee, gv.name_hint, is_buffer,
                                  len(out), len(tir_vars), self.loc)
        from irverify.frontends.relax.tir_translate import NotTranslatable, translate

        attrs: dict[str, Any] = {"primfunc": ident}
        try:  # the PrimFunc's semantics when it is in the translatable subset
            attrs["tir"] = translate(callee, is_buffer,
                                     len(out), len(tir_vars))
        except NotTranslatable as e:
            attrs["tir"] = ("opaque", f"PrimFunc @{gv.name_hint} has {e}")
        if tir_vars:
            attrs["arg0"] = tir_vars
        return self.emit("relax.call_tir", operands, result_type, attrs, var.name)

    def opaque_arg(self, arg):
        """A non-value argument of an opaque op: dims (a shape, a prim value) or a string
        (``"str:..."``, a string or dtype immediate)."""
        from tvm import relax

        if isinstance(arg, relax.ShapeExpr):
            return [self.dim(d) for d in arg.values]
        if isinstance(arg, relax.PrimValue):
            return self.dim(arg.value)
        if isinstance(arg, (relax.StringImm, relax.DataTypeImm)):
            return "str:" + str(arg.value)
        raise Unsupported(f"argument {_short(arg)}", self.loc)


def _is_int_prim(expr) -> bool:
    """A TIR int64 expression (a symbolic dim, a constant, arithmetic on them) used as a value."""
    from tvm import tirx

    return isinstance(expr, (tirx.IntImm, tirx.Add, tirx.Sub, tirx.Mul, tirx.FloorDiv, tirx.FloorMod,
                             tirx.Min, tirx.Max)) or _is_prim_var(expr) and str(expr.ty) == "int64"


def _is_value(arg) -> bool:
    import tvm
    from tvm import relax

    return isinstance(arg, (relax.Var, relax.Tuple, tvm.ir.GenericConst))


def reflect_attrs(attrs) -> dict[str, Any]:
    """A call's attributes by reflection, as plain Python values."""
    if attrs is None:
        return {}
    info = type(attrs).__tvm_ffi_type_info__
    return {f.name: _plain(getattr(attrs, f.name)) for f in info.fields}


def _plain(v):
    import tvm
    from tvm import tirx

    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, tirx.IntImm):
        return bool(v.value) if str(v.ty) == "bool" else int(v.value)
    if isinstance(v, tirx.FloatImm):
        return float(v.value)
    if isinstance(v, tvm.ir.StringImm):
        return str(v.value)
    if hasattr(v, "__len__") and not isinstance(v, (dict,)) and type(v).__name__ in ("Array", "list", "tuple"):
        return [_plain(x) for x in v]
    if type(v).__name__ in ("dtype", "DataType"):
        return str(v)
    if type(v).__name__ == "String":
        return str(v)
    return OpaqueValue(str(v))


class _Local:
    """A local ``relax.Function`` bound to a variable (not a value: inlined at its calls)."""

    def __init__(self, func, env: dict, syms: dict):
        self.func = func
        self.env = env  # the variables and symbolic dims in scope where it is defined
        self.syms = syms


class OpaqueValue(str):
    """An attribute value irverify does not interpret (kept as its printed form)."""


def _prim(arg, tr: _Translator):
    from tvm import tirx

    if isinstance(arg, tirx.FloatImm):
        return float(arg.value)
    return tr.dim(arg)


def _is_prim_var(v) -> bool:
    import tvm

    return isinstance(v, tvm.ir.expr.Var) and bool(tvm.ir.is_prim_var(v))


def _short(x) -> str:
    s = " ".join(str(x).split())
    return s if len(s) <= 60 else s[:57] + "..."
