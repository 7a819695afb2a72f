"""First-phase decisions of the bots in saved games, priced: ``python -m guinote_lab.discipline_replayed FILE...``.

A player replaying games against ``hard`` notes the moves a club player
would not make. The games are saved (``guinote`` keeps each match's history),
so the bots' decisions can be replayed exactly, from the bot's seat, and put
to the deep reference instead of judged by eye. Each saved history is
replayed hand by hand; at every first-phase choice of a bot seat (not seat
0, the person's) where the bot played a card of an exploit or discipline
kind (:func:`~.exploit_positions.every_kind`: a card that scores and may
fall to the rivals while it holds one with fewer points, an As or Tres a
later seat may trump, a Rey or Sota led with its As unseen, points given to
the rivals' blank lead), the decision becomes a suite position with the
bot's card as its exploit card and is priced as the suite's others
(:func:`~.exploit_generate.price`: 16 times the coach's budget, every legal
card played out on the same deals; kept where clear at 3 standard errors).

Each decision priced is printed (hand, trick, seat, the card, the verdict,
the paired difference); the clear ones are written to ``--out`` in the
suite's format, so that ``python -m guinote_lab.exploit_suite bench --suite
OUT`` benches the bots on them. ``--checkpoint`` keeps the prices after each
decision (a run stopped goes on from them).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import click

from guinote_lab.checkpoint import load_run, save_run
from guinote_lab.exploit_positions import Position, Verdict, clear, every_kind, is_first_phase_choice, save
from guinote_tui.engine import Play, Rules, seat_view
from guinote_tui.engine.history import read_history
from guinote_tui.engine.match import Match
from guinote_tui.engine.rules import PRESETS


def decisions(path: Path) -> Iterator[tuple[int, int, int, Position]]:
    """The bots' first-phase decisions of a kind in the saved history ``path``: ``(hand, trick, seat, position)``
    (hand and trick counted from 1), each position unpriced, the bot's card its exploit card."""
    saved = read_history(path)
    preset = preset_of(saved.rules)
    first = saved.finished[0]
    match = Match(saved.players, saved.rules, dealer=first.dealer, deck=first.deck)
    for number, record in enumerate(saved.finished, 1):
        if number > 1:
            match.next_hand(record.deck)
        state = match.hand
        carried, opening = state.carried, state.first_of_juego
        for seat, action in record.actions:
            if seat != 0 and isinstance(action, Play):
                view = seat_view(state, seat)
                kinds = every_kind(view) if is_first_phase_choice(view) else {}
                mine = [kind for kind, (_, cards) in kinds.items() if action.card in cards]
                if mine:
                    kind = mine[-1]  # the discipline kind when it applies, else the exploit kind
                    yield (
                        number,
                        len(state.tricks) + 1,
                        seat,
                        Position(
                            preset=preset,
                            players=saved.players,
                            deck=tuple(record.deck),
                            dealer=record.dealer,
                            carried=carried,
                            first_of_juego=opening,
                            actions=tuple(state.log),
                            kind=kind,
                            detail=kinds[kind][0],
                            exploit=action.card,
                            bot=action.card,
                            verdict=Verdict("unclear", action.card, 0.0, 0.0, (), 0),
                        ),
                    )
            match.apply(action, seat)


def preset_of(rules: Rules) -> str:
    """The preset ``rules`` are (a suite position names its preset); other rules are refused."""
    for name in PRESETS:
        if Rules.preset(name) == rules:
            return name
    raise click.ClickException("the game's rules are not a preset's (house rules): its positions cannot be kept")


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.option("--checkpoint", type=click.Path(dir_okay=False, path_type=Path), default=None)
def main(files: Sequence[Path], out: Path, checkpoint: Path | None) -> None:
    """Price the bots' first-phase decisions of a kind in saved games; write the clear ones to OUT."""
    from guinote_lab.exploit_generate import price

    found = [(path.name, *item) for path in files for item in decisions(path)]
    run = load_run(checkpoint, {"decisions": [f"{name}:{h}:{t}:{s}" for name, h, t, s, _ in found]})
    prices: dict[str, dict[str, object]] = run["hands"]
    priced = []
    for name, hand, trick, seat, position in found:
        key = f"{name}:{hand}:{trick}:{seat}"
        if key not in prices:
            verdict, _ = price(position)
            prices[key] = verdict.to_json()
            save_run(checkpoint, run)
        verdict = Verdict.from_json(prices[key])
        priced.append(replace(position, verdict=verdict))
        click.echo(
            f"{name} hand {hand} trick {trick} seat {seat} ({position.kind} {position.detail}): {position.exploit} "
            f"{verdict.verdict}, best {verdict.alternative} {verdict.diff:+.2f} ± {verdict.se:.2f}, "
            f"acceptable {' '.join(map(str, verdict.acceptable))}"
        )
    kept = clear(priced)
    save(kept, out, 0)
    click.echo(f"{len(kept)} of {len(priced)} clear ({sum(p.verdict.verdict == 'mistake' for p in kept)} mistakes)")


if __name__ == "__main__":
    main()
