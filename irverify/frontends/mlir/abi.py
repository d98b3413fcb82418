"""IREE's synchronous ABI wrapper, read as the function it wraps.

``iree-abi-wrap-entry-points`` (invocation model ``sync``) turns a public function on tensors
into one on ``!hal.buffer_view``: each argument is a buffer view that one ``hal.tensor.import``
turns into the tensor the function computed on, and each result a ``hal.tensor.export`` of the
tensor it returned. The wrapper computes nothing itself (an import of a buffer view whose shape
or element type differs from the declared tensor fails at run time, before any computation),
so irverify reads such a function as the function on the tensors: the imports' results become
its arguments and the exported tensors its results. Only the plain form is read this way: one
import per argument, with no dynamic extents, no wait fence and no encoding other than the
result's type; every result an export of a tensor with its own type. Anything else is left as
it is, and the buffer-view type then makes the check ``unsupported``, naming it.
"""

from __future__ import annotations

from irverify.ir.core import Block, Function, OpaqueType, Op

BUFFER_VIEW = "!hal.buffer_view"
RETURNS = ("func.return", "util.return")


def _is_view(ty) -> bool:
    return isinstance(ty, OpaqueType) and ty.text == BUFFER_VIEW


def _plain_import(op: Op) -> bool:
    """The buffer view is its only operand (no dynamic extents, no wait fence)."""
    return (op.name == "hal.tensor.import" and len(op.operands) == 1 and len(op.results) == 1
            and op.attrs.get("target_encoding", op.results[0].type) == op.results[0].type)


def _plain_export(op: Op) -> bool:
    return (op.name == "hal.tensor.export" and len(op.operands) == 1 and len(op.results) == 1
            and op.attrs.get("source_encoding", op.operands[0].type) == op.operands[0].type)


def peel_sync_abi(fn: Function) -> Function:
    """``fn`` read as the function its synchronous ABI wrapper wraps (module docstring), or
    ``fn`` itself when it has no wrapper of the plain form."""
    if fn.body is None or not (any(_is_view(a.type) for a in fn.args) or any(map(_is_view, fn.result_types))):
        return fn
    ops = fn.body.ops
    if not ops or ops[-1].name not in RETURNS:
        return fn
    uses: dict[int, list[Op]] = {}
    for op in ops:
        for v in op.operands:
            uses.setdefault(v.id, []).append(op)
    args = []
    dropped: set[int] = set()
    for a in fn.args:
        if not _is_view(a.type):
            args.append(a)
            continue
        users = uses.get(a.id, [])
        if len(users) != 1 or not _plain_import(users[0]):
            return fn
        args.append(users[0].results[0])
        dropped.add(id(users[0]))
    ret = ops[-1]
    results, result_types = [], []
    producers = {r.id: op for op in ops for r in op.results}
    for v, ty in zip(ret.operands, fn.result_types):
        if not _is_view(ty):
            results.append(v)
            result_types.append(ty)
            continue
        export = producers.get(v.id)
        if export is None or not _plain_export(export) or len(uses.get(v.id, [])) != 1:
            return fn
        results.append(export.operands[0])
        result_types.append(export.operands[0].type)
        dropped.add(id(export))
    body_ops = [op for op in ops[:-1] if id(op) not in dropped]
    new_ret = Op(ret.name, results, [], dict(ret.attrs), [], ret.loc)
    block = Block(args, body_ops + [new_ret])
    attrs = {**fn.attrs, "irverify.abi": "sync wrapper read as the function on tensors"}
    return Function(fn.name, args, result_types, block, fn.loc, attrs, fn.public)


def read_through_call(fn: Function, functions: dict[str, Function]) -> Function:
    """A peeled wrapper whose whole body calls a private function of the module on its arguments
    and returns what the call returns (``iree-abi-wrap-entry-points`` moves the original body
    into ``@_NAME``) is that function under the wrapper's name; anything else is ``fn``."""
    if "irverify.abi" not in fn.attrs or fn.body is None or len(fn.body.ops) != 2:
        return fn
    call, ret = fn.body.ops
    callee = functions.get(str(call.attrs.get("callee", "")))
    if (call.name not in ("func.call", "util.call") or callee is None or callee.public or callee.body is None
            or list(call.attrs.get("tied_operands", [-1] * len(call.results))) != [-1] * len(call.results)
            or [v.id for v in call.operands] != [a.id for a in fn.args]
            or [v.id for v in ret.operands] != [r.id for r in call.results]
            or [a.type for a in callee.args] != [a.type for a in fn.args]
            or list(callee.result_types) != list(fn.result_types)):
        return fn
    return Function(fn.name, callee.args, list(callee.result_types), callee.body, fn.loc,
                    {**fn.attrs, "irverify.abi": f"sync wrapper of @{callee.name} read as @{callee.name}"}, fn.public)
