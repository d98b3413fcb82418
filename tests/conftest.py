"""Every test reads its inputs from inside the repository (``tests/outside_reads.py``)."""

import pytest

from tests import outside_reads


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
