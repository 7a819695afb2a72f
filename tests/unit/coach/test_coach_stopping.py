"""The coach's stopping rule (:class:`~guinote_tui.coach.evaluate.Settled`) when its card is not the race's leader.

Among the cards about the same as the leader the coach plays the one that risks the least, so its card and the
leader can differ; the race may end only when the difference between those two is settled too. Every other test
of the coach happens to have its card equal to the leader, so this one builds such a race by hand.
"""

from __future__ import annotations

from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.race import Race
from guinote_tui.coach.evaluate import Grade, Settled, _se, grade_of, settled
from guinote_tui.engine import Card, Rules, parse_cards

RULES = Rules.preset("aragones")
TABLES = tables_for(RULES, 0)  # Oros trumps
AS_COPAS, DOS_COPAS, CUATRO_ESPADAS = parse_cards("1C 2C 4E")


def race(leader_edge: list[float], far: float) -> Race[Card]:
    """The As de Copas leads the Dos de Copas by ``leader_edge`` deal by deal; the Cuatro de Espadas trails by
    ``far`` points on every deal."""
    race = Race([AS_COPAS, DOS_COPAS, CUATRO_ESPADAS], Settled(TABLES))
    base = [float(v) for v in range(len(leader_edge))]
    race.per_deal[AS_COPAS] = [b + e for b, e in zip(base, leader_edge, strict=True)]
    race.per_deal[DOS_COPAS] = base
    race.per_deal[CUATRO_ESPADAS] = [b - far for b in base]
    return race


def test_the_race_goes_on_while_the_coachs_card_and_the_leader_are_not_settled() -> None:
    edge = [5.0, -5.0] * 20  # the As leads by a hair: 7 points on the first deal, then as many up as down
    edge[0] = 7.0
    r = race(edge, far=40.0)
    assert r.leader() == AS_COPAS
    rule = Settled(TABLES)
    assert rule.choice(r) == DOS_COPAS  # about the same as the As, and it risks less (no points)
    cost, se = _se(r.per_deal[DOS_COPAS], r.per_deal[AS_COPAS])
    assert grade_of(cost, se) is Grade.SAME and not settled(cost, se)
    # The far card is settled against the coach's card: only the leader keeps the race going.
    far_cost, far_se = _se(r.per_deal[DOS_COPAS], r.per_deal[CUATRO_ESPADAS])
    assert settled(far_cost, far_se)
    assert r.step(retire=False) is False


def test_the_race_ends_once_the_coachs_card_and_the_leader_are_settled_too() -> None:
    edge = [0.01, 0.0] * 200  # the As leads by a hundredth: about the same, and settled so at 400 deals
    r = race(edge, far=40.0)
    rule = Settled(TABLES)
    assert r.leader() == AS_COPAS and rule.choice(r) == DOS_COPAS
    cost, se = _se(r.per_deal[DOS_COPAS], r.per_deal[AS_COPAS])
    assert settled(cost, se)
    assert r.step(retire=False) is True
