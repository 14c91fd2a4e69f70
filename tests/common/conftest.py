import pytest

from common import GameInfo, register
from common.registry import _REGISTRY
from tests.common.toygame import Race


@pytest.fixture
def toy_registered() -> object:
    """Register the toy race for the duration of one test (it is never in the real registry)."""
    register(GameInfo(Race, description="a toy dice race used by the tests"))
    yield Race
    _REGISTRY.pop(Race.name, None)
