"""IREE ``flow`` dialect semantics (https://iree.dev/reference/mlir-dialects/Flow/).

``flow.dispatch.region[WORKLOAD] -> (TYPES{RESULT_DIMS}) { BODY } count(...) { ... }``: the
values the body returns with ``flow.return`` are the op's results (the region is modelled by its
body, which sees the enclosing function's values). ``RESULT_DIMS`` declare the dynamic extents
of the results: a returned tensor whose extent differs from its declared one is UB. The workload
and the ``count`` region only say how many workgroups run the dispatch, which no value depends
on, so they are not part of the encoding.
"""

from __future__ import annotations

import re

from irverify.errors import Unsupported
from irverify.ir.core import Op, TensorType
from irverify.semantics.common import operand_segments, walk_ops
from irverify.semantics.registry import semantics
from irverify.model.values import Tensor
from irverify.smt import terms as t


@semantics("flow.dispatch.region", poison_ub={"all": "a declared extent"}, memory="regions")
def dispatch_region(ctx, op: Op, *operands):
    """The body's ``flow.return`` operands; a declared dynamic extent must be the returned one."""
    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != 2 or not op.regions or len(op.regions[0]) != 1:
        raise Unsupported("flow.dispatch.region of an unexpected form", op.loc)
    declared = list(operands[:sizes[0]])
    results = ctx.run_block(op.regions[0][0], [])
    if len(results) != len(op.results):
        raise Unsupported("flow.dispatch.region returning a different number of values", op.loc)
    k = 0
    for res, value in zip(op.results, results):
        if not isinstance(res.type, TensorType):
            continue
        if not isinstance(value, Tensor):
            raise Unsupported("flow.dispatch.region returning a non-tensor for a tensor result", op.loc)
        for j, d in enumerate(res.type.shape):
            if d is None:
                ctx.add_ub(value.dims[j] != declared[k].term,
                           "flow.dispatch.region: a result extent differs from its declared extent")
                k += 1
            else:
                ctx.add_ub(value.dims[j] != t.int_val(d),
                           "flow.dispatch.region: a result extent differs from its type")
    return results


# ----------------------------------------------------------------------------- flow.tensor.*
# Upstream: compiler/src/iree/compiler/Dialect/Flow/IR/FlowOps.td (TensorReshapeOp,
# TensorSliceOp, TensorUpdateOp, TensorSplatOp). Each takes the dynamic extents of its tensor
# operands and results as operands (``{...}``): an extent that differs from the tensor's actual
# one is UB, as is a slice or an update that does not lie inside its tensor.


def _plain(op: Op, *tensors) -> None:
    for v in tensors:
        if not isinstance(v, Tensor) or type(v.type) is not TensorType or v.type.encoding is not None:
            raise Unsupported(f"'{op.name}' on a value that is not a plain tensor", op.loc)
    for r in op.results:
        if type(r.type) is not TensorType or r.type.encoding is not None:
            raise Unsupported(f"'{op.name}' result of type {r.type}", op.loc)


def _check_dims(ctx, op: Op, value: Tensor, declared, what: str) -> None:
    dyn = [d for d, s in zip(value.dims, value.type.shape) if s is None]
    if len(dyn) != len(declared):
        raise Unsupported(f"'{op.name}' {what} dims", op.loc)
    for k, (d, v) in enumerate(zip(dyn, declared)):
        ctx.add_ub(d != v.term, f"{op.name}: declared dynamic extent {k} of the {what} differs from its extent")


def _result_dims(ctx, op: Op, declared) -> list:
    ty = op.results[0].type
    it = iter(declared)
    dims = [t.int_val(s) if s is not None else next(it).term for s in ty.shape]
    for k, d in enumerate(dims):
        ctx.add_ub(t.lt(d, t.int_val(0)), f"{op.name}: negative result extent in dim {k}")
    return dims


@semantics("flow.tensor.reshape", poison_ub={"all": "an extent"})
def tensor_reshape(ctx, op: Op, *args):
    """The same elements in row-major order with the result's extents; UB unless the element
    counts agree."""
    from irverify.semantics.tensor import delinearize, linearize, map_tensor

    src, src_dims, res_dims = operand_segments(op, args, 3)
    src = src[0]
    _plain(op, src)
    _check_dims(ctx, op, src, src_dims, "source")
    dims = _result_dims(ctx, op, res_dims)
    ctx.add_ub(t.product(dims) != t.product(src.dims), "flow.tensor.reshape: element counts differ")
    return map_tensor(op.results[0].type, dims, src,
                      lambda idx: delinearize(linearize(idx, dims), src.dims) if src.rank else [])


@semantics("flow.tensor.slice", poison_ub={"all": "an extent, start or length"})
def tensor_slice(ctx, op: Op, *args):
    """``result[i] = source[start + i]`` with extents ``lengths``; UB unless the slice lies in
    the source."""
    from irverify.semantics.tensor import map_tensor

    src, src_dims, starts, lengths, res_dims = operand_segments(op, args, 5)
    src = src[0]
    _plain(op, src)
    _check_dims(ctx, op, src, src_dims, "source")
    dims = _result_dims(ctx, op, res_dims)
    if not (len(starts) == len(lengths) == src.rank):
        raise Unsupported("flow.tensor.slice operand counts", op.loc)
    for k, (s, n, d, r) in enumerate(zip(starts, lengths, src.dims, dims)):
        ctx.add_ub(r != n.term, f"flow.tensor.slice: result extent {k} differs from its length")
        ctx.add_ub(t.or_(t.lt(s.term, t.int_val(0)), t.lt(n.term, t.int_val(0)), t.lt(d, s.term + n.term)),
                   f"flow.tensor.slice: slice out of bounds in dim {k}")
    return map_tensor(op.results[0].type, dims, src, lambda idx: [s.term + i for s, i in zip(starts, idx)])


@semantics("flow.tensor.update", poison_ub={"all": "an extent or start index"})
def tensor_update(ctx, op: Op, *args):
    """``target`` with ``update`` written at ``start``; UB unless it lies inside ``target``."""
    target, target_dims, starts, update, update_dims = operand_segments(op, args, 5)
    target, update = target[0], update[0]
    _plain(op, target, update)
    _check_dims(ctx, op, target, target_dims, "target")
    _check_dims(ctx, op, update, update_dims, "update")
    if not (len(starts) == target.rank == update.rank):
        raise Unsupported("flow.tensor.update operand counts", op.loc)
    for k, (s, n, d) in enumerate(zip(starts, update.dims, target.dims)):
        ctx.add_ub(t.or_(t.lt(s.term, t.int_val(0)), t.lt(d, s.term + n)),
                   f"flow.tensor.update: update out of bounds in dim {k}")

    def inside(idx):
        return t.and_(*(t.in_range(i - s.term, n) for i, s, n in zip(idx, starts, update.dims)))

    def rel(idx):
        return [i - s.term for i, s in zip(idx, starts)]

    def elem(idx):
        return t.ite(inside(idx), update.at(rel(idx)), target.at(idx))

    defined = None
    if target.defined is not None or update.defined is not None:
        def defined(idx):
            return t.ite(inside(idx), update.is_defined(rel(idx)), target.is_defined(idx))

    return Tensor(op.results[0].type, list(target.dims), elem, defined)


@semantics("flow.tensor.splat", poison_ub={"1:": "an extent"})
def tensor_splat(ctx, op: Op, value, *res_dims):
    """A tensor of the result's extents, every element ``value`` (a poison ``value`` makes every
    element poison, as ``linalg.fill`` does; a poison extent is UB)."""
    from irverify.model.values import Scalar

    if not isinstance(value, Scalar):
        raise Unsupported("flow.tensor.splat of a non-scalar", op.loc)
    _plain(op)
    dims = _result_dims(ctx, op, list(res_dims))
    defined = None if value.poison is None else (lambda _i, p=value.poison: t.not_(p))
    return Tensor(op.results[0].type, dims, lambda _i, v=value.term: v, defined)


@semantics("flow.tensor.encode", attrs=("operandSegmentSizes",), poison_ub={"1:": "an extent"})
def tensor_encode(ctx, op: Op, src, *dims):
    """An encoding change (``semantics/encoding.py``)."""
    from irverify.semantics import encoding

    return encoding.tensor_encode(ctx, op, src, *dims)


@semantics("flow.tensor.tie_shape", poison_ub={"1:": "a declared extent"})
def tensor_tie_shape(ctx, op: Op, src, *dims):
    """``flow.tensor.tie_shape %t : tensor<...>{dims}`` (``FlowOps.td``, ``TensorTieShapeOp``):
    "ties a tensor and its dynamic dimensions": the operand itself, with ``dims`` declaring its
    dynamic extents; a declared extent that differs from the tensor's is UB (the op asserts it).
    Poison elements stay poison."""
    _plain(op, src)
    _check_dims(ctx, op, src, list(dims), "operand")
    if op.results[0].type != src.type:
        raise Unsupported(f"'{op.name}' with a result of type {op.results[0].type}", op.loc)
    return src


@semantics("flow.tensor.load", attrs=("operandSegmentSizes",),
           poison_ub={"1:": "an extent or index"})
def tensor_load(ctx, op: Op, src, *rest):
    """``flow.tensor.load %t[%i...] : tensor<...>{dims}``: "the element at the given location from
    within the tensor" (``TensorLoadOp``), as ``tensor.extract``: a poison element gives a poison
    scalar; an index outside the tensor, a poison index or a declared dynamic extent that differs
    from the tensor's is UB. Vector results are unsupported."""
    from irverify.model.values import Scalar

    sizes = op.attrs.get("operandSegmentSizes")
    if not isinstance(sizes, list) or len(sizes) != 3:
        raise Unsupported("flow.tensor.load of an unexpected form", op.loc)
    if not isinstance(src, Tensor) or type(src.type) is not TensorType or src.type.encoding is not None:
        raise Unsupported(f"'{op.name}' on a value that is not a plain tensor", op.loc)
    if isinstance(op.results[0].type, TensorType) or len(rest) != sizes[1] + sizes[2] or sizes[2] != src.rank:
        raise Unsupported(f"'{op.name}' with a result of type {op.results[0].type}", op.loc)
    _check_dims(ctx, op, src, list(rest[:sizes[1]]), "source")
    idx = [i.term for i in rest[sizes[1]:]]
    ctx.add_ub(t.not_(src.in_bounds(idx)), f"{op.name}: index out of bounds")
    x = src.scalar_at(idx)
    return Scalar(x.term, op.results[0].type, x.poison)


# ----------------------------------------------------------------------------- dispatch.workgroups


@semantics("flow.dispatch.workgroups", attrs=("operandSegmentSizes", "tied_operands"),
           poison_ub={"segment 0": "a workload operand", "segment 2": "an argument extent", "segment 3": "a result extent"})
def dispatch_workgroups(ctx, op: Op, *operands):
    """``flow.dispatch.workgroups[WORKLOAD](ARGS) : (TYPES) -> RESULTS = (BLOCK ARGS) { BODY }
    count(...) { ... }`` (``FlowOps.td``, ``DispatchWorkgroupsOp``): "from the outside the dispatch
    operation has value semantics": each tensor argument is a ``readonly`` dispatch tensor holding
    its value, each result a ``writeonly`` dispatch tensor whose final contents are the result.

    Encoded through the dispatch-tensor memory model (``semantics/iree.py``): every tensor
    argument is a private buffer initialised with its elements (row-major), every result a
    private buffer of its declared extents whose elements are poison until the body stores them;
    the body runs once on views of them (scalar arguments are passed as they are) and the results
    are read back from the result buffers; these buffers are not observable otherwise. The body
    describes the whole dispatch: the workgroup grid (the workload and the ``count`` region) only
    distributes it, which no value depends on (a poison workload operand is UB; a poison scalar
    argument enters the body as poison); a body that reads its workgroup id, count or size
    is unsupported (those ops are not modelled), as are results tied to arguments (in-place
    updates). Dynamic extents are declared (``argument_dims``, ``result_dims``): a declared extent
    of an argument that differs from its extent is UB. Poison elements of an argument stay
    poison in its buffer. A result the body writes with one store of the whole tensor, and
    touches nowhere else, is the stored value itself (``whole_store``): reading it back from
    its buffer gives the same elements.
    """
    from irverify.ir.core import DispatchTensorType
    from irverify.semantics import iree
    from irverify.semantics.tensor import delinearize, linearize
    from irverify.model.values import Scalar

    workload, args, arg_dims, res_dims = operand_segments(op, list(operands), 4)
    ties = op.attrs.get("tied_operands")
    if ties is not None and (not isinstance(ties, list) or any(int(k) != -1 for k in ties)):
        raise Unsupported(f"flow.dispatch.workgroups with tied results {ties}", op.loc)
    arg_dims_it, res_dims_it = iter(arg_dims), iter(res_dims)
    if len(op.regions) != 2 or len(op.regions[0]) != 1:
        raise Unsupported("flow.dispatch.workgroups of an unexpected form", op.loc)
    body = op.regions[0][0]
    if len(body.args) != len(args) + len(op.results):
        raise Unsupported("flow.dispatch.workgroups block arguments", op.loc)
    mem = iree.memory(ctx)
    site = f"dispatch {op.loc}" if op.loc else f"dispatch {id(op)}"
    keys, block_vals = [], []
    for k, (arg, barg) in enumerate(zip(list(args) + [None] * len(op.results), body.args)):
        bty = barg.type
        if not isinstance(bty, DispatchTensorType):
            if arg is None or not isinstance(arg, Scalar):
                raise Unsupported(f"flow.dispatch.workgroups block argument of type {bty}", op.loc)
            block_vals.append(arg)
            continue
        ty = bty.tensor
        if ty.encoding is not None:
            raise Unsupported(f"flow.dispatch.workgroups dispatch tensor {bty}", op.loc)
        declared = arg_dims_it if arg is not None else res_dims_it
        try:
            dims = [t.int_val(s) if s is not None else next(declared).term for s in ty.shape]
        except StopIteration:
            raise Unsupported("flow.dispatch.workgroups declared extents", op.loc) from None
        key = f"{site} #{k}"
        if arg is not None:
            if bty.access != "readonly" or not isinstance(arg, Tensor) or arg.type.elem != ty.elem \
                    or tuple(arg.type.shape) != tuple(ty.shape):
                raise Unsupported(f"flow.dispatch.workgroups argument {k} as {bty}", op.loc)
            for j, (d, a) in enumerate(zip(dims, arg.dims)):
                ctx.add_ub(d != a, f"flow.dispatch.workgroups: declared extent {j} of argument {k} differs from its extent")
            p = t.fresh_int("dispatch_p")

            def index(p=p, dims=dims):
                return delinearize(p, dims) if dims else []

            init = t.lambda_([p], arg.at(index()))
            init_defined = None if arg.defined is None else t.lambda_([p], arg.is_defined(index()))
            buf = iree.Buffer(key, ty.elem, t.product(dims), init, (), ctx.fp, {ty.elem},
                              name=f"argument {k} of {site}", initial_defined=init_defined)
        else:
            if bty.access != "writeonly":
                raise Unsupported(f"flow.dispatch.workgroups result as {bty}", op.loc)
            for j, d in enumerate(dims):
                ctx.add_ub(t.lt(d, t.int_val(0)), f"flow.dispatch.workgroups: negative result extent in dim {j}")
            buf = iree.Buffer(key, ty.elem, t.product(dims), t.const_array(1, _zero(ctx, ty.elem)), (), ctx.fp,
                              {ty.elem}, name=f"result of {site}", uninitialised=True)
        if key in mem.buffers:
            raise Unsupported("flow.dispatch.workgroups encoded twice at one site", op.loc)
        mem.buffers[key] = buf
        keys.append(key)
        block_vals.append(iree.View(bty, key, t.int_val(0), dims))
    outputs = dict(ctx.state.extra_outputs)
    if next(arg_dims_it, None) is not None or next(res_dims_it, None) is not None:
        raise Unsupported("flow.dispatch.workgroups declared extents", op.loc)
    if ctx.run_block(body, block_vals):
        raise Unsupported("flow.dispatch.workgroups body returning values", op.loc)
    results = []
    result_args = body.args[len(body.args) - len(op.results):]
    for r, key, view, barg in zip(op.results, keys[len(keys) - len(op.results):],
                                  block_vals[len(block_vals) - len(op.results):], result_args):
        stored = whole_store(body, barg)
        if stored is not None and stored.id in ctx.values and isinstance(ctx.values[stored.id], Tensor):
            results.append(ctx.values[stored.id])  # the one store wrote every element: the result is its value
            continue
        buf = mem.buffers[key]
        ty = r.type
        dims = list(view.dims)
        results.append(Tensor(ty, dims, lambda idx, b=buf, d=dims: b.read(linearize(idx, d))[0],
                              lambda idx, b=buf, d=dims: b.read(linearize(idx, d))[1]))
    for key in keys:
        del mem.buffers[key]
    ctx.state.extra_outputs.clear()
    ctx.state.extra_outputs.update(outputs)
    return results


def whole_span(op: Op, view_type) -> bool:
    """Does a ``dispatch.tensor.load``/``store`` cover its whole dispatch tensor: offsets 0,
    strides 1, each static size the tensor's extent and each dynamic size the very value the op
    declares as that dynamic extent (``{dims}``; a declared extent that differs from the view's
    is UB of the op, ``iree.check_slice``), with no other dynamic operand?"""
    from irverify.semantics.common import DYNAMIC
    from irverify.semantics.iree import split_operands

    shape = list(view_type.tensor.shape)
    if (list(op.attrs.get("static_offsets", [])) != [0] * len(shape)
            or list(op.attrs.get("static_strides", [])) != [1] * len(shape)):
        return False
    sizes = list(op.attrs.get("static_sizes", []))
    if sizes != [DYNAMIC if d is None else d for d in shape]:
        return False
    if "operandSegmentSizes" not in op.attrs:  # no dynamic operand at all
        return None not in shape and len(op.operands) == (1 if op.name.endswith(".load") else 2)
    try:
        groups = split_operands(op, op.operands, 5 if op.name.endswith(".load") else 6)
    except Unsupported:  # (an unexpected operand layout)
        return False
    dims, offsets, dyn_sizes, strides = groups[-4:]
    return not offsets and not strides and [v.id for v in dyn_sizes] == [v.id for v in dims]


def whole_store(body, view):
    """The value stored into the result view ``view`` of a ``flow.dispatch.workgroups`` body when
    the body's only use of it is one store, at the body's top level, of the whole tensor (the
    result is then that value); else None."""
    uses = [op for op in walk_ops(body.ops) if any(v.id == view.id for v in op.operands)]
    if len(uses) != 1 or uses[0] not in body.ops:
        return None
    store = uses[0]
    if store.name != "iree_tensor_ext.dispatch.tensor.store" or store.operands[1].id != view.id \
            or not whole_span(store, view.type):
        return None
    return store.operands[0]


def _zero(ctx, elem):
    from irverify.model.sorts import scalar_sort

    return t.zero_of(scalar_sort(elem, ctx.fp))


# ----------------------------------------------------------------------------- dispatch, trace


@semantics("flow.dispatch", attrs=("entry_points", "operandSegmentSizes", "tied_operands"))
def dispatch(ctx, op: Op, *operands):
    """``flow.dispatch @ex::@entry[WORKLOAD](ARGS) : (TYPES) -> RESULTS`` (``FlowOps.td``,
    ``DispatchOp``): runs an executable's entry point on tensors and returns new tensors. The
    executable's body is not read: the dispatch is an opaque op (``semantics/opaque.py``), an
    uninterpreted function of the entry point, its attributes, its operands (the workload
    included) and its result types, so that rewrites which keep, move or share a dispatch are
    proved and a counterexample through its values needs execution. A result tied to an operand
    (an in-place update) is unsupported."""
    from irverify.semantics import opaque
    from irverify.semantics.util import require_untied

    require_untied(op.attrs.get("tied_operands"), "'flow.dispatch'", op.loc)
    # The executable the entry point belongs to, as this module defines it (a pass may change
    # it): its text is part of the function's name; one the module does not define is external,
    # the same on both sides.
    entries = str(op.attrs.get("entry_points", ""))
    roots = sorted(set(re.findall(r"@([\w$.\-]+)::", entries)) | set(re.findall(r"@\"([^\"]+)\"::", entries)))
    if not roots:
        raise Unsupported(f"'flow.dispatch' entry points {entries}", op.loc)
    bodies = ",".join(f"{r}={ctx.module.symbols.get(r, 'external')}" for r in roots)
    ctx.approximate("opaque op 'flow.dispatch'")
    key = opaque.function_name("opaque", op, "executables " + bodies)
    return opaque.uninterpreted_results(ctx, op, key, operands, "opaque op 'flow.dispatch'")


TRACE_NOTE = ("flow.tensor.trace prints tensors to a debugging trace; irverify compares the "
              "values functions compute, not the trace")


@semantics("flow.tensor.trace", attrs=("key", "operandSegmentSizes"), pure=False)
def tensor_trace(ctx, op: Op, *operands):
    """``flow.tensor.trace "KEY" = [VALUES]`` (``FlowOps.td``, ``TensorTraceOp``): "traces one or
    more tensor values at runtime" -- a debugging side channel with no results. It changes no
    value; irverify does not compare the traces of source and target (noted in the report)."""
    if op.results:
        raise Unsupported("flow.tensor.trace with results", op.loc)
    ctx.state.notes.add(TRACE_NOTE)
    return []
