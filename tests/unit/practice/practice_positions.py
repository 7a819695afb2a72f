"""Hand-built heads-up arrastre positions for the practice tests: the hands given, the rest of the deck played."""

from __future__ import annotations

import random
from collections.abc import Callable

from guinote_tui.engine import HandState, PositionError, Rules, build_position, parse_cards
from guinote_tui.practice.exact import UNDECIDED, arrastre_outcomes


def juego_open(state: HandState) -> bool:
    """Every legal card leaves the juego undecided: only points are at stake."""
    return all(outcome.juego == UNDECIDED for outcome in arrastre_outcomes(state).values())


def arrastre_position(
    seat_hand: str,
    rival_hand: str,
    muestra: str,
    *,
    seat: int = 0,
    trick: str = "",
    preset: str = "aragones",
    vueltas: bool = False,
    need: tuple[int, int] | None = None,
    accept: Callable[[HandState], bool] = lambda state: True,
) -> HandState:
    """A heads-up arrastre position where ``seat`` holds ``seat_hand``, the rival ``rival_hand`` and has led
    ``trick``; the other cards were played in tricks arranged (seeded) so that play could reach it.

    ``need`` sets the scores carried in so that each side still needs that many points to reach the target (de
    vueltas); ``accept`` refuses arrangements (their trick points differ) until one fits.
    """
    rules = Rules.preset(preset)
    hands = [parse_cards(seat_hand), parse_cards(rival_hand)]
    if seat == 1:
        hands.reverse()
    current = parse_cards(trick)
    shown = parse_cards(muestra)[0]
    held = {*hands[0], *hands[1], *current}
    rest = [card for card in range(40) if card not in held]
    rng = random.Random(0)
    for attempt in range(2000):
        rng.shuffle(rest)
        tricks = [rest[i : i + 2] for i in range(0, len(rest), 2)]
        for drawn_by in (0, 1):
            try:
                state = build_position(
                    hands,
                    shown,
                    dealer=attempt % 2,
                    rules=rules,
                    drawn_by=drawn_by,
                    tricks=tricks,
                    trick=current,
                    first_of_juego=not vueltas,
                )
                if need is not None:
                    carried = tuple(rules.target - need[side] - state.points[side] for side in (0, 1))
                    if min(carried) < 0:
                        continue
                    state = build_position(
                        hands,
                        shown,
                        dealer=attempt % 2,
                        rules=rules,
                        drawn_by=drawn_by,
                        tricks=tricks,
                        trick=current,
                        first_of_juego=not vueltas,
                        carried=(carried[0], carried[1]),
                    )
            except PositionError:
                continue
            if state.to_move == seat and accept(state):
                return state
    raise AssertionError("no arrangement of the other cards reaches this position")
