"""Learn to play: the lessons menu and a lesson, step by step.

The lessons themselves (words, fixed deals, the judge of a move, progress)
are in :mod:`guinote_tui.lessons`; these screens only show them. A lesson is
a few screens of explanation and a few positions where the player acts with
the table's keys: 1-6 play a card, s sings (Tab the other cante when two
are offered), c changes the seven, p passes.
A wrong move is explained and the position waits for another try; the right
one is played out and told. Enter goes on, ← goes back a screen, Escape
leaves the lesson.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import Action, Card, HandState, Pass, Play, Sing, Suit, Swap, card_tables, parse_cards
from ...game.narration import edge_name, seat_names
from ...i18n import N_, _
from ...lessons import LESSONS, Explain, Lesson, Move, Progress, check, names
from ..cardart import card_face, empty_slot, suit_text
from ..messages import CardClicked
from ..navigation import navigator
from ..theme import FELT_COLOURS
from ..widgets.footer import GameFooter
from ..widgets.hand import PlayerHand
from ..widgets.notice import SizeGuard, TooSmall
from ..widgets.table import card_size, winning_mark

GOLD = FELT_COLOURS["gold"]

MENU_BINDINGS: list[BindingType] = [
    Binding("r", "real_hand", N_("Play a real hand")),
    Binding("escape,q", "back", N_("Back")),
]

LESSON_BINDINGS: list[BindingType] = [
    Binding("1", "play_index(0)", N_("Play"), key_display="1-6"),
    *(Binding(str(n), f"play_index({n - 1})", N_("Play"), show=False) for n in range(2, 7)),
    Binding("s", "sing", N_("Sing")),
    Binding("tab", "other_cante", N_("Other cante"), key_display="Tab"),
    Binding("c", "swap", N_("Change 7")),
    Binding("p", "pass_window", N_("Pass")),
    Binding("enter,space,right", "next", N_("Go on"), key_display="⏎"),
    # The same keys before the move is made: they say what to do instead of going on.
    Binding("enter,space,right", "move_first", N_("Go on"), show=False),
    Binding("left", "previous", N_("Back a step"), key_display="←"),
    Binding("escape", "leave", N_("Leave")),
]


def shown_hand(state: HandState) -> tuple[Card, ...]:
    """The player's cards as the table shows them (suit by suit, strongest first, trumps at the right)."""
    strength = card_tables(state.rules).strength
    return tuple(sorted(state.hands[0], key=lambda c: (c.suit == state.trump, c.suit, -strength[c])))


def side_by_side(blocks: list[list[Text]], gap: int = 2) -> Text:
    """Blocks of lines (cards) laid out in a row."""
    if not blocks:
        return Text("")
    height = max(len(block) for block in blocks)
    rows = []
    for line in range(height):
        row = Text()
        for number, block in enumerate(blocks):
            if number:
                row.append(" " * gap)
            row.append_text(block[line] if line < len(block) else Text(" " * block[0].cell_len))
        rows.append(row)
    return Text("\n").join(rows)


def lesson_line(lesson: Lesson, done: bool) -> Text:
    text = Text("✓ " if done else "  ", style=f"bold {FELT_COLOURS['good']}")
    text.append(f"{lesson.number}  {lesson.shown_title}", style="bold")
    text.append(f" — {lesson.shown_summary}", style=FELT_COLOURS["ink-faint"])
    return text


class LessonsMenu(SizeGuard, Screen[None]):
    """The lessons, with a ✓ for those finished; Enter opens one (they can be repeated)."""

    BINDINGS: ClassVar[list[BindingType]] = MENU_BINDINGS

    def __init__(self, progress: Progress | None = None) -> None:
        super().__init__()
        self.progress = progress or Progress.load()
        #: What the lesson just finished says (under the list, where no notification covers the next lesson).
        self.done_note: str | None = None

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Static(Text(_("Learn to play Guiñote"), style=f"bold {GOLD}"), id="lessons-title")
        yield Static(
            _("Six short lessons, a few minutes each: read, then make the move. Enter opens a lesson."),
            id="lessons-intro",
        )
        yield OptionList(id="lesson-list")
        yield Static(id="lessons-note")
        with Horizontal(id="lessons-buttons"):
            yield Button((_("Play a real hand") + " (r)"), id="real-hand", compact=True)
            yield Button((_("Back") + " (Esc)"), id="lessons-back", compact=True)
        yield GameFooter()

    def on_mount(self) -> None:
        self.refresh_list()  # a problem with the progress file is said once, under the list

    def on_screen_resume(self) -> None:
        self.refresh_list()

    @property
    def all_done(self) -> bool:
        return all(lesson.id in self.progress.done for lesson in LESSONS)

    def refresh_list(self) -> None:
        options = self.query_one("#lesson-list", OptionList)
        options.clear_options()
        options.add_options(
            Option(lesson_line(lesson, lesson.id in self.progress.done), id=lesson.id) for lesson in LESSONS
        )
        todo = [i for i, lesson in enumerate(LESSONS) if lesson.id not in self.progress.done]
        options.highlighted = todo[0] if todo else 0
        note = self.query_one("#lessons-note", Static)
        button = self.query_one("#real-hand", Button)
        if self.all_done:
            note.update(
                Text.from_markup(
                    (f"[b {FELT_COLOURS['good']}]" + _("All six lessons done!") + "[/] ")
                    + _("Press [b]r[/b] to play a real hand: heads-up against the easy bot.")
                )
            )
            button.variant = "success"
            button.focus()
        else:
            text = Text(self.progress.problem or "")  # the file's text, never read as markup
            if self.done_note and not self.progress.problem:
                text = Text(_("Well done"), style=f"bold {FELT_COLOURS['good']}") + Text(f" · {self.done_note}")
            note.update(text)
            button.variant = "default"
            options.focus()

    def open_lesson(self, lesson: Lesson) -> None:
        self.done_note = None
        self.app.push_screen(LessonScreen(lesson, self.progress), self.lesson_left)

    def lesson_left(self, done: str | None) -> None:
        """Back from a lesson: ``done`` says it was finished (None: left before its end)."""
        self.done_note = done
        if self.is_attached:
            self.refresh_list()

    @on(OptionList.OptionSelected, "#lesson-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        lesson = next(lesson for lesson in LESSONS if lesson.id == event.option.id)
        self.open_lesson(lesson)

    def action_real_hand(self) -> None:
        """Back to the start screen with heads-up against the easy bot chosen: Enter deals."""
        navigator(self).real_hand()

    def action_back(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed, "#real-hand")
    def real_hand_pressed(self) -> None:
        self.action_real_hand()

    @on(Button.Pressed, "#lessons-back")
    def back_pressed(self) -> None:
        self.action_back()


class LessonScreen(SizeGuard, Screen[str | None]):
    """One lesson: its steps one after the other, then it is marked done (the sentence saying so is returned)."""

    BINDINGS: ClassVar[list[BindingType]] = LESSON_BINDINGS

    def __init__(self, lesson: Lesson, progress: Progress) -> None:
        super().__init__()
        self.lesson = lesson
        self.progress = progress
        self.index = 0
        #: The hand shown: the position of a move step, or the hand after the right move.
        self.state: HandState | None = None
        self.solved = False
        self.finished = False
        self.hand: tuple[Card, ...] = ()
        #: Tricks finished before the position (to tell the one the right move just played).
        self.tricks_before = 0

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Static(id="lesson-title")
        with Vertical(id="lesson-body"):
            yield Static(id="lesson-text")
            yield Static(id="lesson-cards")
            yield Static(id="lesson-table")
        with Horizontal(id="lesson-bottom"):
            yield PlayerHand(id="lesson-hand")
            yield Vertical(id="lesson-actions")
        yield Static(id="lesson-message")
        yield GameFooter(compact=True)

    def on_mount(self) -> None:
        self.show_step()

    def on_resize(self) -> None:
        if self.is_mounted:
            self.call_after_refresh(self._redraw)  # the size classes follow a moment later: card art may change

    def _redraw(self) -> None:
        step = self.step
        if isinstance(step, Explain) and step.cards:
            size = card_size(self)
            faces = [card_face(c, size=size) for c in parse_cards(step.cards)]
            self.query_one("#lesson-cards", Static).update(side_by_side(faces))
        elif isinstance(step, Move) and self.state is not None:
            self.query_one("#lesson-table", Static).update(self.table_picture(self.state))

    # -- what is shown ----------------------------------------------------------------

    @property
    def step(self) -> Explain | Move:
        return self.lesson.steps[self.index]

    @property
    def message(self) -> str:
        """The message line's text (plain)."""
        return str(self.query_one("#lesson-message", Static).render())

    def say(self, text: str | Text, warning: bool = False) -> None:
        widget = self.query_one("#lesson-message", Static)
        widget.update(text)
        widget.set_class(warning, "-warning")

    def show_step(self) -> None:
        step = self.step
        steps = len(self.lesson.steps)
        heading = _("Lesson {number} · {title}").format(number=self.lesson.number, title=self.lesson.shown_title)
        title = Text(heading, style=f"bold {GOLD}")
        title.append(f"   {self.index + 1}/{steps}", style=FELT_COLOURS["ink-faint"])
        self.query_one("#lesson-title", Static).update(title)
        self.solved = False
        is_move = isinstance(step, Move)
        self.query_one("#lesson-table").display = is_move
        self.query_one("#lesson-bottom").display = is_move
        if isinstance(step, Explain):
            self.state = None
            self.query_one("#lesson-text", Static).update(step.shown_text)
            cards = self.query_one("#lesson-cards", Static)
            cards.display = bool(step.cards)
            size = card_size(self)
            faces = [card_face(c, size=size) for c in parse_cards(step.cards)]
            cards.update(side_by_side(faces) if step.cards else "")
            if self.index == steps - 1:
                self.say(Text.from_markup(_("[b]Enter[/b] finishes the lesson · ← back · Esc leaves")))
            else:
                self.say(Text.from_markup(_("[b]Enter[/b] goes on · ← back · Esc leaves")))
        else:
            self.query_one("#lesson-cards").display = False
            self.state = step.state()
            self.tricks_before = len(self.state.tricks)
            task = _("[b]Your move:[/b] {task}").format(task=step.shown_task)
            self.query_one("#lesson-text", Static).update(Text.from_markup(task))
            self.say(self.keys_line(self.state))
            self.show_position()
        self.refresh_bindings()

    def keys_line(self, state: HandState) -> Text:
        legal = state.legal_actions()
        parts = [_("[b]1-6[/b] play a card")]
        sings = [a for a in legal if isinstance(a, Sing)]
        if sings:
            parts.append(_("[b]s[/b] sing") if len(sings) == 1 else _("[b]s[/b] sing · [b]Tab[/b] the other cante"))
        if any(isinstance(a, Swap) for a in legal):
            parts.append(_("[b]c[/b] change the seven"))
        parts.append(_("Esc leaves"))
        return Text.from_markup(" · ".join(parts))

    def show_position(self) -> None:
        state = self.state
        assert state is not None
        self.query_one("#lesson-table", Static).update(self.table_picture(state))
        self.hand = shown_hand(state)
        self.query_one(PlayerHand).show(self.hand, set(self.hand), None)
        box = self.query_one("#lesson-actions", Vertical)
        box.remove_children()
        if not self.solved:
            sings = self._sings()
            keys: dict[Action, str] = dict(zip(sings, ("s", "Tab"), strict=False))
            declarations = [a for a in state.legal_actions() if isinstance(a, Sing | Swap)]
            box.mount_all(LessonButton(a, state, keys.get(a, "c" if isinstance(a, Swap) else "")) for a in declarations)

    def table_picture(self, state: HandState) -> Text:
        """The trick on the table (or the one just finished) and the muestra, side by side.

        A plain step (lesson 1) shows the trick alone, under its caption.
        """
        who = names(state.players)
        edge = tuple(edge_name(name) for name in seat_names(state.players))
        size = card_size(self)
        blocks: list[list[Text]] = []
        if state.trick:
            for seat, card in state.current_trick():
                blocks.append(card_face(card, bottom_label=edge[seat], size=size))
            blocks.append(empty_slot(who[0], waiting=True, size=size))  # the player's seat
            caption = Text(_("On the table"), style=FELT_COLOURS["ink-faint"])
        elif state.tricks:
            trick = state.tricks[-1]
            for number, card in enumerate(trick.cards):
                seat = trick.seat_of(number, state.players)
                won = seat == trick.winner
                mark = winning_mark(size, True) if won else ""
                blocks.append(card_face(card, bottom_label=edge[seat], top_label=mark, highlight=won, size=size))
            just_played = self.solved and len(state.tricks) > self.tricks_before
            caption = Text(_("The trick") if just_played else _("Previous trick"), style=FELT_COLOURS["ink-faint"])
        else:
            caption = Text(_("No cards on the table"), style=FELT_COLOURS["ink-faint"])
        step = self.step
        if isinstance(step, Move) and step.plain:  # trumps, the stock and the muestra wait for lesson 2
            return Text("\n").join([caption, side_by_side(blocks)]) if blocks else caption
        if state.muestra is not None:
            if blocks:
                blocks.append([Text("  ")] * size.height)
            blocks.append(card_face(state.muestra, top_label=_("muestra"), size=size))
        line = Text(_("Trumps:") + " ", style=FELT_COLOURS["ink-faint"]) + suit_text(Suit(state.trump))
        if state.muestra is not None:
            line.append("   " + _("stock {count}").format(count=len(state.stock)))
        else:
            line.append("   " + _("arrastre: no stock"))
        line.append("   ")
        line.append_text(caption)
        return Text("\n").join([line, side_by_side(blocks)]) if blocks else line

    # -- the player's moves -------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        moving = isinstance(self.step, Move) and not self.solved
        if action == "other_cante" and (not moving or len(self._sings()) < 2):
            return False
        if action in ("play_index", "sing", "swap", "pass_window"):
            if not moving:
                return False
            state = self.state
            assert state is not None
            if action == "sing" and not any(isinstance(a, Sing) for a in state.legal_actions()):
                return False
            if action == "swap" and not any(isinstance(a, Swap) for a in state.legal_actions()):
                return False
            if action == "pass_window" and Pass() not in state.legal_actions():
                return False
        if action == "next" and moving:
            return False
        if action == "move_first" and not moving:
            return False
        if action == "previous" and self.index == 0:
            return False
        return super().check_action(action, parameters)

    def try_action(self, action: Action) -> None:
        step = self.step
        if not isinstance(step, Move) or self.solved:
            return
        verdict = check(step, action)
        if not verdict.ok:
            wrong = _("[b]Not quite.[/b] {message} Try again.") if verdict.legal else _("{message} Try again.")
            self.say(Text.from_markup(wrong.format(message=escape(verdict.message))), warning=True)
            return
        self.solved = True
        self.state = verdict.state
        self.show_position()
        if self.index == len(self.lesson.steps) - 1:
            right = _("[b]Correct![/b] {message} [b]Enter[/b] to finish the lesson.")
        else:
            right = _("[b]Correct![/b] {message} [b]Enter[/b] to go on.")
        self.say(Text.from_markup(right.format(message=escape(verdict.message))))
        self.refresh_bindings()

    def action_play_index(self, index: int) -> None:
        if index < len(self.hand):
            self.try_action(Play(self.hand[index]))

    def on_card_clicked(self, message: CardClicked) -> None:
        if isinstance(self.step, Move) and not self.solved:
            self.action_play_index(message.index)

    def _sings(self) -> list[Sing]:
        """The cantes the player may sing now, the forty first (s sings the first, Tab the second)."""
        state = self.state
        if state is None:
            return []
        sings = [a for a in state.legal_actions() if isinstance(a, Sing)]
        return sorted(sings, key=lambda a: a.suit != state.trump)

    def action_other_cante(self) -> None:
        sings = self._sings()
        if len(sings) > 1:
            self.try_action(sings[1])

    def _declaration(self, kind: type) -> Action | None:
        state = self.state
        assert state is not None
        options = [a for a in state.legal_actions() if isinstance(a, kind)]
        options.sort(key=lambda a: not (isinstance(a, Sing) and a.suit == state.trump))
        return options[0] if options else None

    def action_sing(self) -> None:
        action = self._declaration(Sing)
        if action is not None:
            self.try_action(action)

    def action_swap(self) -> None:
        action = self._declaration(Swap)
        if action is not None:
            self.try_action(action)

    def action_pass_window(self) -> None:
        self.try_action(Pass())

    @on(Button.Pressed, ".lesson-declaration")
    def declaration_pressed(self, event: Button.Pressed) -> None:
        assert isinstance(event.button, LessonButton)
        self.try_action(event.button.action_taken)

    # -- moving through the lesson --------------------------------------------------------------

    def action_next(self) -> None:
        if self.index < len(self.lesson.steps) - 1:
            self.index += 1
            self.show_step()
            return
        self.finish()

    def action_move_first(self) -> None:
        """Enter before the move is made: say what to do (the step goes on once it is made)."""
        state = self.state
        assert state is not None
        first = Text.from_markup(_("[b]Make the move first[/b] to go on:") + " ")
        self.say(first + self.keys_line(state), warning=True)

    def action_previous(self) -> None:
        if self.index > 0:
            self.index -= 1
            self.show_step()

    def finish(self) -> None:
        """The lesson is done: remember it (telling once if that failed) and go back to the menu."""
        self.finished = True
        problem = self.progress.finish(self.lesson.id)
        if problem:
            done = _("{problem} The lesson is done all the same.").format(problem=problem)
            self.notify(done, title=_("Not saved"), severity="warning", timeout=8)
        # Said by the menu under its list: a notification would cover the next lesson's text for seconds.
        self.dismiss(
            _("Lesson {number} done: {title}.").format(number=self.lesson.number, title=self.lesson.shown_title)
        )

    def action_leave(self) -> None:
        self.dismiss(None)


class LessonButton(Button):
    """A declaration the player may make in the position (sing, change the seven)."""

    def __init__(self, action: Action, state: HandState, key: str) -> None:
        if isinstance(action, Sing):
            points = 40 if action.suit == state.trump else 20
            label = f"{points} {action.suit.title}"
        else:
            assert isinstance(action, Swap)
            label = _("Change the {rank}").format(rank=action.card.rank)
        super().__init__(f"({key}) {label}" if key else label, classes="lesson-declaration", compact=True)
        self.action_taken = action
