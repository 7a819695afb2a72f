"""The discipline suite's rebuilt positions: ``python -m guinote_lab.discipline_listed``.

An experienced player listed first-phase moves of ``hard`` that no club
player makes (a Rey, Caballo or Sota led into an unseen As or Tres, the Tres
of trumps led while its As is unseen, points thrown onto a blank lead the
rivals win anyway, in pairs a Sota thrown onto the rivals' trick and a
Caballo loaded with a rival still to play who may hold the Tres). They were
played with a person at one seat, so the seeds of those games give the deals
but not the person's cards, and the positions cannot be replayed from them.
Each is rebuilt here instead as a deal of the same kind: the bot's hand, the
muestra and the cards already in the trick are written out (the rest of the
deck in order), and the move listed is the position's exploit card (kind
``d``, :func:`~.exploit_positions.discipline_cards`).

Each position is priced as the suite's others (:func:`~.exploit_generate.price`:
16 times the coach's budget, the verdict kept where clear at 3 standard
errors); the clear ones are written to ``guinote_lab/data/discipline_listed.json``,
the suite's format, so ``python -m guinote_lab.exploit_suite bench --suite
guinote_lab/data/discipline_listed.json`` benches the bots on them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import click

from guinote_lab.exploit_positions import DISCIPLINE, Position, Verdict, clear, discipline_cards, save
from guinote_tui.engine import Card, HandState, Rules, parse_action, parse_cards, seat_view

LISTED_PATH = Path(__file__).parent / "data" / "discipline_listed.json"


@dataclass(frozen=True)
class Listed:
    """A rebuilt position: each seat's six cards (the bot's seat is the one to move after ``moves``), the muestra,
    the dealer, the scores carried in (a hand de vueltas when not ``(0, 0)``), the moves before the decision and the
    card listed."""

    name: str
    hands: tuple[str, ...]
    muestra: str
    dealer: int
    moves: str
    listed: str
    carried: tuple[int, int] = (0, 0)


#: Trumps are Bastos (muestra a low Bastos) unless said otherwise; seat 0 leads when the dealer is the last seat.
LISTED: tuple[Listed, ...] = (
    # Heads-up: a point card led into an unseen higher card of its suit.
    Listed("rey-led-into-tres", ("12O 4C 5E 6C 7E 2B", "3O 1O 4O 5O 6O 7O"), "4B", 1, "", "12O"),
    Listed("caballo-led-into-as", ("11E 4C 5O 6C 7O 2B", "1E 4E 5E 6E 7E 2E"), "4B", 1, "", "11E"),
    Listed("sota-led-into-tres", ("10C 4E 5O 6E 7O 5B", "3C 4C 5C 6C 7C 2C"), "4B", 1, "", "10C"),
    # De vueltas at 89, needing 12: the Rey de Copas led into the As.
    Listed("rey-led-de-vueltas", ("12C 4E 5O 6E 7O 2B", "1C 4C 5C 6C 7C 2C"), "4B", 1, "", "12C", (89, 80)),
    # The Tres of trumps led while the As of trumps is unseen.
    Listed("tres-of-trumps-led", ("3B 4C 5E 6C 7E 2O", "1B 4O 5O 6O 7O 2C"), "4B", 1, "", "3B"),
    # Points thrown onto a blank lead the rivals win anyway (no card of the suit, no trump).
    Listed("caballo-onto-blank", ("4C 5C 6C 7C 2C 1B", "11O 5E 6E 7O 2O 4E"), "4B", 1, "4C", "11O"),
    Listed("sota-onto-blank", ("4C 5C 6C 7C 2C 1B", "10E 5O 6O 7E 2E 4O"), "4B", 1, "4C", "10E"),
    Listed("rey-onto-blank", ("4C 5C 6C 7C 2C 1B", "12E 5O 6O 7E 2E 4O"), "4B", 1, "4C", "12E"),
    # Pairs: a Sota thrown onto the rivals' As (no card of the suit, no trump).
    Listed(
        "pairs-sota-onto-rivals-as",
        ("1C 4E 5E 6E 7E 2E", "10O 4O 5O 6O 7O 2O", "4C 5C 6C 7C 2C 11B", "3C 12C 11C 10C 1B 3B"),
        "4B",
        3,
        "1C",
        "10O",
    ),
    # Pairs: a Caballo loaded on the partner's Rey with a rival still to play who may hold the Tres.
    Listed(
        "pairs-caballo-loaded-before-the-tres",
        ("3C 4E 5E 6E 7E 2E", "12C 4O 5O 6O 7O 2O", "4C 5B 6B 7B 2B 10E", "11C 10C 4B 11O 12O 1O"),
        "3B",
        0,
        "12C 4C",
        "11C",
    ),
)


def deck_for(item: Listed) -> list[Card]:
    """The deck order that deals ``item.hands`` (three cards a seat a packet, from the dealer's next seat), then
    the muestra, then the other cards in order."""
    players = len(item.hands)
    held = [parse_cards(h) for h in item.hands]
    muestra = parse_cards(item.muestra)[0]
    used = {c for h in held for c in h} | {muestra}
    if len(used) != 6 * players + 1 or any(len(h) != 6 for h in held):
        raise ValueError(f"{item.name}: six different cards a seat and a muestra")
    order: list[Card] = []
    for packet in range(2):
        for offset in range(1, players + 1):
            order.extend(held[(item.dealer + offset) % players][3 * packet : 3 * packet + 3])
    return [*order, muestra, *(Card(c) for c in range(40) if Card(c) not in used)]


def position_of(item: Listed) -> Position:
    """``item`` as an unpriced suite position (kind ``d``), checked to be a first-phase choice of the kind with the
    card listed among the kind's cards."""
    players = len(item.hands)
    deck = deck_for(item)
    vueltas = item.carried != (0, 0)
    state = HandState(deck, item.dealer, Rules.preset("aragones"), players, item.carried, not vueltas, events=True)
    for text in item.moves.split():
        state.apply(parse_action(text))
    seat = state.to_move
    assert seat is not None
    kinds = discipline_cards(seat_view(state, seat))
    listed = parse_cards(item.listed)[0]
    if DISCIPLINE not in kinds or listed not in kinds[DISCIPLINE][1]:
        raise ValueError(f"{item.name}: {item.listed} is not a discipline card here")
    return Position(
        preset="aragones",
        players=players,
        deck=tuple(deck),
        dealer=item.dealer,
        carried=item.carried,
        first_of_juego=not vueltas,
        actions=tuple(state.log),
        kind=DISCIPLINE,
        detail=kinds[DISCIPLINE][0],
        exploit=listed,
        bot=listed,
        verdict=Verdict("unclear", listed, 0.0, 0.0, (), 0),
    )


@click.command()
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=LISTED_PATH, show_default=True)
def main(out: Path) -> None:
    """Price the rebuilt positions (16 times the coach's budget each) and write the clear ones."""
    from guinote_lab.exploit_generate import price

    priced = []
    for item in LISTED:
        position = position_of(item)
        verdict, _ = price(position)
        priced.append(replace(position, verdict=verdict))
        click.echo(
            f"{item.name}: {verdict.verdict} {item.listed} against {verdict.alternative} "
            f"{verdict.diff:+.2f} ± {verdict.se:.2f}, acceptable {' '.join(map(str, verdict.acceptable))}",
        )
    kept = clear(priced)
    save(kept, out, 0)
    click.echo(f"{len(kept)} of {len(priced)} clear, written to {out}")


if __name__ == "__main__":
    main()
