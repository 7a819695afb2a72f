"""A corpus of played hands for measuring the coach's verdicts: dealt by self-play, kept as history files.

Each file of the corpus is an engine history (:func:`~guinote_tui.engine.history_dict`,
``"format": "guinote-history"``) whose **last hand** is the hand the
benchmark reviews; the hands before it only bring the scores it starts from.
A hand de vueltas (a juego's second hand onward, scores carried) can only be
replayed with the hands that carried them, so its file holds the whole match
up to it.

:func:`deal_corpus` plays matches between bots (seat 0 by one bot, every
other seat by another) and keeps, per table size, the first hand of the
first juego of some matches and the first hand de vueltas of others, half
and half. What a hand holds is read back from the file, never stored beside
it (:func:`hand_kinds`): whether it is de vueltas, whether a side's running
total (carried in, plus the hand's points) reaches :data:`NEAR_POINTS` at some
moment of it, and whether it decides the juego.

:func:`seat_decisions` replays the last hand and lists the reviewed seat's
decisions in it, with the view the coach is given at each one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guinote_tui.engine import Action, Card, HandState, Match, Rules, SeatView, read_history, save_history, seat_view

#: A side whose running total reaches this many points is near the 101 that wins the juego: the decisions
#: from then on may decide it.
NEAR_POINTS = 90
#: The table sizes and the names their files start with.
TABLES = {2: "heads-up", 4: "pairs"}


@dataclass(frozen=True)
class SeatDecision:
    """One decision of the reviewed seat in a corpus hand."""

    #: The action's index among the hand's actions (what :func:`~guinote_tui.coach.decision_rng` is given).
    index: int
    view: SeatView
    played: Action
    #: The hand's deck, top first (the other half of the decision's generator).
    deck: tuple[Card, ...]
    #: A side's running total had reached :data:`NEAR_POINTS` when the seat chose.
    near_juego: bool

    @property
    def phase(self) -> str:
        return "arrastre" if self.view.in_arrastre else "phase 1"

    @property
    def choices(self) -> int:
        return len(self.view.legal)


def replay_hands(match: Match) -> list[HandState]:
    """Every hand of ``match`` (a loaded history) replayed from its deal, as the review replays them."""
    records = match.records()
    replay = Match(match.players, match.rules, seed=match.seed, dealer=records[0].dealer, deck=records[0].deck)
    hands = []
    for number, record in enumerate(records, start=1):
        if number > 1:
            replay.next_hand(record.deck)
        hands.append(replay.hand)
        for who, action in record.actions:
            replay.apply(action, who)
    return hands


def _fresh(hand: HandState) -> HandState:
    """The hand ``hand`` was dealt as, before its first action."""
    return HandState(hand.deck, hand.dealer, hand.rules, hand.players, hand.carried, hand.first_of_juego, False)


def _near(state: HandState) -> bool:
    return any(state.carried[s] + state.points[s] >= NEAR_POINTS for s in (0, 1))


def seat_decisions(match: Match, seat: int = 0) -> tuple[list[SeatDecision], int]:
    """The decisions ``seat`` took in the last hand of ``match``, and how many it took in the hands before.

    A decision is an action of the seat while the seat was to move (as
    :func:`~guinote_tui.coach.review_match` counts them), forced ones included.
    """
    hands = replay_hands(match)
    earlier = sum(1 for hand in hands[:-1] for who, _ in hand.log if who == seat)
    last = hands[-1]
    state = _fresh(last)
    out = []
    for index, (who, action) in enumerate(last.log):
        if who == seat and state.to_move == seat:
            view = seat_view(state, seat, events=False)
            if action in view.legal:
                out.append(SeatDecision(index, view, action, state.deck, _near(state)))
        state.apply(action, who)
    return out, earlier


def hand_kinds(match: Match) -> dict[str, bool]:
    """What the last hand of ``match`` holds: ``vueltas`` (a juego's second hand onward), ``near_juego`` (a side's
    running total reaches :data:`NEAR_POINTS` during it) and ``decides`` (it decides the juego)."""
    last = replay_hands(match)[-1]
    state = _fresh(last)
    near = _near(state)
    for who, action in last.log:
        state.apply(action, who)
        near = near or _near(state)
    result = last.result
    return {
        "vueltas": not last.first_of_juego,
        "near_juego": near,
        "decides": result is not None and result.juego_winner is not None,
    }


def _play_hand(match: Match, bots: Sequence[Any], rngs: Sequence[random.Random]) -> None:
    from guinote_tui.ai import decide

    hand = match.hand
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        match.apply(decide(bots[seat], hand, seat, rngs[seat]), seat)


def deal_table(players: int, hands: int, seed: int, player: str, others: str) -> list[tuple[str, Match]]:
    """``hands`` corpus hands at a table of ``players``: the first ``hands - hands // 2`` from a match's first hand,
    the rest from a match's first hand de vueltas; each as ``(kind, match up to that hand)``.

    Matches are dealt from ``seed`` one after the other until both quotas are
    filled; a match gives its first hand while first hands are wanted, and
    its first hand de vueltas (within its first four hands) while those are.
    """
    from guinote_tui.ai import make_bot

    wanted = {"first": hands - hands // 2, "vueltas": hands // 2}
    kept: list[tuple[str, Match]] = []
    number = 0
    while wanted["first"] or wanted["vueltas"]:
        number += 1
        if number > 50 * max(1, hands):
            raise RuntimeError("no hand de vueltas came up in far more matches than it takes")
        match_seed = seed * 1_000_003 + players * 10_007 + number
        bots = [make_bot(player if s == 0 else others) for s in range(players)]
        rngs = [random.Random(f"corpus:{match_seed}:{s}") for s in range(players)]
        match = Match(players, Rules(), seed=match_seed, events=False)
        match.table = {
            "seats": {str(s): player if s == 0 else others for s in range(players)},
            "corpus": {"seed": seed, "match": number},
        }
        _play_hand(match, bots, rngs)
        if wanted["first"]:
            wanted["first"] -= 1
            kept.append(("first", _copy(match)))
        for _ in range(3):
            if not wanted["vueltas"] or match.is_over:
                break
            match.next_hand()
            _play_hand(match, bots, rngs)
            if match.hand.first_of_juego:  # the last hand decided its juego: a new one starts
                continue
            wanted["vueltas"] -= 1
            kept.append(("vueltas", _copy(match)))
            break
    return kept


def _copy(match: Match) -> Match:
    """A replayed copy of ``match`` as it stands (the original goes on being played)."""
    from guinote_tui.engine import history_dict, load_history

    return load_history(history_dict(match))


def corpus_files(folder: Path) -> list[Path]:
    """The history files of a corpus folder, heads-up first, each table in name order."""
    if not folder.is_dir():
        return []
    found = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    order = {name: i for i, name in enumerate(TABLES.values())}
    return sorted(found, key=lambda p: (order.get(p.stem.rsplit("-", 1)[0], len(order)), p.name))


def deal_corpus(
    folder: Path, hands: int, seed: int, player: str, others: str, sizes: Sequence[int] = (2, 4)
) -> list[Path]:
    """Deal ``hands`` hands per table size into ``folder`` (``heads-up-01.json``, ``pairs-01.json``...)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for players in sizes:
        for number, (_, match) in enumerate(deal_table(players, hands, seed, player, others), start=1):
            path = folder / f"{TABLES[players]}-{number:02d}.json"
            save_history(match, path)
            written.append(path)
    return written


def load_corpus(folder: Path) -> dict[str, dict[str, Any]]:
    """Every history of a corpus folder by file name, as a JSON-ready dictionary (raises ``HistoryError``)."""
    from guinote_tui.engine import history_dict

    return {path.name: history_dict(read_history(path)) for path in corpus_files(folder)}


def corpus_counts(kinds: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """Per table (and over all): hands, hands de vueltas, hands where a side reaches :data:`NEAR_POINTS`, hands
    that decide the juego. ``kinds``: per hand, its ``players`` and its :func:`hand_kinds`."""
    out: dict[str, dict[str, int]] = {}
    for label, size in (("all", None), *((name, players) for players, name in TABLES.items())):
        mine = [k for k in kinds.values() if size is None or k["players"] == size]
        if not mine and size is not None:
            continue
        out[label] = {
            "hands": len(mine),
            "vueltas": sum(1 for k in mine if k["vueltas"]),
            "near_juego": sum(1 for k in mine if k["near_juego"]),
            "decides": sum(1 for k in mine if k["decides"]),
        }
    return out


def digest(history: Mapping[str, Any]) -> str:
    """A short fingerprint of a history: the same file gives the same text."""
    import hashlib

    text = json.dumps(history, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
