"""Op semantics: one module per dialect, one registered function per op."""
