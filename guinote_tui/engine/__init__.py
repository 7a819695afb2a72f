"""The rules engine: pure Python, deterministic, no user interface.

The vocabulary follows RULES.md: :class:`Card` and :class:`Suit`,
:class:`Rules` with its presets, :class:`HandState` for one hand,
:class:`Match` for juegos and cotos, :class:`SeatView` for what one seat may
see, and the actions :class:`Play`, :class:`Sing`, :class:`Swap`,
:class:`DeclareTute` and :class:`Pass`.
"""

from .actions import (
    PASS,
    PLAY,
    SING,
    SWAP,
    TUTE,
    Action,
    ActionError,
    DeclareTute,
    Pass,
    Play,
    Sing,
    Swap,
    parse_action,
)
from .cards import CARDS, RANKS, Card, CardError, Suit, format_cards, parse_cards, parse_deck
from .errors import HistoryError, IllegalAction
from .hand import Cante, HandResult, HandState, SwapMade, Trick, card_tables, side_of
from .history import dumps, history_dict, load_history, read_history, save_history
from .match import HandRecord, Match
from .obligations import Obligation, allowed_cards
from .rules import PRESETS, Rules, RulesError
from .views import SeatView, seat_view

__all__ = [
    "CARDS",
    "PASS",
    "PLAY",
    "PRESETS",
    "RANKS",
    "SING",
    "SWAP",
    "TUTE",
    "Action",
    "ActionError",
    "Cante",
    "Card",
    "CardError",
    "DeclareTute",
    "HandRecord",
    "HandResult",
    "HandState",
    "HistoryError",
    "IllegalAction",
    "Match",
    "Obligation",
    "Pass",
    "Play",
    "Rules",
    "RulesError",
    "SeatView",
    "Sing",
    "Suit",
    "Swap",
    "SwapMade",
    "Trick",
    "allowed_cards",
    "card_tables",
    "dumps",
    "format_cards",
    "history_dict",
    "load_history",
    "parse_action",
    "parse_cards",
    "parse_deck",
    "read_history",
    "save_history",
    "seat_view",
    "side_of",
]
