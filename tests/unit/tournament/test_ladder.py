"""The levels' ladder: tournament results pooled into steps, the offering rule, the table the game reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from guinote_tui import ai
from guinote_tui.ai import strength
from guinote_tui.ai.strength import parse_table
from guinote_tui.present.vocabulary import strength_words
from guinote_tui.tournament import ladder
from guinote_tui.tournament.ladder import LadderError, Step, build_table, pooled, read_result


def result(a: str, b: str, players: int, share: float, deals: int = 1000, seed: int = 1) -> dict[str, Any]:
    """A tournament result as ``guinote tournament --json`` prints it (the fields the ladder reads)."""
    return {
        "a": a,
        "b": b,
        "players": players,
        "rules": "aragones",
        "seed": seed,
        "duplicate": True,
        "deals": deals,
        "juego_share_a": share,
        "effective_games": 2 * deals * 0.9,
    }


def step(stronger: str, weaker: str, players: int, share: float, deals: int = 1000) -> Step:
    return pooled([result(stronger, weaker, players, share, deals)])


def test_results_of_one_pairing_are_pooled_by_deals() -> None:
    one = pooled([result("hard", "normal", 2, 0.70, deals=300), result("hard", "normal", 2, 0.60, deals=100, seed=2)])
    assert one.deals == 400 and one.share == pytest.approx(0.675)
    assert one.share_ci is not None and one.share_ci[0] < 0.675 < one.share_ci[1]
    assert one.elo == pytest.approx(400 * __import__("math").log10(0.675 / 0.325))
    assert one.short and len(one.sources) == 2 and "--seed 2" in one.sources[1]
    # One seed twice (whatever the numbers of deals) would count its first deals twice.
    with pytest.raises(LadderError, match="seed 1 is given twice"):
        pooled([result("hard", "normal", 2, 0.70, deals=300), result("hard", "normal", 2, 0.60, deals=100)])


def test_a_level_is_offered_only_when_clearly_stronger_than_an_offered_level_below() -> None:
    steps = {}
    for players in (2, 4):
        steps[(players, "easy", "random")] = step("easy", "random", players, 0.85)
        steps[(players, "normal", "easy")] = step("normal", "easy", players, 0.75)
        steps[(players, "hard", "normal")] = step("hard", "normal", players, 0.65)
    steps[(2, "expert", "hard")] = step("expert", "hard", 2, 0.56)  # +42 Elo: under +50
    steps[(4, "expert", "hard")] = step("expert", "hard", 4, 0.60)
    table = build_table(steps, "test")
    assert table["offered_by_table"] == {"2": ["easy", "normal", "hard"], "4": ["easy", "normal", "hard", "expert"]}
    assert table["offered"] == ["easy", "normal", "hard"]  # one level row serves both table sizes
    assert "under +50" in step("expert", "hard", 2, 0.56).verdict()
    # +69 Elo on 30 deals: the share's interval reaches 50 %, so not offered either.
    assert "reaches 50 %" in step("expert", "hard", 2, 0.60, deals=30).verdict()
    # +70 Elo, interval clear of 50 %, but on 400 deals: short of the 1000 a level needs.
    short = step("expert", "hard", 2, 0.60, deals=400)
    assert short.share_ci is not None and short.share_ci[0] > 0.5 and short.elo > 50
    assert short.verdict() == "not offered: 400 deals, under the 1000 a level needs"
    # A weak step breaks the chain: nothing above it is offered.
    steps[(2, "normal", "easy")] = step("normal", "easy", 2, 0.52)
    assert build_table(steps, "test")["offered_by_table"]["2"] == ["easy"]
    # The Elo chain is anchored at normal.
    assert build_table(steps, "test")["levels"]["4"]["normal"] == 0.0


def test_bad_result_files_get_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(LadderError, match="not a tournament result"):
        read_result(broken)
    skipping = tmp_path / "skip.json"
    skipping.write_text(json.dumps(result("expert", "normal", 2, 0.7)))
    with pytest.raises(LadderError, match="not a step of the ladder"):
        read_result(skipping)
    libre = tmp_path / "libre.json"
    libre.write_text(json.dumps({**result("hard", "normal", 2, 0.7), "rules": "libre-100"}))
    with pytest.raises(LadderError, match="aragones"):
        read_result(libre)
    assert ladder.main([str(broken), "--table", str(tmp_path / "table.json")]) == 2


def test_the_command_writes_a_table_the_game_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for players in (2, 4):
        for a, b, share in (("easy", "random", 0.85), ("normal", "easy", 0.75), ("hard", "normal", 0.64)):
            path = tmp_path / f"{a}-{b}-{players}.json"
            path.write_text(json.dumps(result(a, b, players, share)))
            files.append(str(path))
    target = tmp_path / "strength.json"
    source = Path(strength.__file__).parent / "strength.json"
    target.write_text(source.read_text())
    assert ladder.main([*files, "--table", str(target), "--write"]) == 0
    printed = capsys.readouterr().out
    assert "hard > normal" in printed and "offered at both table sizes: easy, normal, hard" in printed
    table = parse_table(json.loads(target.read_text()))
    assert table.offered == ("easy", "normal", "hard")
    assert table.elo("hard", 2) == pytest.approx(100.0, abs=1)
    hard = table.step("hard", 4)
    assert hard is not None and hard.share == pytest.approx(0.64) and hard.share_ci is not None
    # expert had no new result: its step is carried from the old table as it was.
    old = next(s for s in json.loads(source.read_text())["steps"] if (s["players"], s["stronger"]) == (2, "expert"))
    expert = table.step("expert", 2)
    assert expert is not None and expert.share == old["share"] and "expert" not in table.offered


def test_the_game_offers_the_tables_levels_and_says_how_strong_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = {}
    for players in (2, 4):
        steps[(players, "easy", "random")] = step("easy", "random", players, 0.85)
        steps[(players, "normal", "easy")] = step("normal", "easy", players, 0.75)
        steps[(players, "hard", "normal")] = step("hard", "normal", players, 0.642)
        steps[(players, "expert", "hard")] = step("expert", "hard", players, 0.52)  # measured, not stronger
    table = parse_table(build_table(steps, "test"))
    monkeypatch.setattr(strength, "strength_table", lambda: table)
    assert ai.offered_levels() == ["easy", "normal", "hard"]
    assert "expert" in ai.bot_names()  # still there by name, for tournaments
    assert strength_words("hard", 2) == "hard wins about 64\u00a0% of juegos against normal"
    assert strength_words("random", 2) == ""


def test_later_results_are_added_to_a_step_already_in_the_table(tmp_path: Path) -> None:
    first = [result("hard", "normal", 2, 0.66, deals=700, seed=8)]
    later = [result("hard", "normal", 2, 0.60, deals=300, seed=19)]
    both = pooled(first + later)
    # The table keeps the step only (its commands, share, interval and effective games), not the files.
    table_path = tmp_path / "strength.json"
    table_path.write_text(json.dumps(build_table({(2, "hard", "normal"): pooled(first)}, "test")))
    later_path = tmp_path / "later.json"
    later_path.write_text(json.dumps(later[0]))
    assert ladder.main([str(later_path), "--add", "--table", str(table_path), "--write"]) == 0
    added = json.loads(table_path.read_text())["steps"][0]
    assert added["deals"] == 1000 and added["share"] == pytest.approx(both.share, abs=1e-4)
    assert both.share_ci is not None
    assert added["share_ci95"] == pytest.approx(list(both.share_ci), abs=1e-4)
    assert added["effective_games"] == pytest.approx(both.effective, abs=0.1)
    assert [c.split("--seed ")[1].split()[0] for c in added["commands"]] == ["8", "19"]
    # Without --add a new result replaces the step.
    assert ladder.main([str(later_path), "--table", str(table_path)]) == 0
    # The same seed twice would count the same deals twice: refused, the table untouched.
    before = table_path.read_text()
    assert ladder.main([str(later_path), "--add", "--table", str(table_path), "--write"]) == 2
    assert table_path.read_text() == before


def test_a_table_without_effective_games_recovers_them_from_its_interval() -> None:
    old = pooled([result("hard", "normal", 4, 0.6838, deals=650)])
    written = build_table({(4, "hard", "normal"): old}, "test")
    for s in written["steps"]:
        del s["effective_games"]  # as tables were written before they recorded it
    carried = ladder.carried_steps(written)[(4, "hard", "normal")]
    assert old.effective is not None and carried.effective is not None
    assert carried.effective == pytest.approx(old.effective, rel=0.005)  # from an interval rounded to 4 decimals
    # A carried figure without an interval has nothing to add to.
    bare = Step(2, "expert", "hard", 400, None, None, 40.0, None, ("carried",))
    with pytest.raises(LadderError, match="no share and interval"):
        pooled([result("expert", "hard", 2, 0.55)], bare)
