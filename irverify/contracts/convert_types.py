"""Contracts of IREE's type-converting input passes, which change public signatures on purpose.

``iree-input-conversion-demote-i64-to-i32`` and ``iree-input-conversion-promote-bf16-to-f32``
rewrite every ``i64`` (``bf16``) of a module, signatures included, as ``i32`` (``f32``): scalars,
tensor element types and constants. A plain comparison reports each public function as a changed
signature; these contracts state what such a pass promises instead. Functions whose signature
the pass left alone are compared as usual; a signature changed in any other way is an input
error.

``demote-i64-to-i32`` (``DemoteI64ToI32``): the target's callers pass ``i32`` values, so the
inputs are every ``i32`` value of each demoted argument (scalar, or every tensor element), and
the source receives their sign extension to ``i64``. Each demoted result is compared modulo
2^32: the target's ``i32`` must equal the source's ``i64`` truncated to 32 bits (wherever the
source is defined and not poison, as in any refinement; the target may not add UB or poison).
Other results are compared as usual. Truncation commutes with ``+ - *``, bitwise ops and left
shifts, so a demotion of such arithmetic is proved even where ``i64`` values leave the ``i32``
range; a division, a right shift or a comparison of a value that leaves that range is refuted,
since there the demoted program computes something else.

``promote-bf16-to-f32`` (``PromoteBf16ToF32``): the inputs are every value of each promoted
argument (a ``bf16``; under real arithmetic any real number, which includes every ``bf16``);
the target receives them converted to ``f32`` (exactly: every ``bf16`` is an ``f32``). Promotion deliberately rounds less often, so results are not compared bit for bit:
both sides are encoded with floats as real numbers (``--fp=real``, conversions between float
formats being the identity), and each result of the target must equal the source's over the
reals. The check thus proves that the pass computes the same real-valued function and
refutes one that changes a constant, an operand or an op; it says nothing about rounding.
Counterexamples are not replayed on the compiler (the two sides take different argument
types); under real arithmetic ``+ - * /``, negation and comparisons are exact, so a
counterexample through them alone violates the property.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from irverify.contracts import ContractPair, direct_pair
from irverify.errors import InputError
from irverify.ir.core import FloatType, Function, IntType, Module, TensorType, Type
from irverify.verify.verdict import Confirmation


@dataclass(frozen=True)
class TypeConversion:
    """A pass that rewrites every ``wide`` type of the source as ``narrow`` in the target, or the
    reverse (``promote``): ``src_elem`` is the element type the source side uses."""

    name: str
    pass_name: str
    src_elem: Type
    tgt_elem: Type


DEMOTE_I64 = TypeConversion("demote-i64-to-i32", "iree-input-conversion-demote-i64-to-i32", IntType(64), IntType(32))
PROMOTE_BF16 = TypeConversion("promote-bf16-to-f32", "iree-input-conversion-promote-bf16-to-f32",
                              FloatType("bf16"), FloatType("f32"))
CONVERSIONS = (DEMOTE_I64, PROMOTE_BF16)


def converted_type(conv: TypeConversion, ty: Type) -> Type:
    """``ty`` with the conversion applied (a scalar, or a tensor's element type)."""
    if ty == conv.src_elem:
        return conv.tgt_elem
    if isinstance(ty, TensorType) and ty.elem == conv.src_elem:
        return replace(ty, elem=conv.tgt_elem)
    return ty


def converts_signature(conv: TypeConversion, s: Function, g: Function) -> bool:
    """Is ``g``'s signature ``s``'s with the conversion applied, and different from it?"""
    s_types = [a.type for a in s.args] + list(s.result_types)
    g_types = [a.type for a in g.args] + list(g.result_types)
    if len(s.args) != len(g.args) or len(s_types) != len(g_types) or s_types == g_types:
        return False
    return all(converted_type(conv, a) == b for a, b in zip(s_types, g_types))


class ConvertTypes:
    """The contract of one ``TypeConversion`` (see the module docstring for each property)."""

    fp: str | None = None  # the float model the property is stated in (None: the one asked for)
    exact: frozenset[str] = frozenset()  # approximations that are exact for the property

    def __init__(self, conv: TypeConversion):
        self.conv = conv
        self.name = conv.name

    def options(self, opts):
        """The options the property is checked under."""
        return opts if self.fp is None else replace(opts, fp=self.fp, escalate=False)

    def pairs(self, src: Module, tgt: Module | None) -> list[ContractPair]:
        from irverify.verify.check import pair_functions

        if tgt is None:
            raise InputError(f"{src.path}: the {self.name} contract needs two modules (before and after)")
        out = []
        for name, s, g in pair_functions(src, tgt):
            if s.signature == g.signature:
                out.append(direct_pair(name, src, s, tgt, g))
            elif converts_signature(self.conv, s, g):
                out.append(self.converted_pair(name, src, s, tgt, g))
            else:
                raise InputError(f"{g.loc}: signature of @{name} changed otherwise than {self.conv.pass_name} "
                                 f"changes it: source {s.signature}, target {g.signature}")
        return out

    def converted_pair(self, name: str, src: Module, s: Function, tgt: Module, g: Function) -> ContractPair:
        conv = self.conv
        narrow_first = isinstance(conv.src_elem, IntType)  # demotion: the target's values are the inputs
        free = [(a.name or f"%arg{i}", b.type if narrow_first else a.type) for i, (a, b) in enumerate(zip(s.args, g.args))]

        def make_inputs(fp):
            from irverify.model.inputs import Inputs
            from irverify.verify.encode import symbolic_value

            inputs = Inputs(fp=fp, poison_args=src.frontend == "mlir")
            for arg_name, ty in free:
                inputs.arg_names.append(arg_name)
                inputs.args.append(symbolic_value(ty, arg_name, inputs, s.loc))
            return inputs

        def encode_source(inputs, fp):
            args = [self.widen(v, fp) if narrow_first and a.type != b.type else v
                    for v, a, b in zip(inputs.args, s.args, g.args)]
            enc = _run(src, s, inputs, args, fp)
            enc.results = [self.narrow_result(v, fp) if a != b else v
                           for v, a, b in zip(enc.results, s.result_types, g.result_types)]
            return enc

        def encode_target(inputs, fp):
            args = [self.widen(v, fp) if not narrow_first and a.type != b.type else v
                    for v, a, b in zip(inputs.args, s.args, g.args)]
            return _run(tgt, g, inputs, args, fp)

        def confirm(cex, approximate: bool):
            return Confirmation(None, "", "not run: the two sides take different argument types under the "
                                          f"{self.name} contract; no replay on the compiler")

        return ContractPair(name, s, g, make_inputs, encode_source, encode_target, confirm,
                            plain_source=not narrow_first, description=self.description(name), exact=self.exact)

    # Each contract's two conversions of values: an input passed to the wide side, and a
    # source result made comparable with the target's.
    def widen(self, value, fp):
        raise NotImplementedError

    def narrow_result(self, value, fp):
        raise NotImplementedError

    def description(self, name: str) -> str:
        raise NotImplementedError


class DemoteI64ToI32(ConvertTypes):
    """``trunc32(f_before(sext64(x))) == f_after(x)`` for every ``i32`` input ``x``."""

    def __init__(self):
        super().__init__(DEMOTE_I64)

    def widen(self, value, fp):
        from irverify.smt import terms as t

        return _map(value, lambda x: t.sext(x, 64), IntType(64))

    def narrow_result(self, value, fp):
        from irverify.smt import terms as t

        return _map(value, lambda x: t.trunc(x, 32), IntType(32))

    def description(self, name: str) -> str:
        return (f"trunc_i32({name}_before(sext_i64(x))) == {name}_after(x) for every i32 value x of each "
                "demoted argument")


class PromoteBf16ToF32(ConvertTypes):
    """``f_before(x) == f_after(ext32(x))`` over the reals, for every ``bf16`` input ``x``."""

    fp = "real"
    exact = frozenset({"real float arithmetic", "real float conversion", "float negation over the reals",
                       "float comparison over the reals"})

    def __init__(self):
        super().__init__(PROMOTE_BF16)

    def widen(self, value, fp):
        return _map(value, lambda x: fp.convert(x, FloatType("bf16"), FloatType("f32")), FloatType("f32"))

    def narrow_result(self, value, fp):
        return _map(value, lambda x: fp.convert(x, FloatType("bf16"), FloatType("f32")), FloatType("f32"))

    def description(self, name: str) -> str:
        return (f"{name}_before(x) == {name}_after(ext_f32(x)) over the reals (floats as real numbers) for "
                "every bf16 value x of each promoted argument")


def _map(value, fn, elem: Type):
    """``fn`` applied to a scalar, or to every element of a tensor (poison kept), retyped ``elem``."""
    from irverify.model.values import Scalar, Tensor

    if isinstance(value, Scalar):
        return Scalar(fn(value.term), elem, value.poison)
    if isinstance(value, Tensor):
        return Tensor(replace(value.type, elem=elem), value.dims, lambda idx, v=value: fn(v.at(idx)), value.defined)
    return value


def _run(mod: Module, fn: Function, inputs, args: list, fp):
    """Encode ``fn`` on ``args`` (its own view of the shared ``inputs``)."""
    from irverify.errors import Unsupported
    from irverify.verify.encode import Ctx, Encoded

    if fn.body is None:
        raise Unsupported(f"function @{fn.name} has no body", fn.loc)
    ctx = Ctx(mod, inputs, fp)
    ctx.body_ops = fn.body.ops
    results = ctx.run_block(fn.body, args)
    return Encoded(results, ctx.state)
