"""Files the game did not write: every reader gives a result or one line, never a traceback or a hang.

The crafted inputs of a probe (huge numbers, deep nesting, FIFOs and devices,
files past the size limit, tuned bot levels) each as a test, then a fuzz
test per reader with Hypothesis: 150 examples each in every run (40 for the
statistics database), and as many as ``GUINOTE_FUZZ_EXAMPLES`` says in a long
run on purpose::

    GUINOTE_FUZZ_EXAMPLES=20000 pytest tests/unit/test_hostile_files.py -k fuzz
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guinote_tui import storage
from guinote_tui.cli import main
from guinote_tui.engine import HistoryError, Match, dumps, load_history, read_history
from guinote_tui.engine.history import MAX_BYTES
from guinote_tui.game import preferences, resume
from guinote_tui.lessons.progress import Progress
from guinote_tui.present.statsreport import problem_line
from guinote_tui.records import Statistics

#: A line is short: the probe saw a 10 MB action echoed into a 20 MB message.
SHORT = 800


def a_history(table: dict[str, object] | None = None) -> dict[str, object]:
    match = Match(2, seed=5)
    hand = match.hand
    for _ in range(3):
        seat = hand.to_move
        match.apply(hand.legal_actions()[0], seat)
    data: dict[str, object] = json.loads(dumps(match, table=table))
    return data


def one_line(message: str) -> None:
    assert "\n" not in message and "Traceback" not in message and len(message) < SHORT, message[:500]


def test_a_seat_of_100000_digits_is_one_short_line() -> None:
    data = a_history()
    data["hands"][0]["actions"][0] = "9" * 100_000 + " 1O"  # type: ignore[index]
    with pytest.raises(HistoryError) as caught:
        load_history(json.dumps(data))
    one_line(str(caught.value))
    assert "no seat" in str(caught.value)


def test_an_action_of_10_mb_is_echoed_cut() -> None:
    data = a_history()
    data["hands"][0]["actions"][0] = "0 " + "X" * 10_000_000  # type: ignore[index]
    with pytest.raises(HistoryError) as caught:
        load_history(json.dumps(data))
    one_line(str(caught.value))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "guinote-history", "version": 1, "players": ' + "7" * 5000 + "}",
        '{"format": "guinote-history", "version": ' + "1" * 5000 + "}",
    ],
    ids=["nested-100000", "players-5000-digits", "version-5000-digits"],
)
def test_deep_nesting_and_long_numbers_are_one_line(text: str) -> None:
    with pytest.raises(HistoryError) as caught:
        load_history(text)
    one_line(str(caught.value))


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, int("7" * 4000)])
def test_a_seed_beyond_64_bits_is_refused_in_one_line(seed: int) -> None:
    data = a_history()
    data["seed"] = seed
    with pytest.raises(HistoryError) as caught:
        load_history(data)
    one_line(str(caught.value))
    assert '"seed"' in str(caught.value)


def test_the_largest_64_bit_seed_is_kept() -> None:
    data = a_history()
    data["seed"] = 2**63 - 1
    assert load_history(data).seed == 2**63 - 1


def test_play_refuses_a_seed_it_could_not_store(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--seed", str(2**63)])
    assert result.exit_code == 2
    assert "--seed" in result.output and "Traceback" not in result.output


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "match.json"
    os.mkfifo(fifo)
    code = textwrap.dedent(
        f"""
        from guinote_tui.engine import HistoryError, read_history
        try:
            read_history({str(fifo)!r})
        except HistoryError as exc:
            print(exc)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "not a regular file" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_not_read(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(HistoryError, match="not a regular file"):
        read_history(device)


def test_a_file_past_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as stream:
        stream.truncate(MAX_BYTES + 1)  # sparse: nothing to write, everything to refuse
    with pytest.raises(HistoryError, match="larger than 10 MB"):
        read_history(big)


def test_replay_of_a_fifo_is_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "match.json"
    os.mkfifo(fifo)
    result = CliRunner().invoke(main, ["replay", str(fifo)])
    assert result.exit_code != 0
    assert "not a regular file" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("spec", ["hard:samples=100000000", "open", "team", "expert:samples=1"])
def test_a_history_names_only_offered_levels_at_their_defaults(tmp_path: Path, spec: str) -> None:
    from guinote_tui.ui.app import make_app

    path = tmp_path / "match.json"
    path.write_text(json.dumps(a_history(table={"seats": {"1": spec}})))
    with pytest.raises(HistoryError) as caught:
        make_app(history=path)
    one_line(str(caught.value))
    assert "no bot level" in str(caught.value)


def test_a_kept_match_with_a_tuned_level_is_set_aside() -> None:
    from guinote_tui.game.session import GameSettings
    from guinote_tui.ui.app import load_kept

    where = resume.path()
    where.parent.mkdir(parents=True)
    where.write_text(json.dumps(a_history(table={"seats": {"1": "hard:samples=100000000"}})))
    with pytest.raises(storage.Damaged) as caught:
        load_kept(GameSettings())
    one_line(str(caught.value))
    assert not where.exists() and list(where.parent.glob("current-match.json.corrupt-*"))


@pytest.mark.parametrize(
    "text",
    [
        json.dumps(a_history()).replace('"0 ', '"' + "9" * 100_000 + " ", 1),
        "[" * 100_000 + "]" * 100_000,
        '{"format": "guinote-history", "seed": ' + "5" * 5000 + "}",
    ],
    ids=["seat-100000-digits", "nested", "number-5000-digits"],
)
def test_a_crafted_match_in_progress_is_set_aside(text: str) -> None:
    where = resume.path()
    where.parent.mkdir(parents=True)
    where.write_text(text)
    with pytest.raises(storage.Damaged) as caught:
        resume.load()
    one_line(str(caught.value))
    assert not where.exists()
    assert resume.load() is None  # the next start is clean


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"done": ' + "3" * 5000 + "}", '{"done": [' + '"x", ' * 3 + "1]}"],
    ids=["nested", "number-5000-digits", "not-ids"],
)
def test_crafted_lessons_progress_starts_afresh_in_one_line(text: str) -> None:
    path = storage.data_dir() / "lessons.json"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    progress = Progress.load()
    assert progress.done == set() and progress.problem is not None
    one_line(progress.problem)
    assert list(path.parent.glob("lessons.json.corrupt-*"))


@pytest.mark.parametrize(
    ("text", "set_aside"),
    [
        ("[rules]\npreset = [1]\n", False),
        ("[rules]\npreset = {a = 1}\n", False),
        ("pace = [1]\n", False),
        ("players = " + "4" * 5000 + "\n", True),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", True),
        ("[rules]\ntarget = " + "9" * 400 + "\n", False),
    ],
    ids=["preset-list", "preset-table", "pace-list", "players-5000-digits", "nested-arrays", "big-flag"],
)
def test_crafted_settings_give_the_defaults_and_one_line(text: str, set_aside: bool) -> None:
    where = preferences.path()
    where.parent.mkdir(parents=True)
    where.write_text(text)
    settings, problems = preferences.load()
    assert settings.rules.preset_name == "aragones" and problems
    for problem in problems:
        one_line(problem)
    assert bool(list(where.parent.glob("settings.toml.corrupt-*"))) == set_aside


def test_crafted_settings_do_not_stop_the_commands() -> None:
    where = preferences.path()
    where.parent.mkdir(parents=True)
    where.write_text("[rules]\npreset = [1]\n")
    result = CliRunner().invoke(main, ["config"])
    assert result.exit_code == 0, result.output
    assert "rules.preset" in result.output


# -- stats --export writes only what it was asked to ----------------------------------------------


def test_export_does_not_replace_a_link(tmp_path: Path) -> None:
    kept = tmp_path / "kept.txt"
    kept.write_text("mine")
    link = tmp_path / "hands.csv"
    link.symlink_to(kept)
    result = CliRunner().invoke(main, ["stats", "--export", str(link), "--force"])
    assert result.exit_code == 1 and "a link" in result.output
    assert link.is_symlink() and kept.read_text() == "mine"


def test_export_does_not_replace_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "hands.csv"
    os.mkfifo(fifo)
    result = CliRunner().invoke(main, ["stats", "--export", str(fifo), "--force"])
    assert result.exit_code == 1 and "not a regular file" in result.output
    assert fifo.is_fifo()


def test_export_asks_for_force_before_replacing_and_keeps_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "hands.csv"
    target.write_text("old")
    target.chmod(0o644)
    refused = CliRunner().invoke(main, ["stats", "--export", str(target)])
    assert refused.exit_code == 1 and "--force" in refused.output
    assert target.read_text() == "old"
    forced = CliRunner().invoke(main, ["stats", "--export", str(target), "--force"])
    assert forced.exit_code == 0, forced.output
    assert target.read_text().startswith("match,")
    assert target.stat().st_mode & 0o777 == 0o644


def test_export_never_writes_the_games_own_files(tmp_path: Path) -> None:
    with Statistics() as stats:
        database = stats.path
    before = database.read_bytes()
    result = CliRunner().invoke(main, ["stats", "--export", str(database), "--force"])
    assert result.exit_code == 1 and "statistics file itself" in result.output
    assert database.read_bytes() == before
    settings_file = preferences.path()
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("players = 2\n")
    result = CliRunner().invoke(main, ["stats", "--export", str(settings_file), "--force"])
    assert result.exit_code == 1 and "own folder" in result.output
    assert settings_file.read_text() == "players = 2\n"
    elsewhere = tmp_path / "alias.sqlite3"
    os.link(database, elsewhere)  # the same file under another name
    result = CliRunner().invoke(main, ["stats", "--export", str(elsewhere), "--force"])
    assert result.exit_code == 1 and "statistics file itself" in result.output
    assert database.read_bytes() == before


def test_force_is_only_for_export() -> None:
    result = CliRunner().invoke(main, ["stats", "--force"])
    assert result.exit_code == 2 and "--force" in result.output


def test_reset_with_input_closed_is_one_line() -> None:
    code = "from guinote_tui.cli import main; main(['stats', '--reset'])"
    done = subprocess.run(
        [sys.executable, "-c", code],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ,
    )
    assert "Traceback" not in done.stderr
    assert "Nothing was forgotten" in done.stdout or "--yes" in done.stderr
    closed = subprocess.run(
        [sys.executable, "-c", "import os; os.close(0); " + code], capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in closed.stderr
    assert "Nothing was forgotten" in closed.stdout or "--yes" in closed.stderr, closed.stdout + closed.stderr


# -- fuzz: any bytes, any JSON ---------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
HISTORY_KEYS = ("format", "version", "players", "rules", "seed", "table", "hands", "names")


def history_like() -> st.SearchStrategy[dict[str, object]]:
    """Mostly-valid histories with one or more fields replaced by anything."""
    base = a_history()
    return st.dictionaries(st.sampled_from(HISTORY_KEYS), JSON_VALUES, max_size=3).map(lambda extra: {**base, **extra})


#: Examples per reader: a bounded number in every run, more when asked for.
EXAMPLES = int(os.environ.get("GUINOTE_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.one_of(history_like(), JSON_VALUES))
def test_fuzz_history_values(data: object) -> None:
    try:
        load_history(json.dumps(data))
    except HistoryError as exc:
        one_line(str(exc))


@FUZZ
@given(st.binary(max_size=300))
def test_fuzz_history_bytes(data: bytes) -> None:
    try:
        load_history(data.decode("utf-8", "replace"))
    except HistoryError as exc:
        one_line(str(exc))


def _fresh(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob(path.name + "*"):
        old.unlink()
    path.write_bytes(data)


@FUZZ
@given(st.one_of(st.binary(max_size=300), history_like().map(lambda d: json.dumps(d).encode())))
def test_fuzz_match_in_progress(data: bytes) -> None:
    _fresh(resume.path(), data)
    try:
        resume.load()
    except storage.Damaged as exc:
        one_line(str(exc))


@FUZZ
@given(st.one_of(st.binary(max_size=300), JSON_VALUES.map(lambda d: json.dumps(d).encode())))
def test_fuzz_lessons_progress(data: bytes) -> None:
    path = storage.data_dir() / "lessons.json"
    _fresh(path, data)
    progress = Progress.load()
    if progress.problem is not None:
        one_line(progress.problem)


TOML_LINES = st.lists(
    st.sampled_from(
        ["players", "level", "pace", "delay", "open_hands", "language", "x", "[rules]", "preset", "target"]
    ).flatmap(
        lambda key: (
            st.just(key)
            if key.startswith("[")
            else st.sampled_from(
                ['"hard"', "2", "4", "[1]", "{a = 1}", "true", '"es"', "1e400", "-1", "9" * 50, '"aragones"']
            ).map(lambda value: f"{key} = {value}")
        )
    ),
    max_size=6,
)


@FUZZ
@given(st.one_of(TOML_LINES.map(lambda lines: "\n".join(lines).encode()), st.binary(max_size=200)))
def test_fuzz_settings(data: bytes) -> None:
    _fresh(preferences.path(), data)
    settings_, problems = preferences.load()
    assert settings_.players in (2, 4)
    for problem in problems:
        one_line(problem)


SQLITE_HEADER = b"SQLite format 3\x00"


@settings(max_examples=max(40, EXAMPLES // 4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=200), st.binary(max_size=200).map(lambda tail: SQLITE_HEADER + tail)))
def test_fuzz_statistics_file(data: bytes) -> None:
    path = storage.data_dir() / "statistics.sqlite3"
    _fresh(path, data)
    with Statistics(path) as stats:
        stats.totals()
        problem = stats.take_problem()
    if problem is not None:
        one_line(problem_line(problem))
