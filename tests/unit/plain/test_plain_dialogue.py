"""The plain mode played through: whole hands answered from the transcript, as a player reading it would.

The player here reads what the game printed: the numbered hand, the cards
marked not allowed, the end-of-hand question, and answers the first allowed
card, with one hint and one illegal choice on the way (:class:`ReadingPlayer`).
"""

from __future__ import annotations

import io
import re
import threading

import pytest

from guinote_tui import i18n
from guinote_tui.coach import CoachBudget
from guinote_tui.engine import PLAY
from guinote_tui.game import resume
from guinote_tui.game.services import Services
from guinote_tui.game.session import GameSession, GameSettings
from guinote_tui.i18n import _
from guinote_tui.plain import PlainGame, play

#: The coach's budget in these tests: small, for the hint and the review alike.
SMALL = CoachBudget(min_deals=8, batch=8, max_playouts=120, max_deals=40, arrastre_deals=4, arrastre_nodes=20_000)
#: The review made on the spot with the small budget; the match kept and the statistics recorded (tmp dirs).
SERVICES = Services(review_ahead=False, review_budget=SMALL)


class ReadingPlayer(io.TextIOBase):
    """Answers each question from the transcript so far (``out``), in the language being played.

    On the player's turn: ``h`` once (the first turn), the first card marked not allowed once (the first
    turn that has one), otherwise the first allowed card, or ``p`` when no card may be played. At the end of
    a hand: ``v`` (the review), then ``ends`` (``""``: the end of the input).
    """

    def __init__(self, out: io.StringIO, ends: str = "") -> None:
        super().__init__()
        self.out = out
        self.ends = ends
        self.answers: list[str] = []
        self.hinted = False
        self.refused: tuple[int, str] | None = None  # the illegal card chosen: its number and name
        self.reviewed = False

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        answer = self.answer(self.out.getvalue().splitlines())
        if answer is None:
            return ""
        self.answers.append(answer)
        return answer + "\n"

    def answer(self, lines: list[str]) -> str | None:
        question = lines[-1] if lines and lines[-1] != "> " else lines[-2]
        end_of_hand = (
            _("Enter: the next hand; v: the coach's review of this hand; q: leave the game."),
            _("The match is over. v: the coach's review of this hand; Enter ends the game."),
        )
        if any(question.endswith(text) for text in end_of_hand):
            if not self.reviewed:
                self.reviewed = True
                return "v"
            self.reviewed = False
            return self.ends or None
        cards = self.cards(lines)
        if not self.hinted:
            self.hinted = True
            return "h"
        refused = [(number, name) for number, name, allowed in cards if not allowed]
        if refused and self.refused is None:
            self.refused = refused[0]
            return str(refused[0][0])
        allowed = [number for number, _name, ok in cards if ok]
        return str(allowed[0]) if allowed else "p"

    @staticmethod
    def cards(lines: list[str]) -> list[tuple[int, str, bool]]:
        """The last hand printed: each card's number, name, and whether it is allowed."""
        head, tail = _("Your cards: {cards}.").split("{cards}")
        marked = re.escape(_("{number} {card} (not allowed)")).replace(r"\{number\}", r"(\d+)")
        marked = marked.replace(r"\{card\}", "(.+)")
        line = next(line for line in reversed(lines) if line.startswith(head))
        out = []
        for item in line[len(head) : len(line) - len(tail)].split(", "):
            found = re.fullmatch(marked, item)
            if found:
                out.append((int(found[1]), found[2], False))
            else:
                number, name = item.split(" ", 1)
                out.append((int(number), name, True))
        return out


def session(players: int, seed: int) -> GameSession:
    settings = GameSettings(players=players, level="easy", partner_level="normal", seed=seed)
    return GameSession(settings, services=SERVICES)


def played(game_session: GameSession, ends: str = "") -> tuple[str, ReadingPlayer, int]:
    out = io.StringIO()
    player = ReadingPlayer(out, ends)
    status = PlainGame(game_session, player, out, echo=True, hint_budget=SMALL).run()
    return out.getvalue(), player, status


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 2)])
def test_a_whole_hand_is_told_trick_by_trick_and_summed_up(players: int, seed: int) -> None:
    game = session(players, seed)
    transcript, player, status = played(game)
    hand = game.match.hand
    assert status == 0 and hand.is_over and hand.result is not None
    assert "\x1b" not in transcript and not any(ord(ch) < 32 and ch != "\n" for ch in transcript)
    # Every trick told, with its winner.
    for number, trick in enumerate(hand.tricks, start=1):
        winner = "you" if trick.winner == 0 else _(game.names[trick.winner])
        assert re.search(rf"^Trick {number} to {winner}: ", transcript, re.M), number
    # Every card played said, the player's own as well.
    assert transcript.count("You play the ") == len(hand.tricks)
    # The hint: its move, why, what each card loses.
    assert "Coach: play the " in transcript and "What each card loses against the coach's choice:" in transcript
    # The illegal choice named with its rule, and the same question again.
    assert player.refused is not None, "no card was ever refused in this hand: choose another seed"
    _number, name = player.refused
    refusal = re.search(rf"^{name} is not allowed: (you must .+)\.$", transcript, re.M)
    assert refusal is not None
    after = transcript[refusal.end() :].splitlines()
    assert after[1].startswith(("Your turn", "Your lead")), after[:3]
    # The summary, in sentences, with the score.
    result = hand.result
    us, them = game.side_name(0), game.side_name(1)
    assert "Hand 1 is over" in transcript
    ours, theirs = result.points
    assert f"This hand: {us} {ours}, {them} {theirs}." in transcript
    assert f"Card points: {us} {result.card_points[0]}, {them} {result.card_points[1]}." in transcript
    # The review, asked with v.
    assert "Hand 1: the coach's review" in transcript and "decisions to make;" in transcript
    # The end of the input leaves, the match kept.
    assert transcript.rstrip().endswith(
        "The match is kept: guinote play --plain --continue goes on with it (guinote play --continue at the table)."
    )
    assert resume.exists()


def test_the_review_keeps_the_hands_graded_decisions_for_practice() -> None:
    from guinote_tui.records import Statistics

    with Statistics() as stats:
        game = GameSession(GameSettings(players=2, level="easy", seed=3), services=SERVICES, stats=stats)
        transcript, _player, _status = played(game)
        assert "Hand 1: the coach's review" in transcript
        graded = [r for r in game.review() if r.mistake]  # the review the player read (made again: the same)
        assert graded, "no graded decision in this hand: choose another seed"
        assert sorted(m.decision for m in stats.mistakes()) == [r.index for r in graded]
        assert stats.mistake_curve(2).points[0].mistakes.count == len(graded)


def test_the_answers_are_echoed_after_their_prompt_and_a_bad_one_is_named_once() -> None:
    out = io.StringIO()
    answers = io.StringIO("jump\n99\nr\n?\nq\n")
    status = PlainGame(session(2, 5), answers, out, echo=True, hint_budget=SMALL).run()
    transcript = out.getvalue()
    assert status == 0
    assert "> jump\n“jump” is not an answer here: a card's number, a letter, or ? for the list.\n" in transcript
    assert "> 99\nYou have no card 99\n" in transcript
    assert "Hand 1: the tricks so far" in transcript and "No card has been played yet in this hand." in transcript
    assert "The cards from highest to lowest: As, Tres, Rey, Sota, Caballo" in transcript
    # After each answer that is not a move, the same question again.
    turn = _("Your lead: play a card by its number.")
    assert transcript.count(turn) == 5
    assert transcript.rstrip().endswith("(guinote play --continue at the table).")


def test_the_end_of_the_input_mid_hand_keeps_the_match_and_continue_goes_on_with_it() -> None:
    first = session(2, 5)
    out = io.StringIO()
    assert PlainGame(first, io.StringIO("1\n1\n1\n"), out, echo=True).run() == 0
    transcript = out.getvalue()
    assert transcript.rstrip().endswith("(guinote play --continue at the table).")
    assert "End of input: you leave the game." in transcript
    assert resume.exists()
    played_actions = list(first.match.hand.log)
    resume.release()  # (as the command does when it ends)
    # Continued in plain mode: the same hand, where it was left, told again.
    again = io.StringIO()
    assert play(io.StringIO("q\n"), again, continue_match=True, services=SERVICES, echo=True) == 0
    told = again.getvalue()
    assert "Hand 1: Rival deals" in told or "Hand 1: You deal" in told
    assert "seed 5" in told and told.count("You play the ") == 3
    match = resume.load()
    assert match is not None and list(match.hand.log) == played_actions


def test_undo_takes_the_move_back_and_the_match_is_assisted() -> None:
    game = session(2, 5)
    out = io.StringIO()
    PlainGame(game, io.StringIO("1\nu\nu\nq\n"), out, echo=True).run()
    transcript = out.getvalue()
    assert "Taken back. Your move again (this match is now marked assisted)" in transcript
    assert "Nothing to take back in this hand" in transcript
    assert game.assisted and not any(seat == 0 for seat, _action in game.match.hand.log)


def test_a_declaration_not_offered_is_refused_with_its_rule() -> None:
    out = io.StringIO()
    PlainGame(session(2, 5), io.StringIO("s\nt\nc\np\ns bastos\ns nothing\nq\n"), out, echo=True).run()
    transcript = out.getvalue()
    assert "> s\nNot allowed: you may sing only after your side won the most recent trick" in transcript
    assert "> p\nNot allowed: there is nothing to pass: play a card.\n" in transcript
    assert "> t\nNot allowed: " in transcript and "> c\nNot allowed: " in transcript
    assert "> s nothing\n“s nothing” is not an answer here" in transcript


def test_a_hand_in_spanish() -> None:
    i18n.set_language("es")
    game = session(2, 3)
    transcript, player, _status = played(game)
    assert player.refused is not None and "\x1b" not in transcript
    hand = game.match.hand
    assert hand.is_over
    # Spanish throughout: the narrator's, the turn's, the summary's and the plain mode's own sentences.
    for english in ("Your cards:", "You play the ", "Hand 1 is over", "is not allowed:", "Trick 1 to"):
        assert english not in transcript
    assert _("Your cards: {cards}.").split("{cards}")[0] in transcript
    _number, name = player.refused
    assert _("{card} is not allowed: {rule}.").split("{rule}")[0].format(card=name) in transcript
    assert _("Hand {number} is over").format(number=1) in transcript
    assert _("Hand {number}: the coach's review").format(number=1) in transcript


def test_the_card_numbers_follow_the_table_and_a_card_is_played_by_its_number() -> None:
    from guinote_tui.game.choices import sorted_hand

    game = session(2, 5)
    hand = sorted_hand(game.view())
    out = io.StringIO()
    PlainGame(game, io.StringIO("2\nq\n"), out, echo=True).run()
    transcript = out.getvalue()
    listed = ", ".join(f"{n} {card.name}" for n, card in enumerate(hand, start=1))
    assert f"Your cards: {listed}." in transcript
    assert f"> 2\nYou play the {hand[1].name}." in transcript
    assert next(action for seat, action in game.match.hand.log if seat == 0) == PLAY[hand[1]]


class FollowingPlayer(ReadingPlayer):
    """Asks for the hint on the first turn and plays the card the coach names; then as :class:`ReadingPlayer`."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__(out)
        self.followed: str | None = None

    def answer(self, lines: list[str]) -> str | None:
        if self.hinted and self.followed is None:
            said = next(line for line in reversed(lines) if line.startswith("Coach: "))
            found = re.fullmatch(r"Coach: play the .+ \((\d)\)\.", said)
            assert found is not None, said
            self.followed = found[1]
            return self.followed
        return super().answer(lines)


def test_a_hint_followed_is_not_graded_in_the_review_as_at_the_table() -> None:
    game = session(2, 3)
    out = io.StringIO()
    player = FollowingPlayer(out)
    PlainGame(game, player, out, echo=True, hint_budget=SMALL).run()
    transcript = out.getvalue()
    assert player.followed is not None and game.match.hand.is_over
    # The review leaves the decision where the hint was followed ungraded (before: priced like any other).
    assert "You followed the coach's hint at 1 decision: it is not graded." in transcript


def test_an_empty_line_or_i_tells_the_table_and_the_hand_again() -> None:
    out = io.StringIO()
    PlainGame(session(2, 5), io.StringIO("\ni\ntable\nq\n"), out, echo=True).run()
    transcript = out.getvalue()
    assert "is not an answer here" not in transcript
    # The status line (trick, trumps, stock, points) and the hand: once at the turn, then once per answer.
    assert transcript.count("Trick 1. Trumps: ") == 4
    assert transcript.count("Your cards: 1 ") == 4


def test_a_long_answer_is_echoed_cut_short() -> None:
    out = io.StringIO()
    PlainGame(session(2, 5), io.StringIO("x" * 100_000 + "\nq\n"), out, echo=True).run()
    transcript = out.getvalue()
    assert len(transcript) < 5_000
    assert "> " + "x" * 300 + "…\n" in transcript


def test_a_bot_that_thinks_long_is_said_to_be_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the line's time a sentence says who is thinking (the bot here waits on an event the test sets)."""
    import guinote_tui.plain.dialogue as dialogue

    monkeypatch.setattr(dialogue, "THINKING_LINE_AFTER", 0.01)
    game = session(2, 5)
    thought = game.think
    said = threading.Event()
    out = io.StringIO()

    def slow_think(seat, view):  # type: ignore[no-untyped-def]
        said.wait(5)  # until the line about it is written (or, at worst, 5 s)
        return thought(seat, view)

    class Watching(io.StringIO):
        def write(self, text: str) -> int:
            if "is thinking…" in text:
                said.set()
            return super().write(text)

    out = Watching()
    monkeypatch.setattr(game, "think", slow_think)
    PlainGame(game, io.StringIO("1\nq\n"), out, echo=True).run()
    assert said.is_set() and "Rival is thinking…" in out.getvalue()


def test_the_review_tells_its_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line per decision analysed while the review runs (here at once: the lines' interval is set to none)."""
    import guinote_tui.plain.dialogue as dialogue

    monkeypatch.setattr(dialogue, "REVIEW_LINE_EVERY", 0.0)
    transcript, _player, status = played(session(2, 5))
    assert status == 0
    told = re.findall(r"^Decision (\d+) of (\d+)…$", transcript, re.MULTILINE)
    assert told and told[0][0] == "1" and all(int(done) < int(total) for done, total in told)


def test_the_score_sheet_the_tracker_and_saving_are_answers() -> None:
    from guinote_tui import storage
    from guinote_tui.engine import read_history

    out = io.StringIO()
    PlainGame(session(2, 5), io.StringIO("1\no\nk\nsave\nq\n"), out, echo=True).run()
    transcript = out.getvalue()
    assert "is not an answer here" not in transcript
    assert "The score sheet:" in transcript and "Hand 1: in play; the juego stands You " in transcript
    assert re.search(r"^Espadas \(trumps\): gone [^;]+; yours [^;]+; still out [^.]+\.$", transcript, re.MULTILINE)
    saved = re.search(r"^Match saved to (.+\.json)$", transcript, re.MULTILINE)
    assert saved is not None
    path = storage.data_dir() / saved.group(1).rsplit("/", 1)[-1]
    assert path.is_file() and read_history(path).seed == 5
