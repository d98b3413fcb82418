"""irverify's frontend-neutral IR (no z3, MLIR or TVM imports)."""

from irverify.ir.core import (
    UNKNOWN_LOC,
    Block,
    DenseAttr,
    DispatchTensorType,
    EnumAttr,
    FloatAttr,
    FloatType,
    Function,
    IndexType,
    IntType,
    Location,
    Module,
    Op,
    OpaqueAttr,
    OpaqueType,
    ScalarType,
    TensorType,
    TupleType,
    Type,
    Value,
    is_scalar,
)

__all__ = [
    "UNKNOWN_LOC", "Block", "DenseAttr", "DispatchTensorType", "EnumAttr", "FloatAttr", "FloatType", "Function",
    "IndexType", "IntType", "Location", "Module", "Op", "OpaqueAttr", "OpaqueType", "ScalarType",
    "TensorType", "TupleType", "Type", "Value", "is_scalar",
]
