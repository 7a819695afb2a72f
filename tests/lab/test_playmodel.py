"""The learned play model: each legal card's chance, from what the deciding seat could see."""

from __future__ import annotations

import json
import math
import random

import pytest

import guinote_lab  # noqa: F401  (registers the playmodel bot)
from guinote_lab.playmodel import evaluate, fit_logit, view_rows
from guinote_lab.playmodel_core import FEATURES, MODEL_PATH, LearnedInference, PlayModel, card_features, shipped_model
from guinote_tui.ai import make_bot
from guinote_tui.ai.bitmasks import mask_of, tables_for
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.rulebots import NormalBot
from guinote_tui.engine import HandState, Play, Rules, Stage, seat_view


def test_shipped_model_has_both_table_sizes_and_gives_chances_summing_to_one() -> None:
    model = shipped_model()
    assert set(model.weights) == {2, 4}
    rules = Rules.preset("aragones")
    tables = tables_for(rules, 1)
    rows = card_features(tables, 0, 2, mask_of([0, 5, 13, 19, 27, 33]), [0, 5, 13, 19, 27, 33], [], 0, 0, 20, False)
    probs = model.probabilities(2, rows)
    assert len(probs) == 6
    assert math.isclose(sum(probs), 1.0)
    assert all(p > 0.0 for p in probs)


def test_a_model_of_other_features_or_sizes_is_refused() -> None:
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    data["features"] = data["features"][:-1]
    with pytest.raises(ValueError, match="features"):
        PlayModel.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="weights"):
        PlayModel({2: [0.0] * (len(FEATURES) - 1)})


def test_fit_recovers_a_players_habit() -> None:
    """Decisions where the player always keeps its points (plays the card of fewest points): the fitted model
    puts its weight against points and names the right card far more often than chance."""
    rng = random.Random(3)
    tables = tables_for(Rules.preset("aragones"), 0)
    records = []
    for _ in range(300):
        hand = rng.sample(range(40), 6)
        rows = card_features(tables, 0, 2, mask_of(hand), hand, [], 0, 0, 20, False)
        chosen = min(range(6), key=lambda i: (tables.points[hand[i]], rng.random()))
        records.append({"game": "x", "players": 2, "rows": rows, "chosen": chosen, "policy": chosen})
    weights = fit_logit(records[:200], l2=1e-3, steps=400)
    assert weights[FEATURES.index("points")] < -1.0
    figures = evaluate(PlayModel({2: weights}), 2, records[200:], 0.5)
    assert figures["loss"] < 0.6 * figures["loss_uniform"]


@pytest.mark.parametrize("players", [2, 4])
def test_the_inference_rebuilds_the_numbers_the_player_saw(players: int) -> None:
    """For a card played in the trick now on the table, the numbers the inference rebuilds from the real deal are
    the numbers the player's own view gave when it chose (phase 1 and the arrastre)."""
    rules = Rules.preset("aragones")
    rng = random.Random(17)
    bot = NormalBot()
    checked = {False: 0, True: 0}
    for _ in range(6):
        deck = list(range(40))
        rng.shuffle(deck)
        state = HandState(deck, rng.randrange(players), rules, players)
        seen_rows: dict[tuple[int, int], dict[int, list[float]]] = {}
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat)
            cards = [a.card for a in view.legal if isinstance(a, Play)]
            if state.stage is Stage.PLAY and len(cards) > 1:
                seen_rows[(seat, len(view.tricks))] = dict(zip(cards, view_rows(view, cards), strict=True))
                if seat == 0 and view.trick:
                    inference = LearnedInference(view, Knowledge.from_view(view), eps=0.5)
                    for obs in inference.observations:
                        if obs.trick_index != len(view.tricks):
                            continue
                        held = mask_of(state.hands[obs.seat]) | 1 << obs.card
                        hand = sorted(c for c in range(40) if held >> c & 1)
                        arrastre = view.in_arrastre
                        legal = inference._allowed(obs, hand) if arrastre and obs.before else hand
                        if len(legal) < 2:
                            continue
                        rows = inference.model_rows(obs, held, legal, arrastre)
                        expected = seen_rows[(obs.seat, obs.trick_index)]
                        assert sorted(expected) == legal
                        for card, row in zip(legal, rows, strict=True):
                            assert row == pytest.approx(expected[card])
                        checked[arrastre] += 1
            state.apply(bot.choose(view, rng))
    assert checked[False] > 5 and checked[True] > 5


def test_a_search_bot_reading_play_with_the_model_is_repeatable() -> None:
    rules = Rules.preset("aragones")
    rng = random.Random(5)
    deck = list(range(40))
    rng.shuffle(deck)
    state = HandState(deck, 0, rules, 2)
    spec = "playmodel:samples=4,infer=true,infer_eps=0.3"
    plays = 0
    while not state.is_over and plays < 14:
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        first = make_bot(spec).choose(view, random.Random(plays))
        again = make_bot(spec).choose(view, random.Random(plays))
        assert first == again
        assert first in view.legal
        state.apply(first)
        plays += 1
    assert plays == 14
