"""Why the card a player chose is worse than the coach's: the part of its cost the evaluation can name.

:func:`loss_reason` compares the played card's :class:`~.evaluate.CardEstimate`
with the coach's card's and names what the played card loses, from the
evidence in the evaluation and the seat's view alone (never a hidden card).
The components are weighed in this order, and the first that explains at least
half the cost is given:

0. **a better juego, and still worse**: where the played card does better for
   the juego than the coach's card (it wins it, or loses it, in a tenth of the
   deals more or less) and is graded all the same, that is said first: the
   points of the hand it loses on average outweigh the juegos it gains, a
   juego counted as :data:`~.evaluate.JUEGO_POINTS` (:func:`juego_but_points`).
   A tier beside a better juego column is never left unexplained;
1. **the juego decided for certain**: the played card hands the other side the
   trick and the juego at once (whatever the hidden cards), or the coach's card
   takes them at once; in the heads-up arrastre, where every card is known, the
   juego the solver finds with best play on both sides;
2. **a tute** the side declares in fewer deals (a tenth or more), or **a cante
   broken**: the played card is the Rey or the cante card of a pair the seat
   holds unsung in phase 1 and the side sings less after it. These come before
   the juego's shares: the juegos lost follow from them, so they are counted
   with what they explain;
3. **the juego's shares**: the deals in which the side wins the juego, or
   loses it, differ by a tenth or more (the larger gap is named), where the
   cost counts the juego (:attr:`~.evaluate.Evaluation.juego_counted`); de
   vueltas, when the played card's own points are all the other side still
   needs, the deals lost are named with them ("if the other side takes it,
   the Rey gives it the 4 points it needs"), never the points alone;
4. **the side's cantes**: it sings less after the played card;
5. **the other side's cantes**: it sings more;
6. **the card's points given** to the other side on this trick (two points or
   more);
7. **the last trick** and its ten, taken in fewer deals;
8. **the muestra**, drawn in fewer deals.

Each component counts the points of the side it accounts for (the cost's
unit, :mod:`.evaluate`): :data:`~.evaluate.JUEGO_POINTS` for each juego won or
lost (a share of them for the shares), half a cante's points (a cante adds to
one side only), the card's points given, the last ten, the muestra's points
and half the forty it completes with a trump Rey or cante card in hand. When
none explains half the cost, or the played card costs nothing, there is no
reason (None).

The components 2 and 4 to 8 read the first-phase playouts' lines
(:attr:`~.evaluate.CardEstimate.lines`); a solved evaluation (the pairs
arrastre) has the juego's shares and the certain juego, an exact one (the
heads-up arrastre) the juego alone.

Where the coach would sing, a card played instead is weighed against singing
first (:func:`delay_reason`): the pair broken, or the deals in which the side
sings the cante later anyway.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.bitmasks import Tables, cards_of, mask_of, tables_for
from ..ai.search import loses_at_once, wins_at_once
from ..engine import Card, SeatView, Suit
from ..i18n import tenths  # a share as deals of 10: one figure in the reasons and the sentences
from .evaluate import JUEGO_POINTS, CardEstimate, Evaluation
from .lines import LineStats
from .reasons import LOST_CODES, Reason, ReasonCode

#: The least difference between two shares (of the deals) that a reason names.
SHARE_STEP = 0.1
#: The least difference in the points of the card given on this trick that a reason names.
GIVEN_POINTS = 2.0
#: The least difference in the points of cantes sung that a reason names.
CANTE_POINTS = 4.0

#: The codes of :func:`loss_reason` (never given by :func:`~.why.card_reason`).
LOSS_CODES = LOST_CODES


@dataclass(frozen=True)
class Loss:
    """One thing the played card loses against the coach's: its reason and the points of the side it explains."""

    reason: Reason
    explained: float


def loss_reason(view: SeatView, evaluation: Evaluation, played: Card, best: Card) -> Reason | None:
    """What ``played`` loses against the coach's ``best`` in ``view``, by the evidence of ``evaluation``.

    The first component of :func:`losses` that explains at least half the cost; None when none does, when
    ``played`` costs nothing against ``best``, or when either card was not weighed.
    """
    cost = loss_cost(evaluation, played, best)
    if cost is None or cost <= 0:
        return None
    for loss in losses(view, evaluation, played, best):
        if loss.explained >= cost / 2:
            return loss.reason
    return None


def delay_reason(view: SeatView, evaluation: Evaluation, suit: int, played: Card, cost: float) -> Reason | None:
    """What ``played`` loses where the coach would sing the cante in ``suit`` first (``cost``: its cost).

    The card breaks the pair: the cante is lost for good. Else, where the evaluation measured the delay
    (:attr:`~.evaluate.Evaluation.delay`), the deals in which the side sings the cante later, when the cante
    left unsung in the others explains at least half the cost; otherwise what the card loses against the card the
    coach plays after singing (:func:`loss_reason`). None when nothing explains it.
    """
    tables = tables_for(view.rules, view.trump)
    params = {"card": str(played), "suit": Suit(suit).title, "points": tables.cante_points[suit]}
    if tables.cante_pairs[suit] >> int(played) & 1:
        return Reason(ReasonCode.BREAKS_CANTE, params)
    delay = evaluation.delay
    if delay is None or delay.suit != suit or played not in delay.cards:
        return None
    later = delay.cards[played].later
    if later is not None and delay.points / 2 * (1 - later) >= cost / 2:
        return Reason(ReasonCode.CANTE_LATER, {**params, "m": tenths(later)})
    return loss_reason(view, evaluation, played, delay.card)


def loss_cost(evaluation: Evaluation, played: Card, best: Card) -> float | None:
    """Points of the side ``played`` loses against ``best`` (paired, from the coach's card); None if not weighed."""
    if played not in evaluation.cards or best not in evaluation.cards or played == best:
        return None
    return evaluation.cards[played].delta - evaluation.cards[best].delta


def losses(view: SeatView, evaluation: Evaluation, played: Card, best: Card) -> list[Loss]:
    """Every component that names something ``played`` loses against ``best``, in the order of weight."""
    if played not in evaluation.cards or best not in evaluation.cards or played == best:
        return []
    tables = tables_for(view.rules, view.trump)
    mine, theirs = evaluation.cards[played], evaluation.cards[best]
    names = {"card": str(played), "best": str(best)}
    found: list[Loss] = []
    but = juego_but_points(evaluation, played, best)
    if but is not None:
        found.append(Loss(but, mine.delta))
    certain = _certain_juego(view, evaluation, tables, played, best)
    if certain is not None:
        found.append(certain)
    # The juegos the coach's card wins more (or loses less) often, in points of the side.
    juego = JUEGO_POINTS * max(0.0, _net(theirs) - _net(mine)) if mine.win is not None else 0.0
    pl, bl = mine.lines, theirs.lines
    if pl is not None and bl is not None:
        fewer = max(0.0, bl.cantes - pl.cantes) / 2
        # A tute or a broken cante comes before the juego's shares: the juegos lost follow from it.
        tute = _share(ReasonCode.TUTE_LOST, names, pl.tute, bl.tute, 0.0)
        if tute is not None:
            found.append(Loss(tute.reason, juego + fewer))
        broken = _broken_cante(view, tables, played, best, pl, bl)
        if broken is not None:
            found.append(Loss(broken, juego + fewer))
    needed = _needed(view, tables, played)
    shares = _juego_shares(names, mine, theirs, needed) if evaluation.juego_counted else None
    if shares is not None:
        found.append(shares)
    if pl is None or bl is None:
        return found
    if bl.cantes - pl.cantes >= CANTE_POINTS:
        params = {**names, "m": round(pl.cantes), "n": round(bl.cantes)}
        found.append(Loss(Reason(ReasonCode.FEWER_CANTES, params), (bl.cantes - pl.cantes) / 2))
    if pl.rival_cantes - bl.rival_cantes >= CANTE_POINTS:
        params = {**names, "m": round(pl.rival_cantes), "n": round(bl.rival_cantes)}
        found.append(Loss(Reason(ReasonCode.RIVAL_CANTES, params), (pl.rival_cantes - bl.rival_cantes) / 2))
    points = tables.points[int(played)]
    if points and pl.given - bl.given >= GIVEN_POINTS:
        params = {"card": str(played), "points": points, "k": tenths(pl.given / points)}
        found.append(Loss(Reason(ReasonCode.GIVES_POINTS, params), pl.given - bl.given))
    last = _share(ReasonCode.LAST_TRICK_LOST, names, pl.last, bl.last, 10.0)
    if last is not None:
        found.append(last)
    if view.muestra is not None:
        muestra = _share(ReasonCode.MUESTRA_LOST, names, pl.muestra, bl.muestra, _muestra_worth(view, tables))
        if muestra is not None:
            params = {**muestra.reason.params, "muestra": str(Card(view.muestra))}
            found.append(Loss(Reason(ReasonCode.MUESTRA_LOST, params), muestra.explained))
    return found


def _net(estimate: CardEstimate) -> float:
    """The share of juegos won less the share lost (0 when not measured)."""
    return (estimate.win or 0.0) - (estimate.loss or 0.0)


def _certain_juego(view: SeatView, evaluation: Evaluation, tables: Tables, played: Card, best: Card) -> Loss | None:
    """The juego certain with one card and not with the other: at once, or solved with every card known."""
    mine, theirs = evaluation.cards[played].juego, evaluation.cards[best].juego
    if mine >= theirs:
        return None
    names = {"card": str(played), "best": str(best)}
    explained = JUEGO_POINTS * (theirs - mine)
    if mine < 0:
        if loses_at_once(view, [int(played)], tables):
            return Loss(Reason(ReasonCode.HANDS_JUEGO, names), explained)
        if evaluation.exact:
            return Loss(Reason(ReasonCode.LOSES_JUEGO, names), explained)
    if theirs > 0:
        if wins_at_once(view, [int(best)], tables):
            return Loss(Reason(ReasonCode.MISSES_JUEGO, names), explained)
        if evaluation.exact:
            return Loss(Reason(ReasonCode.MISSES_JUEGO_SOLVED, names), explained)
    return None


def _share(code: ReasonCode, names: dict[str, str], mine: float, theirs: float, worth: float) -> Loss | None:
    """A share of the deals the coach's card gets and the played card does not, at least a tenth apart."""
    m, n = tenths(mine), tenths(theirs)
    if theirs - mine < SHARE_STEP - 1e-9 or n <= m:
        return None
    return Loss(Reason(code, {**names, "m": m, "n": n}), worth * (theirs - mine))


def _juego_shares(
    names: dict[str, str], mine: CardEstimate, theirs: CardEstimate, needed: int | None = None
) -> Loss | None:
    """The deals in which the side wins the juego (or loses it), a tenth apart or more: the larger gap is named;
    the deals lost where the played card's points are all the other side needs (``needed``: those points)."""
    if mine.win is None or mine.loss is None or theirs.win is None or theirs.loss is None:
        return None
    explained = JUEGO_POINTS * (_net(theirs) - _net(mine))
    won = _share(ReasonCode.FEWER_JUEGOS, names, mine.win, theirs.win, 0.0)
    # Lost: the played card's share is the larger one (m, n still name the played card's and the coach's).
    m, n = tenths(mine.loss), tenths(theirs.loss)
    lost = mine.loss - theirs.loss >= SHARE_STEP - 1e-9 and m > n
    if lost and needed is not None:
        return Loss(Reason(ReasonCode.GIVES_NEEDED, {**names, "m": m, "n": n, "points": needed}), explained)
    if won is not None and (not lost or theirs.win - mine.win >= mine.loss - theirs.loss):
        return Loss(won.reason, explained)
    if lost:
        return Loss(Reason(ReasonCode.MORE_JUEGOS_LOST, {**names, "m": m, "n": n}), explained)
    return None


def _needed(view: SeatView, tables: Tables, played: Card) -> int | None:
    """De vueltas, where the other side reaches the target the moment it has the points: the points it still needs
    when the played card is worth them all (it needs some, and no more than the card is worth); None otherwise."""
    if not view.rules.vueltas or view.first_of_juego:
        return None
    rivals = 1 - view.side
    need = view.rules.target - view.carried[rivals] - view.points[rivals]
    points = tables.points[int(played)]
    return need if 0 < need <= points else None


def juego_but_points(evaluation: Evaluation, played: Card, best: Card) -> Reason | None:
    """Where ``played`` does better for the juego than the coach's ``best`` (it wins it in more deals, or loses it
    in fewer, a tenth apart or more) and is graded all the same: that it does, and the points of the hand it loses
    more on average, which outweigh the juegos it gains (a juego counted as :data:`~.evaluate.JUEGO_POINTS`).
    None elsewhere, and where the cost does not count the juego (no juego figure is shown there)."""
    if not evaluation.juego_counted or played not in evaluation.cards or best not in evaluation.cards:
        return None
    mine, theirs = evaluation.cards[played], evaluation.cards[best]
    if mine.win is None or mine.loss is None or theirs.win is None or theirs.loss is None:
        return None
    if not evaluation.graded(played) or _net(mine) <= _net(theirs):
        return None
    names = {"card": str(played), "best": str(best), "juego": round(JUEGO_POINTS)}
    points = round(mine.delta - theirs.delta + JUEGO_POINTS * (_net(mine) - _net(theirs)))
    m, n = tenths(mine.win), tenths(theirs.win)
    if m > n:
        return Reason(ReasonCode.JUEGO_BUT_POINTS, {**names, "m": m, "n": n, "points": points})
    m, n = tenths(mine.loss), tenths(theirs.loss)
    if m < n:
        return Reason(ReasonCode.JUEGO_BUT_POINTS, {**names, "m": m, "n": n, "points": points, "lost": 1})
    return None


def _broken_cante(
    view: SeatView, tables: Tables, played: Card, best: Card, mine: LineStats, theirs: LineStats
) -> Reason | None:
    """Phase 1: ``played`` is the Rey or the cante card of a pair the seat holds unsung (``best`` is neither), and
    the side sings at least :data:`CANTE_POINTS` less after it."""
    suit = int(played) // 10
    pair = cards_of(tables.cante_pairs[suit])
    hand = {int(c) for c in view.hand}
    if (
        view.in_arrastre
        or int(played) not in pair
        or int(best) in pair
        or not all(c in hand for c in pair)
        or any(c.suit == suit for c in view.cantes)
        or theirs.cantes - mine.cantes < CANTE_POINTS
    ):
        return None
    params = {"card": str(played), "suit": Suit(suit).title, "points": tables.cante_points[suit]}
    return Reason(ReasonCode.BREAKS_CANTE, params)


def _muestra_worth(view: SeatView, tables: Tables) -> float:
    """What drawing the muestra is worth to a side: its points, and half the forty it completes in the seat's hand."""
    muestra = view.muestra
    assert muestra is not None
    worth = float(tables.points[muestra])
    trump = view.trump
    pair = tables.cante_pairs[trump]
    # Half the forty when the muestra is half of it and the seat holds the other half.
    if (
        not any(c.suit == trump for c in view.cantes)
        and pair >> muestra & 1
        and pair & ~(1 << muestra) & mask_of(view.hand)
    ):
        worth += tables.cante_points[trump] / 2
    return worth
