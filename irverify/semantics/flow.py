"""IREE ``flow`` dialect semantics (https://iree.dev/reference/mlir-dialects/Flow/).

``flow.dispatch.region[WORKLOAD] -> (TYPES{RESULT_DIMS}) { BODY } count(...) { ... }``: the
values the body returns with ``flow.return`` are the op's results (the region is modelled by its
body, which sees the enclosing function's values). ``RESULT_DIMS`` declare the dynamic extents
of the results: a returned tensor whose extent differs from its declared one is UB. The workload
and the ``count`` region only say how many workgroups run the dispatch, which no value depends
on, so they are not part of the encoding.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import Op, TensorType
from irverify.semantics.registry import semantics
from irverify.semantics.values import Tensor
from irverify.smt import terms as t


@semantics("flow.dispatch.region")
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
