"""The coach's analysis of a decision kept as text and read back: the same advice; hostile text refused in a line."""

from __future__ import annotations

import json
import random

from test_coach_surfaces import played_hand

from guinote_tui.coach import COACH_SEED, CoachBudget
from guinote_tui.coach.ahead import HandSpec, advise_at, decisions
from guinote_tui.coach.stored import ANALYSIS_LONGEST, StoredAnalysisError, analysis_of, analysis_text
from guinote_tui.engine import seat_view

BUDGET = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60, arrastre_deals=12, arrastre_nodes=60_000)


def analysed(players: int, seed: int) -> list:  # type: ignore[type-arg]
    """Every decision of seat 0 with a choice in a hand of the normal bot: (its view, the coach's advice)."""
    hand = played_hand(players, seed).hand
    spec = HandSpec.of(hand)
    out = []
    for index in decisions(spec, hand.log, 0):
        prefix = tuple(hand.log[:index])
        advice = advise_at(spec, prefix, 0, COACH_SEED, BUDGET)
        assert advice is not None
        out.append((seat_view(spec.replay(prefix), 0, events=False), advice))
    return out


def test_an_analysis_reads_back_as_the_very_advice_it_was() -> None:
    methods = set()
    lines = 0
    for players, seed in ((2, 3), (4, 8), (2, 11), (4, 2)):
        for view, advice in analysed(players, seed):
            text = analysis_text(advice)
            assert text.isascii() and len(text) < ANALYSIS_LONGEST
            back = analysis_of(text, view)
            assert back == advice
            assert back.evaluation == advice.evaluation and back.idea == advice.idea
            if advice.evaluation is not None:
                methods.add(advice.evaluation.method)
                lines += any(e.lines is not None for e in advice.evaluation.cards.values())
    assert {"playouts", "exact"} <= methods and lines


def test_an_analysis_of_another_decision_or_damaged_is_refused_in_one_line() -> None:
    found = analysed(2, 3)
    (view, advice), (other, _) = found[0], found[-1]
    text = analysis_text(advice)
    refused = []
    for bad in (
        text[: len(text) // 2],
        "{}",
        "[1, 2]",
        text.replace('"format":1', '"format":2'),
        text.replace('"method":"playouts"', '"method":"guess"'),
        json.dumps({**json.loads(text), "forced": "no"}),
        "x" * (ANALYSIS_LONGEST + 1),
        '{"format": 1, "action": NaN}',
    ):
        try:
            analysis_of(bad, view)
        except StoredAnalysisError as error:
            refused.append(str(error))
    assert len(refused) == 8
    try:
        analysis_of(text, other)  # the cards of one decision are not those of another
    except StoredAnalysisError as error:
        refused.append(str(error))
    assert len(refused) == 9 and all(line and "\n" not in line and len(line) < 80 for line in refused), refused


def test_a_mangled_analysis_is_read_or_refused_never_anything_else() -> None:
    rng = random.Random(3)
    cases = analysed(4, 8)
    refused = 0
    for number in range(600):
        view, advice = cases[number % len(cases)]
        text = list(analysis_text(advice))
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text))
            text[at] = rng.choice('0123456789.-e"{}[],:nultrfasENCOBX ')
        try:
            analysis_of("".join(text), view)
        except StoredAnalysisError:
            refused += 1
    assert refused > 300
