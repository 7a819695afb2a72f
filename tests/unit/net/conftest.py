"""Fixtures of the table's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hostile_host import SCENARIOS, SCREEN_SCENARIOS, Served


@pytest.fixture
def served(request: pytest.FixtureRequest) -> Iterator[Served]:
    """A hostile host serving the scenario named by the test's parameter, on its own loop in a thread."""
    host = Served({**SCENARIOS, **SCREEN_SCENARIOS}[request.param])
    yield host
    host.close()
