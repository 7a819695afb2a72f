"""Practice: the player's own mistakes and the exact puzzles, one problem at a time, as the table showed it.

Two tabs (Tab goes from one to the other): **My mistakes**, the costly
decisions the reviews of the player's hands kept, due today; and
**Puzzles**, the problem of the day first (the same for every player on a
date), then the puzzles due, then the others by theme and stars. Each
problem is drawn with the table's own widgets from the seat's view alone
(:mod:`.problem_view`): the hand, the trick so far, the muestra and the
trumps, the score, the tricks taken (``r`` lists them) and the tracker
(``k``). The player answers with the table's keys (1-6 a card, ``s`` sings,
``c`` changes the seven, ``t`` tute, ``p`` passes), then reads the verdict;
Enter goes to the next problem, ``n`` passes over one, and after a puzzle
``l`` steps through its line of best play; ``d`` opens the daily duplicate. The coach weighs a mistake's
answer in a thread worker, stopped at once when the screen closes or the
game quits (:mod:`guinote_tui.coach.stopping`). Escape goes back.

:class:`TryScreen` is the same view on one decision of the hand just
reviewed (``t`` in the step-through): the same deal each time, tried as
often as the player likes (``a``); those answers are assisted.
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Label, Static
from textual.worker import get_current_worker

from ...coach.stopping import Stopped, stoppable
from ...engine import Action, Card, DeclareTute, Pass, Play, SeatView, Sing, Swap
from ...game.choices import declaration_offers, one_of
from ...game.narration import seat_names
from ...game.practice_judge import LineStep, PracticeVerdict, Problem, problem_facts, puzzle_line, stars_text
from ...game.practice_session import (
    MISTAKE,
    PUZZLE,
    Glicko,
    PracticeSession,
    puzzle_note,
    rating_text,
    rules_text,
    theme_name,
)
from ...game.table_controller import keyed_declaration
from ...game.tracking import card_tracker
from ...i18n import N_, _, ngettext, pgettext
from ...present.refusals import refusal_text
from ..messages import CardClicked
from ..navigation import navigator
from ..theme import FELT_COLOURS
from ..widgets.board import MuestraPanel
from ..widgets.declarations import DeclarationButton, action_label
from ..widgets.footer import GameFooter
from ..widgets.hand import PlayerHand
from ..widgets.notice import SizeGuard, TooSmall
from ..widgets.table import LEFT, RIGHT, SeatPanel, TrickArea
from ..widgets.tracker import TrackerPanel
from .problem_view import problem_picture, score_table, tricks_markup

__all__ = ["PracticeScreen", "ProblemScreen", "TryScreen"]

#: Below this many lines a heads-up puzzle's note takes the room of the rival's seat on the felt.
SHORT_WITH_NOTE = 28

GOOD, BAD, GOLD = FELT_COLOURS["good"], FELT_COLOURS["bad"], FELT_COLOURS["gold"]

PROBLEM_BINDINGS: list[BindingType] = [
    Binding("1", "answer(0)", N_("Play"), key_display="1-6"),
    *(Binding(str(n), f"answer({n - 1})", N_("Play"), show=False) for n in range(2, 7)),
    Binding("s", "sing", N_("Sing")),
    Binding("c", "swap", N_("Change 7")),
    Binding("t", "tute", N_("Tute")),
    Binding("p", "pass_window", N_("Pass")),
    Binding("l", "line", N_("Best line")),
    Binding("left", "line_step(-1)", N_("Back a move"), key_display="←", show=False),
    Binding("right", "line_step(1)", N_("Next move"), key_display="→"),
    Binding("r", "tricks", N_("Tricks")),
    Binding("k", "tracker", N_("Tracker")),
    Binding("question_mark,f1", "rules", N_("Rules"), key_display="?"),
    Binding("escape", "back", N_("Back")),
]


class ProblemScreen(SizeGuard, Screen[None]):
    """One problem at a time, drawn as the table showed it; the answer judged and kept (:class:`PracticeSession`)."""

    BINDINGS: ClassVar[list[BindingType]] = PROBLEM_BINDINGS
    #: No focus given back to a declaration button: Enter must go on, never make a declaration.
    AUTO_FOCUS = ""

    def __init__(self, practice: PracticeSession) -> None:
        super().__init__()
        self.practice = practice
        self.problem: Problem | None = None
        self.verdict: PracticeVerdict | None = None
        #: The coach is weighing an answer.
        self.weighing = False
        #: A puzzle's line of best play, and the move shown (None: the position itself).
        self.line: list[LineStep] = []
        self.line_at: int | None = None
        #: The player's puzzle rating before the answer shown (its change is shown with the verdict).
        self.rating_before: Glicko | None = None
        #: The player's cards as shown, in the order the keys 1-6 count them.
        self.hand: tuple[Card, ...] = ()

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Horizontal(id="status-bar"):
            yield Static(id="status")
            yield Static(id="seed")
        with Vertical(id="practice-empty"):
            yield Static(id="practice-empty-text")
        with Horizontal(id="middle"):
            with Vertical(id="felt"):
                yield SeatPanel(horizontal=True, id="seat-top")
                with Horizontal(id="felt-row"):
                    yield SeatPanel(horizontal=False, id="seat-left")
                    yield TrickArea(id="trick")
                    yield SeatPanel(horizontal=False, id="seat-right")
            with Vertical(id="side"):
                yield MuestraPanel(id="muestra")
                yield Static(id="practice-score")
                with VerticalScroll(id="practice-word"):
                    yield Static(id="practice-text")
                yield TrackerPanel(id="tracker", toggled=True)
                yield TrackerPanel(id="tracker-side", toggled=False)
        with Horizontal(id="bottom"):
            yield PlayerHand(id="hand")
            yield Vertical(id="actions")
            with VerticalScroll(id="practice-verdict"):
                yield Static(id="practice-detail")
        # A puzzle's note (the rule it is about, what its answer holds over), over the message line: at 80×24 the
        # side panel shows only its first lines.
        yield Static(id="practice-note")
        yield Static(id="message")
        yield GameFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#tracker", TrackerPanel).display = False

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_bindings)  # the tracker's key comes and goes with the size
        if self.problem is not None:
            self._show_note()

    # -- what is shown ---------------------------------------------------------------------------------

    @property
    def view(self) -> SeatView | None:
        """The view drawn: the problem's, or a step of a puzzle's line."""
        if self.problem is None:
            return None
        if self.line_at is not None and self.line:
            return self.line[self.line_at].view
        return self.problem.view

    @property
    def message(self) -> str:
        """The message line (plain text)."""
        return str(self.query_one("#message", Static).render())

    def show_problem(self, problem: Problem | None) -> None:
        """Ask ``problem`` (None: nothing to ask, said instead)."""
        self.workers.cancel_group(self, "practice-weigh")
        self.problem, self.verdict, self.weighing = problem, None, False
        self.line, self.line_at = [], None
        for note in self.practice.take_notes():
            self.notify(note, title=_("Practice"), severity="warning", timeout=12, markup=False)
        empty = problem is None
        for widget_id in ("#middle", "#bottom", "#message"):
            self.query_one(widget_id).display = not empty
        if empty:
            self.query_one("#practice-note").display = False
        self.query_one("#practice-empty").display = empty
        if empty:
            self.query_one("#practice-empty-text", Static).update(self.nothing_text())
        else:
            assert problem is not None
            if problem.puzzle is None:
                self.run_worker(partial(self._analyse, problem), thread=True, group="practice-ahead", exclusive=True)
            self.draw()
        self.show_status()
        self.refresh_bindings()

    def nothing_text(self) -> Text:
        """What the screen says when nothing is left to ask."""
        return Text(_("Nothing to practise here."))

    def show_status(self) -> None:
        """The status bar: the screen's own title, and the problem's facts at the right."""
        status = self.status_text()
        self.query_one("#status", Static).update(status)
        corner = self.query_one("#seed", Static)
        right = self.corner_text()
        # The tabs keep their room; the facts at the right are cut short (with an ellipsis) when both do not fit.
        room = max(12, self.app.size.width - status.cell_len - 4)
        if right.cell_len > room - 2:
            right.truncate(room - 2, overflow="ellipsis")
        corner.update(right)
        corner.styles.width = right.cell_len + 2

    def status_text(self) -> Text:
        return Text(_("Practice"), style="bold")

    def corner_text(self) -> Text:
        problem = self.problem
        if problem is None:
            return Text("")
        if problem.puzzle is not None:
            text = Text(problem_facts(problem, self.practice.theme)[-2] + " ")
            text.append(stars_text(problem.puzzle.stars), style=GOLD)
            return text
        return Text(_("Trick {number}").format(number=len(problem.view.tricks) + 1))

    def draw(self) -> None:
        problem, view = self.problem, self.view
        if problem is None or view is None:
            return
        stepping = self.line_at is not None
        answered = self.verdict.action if self.verdict is not None and not stepping else None
        picture = problem_picture(view, answered, last_trick=stepping)
        for position, info in picture.seats:
            self.query_one(f"#seat-{position}", SeatPanel).show(info)
        pairs = view.players == 4
        for position in (LEFT, RIGHT):
            self.query_one(f"#seat-{position}").display = pairs
        row = self.query_one("#felt-row")
        row.set_class(not pairs, "-heads-up")
        row.set_class(pairs, "-pairs")
        self.query_one(TrickArea).show(picture.trick)
        self.query_one(MuestraPanel).show(picture.muestra)
        self.query_one("#practice-score", Static).update(score_table(picture, view.players))
        self.query_one(PlayerHand).show(picture.hand, set(picture.playable), None)
        self.hand = picture.hand
        for tracker in self.query(TrackerPanel):
            tracker.tracker = card_tracker(view)
        self._show_declarations(view if self.verdict is None and not self.weighing else None)
        judged = self.verdict is not None and not stepping
        self.query_one("#hand").display = not judged
        self.query_one("#actions").display = not judged
        self.query_one("#practice-verdict").display = judged
        self.query_one("#practice-text", Static).update(self.side_text())
        self.call_after_refresh(self.query_one("#practice-word", VerticalScroll).scroll_home, animate=False)
        self.query_one("#practice-detail", Static).update(self.detail_text())
        self.query_one("#message", Static).update(self.message_text(view))
        self._show_note()

    def _note(self) -> str | None:
        """A heads-up puzzle's note (the rule it is about, what its answer holds over), shown over the message
        line; a pairs puzzle keeps its note in the side panel (its top seat is the partner, whose cards count)."""
        problem = self.problem
        if problem is None or problem.puzzle is None or problem.players != 2:
            return None
        return puzzle_note(problem.puzzle)

    def _show_note(self) -> None:
        """The note over the message line; on a short screen the rival's seat at the top of the felt gives it
        room (heads-up, the rival's hidden cards are as many as the player's, give or take the card led), and the
        side panel's words (the question and the verdict's headline, which the message line and the verdict
        under the felt say too) give the score its room."""
        note = self._note()
        problem = self.problem
        if note is not None and problem is not None and problem.puzzle is not None:
            # (the rules with it: the side panel's first lines are the score's at 80×24)
            self.query_one("#practice-note", Static).update(
                Text.assemble((rules_text(problem.puzzle.preset), "bold"), " · " + note)
            )
        self.query_one("#practice-note").display = note is not None
        roomy = note is None or self.app.size.height >= SHORT_WITH_NOTE
        self.query_one("#seat-top").display = roomy
        self.query_one("#practice-word").display = roomy and not self.query_one("#tracker").display

    def _show_declarations(self, view: SeatView | None) -> None:
        box = self.query_one("#actions", Vertical)
        box.remove_children()
        if view is None:
            return
        declarations = [a for a in view.legal if isinstance(a, Sing | Swap | DeclareTute | Pass)]
        box.mount_all(
            DeclarationButton(a, action_label(a, view), keyed=keyed_declaration(view, type(a)) == a)
            for a in declarations
        )

    def side_text(self) -> Text:
        """The side panel's words: the problem, the question, then the verdict's headline."""
        problem = self.problem
        assert problem is not None
        text = Text()
        # (A puzzle's theme and stars are in the status bar's corner: the panel is short at 80×24.)
        facts = problem_facts(problem)[:-2] if problem.puzzle is not None else problem_facts(problem)
        for fact in facts:
            text.append(fact + "\n", style="bold")
        if problem.puzzle is not None and self._note() is None:
            # The rules first (a puzzle of the other preset is misjudged otherwise); a heads-up puzzle's note and its
            # rules are over the message line.
            text.append(rules_text(problem.puzzle.preset) + "\n", style=GOLD)
            note = puzzle_note(problem.puzzle)
            if note is not None:
                text.append(note + "\n")
        if self.line_at is not None:
            moves = _("Best line: move {number} of {count}").format(number=self.line_at + 1, count=len(self.line))
            text.append(moves, style=f"bold {GOLD}")
            other = self._other_right_card()
            if other is not None:
                text.append("\n" + _("The line of the {card}: your card is right too.").format(card=other.name))
            return text
        verdict = self.verdict
        if verdict is None:
            text.append(_("What do you play?"), style=f"bold {GOLD}")
            return text
        if verdict.exact is not None:  # a puzzle's verdict is a sentence: the side panel gives its gist
            short = pgettext("a puzzle answered", "Right") if verdict.correct else _("Not the best")
        else:
            short = verdict.headline
        text.append(("✓ " if verdict.correct else "✗ ") + short, style=f"bold {GOOD if verdict.correct else BAD}")
        return text

    def _other_right_card(self) -> Card | None:
        """The card the line of best play starts with, where the player answered another right card."""
        verdict, line = self.verdict, self.line
        if verdict is None or not verdict.correct or not isinstance(verdict.action, Play) or not line:
            return None
        seat = self.problem.seat if self.problem is not None else None
        first = next((step.action for step in line if step.seat == seat and isinstance(step.action, Play)), None)
        if isinstance(first, Play) and first.card != verdict.action.card:
            return first.card
        return None

    def detail_text(self) -> Text:
        """The verdict's detail (what the coach or the solver says), under the felt in place of the hand."""
        verdict = self.verdict
        if verdict is None:
            return Text("")
        text = Text(verdict.headline, style=f"bold {GOOD if verdict.correct else BAD}")
        if verdict.detail:
            text.append(" ")
            text.append_text(Text.from_markup(verdict.detail))
        return text

    def message_text(self, view: SeatView) -> Text:
        """The message line: the keys that answer, the coach weighing, or what comes next."""
        if self.line_at is not None:
            step = self.line[self.line_at]
            names = tuple(_(name) for name in seat_names(view.players))
            moved = LineStep((step.seat - view.seat) % view.players, step.action, step.view).words(names)
            other = self._other_right_card()
            if self.line_at == 0 and other is not None:  # (the side panel says it too, a scroll away at 80×24)
                moved = escape(_("The line of the {card}: your card is right too.").format(card=other.name))
            return Text.from_markup(moved + "  ·  " + _("← → the moves · l back to the verdict"))
        if self.weighing:
            return Text(_("The coach is weighing your answer…"))
        if self.verdict is None:
            # The keys as many as the cards held (1-4 with four cards).
            keys = [_("What do you play? [b]1-{last}[/b] a card").format(last=max(1, len(self.hand)))]
            offers = declaration_offers(view)
            if offers:
                keys.append(one_of(offers))
            if any(isinstance(a, Pass) for a in view.legal):
                keys.append(_("pass (p)"))
            return Text.from_markup(" · ".join(keys))
        return Text.from_markup(self.after_verdict())

    def after_verdict(self) -> str:
        """The message line once the verdict is shown."""
        return _("[b]Esc[/b] goes back")

    # -- answering -------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        answering = self.problem is not None and self.verdict is None and not self.weighing
        view = self.problem.view if self.problem is not None else None
        if action == "answer":
            return answering and isinstance(parameters[0], int) and parameters[0] < len(self.hand)
        if action in ("sing", "swap", "tute", "pass_window"):
            kind = {"sing": Sing, "swap": Swap, "tute": DeclareTute, "pass_window": Pass}[action]
            return answering and view is not None and any(isinstance(a, kind) for a in view.legal)
        if action == "line":
            return self.verdict is not None and self.problem is not None and self.problem.puzzle is not None
        if action == "line_step":
            if self.line_at is None:
                return False
            ahead = self.line_at + int(str(parameters[0]))
            return 0 <= ahead < len(self.line)  # at an end of the line its key is not offered
        if action == "tracker":  # from 160×45 the tracker is in the side panel all the time: no key for it
            side = self.query("#tracker-side")
            return self.problem is not None and not (side and side.first().display)
        if action == "tricks":
            return self.problem is not None
        return super().check_action(action, parameters)

    def give(self, action: Action) -> None:
        """Answer ``action``: judged at once, or by the coach in a worker (then the verdict comes when it is done)."""
        problem = self.problem
        if problem is None or self.verdict is not None or self.weighing:
            return
        if action not in problem.view.legal:  # the rule it breaks, as the table says it (the player's own cards')
            refused = problem.state().refusal(action)
            if refused is not None:
                rule = escape(refusal_text(refused))
                self.query_one("#message", Static).update(
                    Text.from_markup(_("[b]✗ Not allowed:[/b] {rule}").format(rule=rule))
                )
            return
        if self.practice.needs_coach(problem, action):
            self.weighing = True
            self.draw()
            self.refresh_bindings()
            self.run_worker(partial(self._weigh, problem, action), thread=True, group="practice-weigh", exclusive=True)
            return
        self.show_verdict(problem, self.practice.judge(problem, action))

    def _analyse(self, problem: Problem) -> None:
        """While the player thinks: the coach's analysis of the position, so a verdict comes soon."""
        worker = get_current_worker()
        with contextlib.suppress(Stopped), stoppable(worker.cancelled_event):
            self.practice.advice(problem)

    def _weigh(self, problem: Problem, action: Action) -> None:
        worker = get_current_worker()
        try:
            with stoppable(worker.cancelled_event):
                verdict = self.practice.judge(problem, action)
        except Stopped:  # the screen closed, or the game quits: nobody will read it
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_verdict, problem, verdict)

    def show_verdict(self, problem: Problem, verdict: PracticeVerdict) -> None:
        """Show the verdict on the answer to ``problem`` (dropped if another problem is shown now), and keep it."""
        if problem is not self.problem:
            return
        self.weighing = False
        self.verdict = verdict
        self.keep(problem, verdict)
        self.draw()
        self.refresh_bindings()

    def keep(self, problem: Problem, verdict: PracticeVerdict) -> None:
        """Keep the answer and the problem's new schedule (one line if the statistics could not)."""
        stats = self.practice.stats
        self.rating_before = self.practice.rating() if problem.puzzle is not None else None
        self.practice.answer(problem, verdict)
        if stats is not None:
            from ...present import statsreport

            line = statsreport.problem_line(stats.take_problem())
            if line:
                self.notify(line, title=_("Statistics"), severity="warning", timeout=12, markup=False)

    def action_answer(self, index: int) -> None:
        if index < len(self.hand):
            self.give(Play(self.hand[index]))

    def on_card_clicked(self, message: CardClicked) -> None:
        self.action_answer(message.index)

    def _declare(self, kind: type) -> None:
        if self.problem is None:
            return
        view = self.problem.view
        action = keyed_declaration(view, kind)
        if action is not None:
            self.give(action)
            return
        if kind is Sing:
            from .dialogs import CanteChooser

            cantes = sorted((a for a in view.legal if isinstance(a, Sing)), key=lambda a: a.suit != view.trump)

            def chosen(sing: Sing | None) -> None:
                if sing is not None:
                    self.give(sing)

            self.app.push_screen(CanteChooser(cantes, view.trump), chosen)

    def action_sing(self) -> None:
        self._declare(Sing)

    def action_swap(self) -> None:
        self._declare(Swap)

    def action_tute(self) -> None:
        self._declare(DeclareTute)

    def action_pass_window(self) -> None:
        self.give(Pass())

    @on(Button.Pressed, ".declaration")
    def declaration_pressed(self, event: Button.Pressed) -> None:
        assert isinstance(event.button, DeclarationButton)
        self.give(event.button.action_taken)

    # -- the line of best play, the tricks, the tracker -------------------------------------------------

    def action_line(self) -> None:
        """Step through a puzzle's line of best play, or back to the verdict."""
        if self.problem is None or self.problem.puzzle is None:
            return
        if self.line_at is None:
            self.line = puzzle_line(self.problem)
            self.line_at = 0 if self.line else None
        else:
            self.line_at = None
        self.draw()
        self.refresh_bindings()

    def action_line_step(self, delta: int) -> None:
        if self.line_at is None:
            return
        self.line_at = max(0, min(len(self.line) - 1, self.line_at + delta))
        self.draw()
        self.refresh_bindings()

    def action_tricks(self) -> None:
        view = self.view
        if view is not None:
            self.app.push_screen(TricksScreen(view))

    def action_tracker(self) -> None:
        """The card tracker in place of the muestra and the score, or those again."""
        if self.query_one("#tracker-side").display:
            return
        tracker = self.query_one("#tracker", TrackerPanel)
        tracker.display = not tracker.display
        for widget_id in ("#muestra", "#practice-score"):
            self.query_one(widget_id).display = not tracker.display
        self._show_note()

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_back(self) -> None:
        self.workers.cancel_group(self, "practice-weigh")
        self.workers.cancel_group(self, "practice-ahead")
        self.dismiss(None)


class PracticeScreen(ProblemScreen):
    """Practice: the tabs "My mistakes" and "Puzzles" (Tab goes from one to the other), a problem at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *PROBLEM_BINDINGS,
        Binding("enter", "next", N_("Next problem"), key_display="⏎"),
        Binding("n", "skip", N_("Skip")),
        Binding("tab", "switch", N_("Other tab"), key_display="Tab"),
        Binding("e", "early", N_("Practise early")),
        Binding("o", "other_rules", N_("Other rules")),
        Binding("f", "theme", N_("Theme")),
        Binding("d", "duplicate", N_("Daily duplicate")),
    ]

    def __init__(self, practice: PracticeSession, tab: str = MISTAKE) -> None:
        super().__init__(practice)
        self.tab = tab if tab in (MISTAKE, PUZZLE) else MISTAKE

    def on_mount(self) -> None:
        super().on_mount()
        self.show_problem(self.practice.next_problem(self.tab))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return self.verdict is not None and self.line_at is None
        if action == "skip":
            return self.problem is not None and self.verdict is None and not self.weighing
        if action == "theme":
            return self.tab == PUZZLE and not self.weighing
        if action == "other_rules":
            return self.tab == PUZZLE and len(self.practice.presets()) > 1 and not self.weighing
        if action == "early":
            return self.problem is None and self.tab == MISTAKE and self.practice.next_due() is not None
        return super().check_action(action, parameters)

    def action_duplicate(self) -> None:
        navigator(self).open_duplicate()

    def action_early(self) -> None:
        """Nothing due: the kept mistakes that come back later, asked now (the answers count all the same)."""
        self.practice.early = True
        self.show_problem(self.practice.next_problem(MISTAKE))

    def action_other_rules(self) -> None:
        """The puzzles in the other preset's rules (the next problem is one of them; the screen names its rules)."""
        preset = self.practice.other_rules()
        if preset is not None:
            self.notify(rules_text(preset))
            self.show_problem(self.practice.next_problem(PUZZLE))

    def action_theme(self) -> None:
        """The puzzles of the next theme (round every theme, then all of them again)."""
        theme = self.practice.next_theme()
        self.notify(theme_name(theme) if theme is not None else _("Every theme, taking turns"))
        self.show_problem(self.practice.next_problem(PUZZLE))

    def action_next(self) -> None:
        if self.verdict is not None:
            self.show_problem(self.practice.next_problem(self.tab, after=self.problem))

    def action_skip(self) -> None:
        problem = self.problem
        if problem is not None and self.verdict is None:
            self.practice.skip(problem)
            self.show_problem(self.practice.next_problem(self.tab, after=problem))

    def action_switch(self) -> None:
        self.workers.cancel_group(self, "practice-ahead")
        self.tab = PUZZLE if self.tab == MISTAKE else MISTAKE
        self.show_problem(self.practice.next_problem(self.tab))

    def status_text(self) -> Text:
        """The two tabs, the one shown highlighted, each with its count due."""
        mistakes = len(self.practice.due_mistakes())
        puzzles = len(self.practice.due_puzzles()) + int(self.practice.daily_open())
        text = Text()
        for kind, name, count in ((MISTAKE, _("My mistakes"), mistakes), (PUZZLE, _("Puzzles"), puzzles)):
            if count:
                due = ngettext("{label} · {n} due", "{label} · {n} due", count)
                label = " " + due.format(label=name, n=count) + " "
            else:
                label = f" {name} "
            text.append(label, style=f"bold reverse {GOLD}" if kind == self.tab else FELT_COLOURS["ink-faint"])
            text.append(" ")
        return text

    def _on_puzzle(self) -> bool:
        return self.problem is not None and self.problem.puzzle is not None

    def message_text(self, view: SeatView) -> Text:
        """The message line, with the player's puzzle rating and its deviation while a puzzle waits."""
        text = super().message_text(view)
        if self._on_puzzle() and self.verdict is None and self.line_at is None and not self.weighing:
            text.append("  ·  ")
            text.append(rating_text(self.practice.rating()), style="bold")
        return text

    def detail_text(self) -> Text:
        """The verdict's detail, and after a puzzle's the player's puzzle rating as it now stands, with its change
        and the puzzle's rating (an answer given with help moves no rating: the rating alone)."""
        text = super().detail_text()
        problem = self.problem
        if problem is not None and problem.puzzle is not None and self.verdict is not None:
            text.append("\n")
            now = self.practice.rating()
            before = self.rating_before
            if before is None or problem.assisted:
                text.append(rating_text(now), style="bold")
            else:
                text.append(self.practice.answered_text(problem, before), style="bold")
        return text

    def nothing_text(self) -> Text:
        text = Text(_("Nothing is due today."), style=f"bold {GOLD}")
        later = self.practice.next_due()
        if later is not None:
            text.append("\n\n" + _("Your next kept mistake comes back on {day}.").format(day=later.isoformat()))
            text.append("\n" + _("Press e to practise your kept mistakes now all the same."))
        else:
            text.append(
                "\n\n"
                + _(
                    "Your mistakes come from your own games: play a hand, then review it (v after the hand)."
                    " Each costly decision is kept and comes back here the same day, then spaced out over the days."
                )
            )
        text.append("\n\n" + _("Tab: the puzzles, with the problem of the day · Esc goes back"))
        return text

    def after_verdict(self) -> str:
        parts = [_("[b]Enter[/b] the next problem")]
        if self.problem is not None and self.problem.puzzle is not None:
            parts.append(_("[b]l[/b] the best line"))
        parts.append(_("[b]Esc[/b] goes back"))
        return " · ".join(parts)


class TryScreen(ProblemScreen):
    """One decision of the hand just reviewed, tried again from the same deal as often as the player likes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *PROBLEM_BINDINGS,
        Binding("a", "again", N_("Try again")),
    ]

    def __init__(self, practice: PracticeSession, problem: Problem) -> None:
        super().__init__(practice)
        self.first = problem

    def on_mount(self) -> None:
        super().on_mount()
        self.show_problem(self.first)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "again":
            return self.verdict is not None
        return super().check_action(action, parameters)

    def action_again(self) -> None:
        """The same position again (the same deal: the problem replays it each time it is judged)."""
        if self.verdict is not None:
            self.show_problem(self.first)

    def status_text(self) -> Text:
        return Text(_("Try again from here"), style="bold")

    def after_verdict(self) -> str:
        return _("[b]a[/b] try again · [b]Esc[/b] back to the hand")


class TricksScreen(SizeGuard, ModalScreen[None]):
    """The tricks played before the problem's decision, as the player saw them; Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,r,q", "close", N_("Back"))]

    def __init__(self, view: SeatView) -> None:
        super().__init__(classes="dialog-screen")
        self.seen = view

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog history"):
            yield Label(_("The tricks so far"), classes="dialog-title")
            with VerticalScroll(id="practice-tricks"):
                yield Static(Text.from_markup(tricks_markup(self.seen)), classes="history-entry")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#practice-tricks").focus()

    def action_close(self) -> None:
        self.dismiss(None)
