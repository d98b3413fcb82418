"""Conformance of irverify's byte layout for bindings viewed with element types of different
widths (f4E2M1FN and i8) with IREE llvm-cpu: an f4 view at an odd byte offset read and stored
as bytes, and bytes stored through an f4 view starting at an odd element. The kernel is wrapped
by hand with byte (i8) host buffers; run in both part orders, so the binding's first view (the
unit of irverify's model) is once f4 and once i8 for each binding."""

import numpy as np
import pytest

pytestmark = pytest.mark.iree

CPU = '#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", native_vector_size = 16 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>'
LAYOUT = "#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>"
KERNEL = """
  func.func @d() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // part 1: f4 view of binding 0 at byte 1 (16 elements = 8 bytes), stored to binding 1 bytes 0..7 via bitcast to i8
    %a = hal.interface.binding.subspan layout(#l) binding(0) alignment(1) offset(%c1) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf4E2M1FN>>
    %av = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf4E2M1FN>> -> tensor<16xf4E2M1FN>
    %ab = iree_tensor_ext.bitcast %av : tensor<16xf4E2M1FN> -> tensor<8xi8>
    %o = hal.interface.binding.subspan layout(#l) binding(1) alignment(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xi8>>
    iree_tensor_ext.dispatch.tensor.store %ab, %o, offsets = [0], sizes = [8], strides = [1] : tensor<8xi8> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xi8>>
    // part 2: i8 view of binding 0 bytes 0..3, bitcast to f4, stored via an f4 view of binding 1 at byte 8, elements 1..8 (an odd start)
    %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>>
    %bv = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>> -> tensor<4xi8>
    %bf = iree_tensor_ext.bitcast %bv : tensor<4xi8> -> tensor<8xf4E2M1FN>
    %c8 = arith.constant 8 : index
    %p = hal.interface.binding.subspan layout(#l) binding(1) alignment(8) offset(%c8) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<10xf4E2M1FN>>
    iree_tensor_ext.dispatch.tensor.store %bf, %p, offsets = [1], sizes = [8], strides = [1] : tensor<8xf4E2M1FN> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<10xf4E2M1FN>>
    return
  }
"""


def host(kernel):
    return f"""#cpu = {CPU}
#l = {LAYOUT}
module attributes {{hal.device.targets = [#hal.device.target<"local", [#cpu]> : !hal.device]}} {{
  hal.executable private @ex {{
    hal.executable.variant public @cpu target(#cpu) {{
      hal.executable.export public @d ordinal(0) layout(#l) count(%dev: !hal.device) -> (index, index, index) {{
        %c1 = arith.constant 1 : index
        hal.return %c1, %c1, %c1 : index, index, index
      }}
      builtin.module {{ {kernel} }}
    }}
  }}
  func.func @main(%b0: tensor<?xi8>, %b1: tensor<?xi8>) -> (tensor<?xi8>, tensor<?xi8>) {{
    %c0 = arith.constant 0 : index
    %l0 = tensor.dim %b0, %c0 : tensor<?xi8>
    %l1 = tensor.dim %b1, %c0 : tensor<?xi8>
    %r:2 = flow.dispatch @ex::@cpu::@d(%b0, %b1) : (tensor<?xi8>{{%l0}}, tensor<?xi8>{{%l1}}) -> (%b0{{%l0}}, %b1{{%l1}})
    return %r#0, %r#1 : tensor<?xi8>, tensor<?xi8>
  }}
}}
"""


def compile_host(kernel):
    import iree.compiler.tools as ct
    import iree.runtime as rt
    vmfb = ct.compile_str(host(kernel), extra_args=["--iree-llvmcpu-disable-distribution"])
    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
    main = ctx.modules.module["main"]
    return lambda b0, b1: np.asarray(main(b0.copy(), b1.copy())[1].to_host())


def run_model(kernel, b0, b1):
    """(unit type of binding 1, its final bytes) per irverify's semantics (ieee theory)."""
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.smt import terms as t
    from irverify.smt.floats import theory
    from irverify.verify.encode import encode_function, make_inputs
    m = parse_mlir("#l = " + LAYOUT + "\n" + kernel, "k.mlir")
    fp = theory("ieee")
    fn = m.functions["d"]
    inputs = make_inputs(fn, fp)
    enc = encode_function(fn, m, inputs, fp)
    pairs = []
    for b, arr in enumerate((b0, b1)):
        elem, length, initial = inputs.symbols[f"binding.{b}"]
        w = elem.width
        units = arr.view(np.uint8).tolist()
        if w == 4:
            units = [x for byte in units for x in (byte & 15, byte >> 4)]
        pairs.append((length, t.int_val(len(units))))
        c = t.const_array(1, t.bv_val(0, w))
        for i, x in enumerate(units):
            c = t.store(c, [t.int_val(i)], t.bv_val(x, w))
        pairs.append((initial, c))
    for u in enc.state.ub:
        assert t.static_bool(t.simplify(t.substitute(u.cond, pairs))) is False, u
    buf = enc.state.extra_outputs["binding 1"]
    elem = buf.elem
    n = t.static_int(t.simplify(t.substitute(buf.length, pairs)))
    units = [t.static_int(t.simplify(t.bv_to_uint(t.substitute(buf.read(t.int_val(p))[0], pairs)))) for p in range(n)]
    if elem.width == 4:
        units = [units[2 * i] | units[2 * i + 1] << 4 for i in range(len(units) // 2)]
    return elem, np.array(units, dtype=np.uint8).view(np.int8)


def swapped(kernel: str) -> str:
    """The kernel with its two (independent) parts in the other order."""
    body = kernel.split("    // part 1")[1]
    part1, part2 = body.split("    // part 2")
    start = kernel.split("    // part 1")[0]
    return start + "    // part 2" + part2.replace("    return\n  }\n", "") + "    // part 1" + part1 + "    return\n  }\n"


@pytest.mark.parametrize("order", ["f4 first", "i8 first"])
def test_mixed_width_views_match_iree(order):
    kernel = KERNEL if order == "f4 first" else swapped(KERNEL)
    run = compile_host(kernel)
    rng = np.random.default_rng(7)
    units = set()
    for _ in range(6):
        b0 = rng.integers(-128, 128, 12).astype(np.int8)
        b1 = rng.integers(-128, 128, 16).astype(np.int8)
        unit, expected = run_model(kernel, b0, b1)
        units.add(str(unit))
        got = run(b0, b1)
        assert np.array_equal(got, expected), (got.view(np.uint8), expected.view(np.uint8))
    assert units == ({"i8"} if order == "f4 first" else {"f4E2M1FN"})
