"""Fuzz generators for ``tensor`` and ``linalg`` ops (see ``mlir_ops``).

Instances are static-shaped unless a dim is declared dynamic with its runtime extent; every
index, offset and size is a constant or an ``index`` argument drawn from a range that keeps the
access in bounds. A result with elements nobody wrote (an ``insert_slice`` into
``tensor.empty``), or computed from poison (a poison padding value, a fill of poison), is
tainted. Knobs change constants, offsets, indices, index maps, permutations, reassociations,
kinds and operand order; known-good rewrites print a named op as its ``linalg.generic`` form or
split a reshape in two.
"""

from __future__ import annotations

from irverify.fuzz.mlir_ops import (
    Body,
    add_op,
    emit,
    generator,
    is_int,
    max_op,
    mul_op,
    out,
    tensor_ty,
)

ELEMS = ("i32", "f32", "i8", "f16", "i64", "f64")


def elem_of(b: Body, ints_only: bool = False, floats_only: bool = False) -> str:
    if ints_only:
        return b.rng.choice(("i32", "i8", "i64", "i16"))
    if floats_only:
        return b.rng.choice(("f32", "f32", "f16", "f64"))
    return b.rng.choice(ELEMS)







def init(b: Body, elem: str, shape):
    """An accumulator: zeros, or a tensor operand."""
    if b.rng.random() < 0.5:
        return b.zeros(elem, shape)
    return b.tensor(elem, shape)


# ----------------------------------------------------------------------------- tensor


@generator("tensor.extract")
def extract(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3), (3, 2, 2)])
    x = b.tensor(elem, shape)
    idx = []
    for d in shape:
        if b.rng.random() < 0.5:
            idx.append(b.index_arg(0, d - 1).ref)
        else:
            v = b.rng.randrange(d)
            idx.append(b.cindex(v, [(v + 1) % d] if d > 1 else []))
    n = b.fresh("s")
    b.emit(f"%{n} = tensor.extract {x.ref}[{', '.join(idx)}] : {x.ty}")
    b.result(b.value(n, elem, None, "scalar", poison=x.poison))


@generator("tensor.insert")
def insert(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3)])
    x = b.tensor(elem, shape)
    s = b.scalar(elem)
    idx = []
    for d in shape:
        v = b.rng.randrange(d)
        idx.append(b.cindex(v, [(v + 1) % d] if d > 1 else []))
    r = emit(b, f"tensor.insert {s.ref} into {x.ref}[{', '.join(idx)}] : {x.ty}")
    out(b, r, elem, shape, x.poison or s.poison)


@generator("tensor.extract_slice")
def extract_slice(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(6,), (4, 5), (3, 4, 2)])
    x = b.tensor(elem, shape)
    sizes = [b.rng.randint(1, d) for d in shape]
    strides = [b.rng.choice([1, 1, 2]) if (s - 1) * 2 < d else 1 for s, d in zip(sizes, shape)]
    offs = []
    for d, s, st in zip(shape, sizes, strides):
        room = d - 1 - (s - 1) * st
        if b.rng.random() < 0.3:
            offs.append(b.index_arg(0, room).ref)
        else:
            o = b.rng.randint(0, room)
            offs.append(b.knob(o, [(o + 1) % (room + 1)] if room else [], what="slice offset"))
    rt = tensor_ty(elem, sizes)
    r = emit(b, f"tensor.extract_slice {x.ref}[{', '.join(map(str, offs))}] [{', '.join(map(str, sizes))}] "
                f"[{', '.join(map(str, strides))}] : {x.ty} to {rt}")
    out(b, r, elem, sizes, x.poison)


@generator("tensor.insert_slice", "tensor.empty")
def insert_slice(b: Body, op: str) -> None:
    """A tile inserted into a tensor operand or into ``tensor.empty`` (elements outside the tile
    unwritten: tainted)."""
    elem = elem_of(b)
    shape = b.rng.choice([(6,), (4, 5)])
    sizes = [b.rng.randint(1, d) for d in shape]
    tile = b.tensor(elem, sizes)
    into_empty = op == "tensor.empty" or b.rng.random() < 0.3
    if into_empty and sizes == list(shape):
        dest = b.empty(elem, shape)
        poison = tile.poison
    elif into_empty:
        dest = b.empty(elem, shape)
        poison = True
    else:
        d = b.tensor(elem, shape)
        dest, poison = d.ref, d.poison or tile.poison
    offs = []
    for d, s in zip(shape, sizes):
        o = b.rng.randint(0, d - s)
        offs.append(b.knob(o, [(o + 1) % (d - s + 1)] if d > s else [], what="slice offset"))
    r = emit(b, f"tensor.insert_slice {tile.ref} into {dest}[{', '.join(map(str, offs))}] [{', '.join(map(str, sizes))}] "
                f"[{', '.join(['1'] * len(shape))}] : {tile.ty} into {tensor_ty(elem, shape)}")
    out(b, r, elem, shape, poison)


@generator("tensor.from_elements")
def from_elements(b: Body, op: str) -> None:
    elem = elem_of(b)
    xs = [b.scalar(elem) for _ in range(b.rng.choice([2, 3, 4]))]
    refs = [x.ref for x in xs]
    order = b.knob(", ".join(refs), [", ".join(refs[::-1])], what="elements")
    r = emit(b, f"tensor.from_elements {order} : {tensor_ty(elem, (len(xs),))}")
    out(b, r, elem, (len(xs),), any(x.poison for x in xs))


@generator("tensor.splat")
def splat(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3)])
    s = b.scalar(elem)
    r = emit(b, f"tensor.splat {s.ref} : {tensor_ty(elem, shape)}")
    out(b, r, elem, shape, s.poison)


@generator("tensor.dim", "tensor.rank")
def dim_rank(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(3, 4), (2, 5, 3)])
    dyn = tuple(i for i in range(len(shape)) if b.rng.random() < 0.5)
    x = b.tensor(elem, shape, dyn=dyn)
    if op == "tensor.rank":
        n = emit(b, f"tensor.rank {x.ref} : {x.ty}", "i")
    else:
        k = b.rng.randrange(len(shape))
        c = b.cindex(k, [j for j in range(len(shape)) if shape[j] != shape[k]], what="dim")
        n = emit(b, f"tensor.dim {x.ref}, {c} : {x.ty}", "i")
    b.result(b.value(n[1:], "index", None, "scalar"))


@generator("iree_tensor_ext.compute_barrier.start", "iree_tensor_ext.compute_barrier.end")
def compute_barrier(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3), (3, 4)])
    dyn = tuple(i for i in range(len(shape)) if b.rng.random() < 0.5)
    x = b.tensor(elem, shape, dyn=dyn)
    extents = []
    for k in dyn:  # the declared extents: the tensor's (a mutated one is UB)
        c = b.cindex(k, [j for j in range(len(shape)) if shape[j] != shape[k]], what="dim")
        extents.append(emit(b, f"tensor.dim {x.ref}, {c} : {x.ty}", "i"))
    declared = "{" + ", ".join(extents) + "}" if extents else ""
    r = emit(b, f"{op} {x.ref} : {x.ty}{declared} -> {x.ty}")
    out(b, r, elem, shape, x.poison, dyn)


@generator("tensor.cast")
def cast(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3)])
    x = b.tensor(elem, shape)
    dyn = tensor_ty(elem, shape, dyn=tuple(range(len(shape))))
    c = emit(b, f"tensor.cast {x.ref} : {x.ty} to {dyn}")
    r = emit(b, f"tensor.cast {c} : {dyn} to {x.ty}")
    out(b, r, elem, shape, x.poison)


RESHAPES = {  # shape -> [(reassociation, collapsed shape)]
    (2, 3, 4): [("[[0, 1], [2]]", (6, 4)), ("[[0], [1, 2]]", (2, 12)), ("[[0, 1, 2]]", (24,))],
    (4, 1, 3): [("[[0, 1], [2]]", (4, 3)), ("[[0], [1, 2]]", (4, 3))],
    (2, 2, 2): [("[[0, 1], [2]]", (4, 2)), ("[[0], [1, 2]]", (2, 4))],
}


@generator("tensor.collapse_shape", "tensor.expand_shape")
def reshape_pair(b: Body, op: str) -> None:
    """Collapse then expand (or the reverse): same-typed alternatives of the reassociation are
    mutations; a collapse split in two is a known-good rewrite."""
    elem = elem_of(b)
    full = b.rng.choice(sorted(RESHAPES))
    reas, flat = b.rng.choice(RESHAPES[full])
    alts = [r for r, s in RESHAPES[full] if s == flat and r != reas]
    ft, ct = tensor_ty(elem, full), tensor_ty(elem, flat)
    if op == "tensor.collapse_shape":
        x = b.tensor(elem, full)
        n = b.fresh("r")
        one = f"%{n} = tensor.collapse_shape {x.ref} {reas} : {ft} into {ct}"
        goods = []
        if len(flat) == 1 and full == (2, 3, 4):
            goods = [(f"%{n}_h = tensor.collapse_shape {x.ref} [[0, 1], [2]] : {ft} into {tensor_ty(elem, (6, 4))}\n"
                      f"%{n} = tensor.collapse_shape %{n}_h [[0, 1]] : {tensor_ty(elem, (6, 4))} into {ct}")]
        b.emit(b.knob(one, [one.replace(reas, a) for a in alts], goods, what="reassociation"))
        out(b, "%" + n, elem, flat, x.poison)
    else:
        x = b.tensor(elem, flat)
        shape_list = ", ".join(map(str, full))
        r = emit(b, f"tensor.expand_shape {x.ref} {b.knob(reas, alts, what='reassociation')} output_shape [{shape_list}] "
                    f": {ct} into {ft}")
        out(b, r, elem, full, x.poison)


@generator("tensor.reshape")
def reshape(b: Body, op: str) -> None:
    elem = elem_of(b)
    x = b.tensor(elem, (12,))
    to = b.rng.choice([(3, 4), (2, 6), (4, 3)])
    alt = (to[1], to[0])
    del alt
    sh = emit(b, f"arith.constant dense<[{to[0]}, {to[1]}]> : tensor<2xi64>", "k")
    r = emit(b, f"tensor.reshape {x.ref}({sh}) : ({x.ty}, tensor<2xi64>) -> {tensor_ty(elem, to)}")
    out(b, r, elem, to, x.poison)


@generator("tensor.concat")
def concat(b: Body, op: str) -> None:
    elem = elem_of(b)
    a, c = b.tensor(elem, (2, 3)), b.tensor(elem, (2, 3))
    d = b.rng.choice([0, 1])
    rt = tensor_ty(elem, (4, 3) if d == 0 else (2, 6))
    order = b.knob(f"{a.ref}, {c.ref}", [f"{c.ref}, {a.ref}"], what="operand order")
    r = emit(b, f"tensor.concat dim({d}) {order} : ({a.ty}, {c.ty}) -> {rt}")
    out(b, r, elem, (4, 3) if d == 0 else (2, 6), a.poison or c.poison)


@generator("tensor.pad")
def pad(b: Body, op: str) -> None:
    elem = elem_of(b)
    x = b.tensor(elem, (2, 3))
    pv = b.scalar(elem)
    lo, hi = [b.rng.randint(0, 2) for _ in range(2)], [b.rng.randint(0, 2) for _ in range(2)]
    shape = (2 + lo[0] + hi[0], 3 + lo[1] + hi[1])
    pads = b.knob(f"low[{lo[0]}, {lo[1]}] high[{hi[0]}, {hi[1]}]",
                  [f"low[{hi[0]}, {lo[1]}] high[{lo[0]}, {hi[1]}]", f"low[{lo[0]}, {hi[1]}] high[{hi[0]}, {lo[1]}]"],
                  what="padding")
    n = b.fresh("r")
    b.emit(f"%{n} = tensor.pad {x.ref} {pads} {{")
    b.emit(f"^bb0(%{n}_i: index, %{n}_j: index):")
    b.emit(f"  tensor.yield {pv.ref} : {elem}")
    b.emit(f"}} : {x.ty} to {tensor_ty(elem, shape)}")
    out(b, "%" + n, elem, shape, x.poison or (pv.poison and (any(lo) or any(hi))))


@generator("tensor.generate")
def generate(b: Body, op: str) -> None:
    n_run = b.rng.choice([3, 4])
    nv = b.index_arg(n_run, n_run)
    c = b.rng.randint(1, 5)
    n = b.fresh("r")
    b.emit(f"%{n} = tensor.generate {nv.ref} {{")
    b.emit(f"^bb0(%{n}_i: index):")
    b.emit(f"  %{n}_c = arith.constant {b.knob(c, [c + 1], what='constant')} : index")
    b.emit(f"  %{n}_m = arith.muli %{n}_i, %{n}_c : index")
    b.emit(f"  %{n}_v = arith.index_cast %{n}_m : index to i32")
    b.emit(f"  tensor.yield %{n}_v : i32")
    b.emit("} : tensor<?xi32>")
    out(b, "%" + n, "i32", (n_run,), dyn=(0,))


# ----------------------------------------------------------------------------- linalg structured


@generator("linalg.fill")
def fill(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3)])
    s = b.scalar(elem)
    e = b.empty(elem, shape)
    t = tensor_ty(elem, shape)
    r = emit(b, f"linalg.fill ins({s.ref} : {elem}) outs({e} : {t}) -> {t}")
    out(b, r, elem, shape, s.poison)


@generator("linalg.copy")
def copy(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3)])
    x, o = b.tensor(elem, shape), b.tensor(elem, shape)
    r = emit(b, f"linalg.copy ins({b.knob(x.ref, [o.ref], what='operand')} : {x.ty}) outs({o.ref} : {o.ty}) -> {o.ty}")
    out(b, r, elem, shape, x.poison or o.poison)


@generator("linalg.transpose")
def transpose(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(2, 3, 2), (2, 2, 3)])
    perms = [p for p in ([0, 2, 1], [2, 1, 0], [1, 0, 2], [1, 2, 0], [2, 0, 1])]
    perm = b.rng.choice(perms)
    rshape = tuple(shape[i] for i in perm)
    alts = [p for p in perms if p != perm and tuple(shape[i] for i in p) == rshape]
    x = b.tensor(elem, shape)
    e = b.empty(elem, rshape)
    r = emit(b, f"linalg.transpose ins({x.ref} : {x.ty}) outs({e} : {tensor_ty(elem, rshape)}) "
                f"permutation = [{b.knob(', '.join(map(str, perm)), [', '.join(map(str, p)) for p in alts], what='permutation')}]")
    out(b, r, elem, rshape, x.poison)


@generator("linalg.broadcast")
def broadcast(b: Body, op: str) -> None:
    elem = elem_of(b)
    x = b.tensor(elem, (3,))
    d = b.rng.choice([0, 1])
    rshape = (3, 3)
    e = b.empty(elem, rshape)
    r = emit(b, f"linalg.broadcast ins({x.ref} : {x.ty}) outs({e} : {tensor_ty(elem, rshape)}) "
                f"dimensions = [{b.knob(d, [1 - d], what='dimensions')}]")
    out(b, r, elem, rshape, x.poison)


COMBINERS = {"int": ("arith.addi", "arith.muli", "arith.maxsi", "arith.minui", "arith.xori"),
             "float": ("arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf")}


@generator("linalg.reduce")
def reduce(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(3, 4), (2, 3)])
    d = b.rng.choice([0, 1])
    rshape = (shape[1 - d],)
    x = b.tensor(elem, shape)
    accv = init(b, elem, rshape)
    acc = accv.ref
    combs = COMBINERS["int" if is_int(elem) else "float"]
    c = b.rng.choice(combs)
    n = b.fresh("r")
    dims = b.knob(d, [1 - d] if shape[0] == shape[1] else [], what="reduction dim")
    b.emit(f"%{n} = linalg.reduce ins({x.ref} : {x.ty}) outs({acc} : {tensor_ty(elem, rshape)}) dimensions = [{dims}]")
    b.emit(f"  (%{n}_x: {elem}, %{n}_a: {elem}) {{")
    b.emit(f"    %{n}_s = {b.knob(c, [o for o in combs if o != c], what='combiner')} %{n}_x, %{n}_a : {elem}")
    b.emit(f"    linalg.yield %{n}_s : {elem}")
    b.emit("  }")
    out(b, "%" + n, elem, rshape, x.poison or accv.poison)


# the bits of -NaN (the identity of arith.maxnumf), as MLIR prints the fill of the decomposition
NEG_NAN = {"f32": "0xFFC00000", "f16": "0xFE00", "f64": "0xFFF8000000000000"}


@generator("linalg.softmax")
def softmax(b: Body, op: str) -> None:
    """``linalg.softmax`` over one dimension; the rewrite is MLIR's decomposition into
    ``linalg.generic`` ops (max from -NaN with ``maxnumf``, ``exp(x - max)``, sum, divide), the
    mutation another dimension."""
    elem = b.rng.choice(("f32", "f32", "f16"))
    shape = b.rng.choice([(2, 3), (3, 3), (2, 2, 3)])
    d = b.rng.randrange(len(shape))
    x = b.tensor(elem, shape)
    t = tensor_ty(elem, shape)
    e = b.empty(elem, shape)
    n = b.fresh("r")
    named = f"%{n} = linalg.softmax dimension({d}) ins({x.ref} : {t}) outs({e} : {t}) -> {t}"
    muts = [named.replace(f"dimension({d})", f"dimension({k})") for k in range(len(shape)) if k != d]
    b.emit(b.knob(named, muts, ["\n".join(_softmax_generics(n, x.ref, e, elem, shape, d))],
                  what="linalg.softmax (its decomposition as rewrite)"))
    out(b, "%" + n, elem, shape, x.poison)


def _softmax_generics(n: str, x: str, e: str, elem: str, shape, d: int) -> list[str]:
    """``SoftmaxOp::decomposeOperation`` of ``%n = linalg.softmax dimension(d) ins(x) outs(e)``."""
    rank = len(shape)
    loops = ", ".join(f"d{i}" for i in range(rank))
    full = f"affine_map<({loops}) -> ({loops})>"
    row = f"affine_map<({loops}) -> ({', '.join(f'd{i}' for i in range(rank) if i != d)})>"
    t, rt = tensor_ty(elem, shape), tensor_ty(elem, [s for i, s in enumerate(shape) if i != d])
    par = ", ".join(['"parallel"'] * rank)
    red = ", ".join('"reduction"' if i == d else '"parallel"' for i in range(rank))
    lines = [f"%{n}_nan = arith.constant {NEG_NAN[elem]} : {elem}", f"%{n}_zero = arith.constant 0.0 : {elem}",
             f"%{n}_re = tensor.empty() : {rt}",
             f"%{n}_mi = linalg.fill ins(%{n}_nan : {elem}) outs(%{n}_re : {rt}) -> {rt}"]
    lines += _generic_text(f"{n}_m", [full, row], [red], [_Ref(x, t)], f"%{n}_mi", rt, [
        f"^bb0(%{n}_a: {elem}, %{n}_b: {elem}):", f"  %{n}_c = arith.maxnumf %{n}_a, %{n}_b : {elem}",
        f"  linalg.yield %{n}_c : {elem}"]).split("\n")
    lines += _generic_text(f"{n}_e", [full, row, full], [par], [_Ref(x, t), _Ref(f"%{n}_m", rt)], e, t, [
        f"^bb0(%{n}_a: {elem}, %{n}_b: {elem}, %{n}_o: {elem}):", f"  %{n}_c = arith.subf %{n}_a, %{n}_b : {elem}",
        f"  %{n}_f = math.exp %{n}_c : {elem}", f"  linalg.yield %{n}_f : {elem}"]).split("\n")
    lines += [f"%{n}_si = linalg.fill ins(%{n}_zero : {elem}) outs(%{n}_re : {rt}) -> {rt}"]
    lines += _generic_text(f"{n}_s", [full, row], [red], [_Ref(f"%{n}_e", t)], f"%{n}_si", rt, [
        f"^bb0(%{n}_a: {elem}, %{n}_b: {elem}):", f"  %{n}_c = arith.addf %{n}_a, %{n}_b : {elem}",
        f"  linalg.yield %{n}_c : {elem}"]).split("\n")
    lines += _generic_text(n, [full, row, full], [par], [_Ref(f"%{n}_e", t), _Ref(f"%{n}_s", rt)], e, t, [
        f"^bb0(%{n}_a: {elem}, %{n}_b: {elem}, %{n}_o: {elem}):", f"  %{n}_c = arith.divf %{n}_a, %{n}_b : {elem}",
        f"  linalg.yield %{n}_c : {elem}"]).split("\n")
    return lines


class _Ref:
    """An operand of ``_generic_text`` given by its reference and type."""

    def __init__(self, ref: str, ty: str):
        self.ref, self.ty = ref, ty


@generator("linalg.map")
def lmap(b: Body, op: str) -> None:
    elem = elem_of(b)
    shape = b.rng.choice([(4,), (2, 3)])
    x, y = b.tensor(elem, shape), b.tensor(elem, shape)
    e = b.empty(elem, shape)
    n = b.fresh("r")
    b.emit(f"%{n} = linalg.map ins({x.ref}, {y.ref} : {x.ty}, {y.ty}) outs({e} : {x.ty})")
    b.emit(f"  (%{n}_x: {elem}, %{n}_y: {elem}, %{n}_z: {elem}) {{")
    body = b.knob(f"{mul_op(elem)} %{n}_x, %{n}_y", [f"{add_op(elem)} %{n}_x, %{n}_y", f"{max_op(elem)} %{n}_x, %{n}_y"],
                  [f"{mul_op(elem)} %{n}_y, %{n}_x"], what="body")
    b.emit(f"    %{n}_s = {body} : {elem}")
    b.emit(f"    linalg.yield %{n}_s : {elem}")
    b.emit("  }")
    out(b, "%" + n, elem, shape, x.poison or y.poison)


ELEMENTWISE_KINDS = {"add": 2, "sub": 2, "mul": 2, "div": 2, "max_signed": 2, "min_signed": 2, "select": 3,
                     "exp": 1, "log": 1, "ceil": 1, "floor": 1, "round": 1, "sqrt": 1, "rsqrt": 1, "tanh": 1,
                     "erf": 1, "abs": 1, "negf": 1, "square": 1, "reciprocal": 1, "powf": 2}


@generator("linalg.elementwise", "linalg.__scalar_unary", "linalg.__scalar_binary")
def elementwise(b: Body, op: str) -> None:
    """``linalg.elementwise`` (its math kinds are what ``linalg.__scalar_unary`` and
    ``linalg.__scalar_binary`` encode)."""
    unary = ("exp", "log", "ceil", "floor", "round", "sqrt", "rsqrt", "tanh", "erf", "abs")
    if op == "linalg.__scalar_unary":
        kind = b.rng.choice(unary)
    elif op == "linalg.__scalar_binary":
        kind = "powf"
    else:
        kind = b.rng.choice(sorted(ELEMENTWISE_KINDS))
    elem = "f32" if kind in unary + ("powf", "negf", "square", "reciprocal") or b.rng.random() < 0.5 else "i32"
    if kind == "div" and is_int(elem):
        elem = "f32"  # an integer divisor could be zero
    shape = b.rng.choice([(4,), (2, 3)])
    arity = ELEMENTWISE_KINDS[kind]
    ins = ([b.tensor("i1", shape)] if kind == "select" else []) + [b.tensor(elem, shape) for _ in range(arity - (kind == "select"))]
    same = [k for k, a in ELEMENTWISE_KINDS.items() if a == arity and k != kind and not (is_int(elem) and k in unary + (
        "powf", "negf", "square", "reciprocal", "div"))]
    e = b.empty(elem, shape)
    t = tensor_ty(elem, shape)
    r = emit(b, f"linalg.elementwise <{b.knob(kind, same[:4], what='kind')}> ins({', '.join(v.ref for v in ins)} : "
                f"{', '.join(v.ty for v in ins)}) outs({e} : {t}) -> {t}")
    out(b, r, elem, shape, any(v.poison for v in ins))


def _generic_text(n: str, maps: list[str], iters: list[str], ins: list, outs_ref: str, out_ty: str, body: list[str]) -> str:
    head = (f"%{n} = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{', '.join(iters)}]}} "
            f"ins({', '.join(v.ref for v in ins)} : {', '.join(v.ty for v in ins)}) outs({outs_ref} : {out_ty}) {{")
    return "\n".join([head, *body, f"}} -> {out_ty}"])


@generator("linalg.generic", "linalg.index")
def generic(b: Body, op: str) -> None:
    """out(i, j) = f(a(map_a), c(map_c) [, linalg.index]) on a square or rectangular space, or a
    reduction over j; the maps, the body op and the index dim are knobs."""
    elem = b.rng.choice(("i32", "f32", "i8", "f64"))
    m = 3
    nn = b.rng.choice([3, 2])
    reduction = b.rng.random() < 0.3
    a = b.tensor(elem, (m, nn))
    maps_a = ["affine_map<(d0, d1) -> (d0, d1)>"] + (["affine_map<(d0, d1) -> (d1, d0)>"] if m == nn else [])
    c_shape = b.rng.choice([(nn,), (m,)])
    c = b.tensor(elem, c_shape)
    map_c = "affine_map<(d0, d1) -> (d1)>" if c_shape == (nn,) else "affine_map<(d0, d1) -> (d0)>"
    alt_c = ["affine_map<(d0, d1) -> (d0)>" if c_shape == (nn,) else "affine_map<(d0, d1) -> (d1)>"] if m == nn else []
    oshape = (m,) if reduction else (m, nn)
    omap = "affine_map<(d0, d1) -> (d0)>" if reduction else "affine_map<(d0, d1) -> (d0, d1)>"
    iters = ['"parallel"', '"reduction"' if reduction else '"parallel"']
    accv = init(b, elem, oshape) if reduction else None
    acc = accv.ref if accv else b.empty(elem, oshape)
    n = b.fresh("r")
    ma = b.knob(maps_a[0], maps_a[1:], what="index map")
    mc = b.knob(map_c, alt_c, what="index map")
    body_op = b.rng.choice([add_op(elem), mul_op(elem), max_op(elem)])
    op_text = b.knob(body_op, [o for o in (add_op(elem), mul_op(elem), max_op(elem)) if o != body_op], what="body op")
    body = [f"^bb0(%{n}_a: {elem}, %{n}_c: {elem}, %{n}_o: {elem}):", f"  %{n}_s = {op_text} %{n}_a, %{n}_c : {elem}"]
    last = f"%{n}_s"
    if op == "linalg.index" or b.rng.random() < 0.3:
        d = b.rng.choice([0, 1])
        body += [f"  %{n}_i = linalg.index {b.knob(d, [1 - d], what='index dim')} : index"]
        if is_int(elem):
            body += [f"  %{n}_ic = arith.index_cast %{n}_i : index to {elem}", f"  %{n}_t = arith.addi {last}, %{n}_ic : {elem}"]
        else:
            body += [f"  %{n}_ic = arith.index_cast %{n}_i : index to i32", f"  %{n}_if = arith.sitofp %{n}_ic : i32 to {elem}",
                     f"  %{n}_t = arith.addf {last}, %{n}_if : {elem}"]
        last = f"%{n}_t"
    if reduction:
        body += [f"  %{n}_u = {add_op(elem)} {last}, %{n}_o : {elem}"]
        last = f"%{n}_u"
    body += [f"  linalg.yield {last} : {elem}"]
    for line in _generic_text(n, [ma, mc, omap], iters, [a, c], acc, tensor_ty(elem, oshape), body).split("\n"):
        b.emit(line)
    out(b, "%" + n, elem, oshape, a.poison or c.poison or bool(accv and accv.poison))


def _contraction(b: Body, op: str, a_shape, b_shape, c_shape, maps, iters) -> None:
    elem = b.rng.choice(("i32", "f32", "i8", "f16")) if op != "linalg.dot" else b.rng.choice(("i32", "f32"))
    x, y = b.tensor(elem, a_shape), b.tensor(elem, b_shape)
    accv = init(b, elem, c_shape)
    acc = accv.ref
    ct = tensor_ty(elem, c_shape)
    n = b.fresh("r")
    named = f"%{n} = {op} ins({x.ref}, {y.ref} : {x.ty}, {y.ty}) outs({acc} : {ct}) -> {ct}"
    body = [f"^bb0(%{n}_a: {elem}, %{n}_b: {elem}, %{n}_c: {elem}):",
            f"  %{n}_m = {mul_op(elem)} %{n}_a, %{n}_b : {elem}",
            f"  %{n}_s = {add_op(elem)} %{n}_c, %{n}_m : {elem}", f"  linalg.yield %{n}_s : {elem}"]
    generic_form = _generic_text(n, maps, iters, [x, y], acc, ct, body)
    muts = []
    if a_shape == b_shape[::-1] and x.ty == y.ty:
        muts.append(named.replace(f"ins({x.ref}, {y.ref}", f"ins({y.ref}, {x.ref}"))
    b.emit(b.knob(named, muts, [generic_form], what=f"{op} (generic form as rewrite)"))
    out(b, "%" + n, elem, c_shape, x.poison or y.poison or accv.poison)


@generator("linalg.matmul")
def matmul(b: Body, op: str) -> None:
    m, k, n = b.rng.choice([(2, 3, 2), (3, 2, 3), (2, 2, 2), (1, 4, 3)])
    _contraction(b, op, (m, k), (k, n), (m, n), ["affine_map<(d0, d1, d2) -> (d0, d2)>", "affine_map<(d0, d1, d2) -> (d2, d1)>",
                                                 "affine_map<(d0, d1, d2) -> (d0, d1)>"],
                 ['"parallel"', '"parallel"', '"reduction"'])


@generator("linalg.batch_matmul")
def batch_matmul(b: Body, op: str) -> None:
    bt, m, k, n = 2, *b.rng.choice([(2, 3, 2), (2, 2, 2)])
    _contraction(b, op, (bt, m, k), (bt, k, n), (bt, m, n),
                 ["affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>", "affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>",
                  "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>"], ['"parallel"', '"parallel"', '"parallel"', '"reduction"'])


@generator("linalg.matvec")
def matvec(b: Body, op: str) -> None:
    m, k = b.rng.choice([(2, 3), (3, 3)])
    _contraction(b, op, (m, k), (k,), (m,), ["affine_map<(d0, d1) -> (d0, d1)>", "affine_map<(d0, d1) -> (d1)>",
                                             "affine_map<(d0, d1) -> (d0)>"], ['"parallel"', '"reduction"'])


@generator("linalg.vecmat")
def vecmat(b: Body, op: str) -> None:
    k, n = b.rng.choice([(2, 3), (3, 3)])
    _contraction(b, op, (k,), (k, n), (n,), ["affine_map<(d0, d1) -> (d1)>", "affine_map<(d0, d1) -> (d1, d0)>",
                                             "affine_map<(d0, d1) -> (d0)>"], ['"parallel"', '"reduction"'])


@generator("linalg.batch_matvec")
def batch_matvec(b: Body, op: str) -> None:
    bt, m, k = 2, *b.rng.choice([(2, 3), (3, 2)])
    _contraction(b, op, (bt, m, k), (bt, k), (bt, m),
                 ["affine_map<(d0, d1, d2) -> (d0, d1, d2)>", "affine_map<(d0, d1, d2) -> (d0, d2)>",
                  "affine_map<(d0, d1, d2) -> (d0, d1)>"], ['"parallel"', '"parallel"', '"reduction"'])


@generator("linalg.batch_vecmat")
def batch_vecmat(b: Body, op: str) -> None:
    bt, k, n = 2, *b.rng.choice([(2, 3), (3, 2)])
    _contraction(b, op, (bt, k), (bt, k, n), (bt, n),
                 ["affine_map<(d0, d1, d2) -> (d0, d2)>", "affine_map<(d0, d1, d2) -> (d0, d2, d1)>",
                  "affine_map<(d0, d1, d2) -> (d0, d1)>"], ['"parallel"', '"parallel"', '"reduction"'])


@generator("linalg.dot")
def dot(b: Body, op: str) -> None:
    k = b.rng.choice([3, 4])
    _contraction(b, op, (k,), (k,), (), ["affine_map<(d0) -> (d0)>", "affine_map<(d0) -> (d0)>", "affine_map<(d0) -> ()>"],
                 ['"reduction"'])


# ----------------------------------------------------------------------------- convolutions and pooling

# op -> (input layout, filter layout, output layout, spatial dims); letters: N batch, C channel,
# F filters, H/W spatial input, K/L kernel, P/Q output spatial
CONVS = {
    "linalg.conv_1d": ("W", "K", "P", 1),
    "linalg.conv_2d": ("HW", "KL", "PQ", 2),
    "linalg.conv_1d_nwc_wcf": ("NWC", "KCF", "NPF", 1),
    "linalg.conv_2d_nchw_fchw": ("NCHW", "FCKL", "NFPQ", 2),
    "linalg.conv_2d_nhwc_fhwc": ("NHWC", "FKLC", "NPQF", 2),
    "linalg.conv_2d_nhwc_hwcf": ("NHWC", "KLCF", "NPQF", 2),
    "linalg.depthwise_conv_1d_nwc_wc": ("NWC", "KC", "NPC", 1),
    "linalg.depthwise_conv_2d_nchw_chw": ("NCHW", "CKL", "NCPQ", 2),
    "linalg.depthwise_conv_2d_nhwc_hwc": ("NHWC", "KLC", "NPQC", 2),
    "linalg.depthwise_conv_2d_nhwc_hwcm": ("NHWC", "KLCM", "NPQCM", 2),
    "linalg.conv_2d_nhwc_hwcf_q": ("NHWC", "KLCF", "NPQF", 2),
    "linalg.conv_2d_nhwc_fhwc_q": ("NHWC", "FKLC", "NPQF", 2),
    "linalg.conv_2d_nchw_fchw_q": ("NCHW", "FCKL", "NFPQ", 2),
    "linalg.depthwise_conv_2d_nhwc_hwc_q": ("NHWC", "KLC", "NPQC", 2),
    "linalg.depthwise_conv_2d_nhwc_hwcm_q": ("NHWC", "KLCM", "NPQCM", 2),
    "linalg.pooling_nchw_max": ("NCHW", "KL", "NCPQ", 2),
    "linalg.pooling_nchw_sum": ("NCHW", "KL", "NCPQ", 2),
    "linalg.pooling_nhwc_max": ("NHWC", "KL", "NPQC", 2),
    "linalg.pooling_nhwc_max_unsigned": ("NHWC", "KL", "NPQC", 2),
    "linalg.pooling_nhwc_min": ("NHWC", "KL", "NPQC", 2),
    "linalg.pooling_nhwc_min_unsigned": ("NHWC", "KL", "NPQC", 2),
    "linalg.pooling_nhwc_sum": ("NHWC", "KL", "NPQC", 2),
}


@generator(*CONVS)
def conv(b: Body, op: str) -> None:
    ins_l, fil_l, out_l, nsp = CONVS[op]
    rng = b.rng
    pooling = "pooling" in op
    elem = "i32" if "unsigned" in op else rng.choice(("i32", "f32", "i8")) if pooling else rng.choice(("i32", "f32", "f16"))
    strides = [rng.choice([1, 1, 2]) for _ in range(nsp)]
    dil = [rng.choice([1, 1, 2]) for _ in range(nsp)]
    ker = [rng.choice([1, 2, 3]) for _ in range(nsp)]
    outsp = [rng.choice([1, 2, 3]) for _ in range(nsp)]
    insp = [(o - 1) * s + d * (k - 1) + 1 for o, s, d, k in zip(outsp, strides, dil, ker)]
    sizes = {"N": rng.choice([1, 2]), "C": rng.choice([1, 2]), "F": rng.choice([1, 2]), "M": rng.choice([1, 2])}
    sp_in = dict(zip("HW" if nsp == 2 else "W", insp))
    sp_k = dict(zip("KL" if nsp == 2 else "K", ker))
    sp_o = dict(zip("PQ" if nsp == 2 else "P", outsp))
    dims = {**sizes, **sp_in, **sp_k, **sp_o}
    ishape, fshape, oshape = [tuple(dims[c] for c in lay) for lay in (ins_l, fil_l, out_l)]
    x = b.tensor(elem, ishape)
    if pooling:
        f = b.empty(elem, fshape)
        fty = tensor_ty(elem, fshape)
    else:
        fv = b.tensor(elem, fshape)
        f, fty = fv.ref, fv.ty
    accv = init(b, elem, oshape)
    acc = accv.ref
    named_1d = op in ("linalg.conv_1d", "linalg.conv_2d")
    attrs = ""
    if not named_1d:
        st = ", ".join(map(str, strides))
        alt_st = [", ".join(map(str, s)) for s in ([[x_ + 1 for x_ in strides]] if all(o == 1 for o in outsp) else [])]
        attrs = (f" {{dilations = dense<[{', '.join(map(str, dil))}]> : tensor<{nsp}xi64>, "
                 f"strides = dense<[{b.knob(st, alt_st, what='strides')}]> : tensor<{nsp}xi64>}}")
    ot = tensor_ty(elem, oshape)
    zp_refs, zp_tys, zp_poison = "", "", False
    if op.endswith("_q"):  # the zero points: two i32 scalars
        zps = [b.scalar("i32") for _ in range(2)]
        zp_refs = "".join(f", {z.ref}" for z in zps)
        zp_tys = ", i32, i32"
        zp_poison = any(z.poison for z in zps)
    r = emit(b, f"{op}{attrs} ins({x.ref}, {f}{zp_refs} : {x.ty}, {fty}{zp_tys}) outs({acc} : {ot}) -> {ot}")
    out(b, r, elem, oshape, x.poison or accv.poison or (not pooling and fv.poison) or zp_poison)


# ----------------------------------------------------------------------------- pack / unpack


@generator("linalg.pack", "linalg.unpack")
def pack(b: Body, op: str) -> None:
    elem = elem_of(b)
    rows, cols = b.rng.choice([(4, 6), (4, 4), (6, 4)])
    t0, t1 = b.rng.choice([(2, 2), (2, 3), (2, 1)]) if cols % 3 == 0 else b.rng.choice([(2, 2), (2, 1)])
    perm = b.rng.choice(["", " outer_dims_perm = [1, 0]"])
    packed = (rows // t0, cols // t1, t0, t1)
    if perm:
        packed = (packed[1], packed[0], t0, t1)
    pt, ut = tensor_ty(elem, packed), tensor_ty(elem, (rows, cols))
    alt_perm = [" outer_dims_perm = [1, 0]" if not perm else ""] if packed[0] == packed[1] else []
    p = b.knob(perm, alt_perm, what="outer_dims_perm")
    if op == "linalg.pack":
        x = b.tensor(elem, (rows, cols))
        e = b.empty(elem, packed)
        r = emit(b, f"linalg.pack {x.ref}{p} inner_dims_pos = [0, 1] inner_tiles = [{t0}, {t1}] into {e} : {ut} -> {pt}")
        out(b, r, elem, packed, x.poison)
    else:
        x = b.tensor(elem, packed)
        e = b.empty(elem, (rows, cols))
        r = emit(b, f"linalg.unpack {x.ref}{p} inner_dims_pos = [0, 1] inner_tiles = [{t0}, {t1}] into {e} : {pt} -> {ut}")
        out(b, r, elem, (rows, cols), x.poison)
