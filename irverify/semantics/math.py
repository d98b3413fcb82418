"""``math`` dialect semantics (https://mlir.llvm.org/docs/Dialects/MathOps/), on float scalars and
elementwise on float tensors.

* ``math.absf`` is exact in every float model (clear the sign bit), and so is ``math.copysign``
  outside ``--fp=real`` (the first operand with the sign bit of the second, IEEE 754 §5.5.1);
  ``math.sqrt`` is exact under ``--fp=ieee`` (IEEE 754 requires a correctly rounded square root),
  and so are the roundings to an integral value ``math.floor``/``ceil``, ``math.round`` (halfway
  cases away from zero) and ``math.roundeven`` (halfway cases to even).
* Every other function (``exp``, ``log``, ``tanh``, ``erf``, ``rsqrt``, ``sin``, ...) has no
  result IEEE 754 fixes (libm and IREE's polynomial approximations differ in the last bits), so
  it is an uninterpreted function of the operand's bits, one per function and float type (but
  for the results IEEE 754-2019 §9.2.1 fixes for ``exp``: NaN for NaN, ``exp(±0) = 1``,
  ``exp(-inf) = +0``, ``exp(+inf) = +inf``; ``irverify.smt.floats``). The same function of the
  same value is the same value on both sides (congruence): rewrites that
  move, share or re-express it through ``linalg.elementwise`` (whose transcendental kinds use the
  same functions) are proved; anything that needs its values is an approximation, so a
  counterexample through it must be confirmed by execution.
* ``fastmath`` flags other than ``none`` change what the op may return: unsupported.
* A poison operand gives a poison result.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import EnumAttr, FloatType, Op
from irverify.semantics.arith import elem_type
from irverify.semantics.common import elementwise
from irverify.semantics.registry import semantics

# math op -> the function name shared with linalg.elementwise's kinds (``ctx.fp.unary``)
UNARY = {
    "exp": "exp", "exp2": "exp2", "expm1": "expm1", "log": "log", "log2": "log2", "log10": "log10",
    "log1p": "log1p", "sqrt": "sqrt", "rsqrt": "rsqrt", "cbrt": "cbrt", "tanh": "tanh", "erf": "erf",
    "erfc": "erfc", "sin": "sin", "cos": "cos", "tan": "tan", "asin": "asin", "acos": "acos",
    "atan": "atan", "sinh": "sinh", "cosh": "cosh", "asinh": "asinh", "acosh": "acosh",
    "atanh": "atanh", "ceil": "ceil", "floor": "floor", "round": "round", "roundeven": "roundeven",
    "trunc": "trunc", "absf": "abs",
}
BINARY = {"powf": "powf", "atan2": "atan2", "copysign": "copysign"}
EXACT_UNARY = {"abs"}  # exact in every model
# exact under IEEE only (math.trunc too in the theory, but IREE llvm-cpu does not link it: no
# execution checks it, so it stays an approximation)
IEEE_EXACT_UNARY = {"sqrt", "floor", "ceil", "round", "roundeven"}


def _float_type(op: Op) -> FloatType:
    ty = elem_type(op.results[0].type)
    if not isinstance(ty, FloatType) or ty.is_small:
        raise Unsupported(f"'{op.name}' on {ty}", op.loc)
    return ty


def _no_fastmath(op: Op) -> None:
    flags = op.attrs.get("fastmath")
    if flags is None:
        return
    if not isinstance(flags, EnumAttr) or {f.strip() for f in flags.value.split(",")} - {"none"}:
        raise Unsupported(f"fastmath {flags} of '{op.name}'", op.loc)


def _unary(name: str, fn: str):
    def sem(ctx, op: Op, a):
        _no_fastmath(op)
        ty = _float_type(op)
        if fn not in EXACT_UNARY and not (fn in IEEE_EXACT_UNARY and ctx.fp.name == "ieee"):
            ctx.approximate(f"uninterpreted float function {fn}")
        return elementwise(ctx, op, lambda x: ctx.fp.unary(fn, x, ty), a)

    sem.__name__ = name
    sem.__doc__ = f"``math.{name}``: " + ("exact" if fn in EXACT_UNARY else f"the uninterpreted function {fn}")
    return semantics(f"math.{name}", attrs=("fastmath",))(sem)


def _binary(name: str, fn: str):
    def sem(ctx, op: Op, a, b):
        _no_fastmath(op)
        ty = _float_type(op)
        if not (fn == "copysign" and ctx.fp.name != "real"):
            ctx.approximate(f"uninterpreted float function {fn}")
        return elementwise(ctx, op, lambda x, y: ctx.fp.binary(fn, x, y, ty), a, b)

    sem.__name__ = name
    sem.__doc__ = (f"``math.{name}``: " + ("the sign of the second operand on the first (exact)" if fn == "copysign"
                                           else f"the uninterpreted function {fn} of two floats"))
    return semantics(f"math.{name}", attrs=("fastmath",))(sem)


for _name, _fn in UNARY.items():
    _unary(_name, _fn)
for _name, _fn in BINARY.items():
    _binary(_name, _fn)

