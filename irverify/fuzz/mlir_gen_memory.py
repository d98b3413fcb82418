"""Fuzz generators for ``memref``, ``vector``, ``scf`` and ``iree_vector_ext`` ops (see
``mlir_ops``); all run as dispatch kernels.

Memref arguments are bindings written in place; their final contents are outputs, tainted
when a poison value was stored into them or uninitialised memory was copied in. Loads of an
``alloc``/``alloca`` read back what was stored, or are tainted when they read an element the
instance did not write. Vector instances read tensors or memrefs with ``transfer_read`` (in
bounds, or past the end with a padding value), and their vector results are written back to
tensors. Loop bounds and conditions are constants or comparisons of defined values, never poison.
"""

from __future__ import annotations

from irverify.fuzz.mlir_ops import Body, Val, emit, generator, is_int, tensor_ty

ELEMS = ("i32", "f32", "i8", "i64", "f16")


def elem_of(b: Body) -> str:
    return b.rng.choice(ELEMS)



def memref_arg(b: Body, elem: str, shape, dyn=()) -> Val:
    b.memory = True
    return b.arg(elem, shape, kind="memref", dyn=dyn)


def vec_ty(elem: str, shape) -> str:
    return "vector<" + "".join(f"{d}x" for d in shape) + elem + ">"


def read_vector(b: Body, elem: str, shape, poison_ok: bool = True) -> Val:
    """A vector: a ``transfer_read`` of a tensor operand (in bounds), or a broadcast scalar."""
    if b.rng.random() < 0.2:
        s = b.scalar(elem, poison_ok=poison_ok)
        return b.value(emit(b, f"vector.broadcast {s.ref} : {elem} to {vec_ty(elem, shape)}", "v")[1:], elem,
                       tuple(shape), "vector", poison=s.poison)
    t = b.tensor(elem, shape, poison_ok=poison_ok)
    pad = b.const_scalar(elem, 0)
    c0 = b.cindex(0)
    inb = ", ".join(["true"] * len(shape))
    r = emit(b, f"vector.transfer_read {t.ref}[{', '.join([c0] * len(shape))}], {pad.ref} {{in_bounds = [{inb}]}} : "
                f"{t.ty}, {vec_ty(elem, shape)}", "v")
    return b.value(r[1:], elem, tuple(shape), "vector", poison=t.poison)


def vout(b: Body, ref: str, elem: str, shape, poison: bool) -> None:
    b.result(b.value(ref.lstrip("%"), elem, tuple(shape), "vector", poison=poison))


# ----------------------------------------------------------------------------- memref


@generator("memref.store", "memref.load")
def store_load(b: Body, op: str) -> None:
    """Store a (maybe poison) scalar into a memref argument and load another element back."""
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3)])
    m = memref_arg(b, elem, shape)
    v = b.scalar(elem)
    idx = [b.rng.randrange(d) for d in shape]
    at = [b.cindex(i, [(i + 1) % d] if d > 1 else []) for i, d in zip(idx, shape)]
    lidx = [b.index_arg(0, d - 1).ref if b.rng.random() < 0.5 else b.cindex(b.rng.randrange(d)) for d in shape]
    if shape == (4,) and b.rng.random() < 0.3:  # store through a view, load through the buffer: aliases
        o = b.rng.randint(0, 2)
        sv = emit(b, f"memref.subview {m.ref}[{b.cindex(o, [(o + 1) % 3], what='view offset')}] [2] [1] : {m.ty} to "
                     f"memref<2x{elem}, strided<[1], offset: ?>>", "sv")
        i = b.rng.randrange(2)
        b.emit(f"memref.store {v.ref}, {sv}[{b.cindex(i, [1 - i], what='store index')}] : memref<2x{elem}, strided<[1], offset: ?>>")
        x = emit(b, f"memref.load {m.ref}[{lidx[0]}] : {m.ty}", "s")
        b.result(b.value(x[1:], elem, None, "scalar", poison=v.poison))
        m.poison = m.poison or v.poison
        return
    if op == "memref.load" and b.rng.random() < 0.5:  # load first: the input's element
        x = emit(b, f"memref.load {m.ref}[{', '.join(lidx)}] : {m.ty}", "s")
        b.emit(f"memref.store {v.ref}, {m.ref}[{', '.join(at)}] : {m.ty}")
        b.result(b.value(x[1:], elem, None, "scalar"))
    else:
        b.emit(f"memref.store {v.ref}, {m.ref}[{', '.join(at)}] : {m.ty}")
        x = emit(b, f"memref.load {m.ref}[{', '.join(lidx)}] : {m.ty}", "s")
        b.result(b.value(x[1:], elem, None, "scalar", poison=v.poison))
    m.poison = m.poison or v.poison


@generator("memref.alloc", "memref.alloca")
def alloc(b: Body, op: str) -> None:
    """A fresh buffer: store two elements, load one back (tainted when it reads an element not
    written)."""
    elem = elem_of(b)
    n = b.rng.choice([4, 6])
    dyn = op == "memref.alloc" and b.rng.random() < 0.3  # IREE refuses unbounded stack allocations
    if dyn:
        size = b.index_arg(n, n)
        buf = emit(b, f"{op}({size.ref}) : memref<?x{elem}>", "m")
        mty = f"memref<?x{elem}>"
    else:
        mty = f"memref<{n}x{elem}>"
        buf = emit(b, f"{op}() : {mty}", "m")
    vs = [b.scalar(elem, poison_ok=False), b.scalar(elem)]
    w = b.rng.sample(range(n), 2)
    for v, i in zip(vs, w):
        b.emit(f"memref.store {v.ref}, {buf}[{b.cindex(i, [(i + 1) % n], what='store index')}] : {mty}")
    j = b.rng.choice(w + [b.rng.randrange(n)])
    x = emit(b, f"memref.load {buf}[{b.cindex(j)}] : {mty}", "s")
    tainted = j not in w or (j == w[1] and vs[1].poison) or (w[0] == w[1])
    b.result(b.value(x[1:], elem, None, "scalar", poison=tainted))
    # (no memref.copy of the buffer to an argument: IREE 3.13 compiles it to a memcpy import
    # that its embedded ELF loader then refuses, "no executable loader registered")


@generator("memref.copy", "memref.subview")
def copy_subview(b: Body, op: str) -> None:
    """Copy a subview of one memref argument into a subview of another."""
    elem = elem_of(b)
    a = memref_arg(b, elem, (6,))
    c = memref_arg(b, elem, (6,))
    size = b.rng.randint(1, 4)
    o1, o2 = b.rng.randint(0, 6 - size), b.rng.randint(0, 6 - size)
    c1 = b.cindex(o1, [(o1 + 1) % (7 - size)], what="subview offset")
    c2 = b.cindex(o2)
    sa = emit(b, f"memref.subview {a.ref}[{c1}] [{size}] [1] : {a.ty} to memref<{size}x{elem}, strided<[1], offset: ?>>", "sv")
    sc = emit(b, f"memref.subview {c.ref}[{c2}] [{size}] [1] : {c.ty} to memref<{size}x{elem}, strided<[1], offset: ?>>", "sv")
    b.emit(f"memref.copy {sa}, {sc} : memref<{size}x{elem}, strided<[1], offset: ?>> to "
           f"memref<{size}x{elem}, strided<[1], offset: ?>>")


@generator("memref.cast", "memref.dim")
def cast_dim(b: Body, op: str) -> None:
    elem = elem_of(b)
    n = b.rng.choice([3, 5])
    m = memref_arg(b, elem, (n, 2), dyn=(0,) if op == "memref.dim" else ())
    if op == "memref.cast":
        c = emit(b, f"memref.cast {m.ref} : {m.ty} to memref<?x2x{elem}>", "mc")
        i = b.rng.randrange(n)
        x = emit(b, f"memref.load {c}[{b.cindex(i, [(i + 1) % n])}, {b.cindex(1)}] : memref<?x2x{elem}>", "s")
        b.result(b.value(x[1:], elem, None, "scalar"))
    else:
        d = b.rng.choice([0, 1])
        r = emit(b, f"memref.dim {m.ref}, {b.cindex(d, [1 - d], what='dim')} : {m.ty}", "i")
        b.result(b.value(r[1:], "index", None, "scalar"))


@generator("memref.collapse_shape", "memref.expand_shape")
def memref_reshape(b: Body, op: str) -> None:
    """Store through a reshaped view of a memref argument and load through it."""
    elem = elem_of(b)
    v = b.scalar(elem)
    if op == "memref.collapse_shape":
        m = memref_arg(b, elem, (2, 3))
        view = emit(b, f"memref.collapse_shape {m.ref} [[0, 1]] : {m.ty} into memref<6x{elem}>", "mv")
        vty, at = f"memref<6x{elem}>", [b.rng.randrange(6)]
    else:
        m = memref_arg(b, elem, (6,))
        view = emit(b, f"memref.expand_shape {m.ref} [[0, 1]] output_shape [2, 3] : {m.ty} into memref<2x3x{elem}>", "mv")
        vty, at = f"memref<2x3x{elem}>", [b.rng.randrange(2), b.rng.randrange(3)]
    idx = [b.cindex(i, [(i + 1) % 2] if k == 0 and len(at) == 2 else [(i + 1) % 6] if len(at) == 1 else [])
           for k, i in enumerate(at)]
    b.emit(f"memref.store {v.ref}, {view}[{', '.join(idx)}] : {vty}")
    m.poison = m.poison or v.poison
    x = emit(b, f"memref.load {view}[{', '.join(b.cindex(0) for _ in at)}] : {vty}", "s")
    b.result(b.value(x[1:], elem, None, "scalar", poison=v.poison))


# ----------------------------------------------------------------------------- vector


@generator("vector.broadcast")
def broadcast(b: Body, op: str) -> None:
    elem = elem_of(b)
    s = b.scalar(elem)
    v = emit(b, f"vector.broadcast {s.ref} : {elem} to {vec_ty(elem, (4,))}", "v")
    w = emit(b, f"vector.broadcast {v} : {vec_ty(elem, (4,))} to {vec_ty(elem, (2, 4))}", "v")
    vout(b, w, elem, (2, 4), s.poison)


@generator("vector.extract")
def extract(b: Body, op: str) -> None:
    elem = elem_of(b)
    v = read_vector(b, elem, (2, 4))
    i, j = b.rng.randrange(2), b.rng.randrange(4)
    x = emit(b, f"vector.extract {v.ref}[{b.knob(f'{i}, {j}', [f'{1 - i}, {j}', f'{i}, {(j + 1) % 4}'], what='position')}]"
                f" : {elem} from {v.ty}", "s")
    b.result(b.value(x[1:], elem, None, "scalar", poison=v.poison))
    row = emit(b, f"vector.extract {v.ref}[{b.knob(i, [1 - i], what='position')}] : {vec_ty(elem, (4,))} from {v.ty}", "v")
    vout(b, row, elem, (4,), v.poison)


@generator("vector.shape_cast", "vector.transpose")
def shape_ops(b: Body, op: str) -> None:
    elem = elem_of(b)
    v = read_vector(b, elem, (2, 3))
    if op == "vector.shape_cast":
        r = emit(b, f"vector.shape_cast {v.ref} : {v.ty} to {b.knob(vec_ty(elem, (6,)), [], what='shape')}", "v")
        vout(b, r, elem, (6,), v.poison)
        return
    r = emit(b, f"vector.transpose {v.ref}, [1, 0] : {v.ty} to {vec_ty(elem, (3, 2))}", "v")
    vout(b, r, elem, (3, 2), v.poison)


@generator("vector.step")
def step(b: Body, op: str) -> None:
    s = emit(b, f"vector.step : {vec_ty('index', (4,))}", "v")
    c = b.rng.randint(0, 5)
    k = emit(b, f"arith.constant dense<{b.knob(c, [c + 1], what='constant')}> : {vec_ty('index', (4,))}", "k")
    r = emit(b, f"arith.addi {s}, {k} : {vec_ty('index', (4,))}", "v")
    vout(b, r, "index", (4,), False)


@generator("vector.constant_mask", "vector.create_mask")
def masks(b: Body, op: str) -> None:
    elem = elem_of(b)
    x, y = read_vector(b, elem, (4,)), read_vector(b, elem, (4,))
    k = b.rng.randint(0, 4)
    if op == "vector.constant_mask":
        m = emit(b, f"vector.constant_mask [{b.knob(k, [(k + 1) % 5], what='mask size')}] : {vec_ty('i1', (4,))}", "mk")
    else:
        n = b.index_arg(0, 4)
        m = emit(b, f"vector.create_mask {n.ref} : {vec_ty('i1', (4,))}", "mk")
    r = emit(b, f"arith.select {m}, {x.ref}, {y.ref} : {vec_ty('i1', (4,))}, {vec_ty(elem, (4,))}", "v")
    vout(b, r, elem, (4,), x.poison or y.poison)


@generator("vector.contract")
def contract(b: Body, op: str) -> None:
    elem = b.rng.choice(("i32", "f32"))
    m, k, n = b.rng.choice([(2, 3, 2), (2, 2, 2)])
    x, y, c = read_vector(b, elem, (m, k)), read_vector(b, elem, (k, n)), read_vector(b, elem, (m, n))
    maps = ("affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
            "affine_map<(d0, d1, d2) -> (d0, d1)>")
    operands = b.knob(f"{x.ref}, {y.ref}, {c.ref}", [f"{y.ref}, {x.ref}, {c.ref}"] if x.ty == y.ty else [],
                      what="contraction operands")
    r = emit(b, f"vector.contract {{indexing_maps = [{maps}], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], "
                f"kind = #vector.kind<add>}} {operands} : {x.ty}, {y.ty} into {c.ty}", "v")
    vout(b, r, elem, (m, n), x.poison or y.poison or c.poison)


@generator("vector.load", "vector.store", "vector.maskedstore", "vector.scatter")
def vector_memory(b: Body, op: str) -> None:
    elem = elem_of(b)
    m = memref_arg(b, elem, (8,))
    v = read_vector(b, elem, (4,))
    o = b.rng.randint(0, 4)
    off = b.cindex(o, [(o + 1) % 5], what="offset")
    if op == "vector.load":
        r = emit(b, f"vector.load {m.ref}[{off}] : {m.ty}, {vec_ty(elem, (4,))}", "v")
        vout(b, r, elem, (4,), False)
        return
    if op == "vector.store":
        b.emit(f"vector.store {v.ref}, {m.ref}[{off}] : {m.ty}, {v.ty}")
    elif op == "vector.maskedstore":
        k = b.rng.randint(0, 4)
        mk = emit(b, f"vector.constant_mask [{b.knob(k, [(k + 1) % 5], what='mask size')}] : {vec_ty('i1', (4,))}", "mk")
        b.emit(f"vector.maskedstore {m.ref}[{off}], {mk}, {v.ref} : {m.ty}, {vec_ty('i1', (4,))}, {v.ty}")
    else:
        idx = b.rng.sample(range(4), 4)
        ix = emit(b, f"arith.constant dense<[{b.knob(', '.join(map(str, idx)), [', '.join(map(str, idx[::-1]))], what='indices')}]>"
                     f" : {vec_ty('index', (4,))}", "k")
        k = b.rng.randint(1, 4)
        mk = emit(b, f"vector.constant_mask [{k}] : {vec_ty('i1', (4,))}", "mk")
        b.emit(f"vector.scatter {m.ref}[{off}] [{ix}], {mk}, {v.ref} : {m.ty}, {vec_ty('index', (4,))}, "
               f"{vec_ty('i1', (4,))}, {v.ty}")
    m.poison = m.poison or v.poison


@generator("vector.transfer_read", "vector.transfer_write")
def transfers(b: Body, op: str) -> None:
    elem = elem_of(b)
    t = b.tensor(elem, (6,))
    if op == "vector.transfer_read":
        pad = b.scalar(elem)
        o = b.rng.randint(0, 4)
        inb = o + 4 <= 6
        r = emit(b, f"vector.transfer_read {t.ref}[{b.cindex(o, [(o + 1) % 5], what='offset')}], {pad.ref}"
                    f"{' {in_bounds = [true]}' if inb and b.rng.random() < 0.5 else ''} : {t.ty}, {vec_ty(elem, (4,))}", "v")
        vout(b, r, elem, (4,), t.poison or (pad.poison and not inb))
        return
    v = read_vector(b, elem, (4,))
    o = b.rng.randint(0, 2)
    r = emit(b, f"vector.transfer_write {v.ref}, {t.ref}[{b.cindex(o, [(o + 1) % 3], what='offset')}] {{in_bounds = [true]}} : "
                f"{v.ty}, {t.ty}", "r")
    b.result(b.value(r[1:], elem, (6,), poison=t.poison or v.poison))


@generator("iree_vector_ext.transfer_gather")
def transfer_gather(b: Body, op: str) -> None:
    elem = b.rng.choice(("f32", "i32", "f16"))
    s = b.tensor(elem, (6, 4))
    ix = b.arg("i64", (3,), domain=(0, 5))
    pad = b.const_scalar(elem, 0)
    ipad = b.const_scalar("i64", 0)
    c0 = b.cindex(0)
    iv = emit(b, f"vector.transfer_read %{ix.name}[{c0}], {ipad.ref} {{in_bounds = [true]}} : {ix.ty}, {vec_ty('i64', (3,))}", "v")
    ii = emit(b, f"arith.index_cast {iv} : {vec_ty('i64', (3,))} to {vec_ty('index', (3,))}", "v")
    maps = b.knob("affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>", [], what="indexing maps")
    g = emit(b, f"iree_vector_ext.transfer_gather {s.ref}[{c0}, {c0}] [{ii} : {vec_ty('index', (3,))}], {pad.ref} "
                f"<indexing_maps = [{maps}]> : {s.ty}, {vec_ty(elem, (3, 4))}", "v")
    vout(b, g, elem, (3, 4), s.poison)


# ----------------------------------------------------------------------------- scf


@generator("scf.for")
def scf_for(b: Body, op: str) -> None:
    """A sum (or product) of a tensor's elements in a loop with a constant trip count."""
    elem = b.rng.choice(("i32", "i64", "f32"))
    n = b.rng.choice([3, 4])
    t = b.tensor(elem, (n,))
    acc0 = b.scalar(elem)
    lo, st = b.rng.choice([0, 0, 1]), b.rng.choice([1, 1, 2])
    clo, chi, cst = b.cindex(lo, [1 - lo], what="lower bound"), b.cindex(n, [n - 1], what="upper bound"), b.cindex(st, [3 - st], what="step")
    r = b.fresh("r")
    combine = "arith.addi" if is_int(elem) else "arith.addf"
    b.emit(f"%{r} = scf.for %{r}_i = {clo} to {chi} step {cst} iter_args(%{r}_a = {acc0.ref}) -> ({elem}) {{")
    b.emit(f"  %{r}_x = tensor.extract {t.ref}[%{r}_i] : {t.ty}")
    b.emit(f"  %{r}_s = {b.knob(combine, ['arith.muli' if is_int(elem) else 'arith.mulf'], what='loop body op')} %{r}_a, %{r}_x : {elem}")
    b.emit(f"  scf.yield %{r}_s : {elem}")
    b.emit("}")
    b.result(b.value(r, elem, None, "scalar", poison=t.poison or acc0.poison))


@generator("scf.if")
def scf_if(b: Body, op: str) -> None:
    elem = elem_of(b)
    x, y = b.scalar(elem, poison_ok=False), b.scalar(elem, poison_ok=False)
    u, w = b.scalar(elem), b.scalar(elem)
    c = emit(b, f"arith.cmpi {b.knob('slt', ['sgt', 'eq'], what='predicate')}, {x.ref}, {y.ref} : {elem}" if is_int(elem)
             else f"arith.cmpf {b.knob('olt', ['ogt', 'uno'], what='predicate')}, {x.ref}, {y.ref} : {elem}", "c")
    r = b.fresh("r")
    then, other = b.knob(f"{u.ref}", [w.ref], what="branch value"), w.ref
    b.emit(f"%{r} = scf.if {c} -> ({elem}) {{")
    b.emit(f"  scf.yield {then} : {elem}")
    b.emit("} else {")
    b.emit(f"  scf.yield {other} : {elem}")
    b.emit("}")
    b.result(b.value(r, elem, None, "scalar", poison=u.poison or w.poison))


@generator("scf.forall")
def forall(b: Body, op: str) -> None:
    """Tiles of an elementwise add written with ``parallel_insert_slice`` into shared outs."""
    elem = b.rng.choice(("i32", "f32"))
    a, o = b.tensor(elem, (4, 6)), b.tensor(elem, (4, 6))
    ti, tj = b.rng.choice([(2, 3), (4, 2), (2, 6)])
    r = b.fresh("r")
    add = "arith.addi" if is_int(elem) else "arith.addf"
    tt = tensor_ty(elem, (ti, tj))
    b.emit(f"%{r} = scf.forall (%{r}_i, %{r}_j) = (0, 0) to (4, 6) step ({ti}, {tj}) shared_outs(%{r}_o = {o.ref}) -> "
           f"({o.ty}) {{")
    b.emit(f"  %{r}_x = tensor.extract_slice {a.ref}[%{r}_i, %{r}_j] [{ti}, {tj}] [1, 1] : {a.ty} to {tt}")
    b.emit(f"  %{r}_d = tensor.extract_slice %{r}_o[%{r}_i, %{r}_j] [{ti}, {tj}] [1, 1] : {o.ty} to {tt}")
    b.emit(f"  %{r}_y = linalg.elementwise <{b.knob('add', ['sub'], what='tile op')}> ins(%{r}_x, %{r}_d : {tt}, {tt}) outs(%{r}_d : {tt}) -> {tt}")
    b.emit("  scf.forall.in_parallel {")
    b.emit(f"    tensor.parallel_insert_slice %{r}_y into %{r}_o[{b.knob(f'%{r}_i, %{r}_j', [f'%{r}_i, 0'] if tj < 6 else [], what='insert offsets')}] "
           f"[{ti}, {tj}] [1, 1] : {tt} into {o.ty}")
    b.emit("  }")
    b.emit("}")
    b.result(b.value(r, elem, (4, 6), poison=a.poison or o.poison))
    del add
