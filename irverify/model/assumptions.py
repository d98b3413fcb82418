"""Names of the approximations and assumptions a verdict may rest on, shared by the semantics
that record them and the checks and reports that read them."""

# The approximation of a float sum computed exactly (IEEE) in index order: the model's own
# counterexample inputs are exact, so execution compares its outputs bit for bit there.
SUMMATION_ORDER = "float summation order in "
