"""The TVM Relax frontend (TVMScript via ``tvm.script.from_source``) and TVM execution."""

from irverify.frontends.relax.confirm import confirm
from irverify.frontends.relax.parse import parse

__all__ = ["confirm", "parse"]
