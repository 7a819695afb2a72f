"""The juego in the coach's words: a reason in points names the juego where it is at stake, a card whose points are
all the rivals need is said to give them the juego, and a tier beside a better juego figure is explained."""

from __future__ import annotations

import random

import pytest
from test_one_voice import juego_table, lead_view

from guinote_tui.coach import Advice, CardEstimate, Evaluation, ReasonCode
from guinote_tui.coach.evaluate import Grade
from guinote_tui.coach.verdict import judge
from guinote_tui.engine import Card, HandState, Play, Rules, SeatView, seat_view
from guinote_tui.game.verdicts import juego_notes

#: The issue's position (pairs, de vueltas 87-97: the rivals need 4, the player to lead).
HAND_202 = "12C 7C 3E 12E 4E 6B"


def pairs_lead_view(hand: str, carried: tuple[int, int]) -> SeatView:
    """Seat 0 of a pairs hand de vueltas, to lead the first trick holding ``hand`` (the other cards shuffled)."""
    mine = [Card.parse(t) for t in hand.split()]
    dealer = next(
        d for d in range(4) if HandState(list(range(40)), d, Rules(), 4, carried, False, False).to_move == 0
    )
    places = [int(c) for c in HandState(list(range(40)), dealer, Rules(), 4, carried, False, False).hands[0]]
    rest = [Card(c) for c in range(40) if Card(c) not in mine]
    random.Random(1).shuffle(rest)
    deck: list[Card | None] = [None] * 40
    for place, card in zip(places, mine, strict=True):
        deck[place] = card
    cards = iter(rest)
    state = HandState([c if c is not None else next(cards) for c in deck], dealer, Rules(), 4, carried, False, False)
    view = seat_view(state, 0, events=False)
    assert sorted(view.hand) == sorted(mine) and view.rules.vueltas and not view.first_of_juego
    return view


def advised(monkeypatch: pytest.MonkeyPatch, view: SeatView, table: Evaluation) -> Advice:
    import guinote_tui.coach.advice as advice_module

    monkeypatch.setattr(advice_module, "evaluate", lambda *args: table)
    return advice_module.advise(view, random.Random(0))


def test_a_reason_in_points_names_the_juego_where_it_is_at_stake(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pairs seed 202, hand 3: de vueltas, the rivals 4 short. The coach's card is settled best by points (the next
    best card does the same for the juego), so its reason speaks of points: it must give the juego's figures too."""
    view = pairs_lead_view(HAND_202, (87, 97))
    table = juego_table(
        view,
        "4E",
        {"4E": (0.0, 0.0, 0.5, 0.1), "6B": (6.0, 0.5, 0.5, 0.1), "12E": (16.0, 2.0, 0.5, 0.3)},
    )
    advice = advised(monkeypatch, view, table)
    assert advice.action == Play(int(Card.parse("4E")))
    text = advice.reason.text
    assert advice.reason.code not in (ReasonCode.FEWER_JUEGOS, ReasonCode.MORE_JUEGOS_LOST), text  # a points reason
    assert "With it your side wins the juego in about 5 deals of 10 and loses it in about 1 deal of 10." in text, text
    # Where the juego is not at stake (no line decides it), a reason in points stays as it was.
    quiet = juego_table(view, "4E", {"4E": (0.0, 0.0, 0.0, 0.0), "6B": (6.0, 0.5, 0.0, 0.0)})
    assert "juego" not in advised(monkeypatch, view, quiet).reason.text


def test_the_card_whose_points_are_all_the_rivals_need_is_said_to_give_them_the_juego(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """"It risks only 4 points": exactly the 4 the rivals need. Played, the Rey de Espadas is graded with the juego
    it gives away, its points and its figure from the analysis, never the points alone."""
    view = pairs_lead_view(HAND_202, (87, 97))
    table = juego_table(view, "4E", {"4E": (0.0, 0.0, 0.5, 0.1), "12E": (16.0, 2.0, 0.45, 0.3)})
    advice = advised(monkeypatch, view, table)
    verdict = judge(advice, Play(int(Card.parse("12E"))), False, view)
    assert verdict.grade is Grade.BLUNDER and verdict.loss is not None
    assert verdict.loss.code is ReasonCode.GIVES_NEEDED
    assert verdict.loss.text == (
        "If the other side takes it, the Rey de Espadas gives it the 4 points it needs: with it your side loses the "
        "juego in about 3 deals of 10, with the Cuatro de Espadas in about 1 deal of 10."
    )
    # The rivals 20 short: the Rey's 4 points are not what they need; the juego's shares are named as before.
    far = pairs_lead_view(HAND_202, (87, 81))
    rey = Play(int(Card.parse("12E")))
    verdict = judge(advised(monkeypatch, far, juego_table(far, "4E", dict(table_rows(table)))), rey, False, far)
    assert verdict.loss is not None and verdict.loss.code is ReasonCode.MORE_JUEGOS_LOST


def table_rows(table: Evaluation) -> list[tuple[str, tuple[float, float, float, float]]]:
    rows = []
    for card, e in table.cards.items():
        assert e.win is not None and e.loss is not None
        rows.append((str(card), (e.cost, e.se, e.win, e.loss)))
    return rows


def test_a_tier_beside_a_better_juego_figure_is_explained() -> None:
    """Heads-up seed 101, hand 4, trick 14: the best card, the Cuatro de Copas, showed the juego 0-0 of 10 and the
    Rey de Bastos 'blunder 19 ± 4' with 2-0, unexplained. The grade weighs the points with the juego: the Rey wins
    it in 2 deals of 10 more but loses about 32 points more of the hand. The review, practice and the hint say so."""
    view = lead_view("12C 4C 12B 10B 1O 10O", carried=(40, 30), vueltas=True)
    cards = {Card.parse("4C"): CardEstimate(0.0, 0.0, 0.0, 200, win=0.0, loss=0.0)}
    for text, (cost, win) in {"12B": (19.0, 0.2), "10B": (19.5, 0.2), "1O": (24.0, 0.2)}.items():
        cards[Card.parse(text)] = CardEstimate(-cost, cost, 2.0, 200, win=win, loss=0.0, delta=cost)
    for text in ("12C", "10O"):
        cards[Card.parse(text)] = CardEstimate(-12.0, 12.0, 1.0, 200, win=0.0, loss=0.0, delta=12.0)
    table = Evaluation(cards, Card.parse("4C"), "playouts")
    advice = Advice(Play(int(Card.parse("4C"))), table.values, advised_reason(), False, {}, table)
    verdict = judge(advice, Play(int(Card.parse("12B"))), False, view)
    assert verdict.grade is Grade.BLUNDER and verdict.loss is not None
    assert verdict.loss.code is ReasonCode.JUEGO_BUT_POINTS
    assert verdict.loss.text == (
        "The Rey de Bastos does better for the juego (it wins the juego in about 2 deals of 10, the Cuatro de Copas "
        "in hardly any deal), but loses about 32 points more of the hand on average: with a juego counted as 65 "
        "points, it still comes out worse."
    )
    notes = juego_notes(advice)  # the hint's table says it under the column, once per such card
    assert len(notes) == 3 and notes[0].startswith("The Rey de Bastos does better for the juego")
    # A card worse for the juego as well needs no such sentence.
    assert not any("Rey de Copas" in note for note in notes)


def advised_reason():  # type: ignore[no-untyped-def]
    from guinote_tui.coach import Reason

    return Reason(ReasonCode.LEAD_LOW, {"card": "4C"})
