"""Mutations of real MLIR (the target of a lit case), made with the MLIR Python bindings.

``sites(text, scope)`` lists every place a mutation operator applies in the functions named in
``scope`` (all top-level functions when ``scope`` is empty); ``apply(text, site)`` parses the
text afresh, makes that one structured edit on the parsed module, verifies it and prints the
mutant (``Rejected`` when MLIR's verifier refuses it, ``None`` when the edit changes nothing).
A site names its op by its position in a pre-order walk of the scope's function bodies, so it
can be applied to a fresh parse of the same text.

The six operators of the mutation fuzzer:

* ``constant``: the value of an ``arith.constant`` (a scalar, a splat or one element of a dense
  tensor): +1, -1 (a float: negated), 0 (or 1 when it was 0), doubled; an ``i1`` is flipped.
* ``attribute``: an integer attribute (a predicate, a dimension, a binding or ordinal) +1 or
  -1; a boolean flipped; an enum (overflow flags, fastmath, iterator types) replaced by
  another value; a unit attribute removed; an integer array entry (``dimensions``) +1 or -1;
  a ``reassociation`` with one index moved to the neighbouring group.
* ``operand order``: two operands of the same type (other values) swapped.
* ``type``: a ranked tensor or memref result's two static dims swapped, or its element type
  changed (f32 <-> f16, i32 <-> i64, i8 <-> i32); a dispatch tensor view's tensor type likewise.
* ``extent``: one static offset, size, stride, output shape or pad entry +1 or -1 (sizes also
  1), or one static dim of a result type +1 or -1.
* ``index map``: in an affine map (``indexing_maps``, the ``map`` of ``affine.apply`` and
  kin): two results swapped, a dim or symbol replaced by another, a constant +1; a
  ``permutation`` (or ``inner_dims_pos``, ``outer_dims_perm``) with two entries swapped.
"""

from __future__ import annotations

from dataclasses import dataclass

OPERATORS = ("constant", "attribute", "operand order", "type", "extent", "index map")

STRUCTURAL = {"sym_name", "function_type", "sym_visibility", "operandSegmentSizes", "resultSegmentSizes",
              "arg_attrs", "res_attrs", "layout", "descriptor_flags", "alignment", "tied_operands",
              "lowering_config", "translation_info", "compilation_info", "workgroup_size"}
EXTENT_ATTRS = {"static_offsets", "static_sizes", "static_strides", "static_output_shape", "static_low",
                "static_high", "static_inner_tiles"}
PERMUTATION_ATTRS = {"permutation", "inner_dims_pos", "outer_dims_perm"}
ENUM_VALUES = {
    "#arith.overflow<": ("#arith.overflow<none>", "#arith.overflow<nsw>", "#arith.overflow<nuw>"),
    "#arith.fastmath<": ("#arith.fastmath<none>", "#arith.fastmath<fast>", "#arith.fastmath<nnan>"),
    "#linalg.iterator_type<": ("#linalg.iterator_type<parallel>", "#linalg.iterator_type<reduction>"),
    "#arith.roundingmode<": ("#arith.roundingmode<to_nearest_even>", "#arith.roundingmode<downward>",
                             "#arith.roundingmode<toward_zero>"),
}
ELEMENT_SWAP = {"f32": "f16", "f16": "f32", "i32": "i64", "i64": "i32", "i8": "i32", "bf16": "f32"}
DYNAMIC = -9223372036854775808


class Rejected(Exception):
    """MLIR's verifier refuses the mutant (the message says why)."""


@dataclass(frozen=True)
class Site:
    op_index: int
    operator: str
    key: str  # the attribute name, "operand i j", "result k", ...
    choice: int  # which variant at this place

    def describe(self, op_name: str = "") -> str:
        return f"{self.operator}: {op_name or 'op'} #{self.op_index} {self.key} (variant {self.choice})"


# ----------------------------------------------------------------------------- parsing, walking


def parse(text: str):
    from iree.compiler import ir

    from irverify.frontends.mlir.parse import mlir_context

    return ir.Module.parse(text, mlir_context())


def scoped_ops(module, scope: tuple[str, ...] = ()) -> list:
    """The ops nested in the top-level functions named in ``scope`` (all when empty), pre-order."""
    out = []

    def walk(op):
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    inner = inner.operation
                    out.append(inner)
                    walk(inner)

    for top in module.body.operations:
        top = top.operation
        if top.name not in ("func.func", "util.func"):
            continue
        name = str(top.attributes["sym_name"]).strip('"')
        if not scope or name in scope:
            walk(top)
    return out


def sites(text: str, scope: tuple[str, ...] = ()) -> list[Site]:
    """Every mutation site of ``text`` in the functions of ``scope``."""
    module = parse(text)
    with module.context:
        out: list[Site] = []
        for k, op in enumerate(scoped_ops(module, scope)):
            out += _op_sites(k, op)
    return out


def op_name_at(text: str, site: Site, scope: tuple[str, ...] = ()) -> str:
    ops = scoped_ops(parse(text), scope)
    return ops[site.op_index].name if site.op_index < len(ops) else "?"


def apply(text: str, site: Site, scope: tuple[str, ...] = ()) -> str | None:
    """The mutant of ``text`` at ``site``, printed; None when the edit is not possible or changes
    nothing; ``Rejected`` when the verifier refuses the mutated module."""
    from iree.compiler import ir

    module = parse(text)
    with module.context, ir.Location.unknown():
        ops = scoped_ops(module, scope)
        if site.op_index >= len(ops):
            return None
        if not EDITS[site.operator](ops[site.op_index], site):
            return None
        try:
            module.operation.verify()
        except ir.MLIRError as e:
            diags = getattr(e, "error_diagnostics", None) or []
            raise Rejected(diags[0].message.splitlines()[0] if diags else str(e).splitlines()[0]) from None
        out = module.operation.get_asm(use_local_scope=True)
    return None if out == parse(text).operation.get_asm(use_local_scope=True) else out


# ----------------------------------------------------------------------------- sites


def _op_sites(k: int, op) -> list[Site]:
    from iree.compiler import ir

    out = []
    if op.name == "arith.constant" and "value" in op.attributes:
        out += [Site(k, "constant", "value", c) for c in range(4)]
    for name in [str(n) for n in op.attributes]:
        attr = op.attributes[name]
        if name in STRUCTURAL or (name == "value" and op.name == "arith.constant"):
            continue
        if name in EXTENT_ATTRS and isinstance(attr, ir.DenseI64ArrayAttr):
            for i, v in enumerate(attr):
                if v != DYNAMIC:
                    out += [Site(k, "extent", f"{name} {i}", c) for c in range(3 if "sizes" in name else 2)]
        elif name in PERMUTATION_ATTRS and isinstance(attr, ir.DenseI64ArrayAttr) and len(attr) >= 2:
            out += [Site(k, "index map", f"{name} {i} {j}", 0) for i in range(len(attr)) for j in range(i + 1, len(attr))]
        elif _affine_maps(attr) is not None:
            for m_i, m in enumerate(_affine_maps(attr)):
                out += [Site(k, "index map", f"{name} {m_i}", c) for c in range(_map_variants(m))]
        else:
            out += [Site(k, "attribute", name, c) for c in range(_attr_variants(attr))]
    for i in range(len(op.operands)):
        for j in range(i + 1, len(op.operands)):
            a, b = op.operands[i], op.operands[j]
            if a.type == b.type and a != b:
                out.append(Site(k, "operand order", f"operand {i} {j}", 0))
    for r, res in enumerate(op.results):
        shape, elem = _shape_of(res.type)
        if shape is None:
            continue
        static = [i for i, d in enumerate(shape) if d != DYNAMIC]
        pairs = [(i, j) for i in static for j in static if i < j and shape[i] != shape[j]]
        out += [Site(k, "type", f"result {r} swap {i} {j}", 0) for i, j in pairs]
        if str(elem) in ELEMENT_SWAP:
            out.append(Site(k, "type", f"result {r} element", 0))
        out += [Site(k, "extent", f"result {r} dim {i}", c) for i in static for c in range(2)]
    return out


def _affine_maps(attr) -> list | None:
    from iree.compiler import ir

    if isinstance(attr, ir.AffineMapAttr):
        return [attr.value]
    if isinstance(attr, ir.ArrayAttr) and len(attr) and all(isinstance(a, ir.AffineMapAttr) for a in attr):
        return [a.value for a in attr]
    return None


def _leaves(expr) -> list:
    e = expr.maybe_downcast()
    if hasattr(e, "lhs"):
        return _leaves(e.lhs) + _leaves(e.rhs)
    return [e]


def _map_variants(m) -> int:
    """Variants of one map: swap two results (one variant per pair), then replace each leaf."""
    n = len(m.results)
    return n * (n - 1) // 2 + sum(len(_leaves(r)) for r in m.results)


def _attr_variants(attr) -> int:
    from iree.compiler import ir

    if isinstance(attr, ir.BoolAttr):
        return 1
    if isinstance(attr, ir.IntegerAttr):
        return 2
    if isinstance(attr, ir.UnitAttr):
        return 1
    if isinstance(attr, ir.DenseI64ArrayAttr):
        return 2 * len(attr)
    if isinstance(attr, ir.ArrayAttr) and len(attr) and all(isinstance(a, ir.ArrayAttr) for a in attr):
        return max(0, len(attr) - 1) * 2  # a reassociation: move a boundary index
    if isinstance(attr, ir.ArrayAttr):
        return sum(1 for a in attr if _enum_family(a) is not None)
    if _enum_family(attr) is not None:
        return len(ENUM_VALUES[_enum_family(attr)]) - 1
    return 0


def _enum_family(attr) -> str | None:
    text = str(attr)
    return next((p for p in ENUM_VALUES if text.startswith(p)), None)


def _shape_of(ty):
    """(shape, element type) of a ranked tensor, memref or dispatch tensor view, else (None, None)."""
    from iree.compiler import ir

    ty = _downcast(ty)
    if isinstance(ty, (ir.RankedTensorType, ir.MemRefType)):
        return list(ty.shape), ty.element_type
    inner = _dispatch_inner(ty)
    if inner is not None:
        return list(inner.shape), inner.element_type
    return None, None


def _dispatch_inner(ty):
    """The tensor type inside ``!iree_tensor_ext.dispatch.tensor<access:tensor<...>>``."""
    from iree.compiler import ir

    text = str(ty)
    if not text.startswith("!iree_tensor_ext.dispatch.tensor<"):
        return None
    inner = text[text.index(":") + 1:-1]
    return _downcast(ir.Type.parse(inner))


def _downcast(ty):
    return ty.maybe_downcast() if hasattr(ty, "maybe_downcast") else ty


# ----------------------------------------------------------------------------- edits


def edit_constant(op, site: Site) -> bool:
    import numpy as np
    from iree.compiler import ir

    attr = op.attributes["value"]
    if isinstance(attr, (ir.IntegerAttr, ir.FloatAttr)):
        new = _scalar_variant(attr, site.choice)
    elif isinstance(attr, ir.DenseElementsAttr) and attr.is_splat:
        new = ir.DenseElementsAttr.get_splat(attr.type, _scalar_variant(attr.get_splat_value(), site.choice))
    elif isinstance(attr, (ir.DenseIntElementsAttr, ir.DenseFPElementsAttr)):
        try:
            values = np.array(attr).copy()
        except (ValueError, TypeError, RuntimeError):
            return False
        if values.size == 0 or values.dtype == np.bool_:
            return False
        flat = values.reshape(-1)
        at = site.choice % flat.size
        flat[at] = number_variant(flat[at].item(), site.choice, values.dtype.kind == "f")
        new = ir.DenseElementsAttr.get(values.astype(values.dtype), type=attr.type)
    else:
        return False
    if new is None:
        return False
    op.attributes["value"] = new
    return True


def number_variant(v, choice: int, is_float: bool):
    """The constant operator's variants of a number: +1, -1 (a float: negated), 0 (1 when it
    was 0), doubled."""
    if choice == 0:
        return v + 1
    if choice == 1:
        return -v if is_float else v - 1
    if choice == 2:
        return 1 if v == 0 else 0
    return v * 2


def _scalar_variant(attr, choice: int):
    from iree.compiler import ir

    if isinstance(attr, ir.BoolAttr) or (isinstance(attr, ir.IntegerAttr) and str(attr.type) == "i1"):
        return None if choice else ir.IntegerAttr.get(attr.type, 1 - (attr.value & 1))
    if isinstance(attr, ir.IntegerAttr):
        ty = _downcast(attr.type)
        width = ty.width if isinstance(ty, ir.IntegerType) else None
        v = number_variant(attr.value, choice, False)
        if width is not None:
            v = ((v + (1 << (width - 1))) % (1 << width)) - (1 << (width - 1))
        return ir.IntegerAttr.get(attr.type, v)
    if isinstance(attr, ir.FloatAttr):
        v = attr.value
        return ir.FloatAttr.get(attr.type, -v if choice == 1 and v == 0 else number_variant(v, choice, True))
    return None


def edit_attribute(op, site: Site) -> bool:
    from iree.compiler import ir

    name, c = site.key, site.choice
    attr = op.attributes[name]
    if isinstance(attr, ir.BoolAttr):
        op.attributes[name] = ir.BoolAttr.get(not attr.value)
    elif isinstance(attr, ir.IntegerAttr):
        op.attributes[name] = ir.IntegerAttr.get(attr.type, attr.value + (1 if c == 0 else -1))
    elif isinstance(attr, ir.UnitAttr):
        del op.attributes[name]
    elif isinstance(attr, ir.DenseI64ArrayAttr):
        values = list(attr)
        values[c // 2] += 1 if c % 2 == 0 else -1
        op.attributes[name] = ir.DenseI64ArrayAttr.get(values)
    elif isinstance(attr, ir.ArrayAttr) and len(attr) and all(isinstance(a, ir.ArrayAttr) for a in attr):
        groups = [[ir.IntegerAttr(x).value for x in g] for g in attr]
        g = c // 2
        if c % 2 == 0 and len(groups[g]) > 1:  # the last index of group g moves to group g+1
            groups[g + 1].insert(0, groups[g].pop())
        elif c % 2 == 1 and len(groups[g + 1]) > 1:  # the first index of group g+1 moves to group g
            groups[g].append(groups[g + 1].pop(0))
        else:
            return False
        i64 = ir.IntegerType.get_signless(64)
        op.attributes[name] = ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, v) for v in grp])
                                                for grp in groups])
    elif isinstance(attr, ir.ArrayAttr):
        entries = [a for a in attr]
        enums = [i for i, a in enumerate(entries) if _enum_family(a) is not None]
        i = enums[c]
        entries[i] = _other_enum(entries[i], 0)
        op.attributes[name] = ir.ArrayAttr.get(entries)
    elif _enum_family(attr) is not None:
        op.attributes[name] = _other_enum(attr, c)
    else:
        return False
    return True


def _other_enum(attr, choice: int):
    from iree.compiler import ir

    others = [v for v in ENUM_VALUES[_enum_family(attr)] if v != str(attr)]
    return ir.Attribute.parse(others[choice % len(others)])


def edit_operand_order(op, site: Site) -> bool:
    _, i, j = site.key.split()
    i, j = int(i), int(j)
    a, b = op.operands[i], op.operands[j]
    op.operands[i] = b
    op.operands[j] = a
    return True


def edit_type(op, site: Site) -> bool:
    from iree.compiler import ir

    words = site.key.split()
    res = op.results[int(words[1])]
    shape, elem = _shape_of(res.type)
    if words[2] == "swap":
        i, j = int(words[3]), int(words[4])
        shape[i], shape[j] = shape[j], shape[i]
    elif words[2] == "element":
        elem = ir.Type.parse(ELEMENT_SWAP[str(elem)])
    res.set_type(_reshaped(res.type, shape, elem))
    return True


def edit_extent(op, site: Site) -> bool:
    from iree.compiler import ir

    words = site.key.split()
    if words[0] == "result":
        res = op.results[int(words[1])]
        shape, elem = _shape_of(res.type)
        i = int(words[3])
        shape[i] = shape[i] + 1 if site.choice == 0 else max(0, shape[i] - 1)
        res.set_type(_reshaped(res.type, shape, elem))
        return True
    name, i = words[0], int(words[1])
    values = list(op.attributes[name])
    old = values[i]
    values[i] = [old + 1, max(0, old - 1), 1][site.choice]
    if values[i] == old:
        return False
    op.attributes[name] = ir.DenseI64ArrayAttr.get(values)
    return True


def _reshaped(ty, shape: list, elem):
    """``ty`` with another shape and element type (tensor, memref or dispatch tensor view)."""
    from iree.compiler import ir

    t = _downcast(ty)
    if isinstance(t, ir.RankedTensorType):
        return ir.RankedTensorType.get(shape, elem, t.encoding)
    if isinstance(t, ir.MemRefType):
        return ir.MemRefType.get(shape, elem, t.layout, t.memory_space)
    inner = _dispatch_inner(ty)
    new_inner = ir.RankedTensorType.get(shape, elem, inner.encoding)
    text = str(ty)  # no Python builder for dispatch tensor views: rebuild the type from its parts
    access = text[len("!iree_tensor_ext.dispatch.tensor<"):text.index(":")]
    return ir.Type.parse(f"!iree_tensor_ext.dispatch.tensor<{access}:{new_inner}>")


def edit_index_map(op, site: Site) -> bool:
    from iree.compiler import ir

    words = site.key.split()
    name = words[0]
    attr = op.attributes[name]
    if name in PERMUTATION_ATTRS and isinstance(attr, ir.DenseI64ArrayAttr):
        values = list(attr)
        i, j = int(words[1]), int(words[2])
        values[i], values[j] = values[j], values[i]
        op.attributes[name] = ir.DenseI64ArrayAttr.get(values)
        return True
    maps = _affine_maps(attr)
    m_i = int(words[1])
    new = _map_variant(maps[m_i], site.choice)
    if new is None:
        return False
    if isinstance(attr, ir.AffineMapAttr):
        op.attributes[name] = ir.AffineMapAttr.get(new)
    else:
        maps[m_i] = new
        op.attributes[name] = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps])
    return True


def _map_variant(m, choice: int):
    from iree.compiler import ir

    results = list(m.results)
    n = len(results)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    if choice < len(pairs):
        i, j = pairs[choice]
        results[i], results[j] = results[j], results[i]
        return ir.AffineMap.get(m.n_dims, m.n_symbols, results)
    leaf = choice - len(pairs)
    for r, expr in enumerate(results):
        count = len(_leaves(expr))
        if leaf < count:
            results[r] = _replace_leaf(expr, leaf, m.n_dims, m.n_symbols)
            return None if results[r] is None else ir.AffineMap.get(m.n_dims, m.n_symbols, results)
        leaf -= count
    return None


def _replace_leaf(expr, leaf: int, n_dims: int, n_symbols: int):
    """``expr`` with its ``leaf``-th leaf replaced: a dim by the next dim, a symbol by the next
    symbol (None when there is no other), a constant by the constant + 1."""
    from iree.compiler import ir

    counter = [leaf]

    def rebuild(e):
        e = e.maybe_downcast()
        if hasattr(e, "lhs"):
            lhs, rhs = rebuild(e.lhs), rebuild(e.rhs)
            if lhs is None or rhs is None:
                return None
            return type(e).get(lhs, rhs)
        counter[0] -= 1
        if counter[0] != -1:
            return e
        if isinstance(e, ir.AffineDimExpr):
            return ir.AffineDimExpr.get((e.position + 1) % n_dims) if n_dims > 1 else None
        if isinstance(e, ir.AffineSymbolExpr):
            return ir.AffineSymbolExpr.get((e.position + 1) % n_symbols) if n_symbols > 1 else None
        if isinstance(e, ir.AffineConstantExpr):
            return ir.AffineConstantExpr.get(e.value + 1)
        return None

    return rebuild(expr)


EDITS = {"constant": edit_constant, "attribute": edit_attribute, "operand order": edit_operand_order,
         "type": edit_type, "extent": edit_extent, "index map": edit_index_map}


def specialize_push_constants(text: str, values: dict[int, int]) -> str:
    """``text`` with every ``hal.interface.constant.load ordinal(k)`` replaced by an
    ``arith.constant`` of ``values[k]`` (of the load's type), for asking irverify about the
    inputs one execution ran."""
    from iree.compiler import ir

    module = parse(text)
    with module.context, ir.Location.unknown():
        for op in scoped_ops(module):
            if op.name != "hal.interface.constant.load":
                continue
            k = op.attributes["ordinal"].value
            ty = op.results[0].type
            with ir.InsertionPoint(op):
                const = ir.Operation.create("arith.constant", results=[ty],
                                            attributes={"value": ir.IntegerAttr.get(ty, int(values.get(k, 0)))})
            op.results[0].replace_all_uses_with(const.results[0])
            op.erase()
        module.operation.verify()
        return module.operation.get_asm(use_local_scope=True)
