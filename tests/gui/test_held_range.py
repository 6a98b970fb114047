"""Axis ranges that hold still while a run grows (nbviz.gui.plots.held_range)."""

import pytest

from nbviz.gui.plots.held_range import grown_end, held_range, nice_ceil


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0.7, 0.8), (1.0, 1.0), (8.4, 10.0), (13.2, 15.0), (25.2, 30.0), (121.2, 150.0), (6.000000000000001, 6.0)],
)
def test_nice_ceil_is_the_next_round_number(value, expected):
    assert nice_ceil(value) == pytest.approx(expected)


def test_the_end_grows_in_steps_with_room():
    assert grown_end(7, None) == 10  # 1.2 * 7 = 8.4, the next round number
    assert [grown_end(last, 10) for last in (8, 9, 10)] == [10, 10, 10]  # held while it shows the last
    assert grown_end(11, 10) == 15  # 13.2 -> 15
    assert grown_end(3, 15) == 4  # cut back: 15 has more room than a fresh end (3.6 -> 4)


def test_a_value_range_is_held_while_the_values_fill_it():
    assert held_range(None, 0.0, 100.0) == pytest.approx((-8.0, 108.0))
    assert held_range((-8.0, 108.0), 0.0, 105.0) == (-8.0, 108.0)  # still inside: held
    assert held_range((-8.0, 108.0), 0.0, 120.0) == pytest.approx((-9.6, 129.6))  # outside: refitted
    assert held_range((-8.0, 108.0), 50.0, 100.0) == pytest.approx((46.0, 104.0))  # fills less than half
    low, high = held_range(None, -5.0, -5.0)  # one value: a small range around it
    assert low < -5.0 < high


def test_a_flat_objective_gets_a_sensible_range_around_its_value_and_keeps_it():
    flat = (-2.8814040885, -2.8814040865)  # a converged objective: only rounding noise changes
    low, high = held_range(None, *flat)
    assert high - low >= 1e-6 * 2.88  # six decimals tell its ticks apart, not ten
    assert low < flat[0] and flat[1] < high and abs((low + high) / 2 - sum(flat) / 2) < 1e-6 * (high - low)
    assert held_range((low, high), -2.8814040886, -2.8814040860) == (low, high)  # the noise moves nothing
    assert held_range(None, 2000.0, 2000.0 + 1e-7)[1] - held_range(None, 2000.0, 2000.0 + 1e-7)[0] >= 0.002
    low, high = held_range(None, -8.46347, -8.46342)  # a real climb of 5e-5 is shown as it is
    assert high - low == pytest.approx(5e-5 * (1 + 2 * 0.08))


def test_a_value_range_keeps_room_for_markers_at_its_ends():
    # a tenth of the height clear at each end: 0 .. 100 gets 8 + 100 * 0.1 / 0.8 = 20.5 beyond each side
    assert held_range(None, 0.0, 100.0, clear=0.1) == pytest.approx((-20.5, 120.5))
    bottom, top = held_range(None, 0.0, 100.0, clear=0.1)
    assert (0.0 - bottom) / (top - bottom) > 0.1 and (top - 100.0) / (top - bottom) > 0.1
    # held while the values stay that far inside; refitted when one comes nearer the edge
    assert held_range((-20.5, 120.5), 0.0, 105.0, clear=0.1) == (-20.5, 120.5)
    assert held_range((-20.5, 120.5), 0.0, 110.0, clear=0.1) != (-20.5, 120.5)


def test_a_climbing_curve_is_refitted_with_room_above_it():
    assert held_range(None, 0.0, 100.0, headroom=0.3) == pytest.approx((-8.0, 138.0))
    # EM's objective: big rises first, then smaller ones; with headroom the range is refitted less often
    climb = [-5200.0, -4650.0, -4600.0, -4520.0, -4470.0, -4420.0, -4400.0, -4380.0, -4370.0, -4365.0]

    def refits(headroom):
        shown, count = None, 0
        for n in range(2, len(climb) + 1):
            values = climb[:n]
            new = held_range(shown, min(values), max(values), headroom=headroom)
            count += new != shown
            shown = new
            assert shown[0] < min(values) and max(values) < shown[1]  # every value in view
        return count

    assert refits(0.3) < refits(0.0)
