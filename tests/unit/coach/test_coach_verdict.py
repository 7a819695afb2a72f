"""A decision's verdict in words: its tier, its cost ± the 95 % margin, and the juego when it is at stake."""

from __future__ import annotations

import pytest

from guinote_tui import i18n
from guinote_tui.coach import Advice, CardEstimate, Evaluation, Grade, Reason, ReasonCode, Z
from guinote_tui.coach.verdict import judge
from guinote_tui.engine import PLAY, Card, parse_action
from guinote_tui.present.vocabulary import review_sentence

THREE, KING, TWO, SIX = (Card.parse(c) for c in ("3C", "12O", "2E", "6B"))


def advice(*estimates: tuple[Card, float, float, float | None, float | None]) -> Advice:
    """The coach's advice on cards of (card, cost, standard error, win share, loss share); the first is its card."""
    cards = {c: CardEstimate(-cost, cost, se, 100, 0, win, loss, cost) for c, cost, se, win, loss in estimates}
    evaluation = Evaluation(cards, estimates[0][0], "playouts", 100, 400)
    reason = Reason(ReasonCode.WIN_POINTS, {})
    return Advice(PLAY[estimates[0][0]], evaluation.values, reason, False, {}, evaluation)


def test_each_tier_and_its_margin() -> None:
    found = advice(
        (KING, 0.0, 0.0, 0.0, 0.0),
        (THREE, 3.0, 1.5, 0.0, 0.0),  # 3 ± 2.9: under 2 is possible: a close call
        (TWO, 4.0, 0.8, 0.0, 0.0),  # 4 ± 1.6 (said 4 ± 2): clear of 2, not of 5: an inaccuracy
        (SIX, 30.0, 2.0, 0.0, 0.0),  # clear of 10: a blunder
    )
    assert [judge(found, PLAY[c]).grade for c in (KING, THREE, TWO, SIX)] == [
        Grade.SAME,
        Grade.CLOSE,
        Grade.INACCURACY,
        Grade.BLUNDER,
    ]
    verdict = judge(found, PLAY[TWO])
    assert verdict.mistake and not judge(found, PLAY[THREE]).mistake  # a close call is never listed
    said = review_sentence(4, PLAY[TWO], PLAY[KING], verdict.cost, margin=Z * verdict.cost_se, grade="inaccuracy")
    assert said == (
        "[b]Trick 4[/b] · inaccuracy: you played Dos de Espadas; the coach would play Rey de Oros,"
        " about [b]4 ± 2[/b] points better."
    )
    blunder = judge(found, PLAY[SIX])
    said = review_sentence(None, PLAY[SIX], PLAY[KING], blunder.cost, margin=Z * blunder.cost_se, grade="blunder")
    assert said.startswith("[b]Coach[/b] · blunder: you played Seis de Bastos;") and "[b]30 ± 4[/b]" in said


@pytest.mark.parametrize(
    ("played", "best", "words"),
    [
        (
            (0.0, 1.0),
            (0.7, 0.0),
            "you played Tres de Copas, which hands the other side the juego; the coach would play Rey de Oros,"
            " which wins it in about 7 deals of 10.",
        ),
        (
            (0.0, 0.0),
            (1.0, 0.0),
            "you played Tres de Copas, which leaves the juego open; the coach would play Rey de Oros, which wins it.",
        ),
        (
            (0.3, 0.2),
            (0.1, 0.0),
            "you played Tres de Copas, which wins the juego in about 3 deals of 10 and hands it to the other side in"
            " about 2; the coach would play Rey de Oros, which wins it in about 1 deal of 10.",
        ),
        (
            (0.0, 0.44),
            (0.0, 0.0),
            "you played Tres de Copas, which hands the other side the juego in about 4 deals of 10; the coach would"
            " play Rey de Oros, which leaves it open.",
        ),
    ],
)
def test_the_juego_is_said_where_the_two_cards_do_differently_for_it(
    played: tuple[float, float], best: tuple[float, float], words: str
) -> None:
    said = review_sentence(
        9, PLAY[THREE], PLAY[KING], 45.5, margin=6.2, grade="blunder", played_shares=played, best_shares=best
    )
    assert said == f"[b]Trick 9[/b] · blunder: {words} That is about [b]46 ± 6[/b] points better (a juego counts 65)."


def test_the_same_juego_for_both_cards_is_not_said() -> None:
    said = review_sentence(
        2, PLAY[THREE], PLAY[KING], 6.0, grade="mistake", played_shares=(0.31, 0.2), best_shares=(0.34, 0.18)
    )
    assert "juego" not in said and said.endswith("about [b]6[/b] points better.")


def test_a_declaration_is_said_in_words_and_exact() -> None:
    said = review_sentence(2, parse_action("swap:7E"), parse_action("sing:B"), 20.0, grade="blunder")
    assert said == (
        "[b]Trick 2[/b] · blunder: you chose to change the 7 of trumps for the muestra; the coach would sing the"
        " cante of Bastos, about [b]20[/b] points better."
    )


def test_the_sentences_are_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    if "es" not in i18n.available():
        pytest.skip("the Spanish catalog is not compiled")
    i18n.set_language("es")
    said = review_sentence(
        9, PLAY[THREE], PLAY[KING], 45.5, margin=6.2, grade="blunder", played_shares=(0.0, 1.0), best_shares=(0.7, 0)
    )
    assert said.startswith("[b]Baza 9[/b] · error grave: jugaste Tres de Copas, que da la partida a los rivales;")
    assert "que la gana en unos 7 de cada 10 repartos" in said
