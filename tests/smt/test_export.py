"""SMT-LIB2 export (``irverify.smt.solver.to_smtlib2``): first-order scripts that z3 and cvc5
read alike, with the same answer as z3 on the original terms."""

import pytest
import z3

from irverify.smt.solver import to_smtlib2


def _answers(script: str, **cvc5_options: str) -> tuple[str, str]:
    """z3's and cvc5's answers to a script (cvc5 with ``cvc5_options``)."""
    s = z3.Solver()
    s.from_string(script)
    cvc5 = pytest.importorskip("cvc5")
    tm = cvc5.TermManager()
    slv = cvc5.Solver(tm)
    slv.setLogic("ALL")
    slv.setOption("tlimit-per", "10000")
    for key, value in cvc5_options.items():
        slv.setOption(key.replace("_", "-"), value)
    sm = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(slv, sm)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, script, "export")
    out = []
    while not (cmd := parser.nextCommand()).isNull():
        out.append(cmd.invoke(slv, sm).strip())
    return str(s.check()), [o for o in out if o][-1].split(" ")[0]


def _sum(arr, n):
    return z3.Function("sum", arr.sort(), z3.IntSort(), z3.IntSort())(arr, n)


def test_lambdas_become_defined_arrays():
    i, j, n = z3.Int("i"), z3.Int("j"), z3.Int("n")
    x = z3.Array("x", z3.IntSort(), z3.IntSort())
    # The same lazy tensor built two ways: equal sums (unsat), and a different one (sat).
    same = _sum(z3.Lambda([i], x[i] + 1), n) != _sum(z3.Lambda([j], 1 + x[j]), n)
    other = _sum(z3.Lambda([i], x[i] + 1), n) != _sum(z3.Lambda([j], x[j] + 2), n)
    assert z3.Solver().check(same) == z3.unsat and z3.Solver().check(other) == z3.sat
    for formula in (same, other):
        assert "(lambda " not in to_smtlib2([formula]) and "lambda!0" in to_smtlib2([formula])
    assert _answers(to_smtlib2([same])) == ("unsat", "unsat")
    # cvc5 rarely finds models of quantified definitions over Int: it must not contradict z3.
    z3_answer, cvc5_answer = _answers(to_smtlib2([other]))
    assert z3_answer == "sat" and cvc5_answer in ("sat", "unknown")


def test_a_nested_lambda_is_a_function_of_the_enclosing_variable():
    i, j, n = z3.Int("i"), z3.Int("j"), z3.Int("n")
    m = z3.Array("m", z3.IntSort(), z3.ArraySort(z3.IntSort(), z3.IntSort()))
    rows = z3.Lambda([i], _sum(z3.Lambda([j], m[i][j]), n))  # row sums: the inner lambda uses i
    k = z3.Int("k")
    formula = z3.And(k >= 0, rows[k] != _sum(m[k], n))
    script = to_smtlib2([formula])
    assert "(declare-fun lambda!0 (Int) (Array Int Int))" in script
    assert _answers(script, full_saturate_quant="true") == ("unsat", "unsat")


def test_a_term_deeper_than_python_recursion_is_exported():
    """A sum of 5,000 products nests 5,000 deep (softmax and attention encodings do): the
    export walks it without Python recursion, and the script has z3's answer."""
    xs = [z3.Int(f"x{k}") for k in range(5000)]
    total = xs[0]
    for k, x in enumerate(xs[1:]):
        total = total + x * (k % 3)
    script = to_smtlib2([total == 7, xs[0] == 3])
    s = z3.Solver()
    s.from_string(script)
    assert s.check() == z3.sat and "(check-sat)" in script
