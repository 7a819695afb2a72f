"""The rules engine: pure Python, deterministic, no user interface.

The vocabulary follows the rulebook (docs/rules.md): :class:`Card` and
:class:`Suit`, :class:`Rules` with its presets, :class:`HandState` for one
hand (its :class:`Stage` and, once over, a :class:`HandResult` with its
:class:`Termination`), :class:`Match` for juegos and cotos, :class:`SeatView`
for what one seat may see, the actions :class:`Play`, :class:`Sing`,
:class:`Swap`, :class:`DeclareTute` and :class:`Pass`, the events a hand
records (:mod:`.events`), and positions (:mod:`.position`: a hand built from
where its cards lie, e.g. :func:`position_from_view`, checked by
:func:`check_position` of :mod:`.reachable`, and its one-line notation,
:func:`parse_position`). The rules are also offered as fast
primitives on bit masks for searches (:mod:`.masks`: :func:`rule_tables`,
:func:`allowed_mask`, :func:`winner_index`, :func:`open_cantes`,
:func:`capote`, :class:`JuegoOutcome`), the same code the hand plays by. Other packages import from here, not from
the submodules; each name's submodule is imported the first time the name is used (:func:`__getattr__`), so a
command that needs the rules' names and not a hand (the help, the statistics) loads only what it uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as a type checker reads them; at run time each is imported on first use
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
    from .cards import (
        CARDS,
        RANK_NAMES,
        RANKS,
        TUTE_RANKS,
        Card,
        CardError,
        Suit,
        format_cards,
        parse_cards,
        parse_deck,
    )
    from .errors import EngineError, ErrorCode, HistoryError, IllegalAction, Refusal
    from .events import (
        ArrastreBegun,
        CanteSung,
        CardDrawn,
        CardPlayed,
        Dealt,
        Event,
        HandEnded,
        LastTrickTen,
        MuestraTaken,
        Passed,
        SevenChanged,
        TrickWon,
        TuteDeclared,
        visible_to,
    )
    from .hand import HandState, side_of
    from .history import dumps, history_dict, load_history, read_history, save_history
    from .limits import MAX_HANDS, SEED_RANGE
    from .masks import ALL_CARDS, RuleTables, best_cante, cards_of, mask_of, open_cantes, rule_tables, tutes_held
    from .match import HandRecord, Match
    from .obligations import Obligation, allowed_cards, allowed_mask, revealed_absent, trick_obligation
    from .outcome import (
        JUEGO,
        LAST_TRICK_POINTS,
        TUTE_POINTS,
        JuegoOutcome,
        capote,
        judge_hand,
        juego_value,
        line_value,
    )
    from .position import build_position, format_position, parse_position, position_from_view
    from .reachable import PositionError, check_position
    from .records import Cante, HandResult, SwapMade, Trick
    from .rules import PRESETS, Rules, RulesError
    from .stages import Stage, Termination
    from .tricks import (
        SUIT_MASK,
        CardTables,
        WinReason,
        beat_table,
        beats,
        card_tables,
        trick_winner,
        win_reason,
        winner_index,
    )
    from .views import SeatView, seat_view

#: Where each name is defined: the submodule imported the first time the name is used (:func:`__getattr__`).
_HOMES: dict[str, str] = {
    "actions": "PASS PLAY SING SWAP TUTE Action ActionError DeclareTute Pass Play Sing Swap parse_action",
    "cards": "CARDS RANK_NAMES RANKS TUTE_RANKS Card CardError Suit format_cards parse_cards parse_deck",
    "errors": "EngineError ErrorCode HistoryError IllegalAction Refusal",
    "events": (
        "ArrastreBegun CanteSung CardDrawn CardPlayed Dealt Event HandEnded LastTrickTen MuestraTaken Passed"
        " SevenChanged TrickWon TuteDeclared visible_to"
    ),
    "hand": "HandState side_of",
    "history": "dumps history_dict load_history read_history save_history",
    "limits": "MAX_HANDS SEED_RANGE",
    "masks": "ALL_CARDS RuleTables best_cante cards_of mask_of open_cantes rule_tables tutes_held",
    "match": "HandRecord Match",
    "obligations": "Obligation allowed_cards allowed_mask revealed_absent trick_obligation",
    "outcome": "JUEGO LAST_TRICK_POINTS TUTE_POINTS JuegoOutcome capote judge_hand juego_value line_value",
    "position": "build_position format_position parse_position position_from_view",
    "reachable": "PositionError check_position",
    "records": "Cante HandResult SwapMade Trick",
    "rules": "PRESETS Rules RulesError",
    "stages": "Stage Termination",
    "tricks": "SUIT_MASK CardTables WinReason beat_table beats card_tables trick_winner win_reason winner_index",
    "views": "SeatView seat_view",
}
_HOME = {name: module for module, names in _HOMES.items() for name in names.split()}

__all__ = [
    "ALL_CARDS",
    "CARDS",
    "JUEGO",
    "LAST_TRICK_POINTS",
    "MAX_HANDS",
    "PASS",
    "PLAY",
    "PRESETS",
    "RANKS",
    "RANK_NAMES",
    "SEED_RANGE",
    "SING",
    "SUIT_MASK",
    "SWAP",
    "TUTE",
    "TUTE_POINTS",
    "TUTE_RANKS",
    "Action",
    "ActionError",
    "ArrastreBegun",
    "Cante",
    "CanteSung",
    "Card",
    "CardDrawn",
    "CardError",
    "CardPlayed",
    "CardTables",
    "Dealt",
    "DeclareTute",
    "EngineError",
    "ErrorCode",
    "Event",
    "HandEnded",
    "HandRecord",
    "HandResult",
    "HandState",
    "HistoryError",
    "IllegalAction",
    "JuegoOutcome",
    "LastTrickTen",
    "Match",
    "MuestraTaken",
    "Obligation",
    "Pass",
    "Passed",
    "Play",
    "PositionError",
    "Refusal",
    "RuleTables",
    "Rules",
    "RulesError",
    "SeatView",
    "SevenChanged",
    "Sing",
    "Stage",
    "Suit",
    "Swap",
    "SwapMade",
    "Termination",
    "Trick",
    "TrickWon",
    "TuteDeclared",
    "WinReason",
    "allowed_cards",
    "allowed_mask",
    "beat_table",
    "beats",
    "best_cante",
    "build_position",
    "capote",
    "card_tables",
    "cards_of",
    "check_position",
    "dumps",
    "format_cards",
    "format_position",
    "history_dict",
    "judge_hand",
    "juego_value",
    "line_value",
    "load_history",
    "mask_of",
    "open_cantes",
    "parse_action",
    "parse_cards",
    "parse_deck",
    "parse_position",
    "position_from_view",
    "read_history",
    "revealed_absent",
    "rule_tables",
    "save_history",
    "seat_view",
    "side_of",
    "trick_obligation",
    "trick_winner",
    "tutes_held",
    "visible_to",
    "win_reason",
    "winner_index",
]


def __getattr__(name: str) -> Any:
    """The name ``name`` of the engine, its submodule imported now (an import of the engine loads nothing more).

    ``guinote --help`` and ``guinote stats --json`` need a few of the engine's names: importing every
    submodule would cost more than the rest of the command.
    """
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(__import__(module, globals(), None, (name,), 1), name)  # from .module import name
    globals()[name] = value  # (found directly from now on)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
