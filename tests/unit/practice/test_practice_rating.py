"""Glicko-2 puzzle ratings: Glickman's worked example, how a rating moves, and choosing the next puzzle."""

from __future__ import annotations

import pytest

from guinote_tui.practice.rating import Glicko, expected, order_near, replay, update


def test_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2012): 1500/200/0.06 against three opponents in one period."""
    after = update(
        Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    )
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.02)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_rating_moves_after_each_attempt_and_grows_surer() -> None:
    puzzle = Glicko(1500, 60)
    start = Glicko()
    right, wrong = replay([(puzzle, True)], start), replay([(puzzle, False)], start)
    assert right.rating > start.rating > wrong.rating
    assert right.deviation < start.deviation and wrong.deviation < start.deviation
    # A hard puzzle solved moves it more than an easy one; an easy one missed costs more than a hard one.
    assert replay([(Glicko(1900, 60), True)]).rating > replay([(Glicko(1100, 60), True)]).rating
    assert replay([(Glicko(1100, 60), False)]).rating < replay([(Glicko(1900, 60), False)]).rating
    # Twenty attempts: the deviation keeps shrinking, the interval holds the rating.
    player = replay([(Glicko(1400 + 10 * n, 60), n % 3 != 0) for n in range(20)])
    low, high = player.interval
    assert player.deviation < 120 and low < player.rating < high
    # No game in a period: only the deviation grows.
    idle = update(player, [])
    assert idle.rating == player.rating and idle.deviation > player.deviation


def test_the_chance_of_solving_follows_the_ratings() -> None:
    player = Glicko(1500, 100)
    assert expected(player, Glicko(1500, 60)) == pytest.approx(0.5)
    assert expected(player, Glicko(1300, 60)) > 0.7 > 0.3 > expected(player, Glicko(1700, 60))
    # An unsure puzzle rating pulls the guess towards a half.
    assert 0.5 < expected(player, Glicko(1300, 300)) < expected(player, Glicko(1300, 60))


def test_the_next_puzzle_is_near_the_players_rating_and_the_themes_take_turns() -> None:
    items = [("a", 1000), ("a", 1300), ("b", 1320), ("c", 1900), ("a", 1310)]
    player = Glicko(1500, 80)

    def rating(item: tuple[str, int]) -> Glicko:
        return Glicko(item[1], 60)

    def theme(item: tuple[str, int]) -> str:
        return item[0]

    # A 3-in-4 chance for a 1500 player is a puzzle near 1305: "a" 1310 first; then another theme, "b" 1320
    # (nearer than "c"), then "a" again (nearest left), and so on; never the same theme twice while another is left.
    order = order_near(player, items, rating, theme)
    assert order == [("a", 1310), ("b", 1320), ("a", 1300), ("c", 1900), ("a", 1000)]
    assert order_near(player, [], rating, theme) == []
    # The theme asked just before comes after another.
    assert order_near(player, items, rating, theme, last="a")[0] == ("b", 1320)
    # A stronger player gets the harder puzzle first.
    assert order_near(Glicko(2300, 80), items, rating, theme)[0] == ("c", 1900)


def test_the_themes_near_the_player_all_take_turns_not_only_the_nearest_two() -> None:
    # A strong player: theme "x" holds the nearest puzzles (a chance near 3 in 4); "y" and "z" are a little
    # easier (within the band) and "far" much easier. Without the band, x and y would alternate; with it, x, y
    # and z take turns, the theme asked longest ago first, and "far" waits until the near ones run out.
    player = Glicko(2000, 60)
    items = [("x", 1800), ("x", 1805), ("x", 1810), ("y", 1700), ("y", 1705), ("z", 1690), ("z", 1695)]
    items += [("far", 900)]

    def rating(item: tuple[str, int]) -> Glicko:
        return Glicko(item[1], 60)

    # The chances: x 0.75 (1805 nearest), y 0.84, z 0.85, far 0.998.
    order = order_near(player, items, rating, lambda item: item[0])
    near = [("x", 1805), ("y", 1705), ("z", 1695), ("x", 1810), ("y", 1700), ("z", 1690), ("x", 1800)]
    assert order == [*near, ("far", 900)]
    narrow = order_near(player, items, rating, lambda item: item[0], band=0.0)
    assert [theme for theme, _ in narrow][:5] == ["x", "y", "x", "y", "x"]
    # Themes asked before this session's list come after the ones not asked yet.
    assert order_near(player, items, rating, lambda item: item[0], recent=["z", "y", "x"])[0][0] == "z"
