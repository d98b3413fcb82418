"""irverify: translation validation for tensor-compiler rewrites (MLIR/IREE and TVM Relax)."""

__version__ = "0.1.0"
