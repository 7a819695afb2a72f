"""One decision, one analysis, one voice: the good cards named together, tiers that agree with their sentences."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_coach_surfaces import played_hand
from test_reason_preconditions import decisions as positions
from test_reason_preconditions import synthetic_evaluation

from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.coach import COACH_SEED, CardEstimate, CoachBudget, Evaluation, ReasonCode, advise, decision_rng
from guinote_tui.coach.advice import good_reason, information_key, swap_reason
from guinote_tui.coach.ahead import HandSpec, advise_at, decisions
from guinote_tui.coach.evaluate import Grade
from guinote_tui.coach.verdict import judge
from guinote_tui.coach.why import card_reason
from guinote_tui.engine import (
    Card,
    HandState,
    Match,
    Play,
    Rules,
    SeatView,
    format_position,
    parse_position,
    seat_view,
)
from guinote_tui.game.coachmemo import CoachMemo
from guinote_tui.game.practice_judge import MISTAKE, Problem, _headline, analyse
from guinote_tui.present.vocabulary import grade_word

BUDGET = CoachBudget(min_deals=10, batch=10, max_playouts=200, max_deals=60, arrastre_deals=12, arrastre_nodes=60_000)


def choices(match: Match) -> list[tuple[HandSpec, tuple, int]]:  # type: ignore[type-arg]
    hand = match.hand
    spec = HandSpec.of(hand)
    return [(spec, tuple(hand.log[:i]), 0) for i in decisions(spec, hand.log, 0)]


def test_practice_on_a_kept_mistake_is_the_review_s_own_analysis() -> None:
    """A kept mistake is read back from its position's text: practice must judge it with the review's deals, so
    every card gets the figure the review gave it (it used to draw other deals and name another card)."""
    compared = 0
    for players, seed in ((2, 3), (4, 8)):
        for spec, prefix, seat in choices(played_hand(players, seed)):
            review = advise_at(spec, prefix, seat, COACH_SEED, BUDGET)
            assert review is not None
            state = spec.replay(prefix)
            problem = Problem(MISTAKE, "m", players, state.rules, format_position(state), seat)
            practice = analyse(problem, BUDGET)
            assert practice.action == review.action
            assert practice.values == review.values
            assert practice.reason == review.reason
            compared += 1
    assert compared > 10


def reshuffled(state: HandState, seat: int) -> HandState:
    """The same position with the cards ``seat`` cannot see dealt otherwise among the other hands and the stock."""
    hidden = [c for s in range(state.players) if s != seat for c in state.hands[s]] + list(state.stock)
    random.Random(5).shuffle(hidden)
    text = format_position(state)
    other = parse_position(text, state.rules)
    for s in range(state.players):
        if s != seat:
            size = len(other.hands[s])
            other.hands[s], hidden = hidden[:size], hidden[size:]
    other.stock = hidden
    return other


def test_the_analysis_is_keyed_by_what_the_seat_knows_not_by_the_hidden_cards() -> None:
    """Two deals that differ only in cards the seat cannot see give one key, one set of deals, one analysis."""
    match = played_hand(2, 3)
    spec, prefix, seat = choices(match)[1]
    state = spec.replay(prefix)
    other = reshuffled(state, seat)
    assert [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
    mine, theirs = seat_view(state, seat, events=False), seat_view(other, seat, events=False)
    assert information_key(mine) == information_key(theirs)
    first = advise(mine, decision_rng(COACH_SEED, mine), BUDGET)
    second = advise(theirs, decision_rng(COACH_SEED, theirs), BUDGET)
    assert first.values == second.values and first.reason == second.reason


def evaluation(best: str, others: dict[str, tuple[float, float]]) -> Evaluation:
    cards = {Card.parse(best): CardEstimate(0.0, 0.0, 0.0, 40)}
    for text, (cost, se) in others.items():
        cards[Card.parse(text)] = CardEstimate(-cost, cost, se, 40, delta=cost)
    return Evaluation(cards, Card.parse(best), "playouts")


def test_cards_the_coach_cannot_tell_apart_are_named_together_as_a_close_call() -> None:
    close = evaluation("6C", {"3B": (2.0, 10.0), "2C": (0.5, 0.3), "4B": (30.0, 9.0)})
    assert [str(c) for c in close.good()] == ["6C", "2C", "3B"]
    reason = good_reason(close, Card.parse("6C"))
    assert reason is not None and reason.code is ReasonCode.ANY_OF and reason.params["close"]
    assert reason.text == (
        "Any of these: Seis de Copas, Dos de Copas or Tres de Bastos. A close call: the coach cannot tell them "
        "apart at this depth."
    )
    same = evaluation("6C", {"2C": (0.5, 0.3), "4B": (30.0, 9.0)})
    said = good_reason(same, Card.parse("6C"))
    assert (
        said is not None
        and said.text == "Any of these: Seis de Copas or Dos de Copas. They are about the same: either is fine."
    )
    # One card settled better than every other: named alone, with its own reason.
    assert good_reason(evaluation("6C", {"4B": (30.0, 9.0)}), Card.parse("6C")) is None


def test_the_coach_s_card_is_one_of_the_good_cards_and_every_card_of_the_set_follows_the_hint() -> None:
    seen = 0
    for spec, prefix, seat in choices(played_hand(2, 3)) + choices(played_hand(4, 8)):
        advice = advise_at(spec, prefix, seat, COACH_SEED, BUDGET)
        assert advice is not None and advice.action in advice.good
        if advice.evaluation is None or len(advice.good) < 2:
            continue
        seen += 1
        # The reason names the set; it never says why one of them beats another.
        assert advice.reason.code is ReasonCode.ANY_OF
        named = advice.reason.params["cards"].split()
        assert {Play(Card.parse(t)) for t in named} == advice.good
        memo = CoachMemo()
        memo.shown((spec, prefix), advice)
        other = next(a for a in advice.good if a != advice.action)
        assert memo.followed((spec, prefix), other)
    assert seen > 0


def test_no_reason_contradicts_the_tier_of_the_card_played() -> None:
    """Every reason the coach gives for its card, against every tier a played card may get: a graded card is never
    among the cards named as good, and the reason never calls the best 'about the same' or 'a close call' while
    another card is graded beside it without saying which."""
    rng = random.Random(11)
    checked = {grade: 0 for grade in Grade}
    for state in positions(2, "aragones", seed=3, hands=20, wildness=1.0):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat, events=False)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        if len(cards) < 2:
            continue
        values = {Card(c): rng.uniform(-20, 20) for c in cards}
        best = max(cards, key=lambda c: values[Card(c)])
        found = synthetic_evaluation(view, best, values, rng)
        tables = tables_for(view.rules, view.trump)
        reason = good_reason(found, Card(best)) or card_reason(view, best, {}, tables, evaluation=found)
        text = reason.text
        for card in cards:
            grade = found.grade(Card(card))
            checked[grade] += 1
            if not grade.graded:
                continue
            if reason.code is ReasonCode.ANY_OF:
                # The cards said to be alike are the good ones, never a graded card.
                assert Card(card).name not in text, (text, grade)
            else:
                # One card named best: settled better than every other, so nothing is "about the same" or close.
                assert "about the same" not in text and "close call" not in text, (text, grade)
    assert all(checked.values()), checked


def test_the_practice_headline_names_the_verdict_s_tier() -> None:
    for grade in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER):
        headline = _headline(grade.value, True)
        assert grade_word(grade.value) in headline
        others = [grade_word(g.value) for g in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER) if g is not grade]
        assert not any(word in headline for word in others), headline


def test_the_cheap_lead_is_not_said_beside_a_blank_nor_where_its_points_give_the_juego_away() -> None:
    # Pairs, phase 1, the seat to lead with the Rey de Oros (4) and blanks: "risks only 4 points, less than your
    # dearer cards" was said with three 0-point cards in hand.
    view = lead_view("12O 6O 6B 2C 1E 3E", carried=(0, 0), vueltas=False)
    values = {Card.parse(t): 0.0 for t in ["12O", "6O", "6B", "2C", "1E", "3E"]}
    values[Card.parse("12O")] = 1.0
    reason = card_reason(view, Card.parse("12O"), values, tables_for(view.rules, view.trump))
    assert reason.code is not ReasonCode.LEAD_CHEAP, reason.text
    # De vueltas, the rivals 4 short of the target: the Rey's 4 points are the juego, not "only 4 points".
    view = lead_view("12E 3E 4E 12C 7C 6B", carried=(87, 97), vueltas=True)
    values = {Card.parse(t): 0.0 for t in ["12E", "3E", "4E", "12C", "7C", "6B"]}
    values[Card.parse("12E")] = 9.0
    reason = card_reason(view, Card.parse("12E"), values, tables_for(view.rules, view.trump))
    assert reason.code not in (ReasonCode.LEAD_CHEAP, ReasonCode.LEAD_LOW), reason.text


def lead_view(hand: str, carried: tuple[int, int], vueltas: bool) -> SeatView:
    """Seat 0 of a heads-up hand to lead in phase 1 holding ``hand`` (Bastos trumps)."""
    mine = [Card.parse(t) for t in hand.split()]
    rest = [Card(c) for c in range(40) if Card(c) not in mine]
    deck = mine + rest[:6] + rest[6:]
    state = HandState(deck, dealer=1, rules=Rules(), players=2, events=False)
    state = HandState(
        state.deck, dealer=1, rules=Rules(), players=2, carried=carried, first_of_juego=not vueltas, events=False
    )
    assert state.to_move == 0
    view = seat_view(state, 0, events=False)
    return replace(view, hand=tuple(mine), legal=tuple(Play(int(c)) for c in mine))


def test_a_change_of_the_seven_for_a_blank_muestra_is_not_said_to_be_worth_more() -> None:
    view = lead_view("2B 6O 6C 2C 1E 3E", carried=(0, 0), vueltas=False)
    view = replace(view, trump=Card.parse("7B").suit, muestra=Card.parse("7B"))
    reason = swap_reason(view, Card.parse("2B"))
    assert "worth more" not in reason.text
    assert reason.text == "Change your Dos de Bastos for the muestra, the Siete de Bastos: it is a higher trump."
    richer = replace(view, muestra=Card.parse("1B"))
    assert swap_reason(richer, Card.parse("2B")).text == "Change your Dos de Bastos for the muestra: it is worth more."


def test_juego_chances_on_too_few_deals_are_not_offered() -> None:
    few = evaluation("6C", {"3B": (2.0, 1.0)})
    assert few.juego_deals == 40  # evaluation() gives every card 40 deals: enough
    thin = Evaluation({c: replace(e, deals=10) for c, e in few.cards.items()}, few.best, "solved")
    assert thin.juego_deals is None
    assert replace(thin, method="enumerated").juego_deals == 0  # every consistent deal solved: exact


def test_a_lost_hand_with_nothing_graded_says_where_it_went_the_other_way() -> None:
    from guinote_tui.present.vocabulary import lost_hand_line

    said = 0
    for seed in range(12):
        hand = played_hand(2, seed).hand
        loser = 0 if hand.points[0] < hand.points[1] else 1
        line = lost_hand_line(hand, loser)
        assert lost_hand_line(hand, 1 - loser) is None  # the side that won is told nothing of the kind
        if hand.points[0] == hand.points[1]:
            assert line is None
            continue
        assert line is not None
        points = tables_for(hand.rules, hand.trump).points
        held = [
            sum(points[int(a.card)] for s, a in hand.log if isinstance(a, Play) and s & 1 == side) for side in (0, 1)
        ]
        sung = hand.cante_points
        if "cantes made the difference" in line:
            assert sung[1 - loser] - sung[loser] >= hand.points[1 - loser] - hand.points[loser]
            assert f"they sang {sung[1 - loser]}, your side {sung[loser]}" in line
        else:
            assert str(held[loser]) in line and str(held[1 - loser]) in line
            if "cards made the difference" in line:
                assert held[1 - loser] > held[loser]
        said += 1
    assert said >= 10


def test_a_warning_against_leading_a_big_card_names_the_card_played() -> None:
    """The player led the Tres de Copas; the coach's reason warned against leading "your Tres de Bastos" (a card not
    played): beside the card played, the warning names it."""
    from guinote_tui.coach import Advice, Reason
    from guinote_tui.coach.verdict import said_reason
    from guinote_tui.engine import PLAY

    view = lead_view("3B 3C 4E 5E 6O 7O", carried=(0, 0), vueltas=False)
    view = replace(view, trump=Card.parse("1O").suit, muestra=Card.parse("1O"))
    found = evaluation("4E", {"3B": (12.0, 1.0), "3C": (11.0, 1.0), "5E": (3.0, 5.0), "6O": (8.0, 1.0)})
    reason = Reason(ReasonCode.KEEP_BIG_CARD, {"card": "4E", "big": "3B"})
    advice = Advice(PLAY[Card.parse("4E")], found.values, reason, False, {}, found)
    assert said_reason(advice, PLAY[Card.parse("3C")], view).text == (
        "Don't lead your Tres de Copas into an opponent who may trump it: lead the Cuatro de Espadas instead."
    )
    assert said_reason(advice, PLAY[Card.parse("3B")], view) == reason  # the card it named: as it was
    assert said_reason(advice, PLAY[Card.parse("4E")], view) == reason  # the coach's card: its own words
    # No big card played: the coach's plan, not a warning against a lead the player did not make ("Still a
    # mistake … you played Seis de Bastos … Don't lead your Tres de Bastos …", practice, played by a learner).
    for other in ("6O", "5E"):
        said = said_reason(advice, PLAY[Card.parse(other)], view).text
        assert said == (
            "The coach leads the Cuatro de Espadas and keeps your Tres de Bastos back: an opponent may trump it."
        )
        assert not said.startswith("Don't lead")


def test_the_good_cards_beside_a_graded_card_are_named_without_a_verdicts_words() -> None:
    """"Coach · blunder: … Any of these: … A close call: the coach cannot tell them apart" (Try it) and "blunder …
    They are about the same: either is fine." (the review) read as a verdict contradicting the tier (played by a
    learner): beside a card that is not among the good cards, they are named without "close call" or "either is
    fine"; beside a good card, and in the hint, as they were."""
    from guinote_tui.coach import Advice
    from guinote_tui.coach.verdict import said_reason
    from guinote_tui.engine import PLAY

    view = lead_view("3B 3C 4E 5E 6O 7O", carried=(0, 0), vueltas=False)
    graded = {"3B": (12.0, 1.0), "3C": (11.0, 1.0), "6O": (8.0, 1.0), "7O": (9.0, 1.0)}
    for close, second, words in ((True, (1.0, 1.5), "cannot"), (False, (0.2, 0.2), "as good")):
        found = evaluation("4E", {"5E": second, **graded})
        reason = good_reason(found, Card.parse("4E"))
        assert reason is not None and reason.code is ReasonCode.ANY_OF and bool(reason.params.get("close")) is close
        advice = Advice(PLAY[Card.parse("4E")], found.values, reason, False, {}, found)
        said = said_reason(advice, PLAY[Card.parse("3B")], view).text
        assert said.startswith("The good cards here: Cuatro de Espadas or Cinco de Espadas") and words in said
        assert "close call" not in said and "either is fine" not in said
        assert said_reason(advice, PLAY[Card.parse("5E")], view) == reason  # a good card: as the hint says it


def test_a_juego_share_is_one_figure_in_the_column_the_sentence_and_the_reason() -> None:
    """'the coach would play the Seis de Copas, which wins it in about 4 deals of 10 ... with the Seis de Copas in
    about 5 of 10': the review's sentence and the reason counted a half differently; and a share under half a
    tenth read "1" in the hint's column and "in about 1 deal of 10" in the review, "in hardly any deal" in the
    reasons. One rounding now: the column's figure, the sentence's and the reason's words agree."""
    from guinote_tui.coach.loss import tenths as reason_tenths
    from guinote_tui.coach.reasons import how_often
    from guinote_tui.present.vocabulary import _played_phrase, juego_share, juego_words

    for thousandths in range(1, 1000):
        for raw in (thousandths / 1000, thousandths / 1000 + 0.0004):
            column = juego_words(raw, 0.0)
            said = how_often(reason_tenths(raw))
            share = juego_share(raw, 0.0)
            assert share is not None
            sentence = _played_phrase("Rey de Oros", share)
            n = int(column.split("–")[0])
            if n == 0:
                assert said == "in hardly any deal" and sentence == "Rey de Oros, which leaves the juego open", raw
            else:
                assert f"about {n} deal" in said and f"about {n} deal" in sentence, (raw, column, said, sentence)


# -- the juego in the words, and no juego figure beside a grade that does not count it ----------------------------


def juego_table(view: SeatView, best: str, rows: dict[str, tuple[float, float, float, float]]) -> Evaluation:
    """An evaluation of ``view``'s legal cards, ``best`` the coach's (its row too): each row (cost, standard error,
    juego won share, juego lost share); a card without a row costs 20 ± 1 with the coach's card's shares."""
    top = rows[best]
    cards = {}
    for action in view.legal:
        if not isinstance(action, Play):
            continue
        card = Card(action.card)
        cost, se, win, loss = rows.get(str(card), (20.0, 0.5, top[2], top[3]))
        if str(card) == best:
            cost, se = 0.0, 0.0
        cards[card] = CardEstimate(-cost, cost, se, 200, win=win, loss=loss, delta=cost)
    return Evaluation(cards, Card.parse(best), "playouts")


def test_where_the_juego_decides_the_coach_s_reason_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """De vueltas, the rivals near the target: the coach's card is settled best because the next best card wins the
    juego in fewer deals; its reason says so, not what it risks in points ("it risks only 4 points")."""
    import guinote_tui.coach.advice as advice_module

    view = lead_view("12E 3E 4E 12C 7C 6B", carried=(87, 80), vueltas=True)
    table = juego_table(
        view, "4E", {"4E": (0.0, 0.0, 0.6, 0.1), "12E": (16.0, 2.0, 0.4, 0.3), "7C": (18.0, 2.0, 0.35, 0.3)}
    )
    monkeypatch.setattr(advice_module, "evaluate", lambda *args: table)
    advice = advice_module.advise(view, random.Random(0))
    assert advice.action == Play(int(Card.parse("4E")))
    assert advice.reason.code in (ReasonCode.FEWER_JUEGOS, ReasonCode.MORE_JUEGOS_LOST), advice.reason.text
    assert "juego" in advice.reason.text and "Cuatro de Espadas" in advice.reason.text


def test_beside_a_third_card_the_juego_comparison_with_the_next_best_is_not_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A review read "you played the Rey; the coach would have played the Caballo ... With the Sota your side wins
    the juego in hardly any deal, with the Caballo in about 1 of 10": the coach's reason compared its card with the
    next best card, a card the player never played. Beside the card played, the coach's own idea is said (with its
    juego figures); beside the next best card itself, the comparison stays."""
    import guinote_tui.coach.advice as advice_module
    from guinote_tui.coach.verdict import said_reason

    view = lead_view("12E 3E 4E 12C 7C 6B", carried=(87, 80), vueltas=True)
    table = juego_table(
        view, "4E", {"4E": (0.0, 0.0, 0.6, 0.1), "12E": (16.0, 2.0, 0.4, 0.3), "7C": (18.0, 2.0, 0.35, 0.3)}
    )
    monkeypatch.setattr(advice_module, "evaluate", lambda *args: table)
    advice = advice_module.advise(view, random.Random(0))
    from guinote_tui.coach.advice import JUEGO_LOSSES

    assert advice.reason.code in JUEGO_LOSSES and advice.reason.params["card"] == "12E"
    assert said_reason(advice, Play(int(Card.parse("12E"))), view) == advice.reason
    beside_third = said_reason(advice, Play(int(Card.parse("7C"))), view)
    assert advice.idea is not None and beside_third.code is advice.idea.code
    assert "Rey de Espadas" not in beside_third.text, beside_third.text
    assert "Cuatro de Espadas" in beside_third.text and "juego" in beside_third.text, beside_third.text


def test_no_juego_figure_is_shown_where_the_cost_does_not_count_the_juego() -> None:
    """Early in a juego's first hand the lines count their points, not the juego a playout happens to decide: a
    column of juegos won beside a grade by points read as its contradiction ('blunder 19 ± 4' with 2–0 beside a best
    card at 0–0)."""
    from guinote_tui.coach.loss import loss_reason

    view = lead_view("12E 3E 4E 12C 7C 6B", carried=(0, 0), vueltas=False)
    found = advise(view, decision_rng(COACH_SEED, view), BUDGET)
    assert found.evaluation is not None and not found.evaluation.juego_counted
    assert found.evaluation.juego_deals is None  # the hint's column and its legend stay hidden
    table = replace(
        juego_table(view, "4E", {"4E": (0.0, 0.0, 0.0, 0.0), "12E": (19.0, 2.0, 0.2, 0.0)}), juego_counted=False
    )
    assert table.juego_deals is None
    advice = replace(found, evaluation=table, action=Play(int(Card.parse("4E"))))
    verdict = judge(advice, Play(int(Card.parse("12E"))), False, view)
    assert verdict.grade is Grade.BLUNDER
    assert (verdict.played_win, verdict.best_win) == (None, None)  # the review's sentence names no juego share
    reason = loss_reason(view, table, Card.parse("12E"), Card.parse("4E"))
    assert reason is None or "juego" not in reason.text


def test_every_reason_template_against_every_tier_with_the_juego() -> None:
    """Every reason the coach gives for its card and for a card played, against every tier, with juego shares drawn
    at random (counted in the cost or not): a graded card is never named among the good ones; a sentence about the
    juego gives the figures of the table, with the coach's card the better for the juego; where the cost does not
    count the juego, no sentence speaks of its shares."""
    from guinote_tui.coach.advice import JUEGO_LOSSES, juego_reason
    from guinote_tui.coach.loss import loss_reason, tenths

    rng = random.Random(29)
    checked: dict[Grade, int] = dict.fromkeys(Grade, 0)
    juego_said = 0
    for state in positions(2, "aragones", seed=5, hands=12, wildness=1.0):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat, events=False)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        if len(cards) < 2:
            continue
        values = {Card(c): rng.uniform(-20, 20) for c in cards}
        best = Card(max(cards, key=lambda c: values[Card(c)]))
        plain = synthetic_evaluation(view, best, values, rng)
        shares = {c: (round(rng.random() * 0.6, 3), round(rng.random() * 0.4, 3)) for c in plain.cards}
        found = replace(
            plain,
            cards={c: replace(e, win=shares[c][0], loss=shares[c][1]) for c, e in plain.cards.items()},
            juego_counted=rng.random() < 0.7,
        )
        tables = tables_for(view.rules, view.trump)
        reason = good_reason(found, best) or juego_reason(view, found, best) or card_reason(view, best, {}, tables)
        said = [(reason, None)]
        for card in found.cards:
            grade = found.grade(card)
            checked[grade] += 1
            if grade.graded:
                assert reason.code is not ReasonCode.ANY_OF or card.name not in reason.text, (reason.text, grade)
                said.append((loss_reason(view, found, card, best), card))
        for sentence, played in said:
            if sentence is None or sentence.code not in JUEGO_LOSSES:
                continue
            juego_said += 1
            worse = Card.parse(str(sentence.params["card"]))
            assert Card.parse(str(sentence.params["best"])) == best and (played is None or worse == played)
            if sentence.code in (ReasonCode.FEWER_JUEGOS, ReasonCode.MORE_JUEGOS_LOST):
                assert found.juego_counted, sentence.text
                at = 0 if sentence.code is ReasonCode.FEWER_JUEGOS else 1
                m, n = tenths(shares[worse][at]), tenths(shares[best][at])
                assert (sentence.params["m"], sentence.params["n"]) == (m, n), sentence.text
                assert n > m if at == 0 else m > n, sentence.text
    assert all(checked.values()), checked
    assert juego_said > 0
