"""Small modal dialogs, each a ``ModalScreen`` returning a typed result."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static
from textual.widgets.input import Selection

from ... import storage
from ...engine import Rules, Sing, Suit, Trick
from ...game.narration import edge_name
from ...i18n import N_, _, ngettext, pgettext
from ..cardart import card_face
from ..widgets.declarations import cante_label
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall


class YesNoDialog(SizeGuard, ModalScreen[bool]):
    """A question answered yes (``y``) or no (``n``, Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title dialog-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Yes (y)"), id="yes", variant="error", compact=True)
                yield Button(_("No (n)"), id="no", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_key(self, event: events.Key) -> None:
        """The language's own yes (``s`` for sí, ``j`` for ja…), besides ``y``."""
        # Translators: the one letter that answers "yes" on the question's button ("Yes (y)"), as typed.
        if event.character and event.character.lower() == pgettext("the key that answers yes", "y").lower():
            event.stop()
            self.dismiss(True)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


def save_target(text: str, folder: Path | None = None) -> Path:
    """The whole path a history typed as ``text`` is saved to: ``~`` expanded, a relative path in ``folder``.

    ``folder`` is the data directory unless given. Raises ``ValueError`` with the one line to show
    when ``text`` cannot be a file to save to (nothing typed, an unknown user's ``~``, a folder).
    """
    typed = text.strip()
    if not typed:
        raise ValueError(_("Type the name of the file to save to"))
    try:
        path = Path(typed).expanduser()
    except RuntimeError:  # ~someone who has no home folder here
        raise ValueError(
            _("{path}: there is no such user's home folder").format(path=storage.printable(typed))
        ) from None
    try:
        path = ((folder or storage.data_dir()) / path).resolve()
        folder_named = path.is_dir()
    except (OSError, ValueError, RuntimeError) as exc:
        raise ValueError(
            _("Could not save {path}: {problem}").format(
                path=storage.printable(typed), problem=storage.printable(str(exc))
            )
        ) from None
    if folder_named:
        raise ValueError(_("{path} is a folder: add a file name").format(path=storage.printable(str(path))))
    return path


class SaveDialog(SizeGuard, ModalScreen[Path | None]):
    """Ask where to save the match history: the whole path is shown before saving (Enter saves, Escape cancels).

    A file that is there already is replaced only after a yes; a path that cannot be used is told in one line.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, default: str, folder: Path | None = None) -> None:
        """``default``: the path offered; ``folder``: where a relative path goes (the data directory)."""
        super().__init__(classes="dialog-screen")
        self.default = default
        self.folder = folder

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Label(_("Save the match history to:"), classes="dialog-title")
            yield Input(self.default, id="path")
            yield Static(id="save-target", markup=False)
            yield Static(
                _("[dim]Resume later with[/dim] {command}").format(command="guinote play --load FILE"),
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.show_target(self.default)
        field = self.query_one("#path", Input)
        field.focus()
        self.call_after_refresh(self._from_the_start)

    def _from_the_start(self) -> None:
        """The whole path chosen (typing replaces it), the cursor at its start: a path longer than the field
        shows its leading "/" rather than its end (End goes there)."""
        field = self.query_one("#path", Input)
        field.selection = Selection(len(field.value), 0)

    def show_target(self, text: str) -> Path | None:
        """Say where ``text`` saves (or why it cannot); the path, or None."""
        line = self.query_one("#save-target", Static)
        try:
            path = save_target(text, self.folder)
        except ValueError as exc:
            line.update(str(exc))
            line.set_class(True, "-warning")
            return None
        line.update(_("Saves to {path}").format(path=storage.printable(str(path))))
        line.set_class(False, "-warning")
        return path

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        self.show_target(event.value)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        path = self.show_target(event.value)
        if path is None:
            self.app.bell()
            return
        if not path.exists():
            self.dismiss(path)
            return

        def replace(yes: bool | None) -> None:
            if yes:
                self.dismiss(path)

        self.app.push_screen(
            YesNoDialog(_("{path} already exists. Replace it?").format(path=storage.printable(str(path)))), replace
        )

    def action_cancel(self) -> None:
        self.dismiss(None)


class InvitationInput(Input):
    """The address's field: an invitation pasted over several lines is kept whole (its lines joined)."""

    def _on_paste(self, event: events.Paste) -> None:
        if event.text:
            text = " ".join(event.text.split())
            if self.selection.is_empty:
                self.insert_text_at_cursor(text)
            else:
                self.replace(text, *self.selection)
        event.stop()
        event.prevent_default()  # (not Input's own, which keeps the first line only)


class JoinDialog(SizeGuard, ModalScreen[tuple[str, str] | None]):
    """Ask for a hosted table's address and a seat's code (as ``guinote host`` shows them); Enter joins."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Label(_("Join a table"), classes="dialog-title")
            yield Static(_("The address and the code from the invitation (guinote join ADDRESS CODE):"))
            yield InvitationInput(placeholder="127.0.0.1:8765", id="address", max_length=300)
            yield Input(placeholder=_("code"), id="code", max_length=64)
            yield Static(id="join-problem", markup=False)

    def on_mount(self) -> None:
        self.query_one("#address", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        from ...net.client import read_invitation

        address = self.query_one("#address", Input).value.strip()
        code = self.query_one("#code", Input).value.strip()
        whole = read_invitation(address) if len(address.split()) > 1 else None
        if whole is not None:  # the whole invitation pasted (or typed) in the first field
            address, code = whole
        elif event.input.id == "address" and not code:
            self.query_one("#code", Input).focus()
            return
        if not address or not code:
            self.query_one("#join-problem", Static).update(_("Give the table's address and the seat's code"))
            self.app.bell()
            return
        self.dismiss((address, code))

    def action_cancel(self) -> None:
        self.dismiss(None)


class InvitationsScreen(SizeGuard, ModalScreen[None]):
    """The invitations of a hosted table, one line per seat, to read out or copy (any key of its own closes)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,i,enter,space", "close", N_("Close"))]

    def __init__(self, lines: list[str]) -> None:
        super().__init__(classes="dialog-screen")
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Label(_("Invitations"), classes="dialog-title")
            for line in self.lines:
                yield Static(line, classes="invitation", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class LastTrickScreen(SizeGuard, ModalScreen[None]):
    """The most recent completed trick: who played what, who won it, its points."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,l,enter,space", "close", N_("Close"))]

    def __init__(self, trick: Trick, names: tuple[str, ...], players: int, rules: Rules) -> None:
        """``names``: the seats' names in English (the session's), shown translated."""
        super().__init__(classes="dialog-screen")
        self.trick = trick
        self.names = tuple(_(name) for name in names)
        self.edge_names = tuple(edge_name(name) for name in names)
        self.players = players
        self.rules = rules

    def compose(self) -> ComposeResult:
        trick = self.trick
        points = sum(self.rules.rank_points()[c.rank] for c in trick.cards)
        faces = [
            card_face(
                card,
                top_label=f"{i + 1} ▲" if trick.seat_of(i, self.players) == trick.winner else f"{i + 1}",
                bottom_label=self.edge_names[trick.seat_of(i, self.players)],
                highlight=trick.seat_of(i, self.players) == trick.winner,
                dim=trick.seat_of(i, self.players) != trick.winner,
            )
            for i, card in enumerate(trick.cards)
        ]
        rows = []
        for line in range(len(faces[0])):
            row = Text()
            for index, face in enumerate(faces):
                if index:
                    row.append("  ")
                row.append_text(face[line])
            rows.append(row)
        winner = self.names[trick.winner]
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Label(_("The last trick"), classes="dialog-title")
            yield Static(Text("\n").join(rows), classes="trick-cards")
            won_by = _("Won by [b]{name}[/b]").format(name=winner)
            worth = ngettext("{n} point", "{n} points", points).format(n=points)  # (never 1: no card is worth 1)
            led_by = _("led by {name}").format(name=self.names[trick.leader])
            yield Static(f"{won_by} · {worth} · {led_by}")
            yield Static(("[dim]" + _("Esc closes") + "[/dim]"), classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class CanteChooser(SizeGuard, ModalScreen[Sing | None]):
    """Which cante to sing when more than one is open: each by its suit's letter (or its button); Escape goes back.

    Returns the :class:`~guinote_tui.engine.Sing` chosen, or None.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(suit.letter.lower(), f"choose({int(suit)})", suit.title, show=False) for suit in Suit),
        Binding("left,up", "app.focus_previous", N_("Previous"), show=False),
        Binding("right,down", "app.focus_next", N_("Next"), show=False),
        Binding("escape", "choose(-1)", N_("Back")),
    ]

    def __init__(self, cantes: list[Sing], trump: int) -> None:
        """``cantes``: the cantes open, the forty (trumps) first."""
        super().__init__(classes="dialog-screen")
        self.cantes = sorted(cantes, key=lambda sing: sing.suit != trump)
        self.trump = trump

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Label(_("Which cante do you sing?"), classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                for sing in self.cantes:
                    label = f"({sing.suit.letter.lower()}) {cante_label(sing, self.trump)}"
                    yield Button(label, id=f"cante-{sing.suit.letter}", variant="primary", compact=True)
            yield Static(_("The letter of its suit sings it · Esc goes back"), classes="dialog-hint cante-hint")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters and parameters[0] != -1:
            if not any(int(sing.suit) == parameters[0] for sing in self.cantes):
                return False  # no cante in that suit
        return super().check_action(action, parameters)

    def action_choose(self, suit: int) -> None:
        self.dismiss(next((sing for sing in self.cantes if int(sing.suit) == suit), None))

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(next((sing for sing in self.cantes if event.button.id == f"cante-{sing.suit.letter}"), None))
