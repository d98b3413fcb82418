"""The MLIR frontend (upstream and IREE dialects) and IREE execution."""

from irverify.frontends.mlir.confirm import confirm
from irverify.frontends.mlir.parse import parse_mlir as parse

__all__ = ["confirm", "parse"]
