import itertools

import pytest
from scipy.stats import binomtest

from runner.analysis.stats import net_lift, sign_test, verdict
from runner.schema.enums import Verdict


def test_net_lift_ties_dilute() -> None:
    # five wins and five ties is +50%, not +100% (docs/statistics.md)
    assert net_lift(5, 0, 5) == pytest.approx(0.5)
    assert net_lift(2, 1, 1) == pytest.approx(0.25)
    assert net_lift(0, 0, 0) is None


@pytest.mark.parametrize(
    ("w", "l", "t", "expected"),
    [
        (1, 0, 2, Verdict.PASS),  # exactly +1/3 is on the PASS line
        (0, 1, 2, Verdict.FAIL),  # exactly -1/3 is on the FAIL line
        (1, 0, 3, Verdict.NEUTRAL),  # +1/4
        (3, 1, 2, Verdict.PASS),  # +1/3
        (2, 0, 1, Verdict.PASS),
        (0, 0, 4, Verdict.NEUTRAL),
        (0, 0, 0, Verdict.NO_EVIDENCE),  # nothing scored is no verdict, never NEUTRAL
        (1, 4, 0, Verdict.FAIL),
        (33, 0, 67, Verdict.NEUTRAL),  # 0.33 < 1/3
    ],
)
def test_verdict_bands(w: int, l: int, t: int, expected: Verdict) -> None:  # noqa: E741
    assert verdict(w, l, t) is expected


def test_sign_test_known_values() -> None:
    assert sign_test(0, 0) is None
    assert sign_test(5, 0) == pytest.approx(0.0625)
    assert sign_test(3, 3) == pytest.approx(1.0)
    assert sign_test(10, 2) == pytest.approx(0.03857421875)


# (0, 0) has no test to compare (None, asserted above); every other pair is compared.
@pytest.mark.parametrize(("w", "l"), [p for p in itertools.product(range(16), range(16))
                                      if p != (0, 0)])
def test_sign_test_matches_scipy(w: int, l: int) -> None:  # noqa: E741
    assert sign_test(w, l) == pytest.approx(binomtest(w, w + l, 0.5).pvalue, rel=1e-12)
