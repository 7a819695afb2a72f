"""A learned model of card play: how likely each legal card is, from what the player could see.

The inference (:mod:`guinote_tui.ai.inference`) weighs a sampled deal by how likely the
other seats' plays are had they held its cards. The rule policy makes a
poor model of that: it names one card and treats every other as a mistake,
while the search bots agree with it on only about a third of their phase-1
cards, and its tie-breaks between cards worth the same are arbitrary. This
model gives every legal card a probability instead: a multinomial logit (a
softmax over the legal cards) of a few numbers that describe each card in
its position (its points and strength, trump or not, whether it takes the
trick, at what stake, whether the partner holds it, whether it is the top
card of its suit still out, whether it breaks a pair to sing, ...). It is
fitted by maximum likelihood to the cards the search bots really played
(imitation: ``python -m guinote_lab.playmodel``), one set of weights
per table size, and kept in ``data/playmodel.json`` beside this module.

A card's numbers come only from what the deciding seat knew: its own hand,
the cards fallen, the trick so far, the cantes sung and the size of the
stock. The inference rebuilds those from a sampled deal; the trainer reads
them from the deciding seat's own view, through the same function.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from guinote_tui.ai.bitmasks import ALL_CARDS, SUIT_MASK, Tables
from guinote_tui.ai.inference import Inference, Observation
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.policy import REY_INDEX, holder
from guinote_tui.ai.search import HardBot
from guinote_tui.engine import SeatView

#: The names of a card's numbers, in order (the weights file lists them too).
FEATURES: tuple[str, ...] = (
    "points",
    "strength",
    "trump",
    "lead_points",
    "lead_strength",
    "lead_trump",
    "lead_master",
    "lead_master_points",
    "lead_suit_length",
    "takes",
    "takes_stake",
    "takes_points",
    "takes_trump",
    "takes_trump_strength",
    "takes_sure",
    "takes_last",
    "gives_points",
    "gives_strength",
    "loads_partner",
    "overtakes_partner",
    "follows_suit",
    "master",
    "cante_piece",
    "suit_length",
    "trump_few",
    "arrastre_points",
    "arrastre_trump",
    "arrastre_strength",
    "arrastre_master",
    "stock_trump",
    "stock_points",
    "high_card",
)

#: The weights file shipped beside this module.
MODEL_PATH = Path(__file__).parent / "data" / "playmodel.json"


def card_features(
    tables: Tables,
    seat: int,
    players: int,
    held: int,
    legal: Sequence[int],
    before: Sequence[tuple[int, int]],
    fallen: int,
    sung: int,
    stock_count: int,
    arrastre: bool,
    seen: int = 0,
) -> list[list[float]]:
    """The numbers of each card of ``legal`` (one row per card, in ``legal``'s order).

    ``held`` is the hand (a mask) before playing, ``before`` the (seat, card)
    pairs already in the trick, ``fallen`` every card fallen before this one,
    ``seen`` any other card the seat knows is in no hand (the face-up muestra).
    """
    points = tables.points
    strength = tables.strength
    trump = tables.trump
    unseen = ALL_CARDS & ~held & ~fallen & ~seen
    lead = not before
    stake = 0
    beaters_now = 0
    partner_holds = False
    led = -1
    if before:
        win_seat, winning = holder(before, tables)
        stake = sum(points[c] for _, c in before)
        beaters_now = tables.beaters[winning]
        partner_holds = win_seat & 1 == seat & 1
        led = before[0][1] // 10
    last = len(before) == players - 1
    # Opponents still to play after this seat.
    left = players - len(before) - 1
    opponents_after = sum(1 for k in range(1, left + 1) if (seat + k) % players & 1 != seat & 1)
    lengths = [(held & SUIT_MASK[suit]).bit_count() for suit in range(4)]
    trumps_held = lengths[trump]
    stock = stock_count / 30.0
    rows: list[list[float]] = []
    for card in legal:
        suit = card // 10
        pts = points[card] / 11.0
        strong = strength[card] / 10.0
        is_trump = 1.0 if suit == trump else 0.0
        master = 1.0 if not (tables.above[card] & unseen) else 0.0
        index = card % 10
        cante = 0.0
        if not sung >> suit & 1 and (index == REY_INDEX or index == tables.cante_rank_index):
            other = suit * 10 + (tables.cante_rank_index if index == REY_INDEX else REY_INDEX)
            if held >> other & 1:
                cante = 1.0
        takes = 1.0 if before and beaters_now >> card & 1 else 0.0
        sure = 0.0
        if takes and (opponents_after == 0 or not (tables.beaters[card] & unseen)):
            sure = 1.0
        gives = 1.0 if before and not takes and not partner_holds else 0.0
        partner = 1.0 if before and partner_holds else 0.0
        length = lengths[suit] / 6.0
        phase2 = 1.0 if arrastre else 0.0
        rows.append(
            [
                pts,
                strong,
                is_trump,
                pts if lead else 0.0,
                strong if lead else 0.0,
                is_trump if lead else 0.0,
                master if lead else 0.0,
                master * pts if lead else 0.0,
                length if lead else 0.0,
                takes,
                takes * stake / 20.0,
                takes * pts,
                takes * is_trump,
                takes * is_trump * strong,
                sure,
                takes if last else 0.0,
                gives * pts,
                gives * strong,
                partner * (1.0 - takes) * pts,
                partner * takes,
                1.0 if suit == led else 0.0,
                master,
                cante,
                length,
                is_trump * (1.0 if trumps_held <= 2 else 0.0),
                phase2 * pts,
                phase2 * is_trump,
                phase2 * strong,
                phase2 * master,
                stock * is_trump,
                stock * pts,
                1.0 if points[card] >= 10 else 0.0,
            ]
        )
    return rows


class PlayModel:
    """Weights per table size; :meth:`probabilities` gives each legal card's chance."""

    def __init__(self, weights: Mapping[int, Sequence[float]]) -> None:
        for players, row in weights.items():
            if len(row) != len(FEATURES):
                raise ValueError(f"play model for {players} players: {len(row)} weights, {len(FEATURES)} expected")
        self.weights = {players: tuple(float(w) for w in row) for players, row in weights.items()}

    def probabilities(self, players: int, rows: Sequence[Sequence[float]]) -> list[float]:
        weights = self.weights[players]
        scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def to_json(self, **meta: object) -> str:
        data = {"features": list(FEATURES), "weights": {str(p): list(w) for p, w in self.weights.items()}, **meta}
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> PlayModel:
        data = json.loads(text)
        if list(data.get("features", [])) != list(FEATURES):
            raise ValueError("play model: its features are not this version's")
        return cls({int(p): w for p, w in data["weights"].items()})


@lru_cache(maxsize=1)
def shipped_model() -> PlayModel:
    """The model shipped with the game."""
    return PlayModel.from_json(MODEL_PATH.read_text(encoding="utf-8"))


class LearnedInference(Inference):
    """The inference with the card play modelled by the learned play model (each legal card its chance)."""

    def __init__(self, view: SeatView, know: Knowledge, depth: int = 4, eps: float = 0.5) -> None:
        super().__init__(view, know, depth, eps)
        self.model = shipped_model()

    def card_chance(self, obs: Observation, held: int, hand: list[int], legal: list[int], arrastre: bool) -> float:
        rows = self.model_rows(obs, held, legal, arrastre)
        chance = self.model.probabilities(self.players, rows)[legal.index(obs.card)] if obs.card in legal else 0.0
        return (1.0 - self.eps) * chance + self.eps / len(legal)

    def model_rows(self, obs: Observation, held: int, legal: list[int], arrastre: bool) -> list[list[float]]:
        """The play model's numbers for each card ``legal`` offered at ``obs``, had its seat held ``held``."""
        seen = 1 << self.view.muestra_card if obs.muestra_up and self.view.muestra_card is not None else 0
        return card_features(
            self.tables,
            obs.seat,
            self.players,
            held,
            legal,
            obs.before,
            obs.fallen,
            obs.sung,
            obs.stock_count,
            arrastre,
            seen,
        )


class PlayModelBot(HardBot):
    """``hard`` whose inference reads the card play through the learned play model (``playmodel`` in a spec:
    ``playmodel:infer=true,infer_eps=0.3``). Measured and not kept in any level (docs/lab/2026-12-play-model.md)."""

    name = "playmodel"

    def _new_inference(self, view: SeatView, know: Knowledge) -> Inference:
        s = self.settings
        return LearnedInference(view, know, s.infer_depth, s.infer_eps)


__all__ = [
    "FEATURES",
    "MODEL_PATH",
    "LearnedInference",
    "PlayModel",
    "PlayModelBot",
    "card_features",
    "shipped_model",
]
