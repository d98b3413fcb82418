"""The op registry: ``@semantics("dialect.op", attrs=(...), ...)`` registers one function per op
together with the rules every op follows, so that the encoder applies them uniformly.

* Registering an op twice raises.
* Looking up an op nobody registered raises ``Unsupported`` naming it and its location.
* Every attribute of an op must be listed in ``attrs`` (its meaning is then the semantics
  function's job); an attribute that is not listed makes the op unsupported, so an attribute
  that changes meaning is never silently ignored. The only exceptions are the compiler hints of
  ``HINT_ATTRS`` (below), which never change what an op computes.

A semantics function is called as ``fn(ctx, op, *operand_values)`` and returns the op's
result value, a tuple/list of them, or ``None`` when the op has no results. It computes values
only; the rules below are declared with the registration.

**Poison operands** (as in Alive2 and LLVM's LangRef). By default a poison operand *propagates*:
the semantics function receives the operand with its poison condition and the results, or the
stored elements, it reaches are poison. Only where the op's definition says so is a poison
operand undefined behaviour: an index or an offset of a memory access, a size, a bound, a
control-flow condition, a divisor. Those operands are declared in ``poison_ub``, a mapping from
operand positions to the role named in the UB reason:

* ``"k"`` (operand ``k``; negative from the end), ``"a:b"`` / ``"a:"`` (a range, as a Python
  slice), ``"all"``;
* ``"segment k"``: the ``k``-th group of ``operandSegmentSizes`` (ops with variadic groups).

Only scalar operands are concerned: a tensor or vector operand is poison element by element,
and the semantics function carries its ``defined`` mask to the elements it reaches. The encoder
checks that a semantics function did not drop a propagating operand's poison
(``irverify.verify.encode``): an operand whose value reaches a result while its poison reaches
nothing is reported as unsupported instead of giving a verdict.

**Memory and purity.** ``memory`` names the op's effects on memory: ``"none"``, ``"read"``,
``"write"`` (``"read-write"``), ``"alloc"``, ``"buffers"`` (it reads and writes the buffers
among its operands, and nothing when they are tensors) or ``"regions"`` (the effects of the ops
in its regions, or of its callee); ``pure`` whether the op is a function of its operands with
no other effect (ops that read or write memory, or that may not terminate, are not;
``is_pure`` decides for an instance). Identity of ops irverify leaves uninterpreted relies on it: an impure op is never a pure
function of its operands (``irverify.semantics.opaque``, the uninterpreted ``scf.for``).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from irverify.errors import Unsupported
from irverify.ir.core import Op

# Attributes that carry no meaning beyond operand grouping.
STRUCTURAL_ATTRS = frozenset({"operandSegmentSizes", "resultSegmentSizes"})

# Attributes that steer how IREE compiles an op, never what it computes: name -> a test of the
# values accepted (any other value under the name stays unsupported).
# * ``lowering_config``: an attribute of IREE's ``LoweringConfigAttrInterface``
#   (``iree_codegen.lowering_config``, ``iree_gpu.lowering_config``,
#   ``iree_gpu.derived_thread_config``, ``iree_cpu.lowering_config``, ...). IREE documents it
#   as "information used by the compiler to translate a specific operation" (tile sizes,
#   interchange, vector sizes, distribution) "in a backend and/or pipeline specific" way
#   (``Codegen/Dialect/Codegen/IR/IREECodegenInterfaces.td``, ``IREECodegenAttrs.td``): it
#   chooses how the op is tiled and lowered, which the op's own definition does not depend on.
# * ``compilation_info``: ``iree_codegen.compilation_info``, a ``lowering_config`` with a
#   ``translation_info`` (the codegen pipeline), "information that allows controlling the
#   compilation" of an op (``IREECodegenAttrs.td``), likewise.
# * ``iree_codegen.vector_tile_sizes`` (``kVectorTileSizesAttrName``): the vector sizes
#   ``iree-codegen-materialize-vector-tile-sizes`` propagates from ``to_layout`` anchors and
#   "materialize[s] as discardable attributes on compute ops" (``Codegen/Common/Passes.td``), for
#   vectorization to read: a list of integers.
# * ``iree_linalg_ext.split_reduction`` (``kSplitReductionAttribute``): the tile sizes
#   ``iree-dispatch-creation-set-split-reduction-sizes`` chooses for splitting a reduction, one of
#   the attributes that "represent user-hints for certain optimizations to kick in"
#   (``Dialect/LinalgExt/IR/LinalgExtDialect.cpp``): a list of integers; the op still computes its
#   own reduction.
HINT_ATTRS = {
    "lowering_config": lambda v: _dialect_attr(v, ("#iree_codegen.", "#iree_gpu.", "#iree_cpu.")),
    "compilation_info": lambda v: _dialect_attr(v, ("#iree_codegen.compilation_info<",)),
    "iree_codegen.vector_tile_sizes": lambda v: isinstance(v, list) and all(type(x) is int for x in v),
    "iree_linalg_ext.split_reduction": lambda v: isinstance(v, list) and all(type(x) is int for x in v),
}


def _dialect_attr(value, prefixes: tuple[str, ...]) -> bool:
    from irverify.ir.core import EnumAttr, OpaqueAttr

    return isinstance(value, (OpaqueAttr, EnumAttr)) and str(value).strip().startswith(prefixes)


def is_hint(name: str, value) -> bool:
    """Is attribute ``name = value`` one of the compiler hints of ``HINT_ATTRS``?"""
    return name in HINT_ATTRS and HINT_ATTRS[name](value)


# Dialect modules, imported lazily the first time an op of that prefix is looked up.
_MODULES = {
    "arith": "irverify.semantics.arith",
    "affine": "irverify.semantics.affine",
    "func": "irverify.semantics.func",
    "tensor": "irverify.semantics.tensor",
    "linalg": "irverify.semantics.linalg",
    "hal": "irverify.semantics.iree",
    "iree_tensor_ext": "irverify.semantics.iree",
    "relax": "irverify.semantics.relax",
    "scf": "irverify.semantics.scf",
    "math": "irverify.semantics.math",
    "flow": "irverify.semantics.flow",
    "util": "irverify.semantics.util",
    "memref": "irverify.semantics.memref",
    "iree_codegen": "irverify.semantics.memref",
    "iree_linalg_ext": "irverify.semantics.linalg_ext",
    "ub": "irverify.semantics.ub",
    "vector": "irverify.semantics.vector",
    "iree_encoding": "irverify.semantics.encoding",
    "iree_vector_ext": "irverify.semantics.vector_ext",
}


# "buffers": reads and writes the buffers (memrefs) among its operands, nothing on tensors;
# "regions": the effects of the ops in its regions (or, for a call, of its callee).
MEMORY_EFFECTS = ("none", "read", "write", "read-write", "alloc", "buffers", "regions")


@dataclass(frozen=True)
class OpSemantics:
    name: str
    fn: Callable
    attrs: frozenset[str]
    poison_ub: tuple[tuple[str, str], ...] = ()  # (operand positions, role): poison there is UB
    memory: str = "none"
    pure: bool | None = True  # None: as its instance's operands or regions make it (``is_pure``)

    def ub_on_poison(self, op: Op, count: int) -> list[tuple[int, str]]:
        """The operand positions (of ``count`` operands) whose poison is UB, with their roles."""
        out: dict[int, str] = {}
        for spec, role in self.poison_ub:
            for k in operand_positions(op, spec, count):
                out.setdefault(k, role)
        return sorted(out.items())


def operand_positions(op: Op, spec: str, count: int) -> range | list[int]:
    """The operand positions ``spec`` names (see the module docstring)."""
    if spec == "all":
        return range(count)
    if spec.startswith("segment "):
        k = int(spec.split()[1])
        sizes = op.attrs.get("operandSegmentSizes")
        if not isinstance(sizes, list) or k >= len(sizes):
            raise Unsupported(f"operand segments of '{op.name}'", op.loc)
        start = sum(int(s) for s in sizes[:k])
        return range(start, start + int(sizes[k]))
    if ":" in spec:
        a, b = spec.split(":")
        return range(count)[slice(int(a) if a else None, int(b) if b else None)]
    k = int(spec)
    return [k % count] if -count <= k < count else []


_REGISTRY: dict[str, OpSemantics] = {}


def semantics(name: str, attrs: tuple[str, ...] = (), poison_ub: dict[str, str] | None = None,
              memory: str = "none", pure: bool | None = None):
    """Register ``fn`` as the meaning of op ``name``: ``attrs`` are the attributes it interprets,
    ``poison_ub`` the operands whose poison is UB (by default poison propagates), ``memory`` its
    memory effects, ``pure`` whether it is a pure function of its operands (by default: when it
    has no memory effect)."""
    if memory not in MEMORY_EFFECTS:
        raise ValueError(f"memory effect {memory!r} of {name}")
    rules = tuple((poison_ub or {}).items())
    for spec, _ in rules:
        _check_spec(name, spec)

    def register(fn: Callable) -> Callable:
        if name in _REGISTRY:
            raise RuntimeError(f"semantics for {name} registered twice")
        default = None if memory in ("buffers", "regions") else memory == "none"
        _REGISTRY[name] = OpSemantics(name, fn, frozenset(attrs), rules, memory,
                                      default if pure is None else pure)
        return fn

    return register


def _check_spec(name: str, spec: str) -> None:
    ok = spec == "all" or (spec.startswith("segment ") and spec.split()[1].isdigit())
    if not ok:
        try:
            [int(x) for x in spec.split(":") if x] if spec.count(":") <= 1 else int("x")
            ok = bool(spec.strip(":")) or spec == ":"
        except ValueError:
            ok = False
    if not ok:
        raise ValueError(f"operand positions {spec!r} of {name}")


def _load_for(name: str) -> None:
    prefix = name.split(".")[0]
    module = _MODULES.get(prefix)
    if module is not None:
        importlib.import_module(module)


def lookup(op: Op) -> OpSemantics:
    """The semantics of ``op``, after checking that every attribute it carries is interpreted."""
    if op.name not in _REGISTRY:
        _load_for(op.name)
    sem = _REGISTRY.get(op.name)
    if op.name.startswith("relax."):
        from irverify.semantics import relax_opaque

        if relax_opaque.is_opaque(op, sem is not None):
            return OpSemantics(op.name, relax_opaque.apply, frozenset(op.attrs))
    if sem is None:
        from irverify.semantics import opaque

        if opaque.is_opaque(op):
            return OpSemantics(op.name, opaque.apply, frozenset(op.attrs))
        raise Unsupported(f"op '{op.name}'", op.loc)
    unknown = sorted(a for a in set(op.attrs) - sem.attrs - STRUCTURAL_ATTRS if not is_hint(a, op.attrs[a]))
    if unknown:
        raise Unsupported(f"attribute '{unknown[0]}' of '{op.name}'", op.loc,
                          f"value {op.attrs[unknown[0]]}")
    return sem


def is_pure(op: Op) -> bool:
    """Is this instance of ``op`` a pure function of its operands? A registered op as declared;
    an op whose effects are those of its buffer operands when it has none; an op whose effects
    are those of its regions when every op in them is pure (a call never: its callee is not
    seen here); an op nobody registered only when it is a listed opaque op."""
    from irverify.ir.core import DispatchTensorType, MemRefType

    if op.name not in _REGISTRY:
        _load_for(op.name)
    sem = _REGISTRY.get(op.name)
    if sem is None:  # an opaque op is pure by the reason its list gives; any other is unknown
        from irverify.semantics import opaque

        return op.name in opaque.OPAQUE_OPS
    if sem.pure is not None:
        return sem.pure
    if sem.memory == "buffers":
        return not any(isinstance(v.type, (MemRefType, DispatchTensorType)) for v in [*op.operands, *op.results])
    if op.name in ("func.call", "util.call"):
        return False
    return all(is_pure(inner) for region in op.regions for block in region for inner in block.ops
               if inner.name not in TERMINATORS)


# Terminators of regions: their operands are the region's results (``scf.forall.in_parallel``:
# the slices its ``tensor.parallel_insert_slice`` ops insert into the shared outputs).
TERMINATORS = frozenset({"func.return", "util.return", "flow.return", "linalg.yield", "tensor.yield",
                         "affine.yield", "scf.yield", "relax.return", "iree_linalg_ext.yield",
                         "scf.forall.in_parallel"})


def registered_ops() -> list[str]:
    """All registered op names (loads every dialect module)."""
    for module in sorted(set(_MODULES.values())):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            pass
    return sorted(_REGISTRY)
