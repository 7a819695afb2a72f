"""What the game writes it reads back: the bounds on a match (its rules, its hands) keep its files far within the limit.

A history (``--load``, ``replay``, ``review``) or a kept match holds at most
:data:`~guinote_tui.engine.MAX_HANDS` hands, and the rules' numeric flags are
bounded so that no match played under them comes near it (unless hand after
hand ends in an exact tie over the target). A file past a bound is refused in
one line naming it, before any hand is replayed.

The largest match is not stored here (nor played to 1000 hands: the bounded
rules do not allow it): the longest match the bounds allow is played by
random bots at the extreme rules, written by the game (the kept match and a
saved history) and read back by it, and its bytes per hand, times
:data:`MAX_HANDS`, must stay within a quarter of the largest file the game
reads. The count itself is checked at its edge by lowering the bound to a
played match's length.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from guinote_tui import storage
from guinote_tui.engine import (
    MAX_HANDS,
    HistoryError,
    Match,
    Rules,
    RulesError,
    history_dict,
    load_history,
    read_history,
    save_history,
)
from guinote_tui.engine import history as history_module
from guinote_tui.game import resume

#: The extreme rules: every numeric flag at its upper bound (aragones: no tie decides nothing).
EXTREME = Rules.preset(
    "aragones",
    **{flag: high for flag, (_low, high) in Rules.RANGES.items()},  # target, juegos, cotos
)
#: Every hand played out gives out 120 card points and the last ten.
POINTS_A_HAND = 130
NAMES = ["You", "Right", "Partner", "Left"]
TABLE = {"seats": {"1": "normal", "2": "normal", "3": "normal"}, "pace": "wait", "assisted": False}


def longest_without_ties(rules: Rules) -> int:
    """The most hands a match under ``rules`` can take when no hand ends in a tie over the target.

    At most ``2 * cotos - 1`` cotos of at most ``2 * juegos - 1`` juegos; a juego is undecided only while
    both sides are under the target (the first hand's treinta malas aside: one hand more), and each hand
    played out adds 130 points to their sum.
    """
    juegos = (2 * rules.cotos_to_win - 1) * (2 * rules.juegos_per_coto - 1)
    return juegos * (math.ceil(2 * rules.target / POINTS_A_HAND) + 1)


def random_match(rules: Rules, players: int, seed: int) -> Match:
    """A whole match played by random bots (no events: the fastest self-play)."""
    rng = random.Random(seed)
    match = Match(players, rules, seed=seed, events=False)
    while not match.is_over:
        if match.hand.is_over:
            match.next_hand()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def not_over(match: Match) -> Match:
    """The same match one action before its end: a match the game keeps (a finished one is not kept)."""
    data = history_dict(match)
    data["hands"][-1]["actions"] = data["hands"][-1]["actions"][:-1]
    again = load_history(data)
    assert not again.is_over and len(again.records()) == len(match.finished)
    return again


def test_the_rules_bounds_keep_the_longest_match_within_the_hands_a_match_may_hold() -> None:
    assert (EXTREME.target, EXTREME.juegos_per_coto, EXTREME.cotos_to_win) == (300, 5, 5)
    assert longest_without_ties(EXTREME) == 486
    assert longest_without_ties(EXTREME) * 2 <= MAX_HANDS  # twice over: room for ties and for a margin
    # The start screen's longest choices (5 juegos a coto, 3 cotos, 101 points) are far below.
    assert longest_without_ties(Rules.preset("aragones", juegos_per_coto=5, cotos_to_win=3)) == 135


@pytest.mark.parametrize(("flag", "value", "bound"), [("target", 301, 300), ("juegos_per_coto", 6, 5)])
def test_a_rules_value_past_its_bound_is_refused_naming_it(flag: str, value: int, bound: int) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.preset("aragones", **{flag: value})
    assert f"from 1 to {bound}, not {value}" in str(caught.value)


@pytest.mark.parametrize("players", [2, 4])
def test_the_longest_match_the_bounds_allow_is_written_and_read_back(tmp_path: Path, players: int) -> None:
    """Played at the extreme rules, kept and saved by the game, read back by it; its bytes a hand bound any match's."""
    match = not_over(random_match(EXTREME, players, seed=players))
    hands = len(match.records())
    assert 60 <= hands <= longest_without_ties(EXTREME)  # a long match (random play: ~100-200 hands)
    names = NAMES if players == 4 else ["You", "Rival"]

    kept = tmp_path / "current-match.json"
    assert resume.Keeper(kept).save(match, names, TABLE)
    saved = tmp_path / "saved.json"
    save_history(match, saved, names=names, table=TABLE)
    for again in (resume.load(kept), read_history(saved)):
        assert again is not None
        assert [(r.dealer, r.deck, r.actions) for r in again.records()] == [
            (r.dealer, r.deck, r.actions) for r in match.records()
        ]

    # The most bytes a hand takes in either file (the longest hand's entry), and the largest file a match of
    # MAX_HANDS such hands makes: within a quarter of the limit.
    for path in (kept, saved):
        text = path.read_text(encoding="utf-8")
        entries = json.loads(text)["hands"]
        widest = max(len(json.dumps(entry, indent=1)) + 4 * (len(entry["actions"]) + 4) for entry in entries)
        assert len(text) / hands < widest  # the mean hand is below the widest (a check of the measure)
        assert MAX_HANDS * widest <= storage.MAX_FILE_BYTES // 4, (path.name, widest)


def too_many_hands(count: int) -> dict[str, Any]:
    """A history listing ``count`` hands (copies of one: never replayed, the count is refused first)."""
    data = history_dict(random_match(Rules(), 2, seed=1))
    data["hands"] = [data["hands"][0]] * count
    return data


def test_a_history_past_the_hands_a_match_may_hold_is_refused_in_one_line_naming_the_bound(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps(too_many_hands(MAX_HANDS + 1)))
    with pytest.raises(HistoryError) as caught:
        read_history(path)
    assert str(caught.value) == f"{path}: {MAX_HANDS + 1} hands: more than the {MAX_HANDS} a match may hold"


def test_the_hands_a_match_may_hold_are_counted_at_the_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    data = history_dict(random_match(Rules(), 4, seed=3))
    count = len(data["hands"])
    monkeypatch.setattr(history_module, "MAX_HANDS", count)
    assert len(load_history(data).finished) == count
    monkeypatch.setattr(history_module, "MAX_HANDS", count - 1)
    with pytest.raises(HistoryError, match=f"{count} hands: more than the {count - 1}"):
        load_history(data)


def test_a_kept_match_past_the_bound_is_set_aside_in_one_line() -> None:
    where = resume.path()
    where.parent.mkdir(parents=True)
    where.write_text(json.dumps(too_many_hands(MAX_HANDS + 1)))
    with pytest.raises(storage.Damaged) as caught:
        resume.load()
    assert "more than the 1000 a match may hold" in str(caught.value) and "\n" not in str(caught.value)
    assert not where.exists()


def test_replay_of_a_history_at_a_target_past_the_bound_is_one_line(tmp_path: Path) -> None:
    """The probe's file: a legal match at target 1000 (now past the bound), refused by the command in one line."""
    data = too_many_hands(3)
    data["rules"]["target"] = 1000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    done = subprocess.run(
        [sys.executable, "-m", "guinote_tui.cli", "replay", str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"Error: {path}: bad rules: flag target must be a whole number from 1 to 300, not 1000"
    ]
