"""The themes a teacher names, and the difficulty, of an exact decision: assigned by rule, never by hand.

:func:`analyse` solves a decision (:mod:`.exact`): every legal card's
outcome and its line with best play. The *shown* line is the line of the
correct card the solution shows (:func:`~.exact.shown_card`). A theme applies
when its rule below holds; a wrong card is a legal card that is not correct.
They are listed in this order, the first being the puzzle's main theme:

``juego-now`` — Win the juego now
    A correct card wins the juego before the next trick is led, whatever the
    rival plays to this trick: the trick reaches the target de vueltas, or
    the seat then declares a tute or sings a cante that reaches it. Every
    phase-1 puzzle has it.
``treinta-malas`` — Treinta malas
    The first hand of a juego under ``treinta_malas`` (aragonés): 101 wins
    only with 30 from cards and the last ten. Solved again with the flag off,
    the decision's correct cards are not the same: treinta malas decides it.
    (Heads-up: the arrastre and the last draw.)
``change-seven`` — Win the trick to change the seven
    At the last draw: the seat changes the seven of trumps for the muestra
    in the shown line, and not in a wrong card's line, and the change
    decides it: solved again with the seat not allowed to change, the
    decision's correct cards are not the same (or not the same on every
    layout).
``last-draw`` — The last draw
    The decision completes the last trick before the stock runs out (its
    winner draws the last face-down card, the other the muestra): every
    last-draw puzzle has it.
``load-partner`` — Load your partner's trick (pairs)
    The partner takes the trick on the table in the shown line and in a
    wrong card's line, and the shown card is worth more points than that
    wrong card: the points go to the partner's trick.
``leave-partner`` — Leave it to your partner (pairs)
    The partner takes the trick on the table in the shown line, and the seat
    itself takes it in a wrong card's line.
``save-points`` — Keep your points from the rivals (pairs)
    The rivals take the trick on the table in the shown line and in a wrong
    card's line, and the shown card is worth fewer points than that wrong
    card.
``last-ten`` — The ten for the last trick
    The shown line takes the last trick and a wrong card's line gives it to
    the rival (both played to the end, neither a capote), and the ten decides
    the difference: with the ten moved to the other side (and the last trick
    with it, for a tie over the target) the shown line would not do better
    than the wrong card's in the juego, or the wrong card's would do as well
    as the shown one's; where only points differ, the wrong card gives away
    no more than the 20 points the ten swings.
``void-suit`` — Lead the suit the rival lacks
    The seat leads, every correct card is of a suit the rival holds none of
    (trumps included), and a wrong card is of a suit the rival holds.
``count-trumps`` — Count the trumps
    The seat leads, both hold trumps, and whether to lead one decides it:
    every correct card is a trump and a wrong card is not, or no correct card
    is a trump and a wrong card is one.
``sing`` — Win a trick to sing
    The seat's side sings more cante points in the shown line than in a wrong
    card's line.
``stop-cante`` — Stop the rival's cante
    The rival sings less in the shown line than in a wrong card's line.
``catch-ace-three`` — Catch an ace or a three
    The seat's side takes, in the trick in progress, more points in aces and
    threes played by the rival's side in the shown line than in a wrong
    card's line.
``keep-ace-three`` — Keep your ace or three safe
    The rival's side takes, in the trick in progress, fewer points in aces
    and threes played by the seat's side in the shown line than in a wrong
    card's line.
``take-trick`` — Take the trick
    The seat's side takes the trick in progress in the shown line (the seat
    leading or following), and the rival's side takes it in a wrong card's
    line (heads-up as in pairs).
``let-it-go`` — Let the trick go
    The rival's side takes the trick in progress in the shown line, and the
    seat's side takes it in a wrong card's line (heads-up as in pairs).
``juego`` — Play for the juego
    A wrong card gives away the juego.
``points`` — Every point counts
    No wrong card gives away the juego: only points are at stake.

Every puzzle ends with ``juego`` or ``points`` (its stake), so a puzzle with
no other theme has that one. (The capote would be a theme too, but it decides
almost no arrastre: it needs a side without a trick after phase 1's
fourteen. Treinta malas decides almost no decision of a juego's first hand in
self-play, and the bots change the seven as soon as they may: the generator
builds the positions of these two themes, ``guinote_lab/built_puzzles.py``.)

Difficulty, 1 to 5 stars (:func:`difficulty`): 1, plus the depth (the tricks
to read, :func:`depth`: for the wrong card whose loss shows last, the first
trick from which its line stays behind the shown one to the end): +0 for one
trick, +1 for two, +2 for three or more; plus the choice: +2 when a single
card of three or more is correct, else +1 when at least as many cards lose as
are correct.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine import (
    PLAY,
    Card,
    DeclareTute,
    HandState,
    Play,
    Sing,
    Swap,
    Trick,
    format_position,
    judge_hand,
    parse_position,
)
from ..i18n import N_, _
from .exact import (
    ARRASTRE,
    LASTDRAW,
    PAIRS,
    PHASE1,
    WON,
    CardOutcome,
    Line,
    correct_cards,
    exact_outcomes,
    lastdraw_outcomes,
    line_for,
    loss_of,
    shown_card,
)

JUEGO_NOW = "juego-now"
TREINTA_MALAS = "treinta-malas"
CHANGE_SEVEN = "change-seven"
LAST_DRAW = "last-draw"
LOAD_PARTNER = "load-partner"
LEAVE_PARTNER = "leave-partner"
TAKE_TRICK = "take-trick"
LET_IT_GO = "let-it-go"
SAVE_POINTS = "save-points"
LAST_TEN = "last-ten"
CATCH_ACE_THREE = "catch-ace-three"
KEEP_ACE_THREE = "keep-ace-three"
VOID_SUIT = "void-suit"
COUNT_TRUMPS = "count-trumps"
SING = "sing"
STOP_CANTE = "stop-cante"
JUEGO = "juego"
POINTS = "points"

#: Every theme in the order a puzzle lists them (the first that applies is its main theme), with its name.
THEME_NAMES: dict[str, str] = {
    JUEGO_NOW: N_("Win the juego now"),
    TREINTA_MALAS: N_("Treinta malas"),
    CHANGE_SEVEN: N_("Win the trick to change the seven"),
    LAST_DRAW: N_("The last draw"),
    LOAD_PARTNER: N_("Load your partner's trick"),
    LEAVE_PARTNER: N_("Leave it to your partner"),
    SAVE_POINTS: N_("Keep your points from the rivals"),
    LAST_TEN: N_("The ten for the last trick"),
    VOID_SUIT: N_("Lead the suit the Rival lacks"),
    COUNT_TRUMPS: N_("Count the trumps"),
    SING: N_("Win a trick to sing"),
    STOP_CANTE: N_("Stop the Rival's cante"),
    CATCH_ACE_THREE: N_("Catch an ace or a three"),
    KEEP_ACE_THREE: N_("Keep your ace or three safe"),
    TAKE_TRICK: N_("Take the trick"),
    LET_IT_GO: N_("Let the trick go"),
    JUEGO: N_("Play for the juego"),
    POINTS: N_("Every point counts"),
}
#: What each theme asks of the player, in one sentence (a hint that gives away no card).
THEME_HINTS: dict[str, str] = {
    JUEGO_NOW: N_("One card wins the juego on this very trick."),
    TREINTA_MALAS: N_("First hand of the juego: 101 wins only with 30 from cards and the last ten."),
    CHANGE_SEVEN: N_("Take this trick, then change the seven of trumps for the muestra."),
    LAST_DRAW: N_("The stock runs out after this trick: its winner draws the last card, the other the muestra."),
    LOAD_PARTNER: N_("Your partner takes this trick: give it your points."),
    LEAVE_PARTNER: N_("Your partner can take this trick: do not take it from them."),
    SAVE_POINTS: N_("The rivals take this trick: give them as few points as you can."),
    LAST_TEN: N_("Who takes the last trick, and its ten, decides it."),
    VOID_SUIT: N_("The Rival has run out of a suit: lead it."),
    COUNT_TRUMPS: N_("Count the trumps still out: whether to lead one decides it."),
    SING: N_("Take a trick so that you can sing your cante."),
    STOP_CANTE: N_("Keep the Rival from taking a trick and singing."),
    CATCH_ACE_THREE: N_("An ace or a three of the other side can fall to you on this trick: make it fall."),
    KEEP_ACE_THREE: N_("Do not let the other side take an ace or a three of yours on this trick."),
    TAKE_TRICK: N_("Your side needs this trick: find the card that takes it."),
    LET_IT_GO: N_("Taking this trick costs more than it brings: let the other side have it."),
    JUEGO: N_("The juego is at stake: a wrong card gives it away."),
    POINTS: N_("The juego is not at stake: find the card that gives away no points."),
}
THEMES: tuple[str, ...] = tuple(THEME_NAMES)
#: The ranks of the ace and the three (the cards worth 10 or more points in every preset).
_ACE_THREE = (1, 3)
#: The fewest and the most stars of a puzzle.
MIN_STARS, MAX_STARS = 1, 5


def theme_name(theme: str) -> str:
    """The theme's name in the player's language."""
    return _(THEME_NAMES[theme])


def theme_hint(theme: str) -> str:
    """The theme's one-sentence hint in the player's language."""
    return _(THEME_HINTS[theme])


@dataclass(frozen=True)
class Analysis:
    """A decision solved: its kind, every legal card's outcome and line, and the card whose line is shown."""

    state: HandState
    kind: str
    outcomes: Mapping[Card, CardOutcome]
    lines: Mapping[Card, Line]

    @property
    def seat(self) -> int:
        seat = self.state.to_move
        assert seat is not None
        return seat

    @property
    def correct(self) -> frozenset[Card]:
        return correct_cards(self.outcomes)

    @property
    def wrong(self) -> tuple[Card, ...]:
        """The legal cards that lose something, lowest first."""
        good = self.correct
        return tuple(sorted(card for card in self.outcomes if card not in good))

    @property
    def shown(self) -> Card:
        return shown_card(self.outcomes)


def analyse(state: HandState) -> Analysis | None:
    """The decision at ``state`` solved exactly, with a line for every legal card; None without an exact answer."""
    found = exact_outcomes(state)
    if found is None:
        return None
    kind, outcomes = found
    lines = {card: line_for(state, kind, card) for card in outcomes}
    return Analysis(state, kind, outcomes, lines)


def _wins_this_trick(state: HandState, card: Card) -> bool:
    """Whether ``card`` wins the juego for the seat's side before the next lead, whatever the rival plays."""
    seat = state.to_move
    assert seat is not None
    child = state.copy()
    child.apply(PLAY[card])
    if child.trick:
        replies = child.legal_actions()
        ends = []
        for reply in replies:
            done = child.copy()
            done.apply(reply)
            ends.append(done)
    else:
        ends = [child]
    return all(_won_after_trick(end, seat) for end in ends)


def _won_after_trick(state: HandState, seat: int) -> bool:
    if state.result is not None:
        return state.result.juego_winner == seat & 1
    if state.to_move != seat:
        return False
    for action in state.legal_actions():
        if type(action) in (Sing, DeclareTute):
            trial = state.copy()
            trial.apply(action)
            if trial.result is not None and trial.result.juego_winner == seat & 1:
                return True
    return False


def _played_out(line: Line) -> bool:
    result = line.end.result
    return result is not None and not result.stopped_early and result.capote_side is None


def _juego_with_ten_moved(line: Line, side: int) -> int:
    """The juego the end of ``line`` gives ``side`` (1, 0, -1) with the last ten on the other side."""
    result = line.end.result
    assert result is not None and result.last_trick_side is not None
    taker = result.last_trick_side
    other = 1 - taker
    totals = list(result.totals)
    malas = [result.card_points[s] + (10 if s == taker else 0) for s in (0, 1)]
    totals[taker] -= 10
    totals[other] += 10
    malas[taker] -= 10
    malas[other] += 10
    state = line.end
    winner, _, _ = judge_hand(state.rules, (totals[0], totals[1]), (malas[0], malas[1]), other, state.first_of_juego)
    return 0 if winner is None else 1 if winner == side else -1


def _last_ten(analysis: Analysis, side: int) -> bool:
    best = analysis.lines[analysis.shown]
    if not _played_out(best) or best.end.result is None or best.end.result.last_trick_side != side:
        return False
    best_juego = analysis.outcomes[analysis.shown].juego
    for card in analysis.wrong:
        line = analysis.lines[card]
        if not _played_out(line) or line.end.result is None or line.end.result.last_trick_side == side:
            continue
        loss = loss_of(analysis.outcomes, card)
        assert loss is not None
        juego = analysis.outcomes[card].juego
        if loss.juego_lost:
            if _juego_with_ten_moved(best, side) <= juego or _juego_with_ten_moved(line, side) >= best_juego:
                return True
        elif loss.points <= 20:
            return True
    return False


def _sung(state: HandState, line: Line, side: int) -> int:
    return line.end.cante_points[side] - state.cante_points[side]


def _trick_of(state: HandState, line: Line) -> Trick:
    """The trick in progress at ``state`` (or the one the seat leads), as ``line`` completes it."""
    replay = state.copy()
    for _seat, action in line.actions:
        replay.apply(action)
        if len(replay.tricks) > len(state.tricks):
            return replay.tricks[len(state.tricks)]
    raise ValueError("the line does not finish the trick")


def _ace_three_taken(state: HandState, trick: Trick, side: int) -> int:
    """The points in aces and threes played to ``trick`` by the side other than ``side`` that ``side`` takes."""
    if trick.winner & 1 != side:
        return 0
    worth = state.rules.rank_points()
    return sum(
        worth[card.rank]
        for index, card in enumerate(trick.cards)
        if trick.seat_of(index, state.players) & 1 != side and card.rank in _ACE_THREE
    )


def _trick_themes(analysis: Analysis) -> set[str]:
    """The themes of the trick in progress: its aces and threes, taking it or not; in pairs, the partner's and the
    points'."""
    state, seat = analysis.state, analysis.seat
    partner = (seat + 2) % state.players
    pairs = analysis.kind == PAIRS
    shown = analysis.shown
    best = _trick_of(state, analysis.lines[shown])
    taker = best.winner
    side = seat & 1
    worth = state.rules.rank_points()
    found: set[str] = set()
    for card in analysis.wrong:
        trick = _trick_of(state, analysis.lines[card])
        other = trick.winner
        if _ace_three_taken(state, best, side) > _ace_three_taken(state, trick, side):
            found.add(CATCH_ACE_THREE)
        if _ace_three_taken(state, best, 1 - side) < _ace_three_taken(state, trick, 1 - side):
            found.add(KEEP_ACE_THREE)
        if taker & 1 == seat & 1 and other & 1 != seat & 1:
            found.add(TAKE_TRICK)
        if taker & 1 != seat & 1 and other & 1 == seat & 1:
            found.add(LET_IT_GO)
        if not pairs:
            continue
        if taker == partner and other == partner and worth[shown.rank] > worth[card.rank]:
            found.add(LOAD_PARTNER)
        if taker & 1 != seat & 1 and other & 1 != seat & 1 and worth[shown.rank] < worth[card.rank]:
            found.add(SAVE_POINTS)
        if taker == partner and other == seat:
            found.add(LEAVE_PARTNER)
    return found


def themes_of(analysis: Analysis) -> tuple[str, ...]:
    """The themes that apply to a solved decision, in the order of :data:`THEMES` (see the module's docstring)."""
    state = analysis.state
    seat = analysis.seat
    side = seat & 1
    correct = analysis.correct
    wrong = analysis.wrong
    found: set[str] = set()
    juego_lost = [card for card in wrong if (loss := loss_of(analysis.outcomes, card)) and loss.juego_lost]
    if analysis.kind == PHASE1 or any(
        analysis.outcomes[c].juego == WON and _wins_this_trick(state, c) for c in sorted(correct)
    ):
        found.add(JUEGO_NOW)
    if analysis.kind in (ARRASTRE, LASTDRAW) and treinta_malas_decides(analysis.state, analysis.correct):
        found.add(TREINTA_MALAS)
    if analysis.kind == LASTDRAW:
        found.add(LAST_DRAW)
        if (
            _changes(analysis.lines[analysis.shown], seat)
            and any(not _changes(analysis.lines[card], seat) for card in wrong)
            and change_decides(state, correct)
        ):
            found.add(CHANGE_SEVEN)
    if analysis.kind in (ARRASTRE, PAIRS, LASTDRAW) and wrong:
        best = analysis.lines[analysis.shown]
        if _last_ten(analysis, side):
            found.add(LAST_TEN)
        found |= _trick_themes(analysis)
        if analysis.kind == ARRASTRE and not state.trick:
            rival = {int(c) // 10 for c in state.hands[1 - seat]}
            if all(int(c) // 10 not in rival for c in correct) and any(int(c) // 10 in rival for c in wrong):
                found.add(VOID_SUIT)
            trump = state.trump
            if trump in rival and any(int(c) // 10 == trump for c in state.hands[seat]):
                trumps = {c for c in analysis.outcomes if int(c) // 10 == trump}
                if (correct <= trumps and any(c not in trumps for c in wrong)) or (
                    not correct & trumps and any(c in trumps for c in wrong)
                ):
                    found.add(COUNT_TRUMPS)
        for card in wrong:
            line = analysis.lines[card]
            if _sung(state, best, side) > _sung(state, line, side):
                found.add(SING)
            if _sung(state, best, 1 - side) < _sung(state, line, 1 - side):
                found.add(STOP_CANTE)
    found.add(JUEGO if juego_lost else POINTS)
    return tuple(theme for theme in THEMES if theme in found)


def _changes(line: Line, seat: int) -> bool:
    """Whether ``seat`` changes the seven in ``line``."""
    return any(mover == seat and type(action) is Swap for mover, action in line.actions)


def change_decides(state: HandState, correct: frozenset[Card]) -> bool:
    """Whether the correct cards of a last-draw decision would differ if the seat could not change the seven (or
    would then not be the same on every layout): the change decides it."""
    without = lastdraw_outcomes(state, change=False)
    return without is None or correct_cards(without) != correct


def treinta_malas_decides(state: HandState, correct: frozenset[Card]) -> bool:
    """Whether the correct cards of the decision at ``state`` would differ with ``treinta_malas`` off (in a juego's
    first hand under the flag, heads-up): treinta malas decides it."""
    if not (state.rules.treinta_malas and state.first_of_juego and state.players == 2):
        return False
    without = parse_position(format_position(state), state.rules.with_flags(treinta_malas=False))
    found = exact_outcomes(without)
    return found is not None and correct_cards(found[1]) != correct


def _running(state: HandState, line: Line, side: int) -> list[tuple[int, int]]:
    """The rank (:attr:`~.exact.CardOutcome.rank`) of ``line`` so far after each trick, from the decision at
    ``state``: the juego if decided, else the margin so far (a trick's cantes counted with it)."""
    replay = state.copy()
    ranks: list[tuple[int, int]] = []
    for _seat, action in line.actions:
        if type(action) is Play and not replay.trick and len(replay.tricks) > len(state.tricks):
            ranks.append(_rank_now(state, replay, side))
        replay.apply(action)
    ranks.append(_rank_now(state, replay, side))
    return ranks


def _rank_now(start: HandState, now: HandState, side: int) -> tuple[int, int]:
    result = now.result
    if result is not None and result.juego_winner is not None:
        return (1 if result.juego_winner == side else -1, 0)
    points = result.points if result is not None else now.points
    return (0, (points[side] - start.points[side]) - (points[1 - side] - start.points[1 - side]))


def depth(analysis: Analysis) -> int:
    """The tricks to read: for the wrong card whose loss shows last, the first trick from which its line stays
    behind the shown line to the end (the juego decided, else the margin so far); 1 for a phase-1 puzzle."""
    if analysis.kind == PHASE1:
        return 1
    state = analysis.state
    side = analysis.seat & 1
    best = _running(state, analysis.lines[analysis.shown], side)
    deepest = 1
    for card in analysis.wrong:
        mine = _running(state, analysis.lines[card], side)
        length = max(len(best), len(mine))
        best_ranks = best + [best[-1]] * (length - len(best))
        mine_ranks = mine + [mine[-1]] * (length - len(mine))
        trick = length
        while trick > 1 and best_ranks[trick - 2] > mine_ranks[trick - 2]:
            trick -= 1
        deepest = max(deepest, trick)
    return deepest


def difficulty(analysis: Analysis) -> int:
    """The puzzle's stars, :data:`MIN_STARS` to :data:`MAX_STARS` (see the module's docstring)."""
    tricks = depth(analysis)
    stars = MIN_STARS + min(tricks - 1, 2)
    correct = len(analysis.correct)
    legal = len(analysis.outcomes)
    if correct == 1 and legal >= 3:
        stars += 2
    elif legal - correct >= correct:
        stars += 1
    return min(stars, MAX_STARS)
