"""IREE ``util`` dialect semantics (https://iree.dev/reference/mlir-dialects/Util/): calls between
``util.func`` functions of the same module. ``util.func`` is read by the MLIR frontend like
``func.func``; ``util.return`` is a terminator handled by the interpreter.

``tied_operands`` lists, per result, the operand whose storage the result reuses (``-1``: none).
A tie is an in-place update, a memory fact that irverify's value model does not express, so a
call or function with a tie is unsupported; an all ``-1`` list (what the parser prints for
untied results) means plain value semantics.
"""

from __future__ import annotations

from irverify.errors import Unsupported
from irverify.ir.core import Op
from irverify.semantics.registry import semantics


def require_untied(ties, what: str, loc) -> None:
    """Reject a ``tied_operands`` list that ties any result to an operand."""
    if ties is None:
        return
    if not isinstance(ties, list) or any(int(k) != -1 for k in ties):
        raise Unsupported(f"tied_operands {ties} of {what}", loc)


@semantics("util.call", attrs=("callee", "tied_operands"), memory="regions")
def call(ctx, op: Op, *args):
    """Inline the callee's body on the arguments (its UB becomes the caller's; poison arguments
    stay poison)."""
    require_untied(op.attrs.get("tied_operands"), "'util.call'", op.loc)
    return ctx.call(str(op.attrs["callee"]), args, op.loc)


@semantics("util.optimization_barrier")
def optimization_barrier(ctx, op: Op, *operands):
    """``util.optimization_barrier``: its results are its operands, poison included (it only
    stops the compiler from optimising across the values)."""
    return list(operands)


@semantics("util.numeric.optional_narrow", attrs=("semantic_type", "min_value", "max_value"))
def optional_narrow(ctx, op: Op, operand):
    """``util.numeric.optional_narrow %x : T as S <min_value, max_value>``: its result is its
    operand (``SameOperandsAndResultType``), poison included. The op "serves as a placeholder for
    points in the computation where an optional numeric narrowing can be performed without loss
    of information" (``UtilOps.td``): ``semantic_type`` and the range are a claim for later
    passes, not a runtime check; irverify does not check the claim (a later pass that narrows on
    it is judged on the values it computes)."""
    return operand


# ``util.assume.int`` (``UtilOps.td``, ``Util_AssumeIntOp``; ``#util.int.assumption`` in
# ``UtilAttrs.td``): its results are its operands. ``assumptions`` holds, per operand, a row of
# ``#util.int.assumption<umin = a, umax = b, udiv = d>`` (each field optional), one per
# "permutation" (per call site); the op "memorializes the result of some integer analysis or
# outside knowledge", which later passes rely on (its range and divisibility inference), as
# LLVM's ``llvm.assume``: execution where no permutation holds for all operands together is UB,
# and so is an assumption about a poison operand. An operand with a single assumption has it in
# every permutation. Comparisons are unsigned (``umin``/``umax``/``udiv``), on the operand's
# unsigned value (an index: its 64-bit two's-complement bits), in arbitrary precision: the
# fields are ``uint64`` values, which may exceed the operand's width (``umax = 300`` on an
# ``i8`` holds for every value; ``udiv = 256`` on an ``i8`` holds only for 0). ``udiv = 0``,
# whose meaning IREE does not define, is unsupported.
ASSUMPTION_FIELDS = ("umin", "umax", "udiv")


def _assumption(text: str, loc) -> dict[str, int]:
    fields = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        key, _, value = (s.strip() for s in part.partition("="))
        if key not in ASSUMPTION_FIELDS or not value.isdigit() or (key == "udiv" and int(value) == 0):
            raise Unsupported(f"util.assume.int assumption '{part}'", loc)
        fields[key] = int(value)
    return fields


def _unsigned_holds(value, ty, fields: dict[str, int]):
    """Does the operand's unsigned value meet ``fields`` (compared in arbitrary precision)?"""
    from irverify.ir.core import IndexType
    from irverify.smt import terms as t

    if isinstance(ty, IndexType):  # an index term: a mathematical integer in the 64-bit range
        u = t.ite(value < t.int_val(0), value + t.int_val(1 << 64), value)
        conds = [u >= t.int_val(fields["umin"])] if "umin" in fields else []
        conds += [u <= t.int_val(fields["umax"])] if "umax" in fields else []
        if "udiv" in fields:
            conds.append(t.floormod(u, t.int_val(fields["udiv"])) == 0)
        return t.and_(*conds)
    width, largest = ty.width, (1 << ty.width) - 1  # the bit-vector's unsigned range is [0, largest]
    conds = []
    if fields.get("umin", 0) > largest:
        conds.append(t.false())
    elif fields.get("umin", 0) > 0:
        conds.append(t.ule(t.bv_val(fields["umin"], width), value))
    if fields.get("umax", largest) < largest:
        conds.append(t.ule(value, t.bv_val(fields["umax"], width)))
    if "udiv" in fields:
        d = fields["udiv"]
        zero = t.bv_val(0, width)
        conds.append(value == zero if d > largest else t.urem(value, t.bv_val(d, width)) == zero)
    return t.and_(*conds)


@semantics("util.assume.int", attrs=("assumptions",))
def assume_int(ctx, op: Op, *operands):
    """Its results are its operands; UB unless, for some permutation, every operand meets its
    assumption of that permutation (unsigned), or if an operand with an assumption is poison."""
    from irverify.ir.core import IndexType, IntType
    from irverify.model.values import Scalar
    from irverify.smt import terms as t

    rows = op.attrs.get("assumptions")
    if not isinstance(rows, list) or len(rows) != len(operands):
        raise Unsupported(f"util.assume.int assumptions {rows}", op.loc)
    parsed = []
    for row in rows:
        row = row if isinstance(row, list) else [row]
        if any(getattr(a, "kind", None) != "util.int.assumption" for a in row):
            raise Unsupported(f"util.assume.int assumptions {rows}", op.loc)
        parsed.append([_assumption(a.value, op.loc) for a in row])
    ranks = {len(r) for r in parsed} - {1}
    if len(ranks) > 1:
        raise Unsupported("util.assume.int operands with different numbers of permutations", op.loc)
    rank = ranks.pop() if ranks else 1
    for x in operands:
        if not isinstance(x, Scalar) or not isinstance(x.type, (IndexType, IntType)):
            raise Unsupported("util.assume.int of a value that is not an integer or index scalar", op.loc)
    perms = []
    for k in range(rank):
        perms.append(t.and_(*(_unsigned_holds(x.term, x.type, row[k if len(row) > 1 else 0])
                              for x, row in zip(operands, parsed))))
    ctx.add_ub(t.not_(t.or_(*perms)), "util.assume.int: no permutation of its assumptions holds")
    for x, row in zip(operands, parsed):
        if any(row) and x.poison is not None:
            ctx.add_ub(x.poison, "util.assume.int: an assumption about a poison value")
    return list(operands)


@semantics("util.align")
def align(ctx, op: Op, value, alignment):
    """``util.align %value, %alignment : T`` (``UtilOps.td``, ``Util_AlignOp``): "Aligns |value| up
    to the given power-of-two |alignment| if required", which IREE lowers (``ConvertUtilToVM``)
    as ``(value + (alignment - 1)) & ~(alignment - 1)`` in the operand's width, wrapping. The op
    is speculatable (no UB). An alignment that is not a power of two is outside the definition,
    and IREE's folder (a value that is a multiple of the alignment is returned as is) and its
    lowering disagree there: the result is then poison. A poison operand gives poison."""
    from irverify.ir.core import IndexType
    from irverify.semantics.arith import INDEX_BITS, _index_bitwise, elem_type, poison
    from irverify.semantics.common import elementwise
    from irverify.smt import terms as t

    ty = elem_type(op.results[0].type)
    width = INDEX_BITS if isinstance(ty, IndexType) else ty.width

    def bv_align(x, a):
        one, zero = t.bv_val(1, width), t.bv_val(0, width)
        mask = a - one
        not_pow2 = t.or_(a == zero, (a & mask) != zero)
        return poison(ctx, "util.align", not_pow2, (x + mask) & ~mask, x, a)

    return elementwise(ctx, op, _index_bitwise(bv_align) if isinstance(ty, IndexType) else bv_align,
                       value, alignment)
