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
the submodules; each name's submodule is imported the first time the name is used (:mod:`.lazy`), so a
command that needs the rules' names and not a hand (the help, the statistics) loads only what it uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_exports

if TYPE_CHECKING:  # the names as a type checker reads them; at run time each is imported on first use
    from .actions import (
        PASS as PASS,
    )
    from .actions import (
        PLAY as PLAY,
    )
    from .actions import (
        SING as SING,
    )
    from .actions import (
        SWAP as SWAP,
    )
    from .actions import (
        TUTE as TUTE,
    )
    from .actions import (
        Action as Action,
    )
    from .actions import (
        ActionError as ActionError,
    )
    from .actions import (
        DeclareTute as DeclareTute,
    )
    from .actions import (
        Pass as Pass,
    )
    from .actions import (
        Play as Play,
    )
    from .actions import (
        Sing as Sing,
    )
    from .actions import (
        Swap as Swap,
    )
    from .actions import (
        parse_action as parse_action,
    )
    from .cards import (
        CARDS as CARDS,
    )
    from .cards import (
        RANK_NAMES as RANK_NAMES,
    )
    from .cards import (
        RANKS as RANKS,
    )
    from .cards import (
        TUTE_RANKS as TUTE_RANKS,
    )
    from .cards import (
        Card as Card,
    )
    from .cards import (
        CardError as CardError,
    )
    from .cards import (
        Suit as Suit,
    )
    from .cards import (
        format_cards as format_cards,
    )
    from .cards import (
        parse_cards as parse_cards,
    )
    from .cards import (
        parse_deck as parse_deck,
    )
    from .errors import (
        EngineError as EngineError,
    )
    from .errors import (
        ErrorCode as ErrorCode,
    )
    from .errors import (
        HistoryError as HistoryError,
    )
    from .errors import (
        IllegalAction as IllegalAction,
    )
    from .errors import (
        Refusal as Refusal,
    )
    from .events import (
        ArrastreBegun as ArrastreBegun,
    )
    from .events import (
        CanteSung as CanteSung,
    )
    from .events import (
        CardDrawn as CardDrawn,
    )
    from .events import (
        CardPlayed as CardPlayed,
    )
    from .events import (
        Dealt as Dealt,
    )
    from .events import (
        Event as Event,
    )
    from .events import (
        HandEnded as HandEnded,
    )
    from .events import (
        LastTrickTen as LastTrickTen,
    )
    from .events import (
        MuestraTaken as MuestraTaken,
    )
    from .events import (
        Passed as Passed,
    )
    from .events import (
        SevenChanged as SevenChanged,
    )
    from .events import (
        TrickWon as TrickWon,
    )
    from .events import (
        TuteDeclared as TuteDeclared,
    )
    from .events import (
        visible_to as visible_to,
    )
    from .hand import HandState as HandState
    from .hand import side_of as side_of
    from .history import (
        dumps as dumps,
    )
    from .history import (
        history_dict as history_dict,
    )
    from .history import (
        load_history as load_history,
    )
    from .history import (
        read_history as read_history,
    )
    from .history import (
        save_history as save_history,
    )
    from .ledger import Cante as Cante
    from .ledger import HandResult as HandResult
    from .ledger import SwapMade as SwapMade
    from .ledger import Trick as Trick
    from .limits import MAX_HANDS as MAX_HANDS
    from .limits import SEED_RANGE as SEED_RANGE
    from .masks import (
        ALL_CARDS as ALL_CARDS,
    )
    from .masks import (
        RuleTables as RuleTables,
    )
    from .masks import (
        best_cante as best_cante,
    )
    from .masks import (
        cards_of as cards_of,
    )
    from .masks import (
        mask_of as mask_of,
    )
    from .masks import (
        open_cantes as open_cantes,
    )
    from .masks import (
        rule_tables as rule_tables,
    )
    from .masks import (
        tutes_held as tutes_held,
    )
    from .match import HandRecord as HandRecord
    from .match import Match as Match
    from .obligations import (
        Obligation as Obligation,
    )
    from .obligations import (
        allowed_cards as allowed_cards,
    )
    from .obligations import (
        allowed_mask as allowed_mask,
    )
    from .obligations import (
        revealed_absent as revealed_absent,
    )
    from .obligations import (
        trick_obligation as trick_obligation,
    )
    from .outcome import (
        JUEGO as JUEGO,
    )
    from .outcome import (
        LAST_TRICK_POINTS as LAST_TRICK_POINTS,
    )
    from .outcome import (
        TUTE_POINTS as TUTE_POINTS,
    )
    from .outcome import (
        JuegoOutcome as JuegoOutcome,
    )
    from .outcome import (
        capote as capote,
    )
    from .outcome import (
        judge_hand as judge_hand,
    )
    from .outcome import (
        juego_value as juego_value,
    )
    from .outcome import (
        line_value as line_value,
    )
    from .position import (
        build_position as build_position,
    )
    from .position import (
        format_position as format_position,
    )
    from .position import (
        parse_position as parse_position,
    )
    from .position import (
        position_from_view as position_from_view,
    )
    from .reachable import PositionError as PositionError
    from .reachable import check_position as check_position
    from .rules import PRESETS as PRESETS
    from .rules import Rules as Rules
    from .rules import RulesError as RulesError
    from .stages import Stage as Stage
    from .stages import Termination as Termination
    from .tricks import (
        SUIT_MASK as SUIT_MASK,
    )
    from .tricks import (
        CardTables as CardTables,
    )
    from .tricks import (
        WinReason as WinReason,
    )
    from .tricks import (
        beat_table as beat_table,
    )
    from .tricks import (
        beats as beats,
    )
    from .tricks import (
        card_tables as card_tables,
    )
    from .tricks import (
        trick_winner as trick_winner,
    )
    from .tricks import (
        win_reason as win_reason,
    )
    from .tricks import (
        winner_index as winner_index,
    )
    from .views import SeatView as SeatView
    from .views import seat_view as seat_view

#: Each name of the ``TYPE_CHECKING`` imports above is imported the first time it is used (:mod:`.lazy`).
__getattr__, __dir__, __all__ = lazy_exports(__name__, __file__, globals())
