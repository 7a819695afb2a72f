"""The buttons of the declarations open to the player (sing, change the seven, tute, pass), with their keys.

The table and practice offer them the same way.
"""

from __future__ import annotations

from textual.widgets import Button

from ...engine import Action, DeclareTute, Pass, SeatView, Sing, Swap
from ...i18n import _

__all__ = ["ACTION_KEYS", "DeclarationButton", "action_label", "cante_label"]

#: The key that makes each kind of declaration.
ACTION_KEYS = {Sing: "s", Swap: "c", DeclareTute: "t", Pass: "p"}


def cante_label(sing: Sing, trump: int) -> str:
    """A cante as its button shows it: ``20 Copas``, ``40 Oros`` (the suits' names are Spanish in every language)."""
    return f"{40 if sing.suit == trump else 20} {sing.suit.title}"


def action_label(action: Action, view: SeatView) -> str:
    """Button text for a declaration the player may make now."""
    if isinstance(action, Sing):
        return cante_label(action, view.trump)  # the cante: "20 Copas", "40 Oros"
    if isinstance(action, Swap):
        return _("Change the {rank}").format(rank=action.card.rank)  # the 7 (or the 2) of trumps
    if isinstance(action, DeclareTute):
        # (Tute and the ranks' names are Spanish in every language.)
        return "Tute (Reyes)" if action.rank == 12 else "Tute (Sotas)" if action.rank == 10 else "Tute (Caballos)"
    return _("Pass")


class DeclarationButton(Button):
    """A button for one legal declaration (sing, change the seven, tute, pass).

    The button shows its key when the key makes it at once; two cantes open
    show none (``s`` asks which, by the suit's letter; a click sings one).
    """

    def __init__(self, action: Action, label: str, keyed: bool = True) -> None:
        text = f"({ACTION_KEYS[type(action)]}) {label}" if keyed else label
        super().__init__(text, classes="declaration", compact=True)
        self.action_taken = action
