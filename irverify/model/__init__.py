"""The value model below the semantics: symbolic values with their poison masks
(``values``), the solver sort of each element type and the reading of free array elements
(``sorts``), the symbolic inputs two sides share (``inputs``), flat memory (``memory``) and the
named assumptions a verdict may rest on (``assumptions``).

Nothing here imports ``irverify.semantics``, ``irverify.verify`` or ``irverify.cex``: the
semantics build on this package, and the encoder, the refinement checks and counterexample
extraction build on both.
"""
