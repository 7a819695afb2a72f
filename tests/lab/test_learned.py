"""The learned player: its features on a hand-made position, its weights, whole hands with legal moves only."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hidden_cards import reshuffled

from guinote_lab.bench import random_positions
from guinote_lab.learned import (
    A_CARD,
    A_FOLLOWS,
    A_KIND,
    A_POINTS,
    A_STAKE_AFTER,
    A_TAKES,
    A_TRUMP,
    BASE,
    FEATURES,
    HAND,
    MUESTRA,
    S_CANTE_OPEN_THEIRS,
    S_OPPONENT_WINNING,
    S_PAIRS,
    S_POSITION,
    S_STAKE,
    S_STOCK,
    TRICK_OPP,
    WEIGHTS,
    WINNING,
    LearnedBot,
    encode,
    read_weights,
    save_weights,
)
from guinote_tui.ai import decide, make_bot
from guinote_tui.engine import PLAY, Card, Match, Rules, seat_view


def ordered_deal() -> Match:
    """Heads-up from the deck in card order, seat 0 dealing.

    Seat 1 (to lead) holds 1O 2O 3O 7O 10O 11O, seat 0 holds 4O 5O 6O 12O 1C
    2C, the muestra is the 3 of Copas: Copas are trumps.
    """
    return Match(2, Rules(), seed=0, dealer=0, deck=list(range(40)), events=False)


def ones(row: np.ndarray, start: int, stop: int) -> list[int]:
    return [int(i) for i in np.flatnonzero(row[start:stop])]


# Canonical index: suit relative to trumps (Copas 0, Espadas 1, Bastos 2, Oros 3) * 10 + strength - 1,
# strength under aragones from the 2 (1) up to the As (10): 2 4 5 6 7 11 10 12 3 1.
OROS = 30


def test_the_leader_s_rows_on_a_hand_made_position() -> None:
    hand = ordered_deal().hand
    view = seat_view(hand, 1)
    rows = encode(view)
    assert rows.shape == (6, FEATURES) and rows.dtype == np.float32
    base = rows[0, :BASE]
    assert all((row[:BASE] == base).all() for row in rows)  # the view's part is shared by every action
    # 2O 4.. 7O 11O 10O 3O 1O: strengths 1, 5, 6, 7, 9, 10 of the oros block.
    assert ones(base, HAND, HAND + 40) == [OROS + 0, OROS + 4, OROS + 5, OROS + 6, OROS + 8, OROS + 9]
    assert ones(base, MUESTRA, MUESTRA + 40) == [8]  # the 3 of trumps
    assert base[S_PAIRS] == 0.0 and base[S_POSITION] == 1.0
    assert base[S_STOCK] == pytest.approx(27 / 30)
    # Rey and sota of Oros: the seat holds the sota, so no opponent can sing Oros (relative suit 3).
    assert list(base[S_CANTE_OPEN_THEIRS : S_CANTE_OPEN_THEIRS + 4]) == [1.0, 1.0, 1.0, 0.0]
    ace = view.legal.index(PLAY[Card.parse("1O")])
    row = rows[ace]
    assert ones(row, BASE + A_KIND, BASE + A_KIND + 5) == [0]
    assert ones(row, BASE + A_CARD, BASE + A_CARD + 40) == [OROS + 9]
    assert row[BASE + A_POINTS] == 1.0 and row[BASE + A_TAKES] == 1.0 and row[BASE + A_TRUMP] == 0.0


def test_the_follower_s_rows_see_the_trick() -> None:
    match = ordered_deal()
    match.apply(PLAY[Card.parse("1O")])
    view = seat_view(match.hand, 0)
    rows = encode(view)
    base = rows[0, :BASE]
    assert ones(base, TRICK_OPP, TRICK_OPP + 40) == [OROS + 9]
    assert ones(base, WINNING, WINNING + 40) == [OROS + 9]
    assert base[S_OPPONENT_WINNING] == 1.0 and base[S_STAKE] == pytest.approx(11 / 30)
    assert base[S_POSITION + 1] == 1.0
    by_card = {str(action): row for action, row in zip(view.legal, rows, strict=True)}
    # Only the trumps take the ace; the 2 of trumps adds nothing to the stake, the rey of oros its 4.
    assert {text for text, row in by_card.items() if row[BASE + A_TAKES]} == {"1C", "2C"}
    assert by_card["2C"][BASE + A_TRUMP] == 1.0 and by_card["2C"][BASE + A_FOLLOWS] == 0.0
    assert by_card["12O"][BASE + A_FOLLOWS] == 1.0
    assert by_card["12O"][BASE + A_STAKE_AFTER] == pytest.approx(15 / 30)


def test_the_rows_read_the_same_in_another_trump_suit() -> None:
    """Suits are relative to trumps: the same deal with the suits renamed gives the same rows."""
    rename = {0: 2, 1: 3, 2: 0, 3: 1}
    deck = [rename[c // 10] * 10 + c % 10 for c in range(40)]
    renamed = Match(2, Rules(), seed=0, dealer=0, deck=deck, events=False)
    original = seat_view(ordered_deal().hand, 1)
    other = seat_view(renamed.hand, 1)
    assert other.trump != original.trump
    # The same legal cards in the engine's order may differ; compare the rows as sets.
    assert sorted(map(bytes, encode(original))) == sorted(map(bytes, encode(other)))


def test_the_shipped_weights_hold_both_table_sizes() -> None:
    nets = read_weights(WEIGHTS)
    assert set(nets) == {2, 4}
    assert WEIGHTS.with_suffix(".json").exists()
    assert WEIGHTS.stat().st_size < 8_000_000


@pytest.mark.parametrize("players", [2, 4])
def test_the_shipped_network_plays_whole_hands_with_legal_moves_only(players: int) -> None:
    bots = [make_bot("learned"), make_bot("normal")] * 2
    for seed in range(3):
        match = Match(players, Rules(), seed=seed, events=False)
        rng = random.Random(seed)
        for _ in range(2):
            hand = match.hand
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                action = decide(bots[(seat + seed) % 2], hand, seat, rng)
                assert action in hand.legal_actions()
                match.apply(action)
            if match.is_over:
                break
            match.next_hand()


def test_the_bot_is_deterministic_and_draws_nothing_from_its_generator() -> None:
    match = ordered_deal()
    view = seat_view(match.hand, 1)
    rng = random.Random(3)
    before = rng.getstate()
    first = LearnedBot().choose(view, rng)
    assert rng.getstate() == before
    assert all(LearnedBot().choose(view, random.Random(n)) == first for n in range(5))


def test_ties_go_to_the_first_legal_action(tmp_path: Path) -> None:
    path = tmp_path / "flat.npz"
    save_weights(path, {2: [(np.zeros((FEATURES, 4)), np.zeros(4)), (np.zeros((4, 1)), np.zeros(1))]})
    view = seat_view(ordered_deal().hand, 1)
    assert make_bot(f"learned:weights={path}").choose(view, random.Random(0)) == view.legal[0]


def test_weights_that_cannot_be_read_fail_in_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_text("not weights")
    for path in (tmp_path / "missing.npz", junk):
        with pytest.raises(ValueError, match="weights") as caught:
            make_bot(f"learned:weights={path}")
        assert "\n" not in str(caught.value)


@pytest.mark.parametrize("players", [2, 4])
def test_the_rows_do_not_change_when_hidden_cards_move(players: int) -> None:
    """Stronger than the bots' honesty test: not just the action, every feature is the same."""
    rng = random.Random(11)
    states = [s for s in random_positions(players, "aragones", seed=60 + players, hands=3) if s.to_move is not None]
    moved = 0
    for state in states[::3]:
        seat = state.to_move
        assert seat is not None
        rows = encode(seat_view(state, seat))
        for swaps in (1, 5, 20):
            world = reshuffled(state, seat, rng, swaps)
            moved += [world.hands, world.stock] != [state.hands, state.stock]
            assert np.array_equal(encode(seat_view(world, seat)), rows)
    assert moved > len(states) // 3
