"""Pass contracts: what "before" and "after" mean for a pass that changes calling conventions.

Most rewrites keep every function's signature, and ``check_modules`` compares functions of the
same name on the same inputs. A pass such as Relax ``LiftTransformParams`` splits a function in
two; the property to check is then a composition (``f_before(x, w) == f_after(x, *T((w,)))``).
A contract turns two modules into a list of ``ContractPair`` objects, each of which says how to
create the shared symbolic inputs and how to encode the source and the target side on them.

Contracts are selected by name (``--contract lift-transform-params``) or by the pass expression
given to ``validate-pass``; ``suggest_contract`` names the contract when a plain same-name
comparison meets a module that a known pass visibly split.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from irverify.errors import InputError
from irverify.ir.core import Function, Module

CONTRACT_NAMES = ("lift-transform-params", "demote-i64-to-i32", "promote-bf16-to-f32", "decompose-ops-for-inference")


@dataclass
class ContractPair:
    """One checked property: ``encode_target`` must refine ``encode_source`` on ``make_inputs``.

    ``src_fn``/``tgt_fn`` are the functions the report is about (their locations and names);
    ``plain_source`` says that the source side is ``src_fn`` applied to the inputs as they are
    (so tools that evaluate ``src_fn`` alone, e.g. the source-UB witness, apply)."""

    name: str
    src_fn: Function
    tgt_fn: Function
    make_inputs: Callable[[Any], Any]  # fp -> Inputs
    encode_source: Callable[[Any, Any], Any]  # (Inputs, fp) -> Encoded
    encode_target: Callable[[Any, Any], Any]
    confirm: Callable[[Any, bool], Any] | None = None  # (Counterexample, approximate) -> Confirmation
    plain_source: bool = True
    description: str = ""
    exact: frozenset[str] = frozenset()  # approximations exact for the property checked


def direct_pair(name: str, src_mod: Module, s: Function, tgt_mod: Module, g: Function) -> ContractPair:
    """The ordinary property: ``g`` refines ``s`` on the same arguments (same signature)."""
    from irverify.verify.check import check_signatures
    from irverify.verify.encode import encode_function, make_inputs

    check_signatures(name, s, g)

    def confirm(cex, approximate: bool):
        from irverify.frontends import frontend_named

        return frontend_named(src_mod.frontend).confirm(src_mod, s, tgt_mod, g, cex, approximate)

    return ContractPair(name, s, g, lambda fp: make_inputs(s, fp, src_mod.frontend == "mlir"),
                        lambda inputs, fp: encode_function(s, src_mod, inputs, fp),
                        lambda inputs, fp: encode_function(g, tgt_mod, inputs, fp), confirm)


def contract_named(name: str, **options):
    """The contract object called ``name`` (as on the command line), built with ``options``."""
    if name == "lift-transform-params":
        from irverify.contracts.lift_transform_params import LiftTransformParams

        return LiftTransformParams(**options)
    if name == "decompose-ops-for-inference":
        from irverify.contracts.inference import DecomposeOpsForInference

        return DecomposeOpsForInference(**options)
    if options:
        raise InputError(f"the {name} contract takes no options")
    if name == "demote-i64-to-i32":
        from irverify.contracts.convert_types import DemoteI64ToI32

        return DemoteI64ToI32()
    if name == "promote-bf16-to-f32":
        from irverify.contracts.convert_types import PromoteBf16ToF32

        return PromoteBf16ToF32()
    raise InputError(f"unknown contract '{name}' (known: {', '.join(CONTRACT_NAMES)})")


def suggest_contract(src: Module, tgt: Module) -> None:
    """Raise an ``InputError`` naming the contract to use when ``tgt`` looks like the output of
    a pass that changes signatures (a plain same-name comparison would be meaningless)."""
    if src.frontend != "relax" or tgt.frontend != "relax":
        return
    from irverify.contracts.lift_transform_params import looks_lifted

    hint = looks_lifted(src, tgt)
    if hint is not None:
        raise InputError(hint)


def contract_for_pipeline(pipeline: str):
    """The contract implied by an MLIR pass pipeline: the type-converting pass it runs
    (``iree-input-conversion-demote-i64-to-i32``, ``...-promote-bf16-to-f32``), or ``None``.
    A pipeline running both, or one of them among other passes that change signatures, is
    checked without a contract."""
    import re

    from irverify.contracts.convert_types import CONVERSIONS

    found = [c for c in CONVERSIONS if re.search(rf"(?<![\w-]){re.escape(c.pass_name)}(?![\w-])", pipeline)]
    return contract_named(found[0].name) if len(found) == 1 else None


def contract_for_pass(expression: str):
    """The contract implied by a ``relax.transform`` expression (``None``: same signatures).

    ``LiftTransformParams(...)`` anywhere in the expression selects its contract, with the
    ``shared_transform`` option read from the call (a Python literal; the pass default is
    ``False``); ``DecomposeOpsForInference(...)`` selects its own, with the ``func_name``
    option (default: every function)."""
    import ast

    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError as e:
        raise InputError(f"invalid pass expression '{expression}': {e.msg}") from None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
        if name == "DecomposeOpsForInference":
            func_name = _first_arg(node, "func_name", None, name, expression)
            return contract_named("decompose-ops-for-inference", func_name=func_name)
        if name == "LiftTransformParams":
            shared = _first_arg(node, "shared_transform", False, name, expression)
            return contract_named("lift-transform-params", shared_transform=shared)
    return None


def _first_arg(call, keyword: str, default, pass_name: str, expression: str):
    """The value of a pass call's first argument (positional, or by ``keyword``): a Python
    literal, or ``default`` when absent."""
    import ast

    arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == keyword), None)
    try:
        return default if arg is None else ast.literal_eval(arg)
    except ValueError:
        raise InputError(f"{pass_name}: {keyword} must be a literal in '{expression}'") from None


def contract_hint(s: Function, g: Function) -> str:
    """When every type that differs between the signatures of ``s`` and ``g`` is changed the way
    a type-converting pass changes it on purpose, the sentence naming the contract that checks
    such a pass; ``''`` otherwise."""
    from irverify.contracts.convert_types import CONVERSIONS, converts_signature

    for conv in CONVERSIONS:
        if converts_signature(conv, s, g):
            return (f"the types changed as {conv.pass_name} changes them on purpose: check it with "
                    f"--contract {conv.name}")
    return ""
