"""A history loaded with ``--load`` is not the player's: the statistics record only the hands played from then on.

The probe loaded a 22,500-hand history and found every hand of it in the
player's statistics. Now the loaded match is a new match in the statistics
(a new key: not the file's), its earlier hands are left out, and the mark
travels with the kept match, so that Continue does not catch them up either.
"""

from __future__ import annotations

import random
from pathlib import Path

from guinote_tui.engine import Match, Rules, save_history
from guinote_tui.game import launch, resume
from guinote_tui.game.services import Services
from guinote_tui.game.session import GameSession, GameSettings, recorded_from
from guinote_tui.records import Statistics

#: The side jobs of a real run, less the worker process of the review made ahead.
SERVICES = Services(review_ahead=False)
#: A long match: three juegos a coto, two cotos to win.
RULES = Rules.preset("aragones", cotos_to_win=2)


def a_history(tmp_path: Path, hands: int) -> Path:
    """A history of ``hands`` finished hands (random play) and a fresh deal, with a statistics key of its own."""
    rng = random.Random(7)
    match = Match(2, RULES, seed=11)
    while len(match.finished) < hands:
        if match.hand.is_over:
            match.next_hand()
        else:
            match.apply(rng.choice(match.legal_actions()))
    match.next_hand()
    assert not match.is_over
    path = tmp_path / "match.json"
    table = {"seats": {"1": "random"}, "assisted": False, "stats_key": "theirs", "recorded_from": 1}
    save_history(match, path, names=["You", "Rival"], table=table)
    return path


def play_hand(session: GameSession, rng: random.Random) -> None:
    """Every seat plays at random until the hand is over (the player's seat too)."""
    hand = session.match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        session.apply(seat, rng.choice(hand.legal_actions()))


def hands_recorded() -> tuple[int, int]:
    with Statistics() as stats:
        totals = stats.totals()
        return totals.hands, totals.matches


def test_a_loaded_historys_hands_are_not_recorded_only_those_played_from_then_on(tmp_path: Path) -> None:
    start = launch.prepare(history=a_history(tmp_path, hands=4), services=SERVICES)
    assert start.match is not None and len(start.match.finished) == 4
    with Statistics() as stats:
        session = GameSession(start.settings, start.match, services=SERVICES, stats=stats)
        assert hands_recorded() == (0, 0)  # nothing caught up from the file
        assert session.stats_key != "theirs" and session.recorded_from == 5
        play_hand(session, random.Random(1))
        assert hands_recorded() == (1, 1)  # the hand played here
        assert session.table_record()["recorded_from"] == 5
    resume.release()

    # Continued from the kept match: the mark is kept, the loaded hands are still not caught up.
    match, settings = launch.load_kept(start.settings)
    assert match is not None and recorded_from(match) == 5
    rng = random.Random(2)
    with Statistics() as stats:
        session = GameSession(settings, match, services=SERVICES, stats=stats)
        assert hands_recorded() == (1, 1)
        while not session.match.is_over:  # to the match's end, which records the hands not recorded yet
            if session.hand_over:
                session.next_hand()
            play_hand(session, rng)
        played = len(session.match.finished) - 4
        assert played >= 2
        assert hands_recorded() == (played, 1)
    resume.release()


def test_a_kept_match_without_the_mark_is_caught_up_as_before() -> None:
    """A match kept before the mark existed (its hands were played here) is caught up whole, as it was."""
    rng = random.Random(3)
    match = Match(2, RULES, seed=5)
    while len(match.finished) < 2:
        if match.hand.is_over:
            match.next_hand()
        else:
            match.apply(rng.choice(match.legal_actions()))
    match.table = {"stats_key": "mine"}
    assert recorded_from(match) == 1
    with Statistics() as stats:
        settings = GameSettings(players=2, level="random", rules=RULES, delay=0)
        GameSession(settings, match, services=Services(review_ahead=False, keep_match=False), stats=stats)
    assert hands_recorded() == (2, 1)


def test_a_mark_that_is_not_a_hand_of_the_match_records_only_what_is_played_from_now() -> None:
    rng = random.Random(4)
    match = Match(2, RULES, seed=5)
    while len(match.finished) < 2:
        if match.hand.is_over:
            match.next_hand()
        else:
            match.apply(rng.choice(match.legal_actions()))
    for mark in (0, -3, True, "1", 99, 1.0):
        match.table = {"recorded_from": mark}
        assert recorded_from(match) == 3
    match.table = {"recorded_from": 2}
    assert recorded_from(match) == 2
