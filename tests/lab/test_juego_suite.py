"""The juego-critical suite: its generator, the committed file and the benchmark command."""

from __future__ import annotations

from click.testing import CliRunner

from guinote_lab.juego_suite import (
    Position,
    check_positions,
    generate,
    generate_phase1,
    load,
    main,
    phase1_cards,
    save,
    score,
)
from guinote_tui.engine import PLAY, Play


def test_generate_is_seeded_and_finds_critical_positions(tmp_path) -> None:  # type: ignore[no-untyped-def]
    first = list(generate(4, seed=4))
    assert first == list(generate(4, seed=4))
    assert {p.first_of_juego for p in first} == {True, False}
    # Asked for one where the most points do not win the juego, it finds one.
    (hard,) = list(generate(1, seed=4, hard=1))
    assert not hard.points_best_wins
    # Every one is critical: a card wins the juego, another does not (the solver's verdict, recomputed).
    assert check_positions([*first, hard]) == []
    # Round trip through the file.
    path = tmp_path / "suite.json"
    assert save([*first, hard], path, seed=4) == 5
    assert load(path) == [*first, hard]


def test_check_positions_notices_a_wrong_verdict() -> None:
    (position,) = list(generate(1, seed=4))
    state = position.state()
    others = tuple(a.card for a in state.legal_actions() if a.card not in position.winning)  # type: ignore[union-attr]
    wrong = Position(**{**position.__dict__, "winning": others})
    assert check_positions([position, wrong]) == [1]


def test_the_committed_suite_holds_at_least_200_critical_positions() -> None:
    positions = load()
    arrastre = [p for p in positions if p.phase == "arrastre"]
    assert len(arrastre) >= 200
    assert sum(not p.first_of_juego for p in arrastre) >= 50
    assert sum(not p.points_best_wins for p in arrastre) >= 50
    assert sum(p.phase == "phase1" for p in positions) >= 50
    # The verdicts, rechecked on a spread sample (all of them: ``check_positions(load())``).
    assert check_positions(positions[::12]) == []


def test_phase1_positions_are_decided_by_the_trick_either_way() -> None:
    (position,) = list(generate_phase1(1, seed=2))
    state = position.state()
    cards, winning, losing, _ = phase1_cards(state)
    assert winning and losing and set(winning).isdisjoint(losing)
    seat = state.to_move
    for card in cards:
        child = state.copy()
        child.apply(PLAY[card])
        result = child.result
        if card in losing:
            assert result is not None and result.juego_winner == 1 - seat % 2
        elif result is not None and result.juego_winner is not None:
            assert result.juego_winner == seat % 2 and card in winning


def test_score_counts_the_winning_choices(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A chooser that takes a winning card on every other position and a losing one otherwise: exactly half counted."""
    from guinote_lab import juego_suite

    easy = [p for p in load() if p.points_best_wins]
    hard_ones = [p for p in load() if not p.points_best_wins]
    positions = [easy[0], hard_ones[0], hard_ones[1], easy[1], hard_ones[2], easy[2], easy[3], hard_ones[3]]
    calls: list[int] = []

    def alternate(spec: str):  # type: ignore[no-untyped-def]
        def choose(state, seat, rng):  # type: ignore[no-untyped-def]
            position = positions[len(calls)]
            calls.append(seat)
            legal = [a.card for a in state.legal_actions() if isinstance(a, Play)]
            losing = [c for c in legal if c not in position.winning]
            return PLAY[position.winning[0] if len(calls) % 2 else losing[0]]

        return choose

    monkeypatch.setattr(juego_suite, "chooser", alternate)
    result = score("alternate", positions)
    assert calls == [p.state().to_move for p in positions]
    assert (result.wins, result.total) == (4, 8)
    hard = [not p.points_best_wins for p in positions]
    assert result.hard_total == sum(hard)
    assert result.hard_wins == sum(h for index, h in enumerate(hard) if index % 2 == 0)


def test_bench_command_prints_a_share_per_bot() -> None:
    result = CliRunner().invoke(main, ["bench", "--bots", "normal,coach", "--limit", "3"])
    assert result.exit_code == 0, result.output
    assert "normal: wins the juego in" in result.output
    assert "coach: wins the juego in" in result.output


def test_bench_command_refuses_an_unknown_bot_in_one_line() -> None:
    result = CliRunner().invoke(main, ["bench", "--bots", "nobody", "--limit", "1"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
