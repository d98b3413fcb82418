"""Fuzz generators for IREE's dialects: ``flow``, ``hal``, ``iree_tensor_ext``,
``iree_codegen``, ``iree_encoding`` and ``iree_linalg_ext`` (see ``mlir_ops``).

Dispatch-level instances (``hal.interface.binding.subspan``, ``dispatch.tensor.load/store``,
push constants, ``iree_codegen`` buffers) declare their bindings and push constants in the
program's one pipeline layout: a binding's initial contents are an input, its final contents an
output. ``flow`` ops and encodings run at the host level through IREE's whole pipeline. Gather
and scatter indices are arguments drawn in range, or distinct constants; a ``custom_op``
sometimes takes a poison scalar its region does not read (the result is then defined).
"""

from __future__ import annotations

from irverify.fuzz.mlir_ops import (
    HOST,
    Body,
    add_op,
    emit,
    generator,
    is_int,
    out,
    tensor_ty,
)

ELEMS = ("i32", "f32", "i8", "i64", "f16")





# ----------------------------------------------------------------------------- dispatch level


def dtensor(access: str, elem: str, shape, dyn=()) -> str:
    return f"!iree_tensor_ext.dispatch.tensor<{access}:{tensor_ty(elem, shape, dyn)}>"


@generator("hal.interface.binding.subspan", "iree_tensor_ext.dispatch.tensor.load",
           "iree_tensor_ext.dispatch.tensor.store", "hal.interface.constant.load",
           "iree_tensor_ext.dispatch.workload.ordinal")
def dispatch_tile(b: Body, op: str) -> None:
    """Load a tile of binding A (at a push-constant or constant offset), add a tensor operand,
    store it into binding B (other elements keep their initial contents)."""
    elem = b.rng.choice(("i32", "f32", "i64"))
    n = 8
    a, o = b.binding(elem, n), b.binding(elem, n)
    c0 = b.cindex(0)
    size = b.rng.choice([2, 3, 4])
    if op in ("hal.interface.constant.load", "iree_tensor_ext.dispatch.workload.ordinal") or b.rng.random() < 0.4:
        off = b.push_constant(0, n - size)
        offr = off.ref
        if op == "iree_tensor_ext.dispatch.workload.ordinal" or b.rng.random() < 0.3:
            offr = emit(b, f"iree_tensor_ext.dispatch.workload.ordinal {off.ref}, 0 : index", "i")
        offs = offr
    else:
        v = b.rng.randint(0, n - size)
        offs = b.knob(v, [(v + 1) % (n - size + 1)], what="load offset")
    ta = dtensor("readonly", elem, (n,))
    to = dtensor("readwrite", elem, (n,))
    sa = emit(b, f"hal.interface.binding.subspan layout(#LAYOUT) binding({a.name}) alignment(64) offset({c0}) "
                 f"flags(ReadOnly) : {ta}", "sb")
    so = emit(b, f"hal.interface.binding.subspan layout(#LAYOUT) binding({o.name}) alignment(64) offset({c0}) : {to}", "sb")
    tt = tensor_ty(elem, (size,))
    x = emit(b, f"iree_tensor_ext.dispatch.tensor.load {sa}, offsets = [{offs}], sizes = [{size}], strides = [1] : {ta} -> {tt}", "t")
    y = b.tensor(elem, (size,))
    xs = b.value(x[1:], elem, (size,))
    s = b.elementwise([xs, y], elem, lambda r: emit(b, f"{add_op(elem)} {r[0]}, {r[1]} : {elem}", "w"), (size,))
    w = b.rng.randint(0, n - size)
    b.emit(f"iree_tensor_ext.dispatch.tensor.store {s}, {so}, offsets = [{b.knob(w, [(w + 1) % (n - size + 1)], what='store offset')}], "
           f"sizes = [{size}], strides = [1] : {tt} -> {to}")
    o.poison = y.poison


@generator("iree_codegen.load_from_buffer", "iree_codegen.store_to_buffer")
def codegen_buffers(b: Body, op: str) -> None:
    """Load a memref argument's subview as a tensor, compute, store to another memref argument."""
    elem = b.rng.choice(("i32", "f32"))
    b.memory = True
    m = b.arg(elem, (6,), kind="memref")
    d = b.arg(elem, (4,), kind="memref")
    o = b.rng.randint(0, 2)
    sv = emit(b, f"memref.subview {m.ref}[{b.cindex(o, [o + 1], what='subview offset')}] [4] [1] : {m.ty} to "
                 f"memref<4x{elem}, strided<[1], offset: ?>>", "sv")
    t = emit(b, f"iree_codegen.load_from_buffer {sv} : memref<4x{elem}, strided<[1], offset: ?>> -> {tensor_ty(elem, (4,))}", "t")
    y = b.tensor(elem, (4,))
    s = b.elementwise([b.value(t[1:], elem, (4,)), y], elem, lambda r: emit(b, f"{add_op(elem)} {r[0]}, {r[1]} : {elem}", "w"), (4,))
    b.emit(f"iree_codegen.store_to_buffer {s}, {d.ref} : {tensor_ty(elem, (4,))} into {d.ty}")
    d.poison = y.poison


@generator("iree_tensor_ext.bitcast")
def tensor_bitcast(b: Body, op: str) -> None:
    src, dst, n, m = b.rng.choice([("i32", "f32", 4, 4), ("i16", "f16", 4, 4), ("i32", "i8", 2, 8), ("i8", "i32", 8, 2),
                                   ("f32", "i32", 3, 3)])
    x = b.tensor(src, (n,))
    r = emit(b, f"iree_tensor_ext.bitcast {x.ref} : {x.ty} -> {tensor_ty(dst, (m,))}")
    out(b, r, dst, (m,), x.poison)


# ----------------------------------------------------------------------------- flow (host level)


@generator("flow.tensor.reshape", "flow.tensor.slice", "flow.tensor.update", "flow.tensor.splat",
           "flow.tensor.load", "flow.tensor.trace", "flow.tensor.tie_shape", modes=(HOST,))
def flow_tensor(b: Body, op: str) -> None:
    elem = b.rng.choice(("i32", "f32", "i64"))
    x = b.tensor(elem, (4, 6))
    if op == "flow.tensor.reshape":
        to = b.rng.choice([(3, 8), (2, 12), (24,)])
        r = emit(b, f"flow.tensor.reshape {x.ref} : {x.ty} -> {tensor_ty(elem, to)}")
        out(b, r, elem, to, x.poison)
    elif op == "flow.tensor.slice":
        i = b.rng.randint(0, 2)
        ci, c0, c2, c6 = b.cindex(i, [i + 1], what="slice start"), b.cindex(0), b.cindex(2), b.cindex(6)
        r = emit(b, f"flow.tensor.slice {x.ref}[{ci}, {c0} for {c2}, {c6}] : {x.ty} -> {tensor_ty(elem, (2, 6))}")
        out(b, r, elem, (2, 6), x.poison)
    elif op == "flow.tensor.update":
        u = b.tensor(elem, (2, 6))
        i = b.rng.randint(0, 2)
        ci, c0 = b.cindex(i, [i + 1], what="update start"), b.cindex(0)
        r = emit(b, f"flow.tensor.update {u.ref}, {x.ref}[{ci}, {c0}] : {u.ty} -> {x.ty}")
        out(b, r, elem, (4, 6), x.poison or u.poison)
    elif op == "flow.tensor.splat":
        s = b.scalar(elem)
        r = emit(b, f"flow.tensor.splat {s.ref} : {tensor_ty(elem, (3,))}")
        out(b, r, elem, (3,), s.poison)
    elif op == "flow.tensor.load":
        i, j = b.rng.randrange(4), b.rng.randrange(6)
        v = emit(b, f"flow.tensor.load {x.ref}[{b.cindex(i, [(i + 1) % 4])}, {b.cindex(j)}] : {x.ty}", "s")
        r = emit(b, f"tensor.from_elements {v} : {tensor_ty(elem, (1,))}")
        out(b, r, elem, (1,), x.poison)
    elif op == "flow.tensor.tie_shape":
        dyn = tensor_ty(elem, (4, 6), dyn=(1,))
        cast = emit(b, f"tensor.cast {x.ref} : {x.ty} to {dyn}")
        d = emit(b, f"tensor.dim {cast}, {b.cindex(1)} : {dyn}", "s")
        tied = emit(b, f"flow.tensor.tie_shape {cast} : {dyn}{{{d}}}")
        r = emit(b, f"tensor.cast {tied} : {dyn} to {x.ty}")
        out(b, r, elem, (4, 6), x.poison)
    else:
        b.emit(f"flow.tensor.trace \"fuzz\" = [{x.ref} : {x.ty}]")
        out(b, x.ref, elem, (4, 6), x.poison)


@generator("flow.dispatch.region", modes=(HOST,))
def dispatch_region(b: Body, op: str) -> None:
    elem = b.rng.choice(("i32", "f32"))
    x, y = b.tensor(elem, (3, 4)), b.tensor(elem, (3, 4))
    c2 = b.cindex(2)
    r = b.fresh("r")
    body = b.knob(f"{add_op(elem)} {x.ref}, {y.ref}", [f"{add_op(elem).replace('add', 'sub')} {x.ref}, {y.ref}"],
                  [f"{add_op(elem)} {y.ref}, {x.ref}"], what="region body")
    b.emit(f"%{r} = flow.dispatch.region[{c2}] -> ({x.ty}) {{")
    b.emit(f"  %{r}_s = {body} : {x.ty}")
    b.emit(f"  flow.return %{r}_s : {x.ty}")
    b.emit(f"}} count(%{r}_w: index) -> (index, index, index) {{")
    b.emit(f"  %{r}_c1 = arith.constant 1 : index")
    b.emit(f"  flow.return %{r}_w, %{r}_c1, %{r}_c1 : index, index, index")
    b.emit("}")
    out(b, "%" + r, elem, (3, 4), x.poison or y.poison)


@generator("flow.dispatch.workgroups", "flow.dispatch", modes=(HOST,))
def dispatch_workgroups(b: Body, op: str) -> None:
    """A transpose-and-add dispatch, as ``flow.dispatch.workgroups`` or as a ``flow.executable``
    called by ``flow.dispatch``."""
    elem = b.rng.choice(("i32", "f32"))
    x = b.tensor(elem, (2, 3))
    s = b.scalar(elem, poison_ok=False)
    ta, to = dtensor("readonly", elem, (2, 3)), dtensor("writeonly", elem, (3, 2))
    comb = b.knob(add_op(elem), ["arith.muli" if is_int(elem) else "arith.mulf"], what="dispatch body op")
    body = [f"%x = iree_tensor_ext.dispatch.tensor.load %ia, offsets = [0, 0], sizes = [2, 3], strides = [1, 1] : {ta} -> {tensor_ty(elem, (2, 3))}",
            f"%e = tensor.empty() : {tensor_ty(elem, (3, 2))}",
            (f"%t = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], "
             f"iterator_types = [\"parallel\", \"parallel\"]}} ins(%x : {tensor_ty(elem, (2, 3))}) outs(%e : {tensor_ty(elem, (3, 2))}) {{"),
            f"^bb0(%in: {elem}, %out: {elem}):", f"  %m = {comb} %in, %is : {elem}", f"  linalg.yield %m : {elem}",
            f"}} -> {tensor_ty(elem, (3, 2))}",
            f"iree_tensor_ext.dispatch.tensor.store %t, %oa, offsets = [0, 0], sizes = [3, 2], strides = [1, 1] : {tensor_ty(elem, (3, 2))} -> {to}"]
    if op == "flow.dispatch.workgroups":
        r = b.fresh("r")
        b.emit(f"%{r} = flow.dispatch.workgroups({x.ref}, {s.ref}) : ({x.ty}, {elem}) -> {tensor_ty(elem, (3, 2))} =")
        b.emit(f"    (%ia: {ta}, %is: {elem}, %oa: {to}) {{")
        for line in body:
            b.emit("  " + line)
        b.emit("  flow.return")
        b.emit("} count() -> (index, index, index) {")
        b.emit("  %wx, %wy, %wz = iree_tensor_ext.dispatch.workgroup_count_from_slice()")
        b.emit("  flow.return %wx, %wy, %wz : index, index, index")
        b.emit("}")
    else:
        k = len(b.toplevel)
        b.toplevel.append("\n".join([f"flow.executable private @FN_ex{k} {{",
                                     "  flow.executable.export public @entry",
                                     "  builtin.module {",
                                     f"    func.func @entry(%ia: {ta}, %is: {elem}, %oa: {to}) {{"]
                                    + ["      " + line for line in body] + ["      return", "    }", "  }", "}"]))
        b.ops.update({"flow.executable", "flow.executable.export"})
        r = b.fresh("r")
        b.emit(f"%{r} = flow.dispatch @FN_ex{k}::@entry({x.ref}, {s.ref}) : ({x.ty}, {elem}) -> {tensor_ty(elem, (3, 2))}")
    out(b, "%" + r, elem, (3, 2), x.poison)


def encoding(b: Body, elem: str) -> str:
    """A matmul operand's encoding (IREE's llvm-cpu data tiling resolves it; its ``testing``
    encoding has no storage size there)."""
    k = b.rng.randrange(3)
    return (f"#iree_encoding.encoding<operand_index = {k} : index, op_type = matmul, "
            f"element_types = [{elem}, {elem}, {elem}]>")


@generator("flow.tensor.encode", "iree_encoding.set_encoding", "iree_encoding.unset_encoding", modes=(HOST,))
def encodings(b: Body, op: str) -> None:
    """Set an encoding and unset it (through ``flow.tensor.encode`` or ``iree_encoding``)."""
    elem = b.rng.choice(("f32", "i32"))
    x = b.tensor(elem, (4, 8))
    et = f"tensor<4x8x{elem}, {encoding(b, elem)}>"
    if op == "flow.tensor.encode":
        e = emit(b, f"flow.tensor.encode {x.ref} : {x.ty} -> {et}", "en")
        r = emit(b, f"flow.tensor.encode {e} : {et} -> {x.ty}")
    else:
        e = emit(b, f"iree_encoding.set_encoding {x.ref} : {x.ty} -> {et}", "en")
        r = emit(b, f"iree_encoding.unset_encoding {e} : {et} -> {x.ty}")
    out(b, r, elem, (4, 8), x.poison)


# ----------------------------------------------------------------------------- iree_linalg_ext


@generator("iree_linalg_ext.gather")
def gather(b: Body, op: str) -> None:
    elem = b.rng.choice(ELEMS)
    s = b.tensor(elem, (5, 3))
    i = b.arg("i32", (2, 1), domain=(0, 4))
    e = b.empty(elem, (2, 3))
    r = emit(b, f"iree_linalg_ext.gather dimension_map = [0] ins({s.ref}, %{i.name} : {s.ty}, {i.ty}) outs({e} : "
                f"{tensor_ty(elem, (2, 3))}) -> {tensor_ty(elem, (2, 3))}")
    out(b, r, elem, (2, 3), s.poison)


@generator("iree_linalg_ext.scatter")
def scatter(b: Body, op: str) -> None:
    elem = b.rng.choice(("i32", "f32", "i64"))
    u = b.tensor(elem, (2, 3))
    o = b.tensor(elem, (4, 3))
    rows = b.rng.sample(range(4), 2)
    ix = emit(b, f"arith.constant dense<[[{rows[0]}], [{b.knob(rows[1], [(rows[1] + 1) % 4], what='scatter index')}]]> : tensor<2x1xi32>", "k")
    r = b.fresh("r")
    comb = b.rng.choice(["overwrite", "add"])
    b.emit(f"%{r} = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins({u.ref}, {ix} : {u.ty}, tensor<2x1xi32>) "
           f"outs({o.ref} : {o.ty}) {{")
    b.emit(f"^bb0(%{r}_a: {elem}, %{r}_b: {elem}):")
    if comb == "add":
        b.emit(f"  %{r}_s = {add_op(elem)} %{r}_a, %{r}_b : {elem}")
        b.emit(f"  iree_linalg_ext.yield {b.knob(f'%{r}_s', [f'%{r}_a'], what='combiner')} : {elem}")
    else:
        b.emit(f"  iree_linalg_ext.yield {b.knob(f'%{r}_a', [f'%{r}_b'], what='combiner')} : {elem}")
    b.emit(f"}} -> {o.ty}")
    out(b, "%" + r, elem, (4, 3), u.poison or o.poison)


@generator("iree_linalg_ext.custom_op", modes=(HOST,))
def custom_op(b: Body, op: str) -> None:
    """A row reduction in a ``custom_op`` region; the region xors with a scalar operand, or
    ignores it. At the host level (IREE lowers ``custom_op`` when it forms dispatches); a
    poison scalar would need ``ub.poison``, which IREE cannot compile outside a dispatch, so
    the poison case is ``select(false, ub.poison, x)`` only in kernels: here the scalar is an
    ordinary value (irverify's handling of a poison operand is exercised by its own tests)."""
    elem = b.rng.choice(("i32", "i64"))
    a, acc = b.tensor(elem, (3, 5), poison_ok=False), b.tensor(elem, (3,), poison_ok=False)
    k = b.scalar(elem)
    uses_k = b.rng.random() < 0.5
    r = b.fresh("r")
    b.emit(f"%{r} = iree_linalg_ext.custom_op {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, "
           f"affine_map<(d0, d1) -> (d0)>], iterator_types = [#iree_linalg_ext.iterator_type<parallel>, "
           f"#iree_linalg_ext.iterator_type<reduction>]}} ins({a.ref}, {k.ref} : {a.ty}, {elem}) outs({acc.ref} : {acc.ty}) {{")
    b.emit(f"^bb0(%{r}_x: tensor<?x?x{elem}>, %{r}_k: {elem}, %{r}_y: tensor<?x{elem}>):")
    b.emit(f"  %{r}_g = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], "
           f"iterator_types = [\"parallel\", \"reduction\"]}} ins(%{r}_x : tensor<?x?x{elem}>) outs(%{r}_y : tensor<?x{elem}>) {{")
    b.emit(f"  ^bb1(%{r}_e: {elem}, %{r}_a: {elem}):")
    b.emit(f"    %{r}_s = {b.knob('arith.addi', ['arith.muli', 'arith.maxsi'], what='region op')} %{r}_e, %{r}_a : {elem}")
    if uses_k:
        b.emit(f"    %{r}_t = arith.xori %{r}_s, %{r}_k : {elem}")
        b.emit(f"    linalg.yield %{r}_t : {elem}")
    else:
        b.emit(f"    linalg.yield %{r}_s : {elem}")
    b.emit(f"  }} -> tensor<?x{elem}>")
    b.emit(f"  iree_linalg_ext.yield %{r}_g : tensor<?x{elem}>")
    b.emit(f"}} -> {acc.ty}")
    out(b, "%" + r, elem, (3,), uses_k and k.poison)


@generator("iree_linalg_ext.map_load", "iree_linalg_ext.map_store")
def map_load_store(b: Body, op: str) -> None:
    elem = b.rng.choice(("i32", "f32"))
    if op == "iree_linalg_ext.map_store":
        src = b.tensor(elem, (2, 4, 3))
        o = b.tensor(elem, (8, 4))
        r = b.fresh("r")
        k = b.rng.choice([0, 1, 2])
        b.emit(f"%{r} = iree_linalg_ext.map_store {src.ref} into {o.ref} {{")
        b.emit(f"^bb0(%{r}_i: index, %{r}_j: index, %{r}_k: index):")
        b.emit(f"  %{r}_l = affine.linearize_index disjoint [%{r}_i, %{r}_j] by (2, 4) : index")
        b.emit(f"  %{r}_c = arith.constant {b.knob(k, [(k + 1) % 3], what='masked channel')} : index")
        b.emit(f"  %{r}_m = arith.cmpi ne, %{r}_k, %{r}_c : index")
        b.emit(f"  iree_linalg_ext.yield %{r}_l, %{r}_k, %{r}_m : index, index, i1")
        b.emit(f"}} : {src.ty} into {o.ty} -> {o.ty}")
        out(b, "%" + r, elem, (8, 4), src.poison or o.poison)
        return
    src = b.tensor(elem, (4, 6))
    o = b.empty(elem, (5, 8))
    p = b.scalar(elem)
    r = b.fresh("r")
    di, dj = b.rng.choice([(1, 2), (0, 0), (1, 1)])
    b.emit(f"%{r} = iree_linalg_ext.map_load {src.ref} into {o} {{")
    b.emit(f"^bb0(%{r}_i: index, %{r}_j: index):")
    b.emit(f"  %{r}_ci = arith.constant {b.knob(di, [di + 1], what='row shift')} : index")
    b.emit(f"  %{r}_cj = arith.constant {dj} : index")
    b.emit(f"  %{r}_a = arith.subi %{r}_i, %{r}_ci : index")
    b.emit(f"  %{r}_b = arith.subi %{r}_j, %{r}_cj : index")
    b.emit(f"  iree_linalg_ext.yield %{r}_a, %{r}_b, {p.ref} : index, index, {elem}")
    b.emit(f"}} : {src.ty} into {tensor_ty(elem, (5, 8))} -> {tensor_ty(elem, (5, 8))}")
    out(b, "%" + r, elem, (5, 8), src.poison or p.poison)


@generator("iree_linalg_ext.im2col")
def im2col(b: Body, op: str) -> None:
    """A 1-D im2col: rows of K windows of an NWC input (``m_pos`` the output width)."""
    elem = b.rng.choice(("i32", "f32"))
    w, k = 6, b.rng.choice([2, 3])
    st, dl = b.rng.choice([1, 2]), 1
    ow = (w - dl * (k - 1) - 1) // st + 1
    x = b.tensor(elem, (1, w, 2))
    to = tensor_ty(elem, (1, ow, k * 2))
    e = b.empty(elem, (1, ow, k * 2))
    r = emit(b, f"iree_linalg_ext.im2col strides = [{st}] dilations = [{dl}] kernel_size = [{k}] offsets = [0, 0, 0] "
                f"output_sizes = [[1], [{ow}], [{k}, 2]] batch_pos = [0] m_pos = [1] k_pos = [2] "
                f"input_k_perm = [{b.knob('0, 1', ['1, 0'] if k == 2 else [], what='input_k_perm')}] output_perm = [0, 1, 2] "
                f"ins({x.ref} : {x.ty}) outs({e} : {to}) -> {to}")
    out(b, r, elem, (1, ow, k * 2), x.poison)

