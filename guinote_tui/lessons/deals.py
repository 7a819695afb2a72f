"""Fixed deals for the lessons: positions with chosen cards in chosen hands.

Two builders, both pure and deterministic, return a position in the engine's
notation (:mod:`guinote_tui.engine.position`), built and checked by the
engine:

* :func:`deal` for a position at the deal: the hands, the muestra and the
  first cards of the stock are given; the other cards follow in deck order.
* :func:`arrastre` for a position at the start of the arrastre: the six
  cards each seat holds when the stock is gone are given; the builder writes
  the phase-1 tricks with the other cards (docs/rules.md, sections 3 and 4),
  every cante and change let go.

    >>> text = deal(2, dealer=1, hands={0: "1O 3C 12E 10B 11O 6C"}, muestra="5O")
    >>> text.startswith("dealer 1; hands 1O 3C 12E 10B 11O 6C / 2O 3O 4O 6O 7O 10O; muestra 5O; stock 12O 1C")
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine import CARDS, Card, Rules, build_position, card_tables, format_position, parse_cards, trick_winner

HAND = 6


def deal(
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    muestra: str,
    stock: str = "",
    rules: Rules | None = None,
    carried: tuple[int, int] = (0, 0),
    first_of_juego: bool = True,
) -> str:
    """The hand at its deal with ``hands`` (six cards per listed seat) and ``muestra`` turned up.

    Seats not listed, and the stock after ``stock`` (in drawing order), get
    the other cards in deck order.
    """
    wanted = {seat: parse_cards(text) for seat, text in hands.items()}
    fixed = [c for cards in wanted.values() for c in cards] + parse_cards(muestra) + parse_cards(stock)
    if len(set(fixed)) != len(fixed):
        raise ValueError("a card is listed twice")
    spare = [c for c in CARDS if c not in fixed]
    for seat in range(players):
        if seat not in wanted:
            wanted[seat] = [spare.pop(0) for _ in range(HAND)]
    state = build_position(
        [wanted[seat] for seat in range(players)],
        parse_cards(muestra)[0],
        dealer=dealer,
        rules=rules,
        stock=parse_cards(stock) + spare,
        carried=carried,
        first_of_juego=first_of_juego,
    )
    return format_position(state)


def arrastre(
    players: int,
    leader: int,
    hands: Mapping[int, str],
    muestra: str,
    rules: Rules | None = None,
) -> str:
    """The hand when the arrastre starts, every seat holding ``hands``, ``leader`` to lead.

    ``leader`` won the last trick of phase 1, and ``muestra`` must be in the
    hand of the seat that drew it, the one before ``leader``. The phase-1
    tricks use the other cards: their winners take turns (heads-up they
    alternate, in pairs each seat wins one) so that the points are shared,
    ending with ``leader``.
    """
    rules = rules or Rules()
    final = {seat: parse_cards(hands[seat]) for seat in range(players)}
    shown = parse_cards(muestra)[0]
    drawer = (leader - 1) % players
    if shown not in final[drawer]:
        raise ValueError(f"the muestra {shown} is drawn by seat {drawer}: it must be in that seat's hand")
    held = [c for cards in final.values() for c in cards]
    if any(len(cards) != HAND for cards in final.values()) or len(set(held)) != len(held):
        raise ValueError("every seat holds six cards, each card once")
    junk = [c for c in CARDS if c not in held]
    first, tricks = _phase_one(players, leader, junk, shown.suit, rules)
    state = build_position(
        [final[seat] for seat in range(players)],
        shown,
        dealer=(first - 1) % players,
        rules=rules,
        drawn_by=drawer,
        tricks=tricks,
    )
    return format_position(state)


def _phase_one(
    players: int, leader: int, junk: Sequence[Card], trump: int, rules: Rules
) -> tuple[int, list[list[Card]]]:
    """Who leads the first trick, and the phase-1 tricks (cards in playing order) that ``leader`` wins last.

    Each trick goes to the seat planned for it by giving that seat the
    trick's strongest card: led by the seat itself, or played on a lower card
    of its suit, or a trump played on anything. The last trick's card is set
    aside first, so the plan always ends with ``leader``; a trick the cards
    left cannot give to the planned seat goes to the seat that leads it.
    """
    strength = card_tables(rules).strength

    def power(card: Card) -> tuple[bool, int]:
        return card.suit == trump, strength[card]

    count = len(junk) // players
    pool = sorted(junk, key=power)  # weakest first
    paired = [c for c in pool if sum(1 for d in pool if d.suit == c.suit) > 1]
    top = pool[-1] if pool[-1].suit == trump else max(paired, key=power)
    low = None if top.suit == trump else min((c for c in pool if c.suit == top.suit and c != top), key=power)
    rest = [c for c in pool if c not in (top, low)]
    plan = [(leader - count + k) % players for k in range(1, count + 1)]
    first = lead = (plan[0] - 1) % players  # the first trick is won from the seat before its winner
    tricks: list[list[Card]] = []
    for want in plan[:-1]:
        by_seat = _won_by(want, lead, rest, players, trump)
        cards = [by_seat[(lead + i) % players] for i in range(players)]
        tricks.append(cards)
        lead = (lead + trick_winner(cards, trump, rules)) % players
    last = {leader: top}
    if low is not None:
        last[lead if lead != leader else (leader + 1) % players] = low
    for seat in range(players):
        if seat not in last:
            last[seat] = rest.pop(0)
    tricks.append([last[(lead + i) % players] for i in range(players)])
    return first, tricks


def _won_by(want: int, lead: int, rest: list[Card], players: int, trump: int) -> dict[int, Card]:
    """The cards of one trick, taken out of ``rest`` (weakest first): ``want`` wins it if the cards allow."""
    if want != lead:
        if rest[-1].suit == trump:
            # The strongest trump left takes the trick whatever is led.
            cards = {want: rest.pop()}
        else:
            # No trump left: the strongest card of a suit with a second card, played on that card.
            suits = [c.suit for c in rest]
            paired = [c for c in rest if suits.count(c.suit) > 1]
            if paired:
                best = paired[-1]
                under = next(c for c in rest if c.suit == best.suit)
                rest.remove(best)
                rest.remove(under)
                cards = {want: best, lead: under}
            else:
                cards = {lead: rest.pop()}
    else:
        cards = {lead: rest.pop()}  # the strongest card left, led: nothing left beats it
    for seat in range(players):
        if seat not in cards:
            cards[seat] = rest.pop(0)
    return cards
