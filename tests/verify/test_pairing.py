"""Which functions of two modules are checked: every public source function (even a callee),
private ones through their call sites; a public function the target drops is a finding."""

from __future__ import annotations

import pytest

from irverify.errors import InputError
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules, pair_functions, removed_public_functions
from irverify.verify.verdict import Verdict

HELPER = "func.func {vis}@helper(%x: i32) -> i32 {{\n  return %x : i32\n}}\n"
MAIN = ("func.func @main(%x: i32) -> i32 {\n  %r = func.call @helper(%x) : (i32) -> i32\n"
        "  return %r : i32\n}\n")
INLINED = "func.func @main(%x: i32) -> i32 {\n  return %x : i32\n}\n"


def mod(text: str, name: str):
    return parse_mlir(text, name)


def names(pairs):
    return [n for n, _, _ in pairs]


def test_public_callee_is_paired():
    src = mod(HELPER.format(vis="") + MAIN, "a.mlir")
    assert names(pair_functions(src, mod(HELPER.format(vis="") + MAIN, "b.mlir"))) == ["helper", "main"]


def test_private_callee_is_not_paired_and_may_disappear():
    src = mod(HELPER.format(vis="private ") + MAIN, "a.mlir")
    tgt = mod(INLINED, "b.mlir")
    assert names(pair_functions(src, tgt)) == ["main"]
    assert removed_public_functions(src, tgt) == []


def test_dropped_or_privatised_public_function_is_incorrect():
    src = mod(HELPER.format(vis="") + MAIN, "a.mlir")
    for tgt_text in (INLINED, HELPER.format(vis="private ") + MAIN):
        tgt = mod(tgt_text, "b.mlir")
        assert removed_public_functions(src, tgt) == ["helper"]
        report = check_modules(src, tgt, Options(confirm=False))
        assert {f.name: f.verdict for f in report.functions} == {"helper": Verdict.INCORRECT,
                                                                 "main": Verdict.CORRECT}


def test_target_only_function_is_an_error_unless_called_or_private():
    src = mod(INLINED, "a.mlir")
    extra = "func.func @extra(%x: i32) -> i32 {\n  return %x : i32\n}\n"
    with pytest.raises(InputError, match="@extra has no counterpart"):
        pair_functions(src, mod(INLINED + extra, "b.mlir"))
    assert names(pair_functions(src, mod(INLINED + extra.replace("func.func @", "func.func private @"),
                                         "b.mlir"))) == ["main"]
    assert names(pair_functions(src, mod(HELPER.format(vis="") + MAIN, "b.mlir"))) == ["main"]


def test_modules_with_nothing_in_common_are_an_error():
    with pytest.raises(InputError, match="no counterpart"):
        pair_functions(mod(HELPER.format(vis=""), "a.mlir"), mod(INLINED, "b.mlir"))
