"""The solver layer: the only package that imports z3."""
