"""Names of the approximations and assumptions a verdict may rest on, shared by the semantics
that record them and the checks and reports that read them."""

from dataclasses import dataclass

# The approximation of a float sum computed exactly (IEEE) in index order: the model's own
# counterexample inputs are exact, so execution compares its outputs bit for bit there.
SUMMATION_ORDER = "float summation order in "


# ----------------------------------------------------------------------------- contested readings
#
# Where the upstream definitions are silent or disputed, irverify picks a documented default (the
# op's documented definition; where it has none, what the installed compiler's lowering does),
# offers a flag for the other reading, and names the reading in every verdict that depends on
# it: a semantics function asks ``ctx.reading(NAME)`` only where the choice matters (e.g. an
# addition that may overflow), and the check then decides the function under the other
# readings too; a verdict that changes with the reading lists it (``FunctionReport.assumptions``,
# a report line, ``assumptions`` in JSON).


@dataclass(frozen=True)
class Contested:
    """A point of semantics with several readings; ``readings[0]`` is the default."""

    name: str  # also the command-line flag: --NAME=READING
    readings: tuple[str, ...]
    meaning: dict  # reading -> what it says
    why_default: str

    @property
    def default(self) -> str:
        return self.readings[0]

    def describe(self, reading: str) -> str:
        return f"--{self.name}={reading}: {self.meaning[reading]}"


AFFINE_OVERFLOW = Contested(
    "affine-overflow", ("wrap", "poison"),
    {"wrap": "affine '+' wraps in 64 bits and a '*' that overflows is poison, as lower-affine "
             "expands them (arith.addi, arith.muli overflow<nsw>)",
     "poison": "affine arithmetic never overflows: a '+' or '*' that overflows 64 bits is poison"},
    "the affine dialect does not define overflow; the installed lowering (lower-affine) emits a "
    "wrapping addition",
)

MEMREF_ARGS = Contested(
    "memref-args", ("may-alias", "noalias"),
    {"may-alias": "distinct memref arguments may overlap unless the source marks one llvm.noalias "
                  "(irverify.semantics.memref_alias)",
     "noalias": "distinct memref arguments are assumed not to overlap"},
    "MLIR lets the memref arguments of a function alias unless the IR says otherwise",
)

TIR_SELF_COMPARE = Contested(
    "tir-self-compare", ("ieee", "fold"),
    {"ieee": "a TIR float '==' is an ordered IEEE comparison (fcmp oeq, as TVM's llvm backend "
             "emits it): x == x is false where x is NaN",
     "fold": "a TIR float comparison of an expression with itself is decided by its shape, as "
             "TVM's arithmetic simplifier folds it: x == x is true, x != x false, NaN or not"},
    "TIR does not define float equality apart from its lowering, which is IEEE's ordered "
    "comparison; TVM's simplifier folds x == x to true all the same",
)

CONTRACT_CONVERSIONS = Contested(
    "contract-conversions", ("round", "elide"),
    {"round": "arith.truncf and arith.extf round as documented whatever their fastmath flags: "
              "extf(truncf(x)) is x rounded to the narrow type",
     "elide": "an arith.extf with fastmath<contract> of an arith.truncf with fastmath<contract> "
              "back to the original type is the original value, as MLIR's ExtFOp folder makes it"},
    "the arith dialect documents 'contract' as allowing fused operations, not the removal of a "
    "rounding, and the lowering to LLVM keeps both conversions; the canonicalizer folds the pair",
)

SUBNORMALS = Contested(
    "subnormals", ("keep", "flush"),
    {"keep": "float arithmetic has gradual underflow: subnormal operands and results are values "
             "like any other (IEEE 754, as the arith dialect defines its ops)",
     "flush": "float arithmetic reads a subnormal operand as a zero of its sign and writes a "
              "subnormal result as one (flush-to-zero and denormals-are-zero, as compiled CPU "
              "code may run; irverify.smt.flush)"},
    "the arith dialect's float ops are IEEE 754 operations; whether compiled code flushes "
    "subnormals depends on the target's floating-point mode, not on the IR. Considered only where "
    "a counterexample holds a subnormal value, the program a subnormal constant, or execution "
    "disagrees with irverify",
)

CONTESTED = {c.name: c for c in (AFFINE_OVERFLOW, MEMREF_ARGS, TIR_SELF_COMPARE, CONTRACT_CONVERSIONS, SUBNORMALS)}
