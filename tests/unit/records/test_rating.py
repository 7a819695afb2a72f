"""The player's rating (Glicko-1 against the bots' measured strengths) and the strength table."""

from __future__ import annotations

import itertools
import math

import pytest

from guinote_tui.ai import offered_levels
from guinote_tui.ai.strength import level_elo, parse_table, strength_table
from guinote_tui.records import Game, Rating, age, expected, juego_game, update
from guinote_tui.records.rating import C_PER_DAY, RD_MAX, g, is_rated_level


def test_glickmans_worked_example() -> None:
    # Glickman, "The Glicko system": 1500/200 against 1400/30 (won), 1550/100 and 1700/300 (lost).
    player = Rating(1500, 200)
    games = [Game(1400, 1, 30), Game(1550, 0, 100), Game(1700, 0, 300)]
    new = update(player, games)
    assert new.rating == pytest.approx(1464, abs=0.5)
    assert new.rd == pytest.approx(151.4, abs=0.05)
    # The intermediate figures the paper prints.
    assert [round(g(rd), 4) for rd in (30, 100, 300)] == [0.9955, 0.9531, 0.7242]
    assert [round(expected(1500, game), 3) for game in games] == [0.639, 0.432, 0.303]


def test_a_first_heads_up_juego_against_normal_by_hand() -> None:
    # q = ln10/400 = 0.0057565; E = 0.5, g = 1: 1/d² = q²/4 = 8.2843e-6; 1/RD² = 1/350² = 8.1633e-6.
    # r' = 1500 + q / (8.1633e-6 + 8.2843e-6) * (1 - 0.5) = 1500 + 175.0; RD' = 1 / sqrt(1.64476e-5) = 246.6
    won = update(Rating(), [juego_game(2, "normal", None, True)])
    assert won.rating == pytest.approx(1675.0, abs=0.05) and won.rd == pytest.approx(246.6, abs=0.05)
    lost = update(Rating(), [juego_game(2, "normal", None, False)])
    assert lost.rating == pytest.approx(1325.0, abs=0.05) and lost.rd == won.rd


def test_in_pairs_the_player_is_half_of_the_side() -> None:
    # weight ½ in place of g: 1/d² = q² · ¼ · ¼ = 2.0711e-6; r' = 1500 + q / 1.02344e-5 · ½ · ½ = 1640.6; RD' = 312.6
    won = update(Rating(), [juego_game(4, "normal", "normal", True)])
    assert won.rating == pytest.approx(1640.6, abs=0.05) and won.rd == pytest.approx(312.6, abs=0.05)
    # A stronger partner lowers the effective opposition: 2·O − P.
    hard, easy = 1500 + level_elo("hard", 4), 1500 + level_elo("easy", 4)
    assert juego_game(4, "normal", "hard", True) == Game(2 * 1500 - hard, 1.0, weight=0.5)
    assert juego_game(4, "hard", "easy", False) == Game(2 * hard - easy, 0.0, weight=0.5)
    # Against the side of two equal players, a player as strong as the bots expects a half.
    assert expected(hard, juego_game(4, "hard", "hard", True)) == pytest.approx(0.5)
    # With no partner given the partner is the rivals' level.
    assert juego_game(4, "hard", None, True) == juego_game(4, "hard", "hard", True)


def test_winning_raises_losing_lowers_and_the_deviation_shrinks() -> None:
    rating = Rating()
    for _ in range(20):
        before = rating
        rating = update(rating, [juego_game(2, "hard", None, True)])
        assert rating.rating > before.rating and rating.rd < before.rd
    assert rating.rating > 1500 + level_elo("hard", 2)
    lost = update(rating, [juego_game(2, "hard", None, False)])
    assert lost.rating < rating.rating and lost.rd < rating.rd
    low, high = rating.interval
    assert high - low == pytest.approx(2 * 1.959964 * rating.rd)
    assert update(rating, []) == rating


def test_the_deviation_grows_with_time_away() -> None:
    assert age(Rating(1600, 50), 730).rd == pytest.approx(350)
    assert age(Rating(1600, 50), 30).rd == pytest.approx(math.sqrt(50**2 + C_PER_DAY**2 * 30))
    assert age(Rating(1600, 340), 3650).rd == RD_MAX
    assert age(Rating(1600, 50), -3) == Rating(1600, 50)


def test_only_measured_levels_are_rated() -> None:
    assert is_rated_level("hard", 2) and is_rated_level("random", 4)
    assert not is_rated_level("hard:samples=3", 2)
    assert not is_rated_level("open", 2)
    with pytest.raises(ValueError, match="'open'"):
        juego_game(2, "open", None, True)


def test_the_strength_table() -> None:
    table = strength_table()
    assert table.reference == "normal" and table.rules == "aragones"
    for players in (2, 4):
        assert level_elo("normal", players) == 0.0
        # Every level a player may choose has a strength.
        assert all(level in table.levels[players] for level in offered_levels())
        # The levels are the measured steps chained from normal.
        chained = {"normal": 0.0}
        steps = [s for s in table.steps if s.players == players]
        while len(chained) < len(table.levels[players]):
            for step in steps:
                if step.weaker in chained and step.stronger not in chained:
                    chained[step.stronger] = chained[step.weaker] + step.elo
                elif step.stronger in chained and step.weaker not in chained:
                    chained[step.weaker] = chained[step.stronger] - step.elo
        assert chained.keys() == table.levels[players].keys()
        assert all(chained[level] == pytest.approx(elo, abs=0.2) for level, elo in table.levels[players].items())
        assert all(step.commands and step.deals > 0 for step in steps)
        # Each level up the ladder is stronger than the one below it (the table is ordered by strength).
        offered = [level for level in ("random", *offered_levels()) if level in table.levels[players]]
        assert all(table.levels[players][a] < table.levels[players][b] for a, b in itertools.pairwise(offered))
    with pytest.raises(ValueError, match="no measured strength for bot level 'master'"):
        level_elo("master", 2)
    with pytest.raises(ValueError, match="3 players"):
        level_elo("normal", 3)
    with pytest.raises(ValueError, match="malformed"):
        parse_table({"format": 1, "levels": {}})
