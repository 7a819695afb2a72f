"""A deliberately simple second reading of docs/rules.md, written only for the tests.

It does not use :mod:`guinote_tui.engine.obligations` nor any of the engine's
tables: every answer is worked out from the rule text, card by card, as plainly
as possible, so that comparing it with ``HandState.legal_actions()`` can catch
mistakes in the engine's faster code.

From the engine it reads only plain facts of the position (hands, the trick in
progress, completed tricks, the muestra, the stock count, the action log) and
the stage/turn structure the engine documents (``play``, ``window``,
``predraw``, ``over``).
"""

from __future__ import annotations

from dataclasses import dataclass

from guinote_tui.engine import Card, HandState, Rules

SOTA, CABALLO, REY = 10, 11, 12
SUIT_LETTERS = "OCEB"


def suit_of(card: int) -> int:
    return card // 10


def rank_of(card: int) -> int:
    return (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)[card % 10]


def the_card(rank: int, suit: int) -> int:
    return suit * 10 + (1, 2, 3, 4, 5, 6, 7, 10, 11, 12).index(rank)


def strength_order(rules: Rules) -> list[int]:
    """docs/rules.md, section 1 (and 10 for libre-100): ranks from the strongest to the weakest."""
    if rules.card_order == "sota_high":
        return [1, 3, 12, 10, 11, 7, 6, 5, 4, 2]
    return [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]


def stronger(a: int, b: int, rules: Rules) -> bool:
    """Is card ``a`` higher than card ``b`` (same suit assumed) in trick strength?"""
    order = strength_order(rules)
    return order.index(rank_of(a)) < order.index(rank_of(b))


def winning_position(trick: list[int], trump: int, rules: Rules) -> int:
    """docs/rules.md, section 3: highest trump in the trick, else highest card of the suit led."""
    best = 0
    for i in range(1, len(trick)):
        card, top = trick[i], trick[best]
        if suit_of(card) == suit_of(top):
            if stronger(card, top, rules):
                best = i
        elif suit_of(card) == trump:
            best = i
    return best


def partner_of(seat: int, players: int) -> int | None:
    return (seat + 2) % 4 if players == 4 else None


def same_side(a: int, b: int) -> bool:
    return a % 2 == b % 2


@dataclass
class Facts:
    """What the log says about the hand so far."""

    sung_suits: set[int]
    swap_done: bool
    tute_done: bool
    since_trick: list[tuple[int, object]]  # actions after the most recent completed trick


def facts(state: HandState) -> Facts:
    n = state.players
    plays = 0
    cut = 0
    sung: set[int] = set()
    swap_done = tute_done = False
    for index, (_seat, action) in enumerate(state.log):
        kind = type(action).__name__
        if kind == "Play":
            plays += 1
            if plays % n == 0:
                cut = index + 1
        elif kind == "Sing":
            sung.add(int(action.suit))  # type: ignore[attr-defined]
        elif kind == "Swap":
            swap_done = True
        elif kind == "DeclareTute":
            tute_done = True
    return Facts(sung, swap_done, tute_done, list(state.log[cut:]) if state.tricks else [])


def swap_card(hand: list[int], state: HandState, f: Facts) -> int | None:
    """docs/rules.md, section 6, timing aside: the card this hand could exchange for the muestra."""
    rules = state.rules
    muestra = state.muestra
    if muestra is None or f.swap_done:
        return None
    trump = state.trump
    if rank_of(muestra) == 7:
        if not rules.two_for_seven:
            return None
        wanted = the_card(2, trump)
    else:
        wanted = the_card(7, trump)
        muestra_lower_than_seven = stronger(wanted, muestra, rules)
        if muestra_lower_than_seven and not rules.swap_low_muestra:
            return None
    return wanted if wanted in hand else None


def declarations(seat: int, state: HandState, f: Facts, *, at_opening: bool = False) -> set[str]:
    """Cantes, tute and (window-timed) swap that ``seat`` may announce in its side's window.

    ``at_opening`` ignores what was already announced after this trick (used to
    ask "did the partner have something to say when the window opened?").
    """
    rules = state.rules
    hand = list(state.hands[seat])
    out: set[str] = set()
    pair_rank = SOTA if rules.cante_pair == "rey_sota" else CABALLO
    window_actions = [] if at_opening else f.since_trick
    sung_now = set(f.sung_suits)
    if at_opening:
        sung_now -= {int(a.suit) for _, a in f.since_trick if type(a).__name__ == "Sing"}  # type: ignore[attr-defined]
    singers = {s for s, a in window_actions if type(a).__name__ == "Sing"}
    # One cante per trick won: per side (either partner's cante counts), or per player.
    counted = [s for s in singers if s == seat or (rules.cante_limit == "per_side" and same_side(s, seat))]
    limit_reached = bool(counted)
    for suit in range(4):
        has_both = the_card(REY, suit) in hand and the_card(pair_rank, suit) in hand
        if has_both and suit not in sung_now and not limit_reached:
            out.add(f"sing:{SUIT_LETTERS[suit]}")
    tute_done = f.tute_done and not (at_opening and any(type(a).__name__ == "DeclareTute" for _, a in f.since_trick))
    if rules.tute != "off" and not tute_done:
        for rank in (REY, pair_rank):
            if all(the_card(rank, suit) in hand for suit in range(4)):
                out.add(f"tute:{rank}")
    if rules.swap_window == "after_trick":
        swap_done = f.swap_done and not (at_opening and any(type(a).__name__ == "Swap" for _, a in f.since_trick))
        card = swap_card(hand, state, Facts(f.sung_suits, swap_done, f.tute_done, []))
        if card is not None:
            out.add(f"swap:{Card(card)}")
    return out


def breaks_a_rule(card: int, seat: int, state: HandState) -> str | None:
    """docs/rules.md, section 4, asked card by card: which arrastre rule would playing ``card`` break?"""
    rules = state.rules
    hand = state.hands[seat]
    trick = list(state.trick)
    trump = state.trump
    led = suit_of(trick[0])
    best = winning_position(trick, trump, rules)
    winning_card = trick[best]
    winner = (state.leader + best) % state.players
    partner_wins = state.players == 4 and winner == partner_of(seat, 4)
    treat_as_opponent = not partner_wins or not rules.partner_exemption

    holds_led = any(suit_of(c) == led for c in hand)
    if holds_led:
        if suit_of(card) != led:
            return "follow suit"
        trumped = suit_of(winning_card) != led
        if treat_as_opponent and not trumped:
            can_beat = any(suit_of(c) == led and stronger(c, winning_card, rules) for c in hand)
            if can_beat and not stronger(card, winning_card, rules):
                return "beat (montar)"
        return None
    # Void in the suit led.
    if not treat_as_opponent:
        return None
    trumps = [c for c in hand if suit_of(c) == trump]
    if not trumps:
        return None
    if suit_of(winning_card) != trump:
        return None if suit_of(card) == trump else "trump"
    higher = [c for c in trumps if stronger(c, winning_card, rules)]
    if higher:
        ok = suit_of(card) == trump and stronger(card, winning_card, rules)
        return None if ok else "over-trump"
    if rules.must_undertrump:
        return None if suit_of(card) == trump else "trump even if it cannot win"
    return None


def expected_actions(state: HandState) -> set[str]:
    """The legal actions of the seat to move, worked out from docs/rules.md."""
    if state.stage == "over":
        return set()
    seat = state.to_move
    assert seat is not None
    n = state.players
    f = facts(state)
    last_winner = state.tricks[-1].winner if state.tricks else None
    rules = state.rules
    if state.stage == "window":
        assert n == 4 and not state.trick and last_winner is not None
        assert seat == partner_of(last_winner, 4), "only the winner's partner is asked in stage window"
        return declarations(seat, state, f) | {"pass"}
    if state.stage == "predraw":
        assert not state.trick and last_winner is not None and same_side(seat, last_winner)
        assert state.stock_count == n - 1 and state.muestra is not None
        card = swap_card(list(state.hands[seat]), state, f)
        return ({f"swap:{Card(card)}"} if card is not None else set()) | {"pass"}
    assert state.stage == "play"
    assert seat == (state.leader + len(state.trick)) % n
    hand = state.hands[seat]
    in_arrastre = state.muestra is None and state.stock_count == 0
    if in_arrastre and state.trick:
        out = {str(Card(c)) for c in hand if breaks_a_rule(c, seat, state) is None}
    else:
        out = {str(Card(c)) for c in hand}
    if not state.trick and last_winner is not None and same_side(seat, last_winner):
        out |= declarations(seat, state, f)
    if rules.swap_window == "own_turn" and state.muestra is not None:
        card = swap_card(list(hand), state, f)
        if card is not None:
            out.add(f"swap:{Card(card)}")
    return out


def window_expected_at_opening(state: HandState) -> bool:
    """Right after a trick (and any pre-draw decision): should the partner be asked first?"""
    if state.players != 4 or not state.tricks or state.stage == "over":
        return False
    partner = partner_of(state.tricks[-1].winner, 4)
    assert partner is not None
    return bool(declarations(partner, state, facts(state), at_opening=True))


def predraw_expected(before: HandState, played: int, winner: int) -> bool:
    """Would the trick just completed open the pre-draw swap (final draw next)?"""
    if before.rules.swap_window != "after_trick" or before.muestra is None:
        return False
    if before.stock_count != before.players - 1:
        return False
    f = facts(before)
    for seat in range(before.players):
        if same_side(seat, winner):
            hand = [c for c in before.hands[seat] if c != played]
            if swap_card(hand, before, f) is not None:
                return True
    return False
