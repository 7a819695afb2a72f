"""The coach's analysis of one decision as text, to keep with a review and read back: the very verdicts it gave.

:func:`analysis_text` writes an :class:`~.advice.Advice` (the coach's move, its
reason, every card's value, cost, standard error, deal count and juego shares,
what each card's lines brought, the cante left for later) as a small JSON
object in ASCII; :func:`analysis_of` reads it back for the decision it was
made at, checking everything against the seat's view of that decision. Kept
with a hand's review and with each kept mistake, it lets practice and "Try it"
show the review's own verdict instead of judging the position afresh: a
deeper budget, another seed or another version of the coach later changes
nothing of what the review said.

The text comes from a file (the statistics) and is hostile until checked:
:func:`analysis_of` refuses, with one line (:class:`StoredAnalysisError`),
a text too long, not JSON, of another format, naming a card or an action
that is not a choice of the decision, or holding a number that is not finite
or out of range; it never raises anything else.

    >>> from guinote_tui.engine import HandState, seat_view
    >>> from .advice import advise, decision_rng
    >>> from .evaluate import CoachBudget
    >>> view = seat_view(HandState(list(range(40)), dealer=1, players=2, events=False), 0, events=False)
    >>> advice = advise(view, decision_rng(0, view), CoachBudget(min_deals=4, batch=4, max_playouts=40))
    >>> analysis_of(analysis_text(advice), view) == advice
    True
    >>> analysis_of("{nope", view)
    Traceback (most recent call last):
    ...
    guinote_tui.coach.stored.StoredAnalysisError: not JSON
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from ..engine import Action, Card, Play, SeatView, Sing, parse_action
from .advice import Advice
from .evaluate import CardEstimate, Evaluation
from .lines import CanteDelay, Delay, LineStats
from .reasons import Reason, ReasonCode

__all__ = ["ANALYSIS_LONGEST", "FORMAT", "StoredAnalysisError", "analysis_of", "analysis_text"]

#: The format of the text (a text of another format is refused, never guessed at).
FORMAT = 1
#: The longest text kept and read (an analysis of eight cards takes about 3,000 characters).
ANALYSIS_LONGEST = 20_000
#: The methods an evaluation may have (:class:`~.evaluate.Evaluation`).
METHODS = ("exact", "enumerated", "solved", "playouts")
#: The largest value, cost or count read back (a juego is worth 65 points; a hand has fewer than 200).
LARGEST = 1_000_000.0
#: The fields of :class:`~.lines.LineStats`, in order.
LINE_FIELDS = ("cantes", "rival_cantes", "tute", "last", "muestra", "given", "trick")


class StoredAnalysisError(ValueError):
    """A kept analysis that cannot be read back for its decision (the message is one short line)."""


# -- writing ------------------------------------------------------------------------------------------------------


def analysis_text(advice: Advice) -> str:
    """``advice`` as the statistics keep it: compact JSON in ASCII (:func:`analysis_of` reads it back)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "action": str(advice.action),
        "forced": advice.forced,
        "reason": _reason_data(advice.reason),
        "idea": _reason_data(advice.idea) if advice.idea is not None else None,
        "cantes": {str(action): points for action, points in advice.cantes.items()},
        "values": {str(card): value for card, value in advice.values.items()},
        "evaluation": _evaluation_data(advice.evaluation) if advice.evaluation is not None else None,
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def _reason_data(reason: Reason) -> dict[str, Any]:
    return {"code": reason.code.value, "params": dict(reason.params)}


def _evaluation_data(evaluation: Evaluation) -> dict[str, Any]:
    cards = {str(card): _estimate_data(estimate) for card, estimate in evaluation.cards.items()}
    delay = evaluation.delay
    return {
        "best": str(evaluation.best),
        "method": evaluation.method,
        "deals": evaluation.deals,
        "work": evaluation.work,
        "juego_counted": evaluation.juego_counted,
        "cards": cards,
        "delay": None if delay is None else _delay_data(delay),
    }


def _estimate_data(e: CardEstimate) -> list[Any]:
    lines = None if e.lines is None else [getattr(e.lines, name) for name in LINE_FIELDS]
    return [e.value, e.cost, e.se, e.deals, e.juego, e.win, e.loss, e.delta, e.at_once, lines]


def _delay_data(delay: CanteDelay) -> dict[str, Any]:
    cards = {str(card): [d.cost, d.se, d.delta, d.later] for card, d in delay.cards.items()}
    return {"suit": delay.suit, "points": delay.points, "card": str(delay.card), "cards": cards}


# -- reading ------------------------------------------------------------------------------------------------------


def analysis_of(text: str, view: SeatView) -> Advice:
    """The analysis kept as ``text`` (:func:`analysis_text`) for the decision ``view`` stands at.

    :class:`StoredAnalysisError` (one line) for anything that is not such an analysis of that decision.
    """
    if not isinstance(text, str) or len(text) > ANALYSIS_LONGEST:
        raise StoredAnalysisError(f"longer than {ANALYSIS_LONGEST} characters")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise StoredAnalysisError("not JSON") from None
    try:
        return _advice(_mapping(data, "analysis"), view)
    except StoredAnalysisError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError) as error:
        raise StoredAnalysisError(f"not an analysis of this decision ({type(error).__name__})") from None


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")


def _advice(data: Mapping[str, Any], view: SeatView) -> Advice:
    if data.get("format") != FORMAT:
        raise StoredAnalysisError("of another format")
    legal = set(view.legal)
    action = _action(data["action"], legal)
    cards = {Card(a.card) for a in legal if isinstance(a, Play)}
    cantes: dict[Action, int] = {}
    for key, points in _mapping(data["cantes"], "cantes").items():
        sing = _action(key, legal)
        if not isinstance(sing, Sing):
            raise StoredAnalysisError("a cante that is no cante")
        cantes[sing] = int(_number(points, 0, 1000, whole=True))
    values = {_card(key, cards): _number(value) for key, value in _mapping(data["values"], "values").items()}
    found = data["evaluation"]
    evaluation = None if found is None else _evaluation(_mapping(found, "evaluation"), cards)
    idea = None if data["idea"] is None else _reason(data["idea"])
    forced = data["forced"]
    if not isinstance(forced, bool):
        raise StoredAnalysisError("forced is not yes or no")
    return Advice(action, values, _reason(data["reason"]), forced, cantes, evaluation, idea)


def _evaluation(data: Mapping[str, Any], legal: set[Card]) -> Evaluation:
    method = data["method"]
    if method not in METHODS:
        raise StoredAnalysisError("an unknown method")
    estimates = {_card(key, legal): _estimate(row) for key, row in _mapping(data["cards"], "cards").items()}
    if set(estimates) != legal:
        raise StoredAnalysisError("not every card of the decision is weighed")
    best = _card(data["best"], legal)
    counted = data["juego_counted"]
    if not isinstance(counted, bool):
        raise StoredAnalysisError("juego_counted is not yes or no")
    delay = None if data["delay"] is None else _delay(_mapping(data["delay"], "delay"), legal)
    deals = int(_number(data["deals"], 0, LARGEST, whole=True))
    work = int(_number(data["work"], 0, LARGEST, whole=True))
    return Evaluation(estimates, best, method, deals, work, delay, counted)


def _estimate(row: Any) -> CardEstimate:
    if not isinstance(row, list) or len(row) != 10:
        raise StoredAnalysisError("a card's figures are not ten")
    value, cost, se, deals, juego, win, loss, delta, at_once, lines = row
    stats = None
    if lines is not None:
        if not isinstance(lines, list) or len(lines) != len(LINE_FIELDS):
            raise StoredAnalysisError("a card's lines are not seven figures")
        stats = LineStats(*(_number(x, -LARGEST, LARGEST) for x in lines))
    return CardEstimate(
        _number(value),
        _number(cost, 0.0, LARGEST),
        _number(se, 0.0, LARGEST),
        int(_number(deals, 0, LARGEST, whole=True)),
        int(_number(juego, -1, 1, whole=True)),
        _share(win),
        _share(loss),
        _number(delta),
        stats,
        int(_number(at_once, -1, 1, whole=True)),
    )


def _delay(data: Mapping[str, Any], legal: set[Card]) -> CanteDelay:
    cards = {}
    for key, row in _mapping(data["cards"], "delay").items():
        if not isinstance(row, list) or len(row) != 4:
            raise StoredAnalysisError("a delay's figures are not four")
        cost, se, delta, later = row
        cards[_card(key, legal)] = Delay(
            _number(cost, 0.0, LARGEST), _number(se, 0.0, LARGEST), _number(delta), _share(later)
        )
    suit = int(_number(data["suit"], 0, 3, whole=True))
    points = int(_number(data["points"], 0, 1000, whole=True))
    return CanteDelay(suit, points, _card(data["card"], legal), cards)


def _reason(data: Any) -> Reason:
    found = _mapping(data, "reason")
    code = ReasonCode(found["code"])
    params: dict[str, Any] = {}
    for key, value in _mapping(found["params"], "reason").items():
        if isinstance(value, bool) or (isinstance(value, str) and len(value) <= 200):
            params[key] = value
        elif isinstance(value, (int, float)):
            params[key] = _number(value)
        else:
            raise StoredAnalysisError("a reason's figure is no text nor number")
    reason = Reason(code, params)
    reason.text  # noqa: B018  (its sentence must be made: a missing or odd figure is refused here)
    return reason


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise StoredAnalysisError(f"its {what} is not an object")
    return value


def _action(text: Any, legal: set[Action]) -> Action:
    if not isinstance(text, str) or len(text) > 16:
        raise StoredAnalysisError("an action that is no text")
    action = parse_action(text)
    if action not in legal:
        raise StoredAnalysisError(f"{text} is not a choice of the decision")
    return action


def _card(text: Any, legal: set[Card]) -> Card:
    if not isinstance(text, str) or len(text) > 4:
        raise StoredAnalysisError("a card that is no text")
    card = Card.parse(text)
    if card not in legal:
        raise StoredAnalysisError(f"{text} is not a card of the decision")
    return card


def _number(value: Any, low: float = -LARGEST, high: float = LARGEST, whole: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not isinstance(value, int)):
        raise StoredAnalysisError("a figure that is no number")
    if not (math.isfinite(value) and low <= value <= high):
        raise StoredAnalysisError("a figure out of range")
    return value


def _share(value: Any) -> float | None:
    return None if value is None else _number(value, 0.0, 1.0)
