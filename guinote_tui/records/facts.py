"""What the statistics keep of a hand, computed from the engine's match: pure, no database.

The player sits at seat 0 and plays for side 0 (with seat 2 in pairs); the
rivals are side 1. Hands are numbered from 1 in the order the match played
them (:attr:`Match.finished`), juegos and cotos likewise within the match.

    >>> from guinote_tui.engine import Match
    >>> match = Match(players=2, seed=7)
    >>> while not match.hand.is_over:
    ...     match.apply(match.legal_actions()[0])
    >>> facts = hand_facts(match, 1)
    >>> facts.number, facts.juego_number, facts.first_of_juego
    (1, 1, True)
    >>> sum(facts.points) == sum(match.finished[0].result.points)
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import Termination

if TYPE_CHECKING:
    from ..engine import Match

#: The player's side.
PLAYER_SIDE = 0


@dataclass(frozen=True)
class TableInfo:
    """The table a hand was played at, as the statistics group it.

    ``rival_level`` and ``partner_level`` are bot specs (``normal``,
    ``hard:samples=12``); ``partner_level`` is ``None`` heads-up.
    ``rule_flags`` lists the flags changed from the preset (``tute=off``),
    empty for the plain preset. ``assisted``: undo, a hint or open hands
    were used in the match so far.
    """

    players: int
    rival_level: str
    partner_level: str | None = None
    rules_preset: str = "aragones"
    rule_flags: str = ""
    assisted: bool = False

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError(f"a table has 2 or 4 players, not {self.players}")
        if self.players == 2 and self.partner_level is not None:
            raise ValueError("a heads-up table has no partner")

    @classmethod
    def of_match(cls, match: Match, assisted: bool | None = None) -> TableInfo:
        """The table of a match from what the interface keeps in ``match.table``.

        ``match.table["seats"]`` maps each bot seat (``"1"``, ``"2"``, ``"3"``) to
        its spec and ``match.table["assisted"]`` says whether the match is
        assisted (``assisted`` overrides it). Missing seats count as ``normal``.
        """
        record: dict[str, Any] = match.table if isinstance(match.table, dict) else {}
        seats = record.get("seats") if isinstance(record.get("seats"), dict) else {}
        assert isinstance(seats, dict)
        rival = str(seats.get("1", "normal"))
        partner = str(seats.get("2", rival)) if match.players == 4 else None
        flags = " ".join(f"{name}={value}" for name, value in sorted(match.rules.differences().items()))
        if assisted is None:
            assisted = bool(record.get("assisted", False))
        return cls(match.players, rival, partner, match.rules.preset_name, flags, assisted)


@dataclass(frozen=True)
class HandFacts:
    """One finished hand seen from the player's side (index 0 of each pair is the player's side).

    ``juego_won`` is True or False when the hand decided its juego for or
    against the player's side, None when it did not (de vueltas, a tie, treinta
    malas). ``coto_won`` likewise for the coto the hand closed, if any.
    """

    number: int
    coto_number: int
    juego_number: int
    first_of_juego: bool
    termination: Termination
    card_points: tuple[int, int]
    last_ten_side: int | None
    cante_points: tuple[int, int]
    capote_side: int | None
    capote_bonus: int
    points: tuple[int, int]
    totals: tuple[int, int]
    cantes: tuple[int, int]
    tute_seat: int | None
    juego_won: bool | None
    juego_hands: int
    coto_won: bool | None

    @property
    def tute_side(self) -> int | None:
        from ..engine import side_of

        return None if self.tute_seat is None else side_of(self.tute_seat)


def hand_facts(match: Match, number: int) -> HandFacts:
    """The facts of finished hand ``number`` (1 = the match's first) of ``match``.

    Raises ``ValueError`` for a hand that is not finished (or does not exist). (The engine's hands are imported
    here, not with the module: reading the statistics, ``guinote stats``, needs none.)
    """
    from ..engine import DeclareTute, Sing, side_of

    finished = match.finished
    if not 1 <= number <= len(finished):
        raise ValueError(f"the match has {len(finished)} finished hands, not a hand {number}")
    juegos = [0, 0]
    cotos_done = 0
    juegos_done = 0
    juego_start = 1
    for index, record in enumerate(finished[: number - 1], start=1):
        result = record.result
        assert result is not None
        side = result.juego_winner
        if side is None:
            continue
        juegos_done += 1
        juego_start = index + 1
        juegos[side] += 1
        if juegos[side] >= match.rules.juegos_per_coto:
            cotos_done += 1
            juegos = [0, 0]
    record = finished[number - 1]
    result = record.result
    assert result is not None
    cantes = [0, 0]
    tute_seat: int | None = None
    for seat, action in record.actions:
        if isinstance(action, Sing):
            cantes[side_of(seat)] += 1
        elif isinstance(action, DeclareTute):
            tute_seat = seat
    winner = result.juego_winner
    coto_won: bool | None = None
    if winner is not None and juegos[winner] + 1 >= match.rules.juegos_per_coto:
        coto_won = winner == PLAYER_SIDE
    return HandFacts(
        number=number,
        coto_number=cotos_done + 1,
        juego_number=juegos_done + 1,
        first_of_juego=result.first_of_juego,
        termination=result.reason,
        card_points=_pair(result.card_points),
        last_ten_side=result.last_trick_side,
        cante_points=_pair(result.cante_points),
        capote_side=result.capote_side,
        capote_bonus=result.capote_bonus,
        points=_pair(result.points),
        totals=_pair(result.totals),
        cantes=(cantes[0], cantes[1]),
        tute_seat=tute_seat,
        juego_won=None if winner is None else winner == PLAYER_SIDE,
        juego_hands=number - juego_start + 1,
        coto_won=coto_won,
    )


def _pair(values: tuple[int, ...]) -> tuple[int, int]:
    return (int(values[0]), int(values[1]))
