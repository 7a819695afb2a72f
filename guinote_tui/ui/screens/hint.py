"""The coach's hint for the player's decision: the move, why, and what every card is worth.

The coach (:mod:`guinote_tui.coach`) decides from the player's view alone;
the table asks it in a worker thread, then shows this screen. While it is
open the bots wait. Enter plays the coach's move, a card's key that card; Escape (or h) goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...coach import Advice, ReasonCode
from ...coach.evaluate import BLUNDER_POINTS, INACCURACY_POINTS, JUEGO_POINTS, MISTAKE_POINTS
from ...engine import PLAY, Action, Card, Play
from ...game.narration import card_name_markup
from ...game.verdicts import card_verdict, juego_column, juego_notes
from ...i18n import N_, _, number, pgettext
from ...present.vocabulary import action_words, juego_legend, juego_words, tier_legend
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall


def values_table(advice: Advice, shown: tuple[Card, ...]) -> Table:
    """Each legal card, best first, with what the coach expects it to lose against its choice.

    A cost carries its 95 % margin and the coach's tier; a card the coach
    cannot tell from its choice reads "about the same". Where the cards do
    differently for the juego, a column says what each does for it: in how
    many deals of 10 it wins and loses it ("7–0"), or "won" and "lost" where
    every line does.
    """
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=True, header_style="bold")
    table.add_column(_("card"), no_wrap=True)
    table.add_column(_("key"), justify="right", no_wrap=True)
    table.add_column(_("expected loss"), justify="right", no_wrap=True)
    evaluation = advice.evaluation
    juego: dict[Card, str] = {}
    known = evaluation is not None and evaluation.exact
    if evaluation is not None and juego_column(advice) is not None:  # on too few deals: not worth reading
        juego = {card: juego_words(e.win, e.loss, exact=known) for card, e in evaluation.cards.items()}
    if juego:
        # Every card known: won, lost or open, no deals of 10.
        header = pgettext("the hint's column", "the juego") if known else _("the juego,\nwon–lost of 10")
        table.add_column(header, no_wrap=True)
    chosen = advice.action.card if isinstance(advice.action, Play) else None
    # By cost from the coach's card, as the good cards are named ("Any of these: …"); by value without costs.
    def rank(card: Card) -> tuple[bool, float, int]:
        if evaluation is not None and card in evaluation.cards:
            return (card != chosen, evaluation.cards[card].cost, int(card))
        return (card != chosen, -advice.values[card], int(card))

    order = sorted(advice.values, key=rank)
    for card in order:
        key = str(shown.index(card) + 1) if card in shown else ""
        row: list[Text | str] = [Text.from_markup(card_name_markup(card)), key, card_verdict(advice, card)]
        if juego:
            row.append(juego.get(card, ""))
        table.add_row(*row)
    return table


def legend(advice: Advice) -> str:
    """How a tier is decided, and (where the table shows it) what the juego column means and rests on."""
    lines = [tier_legend(INACCURACY_POINTS, MISTAKE_POINTS, BLUNDER_POINTS)]
    deals = juego_column(advice)
    if deals is not None:
        lines.append(juego_legend(deals, advice.evaluation is not None and advice.evaluation.exact))
    return " ".join(lines)


def equals_line(advice: Advice) -> str | None:
    """The cards as good as the coach's, as far as it can tell, in words (None when there are none)."""
    evaluation = advice.evaluation
    if evaluation is None or not isinstance(advice.action, Play) or advice.reason.code is ReasonCode.ANY_OF:
        return None  # none, or the reason names them already
    others = [card_name_markup(c) for c in evaluation.equals() if c != advice.action.card]
    if not others:
        return None
    return _("About as good, as far as the coach can tell: {cards}.").format(cards=", ".join(others))


#: Seconds between two looks for the deeper analysis while the hint is open.
SHARPEN_EVERY = 0.25

#: Escape and a card's key 1-6 typed at once (within the terminal's escape delay) are read by Textual as one
#: key: the character the Option key gives with that digit on a Mac (Esc 3 is "£", tests/ui/test_ui_hint.py).
ESCAPED_CARD_KEYS = (
    "inverted_exclamation_mark",
    "trade_mark_sign",
    "pound_sign",
    "cent_sign",
    "infinity",
    "section_sign",
)


class HintScreen(SizeGuard, ModalScreen[Action | None]):
    """Returns the coach's action when the player takes it (Enter), or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "take", N_("Play it")),
        Binding("escape,h", "close", N_("Back")),
        # A card's key (the table lists them) plays that card; so does Escape typed with it at once, which
        # reaches the game as one key (ESCAPED_CARD_KEYS): the player's card is not lost with the Escape.
        *(Binding(f"{n},{ESCAPED_CARD_KEYS[n - 1]}", f"play({n - 1})", N_("Play"), show=False) for n in range(1, 7)),
    ]

    def __init__(
        self, advice: Advice, shown: tuple[Card, ...], refined: Callable[[], Advice | None] | None = None
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.advice = advice
        self.shown = shown
        #: The deeper analysis of the decision once it is done (None: not yet): the hint sharpens in place.
        self.refined = refined

    def on_mount(self) -> None:
        if self.refined is not None:
            self._sharpening = self.set_interval(SHARPEN_EVERY, self._sharpen)

    def _sharpen(self) -> None:
        """Show the deeper analysis in place of the quick one the moment it is done (then stop looking)."""
        found = self.refined() if self.refined is not None else None
        if found is None or found is self.advice:
            return
        self._sharpening.stop()
        self.advice = found
        self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        advice = self.advice
        yield TooSmall()
        with VerticalScroll(classes="dialog hint"):  # (scrolls where a language's legend is taller than the screen)
            yield Label(_("The coach's hint"), classes="dialog-title")
            move = _("[b]Coach:[/b] {move}.").format(move=action_words(advice.action, card_name_markup))
            yield Static(Text.from_markup(move), id="hint-move")
            yield Static(Text(advice.reason.text), id="hint-reason")
            equals = equals_line(advice)
            if equals is not None:
                yield Static(Text.from_markup(equals), id="hint-equals")
            if len(advice.values) > 1:
                yield Static(values_table(advice, self.shown), id="hint-values")
                notes = juego_notes(advice)
                if notes:
                    yield Static(Text(" ".join(notes)), id="hint-juego")
            if len(advice.values) > 1:
                expected = _(
                    "Expected loss: the points your side gives up against the coach's choice, over deals that fit "
                    "what you know (a juego counts {juego}), ± the coach's 95-in-100 margin. Enter plays it · "
                    "Escape goes back"
                ).format(juego=number(JUEGO_POINTS, "g"))
                # How a tier is decided and what the juego column rests on, in the same paragraph (one row saved).
                said = f"{legend(advice)} {expected}"
            else:  # nothing to choose: no table, so no word of what it means
                said = _("Enter plays it · Escape goes back")
            yield Static(Text(said), id="hint-legend", classes="dialog-hint")
        yield GameFooter()

    def action_take(self) -> None:
        self.dismiss(self.advice.action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play" and parameters and not int(str(parameters[0])) < len(self.shown):
            return False  # no such card in the hand
        return super().check_action(action, parameters)

    def action_play(self, index: int) -> None:
        """Play the card of key ``index + 1`` (the table refuses it, with the rule, when it may not be played)."""
        self.dismiss(PLAY[self.shown[index]])

    def action_close(self) -> None:
        self.dismiss(None)
