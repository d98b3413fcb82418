"""Contract of TVM Relax ``DecomposeOpsForInference``, which changes the meaning of a
training-mode ``batch_norm`` on purpose.

The pass (``python/tvm/relax/transform/transform.py``; ``src/relax/transform/decompose_ops.cc``)
replaces every ``R.nn.batch_norm`` of the functions it runs on by the inference-mode
arithmetic, ``(x - moving_mean) / sqrt(moving_var + epsilon) * gamma + beta`` with the results
``moving_mean`` and ``moving_var`` unchanged, whatever the op's ``training`` attribute says
(``training=True`` is the op's default, so most models hold training-mode ops). Compared as it
is, such a module is a miscompile: the batch statistics are gone. The property this contract
states instead: the target refines the source in which every ``batch_norm`` of those functions
is read with ``training=False``. Everything else the pass does (``layer_norm``,
``tensor_to_shape``) must keep its meaning as usual. ``DecomposeOpsForInference(func_name)``
runs on that function only; without a name, on every function.

A counterexample is replayed on TVM with the source's ``batch_norm`` ops set to
``training=False`` in TVM's own module (``frontends.relax.confirm``).
"""

from __future__ import annotations

import copy

from irverify.contracts import ContractPair, direct_pair
from irverify.errors import InputError
from irverify.ir.core import Block, Function, Module

BATCH_NORM = "relax.nn.batch_norm"


def _ops(block: Block):
    for op in block.ops:
        yield op
        for region in op.regions:
            for b in region:
                yield from _ops(b)


def inference_reading(fn: Function) -> tuple[Function, int]:
    """A copy of ``fn`` with every training-mode ``batch_norm`` read in inference mode, and how
    many it changed."""
    out = copy.deepcopy(fn)
    changed = 0
    for op in _ops(out.body) if out.body is not None else ():
        if op.name == BATCH_NORM and op.attrs.get("training"):
            op.attrs = {**op.attrs, "training": False}
            if op.printed_attrs is not None:
                op.printed_attrs = {**op.printed_attrs, "training": "False"}
            changed += 1
    return out, changed


class DecomposeOpsForInference:
    """``--contract decompose-ops-for-inference`` (see the module docstring)."""

    name = "decompose-ops-for-inference"

    def __init__(self, func_name: str | None = None):
        self.func_name = func_name

    def pairs(self, src: Module, tgt: Module | None) -> list[ContractPair]:
        from irverify.verify.check import pair_functions

        if tgt is None:
            raise InputError(f"{src.path}: the {self.name} contract needs two modules (before and after)")
        if src.frontend != "relax":
            raise InputError(f"{src.path}: the {self.name} contract is for Relax modules")
        if self.func_name is not None and self.func_name not in src.functions:
            raise InputError(f"{src.path}: DecomposeOpsForInference names @{self.func_name}, which the module lacks")
        read = copy.copy(src)  # its native module is replaced when a counterexample is replayed
        read.functions = dict(src.functions)
        changed = {}
        for name, fn in src.functions.items():
            if self.func_name is None or name == self.func_name:
                read.functions[name], changed[name] = inference_reading(fn)
        out = []
        for name, s, g in pair_functions(src, tgt):
            if not any(changed.values()):
                out.append(direct_pair(name, src, s, tgt, g))
                continue
            pair = direct_pair(name, read, read.functions[name], tgt, g)
            pair.src_fn = s
            pair.confirm = _replay(read, name, [n for n, k in changed.items() if k], tgt, g)
            pair.plain_source = False
            where = ", ".join(f"@{n}" for n, k in changed.items() if k)
            pair.description = (f"the training-mode batch_norm ops of {where} read in inference mode, as "
                                "DecomposeOpsForInference replaces them")
            out.append(pair)
        return out


def _replay(read: Module, name: str, changed: list[str], tgt: Module, g: Function):
    """Replay a counterexample on TVM: the source with its ``batch_norm`` ops in inference mode."""

    def confirm(cex, approximate: bool):
        from irverify.frontends import frontend_named
        from irverify.frontends.relax.confirm import batch_norm_in_inference_mode

        ran = copy.copy(read)
        ran.native = batch_norm_in_inference_mode(read.native, changed)
        return frontend_named("relax").confirm(ran, ran.functions[name], tgt, g, cex, approximate)

    return confirm
