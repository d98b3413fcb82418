"""Every test reads its inputs from inside the repository (``tests/outside_reads.py``)."""

import pytest

from tests import outside_reads


# The test files that take longest (``--durations``; the lit corpus runs its own 2 jobs for
# about 8 minutes), first: with ``--dist loadfile --no-loadscope-reorder`` (``.ci/run``) xdist
# hands files out in collection order, so a long file does not start last and run on alone.
LONGEST_FIRST = ("tests/test_lit.py", "tests/robustness/test_fuzz.py", "tests/semantics/test_relax_unwritten.py",
                 "tests/robustness/test_adversarial.py", "tests/test_pipeline.py", "tests/test_tvm_instrument.py")


def pytest_collection_modifyitems(session, config, items):
    def rank(item) -> int:
        path = item.nodeid.split("::")[0]
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # (stable: each file's tests keep their order)


def pytest_collection_finish(session):
    if outside_reads.SEEN:
        raise pytest.UsageError("collecting the tests read outside the repository: "
                                + ", ".join(sorted(set(outside_reads.SEEN))[:5]))


@pytest.fixture(autouse=True)
def _inputs_inside_the_repository():
    start = len(outside_reads.SEEN)
    yield
    new = sorted(set(outside_reads.SEEN[start:]))
    if new:
        pytest.fail("read outside the repository (copy the input into testdata/): " + ", ".join(new[:5]))
