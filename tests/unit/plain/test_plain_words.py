"""The plain mode's sentences: no markup left, the hand as the table counts it, every message's tags removed."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from babel.messages.pofile import read_po
from rich.text import Text

import guinote_tui
from guinote_tui.engine import CARDS, PASS, Card, Play, SeatView, Sing, Stage
from guinote_tui.game.choices import sorted_hand
from guinote_tui.game.narration import card_name_markup
from guinote_tui.game.session import GameSession, GameSettings
from guinote_tui.plain.words import declarations, hand_line, plain, turn_lines

LOCALE = Path(guinote_tui.__file__).parent / "locale"


def messages() -> list[str]:
    """Every message and translation in the catalogs that holds a square bracket."""
    found = []
    for path in [LOCALE / "guinote.pot", *sorted(LOCALE.glob("*/LC_MESSAGES/guinote.po"))]:
        with path.open("rb") as handle:
            for message in read_po(handle):
                for text in (message.id, message.string):
                    for one in text if isinstance(text, tuple) else (text,):
                        if one and "[" in one:
                            found.append(one)
    return found


def test_plain_takes_out_exactly_the_markup_rich_reads() -> None:
    texts = messages()
    assert len(texts) > 50
    for text in texts:
        assert plain(text) == Text.from_markup(text).plain, text
    for card in CARDS:
        assert plain(card_name_markup(card)) == card.name


def a_turn(players: int, wanted: Callable[[SeatView], bool]) -> SeatView:
    """The player's view at the first turn of random play, over seeds, where ``wanted`` holds."""
    for seed in range(300):
        session = GameSession(GameSettings(players=players, level="random", seed=seed))
        rng = random.Random(seed)
        hand = session.match.hand
        while not hand.is_over:
            if hand.to_move == 0 and wanted(view := session.view()):
                return view
            seat = hand.to_move
            assert seat is not None
            session.apply(seat, rng.choice(hand.legal_actions()))
    raise AssertionError("no such turn in 300 seeds")


def test_the_hand_marks_the_cards_the_rules_forbid_when_a_card_is_to_be_played() -> None:
    view = a_turn(2, lambda v: len([a for a in v.legal if isinstance(a, Play)]) < len(v.hand))
    allowed = {Card(a.card) for a in v_legal_plays(view)}
    line = hand_line(view)
    for number, card in enumerate(sorted_hand(view), start=1):
        mark = f"{number} {card.name} (not allowed)"
        assert (mark in line) == (card not in allowed), (card, line)
    assert line.startswith("Your cards: 1 ") and line.endswith(".")


def test_in_a_window_no_card_is_marked_and_pass_is_offered() -> None:
    view = a_turn(4, lambda v: v.stage is Stage.WINDOW)
    assert "(not allowed)" not in hand_line(view)
    assert turn_lines(view)[-1].endswith("or pass (p)")
    assert ("p", PASS) in declarations(view)


def test_two_cantes_open_sing_the_forty_first_and_the_other_by_its_suit() -> None:
    view = a_turn(2, lambda v: len([a for a in v.legal if isinstance(a, Sing)]) >= 2)
    offered = [(key, action) for key, action in declarations(view) if isinstance(action, Sing)]
    keys = [key for key, _action in offered]
    assert keys[0] == "s" and all(key.startswith("s ") for key in keys[1:])
    if any(action.suit == view.trump for _key, action in offered):
        assert offered[0][1].suit == view.trump  # the forty first, as the table's s key
    cantes = turn_lines(view)[0]
    assert cantes.startswith("s: sing the ") and "; s " in cantes and cantes.endswith(".")


def v_legal_plays(view: SeatView) -> list[Play]:
    return [a for a in view.legal if isinstance(a, Play)]


def test_a_graded_decision_is_named_by_its_tier() -> None:
    from guinote_tui.coach import Reason, ReasonCode
    from guinote_tui.coach.ahead import Reviewed
    from guinote_tui.engine import PLAY, Match
    from guinote_tui.game.session import GameSession
    from guinote_tui.game.settings import GameSettings
    from guinote_tui.plain.words import review_lines

    def decision(cost: float, se: float, grade: str) -> Reviewed:
        reason = Reason(ReasonCode.LEAD_LOW, {"card": "2O"})
        return Reviewed(0, 1, PLAY[0], PLAY[1], cost, reason, se, grade != "close", None, grade=grade)

    session = GameSession(GameSettings(players=2), Match(2, seed=3))
    lines = review_lines(
        session,
        [decision(3.0, 0.3, "inaccuracy"), decision(6.0, 0.4, "mistake"), decision(2.5, 2.0, "close")],
    )
    text = "\n".join(lines)
    assert "mistake:" in text and "inaccuracy:" in text and "1 close call is not listed" in text
    assert "[" not in text  # no markup in the plain text


def test_the_hint_says_each_card_in_the_table_s_words_with_the_95_margin() -> None:
    """The plain hint's lines per card read as the hint table's: the tier and the cost ± its 95 % margin."""
    from guinote_tui.coach import CoachBudget
    from guinote_tui.game.verdicts import card_verdict
    from guinote_tui.plain.words import hint_lines

    small = CoachBudget(min_deals=8, batch=8, max_playouts=120, max_deals=40, arrastre_deals=4, arrastre_nodes=20_000)
    session = GameSession(GameSettings(players=2, level="random", seed=5))
    advice = session.work_out_hint(session.hint_position(), small)
    shown = sorted_hand(session.view())
    lines = hint_lines(advice, shown)
    said = {line.split(": ", 1)[0].strip(): line.split(": ", 1)[1] for line in lines if line.startswith("  ")}
    assert len(said) == len(advice.values) > 1
    evaluation = advice.evaluation
    assert evaluation is not None
    for card in advice.values:
        if evaluation.juego_verdict(card) in ("lost", "missed") and card != evaluation.best:
            continue
        assert said[f"{shown.index(card) + 1} {card.name}"] == card_verdict(advice, card)
