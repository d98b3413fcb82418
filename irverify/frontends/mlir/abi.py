"""IREE's synchronous ABI wrapper, read as the function it wraps.

``iree-abi-wrap-entry-points`` (invocation model ``sync``) turns a public function on tensors
into one on ``!hal.buffer_view``: each argument is a buffer view that one ``hal.tensor.import``
turns into the tensor the function computed on, and each result a ``hal.tensor.export`` of the
tensor it returned. The wrapper computes nothing itself (an import of a buffer view whose shape
or element type differs from the declared tensor fails at run time, before any computation),
so irverify reads such a function as the function on the tensors: the imports' results become
its arguments and the exported tensors its results.

Dynamic extents: an import's extents must be ``hal.buffer_view.dim`` of its own buffer view at
the positions of the tensor's dynamic dims (what the wrapper emits: the import then checks
nothing more than the shape), and every ``hal.buffer_view.dim`` of a peeled view is read as
``tensor.dim`` of the imported tensor. An export declares its tensor's dynamic extents
(``tensor<?x4xf32>{%d}``); it is read as ``flow.tensor.tie_shape`` of the tensor with those
extents, so a declared extent that differs from the tensor's is UB, as the op's contract says.

Only this form is read so: one import per argument (no wait fence, no byte offset, no encoding
other than the result's type), the views used by nothing else, every result an export of a
tensor with its own type. Anything else is left as it is, and the buffer-view type then makes
the check ``unsupported``, naming it.
"""

from __future__ import annotations

from irverify.ir.core import Block, Function, IndexType, OpaqueType, Op, TensorType, Value

BUFFER_VIEW = "!hal.buffer_view"
RETURNS = ("func.return", "util.return")


def _is_view(ty) -> bool:
    return isinstance(ty, OpaqueType) and ty.text == BUFFER_VIEW


def _dynamic_positions(ty) -> list[int]:
    return [k for k, d in enumerate(ty.shape) if d is None] if isinstance(ty, TensorType) else []


def _plain_import(op: Op, view: Value, dim_ops: dict[int, Op]) -> bool:
    """An import of ``view`` alone whose extents are the view's own (``hal.buffer_view.dim`` of
    ``view`` at each dynamic position), with no wait fence or byte offset."""
    if op.name != "hal.tensor.import" or len(op.results) != 1 or op.operands[:1] != [view]:
        return False
    ty = op.results[0].type
    if op.attrs.get("target_encoding", ty) != ty:
        return False
    dims = op.operands[1:]
    positions = _dynamic_positions(ty)
    sizes = op.attrs.get("operandSegmentSizes", [1, len(dims), 0, 0])
    if list(sizes) != [1, len(dims), 0, 0] or len(dims) != len(positions):
        return False
    for d, k in zip(dims, positions):
        producer = dim_ops.get(d.id)
        if producer is None or producer.operands[0] is not view or producer.attrs.get("index") != k:
            return False
    return True


def _plain_export(op: Op) -> bool:
    """An export of one tensor, with its type and one declared extent per dynamic dim."""
    return (op.name == "hal.tensor.export" and len(op.results) == 1 and op.operands
            and op.attrs.get("source_encoding", op.operands[0].type) == op.operands[0].type
            and len(op.operands) == 1 + len(_dynamic_positions(op.operands[0].type)))


def _view_dim_as_tensor_dim(op: Op, tensor: Value) -> list[Op]:
    """``hal.buffer_view.dim<%view>[k]`` of a peeled view: ``tensor.dim`` of its tensor."""
    k = Value(IndexType(), f"%abi_dim_index{op.attrs['index']}")
    const = Op("arith.constant", [], [k], {"value": op.attrs["index"]}, [], op.loc)
    return [const, Op("tensor.dim", [tensor, k], list(op.results), {}, [], op.loc)]


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
    dim_ops = {op.results[0].id: op for op in ops if op.name == "hal.buffer_view.dim" and len(op.results) == 1}
    args = []
    replaced: dict[int, list[Op]] = {}  # id(op) -> the ops read in its place ([] drops it)
    for a in fn.args:
        if not _is_view(a.type):
            args.append(a)
            continue
        users = uses.get(a.id, [])
        imports = [u for u in users if u.name == "hal.tensor.import"]
        dims = [u for u in users if u.name == "hal.buffer_view.dim"]
        if len(imports) != 1 or len(imports) + len(dims) != len(users) or not _plain_import(imports[0], a, dim_ops):
            return fn
        tensor = imports[0].results[0]
        if any(not isinstance(d.attrs.get("index"), int) or not 0 <= d.attrs["index"] < tensor.type.rank
               for d in dims):
            return fn
        args.append(tensor)
        replaced[id(imports[0])] = []
        for d in dims:
            replaced[id(d)] = _view_dim_as_tensor_dim(d, tensor)
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
        tensor = export.operands[0]
        if len(export.operands) == 1:
            replaced[id(export)] = []
            results.append(tensor)
        else:
            tied = Value(tensor.type, v.name)
            replaced[id(export)] = [Op("flow.tensor.tie_shape", list(export.operands), [tied], {}, [], export.loc)]
            results.append(tied)
        result_types.append(tensor.type)
    body_ops = [new for op in ops[:-1] for new in replaced.get(id(op), [op])]
    new_ret = Op(ret.name, results, [], dict(ret.attrs), [], ret.loc)
    block = Block(args, body_ops + [new_ret])
    attrs = {**fn.attrs, "irverify.abi": "sync wrapper read as the function on tensors"}
    return Function(fn.name, args, result_types, block, fn.loc, attrs, fn.public)


def _own_extent_ties(ops: list[Op], args: list[Value], results: list[Value]) -> dict[int, Value] | None:
    """The ops of a peeled wrapper besides its call, when they only restate extents: index
    constants, ``tensor.dim`` of an argument or a call result at a constant position, and ``flow.tensor.tie_shape`` of a call result
    whose every declared extent is ``tensor.dim`` of that same result at that dynamic position
    (true by construction: no UB, the result itself). Returns tie result id -> the call result
    it is, or None for anything else."""
    result_ids = {r.id for r in results}
    known = result_ids | {a.id for a in args}
    consts = {op.results[0].id: op.attrs.get("value") for op in ops
              if op.name == "arith.constant" and len(op.results) == 1 and isinstance(op.results[0].type, IndexType)}
    dims: dict[int, tuple[int, object]] = {}
    ties: dict[int, Value] = {}
    for op in ops:
        if op.name == "arith.constant" and op.results and op.results[0].id in consts:
            continue
        if (op.name == "tensor.dim" and len(op.operands) == 2 and op.operands[0].id in known
                and isinstance(op.operands[0].type, TensorType)
                and isinstance(consts.get(op.operands[1].id), int)
                and 0 <= consts[op.operands[1].id] < op.operands[0].type.rank):  # (in range: no UB)
            dims[op.results[0].id] = (op.operands[0].id, consts[op.operands[1].id])
            continue
        if op.name == "flow.tensor.tie_shape" and op.operands and op.operands[0].id in result_ids \
                and len(op.results) == 1 and op.results[0].type == op.operands[0].type:
            tensor = op.operands[0]
            declared = [dims.get(d.id) for d in op.operands[1:]]
            if declared == [(tensor.id, k) for k in _dynamic_positions(tensor.type)]:
                ties[op.results[0].id] = tensor
                continue
        return None
    return ties


def read_through_call(fn: Function, functions: dict[str, Function]) -> Function:
    """A peeled wrapper whose body calls a private function of the module on its arguments and
    returns what the call returns (``iree-abi-wrap-entry-points`` moves the original body into
    ``@_NAME``), besides ops that only restate the results' own extents (``_own_extent_ties``),
    is that function under the wrapper's name; anything else is ``fn``."""
    if "irverify.abi" not in fn.attrs or fn.body is None:
        return fn
    calls = [op for op in fn.body.ops if op.name in ("func.call", "util.call")]
    if len(calls) != 1:
        return fn
    call, ret = calls[0], fn.body.ops[-1]
    ties = _own_extent_ties([op for op in fn.body.ops[:-1] if op is not call], fn.args, call.results)
    if ties is None:
        return fn
    returned = [ties.get(v.id, v) for v in ret.operands]
    callee = functions.get(str(call.attrs.get("callee", "")))
    if (callee is None or callee.public or callee.body is None
            or list(call.attrs.get("tied_operands", [-1] * len(call.results))) != [-1] * len(call.results)
            or [v.id for v in call.operands] != [a.id for a in fn.args]
            or [v.id for v in returned] != [r.id for r in call.results]
            or [a.type for a in callee.args] != [a.type for a in fn.args]
            or list(callee.result_types) != list(fn.result_types)):
        return fn
    return Function(fn.name, callee.args, list(callee.result_types), callee.body, fn.loc,
                    {**fn.attrs, "irverify.abi": f"sync wrapper of @{callee.name} read as @{callee.name}"}, fn.public)
