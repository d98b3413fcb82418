"""The poison elements of a tensor argument are read from the model's value of its poison array
at once, and agree with evaluating each element (a 256x256 argument took minutes that way)."""

from __future__ import annotations

import itertools

import z3

from irverify.cex.extract import _poison_elements
from irverify.model.inputs import Inputs, poison_switch


def test_poison_elements_at_once_agree_with_element_by_element():
    inputs = Inputs(fp=None)
    switch = poison_switch(inputs)
    poison = z3.Array("poison(%x)", z3.IntSort(), z3.IntSort(), z3.BoolSort())
    s = z3.Solver()
    s.add(switch, poison[1, 0], poison[0, 2], z3.Not(poison[0, 0]), z3.Not(poison[2, 1]))
    assert s.check() == z3.sat
    model = s.model()
    shape = [3, 3]
    fast = _poison_elements(model, inputs, poison, shape)
    slow = [list(i) for i in itertools.product(range(3), range(3))
            if z3.is_true(model.eval(z3.And(switch, poison[i[0], i[1]]), model_completion=True))]
    assert fast is not None and fast == slow and [1, 0] in fast and [0, 2] in fast and [0, 0] not in fast
    # the switch off: no argument is poison, whatever the array holds
    s2 = z3.Solver()
    s2.add(z3.Not(switch), poison[1, 1])
    assert s2.check() == z3.sat
    assert _poison_elements(s2.model(), inputs, poison, shape) == []
