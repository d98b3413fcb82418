"""The op registry: ``@semantics("dialect.op", attrs=(...))`` registers one function per op.

* Registering an op twice raises.
* Looking up an op nobody registered raises ``Unsupported`` naming it and its location.
* Every attribute of an op must be listed in ``attrs`` (its meaning is then the semantics
  function's job); an attribute that is not listed makes the op unsupported, so an attribute
  that changes meaning is never silently ignored. The only exceptions are the compiler hints of
  ``HINT_ATTRS`` (below), which never change what an op computes.

A semantics function is called as ``fn(ctx, op, *operand_values)`` and returns the op's
result value, a tuple/list of them, or ``None`` when the op has no results.

Poison scalar operands: an op registered with ``poison=True`` handles them itself (arithmetic
propagates poison to its result); for every other op a poison scalar operand is UB (it is an
index, a size, an offset or a bound, which lower to addresses and branches).
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


@dataclass(frozen=True)
class OpSemantics:
    name: str
    fn: Callable
    attrs: frozenset[str]
    poison: bool = False  # handles poison scalar operands itself


_REGISTRY: dict[str, OpSemantics] = {}


def semantics(name: str, attrs: tuple[str, ...] = (), poison: bool = False):
    """Register ``fn`` as the meaning of op ``name``; ``attrs`` are the attributes it interprets;
    ``poison``: ``fn`` handles poison scalar operands (otherwise one is UB)."""

    def register(fn: Callable) -> Callable:
        if name in _REGISTRY:
            raise RuntimeError(f"semantics for {name} registered twice")
        _REGISTRY[name] = OpSemantics(name, fn, frozenset(attrs), poison)
        return fn

    return register


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
            return OpSemantics(op.name, opaque.apply, frozenset(op.attrs), poison=True)
        raise Unsupported(f"op '{op.name}'", op.loc)
    unknown = sorted(a for a in set(op.attrs) - sem.attrs - STRUCTURAL_ATTRS if not is_hint(a, op.attrs[a]))
    if unknown:
        raise Unsupported(f"attribute '{unknown[0]}' of '{op.name}'", op.loc,
                          f"value {op.attrs[unknown[0]]}")
    return sem


def registered_ops() -> list[str]:
    """All registered op names (loads every dialect module)."""
    for module in sorted(set(_MODULES.values())):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            pass
    return sorted(_REGISTRY)
