"""A differential soundness fuzzer for irverify (``tools/fuzz.py``).

Random small well-typed programs (``mlir_prog``, ``relax_prog``) are paired with a target made
by a random mutation or a known-good rewrite; each pair is checked exactly as ``irverify check``
does, and every verdict is tested by execution (``driver``): a ``correct`` pair whose two sides
differ on some input where the source is defined and not poison (``mlir_interp`` decides that) is
an unsound verdict, an ``incorrect`` pair on which no input shows a difference is an unconfirmed
(possibly false) alarm. Nothing here imports z3, and the MLIR arm never imports TVM.
"""
