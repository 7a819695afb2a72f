"""``guinote tournament --a 'program:COMMAND'``: real programs in a tournament's seats.

Each program is a real process: the example bot plays whole tournaments;
a program that logs what it is sent shows it receives only what its seat
may see (the table's leak check), in the table's messages; broken programs
stop the tournament with one line, and end.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_net_table import SHORT, check_no_leak

from guinote_tui.ai import Bot
from guinote_tui.cli import main
from guinote_tui.net import external, protocol
from guinote_tui.net.external import ProgramBot, tournament_bot
from guinote_tui.tournament.runner import TournamentConfig, TournamentError, play_game

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = f"program:{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'docs' / 'dev' / 'example_bot.py'))}"
TIMINGS = {"seconds", "deals_per_second", "decision_ms", "jobs"}

#: Programs, each answering every state whose view has legal actions in its own way.
PROGRAMS = {
    # Logs every line it is sent to LOG/seat-N.jsonl, and plays the first legal action.
    "logger": """
import json, sys
log = None
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "welcome":
        log = open(f"{sys.argv[1]}/seat-{message['seat']}.jsonl", "w")
    log.write(line)
    log.flush()
    if message["type"] == "state" and message["view"]["legal"]:
        print(json.dumps({"type": "act", "action": message["view"]["legal"][0], "serial": message["serial"]}))
        sys.stdout.flush()
""",
    "garbage": """
import sys
for line in sys.stdin:
    if '"legal":["' in line:
        print("I play the ace", flush=True)
""",
    "exits": """
import sys
sys.exit(3)
""",
    "illegal": """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "state" and message["view"]["legal"]:
        cards = [f"{rank}{suit}" for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) for suit in "OCEB"]
        wrong = next(card for card in cards if card not in message["view"]["hand"])
        print(json.dumps({"type": "act", "action": wrong, "serial": message["serial"]}), flush=True)
""",
    "hangs": """
import os, sys, time
open(os.path.join(sys.argv[1], str(os.getpid())), "w").close()
for line in sys.stdin:
    if '"legal":["' in line:
        time.sleep(3600)  # (its input closed, it would still sleep)
""",
    "long_line": """
import sys
for line in sys.stdin:
    if '"legal":["' in line:
        print("x" * 5000, flush=True)
""",
    "old_serial": """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "state" and message["view"]["legal"]:
        print(json.dumps({"type": "act", "action": message["view"]["legal"][0], "serial": 0}), flush=True)
""",
    "not_an_action": """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "state" and message["view"]["legal"]:
        print(json.dumps({"type": "act", "action": "the ace", "serial": message["serial"]}), flush=True)
""",
}


def program(tmp_path: Path, name: str, *args: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(PROGRAMS[name], encoding="utf-8")
    return "program:" + shlex.join([sys.executable, str(path), *args])


def tournament(*args: str) -> Any:
    return CliRunner().invoke(main, ["--lang", "en", "tournament", *args])


def figures(*args: str) -> dict[str, Any]:
    result = tournament(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_the_example_bot_plays_a_heads_up_duplicate_tournament_the_same_in_one_or_two_processes() -> None:
    args = ["--a", EXAMPLE, "--b", "random", "--duplicate", "--deals", "2", "--players", "2", "--seed", "1"]
    one = figures(*args)
    assert one["a"] == EXAMPLE and one["games"] == 4
    decisions = one["decision_ms"][EXAMPLE]["count"]
    assert decisions > 4 * 15  # every card of a heads-up hand, in every game
    two = figures(*args, "--jobs", "2")
    assert {k: v for k, v in one.items() if k not in TIMINGS} == {k: v for k, v in two.items() if k not in TIMINGS}
    assert two["decision_ms"][EXAMPLE]["count"] == decisions


def test_the_example_bot_plays_a_pairs_tournament_as_b_in_both_seats_of_its_side() -> None:
    data = figures("--a", "easy", "--b", EXAMPLE, "--deals", "2", "--players", "4", "--seed", "3", "--jobs", "2")
    assert data["games"] == 2 and data["b"] == EXAMPLE
    assert data["decision_ms"][EXAMPLE]["count"] >= 2 * 2 * 10  # two seats, ten cards each, every game


def game_of(spec: str, players: int, tmp_path: Path) -> tuple[list[Bot], dict[int, list[dict[str, Any]]]]:
    """One game (deal 0) with ``spec`` as A, its bots, and what each program's seat was sent (its log)."""
    made: list[Bot] = []

    def make(text: str) -> Bot:
        made.append(tournament_bot(text))
        return made[-1]

    play_game(TournamentConfig(spec, "random", players, SHORT, deals=1, seed=4), 0, 0, {}, make)
    logs = {
        int(path.stem.split("-")[1]): [json.loads(line) for line in path.read_text().splitlines()]
        for path in tmp_path.glob("seat-*.jsonl")
    }
    return made, logs


@pytest.mark.parametrize("players", [2, 4])
def test_a_program_is_sent_only_what_its_seat_may_see_in_the_tables_messages(players: int, tmp_path: Path) -> None:
    bots, logs = game_of(program(tmp_path, "logger", str(tmp_path)), players, tmp_path)
    programs = [bot for bot in bots if isinstance(bot, ProgramBot)]
    assert sorted(logs) == [bot.seat for bot in programs] == list(range(0, players, 2))
    match = programs[0].match
    assert match is not None and len(match.finished) >= 1
    assert check_no_leak(match, logs) > 30 * players // 2
    movers = [seat for record in match.finished for seat, _ in record.actions]
    for seat, log in logs.items():
        assert log[0] == protocol.welcome(seat, match, log[0]["names"], [seat])
        assert all(protocol.decode_host(protocol.encode(message)) == message for message in log)
        states = [message for message in log if message["type"] == "state"]
        # One state per decision, legal actions in each, and a last one when the game is over.
        assert [bool(state["view"]["legal"]) for state in states] == [True] * movers.count(seat) + [False]
        assert [state["serial"] for state in states] == list(range(1, len(states) + 1))
        assert all(state["view"]["seat"] == seat for state in states)
        kinds = [message["event"]["kind"] for message in log if message["type"] == "event"]
        assert kinds.count("dealt") == kinds.count("hand_ended") == len(match.finished)
    assert all(bot.process is None for bot in programs)  # every program was ended


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("garbage", "its answer 'I play the ace' was refused: the table did not understand a message: not JSON"),
        ("exits", "it ended before the game was over (exit status 3)"),
        ("illegal", "chose an illegal action"),
        ("long_line", "it wrote a line longer than 4096 bytes"),
        ("old_serial", "it answered the state 0 instead of 1"),
        ("not_an_action", "'the ace' is not an action"),
    ],
)
def test_a_program_that_goes_wrong_stops_the_tournament_with_one_line(name: str, problem: str, tmp_path: Path) -> None:
    spec = program(tmp_path, name)
    result = tournament("--a", "random", "--b", spec, "--deals", "2", "--players", "2")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: bot {spec!r}"), result.stderr
    assert problem in lines[0] and "(deal 0, seat 1)" in lines[0]


def test_a_program_that_does_not_answer_is_stopped_after_the_timeout_in_worker_processes_too(tmp_path: Path) -> None:
    started = tmp_path / "started"
    started.mkdir()
    spec = program(tmp_path, "hangs", str(started))
    args = ["--a", spec, "--b", "easy", "--deals", "2", "--players", "4", "--program-timeout", "0.3", "--jobs", "2"]
    result = tournament(*args)
    assert result.exit_code == 1, result.output
    line = rf"Error: bot {re.escape(repr(spec))} failed \(deal [01], seat [0-3]\): no answer within 0\.3 s"
    assert re.fullmatch(line, result.stderr.strip()), result.stderr
    pids = [int(path.name) for path in started.iterdir()]
    assert len(pids) >= 2  # both seats of side A, in each game begun
    for pid in pids:
        with pytest.raises(ProcessLookupError):  # every program was ended (and reaped)
            os.kill(pid, 0)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("program:", "program: name the command to run"),
        ("program:python 'unclosed", "program: cannot read the command"),
        ("program:no-such-guinote-bot --fast", "program: no command 'no-such-guinote-bot' is found"),
    ],
)
def test_a_bad_program_spec_is_refused_with_one_line_before_any_game(spec: str, problem: str) -> None:
    result = tournament("--a", spec, "--b", "random", "--deals", "1")
    assert result.exit_code == 2, result.output
    assert problem in result.stderr and "Traceback" not in result.output


def test_a_program_that_cannot_start_stops_the_game_with_one_line(tmp_path: Path) -> None:
    script = tmp_path / "bot"
    script.write_text("#!/no/such/interpreter\n")
    script.chmod(0o755)
    with pytest.raises(TournamentError, match=r"failed \(deal 0, seat 0\): cannot start"):
        play_game(TournamentConfig(f"program:{script}", "random", 2), 0, 0, {}, tournament_bot)


def test_the_timeout_defaults_to_ten_seconds_and_reaches_the_bots() -> None:
    assert ProgramBot(shlex.quote(sys.executable)).timeout == external.DEFAULT_TIMEOUT == 10.0
    bot = external.tournament_maker(2.5)(f"program:{shlex.quote(sys.executable)}")
    assert isinstance(bot, ProgramBot) and bot.timeout == 2.5
    assert not isinstance(tournament_bot("easy"), ProgramBot)
