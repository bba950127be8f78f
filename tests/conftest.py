import pytest


def pytest_addoption(parser):
    parser.addoption("--soak", type=int, default=0,
                     help="play this many random games per game and option set (e.g. 10000); "
                          "the meld solver checks this many random hands of each kind against "
                          "its brute force")


@pytest.fixture
def soak(request):
    return request.config.getoption("--soak")
