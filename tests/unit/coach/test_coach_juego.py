"""The coach plays for the juego: a card that wins it is its move, one that gives it up is a mistake, said so."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from guinote_tui.coach import Grade, advise
from guinote_tui.coach.verdict import judge
from guinote_tui.engine import Card, parse_action, seat_view
from guinote_tui.i18n import number
from guinote_tui.present.vocabulary import review_sentence

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ai"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_bots_juego import last_two_tricks


def test_the_coach_leads_the_card_that_wins_the_juego_and_says_the_other_loses_it() -> None:
    # Heads-up arrastre de vueltas, 95 against 91: the As de Oros takes the Rey and wins at once; the Dos de
    # Espadas scores more points if the juego went on, but gives the Tres (and the juego) to the rival.
    state = last_two_tricks()
    advice = advise(seat_view(state, 0, events=False), random.Random(0))
    assert advice.action == parse_action("1O")
    dos = parse_action("2E")
    assert advice.mistake(dos) and not advice.about_same(dos)
    assert advice.juego(dos) == "lost"
    assert advice.evaluation is not None and advice.evaluation.cards[Card.parse("1O")].juego == 1
    verdict = judge(advice, dos)
    assert verdict.grade is Grade.BLUNDER and verdict.cost_se == 0
    assert (verdict.played_win, verdict.played_loss, verdict.best_win, verdict.best_loss) == (0.0, 1.0, 1.0, 0.0)
    said = review_sentence(
        7,
        dos,
        advice.action,
        verdict.cost,
        grade=verdict.grade.value,
        played_shares=(verdict.played_win, verdict.played_loss),
        best_shares=(verdict.best_win, verdict.best_loss),
    )
    points = number(verdict.cost, ".1f", trim=True)
    assert said == (
        "[b]Trick 7[/b] · blunder: you played Dos de Espadas, which hands the other side the juego; the coach would"
        f" play As de Oros, which wins it. That is about [b]{points}[/b] points better (a juego counts 65)."
    )


def test_on_the_juego_critical_suite_the_coach_chooses_a_juego_winning_card() -> None:
    from guinote_lab.juego_suite import load, score

    positions = load()
    phase1 = [p for p in positions if p.phase == "phase1"][:8]
    arrastre = [p for p in positions if p.phase != "phase1"][:40]
    assert len(phase1) == 8 and len(arrastre) == 40
    assert score("coach", phase1).wins == 8
    assert score("coach", arrastre).wins == 40
