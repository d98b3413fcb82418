"""Every registered MLIR op has a fuzz generator (``irverify.fuzz.mlir_ops.GENERATORS``), and
every generator is for a registered op; the generated programs of a sample of every generator
parse, and each holds its focus op."""

from __future__ import annotations

import random

from irverify.fuzz import mlir_ops


def test_every_registered_mlir_op_has_a_generator():
    registered = set(mlir_ops.registered_mlir_ops())
    generators = set(mlir_ops.load_generators())
    assert sorted(registered - generators) == [], "registered MLIR ops without a fuzz generator"
    assert sorted(generators - registered) == [], "fuzz generators for ops no longer registered"


def test_every_generator_writes_its_op_and_the_program_parses():
    from irverify.frontends.mlir.parse import parse_mlir_native

    gens = mlir_ops.load_generators()
    for k, op in enumerate(sorted(gens)):
        rng = random.Random(k)
        src = mlir_ops.generate(rng, focus=op)
        tgt, _ = mlir_ops.transform(src, rng)
        text = mlir_ops.pair_text(src, tgt)
        assert op in src.ops, (op, sorted(src.ops))
        parse_mlir_native(text, f"{op}.mlir")
