"""The themes and the stars of an exact decision, by their rules, on hand-built heads-up arrastre positions."""

from __future__ import annotations

import pytest
from practice_positions import arrastre_position, juego_open

from guinote_tui import i18n
from guinote_tui.engine import Card, parse_cards
from guinote_tui.practice import themes
from guinote_tui.practice.exact import LOST, UNDECIDED, WON, CardOutcome, line_outcome, loss_of
from guinote_tui.practice.themes import (
    CATCH_ACE_THREE,
    COUNT_TRUMPS,
    JUEGO,
    JUEGO_NOW,
    KEEP_ACE_THREE,
    LAST_TEN,
    LET_IT_GO,
    POINTS,
    SING,
    STOP_CANTE,
    TAKE_TRICK,
    THEMES,
    VOID_SUIT,
    Analysis,
    analyse,
    depth,
    difficulty,
    themes_of,
)


def solved(state) -> Analysis:  # type: ignore[no-untyped-def]
    analysis = analyse(state)
    assert analysis is not None
    # Each line, replayed by the engine to its end, reaches what the solver says of its card.
    for card, line in analysis.lines.items():
        assert line_outcome(state, line) == analysis.outcomes[card]
    return analysis


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


def test_a_card_that_takes_the_juego_on_this_trick_is_win_the_juego_now() -> None:
    # De vueltas, the seat needs 11 and leads: the As de Bastos takes the trick (the rival holds no Bastos nor a
    # trump) and reaches the target. The 2 de Copas lets the rival take the last trick, its As and the ten: 21.
    state = arrastre_position("1B 2C", "4C 5O", "7E", vueltas=True, need=(11, 21))
    analysis = solved(state)
    assert analysis.outcomes == {Card.parse("1B"): CardOutcome(WON, 11), Card.parse("2C"): CardOutcome(LOST, -21)}
    assert analysis.correct == cards("1B")
    assert themes_of(analysis) == (JUEGO_NOW, VOID_SUIT, TAKE_TRICK, JUEGO)
    assert loss_of(analysis.outcomes, Card.parse("2C")).juego_lost  # type: ignore[union-attr]
    assert depth(analysis) == 1 and difficulty(analysis) == 2  # one trick; one card right of two


def test_a_card_that_only_keeps_the_juego_open_is_not_win_the_juego_now() -> None:
    # The same cards, but the seat needs 12: the As no longer reaches, and the rival takes the last trick with
    # the 4 de Copas (10, short of its 21). It still keeps the juego open; the 2 de Copas still loses it.
    state = arrastre_position("1B 2C", "4C 5O", "7E", vueltas=True, need=(12, 21))
    analysis = solved(state)
    assert analysis.outcomes[Card.parse("1B")] == CardOutcome(UNDECIDED, 1)
    assert analysis.correct == cards("1B")
    assert themes_of(analysis) == (VOID_SUIT, TAKE_TRICK, JUEGO)


def test_the_ten_for_the_last_trick_decides_it() -> None:
    # Trumps are Oros. Leading the Rey de Oros wins 4 points but gives the rival the last trick (its 4 de Bastos
    # beats the 2); leading the 2 de Bastos first keeps the Rey to trump the last trick: the ten swings 20.
    state = arrastre_position("12O 2B", "2C 4B", "5O", preset="libre-100", accept=juego_open)
    analysis = solved(state)
    assert analysis.correct == cards("2B")
    assert analysis.outcomes[Card.parse("12O")] == CardOutcome(UNDECIDED, -6)
    assert analysis.outcomes[Card.parse("2B")] == CardOutcome(UNDECIDED, 14)
    assert themes_of(analysis) == (LAST_TEN, LET_IT_GO, POINTS)  # the 2 de Bastos led gives the rival the trick


def test_lead_the_suit_the_rival_lacks() -> None:
    # The rival holds only Copas and no trump: the Tres de Espadas led takes its 10; the 2 de Copas led loses the
    # trick and the Tres with the last one.
    state = arrastre_position("3E 2C", "4C 5C", "6O", accept=juego_open)
    analysis = solved(state)
    assert analysis.correct == cards("3E")
    assert loss_of(analysis.outcomes, Card.parse("2C")).points == 20  # type: ignore[union-attr]
    assert themes_of(analysis) == (VOID_SUIT, TAKE_TRICK, POINTS)


def test_count_the_trumps_draw_the_last_one_first() -> None:
    # The rival's one trump (the 2 de Oros) would take an As or Tres de Copas: draw it with the As de Oros first.
    state = arrastre_position("1O 1C 3C", "2O 12B 11B", "7O", accept=juego_open)
    analysis = solved(state)
    assert analysis.correct == cards("1O")
    assert themes_of(analysis) == (COUNT_TRUMPS, KEEP_ACE_THREE, TAKE_TRICK, POINTS)  # led, the As or Tres is trumped
    assert difficulty(analysis) == 3  # the loss shows on the first trick; one card right of three


def test_win_the_trick_with_the_card_that_keeps_the_cante() -> None:
    # The rival led the 4 de Espadas: each Espada takes it, but only the As keeps the Rey and Sota to sing.
    state = arrastre_position("12E 10E 1E", "2B 3C", "7O", trick="4E", accept=juego_open)
    analysis = solved(state)
    assert analysis.correct == cards("1E")
    assert {loss_of(analysis.outcomes, c).points for c in cards("12E 10E")} == {20}  # type: ignore[union-attr]
    assert themes_of(analysis) == (SING, POINTS)
    assert any(type(action).__name__ == "Sing" for _, action in analysis.lines[Card.parse("1E")].actions)


def test_stop_the_rivals_cante() -> None:
    # The rival holds the Rey and Sota de Copas: leading the 2 de Copas lets it take the trick with the 4 and sing.
    state = arrastre_position("1O 2C 5B", "12C 10C 4C", "7O", accept=juego_open)
    analysis = solved(state)
    assert Card.parse("2C") not in analysis.correct
    found = themes_of(analysis)
    assert STOP_CANTE in found and found[-1] == POINTS


def test_catch_the_rivals_three() -> None:
    # Trumps are Espadas. The rival's only Copa is its Tres: the As de Copas led makes it fall to the seat; the
    # Caballo de Copas led lets the Tres take the trick instead.
    state = arrastre_position("11C 10O 1C", "3B 3C 10B", "5E", accept=juego_open)
    analysis = solved(state)
    assert analysis.correct == cards("10O 1C") and analysis.wrong == (Card.parse("11C"),)
    assert themes_of(analysis) == (CATCH_ACE_THREE, TAKE_TRICK, POINTS)


def test_keep_your_ace_from_the_rivals_trump() -> None:
    # Trumps are Copas. The rival holds no Espadas and a trump: the As de Espadas led is trumped and lost.
    state = arrastre_position("6B 3C 1E", "7O 4O 5C", "10C", accept=juego_open)
    analysis = solved(state)
    assert analysis.correct == cards("3C 6B") and analysis.wrong == (Card.parse("1E"),)
    assert themes_of(analysis) == (KEEP_ACE_THREE, TAKE_TRICK, POINTS)


def test_the_order_of_the_themes_and_the_stake_last() -> None:
    assert THEMES[0] == JUEGO_NOW and THEMES[-2:] == (JUEGO, POINTS)
    assert set(themes.THEME_NAMES) == set(themes.THEME_HINTS) == set(THEMES)


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_has_a_name_and_a_hint_in_every_language(theme: str) -> None:
    english = (themes.theme_name(theme), themes.theme_hint(theme))
    assert all(english)
    for code in ("es", "de", "it", "nl", "ru"):
        i18n.set_language(code)
        assert (themes.theme_name(theme), themes.theme_hint(theme)) != english, code
