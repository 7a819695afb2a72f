"""Spaced repetition: when a practice problem comes back, as pure functions on dates.

Nothing here reads the clock: the caller passes ``today`` (a
:class:`datetime.date`, or an ISO date ``"2026-12-31"``), so a day is the
player's day and the tests are exact.

The rule
--------

Each problem has a :class:`ReviewState`: its *streak* of right answers in a
row, the day it is *due*, the day it was last seen and its counts of right and
wrong answers. A new problem is due the day it is made (:func:`new_state`).

* **Right**: the streak grows by one and the problem comes back after the gap
  of its new streak, :data:`GAPS`: 1 day after the first right answer in a
  row, 3 after the second, 7 after the third, 21 after the fourth and after
  every one that follows (the gap stays at 21 days: a problem answered right
  four times in a row is known; it still comes back now and then, so that it
  stays known).
* **Wrong**: the streak goes back to 0 and the problem is due at once, to be
  tried again in the same session. Answered right then, it comes back the
  next day (the gap after one right answer). Answered wrong a second time the
  same day, it is due the next day instead: a session asks a problem at most
  twice (:func:`answer`).

An answer counts whenever it is given, due or not (a session asks only what
:func:`due` lists).

    >>> state = new_state("2026-12-30")
    >>> state = answer(state, True, "2026-12-30")
    >>> state.due.isoformat(), state.streak
    ('2026-12-31', 1)
    >>> state = answer(state, True, "2026-12-31")
    >>> state.due.isoformat()
    '2027-01-03'
    >>> state = answer(state, False, "2027-01-03")
    >>> state.due.isoformat(), state.streak, state.right, state.wrong
    ('2027-01-03', 0, 2, 1)
    >>> ReviewState.from_row(state.to_row()) == state
    True

For storage (sqlite) :meth:`ReviewState.to_row` gives plain values (ints, ISO
strings, None) and :meth:`ReviewState.from_row` reads them back, refusing
anything else with a one-line :class:`ScheduleError`: a file is not trusted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TypeVar

#: The days before a problem comes back after 1, 2, 3 and 4 or more right answers in a row.
GAPS: tuple[int, ...] = (1, 3, 7, 21)

#: A date as the caller may give it: a :class:`datetime.date` (a :class:`datetime.datetime` counts by its day) or
#: an ISO string ``YYYY-MM-DD``.
DateLike = date | str

K = TypeVar("K")

_ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: The most characters of a bad value echoed in an error.
_ECHO = 40


class ScheduleError(ValueError):
    """A date or a stored state that cannot be read: one line says what is wrong."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _ECHO else text[:_ECHO] + "…"


def as_date(value: DateLike) -> date:
    """``value`` as a :class:`datetime.date` (an ISO string ``YYYY-MM-DD`` is read; a datetime gives its day).

    >>> as_date("2028-02-29"), as_date(date(2026, 1, 2))
    (datetime.date(2028, 2, 29), datetime.date(2026, 1, 2))
    >>> as_date("2027-02-29")
    Traceback (most recent call last):
    ...
    guinote_tui.practice.schedule.ScheduleError: '2027-02-29' is not a date (YYYY-MM-DD)
    """
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str) and _ISO.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise ScheduleError(f"{_shown(value)} is not a date (YYYY-MM-DD)")


def gap_after(streak: int) -> int:
    """The days before a problem answered right ``streak`` times in a row comes back (0 for a streak of 0).

    >>> [gap_after(n) for n in range(7)]
    [0, 1, 3, 7, 21, 21, 21]
    """
    if streak <= 0:
        return 0
    return GAPS[min(streak, len(GAPS)) - 1]


@dataclass(frozen=True)
class ReviewState:
    """Where one problem stands: its streak of right answers, when it is due, when last seen, and its counts."""

    #: Right answers in a row (0 after a wrong one). It is not capped: the gap is (:func:`gap_after`).
    streak: int
    #: The first day the problem is asked again.
    due: date
    #: The day of its last answer (None: never answered).
    last_seen: date | None = None
    #: Right answers in all.
    right: int = 0
    #: Wrong answers in all.
    wrong: int = 0

    @property
    def box(self) -> int:
        """The box of the streak, 0 to ``len(GAPS)``: the streak with every streak past the last gap as the last."""
        return min(self.streak, len(GAPS))

    @property
    def answers(self) -> int:
        """Answers in all."""
        return self.right + self.wrong

    def to_row(self) -> dict[str, int | str | None]:
        """Plain values for storage: ``streak``, ``due`` (ISO), ``last_seen`` (ISO or None), ``right``, ``wrong``."""
        return {
            "streak": self.streak,
            "due": self.due.isoformat(),
            "last_seen": None if self.last_seen is None else self.last_seen.isoformat(),
            "right": self.right,
            "wrong": self.wrong,
        }

    @classmethod
    def from_row(cls, row: Mapping[str, object]) -> ReviewState:
        """The state :meth:`to_row` wrote; anything else raises :class:`ScheduleError` (one line)."""
        if not isinstance(row, Mapping):
            raise ScheduleError(f"a review state is a mapping of its fields, not {_shown(row)}")
        missing = [name for name in ("streak", "due", "right", "wrong") if name not in row]
        if missing:
            raise ScheduleError(f"a review state needs the field {missing[0]!r}")
        counts = {}
        for name in ("streak", "right", "wrong"):
            value = row[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ScheduleError(f"{name}: a number from 0 up, not {_shown(value)}")
            counts[name] = value
        due = _stored_date(row["due"], "due")
        seen = row.get("last_seen")
        last_seen = None if seen is None else _stored_date(seen, "last_seen")
        if counts["streak"] > counts["right"]:
            raise ScheduleError(f"streak: {counts['streak']} right answers in a row, but {counts['right']} in all")
        return cls(counts["streak"], due, last_seen, counts["right"], counts["wrong"])


def _stored_date(value: object, name: str) -> date:
    if not isinstance(value, str):
        raise ScheduleError(f"{name}: {_shown(value)} is not a date (YYYY-MM-DD)")
    try:
        return as_date(value)
    except ScheduleError as error:
        raise ScheduleError(f"{name}: {error}") from None


def new_state(today: DateLike) -> ReviewState:
    """A problem made ``today``: never answered, due at once."""
    return ReviewState(0, as_date(today))


def answer(state: ReviewState, right: bool, today: DateLike) -> ReviewState:
    """``state`` after an answer given ``today`` (see the module's docstring for the rule).

    >>> day = date(2026, 3, 1)
    >>> wrong_once = answer(new_state(day), False, day)
    >>> wrong_once.due == day, answer(wrong_once, False, day).due.isoformat()
    (True, '2026-03-02')
    """
    day = as_date(today)
    if right:
        streak = state.streak + 1
        return ReviewState(streak, day + timedelta(days=gap_after(streak)), day, state.right + 1, state.wrong)
    # A wrong answer after a wrong one the same day (a right one would have left a streak): back tomorrow.
    again = state.last_seen == day and state.streak == 0 and state.wrong > 0
    return ReviewState(0, day + timedelta(days=1 if again else 0), day, state.right, state.wrong + 1)


def is_due(state: ReviewState, today: DateLike) -> bool:
    """Whether the problem is asked ``today``: its day has come."""
    return state.due <= as_date(today)


def _pairs(states: Mapping[K, ReviewState] | Iterable[tuple[K, ReviewState]]) -> list[tuple[K, ReviewState]]:
    return list(states.items()) if isinstance(states, Mapping) else list(states)


def due(states: Mapping[K, ReviewState] | Iterable[tuple[K, ReviewState]], today: DateLike) -> list[K]:
    """The keys of the problems due ``today``, in the order to ask them.

    ``states`` maps each problem's key (any value: an id, a row number) to its
    state, as a mapping or as ``(key, state)`` pairs. The longest overdue come
    first; among those due the same day, the one seen longest ago (never seen
    first, so a problem just answered wrong waits behind the others), then the
    shorter streak, then the order given.

    >>> day = date(2026, 5, 10)
    >>> states = {"a": ReviewState(2, date(2026, 5, 9), date(2026, 5, 6), 2, 0),
    ...           "b": ReviewState(0, day, day, 0, 1),
    ...           "c": new_state(day),
    ...           "d": ReviewState(1, date(2026, 5, 11), day, 1, 0)}
    >>> due(states, day), due_count(states, day)
    (['a', 'c', 'b'], 3)
    """
    day = as_date(today)
    ready = [
        (state.due, state.last_seen or date.min, state.streak, index, key)
        for index, (key, state) in enumerate(_pairs(states))
        if state.due <= day
    ]
    ready.sort(key=lambda entry: entry[:4])
    return [entry[4] for entry in ready]


def due_count(states: Mapping[K, ReviewState] | Iterable[tuple[K, ReviewState]], today: DateLike) -> int:
    """How many problems are due ``today``."""
    day = as_date(today)
    return sum(1 for _, state in _pairs(states) if state.due <= day)
