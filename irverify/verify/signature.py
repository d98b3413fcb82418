"""Public signatures: what a target changed in a source function's signature (an ``incorrect``
finding of its own, kind ``signature-changed``), and the changes irverify cannot judge (a
materialised encoding, an ABI wrapper it does not read: ``Unsupported``)."""

from __future__ import annotations

from irverify.errors import InputError, Unsupported
from irverify.ir.core import Function, OpaqueType, TensorType, UnknownTensorType, is_scalar
from irverify.verify.verdict import FunctionReport, Verdict

SIGNATURE_CHANGED = "signature-changed"
"""The ``kind`` of an ``incorrect`` report whose target changed a public signature (argument or
result types or counts) or no longer defines a public function: callers outside the module
cannot call the target as they called the source, whatever it computes."""
SIGNATURE_ERROR = "public signature changed"


def check_signatures(name: str, s: Function, g: Function, results: bool = True) -> None:
    """Same argument types (else an input error); with ``results``, the same result types too.
    Used where a contract pairs functions that must keep their signatures."""
    same_args = [a.type for a in s.args] == [a.type for a in g.args]
    if not same_args or (results and s.signature != g.signature):
        raise InputError(f"{g.loc}: signature of @{name} differs: source {s.signature}, target {g.signature}")


def _encoding_materialised(s: Function, g: Function) -> bool:
    """Do the argument types differ where a tensor encoding is involved (a pass materialised
    the layout the encoding left open)?"""
    if len(s.args) != len(g.args):
        return False
    return any(a.type != b.type and isinstance(a.type, TensorType) and isinstance(b.type, TensorType)
               and (a.type.encoding or b.type.encoding) and a.type.encoding != b.type.encoding
               for a, b in zip(s.args, g.args))


def signature_change(s: Function, g: Function, frontend: str = "") -> str | None:
    """What the target changed in the public signature of ``s``, or ``None``.

    Arguments: any difference of count or type (a caller passes the source's arguments).
    Results: a different count, dtype, rank or static extent, or a type of another kind (the
    caller observes a different value); symbolic extents are compared as values by the
    refinement check instead, and a changed tensor encoding of a result is ``Unsupported``
    (only a layout contract relates the two types)."""
    _unread_abi_wrapper(s, g)
    if len(s.args) != len(g.args):
        return f"the source takes {len(s.args)} arguments, the target {len(g.args)}"
    for k, (a, b) in enumerate(zip(s.args, g.args)):
        if a.type != b.type:
            return (f"argument #{k}{f' ({a.name})' if a.name else ''}: {_type_text(a.type, frontend)} in "
                    f"the source, {_type_text(b.type, frontend)} in the target")
    return result_difference(s, g, frontend)


BUFFER_VIEW = "!hal.buffer_view"  # (frontends.mlir.abi; not imported: a Relax check loads no MLIR frontend)


def _unread_abi_wrapper(s: Function, g: Function) -> None:
    """One side still takes or returns ``!hal.buffer_view`` where the other does not: an ABI
    wrapper irverify did not read as the function it wraps (``frontends.mlir.abi``: not of the
    plain synchronous form). The signatures then differ by the wrapper, not by what a caller
    computes, so that is ``Unsupported``, not a changed signature."""
    for f, other in ((s, g), (g, s)):
        views = [str(t) for t in [a.type for a in f.args] + list(f.result_types) if str(t) == BUFFER_VIEW]
        if views and not any(str(t) == BUFFER_VIEW for t in [a.type for a in other.args] + list(other.result_types)):
            raise Unsupported(f"!hal.buffer_view in the signature of @{f.name}: an ABI wrapper irverify "
                              "does not read as the function it wraps", f.loc)


def result_difference(s: Function, g: Function, frontend: str = "") -> str | None:
    """On the same arguments, a result whose count, dtype, rank or static extent the target
    changed (``signature_change``); ``None`` when nothing differs at the type level that the
    refinement check would not see."""
    if len(s.result_types) != len(g.result_types):
        return f"the source returns {len(s.result_types)} results, the target {len(g.result_types)}"
    for k, (a, b) in enumerate(zip(s.result_types, g.result_types)):
        if a == b:
            continue
        if isinstance(a, TensorType) and isinstance(b, TensorType) and (a.encoding or b.encoding) \
                and a.encoding != b.encoding:
            # an encoding says the layout is decided later (materialised by a pass): the types
            # of the two sides are related by that layout, which only a contract states
            raise Unsupported(f"materialised tensor encoding of a result (result #{k}: {a} in the "
                              f"source, {b} in the target; only a layout contract relates them)", g.loc)
        if isinstance(a, TensorType) and isinstance(b, TensorType):
            if a.elem != b.elem and a.rank == b.rank:
                return f"result #{k}: {_elem_text(a.elem, frontend)} in the source, {_elem_text(b.elem, frontend)} in the target"
            static_differs = any(isinstance(x, int) and isinstance(y, int) and x != y
                                 for x, y in zip(a.shape, b.shape))
            if a.rank != b.rank or static_differs:
                return f"result #{k}: {a} in the source, {b} in the target"
        elif type(a) is type(b) and not is_scalar(a) or isinstance(a, (UnknownTensorType, OpaqueType)) \
                or isinstance(b, (UnknownTensorType, OpaqueType)):
            continue  # compared as values (or found incomparable) by the refinement check
        else:
            return f"result #{k}: {a} in the source, {b} in the target"
    return None


def signature_report(name: str, s: Function, g: Function, change: str) -> FunctionReport:
    """The ``incorrect`` report of a changed public signature (kind ``signature-changed``), with
    the contract to use when the change is one a known pass makes on purpose."""
    from irverify.contracts import contract_hint

    notes = [f"source signature {s.signature}", f"target signature {g.signature} ({g.loc})"]
    hint = contract_hint(s, g)
    if hint:
        notes.append(hint)
    return FunctionReport(name, Verdict.INCORRECT, message=change, notes=notes, kind=SIGNATURE_CHANGED)


def _type_text(ty, frontend: str) -> str:
    if frontend == "relax" and is_scalar(ty):
        return _elem_text(ty, frontend)
    return str(ty)


def _elem_text(ty, frontend: str) -> str:
    if frontend == "relax":
        from irverify.semantics.relax import dtype_name

        try:
            return dtype_name(ty)
        except (KeyError, AttributeError):
            pass
    return str(ty)
