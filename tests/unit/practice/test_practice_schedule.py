"""Spaced repetition: each transition, the dates across month and year ends, the order of what is due, storage."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from guinote_tui.practice.schedule import (
    GAPS,
    ReviewState,
    ScheduleError,
    answer,
    as_date,
    due,
    due_count,
    gap_after,
    is_due,
    new_state,
)


def test_a_new_problem_is_due_the_day_it_is_made() -> None:
    state = new_state("2026-04-30")
    assert state == ReviewState(0, date(2026, 4, 30), None, 0, 0)
    assert is_due(state, "2026-04-30") and not is_due(state, "2026-04-29")


def test_right_answers_in_a_row_come_back_after_1_3_7_then_21_days() -> None:
    day = date(2026, 1, 1)
    state = new_state(day)
    gaps = []
    for number in range(1, 8):
        state = answer(state, True, day)
        gaps.append((state.due - day).days)
        assert (state.streak, state.right, state.wrong, state.last_seen) == (number, number, 0, day)
        day = state.due
    assert GAPS == (1, 3, 7, 21)
    assert gaps == [1, 3, 7, 21, 21, 21, 21]  # the gap stays at 21 days
    assert state.box == len(GAPS) and state.streak == 7


@pytest.mark.parametrize("streak", range(0, 7))
def test_a_wrong_answer_resets_the_streak_and_is_due_at_once(streak: int) -> None:
    day = date(2026, 6, 15)
    before = ReviewState(streak, day, day - timedelta(days=3), streak + 2, 1)
    after = answer(before, False, day)
    assert after == ReviewState(0, day, day, streak + 2, 2)
    assert is_due(after, day)


def test_after_a_wrong_answer_a_right_one_the_same_day_comes_back_the_next_day() -> None:
    day = date(2026, 6, 15)
    state = answer(answer(new_state(day), False, day), True, day)
    assert state == ReviewState(1, date(2026, 6, 16), day, 1, 1)


def test_a_second_wrong_answer_the_same_day_puts_it_off_to_the_next_day() -> None:
    day = date(2026, 6, 15)
    once = answer(new_state(day), False, day)
    twice = answer(once, False, day)
    assert twice == ReviewState(0, date(2026, 6, 16), day, 0, 2)
    assert not is_due(twice, day) and is_due(twice, "2026-06-16")
    # Wrong again the next day: due at once again (one wrong answer that day so far).
    assert answer(twice, False, "2026-06-16").due == date(2026, 6, 16)


def test_a_wrong_answer_after_a_right_one_the_same_day_is_due_at_once() -> None:
    day = date(2026, 6, 15)
    state = answer(answer(answer(new_state(day), False, day), True, day), False, day)
    assert state.due == day and state.streak == 0  # the right answer in between left a streak


@pytest.mark.parametrize(
    ("today", "streak", "expected"),
    [
        ("2026-01-31", 1, "2026-02-01"),  # month end
        ("2026-02-26", 2, "2026-03-01"),  # February of a common year
        ("2028-02-26", 2, "2028-02-29"),  # leap day
        ("2028-02-28", 3, "2028-03-06"),
        ("2026-12-31", 1, "2027-01-01"),  # year end
        ("2026-12-30", 2, "2027-01-02"),
        ("2026-12-28", 3, "2027-01-04"),
        ("2026-12-20", 4, "2027-01-10"),
        ("2026-12-31", 9, "2027-01-21"),
    ],
)
def test_the_dates_across_month_and_year_ends(today: str, streak: int, expected: str) -> None:
    before = ReviewState(streak - 1, as_date(today), None, streak - 1, 0)
    assert answer(before, True, today).due == date.fromisoformat(expected)


def test_gap_after_each_streak() -> None:
    assert [gap_after(n) for n in (-1, 0, 1, 2, 3, 4, 5, 100)] == [0, 0, 1, 3, 7, 21, 21, 21]


def test_due_orders_the_longest_overdue_first_then_the_least_recently_seen() -> None:
    today = date(2027, 1, 2)
    states = {
        "later": ReviewState(2, date(2027, 1, 5), date(2027, 1, 1), 2, 0),
        "today-seen-today": ReviewState(0, today, today, 0, 1),
        "overdue": ReviewState(3, date(2026, 12, 30), date(2026, 12, 23), 3, 0),
        "today-new": new_state(today),
        "today-seen-before": ReviewState(1, today, date(2027, 1, 1), 1, 0),
        "today-low-streak": ReviewState(0, today, date(2027, 1, 1), 0, 2),
    }
    assert due(states, today) == [
        "overdue",
        "today-new",
        "today-low-streak",
        "today-seen-before",
        "today-seen-today",
    ]
    assert due_count(states, today) == 5
    assert due(list(states.items()), "2027-01-05")[-1] == "later"
    assert due({}, today) == [] and due_count([], today) == 0


def test_due_keeps_the_given_order_among_equals() -> None:
    day = date(2026, 8, 1)
    pairs = [(3, new_state(day)), (1, new_state(day)), (2, new_state(day))]
    assert due(pairs, day) == [3, 1, 2]


def test_dates_given_as_dates_datetimes_or_iso_strings() -> None:
    assert as_date("2026-03-09") == as_date(date(2026, 3, 9)) == as_date(datetime(2026, 3, 9, 23, 59))
    state = answer(new_state(datetime(2026, 3, 9, 8)), True, "2026-03-09")
    assert state.due == date(2026, 3, 10)


@pytest.mark.parametrize("bad", ["2026-13-01", "2026-02-30", "26-01-01", "2026-1-1", "today", "", 20260101, None, True])
def test_a_bad_date_is_one_line(bad: object) -> None:
    with pytest.raises(ScheduleError) as raised:
        as_date(bad)  # type: ignore[arg-type]
    assert "\n" not in str(raised.value) and "is not a date" in str(raised.value)


def test_the_state_round_trips_through_plain_values() -> None:
    state = ReviewState(2, date(2027, 1, 3), date(2026, 12, 31), 5, 4)
    row = state.to_row()
    assert row == {"streak": 2, "due": "2027-01-03", "last_seen": "2026-12-31", "right": 5, "wrong": 4}
    assert all(value is None or isinstance(value, (int, str)) for value in row.values())
    assert ReviewState.from_row(row) == state
    fresh = new_state("2026-01-01")
    assert ReviewState.from_row(fresh.to_row()) == fresh and fresh.to_row()["last_seen"] is None


@pytest.mark.parametrize(
    ("row", "says"),
    [
        ({"due": "2026-01-01", "right": 0, "wrong": 0}, "'streak'"),
        ({"streak": -1, "due": "2026-01-01", "right": 0, "wrong": 0}, "streak"),
        ({"streak": True, "due": "2026-01-01", "right": 1, "wrong": 0}, "streak"),
        ({"streak": 0, "due": "2026-01-01", "right": "3", "wrong": 0}, "right"),
        ({"streak": 0, "due": "2026-01-01", "right": 0, "wrong": 1.5}, "wrong"),
        ({"streak": 0, "due": 20260101, "right": 0, "wrong": 0}, "due"),
        ({"streak": 0, "due": "2026-02-30", "right": 0, "wrong": 0}, "due"),
        ({"streak": 0, "due": "2026-01-01", "last_seen": "yesterday", "right": 0, "wrong": 0}, "last_seen"),
        ({"streak": 3, "due": "2026-01-01", "right": 2, "wrong": 0}, "streak"),
        ([1, 2, 3], "mapping"),
    ],
)
def test_a_stored_state_that_is_not_one_is_refused_in_one_line(row: object, says: str) -> None:
    with pytest.raises(ScheduleError) as raised:
        ReviewState.from_row(row)  # type: ignore[arg-type]
    assert says in str(raised.value) and "\n" not in str(raised.value)
