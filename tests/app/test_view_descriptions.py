"""What a screen reader hears of a plot, built without widgets: the half-step, the log-likelihood and
whether it rose, each component's weight and mean, the selected point's responsibilities; and where the
arrow keys move the selection."""

import numpy as np
from scipy.stats import norm

from nbviz.app.analysis.selection_steps import nearest_in_direction, next_in_order
from nbviz.app.presentation import view_descriptions as words
from nbviz.app.presentation.presets import load_preset
from nbviz.app.run.session import Session

X = np.array([1.0, 2.0, 4.0, 5.0, 6.0])  # lecture-five-points: the k-means clusters {1, 2} and {4, 5, 6}
WEIGHTS, MEANS, VARIANCES = np.array([0.4, 0.6]), np.array([1.5, 5.0]), np.array([0.25, 2 / 3])


def five_points(qtbot) -> Session:
    session = Session()
    assert session.load(*load_preset("lecture-five-points"))
    return session


def test_the_start_names_its_log_likelihood_and_each_components_weight_and_mean(qtbot):
    session = five_points(qtbot)
    # by hand (scipy as the oracle): sum_n log sum_k pi_k N(x_n; mu_k, sigma_k^2) at the start
    log_likelihood = np.log(norm.pdf(X[:, None], MEANS, np.sqrt(VARIANCES)) @ WEIGHTS).sum()
    text = words.run_description(session)
    assert text.startswith("Half-step 0 of 0: the start. The log-likelihood is ")
    assert f"{log_likelihood:.6g}".replace("-", "\u2212") in text
    assert "Component 1: weight π 0.4; mean μ x 1.5." in text and "Component 2: weight π 0.6; mean μ x 5." in text


def test_each_half_step_says_whether_the_log_likelihood_rose_and_a_selected_points_responsibilities(qtbot):
    session = five_points(qtbot)
    assert session.e_step()
    session.select(2)  # x = 4
    joint = WEIGHTS * norm.pdf(4.0, MEANS, np.sqrt(VARIANCES))
    r = joint / joint.sum()  # by hand: 4 is far from 1.5 (sd 0.5): r = (1.4e-5, 0.99999)
    text = words.run_description(session)
    assert "Half-step 1 of 1: the E-step of iteration 1." in text
    assert "unchanged from the half-step before" in text  # the E-step moves no parameter
    assert f"Selected: Point 3, with responsibilities {r[0]:.3g} for component 1, {r[1]:.3g} for component 2." in text
    before = session.snapshot.objective
    assert session.m_step()
    after = words.run_description(session)
    assert "the M-step of iteration 1" in after
    assert f"it rose by {session.snapshot.objective - before:.3g} from the half-step before" in after
    assert words.run_description(session) != text


def test_many_components_read_the_large_responsibilities_and_count_the_small_ones(qtbot):
    session = Session()
    assert session.load(*load_preset("digits"))
    assert session.e_step()
    session.select(5)
    shares = session.resp[5]
    text = words.selection_sentence(session)
    largest = int(np.argmax(shares))
    assert text.startswith(f"Selected: Line 7, with responsibilities {shares[largest]:.3g} for component {largest + 1}")
    small = int(np.sum(shares < 0.01))
    assert text.endswith(f"; the other {small} below 0.01.")


def test_the_views_name_what_they_show(qtbot):
    session = five_points(qtbot)
    assert words.scatter_name("eruptions", "waiting") == "Data view: waiting (up) against eruptions (across)"
    assert words.objective_curve_name(session) == "Objective curve: the log-likelihood at each half-step"
    assert session.e_step() and session.m_step()
    first, last = (f"{s.objective:.6g}".replace("-", "\u2212") for s in (session.history[0], session.history[-1]))
    assert words.objective_curve_lead(session).endswith(f"the 3 half-steps computed runs from {first} to {last}.")


POINTS = np.array([[0.0, 0.0], [10.0, 1.0], [3.0, -8.0], [-5.0, 0.5], [1.0, 9.0], [20.0, 30.0]])


def test_an_arrow_key_selects_the_nearest_point_that_way_on_screen():
    # pixels: x to the right, y down. From (0, 0): right -> (10, 1), up -> (3, -8), left -> (-5, 0.5), down -> (1, 9)
    assert [nearest_in_direction(POINTS, 0, d) for d in ("right", "up", "left", "down")] == [1, 2, 3, 4]
    # nothing within 45 degrees to the left of (-5, 0.5) and nothing beyond it: stay
    assert nearest_in_direction(POINTS, 3, "left") is None
    # from (10, 1) downwards, (20, 30) is within 45 degrees; (1, 9) is not, but nearer: the cone wins
    assert nearest_in_direction(POINTS, 1, "down") == 5
    # no selection: the point nearest the middle of the view
    assert nearest_in_direction(POINTS, -1, "down", centre=(19.0, 29.0)) == 5
    assert nearest_in_direction(np.full((3, 2), np.nan), -1, "up") is None


def test_up_and_down_walk_a_list_of_rows_in_its_order():
    order = np.array([4, 0, 3, 1, 2])
    assert next_in_order(order, 0, 1) == 3 and next_in_order(order, 0, -1) == 4
    assert next_in_order(order, 2, 1) is None and next_in_order(order, 4, -1) is None
    assert next_in_order(order, -1, 1) == 4 and next_in_order(order, -1, -1) == 2
