"""What irverify assumes about inputs: a dim is an index value and a tensor argument's element
count and byte size fit in index (< 2^63), nothing more (no cap on a single dim)."""

from __future__ import annotations

from irverify.frontends.mlir.parse import parse_mlir
from irverify.smt import solver
from irverify.smt.floats import theory
from irverify.verify.encode import make_inputs
from irverify.verify.refinement import solve


def inputs_of(sig: str):
    fn = parse_mlir(f"func.func @f({sig}) {{\n  return\n}}", "f.mlir").functions["f"]
    return make_inputs(fn, theory("abstract"))


def allows(inputs, *conds) -> bool:
    return solver.check("test", list(inputs.assumptions) + list(conds), 10).status == "sat"


def test_a_single_dim_may_exceed_2_to_the_31():
    inputs = inputs_of("%t: tensor<?xi8>")
    (_, d), = inputs.dims
    assert allows(inputs, d == 2**31)
    assert allows(inputs, d == 2**63 - 1)  # 2^63 - 1 bytes fit in index
    assert not allows(inputs, d == 2**63)


def test_one_dynamic_dim_is_bounded_linearly_by_the_byte_size():
    inputs = inputs_of("%t: tensor<?x2xf64>")  # 16 bytes per row
    (_, d), = inputs.dims
    assert allows(inputs, d == 2**59 - 1)
    assert not allows(inputs, d == 2**59)
    assert not inputs.size_limits


def test_sub_byte_elements_are_bounded_by_the_element_count():
    inputs = inputs_of("%t: tensor<?xi1>")
    (_, d), = inputs.dims
    assert allows(inputs, d == 2**63 - 1)


def test_several_dynamic_dims_get_a_lazy_size_limit():
    inputs = inputs_of("%t: tensor<?x?xf32>")
    (_, d0), (_, d1) = inputs.dims
    assert allows(inputs, d0 == 2**40, d1 == 2**40)  # the product is not asserted eagerly
    assert len(inputs.size_limits) == 1
    assert solver.check("limit", list(inputs.assumptions) + inputs.size_limits + [d0 == 2**40, d1 == 2**40],
                        10).status == "unsat"


def test_a_model_that_breaks_a_size_limit_is_not_a_counterexample():
    inputs = inputs_of("%t: tensor<?x?xf32>")
    (_, d0), (_, d1) = inputs.dims
    res, used = solve("q", list(inputs.assumptions) + [d0 >= 2**40, d1 >= 2**40], inputs, 10)
    assert res.status == "unsat" and used == inputs.size_limits
    res, used = solve("q", list(inputs.assumptions) + [d0 >= 3, d1 >= 5], inputs, 10)
    assert res.status == "sat" and solver.int_value(res.model, d0 * d1) * 32 < 2**66
