"""The lessons: every position is legal and says what its text says; answers are judged as promised."""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import guinote_tui.lessons
from guinote_tui.engine import (
    CARDS,
    CanteSung,
    Play,
    SevenChanged,
    Sing,
    Stage,
    Swap,
    Termination,
    parse_action,
    parse_cards,
    parse_position,
)
from guinote_tui.lessons import LESSONS, Explain, Lesson, Move, check, coach_action, coach_reason, find
from guinote_tui.lessons.deals import arrastre

MOVES = [(lesson.id, number, move) for lesson in LESSONS for number, move in enumerate(lesson.moves)]
IDS = [f"{lesson}-{number}" for lesson, number, _ in MOVES]


def test_six_short_lessons_with_explanations_and_moves() -> None:
    assert [lesson.id for lesson in LESSONS] == ["cards", "tricks", "cantes", "seven", "arrastre", "counting"]
    assert [lesson.number for lesson in LESSONS] == [1, 2, 3, 4, 5, 6]
    for lesson in LESSONS:
        assert any(isinstance(step, Explain) for step in lesson.steps)
        assert 1 <= len(lesson.moves) <= 3
        assert len(lesson.steps) <= 7  # short: a newcomer plays a real hand within ten minutes
        assert isinstance(lesson.steps[0], Explain)


@pytest.mark.parametrize(("lesson", "number", "move"), MOVES, ids=IDS)
def test_the_position_is_legal_and_the_player_is_to_move(lesson: str, number: int, move: Move) -> None:
    state = move.state()
    assert state.to_move == 0 and state.stage is Stage.PLAY
    legal = {str(a) for a in state.legal_actions()}
    assert move.accept and move.accept <= legal
    assert set(move.wrong) <= legal - move.accept  # the wrong answers explained are legal but wrong


@pytest.mark.parametrize(("lesson", "number", "move"), MOVES, ids=IDS)
def test_the_right_answers_are_accepted_and_played_out(lesson: str, number: int, move: Move) -> None:
    for answer in move.accept:
        verdict = check(move, answer)
        assert verdict.ok and verdict.legal and verdict.state is not None
        assert move.after in verdict.message
        after = verdict.state
        assert after.log[len(move.position.actions)] == (0, parse_action(answer))


@pytest.mark.parametrize(("lesson", "number", "move"), MOVES, ids=IDS)
def test_wrong_answers_get_the_lesson_s_explanation_or_the_rule(lesson: str, number: int, move: Move) -> None:
    state = move.state()
    for action in state.legal_actions():
        if str(action) in move.accept:
            continue
        verdict = check(move, action)
        assert not verdict.ok and verdict.legal
        assert verdict.message.startswith(move.wrong.get(str(action), move.hint))
        assert verdict.message.strip()
    for card in state.hands[0]:
        if Play(card) not in state.legal_actions():
            verdict = check(move, Play(card))
            assert not verdict.ok and not verdict.legal
            assert state.why_illegal(Play(card)) in verdict.message


#: Ids named by lesson and move only (a move's text holds sets, whose order differs between processes).
COACHED = [m for m in MOVES if m[2].coach]


@pytest.mark.parametrize(("lesson", "number", "move"), COACHED, ids=[f"{lesson}-{n}" for lesson, n, _ in COACHED])
def test_where_the_coach_speaks_it_agrees_with_the_lesson(lesson: str, number: int, move: Move) -> None:
    assert str(coach_action(move)) in move.accept
    wrong = next(a for a in move.state().legal_actions() if str(a) not in move.accept)
    assert check(move, wrong).message.endswith(f"The coach says: {coach_reason(move)}")


def lesson(name: str) -> tuple[Move, ...]:
    found = find(name)
    assert found is not None
    return found.moves


def test_lesson_1_counts_points_and_ranks() -> None:
    lead, beat = lesson("cards")
    assert check(lead, "12E").message.startswith("The Rey de Espadas is worth 4 points.")
    assert check(lead, "6C").message.startswith("The Seis de Copas is worth nothing.")
    assert "You win the trick: 10 points." in check(lead, "3C").message
    assert [str(c) for c in beat.state().trick] == ["12E"]
    assert "The Sota ranks below the Rey" in check(beat, "10E").message
    assert "You win the trick: 14 points." in check(beat, "3E").message


def test_lesson_2_a_small_trump_takes_the_as_and_the_winner_draws_first() -> None:
    (move,) = lesson("tricks")
    state = move.state()
    assert [str(c) for c in state.trick] == ["1C"] and state.muestra is not None
    verdict = check(move, "4B")
    assert "You win the trick: 11 points." in verdict.message and "You draw the" in verdict.message
    assert verdict.state is not None and verdict.state.leader == 0
    assert "far below the As" in check(move, "5C").message


def test_lesson_3_the_forty_and_the_twenty_are_both_on_offer() -> None:
    (move,) = lesson("cantes")
    legal = move.state().legal_actions()
    assert Sing(parse_action("sing:O").suit) in legal and parse_action("sing:C") in legal  # type: ignore[union-attr]
    verdict = check(move, "sing:O")
    assert verdict.state is not None and verdict.state.points[0] >= 40
    assert any(isinstance(e, CanteSung) and e.points == 40 for e in verdict.state.events or [])
    assert check(move, "sing:C").message.startswith("That is the twenty.")
    assert check(move, "pass").message.startswith("That is not allowed: there is nothing to pass")


def test_lesson_4_the_seven_is_changed_for_the_as() -> None:
    (move,) = lesson("seven")
    state = move.state()
    assert str(state.muestra) == "1E" and parse_action("swap:7E") in state.legal_actions()
    verdict = check(move, "swap:7E")
    assert verdict.state is not None and str(verdict.state.muestra) == "7E"
    assert any(isinstance(e, SevenChanged) for e in verdict.state.events or [])
    assert check(move, "7E").message.startswith("Playing the 7 throws away")


def test_lesson_5_follow_beat_trump_and_the_partner_s_relief() -> None:
    montar, trump, relief = lesson("arrastre")
    for move in (montar, trump, relief):
        assert move.state().in_arrastre and move.position.players == 4
    assert (
        check(montar, "5C").message
        == "That is not allowed: you must beat the winning Sota de Copas (montar): you hold a higher Copas."
    )
    assert check(montar, "7B").message.startswith("That is not allowed: you must beat the winning Sota de Copas")
    assert check(trump, "1C").message == (
        "That is not allowed: you must trump: you hold no Espadas and an opponent is winning; you hold Bastos."
    )
    state = relief.state()
    assert state.winning_seat() == 2 and len(state.trick) == 3  # the partner holds the trick; the player is last
    assert {str(a) for a in state.legal_actions()} == {"3C", "5C", "7B", "12B", "4O", "6O"}
    assert check(relief, "7B").message.startswith("You need not trump: your partner is winning the trick")


def test_lesson_6_the_last_ten_and_the_instant_win_de_vueltas() -> None:
    last, vueltas = lesson("counting")
    assert len(last.state().hands[0]) == 2 and last.state().leader == 0
    verdict = check(last, "2C")
    assert verdict.state is not None and verdict.state.is_over and verdict.state.last_trick_side == 0
    assert "And 10 more for the last trick." in verdict.message
    assert "takes the last one, and the ten with it" in check(last, "1O").message
    state = vueltas.state()
    assert not state.first_of_juego and state.carried == (88, 70)
    verdict = check(vueltas, "1C")
    assert verdict.state is not None and verdict.state.result is not None
    assert verdict.state.result.reason is Termination.VUELTAS_TRICK and verdict.state.result.totals[0] == 109
    assert "Your side wins the juego with 109 points." in verdict.message
    assert check(vueltas, "4E").message.startswith("That card does not take the trick.")


def test_find_by_number_or_id() -> None:
    assert find("1") is LESSONS[0] and find("COUNTING") is LESSONS[5] and find(" seven ") is LESSONS[3]
    assert find("0") is None and find("tute") is None


def test_arrastre_checks_who_draws_the_muestra() -> None:
    hands = {0: "1O 2C 1E 3E 1B 3B", 1: "12O 3C 4E 5E 4B 5B"}
    with pytest.raises(ValueError, match="drawn by seat 1"):
        arrastre(2, 0, {**hands, 0: "12O 2C 1E 3E 1B 3B", 1: "1O 3C 4E 5E 4B 5B"}, "12O")
    state = parse_position(arrastre(2, 0, hands, "12O"))
    assert state.in_arrastre and state.to_move == 0 and state.muestra_taker == 1
    assert [sorted(hand) for hand in state.hands] == [sorted(parse_cards(text)) for text in hands.values()]


@pytest.mark.parametrize("players", [2, 4])
def test_arrastre_builds_a_phase_one_for_any_hands(players: int) -> None:
    # Random final hands, and hands that keep every trump out of phase 1 (no trump to win a trick with).
    rng = random.Random(players)
    for attempt in range(150):
        deck = rng.sample(range(40), 40)
        if attempt % 5 == 0:
            suit = deck[0] // 10
            deck.sort(key=lambda card: card // 10 != suit)  # one suit all held: trumps, if the drawer holds one
        leader = rng.randrange(players)
        drawer = (leader - 1) % players
        held = {seat: deck[seat * 6 : seat * 6 + 6] for seat in range(players)}
        hands = {seat: " ".join(str(CARDS[c]) for c in cards) for seat, cards in held.items()}
        state = parse_position(arrastre(players, leader, hands, str(CARDS[held[drawer][0]])))
        assert state.in_arrastre and state.to_move == leader and state.muestra_taker == drawer
        assert [list(hand) for hand in state.hands] == [held[seat] for seat in range(players)]
        assert len({trick.winner for trick in state.tricks}) > 1  # the points are shared


def test_swap_and_sing_texts_parse() -> None:
    assert isinstance(parse_action("swap:7E"), Swap)


def test_the_lessons_import_no_interface_library() -> None:
    root = Path(guinote_tui.lessons.__file__).parent
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(("ui", "lab", "cli")), f"{path.name} imports {node.module}"
            for name in names:
                assert name.split(".")[0] not in {"textual", "rich", "click"}, f"{path.name} imports {name}"
    code = (
        "import sys, guinote_tui.lessons\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'click')"
        " or m.startswith('guinote_tui.ui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]"


def test_every_text_fits_an_80_column_screen() -> None:
    """The lesson screen at 80×24 has four lines for a message, three for a task, about ten for an explanation."""
    for lesson_ in LESSONS:
        for step in lesson_.steps:
            if isinstance(step, Explain):
                assert sum(max(1, len(textwrap.wrap(part, 76))) for part in step.text.split("\n")) <= 10
                assert len(step.cards.split()) <= 6
                continue
            assert len(textwrap.wrap(f"Your move: {step.task}", 76)) <= 3
            state = step.state()
            for action in [*state.legal_actions(), *(Play(c) for c in state.hands[0])]:
                verdict = check(step, action)
                if verdict.ok:
                    shown = f"Right! {verdict.message} Enter to finish the lesson."
                else:
                    shown = f"{'Not quite. ' if verdict.legal else ''}{verdict.message} Try again."
                assert len(textwrap.wrap(shown, 78)) <= 4, shown


def every_text(lesson: Lesson) -> list[str]:
    """Every sentence a lesson can show: its explanations, tasks, and the verdict on every legal answer."""
    texts: list[str] = []
    for step in lesson.steps:
        if isinstance(step, Explain):
            texts.append(step.text)
            continue
        texts += [step.task, step.hint, step.after, *step.wrong.values()]
        texts += [check(step, action).message for action in step.state().legal_actions()]
    return texts


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_cards_are_called_by_their_names_in_the_game(lesson: Lesson) -> None:
    for text in every_text(lesson):
        assert not re.search(r"\d de ", text), text  # "Cinco de Copas", as Card.name says, not "5 de Copas"


def test_the_first_lesson_speaks_of_no_trumps_stock_muestra_or_drawing_yet() -> None:
    for text in every_text(LESSONS[0]):
        for word in ("trump", "muestra", "stock", "draw"):
            assert word not in text.lower(), (word, text)
    # A trick and the lead are told where they are first met.
    first = next(step.text for step in LESSONS[0].steps if isinstance(step, Explain) and "trick" in step.text)
    assert "the first is the lead" in first and "are a trick" in first
    assert all(move.plain for move in LESSONS[0].moves)
    assert not any(move.plain for lesson in LESSONS[1:] for move in lesson.moves)


def test_the_cantes_lesson_states_the_one_cante_per_won_trick_rule() -> None:
    texts = " ".join(every_text(find("cantes")))  # type: ignore[arg-type]
    assert "at most one cante for each trick your side wins" in texts
