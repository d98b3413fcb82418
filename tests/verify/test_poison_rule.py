"""The registry's poison rule, checked op by op on real instances.

For every op of the repository's MLIR test inputs, each scalar, tensor or vector operand in turn
is replaced by a fresh function argument that is poison (a tensor: every element; every other
argument defined), and the function is encoded:

* an operand the op declares in ``poison_ub`` must make the function undefined;
* any other operand must propagate: no UB may come from it, and no element of a result or of
  the final memory may be defined while its value still depends on the poison operand's value
  (the solver looks for one; a semantics function that forgot the poison would give one).

``poison-ops.mlir`` holds an instance of each op with scalar operands that the other inputs
lack, so that every such registered op is exercised.
"""

from __future__ import annotations

import dataclasses
import glob
from collections import Counter
from pathlib import Path

import pytest

from irverify.errors import Unsupported
from irverify.frontends.mlir.parse import parse_mlir
from irverify.ir.core import FloatType, Function, IndexType, IntType, Op, TensorType, Value
from irverify.model.memory import Buffer
from irverify.model.values import Scalar, Tensor
from irverify.semantics import registry
from irverify.smt import solver
from irverify.smt import terms as t
from irverify.smt.floats import theory
from irverify.verify.encode import encode_function, make_inputs

ROOT = Path(__file__).resolve().parents[2]
INPUTS = ["testdata/litmus/**/*.mlir", "testdata/iree/*.mlir", "testdata/iree-bugs/*.mlir",
          "testdata/fuzz-findings/*.mlir", "tests/verify/poison-ops.mlir"]
SCALAR = (IntType, IndexType, FloatType)


def _modules():
    for pattern in INPUTS:
        for path in sorted(glob.glob(str(ROOT / pattern), recursive=True)):
            for k, case in enumerate(Path(path).read_text().split("// -----")):
                try:
                    yield f"{Path(path).relative_to(ROOT)}#{k}", parse_mlir(case, path)
                except Exception:  # inputs that are errors on purpose
                    continue


def _instances():
    """(where, module, function, op position, operand position) of every top-level op with a
    scalar, tensor or vector operand, at most 3 per (op, operand position, scalar or not)."""
    seen: Counter = Counter()
    for where, module in _modules():
        for fn in module.functions.values():
            if fn.body is None:
                continue
            for i, op in enumerate(fn.body.ops):
                if op.name in registry.TERMINATORS:
                    continue
                for k, v in enumerate(op.operands):
                    kind = isinstance(v.type, SCALAR)
                    if isinstance(v.type, (*SCALAR, TensorType)) and seen[(op.name, k, kind)] < 3:
                        seen[(op.name, k, kind)] += 1
                        yield where, module, fn, i, k


def _poisoned(fn: Function, i: int, k: int) -> tuple[Function, Value]:
    """``fn`` with operand ``k`` of its ``i``-th op replaced by a new last argument."""
    op = fn.body.ops[i]
    p = Value(op.operands[k].type, "%poisoned")
    new_op = dataclasses.replace(op, operands=[p if j == k else v for j, v in enumerate(op.operands)])
    body = dataclasses.replace(fn.body, args=[*fn.body.args, p],
                               ops=[new_op if j == i else o for j, o in enumerate(fn.body.ops)])
    return dataclasses.replace(fn, args=[*fn.args, p], body=body), p


def _outputs(enc):
    out = list(enc.results)
    out.extend(v for v in enc.state.extra_outputs.values() if isinstance(v, Buffer))
    return out


def _dropped_poison(enc, assumptions, symbol) -> bool:
    """Is some defined output element still dependent on ``symbol`` (the poison operand's
    value, or its array of elements)?"""
    other = t.const("poisoned-other-value", t.sort_of(symbol))
    no_ub = t.not_(t.or_(*(u.cond for u in enc.state.ub))) if enc.state.ub else t.true()
    for out in _outputs(enc):
        if isinstance(out, Scalar):
            defined, value = t.not_(out.is_poison()), out.term
        elif isinstance(out, Tensor):
            idx = [t.fresh_int("q") for _ in range(out.rank)]
            defined, value = t.and_(out.in_bounds(idx), out.is_defined(idx)), out.at(idx)
        elif isinstance(out, Buffer):
            pos = t.fresh_int("q")
            value, d = out.read(pos)
            defined = t.and_(t.in_range(pos, out.length), d)
        else:
            continue
        changed = t.distinct(value, t.substitute(value, [(symbol, other)]))
        res = solver.check("poison-dropped", [*assumptions, no_ub, defined, changed], 10.0)
        if res.status == "sat":
            return True
    return False


def _check(fn: Function, i: int, k: int, module) -> str:
    """'ub' or 'propagates' (assertions fail otherwise)."""
    variant, p = _poisoned(fn, i, k)
    op: Op = variant.body.ops[i]
    sem = registry.lookup(op)
    fp = theory("abstract")
    inputs = make_inputs(variant, fp, poison=False)  # every argument defined ...
    arg = inputs.args[-1]  # ... but the new one, which is poison (every element of a tensor)
    if isinstance(arg, Scalar):
        inputs.args[-1], symbol = Scalar(arg.term, arg.type, t.true()), arg.term
    else:
        inputs.args[-1] = Tensor(arg.type, arg.dims, arg.elem, lambda idx: t.false())
        symbol = inputs.arrays[inputs.arg_names[-1]]
    declared_ub = isinstance(arg, Scalar) and k in dict(sem.ub_on_poison(op, len(op.operands)))
    enc = encode_function(variant, module, inputs, fp)
    mine = [u for u in enc.state.ub if f"(operand #{k})" in u.reason and op.name in u.reason]
    if declared_ub:
        assert mine, f"{op.name} operand #{k} is declared UB when poison, but no UB was recorded"
        return "ub"
    assert not mine, f"{op.name} operand #{k} propagates poison, but it was made UB: {mine[0].reason}"
    assert not _dropped_poison(enc, inputs.assumptions, symbol), (
        f"{op.name} operand #{k}: a defined output element depends on the poison operand's value")
    return "propagates"


_CASES = list(_instances())


@pytest.mark.parametrize("where,module,fn,i,k", _CASES,
                         ids=[f"{fn.body.ops[i].name}#{k}@{where}" for where, _, fn, i, k in _CASES])
def test_poison_operand_follows_the_registry(where, module, fn, i, k):
    try:
        _check(fn, i, k, module)
    except Unsupported as e:
        assert "poison of operand" not in str(e), str(e)
        pytest.skip(f"unsupported: {e}")


def test_every_registered_mlir_op_is_classified():
    """Every registered MLIR op either has an instance above with a scalar operand, or is
    listed below as an op none of whose operands is a scalar."""
    exercised = {fn.body.ops[i].name for _, _, fn, i, k in _CASES
                 if isinstance(fn.body.ops[i].operands[k].type, SCALAR)}
    ops = {o for o in registry.registered_ops() if not o.startswith("relax.")}
    assert sorted(ops - exercised - set(NO_SCALAR_OPERANDS)) == []
    assert sorted(set(NO_SCALAR_OPERANDS) & exercised) == []
    assert sorted(set(NO_SCALAR_OPERANDS) - ops) == []


_SHAPED = "its operands are tensors, vectors or memrefs (ODS)"
# op -> why none of its operands is a scalar
NO_SCALAR_OPERANDS = {
    "arith.constant": "no operands",
    "hal.interface.constant.load": "no operands",
    "ub.poison": "no operands",
    "vector.step": "no operands",
    "vector.constant_mask": "no operands",
    "linalg.index": "no operands",
    "linalg.__scalar_unary": "irverify's own op for linalg.elementwise bodies, never parsed",
    "linalg.__scalar_binary": "irverify's own op for linalg.elementwise bodies, never parsed",
    "vector.extract": "dynamic positions (its scalar operands) are unsupported",
    "tensor.reshape": "its shape is a tensor",
    **{op: _SHAPED for op in (
        "iree_codegen.load_from_buffer", "iree_codegen.store_to_buffer", "iree_linalg_ext.gather",
        "iree_linalg_ext.map_load", "iree_linalg_ext.map_store", "iree_linalg_ext.scatter",
        "linalg.batch_matmul", "linalg.broadcast", "linalg.conv_1d", "linalg.conv_1d_nwc_wcf",
        "linalg.conv_2d", "linalg.conv_2d_nchw_fchw", "linalg.conv_2d_nhwc_fhwc", "linalg.conv_2d_nhwc_hwcf",
        "linalg.depthwise_conv_1d_nwc_wc", "linalg.depthwise_conv_2d_nchw_chw",
        "linalg.depthwise_conv_2d_nhwc_hwc", "linalg.depthwise_conv_2d_nhwc_hwcm", "linalg.dot", "linalg.elementwise", "linalg.map", "linalg.matmul",
        "linalg.matvec", "linalg.batch_matvec", "linalg.batch_vecmat", "linalg.pooling_nchw_max",
        "linalg.pooling_nchw_sum", "linalg.pooling_nhwc_max",
        "linalg.pooling_nhwc_max_unsigned", "linalg.pooling_nhwc_min", "linalg.pooling_nhwc_min_unsigned",
        "linalg.pooling_nhwc_sum", "linalg.reduce", "linalg.softmax", "linalg.transpose", "linalg.vecmat", "memref.cast",
        "memref.collapse_shape", "memref.copy", "tensor.cast", "tensor.collapse_shape", "tensor.concat",
        "tensor.rank", "vector.shape_cast", "vector.transpose")},
}


def test_a_semantics_that_drops_poison_is_unsupported(monkeypatch):
    """The encoder's net: a broadcast that forgets its operand's poison gives no verdict."""
    from irverify.ir.core import VectorType

    sem = registry.lookup(Op("vector.broadcast", [], [], {}, []))

    def forgetful(ctx, op, src):
        rt: VectorType = op.results[0].type
        return Tensor(rt, [t.int_val(d) for d in rt.shape], lambda idx: src.term)

    monkeypatch.setitem(registry._REGISTRY, "vector.broadcast", dataclasses.replace(sem, fn=forgetful))
    module = parse_mlir("""
func.func @f(%x: i32) -> vector<4xi32> {
  %v = vector.broadcast %x : i32 to vector<4xi32>
  return %v : vector<4xi32>
}""", "forgetful.mlir")
    fn = module.functions["f"]
    inputs = make_inputs(fn, theory("abstract"))
    with pytest.raises(Unsupported, match=r"poison of operand #0 of 'vector.broadcast'"):
        encode_function(fn, module, inputs, theory("abstract"))
