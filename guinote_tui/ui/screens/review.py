"""The review of the hand just played, and a step-through of it with every hand open.

The coach looks at each of the player's decisions from the player's view at
that moment (what the player knew then), so a card that only hindsight shows
to be wrong is not blamed. The analysis is made ahead, in a worker process,
while the hand is played (:class:`~guinote_tui.coach.ahead.ReviewAhead`):
when the review opens it waits only for the last decisions. The costly ones
are listed, dearest first, with the better move and its reason.

The step-through (``s``) then shows the hand trick by trick with every hand
open (the hand is over, so this is fair): each seat's cards before the
trick, what each played, who took it and why, the draws and cantes after
it, and the coach's word where the player's card cost points.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static
from textual.worker import get_current_worker

from ...coach import JUEGO_POINTS, Z
from ...coach.ahead import HandSpec, Reviewed, decisions
from ...coach.stopping import Stopped, stoppable
from ...engine import RANK_NAMES, Card, CardDrawn, HandState, Play, Suit, card_tables
from ...game.narration import HUMAN, Narrator, card_name_markup, trick_points
from ...game.palette import SUIT_LIGHT
from ...game.session import GameSession
from ...game.tracking import TrickEntry, trick_history
from ...i18n import N_, _
from ...present.vocabulary import decision_sentence, lost_hand_line, review_overview, why_text
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall

__all__ = ["ReviewScreen", "Reviewed", "StepScreen", "TrickFrame", "hand_frames", "review_hand", "reviewed_sentence"]


def review_hand(session: GameSession, seed: int | None = None) -> list[Reviewed]:
    """Every decision the player took in the current hand, priced (made ahead when it could be); a followed
    hint is not graded (:meth:`~guinote_tui.game.session.GameSession.review`)."""
    return session.review(seed)


def reviewed_sentence(reviewed: Reviewed, trick: int | None) -> str:
    """A graded decision in words (:func:`~guinote_tui.present.vocabulary.review_sentence`): its tier, the
    move and the coach's, the cost ± its 95 % margin, the juego where the two cards do differently for it."""
    return decision_sentence(reviewed, trick, Z, JUEGO_POINTS, card_name_markup)


@dataclass(frozen=True)
class TrickFrame:
    """One trick of a finished hand as the step-through shows it."""

    entry: TrickEntry  # the cards by seat, the winner and why, what followed (every draw)
    hands: tuple[tuple[Card, ...], ...]  # each seat's cards before the trick
    muestra: Card | None  # the muestra still on the table (None once drawn)
    stock: int  # cards left face down, muestra included
    points: tuple[int, int]  # each side's points before the trick


def hand_frames(hand: HandState) -> list[TrickFrame]:
    """The tricks of a hand (with its events recorded) with every seat's cards before each."""
    entries = trick_history(hand.events or [])
    state = HandSpec.of(hand).replay(())
    strength = card_tables(hand.rules).strength
    before: list[tuple[tuple[tuple[Card, ...], ...], Card | None, int, tuple[int, int]]] = []
    for seat, action in hand.log:
        if isinstance(action, Play) and not state.trick:
            order = {c: (c.suit == hand.trump, c.suit, -strength[c]) for h in state.hands for c in h}
            hands = tuple(tuple(sorted(h, key=order.__getitem__)) for h in state.hands)
            before.append((hands, state.muestra, state.stock_count, (state.total(0), state.total(1))))
        state.apply(action, seat)
    return [TrickFrame(entry, *snapshot) for entry, snapshot in zip(entries, before, strict=False)]


class ReviewScreen(SizeGuard, ModalScreen[None]):
    """The hand's review, dearest mistakes first; ``s`` steps through the hand; Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,v,q", "close", N_("Back")),
        Binding("s", "step", N_("Step through the hand")),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session
        self.reviewed: list[Reviewed] | None = None
        #: Seconds from opening the screen to the review shown (measured for the benchmark).
        self.ready_after: float | None = None
        self._opened = time.perf_counter()

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog history"):
            title = _("Hand {number}: the coach's review").format(number=self.session.finished_number)
            yield Label(title, classes="dialog-title")
            with VerticalScroll(id="review-scroll"):
                yield Static(("[dim]" + _("The coach is going through your decisions…") + "[/dim]"), id="review-body")
        yield GameFooter()

    def on_mount(self) -> None:
        self._opened = time.perf_counter()
        self.query_one("#review-scroll").focus()
        self.run_worker(self._review, thread=True, group="coach", exclusive=True)

    def _review(self) -> None:
        worker = get_current_worker()
        try:
            with stoppable(worker.cancelled_event):
                reviewed = review_hand(self.session)
        except Stopped:  # the game quits (or the screen was closed): nobody will read it
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_review, reviewed)

    def show_review(self, reviewed: list[Reviewed]) -> None:
        self.reviewed = reviewed
        self.ready_after = time.perf_counter() - self._opened
        graded = sorted((r for r in reviewed if r.mistake), key=lambda r: -r.cost)
        self.session.record_review(reviewed)  # the graded decisions kept for practice, with the hand's cost
        counted, nothing = review_overview(reviewed, Z)
        lines = [counted]
        if nothing is not None:
            lines.append("\n" + nothing)
            lost = lost_hand_line(self.session.match.hand, HUMAN & 1)
            if lost is not None:
                lines.append(lost)
        self.query_one("#review-body", Static).update(Text.from_markup("\n".join(lines)))
        rows = [
            DecisionRow(Text.from_markup(reviewed_sentence(r, r.trick)), Text(why_text(r)), r.trick) for r in graded
        ]
        step = _("Press [b]s[/b] to step through the hand trick by trick, every hand open.")
        if rows:
            step += " " + _("[b]Enter[/b] or a click on a decision shows its trick.")
        scroll = self.query_one("#review-scroll", VerticalScroll)
        scroll.mount(*rows, Static(Text.from_markup(f"[dim]{step}[/dim]"), id="review-step-hint"))
        if rows:
            self.call_after_refresh(rows[0].focus, scroll_visible=False)  # Enter shows the dearest at once

    def action_step(self) -> None:
        """The hand trick by trick with every hand open."""
        self.app.push_screen(StepScreen(self.session, self.reviewed or []))

    def open_trick(self, trick: int) -> None:
        """The step-through at trick number ``trick`` (a costly decision's)."""
        self.app.push_screen(StepScreen(self.session, self.reviewed or [], trick))

    def action_close(self) -> None:
        self.dismiss(None)


class DecisionRow(Static, can_focus=True):
    """One costly decision of the review: Enter or a click shows its trick in the step-through."""

    DEFAULT_CSS = """
    DecisionRow {
        margin-top: 1;
    }
    DecisionRow:focus, DecisionRow:hover {
        background: $boost;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", N_("Show the trick"), key_display="⏎"),
        Binding("up", "move(-1)", N_("Previous"), show=False),
        Binding("down", "move(1)", N_("Next"), show=False),
    ]

    #: The reason's lines are this many columns in, under the decision's sentence.
    INDENT = 2

    def __init__(self, sentence: Text, reason: Text, trick: int) -> None:
        self.sentence = sentence
        self.reason = reason
        super().__init__(self.text_at(None), classes="review-decision")
        self.trick = trick

    def text_at(self, width: int | None) -> Text:
        """The sentence, then the reason ``INDENT`` columns in, wrapped to ``width`` (None: not yet known)."""
        indent = Text(" " * self.INDENT)
        if width is None or width - self.INDENT < 20:
            return Text("\n").join([self.sentence, indent + self.reason])
        # Wrapped here, each line indented: the widget would wrap the reason's lines at its left edge.
        lines = self.reason.wrap(self.app.console, width - self.INDENT)
        return Text("\n").join([self.sentence, *(indent + line for line in lines)])

    def on_resize(self) -> None:
        self.update(self.text_at(self.content_region.width))

    def action_open(self) -> None:
        screen = self.screen
        if isinstance(screen, ReviewScreen):
            screen.open_trick(self.trick)

    def on_click(self) -> None:
        self.action_open()

    def action_move(self, delta: int) -> None:
        """Up and down go from decision to decision; past the first or the last they scroll."""
        rows = list(self.screen.query(DecisionRow))
        ahead = rows.index(self) + delta
        if not 0 <= ahead < len(rows):
            raise SkipAction()
        rows[ahead].focus()


class StepScreen(SizeGuard, ModalScreen[None]):
    """A finished hand trick by trick, every hand open: ← and → move, Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: the scrolling body's own ← → (which never scroll it sideways) would hide them from the footer,
        # and its Home and End would scroll the trick's text instead of going to the first and last trick.
        Binding("left", "step(-1)", N_("Previous"), key_display="←", priority=True),
        Binding("right,space", "step(1)", N_("Next"), key_display="→", priority=True),
        Binding("home", "first", N_("First"), key_display="Home", priority=True),
        Binding("end", "last", N_("Last"), key_display="End", priority=True),
        Binding("t", "try_again", N_("Try it")),
        Binding("escape,s,q", "close", N_("Back")),
    ]

    def __init__(self, session: GameSession, reviewed: list[Reviewed], trick: int | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session
        self.frames = hand_frames(session.match.hand)
        self.costly = {r.trick: r for r in reviewed if r.mistake and isinstance(r.played, Play)}
        #: The hand's review: each decision with the analysis it was priced by ("Try it" judges by it).
        self.reviewed = reviewed
        #: The player's decisions with a choice, each with its trick (worked out when first needed).
        self._decided: list[tuple[int, int]] | None = None
        #: Opened at trick number ``trick`` (or the last trick played before it), else at the first.
        self.index = max([i for i, f in enumerate(self.frames) if trick is not None and f.entry.number <= trick] or [0])

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog history"):
            yield Label("", id="step-title", classes="dialog-title")
            with VerticalScroll(id="step-scroll"):
                yield Static("", id="step-body")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#step-scroll").focus()
        self._show()

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        self._show()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "try_again":
            return self.check_action_try() or None
        if action == "step":  # shown dimmed at either end of the hand
            ahead = self.index + int(str(parameters[0])) if parameters else self.index
            return True if 0 <= ahead < len(self.frames) else None
        return super().check_action(action, parameters)

    def action_first(self) -> None:
        self.index = 0
        self._show()
        self.refresh_bindings()

    def action_last(self) -> None:
        self.index = max(0, len(self.frames) - 1)
        self._show()
        self.refresh_bindings()

    def _show(self) -> None:
        title = self.query_one("#step-title", Label)
        body = self.query_one("#step-body", Static)
        if not self.frames:
            title.update(_("No trick was played in this hand"))
            return
        frame = self.frames[self.index]
        title.update(
            _("Trick {number} of {count}: every hand open").format(number=frame.entry.number, count=len(self.frames))
        )
        text = Text.from_markup(frame_markup(frame, self.session.narrator, self.costly.get(frame.entry.number)))
        names = [self.session.narrator.name(seat) for seat in range(len(self.session.narrator.names))]
        body.update(hanging(text, step_indent(names)))

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action_try(self) -> bool:
        return bool(self.frames) and self.tried_decision() is not None

    def tried_decision(self) -> int | None:
        """The player's decision in the trick shown (its place in the hand's log): the card, or else the first
        choice the player made in that trick (None: the player had no choice in it)."""
        if not self.frames:
            return None
        number = self.frames[self.index].entry.number
        choices = [i for i, trick in self._decisions if trick == number]
        cards = [i for i in choices if isinstance(self.session.match.hand.log[i][1], Play)]
        found = cards or choices
        return found[0] if found else None

    def action_try_again(self) -> None:
        """The decision of the trick shown, on the whole hand before it (the same deal), to play again and have
        the coach judge; as many times as the player likes (each answer kept as an assisted one)."""
        from ...game.practice_judge import try_problem
        from ...game.practice_session import PracticeSession
        from .practice import TryScreen

        index = self.tried_decision()
        if index is None:
            self.notify(_("You had no choice to make in this trick."), markup=False)
            return
        session = self.session
        ref, topic = try_reference(session, index)
        # Judged by the review's own analysis of the decision: Try it says what the review said, card for card.
        advice = next((r.advice for r in self.reviewed if r.index == index), None)
        try:
            problem = try_problem(session.match.hand, index, ref, topic, advice)
        except ValueError:  # (never the review's own): the coach analyses the decision again
            problem = try_problem(session.match.hand, index, ref, topic)
        practice = PracticeSession(session.stats, budget=session.review_budget)
        self.app.push_screen(TryScreen(practice, problem))

    @property
    def _decisions(self) -> list[tuple[int, int]]:
        """The player's decisions in the hand (with a choice), each with its trick's number."""
        if self._decided is None:
            hand = self.session.match.hand
            spec = HandSpec.of(hand)
            self._decided = [
                (index, len(spec.replay(hand.log[:index]).tricks) + 1)
                for index in decisions(spec, list(hand.log), HUMAN)
            ]
        return self._decided


def try_reference(session: GameSession, index: int) -> tuple[str, str | None]:
    """How the statistics name a try of decision ``index`` of the hand just played, and its theme: the mistake
    kept of it and its reason, if one is; else its match, hand and place, and no theme."""
    number = session.finished_number
    stats = session.stats
    if stats is not None:
        for mistake in stats.mistakes():
            if (mistake.match_key, mistake.hand_number, mistake.decision) == (session.stats_key, number, index):
                return mistake.ref, mistake.reason
    return f"try:{session.stats_key}:{number}:{index}", None


def step_indent(names: list[str]) -> int:
    """Where a seat's line of the step-through puts its cards: after the names and the verbs (frame_markup)."""
    column = max(len(_("play")), len(_("plays")), len(_("held")))
    return max(len(n) for n in names) + 2 + column + 1


class Hanging:
    """One line of text that wraps under itself: its first line from the left edge, the others ``indent`` in."""

    def __init__(self, text: Text, indent: int) -> None:
        self.text = text
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines = self.text.wrap(console, width)
        if len(lines) <= 1 or width - self.indent < 20:
            yield from lines
            return
        first = lines[0]
        yield first
        rest = self.text[len(first.plain) :]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip()) :]
        for line in rest.wrap(console, width - self.indent):
            yield Text(" " * self.indent) + line


def hanging(text: Text, indent: int, other: int = 2) -> Group:
    """``text`` line by line, each wrapping under itself rather than at the left edge.

    A seat's lines (their first ``indent`` cells a name and a verb, or ``held``, then a space)
    continue under the cards, ``indent`` cells in; any other line ``other`` cells in.
    """
    rows = []
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        head = plain[:indent]
        seat = len(plain) > indent and head.endswith(" ") and plain[indent] != " " and bool(head.strip())
        rows.append(Hanging(line, indent if seat else other))
    return Group(*rows)


def held_markup(cards: tuple[Card, ...]) -> str:
    """A hand grouped by suit, in the order given: ``Oros As, Sota · Copas Dos``, each suit in its colour."""
    groups: dict[Suit, list[str]] = {}
    for card in cards:
        groups.setdefault(card.suit, []).append(RANK_NAMES[card.rank])
    return " · ".join(
        f"[{SUIT_LIGHT[suit]}]{suit.title}[/] [b {SUIT_LIGHT[suit]}]{', '.join(ranks)}[/]"
        for suit, ranks in groups.items()
    )


def frame_markup(frame: TrickFrame, narrator: Narrator, mistake: Reviewed | None = None) -> str:
    """One trick of the step-through as console markup."""
    names = [narrator.name(seat) for seat in range(len(narrator.names))]  # in the player's language
    width = max(len(n) for n in names)
    entry = frame.entry
    played = dict(entry.cards)
    if frame.muestra is not None:
        muestra = _("muestra {card}").format(card=card_name_markup(frame.muestra))
    else:
        muestra = _("the muestra is drawn")
    stock = _("stock {count}").format(count=frame.stock)
    before = _("points before the trick: {side} {points} – {other_side} {other_points}").format(
        side=narrator.side_name(0),
        points=frame.points[0],
        other_side=narrator.side_name(1),
        other_points=frame.points[1],
    )
    lines = [f"{muestra} · {stock} · {before}", ""]
    # The verbs and "held" are a column: as wide as the widest of them ("plays").
    play, plays, held = _("play"), _("plays"), _("held")
    column = max(len(play), len(plays), len(held))
    order = [seat for seat, _card in entry.cards] or list(range(len(names)))
    for seat in order:
        card = played.get(seat)
        shown = card_name_markup(card) if card is not None else "—"
        mark = ("  ◀ " + _("takes it")) if card is not None and card == entry.winning else ""
        verb = play if seat == HUMAN else plays
        lines.append(f"[b]{names[seat]:<{width}}[/b]  {verb:<{column}} {shown}{mark}")
        lines.append(f"{'':<{width}}  [dim]{held}[/dim]{'':<{column - len(held)}} {held_markup(frame.hands[seat])}")
    lines.append("")
    if entry.winner is not None and entry.winning is not None and entry.why is not None:
        points = trick_points(entry.points, entry.last_ten)
        why = narrator.why(entry.winning, entry.why, entry.cards)
        if entry.winner == HUMAN:
            took = _("You take the trick: {why}").format(why=why)
        else:
            took = _("{name} takes the trick: {why}").format(name=names[entry.winner], why=why)
        lines.append(f"{took} · {points}")
    notes = []
    for event in entry.notes:
        if isinstance(event, CardDrawn) and event.card is not None:
            card_name = card_name_markup(event.card)
            if event.seat == HUMAN:
                notes.append(_("You draw {card}").format(card=card_name))
            else:
                notes.append(_("{name} draws {card}").format(name=names[event.seat], card=card_name))
        else:
            notes.extend(narrator.tell(event))
    if notes:
        lines.append(("[dim]" + _("then:") + "[/dim] ") + " · ".join(notes))
    if mistake is not None:
        coach = reviewed_sentence(mistake, None)
        lines.append(f"\n{coach} {why_text(mistake)}")
    return "\n".join(lines)
