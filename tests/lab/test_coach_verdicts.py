"""The coach-verdicts benchmark: its statistics on hand-made records, the corpus, the reference, one smoke run."""

from __future__ import annotations

import json
import math
import random
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner

from guinote_lab.coach_corpus import corpus_counts, corpus_files, hand_kinds, replay_hands, seat_decisions
from guinote_lab.coach_reference import (
    card_values,
    exact_values,
    juego_points,
    line_juego,
    line_value,
    playout_values,
    reference,
)
from guinote_lab.coach_verdict_stats import (
    agreement,
    close_calls,
    decision_rows,
    flips,
    grade_of,
    precision,
    recall,
    recall_text,
    report_lines,
    summarize,
    timing,
)
from guinote_lab.coach_verdicts import main, review_records, scaled_budget
from guinote_tui.coach import DEEP_BUDGET
from guinote_tui.engine import Card, Play, load_history, parse_action, read_history

CORPUS = Path(__file__).resolve().parents[2] / "docs" / "lab" / "data" / "coach-corpus"


def rec(grade: str, index: int = 0, choices: int = 3, phase: str = "phase 1", near: bool = False) -> dict[str, Any]:
    return {"grade": grade, "index": index, "choices": choices, "phase": phase, "near_juego": near}


def ref(cost: float, se: float = 0.5, index: int = 0, **juego: float) -> dict[str, Any]:
    return {"index": index, "cost": cost, "se": se} | juego


def hand(players: int, *runs: list[dict[str, Any]], refs: list[Any] | None = None, seconds: float = 2.0) -> dict:
    out: dict[str, Any] = {
        "name": f"{players}.json",
        "players": players,
        "seeds": {str(i): {"seconds": seconds, "decisions": run} for i, run in enumerate(runs, start=1)},
    }
    if refs is not None:
        out["reference"] = {"seconds": 10.0, "decisions": refs}
    return out


def rows_of(*seed_grades: tuple[str, ...], refs: list[Any] | None = None) -> list[Any]:
    """Rows for decisions given as one tuple of grades per decision (a grade per seed)."""
    runs = [[rec(grades[s], index=i) for i, grades in enumerate(seed_grades)] for s in range(len(seed_grades[0]))]
    if refs is not None:
        refs = [None if r is None else r | {"index": i} for i, r in enumerate(refs)]
    return decision_rows(hand(2, *runs, refs=refs))


def test_grade_of_reads_the_tiers_and_a_coach_without_them() -> None:
    assert grade_of({"grade": "blunder", "mistake": False}) == "blunder"
    assert grade_of({"mistake": True, "about_same": False}) == "inaccuracy"
    assert grade_of({"mistake": False, "about_same": True}) == "same"
    assert grade_of({"mistake": False, "about_same": False}) == "close"


def test_rows_drop_forced_decisions_and_keep_their_reference_aligned() -> None:
    runs = [[rec("same", 0), rec("same", 1, choices=1), rec("mistake", 2)] for _ in range(2)]
    rows = decision_rows(hand(4, *runs, refs=[ref(0.0, index=0), None, ref(6.0, index=2)]))
    assert [(r.records[0]["index"], r.reference and r.reference["cost"]) for r in rows] == [(0, 0.0), (2, 6.0)]
    assert rows[0].players == 4 and rows[0].phase == "phase 1" and not rows[0].near_juego
    # Seed 10 comes after seed 2, and only the seeds asked for are read.
    many = hand(2, *[[rec("same" if s < 10 else "blunder")] for s in range(1, 11)])
    assert grade_of(decision_rows(many)[0].records[-1]) == "blunder"
    assert len(decision_rows(many, seeds=[1, 2])[0].records) == 2
    with pytest.raises(ValueError, match="number of decisions"):
        decision_rows(hand(2, [rec("same")], []))
    with pytest.raises(ValueError, match="aligned"):
        decision_rows(hand(2, [rec("same", 0)], refs=[ref(1.0, index=5)]))
    with pytest.raises(ValueError, match="one entry per decision"):
        decision_rows(hand(2, [rec("same", 0)], refs=[]))


def test_a_flip_is_graded_under_one_seed_and_same_under_another() -> None:
    rows = rows_of(
        ("inaccuracy", "same", "inaccuracy"),  # a flip
        ("blunder", "close", "mistake"),  # graded or close: no flip
        ("same", "close", "same"),  # never graded: no flip
        ("same", "same", "mistake"),  # a flip
    )
    assert flips(rows) == (2, 4)
    assert flips([]) == (0, 0)


def test_precision_counts_decisions_graded_under_any_seed_against_their_reference() -> None:
    rows = rows_of(
        ("mistake", "same"),  # graded, reference 1 point: confirmed
        ("same", "inaccuracy"),  # graded, reference 0.9: not confirmed
        ("blunder", "blunder"),  # graded, reference 0.2 but the juego clearly worse
        ("close", "same"),  # never graded: not counted
        ("mistake", "mistake"),  # graded, no reference
        ("inaccuracy", "close"),  # graded, juego worse but not clearly
        refs=[
            ref(1.0),
            ref(0.9),
            ref(0.2, juego_cost=0.1, juego_se=0.01),
            ref(9.0),
            None,
            ref(-0.5, juego_cost=0.01, juego_se=0.01),
        ],
    )
    assert precision(rows) == {"confirmed": 1, "graded": 4, "juego_only": 1, "unpriced": 1}
    # Against the default seed's card only, where the record has it.
    rows = rows_of(("mistake", "same"), ("mistake", "same"), refs=[ref(3.0, default_cost=0.0), ref(3.0)])
    assert precision(rows)["confirmed"] == 2 and precision(rows, "default")["confirmed"] == 1


def test_recall_per_seed_over_the_clearly_costly_decisions() -> None:
    rows = rows_of(
        ("mistake", "same", "blunder"),  # 6 points, interval clear of 2: counted
        ("inaccuracy", "inaccuracy", "close"),  # 5 points exactly, se 1: 5 - 1.96 > 2, counted
        ("same", "same", "same"),  # 5 points but se 2: interval reaches 2, not counted
        ("same", "same", "same"),  # 4.9 points: not counted
        ("blunder", "blunder", "blunder"),  # no reference: not counted
        refs=[ref(6.0, 0.5), ref(5.0, 1.0), ref(5.0, 2.0), ref(4.9, 0.0), None],
    )
    assert recall(rows) == [(2, 2), (1, 2), (1, 2)]
    assert recall_text(recall(rows)) == "50.0% / 66.7% (of 2)"
    assert recall([]) == [] and recall_text([]) == "n/a"
    assert recall(rows_of(("same", "mistake"), refs=[ref(6.0, default_cost=4.0)]), "default") == [(0, 0), (0, 0)]
    assert recall_text(recall(rows_of(("same", "same"), refs=[ref(0.0)]))) == "n/a"


def test_close_calls_and_agreement() -> None:
    rows = rows_of(("close", "close"), ("same", "same"), ("mistake", "blunder"))
    assert close_calls(rows) == (2, 6)
    assert agreement(rows) == (2, 3)


def test_summary_groups_by_table_phase_and_a_side_near_the_juego() -> None:
    heads_up = hand(
        2,
        [rec("mistake", 0), rec("same", 1, phase="arrastre", near=True)],
        [rec("same", 0), rec("same", 1, phase="arrastre", near=True)],
        refs=[ref(3.0, index=0), ref(0.0, index=1)],
        seconds=3.0,
    )
    pairs = hand(4, [rec("close", 0, phase="arrastre")], [rec("close", 0, phase="arrastre")], seconds=1.0)
    summary = summarize([heads_up, pairs], [1, 2])
    assert summary["all"]["decisions"] == 3 and summary["all"]["flips"] == (1, 3)
    assert summary["heads-up, phase 1"]["precision"]["confirmed"] == 1
    assert summary["all, arrastre"]["close"] == (2, 4)
    assert summary["heads-up, a side at 90+"]["decisions"] == 1
    assert summary["pairs, phase 1"]["decisions"] == 0
    assert summary["pairs"]["priced"] == 0 and summary["all"]["priced"] == 2
    assert summary["all"]["recall"] == [(0, 0), (0, 0)]


def test_timing_per_hand_and_per_decision() -> None:
    a = hand(2, [rec("same"), rec("same")], [rec("same"), rec("same")], seconds=4.0, refs=[ref(0.0), ref(0.0)])
    b = hand(4, [rec("same")], [rec("same")], seconds=1.0)
    times = timing([a, b], [1, 2])
    assert times["review_median"] == 2.5 and times["review_max"] == 4.0
    assert times["per_decision"] == pytest.approx(10.0 / 6)
    assert times["reference_median"] == 10.0
    assert math.isnan(timing([b], [1, 2])["reference_max"])


def test_report_prints_the_corpus_the_goals_and_no_empty_group() -> None:
    h = hand(4, [rec("mistake"), rec("same", 1, phase="arrastre")], [rec("same"), rec("same", 1, phase="arrastre")])
    counts = corpus_counts({"pairs-01.json": {"players": 4, "vueltas": True, "near_juego": True, "decides": False}})
    lines = report_lines(summarize([h], [1, 2]), counts, timing([h], [1, 2]))
    assert lines[0].startswith("corpus, all: 1 hands, 1 de vueltas, 1 with a side reaching 90, 0 deciding")
    assert any(line.startswith("| pairs, arrastre | 1 | 0/1 (0.0%) | n/a | n/a |") for line in lines)
    assert not any(line.startswith("| heads-up") or "90+" in line for line in lines)
    assert any("flip rate <= 2%, precision >= 95%, recall >= 85%" in line for line in lines)
    assert not any("reference of one hand" in line for line in lines)


def test_corpus_counts_per_table() -> None:
    kinds = {
        "a": {"players": 2, "vueltas": False, "near_juego": True, "decides": True},
        "b": {"players": 2, "vueltas": True, "near_juego": True, "decides": True},
        "c": {"players": 4, "vueltas": False, "near_juego": False, "decides": False},
    }
    counts = corpus_counts(kinds)
    assert counts["all"] == {"hands": 3, "vueltas": 1, "near_juego": 2, "decides": 2}
    assert counts["pairs"] == {"hands": 1, "vueltas": 0, "near_juego": 0, "decides": 0}


def test_a_scaled_budget_scales_the_deals_and_solves_alike() -> None:
    assert scaled_budget(DEEP_BUDGET, None) is DEEP_BUDGET
    tenth = DEEP_BUDGET.max_playouts // 10
    small = scaled_budget(DEEP_BUDGET, tenth)
    share = tenth / DEEP_BUDGET.max_playouts
    assert small.max_playouts == tenth and small.max_deals == max(2, round(DEEP_BUDGET.max_deals * share))
    floor = max(2, DEEP_BUDGET.arrastre_min_deals)
    assert small.arrastre_deals == max(floor, round(DEEP_BUDGET.arrastre_deals * share))
    assert small.arrastre_nodes == max(1000, round(DEEP_BUDGET.arrastre_nodes * share))
    # A tiny budget keeps enough arrastre deals to be solved rather than played out.
    assert scaled_budget(DEEP_BUDGET, 10).arrastre_deals >= DEEP_BUDGET.arrastre_min_deals


# --- the corpus and the reference (the committed corpus, no bot play) ----------------------------


def test_the_committed_corpus_has_both_tables_hands_de_vueltas_and_hands_near_the_juego() -> None:
    files = corpus_files(CORPUS)
    kinds = {p.name: hand_kinds(read_history(p)) | {"players": read_history(p).players} for p in files}
    counts = corpus_counts(kinds)
    for table in ("heads-up", "pairs"):
        assert counts[table]["hands"] >= 20
        assert counts[table]["vueltas"] >= 5 and counts[table]["near_juego"] >= 5
    assert [p.name for p in files][:2] == ["heads-up-01.json", "heads-up-02.json"]


def test_seat_decisions_are_the_seats_actions_in_the_last_hand() -> None:
    path = next(p for p in corpus_files(CORPUS) if hand_kinds(read_history(p))["vueltas"])
    match = read_history(path)
    decisions, earlier = seat_decisions(match)
    last = match.records()[-1]
    assert [d.played for d in decisions] == [a for seat, a in last.actions if seat == 0]
    assert [last.actions[d.index] for d in decisions] == [(0, d.played) for d in decisions]
    assert earlier == sum(1 for r in match.records()[:-1] for seat, _ in r.actions if seat == 0)
    assert not decisions[0].view.first_of_juego and decisions[0].view.carried != (0, 0)


def test_a_hand_de_vueltas_is_reviewed_alone_with_the_same_verdicts_as_in_the_whole_review() -> None:
    from guinote_tui.coach import review_match

    path = next(p for p in corpus_files(CORPUS) if p.name.startswith("heads-up") and len(read_history(p).records()) > 1)
    history = json.loads(path.read_text(encoding="utf-8"))
    budget = scaled_budget(DEEP_BUDGET, 30)
    records, _ = review_records(history, 3, budget)
    match = load_history(history)
    whole = [d.to_dict() for d in review_match(match, 0, 3, budget) if d.hand == len(match.records())]
    assert [{k: r[k] for k in whole[0]} for r in records] == whole
    assert all(r["phase"] in ("phase 1", "arrastre") and r["choices"] >= 1 for r in records)


def _first_card_choice(table: str, arrastre: bool) -> Any:
    """The first decision of seat 0 in the corpus's hands at ``table`` with two cards to choose from, in phase 1
    or in the arrastre with at most five cards in hand."""
    for path in corpus_files(CORPUS):
        if not path.name.startswith(table):
            continue
        for point in seat_decisions(read_history(path))[0]:
            cards = [a.card for a in point.view.legal if isinstance(a, Play)]
            small = not arrastre or len(point.view.hand) <= 5
            if point.view.in_arrastre == arrastre and len(cards) >= 2 and small:
                return point, Card(cards[0]), Card(cards[1])
    raise AssertionError(f"no such decision at {table}")


def test_the_reference_values_the_cards_on_the_same_deals() -> None:
    point, a, b = _first_card_choice("heads-up", arrastre=False)
    one = playout_values(point.view, [a, b], random.Random(1), 30)
    other = playout_values(point.view, [b, a], random.Random(1), 30)
    assert one.method == "playouts" and one.deals == 30 and one.values == other.values
    cost, se = one.cost(a, b)
    assert (cost, se) == pytest.approx((-one.cost(b, a)[0], one.cost(b, a)[1]))
    juego = one.juego_cost(a, b)
    assert juego is not None and one.juego_share(a, 1) is not None
    # The played card against the coach's cards: the best of them by the reference's means, and the default one.
    priced = reference(point.view, a, b, [b, a], random.Random(1), scaled_budget(DEEP_BUDGET, 30), 2)
    assert priced["method"] == "playouts" and priced["deals"] == 30 and priced["card"] == str(b)
    assert (priced["cost"], priced["se"]) == pytest.approx((cost, se), abs=1e-3)
    assert priced["default_cost"] == priced["cost"] and list(priced["cards"]) == [str(b)]
    assert reference(point.view, a, a, [a], random.Random(1), DEEP_BUDGET, 16)["method"] == "same"


def test_a_line_is_valued_as_the_coach_values_it_with_the_juego() -> None:
    path = next(p for p in corpus_files(CORPUS) if hand_kinds(read_history(p))["decides"])
    last = replay_hands(read_history(path))[-1]
    result = last.result
    assert result is not None and result.juego_winner is not None
    won = 1 if result.juego_winner == 0 else -1
    assert line_juego(last, 0) == won and line_juego(last, 1) == -won
    margin = (last.points[0] - last.points[1]) / 2
    assert line_value(last, 0, 0, 65.0) == margin + 65.0 * won
    assert line_value(last, 1, 10, 0.0) == -margin - 5.0
    assert juego_points() in (0.0, 65.0)  # a coach that values the points alone, or the juego at 65


def test_the_pairs_arrastre_reference_solves_and_the_heads_up_one_is_read() -> None:
    point, a, b = _first_card_choice("pairs", arrastre=True)
    budget = scaled_budget(DEEP_BUDGET, 600)
    found = card_values(point.view, [a, b], random.Random(2), budget, 1)
    assert found.method in ("solved", "enumerated") and 2 <= found.deals <= budget.arrastre_deals
    assert found.juego is not None and set(found.juego) == {a, b}
    cards = {Card(1): SimpleNamespace(value=70.0, juego=1), Card(2): SimpleNamespace(value=62.5, juego=0)}
    exact = exact_values(SimpleNamespace(cards=cards, method="exact"), [Card(2), Card(1)])
    assert exact.deals == 0 and exact.cost(Card(2), Card(1)) == (7.5, 0.0)
    assert exact.juego_cost(Card(2), Card(1)) == (1.0, 0.0) and exact.juego_share(Card(1), 1) == 1.0
    old = {c: SimpleNamespace(value=e.value) for c, e in cards.items()}
    assert exact_values(SimpleNamespace(cards=old), [Card(2), Card(1)]).juego_cost(Card(2), Card(1)) is None


# --- the command ----------------------------------------------------------------------------------


def test_command_reviews_prices_and_resumes(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(CORPUS / "heads-up-01.json", corpus)
    out = tmp_path / "run.json"
    args = ["--corpus", str(corpus), "--seeds", "2", "--playouts", "10", "--out", str(out)]
    runner = CliRunner()
    result = runner.invoke(main, [*args, "--reference", "--reference-scale", "2", "--json"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed["corpus"]["heads-up"]["hands"] == 1 and printed["figures"]["heads-up"]["decisions"] > 0
    stored = json.loads(out.read_text(encoding="utf-8"))["hands"]["heads-up-01.json"]
    assert sorted(stored["seeds"]) == ["1", "2"]
    assert len(stored["reference"]["decisions"]) == len(stored["seeds"]["1"]["decisions"])
    assert stored["reference"]["seeds"] == [1, 2] and stored["reference"]["scale"] == 2
    priced = [r for r in stored["reference"]["decisions"] if r is not None]
    assert priced and all(r["method"] in ("same", "declaration", "playouts", "exact") for r in priced)
    # Each priced decision names the coach's cards: its default seed's, and every reviewed seed's best card played.
    for r in priced:
        if r["method"] in ("playouts", "exact"):
            bests = {
                d["best"] for run in stored["seeds"].values() for d in run["decisions"] if d["index"] == r["index"]
            }
            cards = {b for b in bests if isinstance(parse_action(b), Play)}
            assert set(r["cards"]) == ({r["default_card"]} | cards) - {r["played"]}
    # The records are what the review reports for the hand, plus the index, phase, choices and near_juego.
    from guinote_tui.coach import review_match

    match = load_history(json.loads((corpus / "heads-up-01.json").read_text(encoding="utf-8")))
    expected = [d.to_dict() for d in review_match(match, 0, 1, scaled_budget(DEEP_BUDGET, 10))]
    assert [{k: r[k] for k in expected[0]} for r in stored["seeds"]["1"]["decisions"]] == expected
    # A second run reads the file back instead of reviewing again.
    data = json.loads(out.read_text(encoding="utf-8"))
    data["hands"]["heads-up-01.json"]["seeds"]["1"]["seconds"] = 123.0
    out.write_text(json.dumps(data), encoding="utf-8")
    again = runner.invoke(main, [*args, "--json"])
    assert json.loads(again.output)["timing"]["review_max"] == 123.0
    assert json.loads(again.output)["config"]["reference_scales"] == [2]
    # Another reference scale, or another budget, in the same file is refused in one line.
    scaled = runner.invoke(main, [*args, "--reference"])
    assert scaled.exit_code != 0 and "priced heads-up-01.json with --reference-scale 2" in scaled.output
    other = runner.invoke(main, [*args[:-4], "--playouts", "20", "--out", str(out)])
    assert other.exit_code != 0 and "holds another run" in other.output and "Traceback" not in other.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hands", "1"], "holds no hands: deal a corpus there with --deal"),
        (["--deal", "--player", "wizard"], "unknown bot 'wizard'"),
        (["--deal", "--others", "normal;hard"], "one bot spec only"),
    ],
)
def test_an_empty_corpus_and_bad_bots_get_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["--corpus", str(tmp_path / "none"), *args])
    assert result.exit_code != 0 and message in result.output and "Traceback" not in result.output


def test_dealing_into_a_corpus_already_there_is_refused(tmp_path: Path) -> None:
    shutil.copy(CORPUS / "pairs-01.json", tmp_path)
    result = CliRunner().invoke(main, ["--corpus", str(tmp_path), "--deal"])
    assert result.exit_code != 0 and "holds a corpus already" in result.output


def test_the_reference_counts_the_juego_as_the_coach_does() -> None:
    """The reference reads the coach's module (not the function ``guinote_tui.coach.evaluate``)."""
    from guinote_lab.coach_reference import juego_points
    from guinote_tui.coach.evaluate import JUEGO_POINTS

    assert juego_points() == JUEGO_POINTS > 0
