"""A number of points, or of deals of 10, read as a native reader says it: each language's plural form, never an
abbreviation, never "10 of 10" nor "0 of 10"."""

from __future__ import annotations

import pytest

from guinote_tui import i18n
from guinote_tui.coach import ReasonCode
from guinote_tui.coach.reasons import how_often, reason_text
from guinote_tui.engine import PLAY, Card
from guinote_tui.present.vocabulary import review_overview, review_sentence

THREE, KING = Card.parse("3C"), Card.parse("12O")


def _russian() -> None:
    if "ru" not in i18n.available():
        pytest.skip("the Russian catalog is not compiled")
    i18n.set_language("ru")


@pytest.mark.parametrize(("points", "word"), [(1, "очко"), (2, "очка"), (5, "очков"), (21, "очко")])
def test_the_review_says_points_in_russian_in_the_form_of_the_number(points: int, word: str) -> None:
    _russian()
    said = review_sentence(4, PLAY[THREE], PLAY[KING], float(points), grade="blunder")
    number = "1,0" if points == 1 else str(points)  # one point exactly is written 1,0 (as in every language)
    word = "очка" if points == 1 else word  # after a decimal the noun is очка
    assert f"примерно на [b]{number}[/b] {word} лучше." in said
    assert "очк." not in said


@pytest.mark.parametrize(("margin", "word"), [(1.2, "очко"), (2.4, "очка"), (5.3, "очков"), (21.4, "очко")])
def test_a_figure_with_its_margin_agrees_with_the_margin_in_russian(margin: float, word: str) -> None:
    _russian()
    said = review_sentence(None, PLAY[THREE], PLAY[KING], 30.0, margin=margin, grade="blunder")
    assert f"[b]30 ± {round(margin)}[/b] {word} лучше." in said


@pytest.mark.parametrize(("points", "word"), [(1, "очко"), (2, "очка"), (5, "очков"), (21, "очко")])
def test_the_search_reason_says_points_in_the_form_of_the_number(points: int, word: str) -> None:
    _russian()
    said = reason_text(
        ReasonCode.BEST_BY_SEARCH, card="3C", margin=float(points), spread=0.0, verdict="blunder", exact=True
    )
    number = "1,0" if points == 1 else str(points)
    word = "очка" if points == 1 else word
    assert f"на {number} {word} больше" in said


@pytest.mark.parametrize(("total", "word"), [(1, "очко"), (2, "очка"), (5, "очков"), (21, "очко")])
def test_the_review_overview_counts_points_in_russian(total: int, word: str) -> None:
    _russian()

    class Graded:
        cost, cost_se, grade, mistake, followed_hint = float(total), 0.0, "mistake", True, False

    said, _none = review_overview([Graded()], 1.96)
    # (an exact figure is said to a tenth; one point is "1,0 очка", as the search's reason says it)
    number = "1,0" if total == 1 else str(total)
    word = "очка" if total == 1 else word
    assert f"примерно [b]{number}[/b] {word}" in said


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_ten_or_none_of_ten_deals_are_said_in_words(code: str) -> None:
    if code not in i18n.available():
        pytest.skip(f"the {code} catalog is not compiled")
    i18n.set_language(code)
    for tenths in (0, 10):
        phrase = how_often(tenths)
        assert "10" not in phrase and "0" not in phrase, phrase
    said = reason_text(ReasonCode.FEWER_JUEGOS, card="3C", best="12O", m=0, n=10)
    assert " 0 " not in said and "10" not in said, said


def test_the_english_words_for_all_and_none_of_the_deals() -> None:
    """10 deals of 10 is said "in every deal" (every deal weighed), and only then; under half a tenth "hardly any"."""
    said = reason_text(ReasonCode.FEWER_JUEGOS, card="3C", best="12O", m=0, n=10)
    assert said == (
        "With the Tres de Copas your side wins the juego in hardly any deal, with the Rey de Oros in every deal."
    )
    said = review_sentence(
        4, PLAY[THREE], PLAY[KING], 40.0, grade="blunder", played_shares=(0.0, 0.97), best_shares=(0.97, 0.0)
    )
    # 97 deals in 100 are about 9 of 10: "10 of 10" is never said, nor "every deal" of a share short of it
    assert "Tres de Copas, which hands the other side the juego in about 9 deals of 10" in said
    assert "Rey de Oros, which wins it in about 9 deals of 10" in said
    assert "10 deals of 10" not in said


def test_the_hands_review_gives_the_graded_cost_with_its_margin_as_guinote_review_does() -> None:
    from guinote_tui.present.vocabulary import graded_cost

    i18n.set_language("en")

    class Graded:
        grade, mistake, followed_hint = "mistake", True, False

        def __init__(self, cost: float, cost_se: float) -> None:
            self.cost, self.cost_se = cost, cost_se

    graded = [Graded(10.0, 1.5), Graded(7.4, 2.0)]
    # 17.4 points, margin 1.96 × √(1.5² + 2²) = 4.9: "17 ± 5", the noun after the margin's 5.
    assert graded_cost(graded, 1.96) == ("17 ± 5", 5)
    said, _none = review_overview(graded, 1.96)
    assert "Together they cost your side about [b]17 ± 5[/b] points" in said
    # Exact analyses (no error): the figure to a tenth, no margin.
    said, _none = review_overview([Graded(7.25, 0.0)], 1.96)
    assert "about [b]7.2[/b] points" in said
