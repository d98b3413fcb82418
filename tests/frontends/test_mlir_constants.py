"""Float and wide-integer constants keep their exact bits from the MLIR attribute to the term:
signalling NaNs stay signalling (no Python float on the way), decimals round exactly."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.ir.core import DenseAttr, FloatAttr
from irverify.ir.float_bits import bits_to_fraction, literal_bits, round_fraction
from irverify.verify.evaluate import evaluate_function

# format, integer type of the same width, a signalling NaN, 1.0, -2.5
FORMATS = [
    ("f16", "i16", 0x7C01, 0x3C00, 0xC100),
    ("bf16", "i16", 0x7F81, 0x3F80, 0xC020),
    ("f32", "i32", 0x7F800001, 0x3F800000, 0xC0200000),
    ("f64", "i64", 0x7FF0000000000001, 0x3FF0000000000000, 0xC004000000000000),
]


def const_op(text: str):
    fn = parse_mlir(text, "c.mlir").functions["f"]
    return fn.body.ops[0]


@pytest.mark.parametrize("ft,it,snan,one,m25", FORMATS)
def test_scalar_float_constant_is_its_bits(ft, it, snan, one, m25):
    op = const_op(f"func.func @f() -> {ft} {{\n  %c = arith.constant 0x{snan:X} : {ft}\n  return %c : {ft}\n}}")
    assert op.attrs["value"] == FloatAttr(snan, op.results[0].type)
    op = const_op(f"func.func @f() -> {ft} {{\n  %c = arith.constant -2.5 : {ft}\n  return %c : {ft}\n}}")
    assert op.attrs["value"].bits == m25


@pytest.mark.parametrize("splat", [True, False], ids=["splat", "elements"])
@pytest.mark.parametrize("ft,it,snan,one,m25", FORMATS)
def test_dense_float_constant_is_its_bits(ft, it, snan, one, m25, splat):
    lit = f"0x{snan:X}" if splat else f"[[1.0, 0x{snan:X}], [-2.5, 0x{snan | 2:X}]]"
    want = [[snan, snan], [snan, snan]] if splat else [[one, snan], [m25, snan | 2]]
    op = const_op(f"func.func @f() -> tensor<2x2x{ft}> {{\n  %c = arith.constant dense<{lit}> : tensor<2x2x{ft}>\n"
                  f"  return %c : tensor<2x2x{ft}>\n}}")
    attr = op.attrs["value"]
    assert isinstance(attr, DenseAttr)
    assert [[int(x) for x in row] for row in attr.values] == want


@pytest.mark.parametrize("splat", [True, False], ids=["splat", "elements"])
@pytest.mark.parametrize("ft,it,snan,one,m25", FORMATS)
def test_bitcast_of_signalling_nan_constant_evaluates_to_its_bits(ft, it, snan, one, m25, splat):
    lit = f"0x{snan:X}" if splat else f"[0x{snan:X}, 1.0]"
    text = (f"func.func @f() -> tensor<2x{it}> {{\n  %c = arith.constant dense<{lit}> : tensor<2x{ft}>\n"
            f"  %b = arith.bitcast %c : tensor<2x{ft}> to tensor<2x{it}>\n  return %b : tensor<2x{it}>\n}}")
    for fp in ("abstract", "ieee"):
        out = evaluate_function(parse_mlir(text, "c.mlir"), "f", [], fp_name=fp).outputs[0]
        w = int(it[1:])
        assert [int(x) % (1 << w) for x in out] == ([snan, snan] if splat else [snan, one])


def test_large_dense_constant_printed_as_hex_keeps_bits():
    """MLIR prints a dense attribute of more than 100 elements as a hex blob."""
    bits = [0x7F81 + k for k in range(120)]
    hexdata = "".join(b.to_bytes(2, "little").hex() for b in bits)
    op = const_op(f'func.func @f() -> tensor<120xbf16> {{\n  %c = arith.constant dense<"0x{hexdata}"> : '
                  f'tensor<120xbf16>\n  return %c : tensor<120xbf16>\n}}')
    assert [int(x) for x in op.attrs["value"].values] == bits


def test_wide_integer_dense_constant():
    op = const_op("func.func @f() -> tensor<3xi128> {\n  %c = arith.constant dense<[1, 18446744073709551616, -1]> :"
                  " tensor<3xi128>\n  return %c : tensor<3xi128>\n}")
    assert list(op.attrs["value"].values) == [1, 1 << 64, (1 << 128) - 1]


def test_round_fraction_matches_numpy_rounding():
    rng = random.Random(7)
    for name, dt, ut in (("f16", np.float16, np.uint16), ("f32", np.float32, np.uint32)):
        for _ in range(3000):
            x = rng.uniform(-1, 1) * 2.0 ** rng.randint(-160, 140)
            with np.errstate(over="ignore"):
                want = int(np.array(x, dtype=dt).view(ut))
            assert round_fraction(Fraction(x), name) == want, (name, x)


def test_round_fraction_round_trips_every_finite_pattern_kind():
    for name, w in (("f16", 16), ("bf16", 16), ("f32", 32), ("f64", 64)):
        for bits in (1, 2, (1 << (w - 1)) + 1, 0x3C00 if w == 16 else 1 << (w - 2)):
            f = bits_to_fraction(bits, name)
            assert f is not None and round_fraction(f, name) == bits


def test_literal_bits_ties_to_even():
    # 1 + 2^-11 is halfway between 1.0 and the next f16 (1 + 2^-10): ties go to the even 1.0.
    assert literal_bits(str(1 + 2 ** -11), "f16") == 0x3C00
    assert literal_bits(str(1 + 3 * 2 ** -11), "f16") == 0x3C02
    assert literal_bits("65520", "f16") == 0x7C00  # rounds to infinity
    assert literal_bits("-0.000000e+00", "f32") == 0x80000000
    assert literal_bits("-1.0e-50", "f32") == 0x80000000  # underflows to -0


@pytest.mark.parametrize("elem,literal,bits", [("f32", "0x7F800001", 0x7F800001), ("bf16", "-2.5", 0xC020),
                                               ("i8", "-3", -3), ("i1", "true", 1), ("index", "7", 7)])
def test_splat_of_a_huge_shape_is_one_element(elem, literal, bits):
    """A splat of 10^12 elements (a model weight's size and beyond) is a broadcast view of its
    one element: it is read, and a function using it evaluates, without materialising it."""
    text = (f"func.func @f(%i: index) -> {elem} {{\n"
            f"  %c = arith.constant dense<{literal}> : tensor<1000000x1000000x{elem}>\n"
            f"  %x = tensor.extract %c[%i, %i] : tensor<1000000x1000000x{elem}>\n"
            f"  return %x : {elem}\n}}")
    fn = parse_mlir(text, "c.mlir").functions["f"]
    dense = fn.body.ops[0].attrs["value"]
    assert isinstance(dense, DenseAttr) and dense.values.shape == (1000000, 1000000)
    assert dense.values.strides == (0, 0) and int(dense.values[123, 456]) == bits


def test_huge_splat_check_is_decided():
    """check of a function adding a splat of 13.8M elements: correct against itself, and a
    different splat value is found (no per-element terms)."""
    from irverify.verify.check import Options, check_modules

    def module(value):
        t = "tensor<3000x4600xi32>"
        return parse_mlir(f"func.func @f(%x: {t}) -> {t} {{\n  %c = arith.constant dense<{value}> : {t}\n"
                          f"  %e = tensor.empty() : {t}\n"
                          f"  %r = linalg.elementwise <add> ins(%x, %c : {t}, {t}) outs(%e : {t}) -> {t}\n"
                          f"  return %r : {t}\n}}", "s.mlir")

    assert check_modules(module(1), module(1), Options()).verdict.value == "correct"
    assert check_modules(module(1), module(2), Options(confirm=False)).verdict.value == "incorrect"


# Sparse constants, as MLIR's own folder reads them: ``arith`` folding a sparse operand produces
# a dense attribute (``constFoldBinaryOp`` reads the sparse elements), which is the oracle here
# (IREE does not execute sparse constants: it serialises them as an empty buffer). Each case is
# (the constant, an op folding it with a dense operand, that operand). MLIR prints a part whose
# entries are equal as one entry: ``sparse<[[1,1,1]], [-2.0]>`` prints as ``sparse<1, -2.0>``.
SPARSE = [
    ("sparse<[[1,1,1]], [-2.0]> : tensor<2x2x2xf32>", "arith.negf", None),
    ("sparse<[[0,2],[1,0]], [7, -9]> : tensor<2x3xi32>", "arith.addi", "dense<1> : tensor<2x3xi32>"),
    ("sparse<[[0,0],[0,0]], [5, 5]> : tensor<2x2xi8>", "arith.addi", "dense<3> : tensor<2x2xi8>"),
    ("sparse<[[2],[0]], [true, false]> : tensor<3xi1>", "arith.xori", "dense<true> : tensor<3xi1>"),
    ("sparse<[[1,0],[0,1]], [1.5, 0x7E01]> : tensor<2x2xf16>", "arith.negf", None),
    ("sparse<[[1,0]], [-0.5]> : tensor<2x2xbf16>", "arith.negf", None),
    ("sparse<[[1]], [18446744073709551617]> : tensor<3xi80>", "arith.addi", "dense<2> : tensor<3xi80>"),
    ("sparse<" + str([[k % 4, k // 4] for k in range(0, 40, 3)]) + ", " + str(list(range(14))) + "> : tensor<4x10xi32>",
     "arith.addi", "dense<1> : tensor<4x10xi32>"),
]


def _sparse_module(attr: str, fold: str, other: str | None) -> str:
    ty = attr.rpartition(" : ")[2]
    body = f"  %s = arith.constant {attr}\n"
    if other is None:
        body += f"  %r = {fold} %s : {ty}\n"
    else:
        body += f"  %o = arith.constant {other}\n  %r = {fold} %s, %o : {ty}\n"
    return f"func.func @f() -> {ty} {{\n{body}  return %r : {ty}\n}}"


@pytest.mark.parametrize("attr,fold,other", SPARSE, ids=[a.rpartition(" : ")[2] + "-" + str(k) for k, (a, _, _) in enumerate(SPARSE)])
def test_sparse_constant_reads_as_mlir_folds_it(attr, fold, other):
    from iree.compiler import passmanager

    from irverify.frontends.mlir.parse import (
        mlir_context,
        parse_mlir_native,
        translate_module,
    )

    text = _sparse_module(attr, fold, other)
    ours = evaluate_function(parse_mlir(text, "s.mlir"), "f", [], fp_name="ieee").outputs[0]
    native = parse_mlir_native(text, "s.mlir")
    passmanager.PassManager.parse("builtin.module(func.func(canonicalize))", mlir_context()).run(native.operation)
    folded = translate_module(native, str(native), "s.mlir").functions["f"].body.ops[0]
    assert folded.name == "arith.constant" and isinstance(folded.attrs["value"], DenseAttr), str(native)
    theirs = evaluate_function(translate_module(native, str(native), "s.mlir"), "f", [], fp_name="ieee").outputs[0]
    ours, theirs = np.asarray(ours), np.asarray(theirs)
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
    if ours.dtype == object:  # integers wider than 64 bits
        assert ours.tolist() == theirs.tolist()
    else:  # bit for bit (floats included)
        assert ours.tobytes() == theirs.tobytes()


def test_sparse_constant_giving_one_index_two_values_is_unsupported():
    from irverify.errors import Unsupported

    with pytest.raises(Unsupported, match=r"sparse constant giving index \[0, 0\] two values"):
        parse_mlir(_sparse_module("sparse<[[0,0],[0,0]], [1, 2]> : tensor<2x2xi32>", "arith.negf", None)
                   .replace("arith.negf %s", "arith.addi %s, %s"), "s.mlir")


def test_complex_attributes_are_opaque_not_a_crash():
    """The bindings abort the process when ``NamedAttribute.attr`` meets a dense attribute of
    complex elements; the frontend reads such attributes by name, at any depth, as opaque."""
    from irverify.ir.core import OpaqueAttr

    c = "dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>"
    text = (f"func.func @f(%x: i32) -> i32 attributes {{fa = {c}}} {{\n"
            f"  %r = arith.addi %x, %x {{a = {c}, b = [{c}, 1 : i32], d = {{e = {c}}}}} : i32\n"
            f"  return %r : i32\n}}")
    fn = parse_mlir(text, "c.mlir").functions["f"]
    attrs = fn.body.ops[0].attrs
    assert isinstance(fn.attrs["fa"], OpaqueAttr) and isinstance(attrs["a"], OpaqueAttr)
    assert "complex<f32>" in str(attrs["a"]) and isinstance(attrs["b"], OpaqueAttr)
    assert isinstance(attrs["d"], dict) and isinstance(attrs["d"]["e"], OpaqueAttr)
