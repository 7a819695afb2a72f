"""What the statistics keep of a hand, computed from the engine's match: pure, no database.

The player sits at seat 0 and plays for side 0 (with seat 2 in pairs); the
rivals are side 1. Hands are numbered from 1 in the order the match played
them (:attr:`Match.finished`), juegos and cotos likewise within the match.
(A hand seen from a seat at a table of people, with no match at hand, is
worth the same facts: :func:`.seen.seen_hand_facts`.)

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
    from collections.abc import Iterable

    from ..engine import Match, Rules

#: The player's side.
PLAYER_SIDE = 0


def rule_flags(rules: Rules) -> str:
    """The flags of ``rules`` changed from their preset, as the statistics keep them (``tute=off``; "" for none)."""
    return " ".join(f"{name}={value}" for name, value in sorted(rules.differences().items()))


@dataclass(frozen=True)
class TableInfo:
    """The table a hand was played at, as the statistics group it.

    ``rival_level`` and ``partner_level`` are bot specs (``normal``,
    ``hard:samples=12``); ``partner_level`` is ``None`` heads-up.
    ``rule_flags`` lists the flags changed from the preset (``tute=off``),
    empty for the plain preset. ``assisted``: undo, a hint or open hands
    were used in the match so far, or (at a table with people) a bot played
    the player's seat while they were away.

    At a table with people (:meth:`with_people`), ``rival_people`` counts
    the rivals who were people (0 to 2; 0 or 1 heads-up) and
    ``partner_person`` says the partner was one; the levels are then those
    of the table's bots, which play the other seats (and a person's seat
    while they are away). A table with people is never rated and its
    results are kept apart from those against the bots.
    """

    players: int
    rival_level: str
    partner_level: str | None = None
    rules_preset: str = "aragones"
    rule_flags: str = ""
    assisted: bool = False
    rival_people: int = 0
    partner_person: bool = False

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError(f"a table has 2 or 4 players, not {self.players}")
        if self.players == 2 and self.partner_level is not None:
            raise ValueError("a heads-up table has no partner")
        if not 0 <= self.rival_people <= self.players // 2:
            raise ValueError(f"a table of {self.players} has no {self.rival_people} rivals")
        if self.players == 2 and self.partner_person:
            raise ValueError("a heads-up table has no partner")

    @property
    def with_people(self) -> bool:
        """Whether another seat than the player's was a person's."""
        return bool(self.rival_people or self.partner_person)

    @classmethod
    def at_table_with_people(
        cls,
        players: int,
        people: Iterable[int],
        level: str,
        rules: Rules,
        assisted: bool = False,
        seat: int = 0,
    ) -> TableInfo:
        """The table of a seat at a hosted table: ``people`` are the seats people sat at.

        ``seat`` is the player's own seat in the numbering of ``people``: the
        table's seats (0 to ``players - 1`` in playing order, as the host's
        welcome lists them) with ``seat`` the player's; by default the seats
        are counted from the player's (1: the next in playing order, 2: the
        partner in pairs, 3: the other rival). The player's own seat may be
        listed or not. ``level`` is the level of the table's bots.

            >>> from guinote_tui.engine import Rules
            >>> TableInfo.at_table_with_people(4, {0, 2, 3}, "hard", Rules.preset("aragones", tute="off"))
            TableInfo(players=4, rival_level='hard', partner_level='hard', rules_preset='aragones', \
rule_flags='tute=off', assisted=False, rival_people=1, partner_person=True)
            >>> TableInfo.at_table_with_people(4, [1, 3], "hard", Rules(), seat=3).partner_person  # 1 sits opposite 3
            True
        """
        listed = set(people)
        if not 0 <= seat < players or not listed <= set(range(players)):
            raise ValueError(f"a table of {players} has seats 0 to {players - 1}, not {sorted(listed | {seat})}")
        seats = {(s - seat) % players for s in listed} - {0}
        return cls(
            players,
            level,
            level if players == 4 else None,
            rules.preset_name,
            rule_flags(rules),
            assisted,
            rival_people=len(seats & {1, 3}),
            partner_person=2 in seats,
        )

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
        if assisted is None:
            assisted = bool(record.get("assisted", False))
        return cls(match.players, rival, partner, match.rules.preset_name, rule_flags(match.rules), assisted)


@dataclass(frozen=True)
class HandFacts:
    """One finished hand seen from the player's side (index 0 of each pair is the player's side).

    ``juego_won`` is True or False when the hand decided its juego for or
    against the player's side, None when it did not (de vueltas, a tie, treinta
    malas). ``coto_won`` likewise for the coto the hand closed, if any.
    ``tute_seat`` is the seat that declared tute (counted from the player's),
    ``tute_side`` its side: given alone when the side is known and the seat
    is not (:func:`.seen.seen_hand_facts`), from the seat otherwise.
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
    tute_side: int | None = None

    def __post_init__(self) -> None:
        if self.tute_seat is not None:
            side = self.tute_seat & 1  # (the engine's side_of)
            if self.tute_side is None:
                object.__setattr__(self, "tute_side", side)
            elif self.tute_side != side:
                raise ValueError(f"seat {self.tute_seat} is not on side {self.tute_side}")


def hand_facts(match: Match, number: int, seat: int = 0) -> HandFacts:
    """The facts of finished hand ``number`` (1 = the match's first) of ``match``, for the player at ``seat``.

    The player sits at seat 0 unless ``seat`` says otherwise: the facts are
    then turned to that seat's side (its side's figures first, the seats
    counted from it), as its player's statistics keep them.

    Raises ``ValueError`` for a hand that is not finished (or does not exist). (The engine's hands are imported
    here, not with the module: reading the statistics, ``guinote stats``, needs none.)
    """
    from ..engine import DeclareTute, Sing, side_of

    finished = match.finished
    if not 1 <= number <= len(finished):
        raise ValueError(f"the match has {len(finished)} finished hands, not a hand {number}")
    if not 0 <= seat < match.players:
        raise ValueError(f"the match has seats 0 to {match.players - 1}, not {seat}")
    mine = side_of(seat)
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
    for actor, action in record.actions:
        if isinstance(action, Sing):
            cantes[side_of(actor)] += 1
        elif isinstance(action, DeclareTute):
            tute_seat = actor
    winner = result.juego_winner
    coto_won: bool | None = None
    if winner is not None and juegos[winner] + 1 >= match.rules.juegos_per_coto:
        coto_won = winner == mine
    return HandFacts(
        number=number,
        coto_number=cotos_done + 1,
        juego_number=juegos_done + 1,
        first_of_juego=result.first_of_juego,
        termination=result.reason,
        card_points=_pair(result.card_points, mine),
        last_ten_side=_side(result.last_trick_side, mine),
        cante_points=_pair(result.cante_points, mine),
        capote_side=_side(result.capote_side, mine),
        capote_bonus=result.capote_bonus,
        points=_pair(result.points, mine),
        totals=_pair(result.totals, mine),
        cantes=_pair(cantes, mine),
        tute_seat=None if tute_seat is None else (tute_seat - seat) % match.players,
        juego_won=None if winner is None else winner == mine,
        juego_hands=number - juego_start + 1,
        coto_won=coto_won,
    )


def _pair(values: tuple[int, ...] | list[int], mine: int = PLAYER_SIDE) -> tuple[int, int]:
    """A pair of figures by side, the side ``mine``'s first."""
    return (int(values[mine]), int(values[1 - mine]))


def _side(side: int | None, mine: int = PLAYER_SIDE) -> int | None:
    """A side as seen from the side ``mine`` (0: ``mine``)."""
    return None if side is None else side ^ mine
