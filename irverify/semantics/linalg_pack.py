"""``linalg.pack`` and ``linalg.unpack`` on tensors (upstream: the ops' descriptions in
``mlir/include/mlir/Dialect/Linalg/IR/LinalgRelayoutOps.td``).

``pack``: a source of rank ``n`` becomes a result of rank ``n + k``: source dim
``inner_dims_pos[i]`` is tiled by ``inner_tiles[i]``; the outer dims (permuted by
``outer_dims_perm``) come first, the tiles last. Result element ``(outer, inner)`` is source
element ``s`` with ``s[d] = o[d] * T_i + inner[i]`` for a tiled dim ``d = inner_dims_pos[i]`` and
``s[d] = o[d]`` otherwise (``o`` the outer index in source dim order); where ``s`` lies outside
the source it is ``padding_value``. UB: a tile size that is not positive; without a padding
value, a tile that does not divide its source dim; an outer extent other than
``ceildiv(source dim, tile)`` (no artificial padding); an untiled outer extent or an inner
extent that differs from the source dim or the tile.

``unpack``: the inverse: result element ``r`` is source element ``(o, inner)`` with
``o[d] = r[d] floordiv T_i``, ``inner[i] = r[d] mod T_i`` for tiled dims, ``o[d] = r[d]``
otherwise (padding is dropped). UB: a tile size that is not positive or differs from the
source's inner extent; an outer extent other than ``ceildiv(result dim, tile)`` (no artificial
padding: since LLVM PR 149624, July 2025, in IREE 3.13, "the unpack op follows the constraint"
of pack: the padding is less than one tile); an untiled result dim other than the source's.

Memref forms are unsupported.
"""

from __future__ import annotations

from typing import Any

from irverify.errors import Unsupported
from irverify.ir.core import Op, TensorType
from irverify.semantics.common import operand_segments, static_or_dynamic
from irverify.semantics.registry import semantics
from irverify.model.values import Scalar, Tensor
from irverify.smt import terms as t


def _layout(ctx, op: Op, rank: int, dyn_tiles) -> tuple[list[int], list[int], list[Any]]:
    """(outer_dims_perm, inner_dims_pos, tile sizes); tile sizes must be positive (UB)."""
    pos = [int(d) for d in op.attrs.get("inner_dims_pos", [])]
    perm = [int(d) for d in op.attrs.get("outer_dims_perm", None) or list(range(rank))]
    if sorted(perm) != list(range(rank)) or len(set(pos)) != len(pos) or any(not 0 <= d < rank for d in pos):
        raise Unsupported(f"'{op.name}' layout", op.loc)
    tiles = static_or_dynamic(op.attrs["static_inner_tiles"], dyn_tiles)
    if len(tiles) != len(pos):
        raise Unsupported(f"'{op.name}' inner tiles", op.loc)
    for k, tl in enumerate(tiles):
        ctx.add_ub(t.le(tl, t.int_val(0)), f"{op.name}: inner tile {k} is not positive")
    return perm, pos, tiles


def _plain(op: Op, *values) -> None:
    for v in values:
        if not isinstance(v, Tensor) or type(v.type) is not TensorType or v.type.encoding is not None:
            raise Unsupported(f"'{op.name}' on a value that is not a plain tensor", op.loc)


@semantics("linalg.pack", attrs=("inner_dims_pos", "outer_dims_perm", "static_inner_tiles"),
           poison_ub={"segment 3": "an inner tile size"})
def pack(ctx, op: Op, *args):
    """See the module docstring."""
    src, dest, padding, dyn_tiles = operand_segments(op, args, 4)
    src, dest = src[0], dest[0]
    _plain(op, src, dest)
    n = src.rank
    perm, pos, tiles = _layout(ctx, op, n, dyn_tiles)
    if dest.rank != n + len(tiles):
        raise Unsupported("linalg.pack ranks", op.loc)
    pad = padding[0] if padding else None
    if pad is not None and not isinstance(pad, Scalar):
        raise Unsupported("linalg.pack padding value", op.loc)
    tile_of = {d: tl for d, tl in zip(pos, tiles)}
    # outer extents in source dim order: dest dim j holds source dim perm[j]
    outer = [None] * n
    for j, d in enumerate(perm):
        outer[d] = dest.dims[j]
    for d in range(n):
        if d in tile_of:
            tl = tile_of[d]
            ctx.add_ub(outer[d] != t.ceildiv(src.dims[d], tl),
                       f"linalg.pack: outer extent of dim {d} is not ceildiv(source dim, tile)")
            if pad is None:
                ctx.add_ub(t.floormod(src.dims[d], tl) != 0,
                           f"linalg.pack: tile of dim {d} does not divide it and there is no padding value")
        else:
            ctx.add_ub(outer[d] != src.dims[d], f"linalg.pack: outer extent of untiled dim {d} differs")
    for i, tl in enumerate(tiles):
        ctx.add_ub(dest.dims[n + i] != tl, f"linalg.pack: inner extent {i} differs from its tile")

    def src_index(idx):
        o = [None] * n
        for j, d in enumerate(perm):
            o[d] = idx[j]
        s = list(o)
        for i, d in enumerate(pos):
            s[d] = o[d] * tiles[i] + idx[n + i]
        return s

    def elem(idx):
        s = src_index(idx)
        if pad is None:
            return src.at(s)
        return t.ite(src.in_bounds(s), src.at(s), pad.term)

    defined = None
    if src.defined is not None or (pad is not None and pad.poison is not None):
        def defined(idx):
            s = src_index(idx)
            if pad is None:
                return src.is_defined(s)
            return t.ite(src.in_bounds(s), src.is_defined(s), t.not_(pad.is_poison()))

    return Tensor(op.results[0].type, list(dest.dims), elem, defined)


@semantics("linalg.unpack", attrs=("inner_dims_pos", "outer_dims_perm", "static_inner_tiles"),
           poison_ub={"all": "an inner tile size"})  # its only scalar operands
def unpack(ctx, op: Op, *args):
    """See the module docstring."""
    sizes = op.attrs.get("operandSegmentSizes")
    if sizes is None and len(args) >= 2:
        # Without the attribute (an unpack built by a pass), the operands are ``source, dest``
        # and the dynamic inner tiles, the only variadic group (``LinalgRelayoutOps.td``); their
        # number is checked against ``static_inner_tiles`` below.
        groups = [[args[0]], [args[1]], list(args[2:])]
    else:
        groups = operand_segments(op, args, len(sizes) if isinstance(sizes, list) and len(sizes) in (3, 4) else 3)
    src, dest, rest = groups[0][0], groups[1][0], groups[2:]
    from irverify.semantics.common import DYNAMIC

    n_dyn = sum(1 for s in op.attrs["static_inner_tiles"] if s == DYNAMIC)
    dyn_tiles = [v for g in rest for v in g]
    if len(dyn_tiles) != n_dyn:  # an operand group other than the dynamic tiles
        raise Unsupported("linalg.unpack operands", op.loc)
    _plain(op, src, dest)
    n = dest.rank
    perm, pos, tiles = _layout(ctx, op, n, dyn_tiles)
    if src.rank != n + len(tiles):
        raise Unsupported("linalg.unpack ranks", op.loc)
    tile_of = {d: tl for d, tl in zip(pos, tiles)}
    outer = [None] * n
    for j, d in enumerate(perm):
        outer[d] = src.dims[j]
    for i, tl in enumerate(tiles):
        ctx.add_ub(src.dims[n + i] != tl, f"linalg.unpack: inner extent {i} differs from its tile")
    for d in range(n):
        if d in tile_of:
            ctx.add_ub(outer[d] != t.ceildiv(dest.dims[d], tile_of[d]),
                       f"linalg.unpack: outer extent of dim {d} is not ceildiv(result dim, tile)")
        else:
            ctx.add_ub(outer[d] != dest.dims[d], f"linalg.unpack: untiled result dim {d} differs")

    def src_index(idx):
        o = list(idx)
        inner = []
        for i, d in enumerate(pos):
            o[d] = t.floordiv(idx[d], tiles[i])
            inner.append(t.floormod(idx[d], tiles[i]))
        return [o[d] for d in perm] + inner

    defined = None if src.defined is None else (lambda idx: src.is_defined(src_index(idx)))
    return Tensor(op.results[0].type, list(dest.dims), lambda idx: src.at(src_index(idx)), defined)
