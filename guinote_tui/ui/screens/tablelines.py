"""The table's two lines of words: the status bar over the felt and the message line under the hand.

Pure functions of the session and the player's view (and the width the
status bar has), so the table screen only puts them in their widgets.

    >>> from guinote_tui.game.session import GameSession, GameSettings
    >>> session = GameSession(GameSettings(players=2, level="random", seed=3))
    >>> status_texts(session, session.view(), 100)
    ('[b #ffd54a]GUIÑOTE[/] · Heads-up · aragonés │ Juego 1 · Hand 1 (first) · you deal', 'seed 3')
    >>> status_texts(session, session.view(), 60)[0]  # the game's name, then who deals give way
    'Heads-up · aragonés │ Juego 1 · Hand 1 (first)'
    >>> message_text(session, session.view(), holding=False)
    '[dim]Rival is thinking…[/dim]'
"""

from __future__ import annotations

from rich.text import Text

from ...engine import SeatView, Stage
from ...game.choices import declaration_offers, one_of
from ...game.narration import Narrator
from ...game.pacing import shown_to_move
from ...game.session import HUMAN, GameSession
from ...i18n import _
from ..theme import FELT_COLOURS
from .start import PRESET_NAMES

__all__ = ["message_text", "status_texts", "table_line", "turn_text"]


def _cells(markup: str) -> int:
    return Text.from_markup(markup).cell_len


def status_texts(session: GameSession, view: SeatView, width: int) -> tuple[str, str]:
    """The status bar in ``width`` columns: where the match stands (left), and the seed, assisted (right)."""
    match = session.match
    rules = view.rules
    mode = _("Pairs") if session.players == 4 else _("Heads-up")
    preset = PRESET_NAMES.get(rules.preset_name, rules.preset_name)  # as the start screen names it
    if view.first_of_juego:
        hand = _("Hand {number} (first)")
    elif rules.vueltas:
        hand = _("Hand {number} (de vueltas)")
    else:
        hand = _("Hand {number} (scores carried)")
    hand = hand.format(number=match.hand_number)
    coto = _("Coto {number}").format(number=session.coto_number) + " · " if rules.cotos_to_win > 1 else ""
    juego = _("Juego {number}").format(number=session.juego_number)
    # Below 100 columns the game's name gives way to what the player needs.
    title = f"[b {FELT_COLOURS['gold']}]GUIÑOTE[/] · " if width >= 100 else ""
    dealing = " · " + _("you deal") if view.dealer == view.seat else ""  # the others show it by their cards
    seed = session.seed
    right = _("seed {seed}").format(seed=seed) if seed is not None else ""
    if session.assisted:
        assisted = "[b]" + _("assisted") + "[/b]"
        right = f"{assisted} · {right}" if right else assisted
    # What does not fit the line gives way: first who deals, then the preset's name.
    room = width - _cells(right) - 4
    choices = (
        f"{title}{mode} · {preset} │ {coto}{juego} · {hand}{dealing}",
        f"{title}{mode} · {preset} │ {coto}{juego} · {hand}",
        f"{title}{mode} │ {coto}{juego} · {hand}",
    )
    return next((c for c in choices if _cells(c) <= room), choices[-1]), right


def message_text(session: GameSession, view: SeatView, holding: bool) -> str:
    """The message line when no warning is on it: the trick held, the hand's end, the player's turn, who thinks."""
    return table_line(view, holding, session.narrator, timed=session.settings.pace != "wait", over=session.hand_over)


def table_line(view: SeatView, holding: bool, narrator: Narrator, *, timed: bool, over: bool) -> str:
    """The message line of a table, the game's own or a seat's at a hosted one: the trick held (``timed``: it
    goes by itself), the hand ``over``, the player's turn, who thinks."""
    if holding and view.tricks:
        trick = view.tricks[-1]
        if timed:
            to_you = _("[b]Trick {number} to you.[/b] [dim](Space to go on now)[/dim]")
            to_name = _("[b]Trick {number} to {name}.[/b] [dim](Space to go on now)[/dim]")
        elif over:
            to_you = _("[b]Trick {number} to you.[/b] Press Space to go on to the summary")
            to_name = _("[b]Trick {number} to {name}.[/b] Press Space to go on to the summary")
        else:
            to_you = _("[b]Trick {number} to you.[/b] Press Space to go on")
            to_name = _("[b]Trick {number} to {name}.[/b] Press Space to go on")
        text = to_you if trick.winner == HUMAN else to_name
        return text.format(number=len(view.tricks), name=narrator.name(trick.winner))
    if over:
        return _("The hand is over.")
    if view.my_turn:
        return turn_text(view, one_of(declaration_offers(view)))
    seat = shown_to_move(view)
    if seat is None or seat == view.seat:
        return "[dim]…[/dim]"
    return "[dim]" + _("{name} is thinking…").format(name=narrator.name(seat)) + "[/dim]"


def turn_text(view: SeatView, offers: str) -> str:
    """The message line on the player's turn; ``offers``: the declarations open (``""`` for none)."""
    if view.stage is Stage.PREDRAW:
        return _("[b]Your turn:[/b] {offers} before the last draw, or pass (p)").format(offers=offers)
    if view.stage is Stage.WINDOW:
        return _("[b]Your turn:[/b] your partner won the trick — {offers}, or pass (p)").format(offers=offers)
    if offers and view.trick:
        return _("[b]Your turn:[/b] {offers} first, or play a card").format(offers=offers)
    if offers:
        return _("[b]Your lead:[/b] {offers} first, or play a card").format(offers=offers)
    if view.trick:
        return _("[b]Your turn:[/b] play a card — keys 1-6, ←/→ and Enter, or click")
    return _("[b]Your lead:[/b] play a card — keys 1-6, ←/→ and Enter, or click")
