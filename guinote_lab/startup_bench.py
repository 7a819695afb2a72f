"""How long a ``guinote`` command takes from the shell: ``python -m guinote_lab.startup_bench``.

Each command runs ``--runs`` times (5 by default) as a fresh process, the way
a player starts it, with its data, config and state folders in a temporary
directory (an empty statistics file unless ``--hands`` fills one); the
runs of the commands are interleaved, so a burst of load on a shared
machine falls on all of them alike. ``PYTHONDONTWRITEBYTECODE`` is dropped
for the runs (unless ``--source``): an installed package has its bytecode,
so the first run writes it, and the project's modules are not compiled anew
in each run. Prints each command's median and spread of wall-clock seconds,
and which heavy modules (NumPy, Textual, Rich) the command imported
(``-X importtime`` on one more run).

    python -m guinote_lab.startup_bench             # guinote --help, guinote stats --json
    python -m guinote_lab.startup_bench --runs 9 --command "rules --flags"
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: What a player runs most often without a table: the help and the statistics.
COMMANDS = ("--help", "stats --json")
#: Modules a command should load only when it needs them.
HEAVY = ("numpy", "textual", "rich", "sqlite3", "aiohttp")


def _argv(command: str) -> list[str]:
    return [sys.executable, "-m", "guinote_tui", *shlex.split(command)]


def run_once(command: str, env: dict[str, str]) -> float:
    """Seconds of one run of ``guinote COMMAND`` (output discarded; a failing command stops the bench)."""
    started = time.perf_counter()
    done = subprocess.run(_argv(command), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"guinote {command}: exit {done.returncode}: {done.stderr.decode(errors='replace')[-300:]}")
    return seconds


def heavy_imports(command: str, env: dict[str, str]) -> list[str]:
    """The heavy top-level modules ``guinote COMMAND`` imports (read from ``python -X importtime``)."""
    argv = [sys.executable, "-X", "importtime", *_argv(command)[1:]]
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    loaded = set()
    for line in done.stderr.decode(errors="replace").splitlines():
        if line.startswith("import time:"):
            loaded.add(line.rsplit("|", 1)[-1].strip())
    return [name for name in HEAVY if name in loaded]


def _fill(env: dict[str, str], hands: int) -> None:
    """A statistics file of ``hands`` hands (random bots) in the bench's data folder."""
    code = (
        "from guinote_lab.memory_bench import record_matches; "
        f"from guinote_tui.records import default_path; record_matches(str(default_path()), 'bench', {hands})"
    )
    subprocess.run([sys.executable, "-c", code], env=env, check=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the median is printed)")
    parser.add_argument("--command", action="append", help="a guinote command line to time (repeatable)")
    parser.add_argument("--hands", type=int, default=0, help="hands in the statistics file (0: none recorded)")
    parser.add_argument(
        "--source",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE if set (each run then compiles the project's modules from source)",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    commands = args.command or list(COMMANDS)
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
            env[name] = str(Path(folder) / name.lower())
        env.pop("GUINOTE_LANG", None)
        if not args.source:  # an installed package has its bytecode: the first run writes it, as the docstring says
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        if args.hands:
            _fill(env, args.hands)
        for command in commands:
            run_once(command, env)  # a first run fills the file system's cache and the bytecode
        times: dict[str, list[float]] = {command: [] for command in commands}
        for _ in range(args.runs):
            for command in commands:
                times[command].append(run_once(command, env))
        print(f"{'command':<28} {'median':>8} {'min':>8} {'max':>8}  heavy modules loaded")
        for command in commands:
            values = times[command]
            heavy = ", ".join(heavy_imports(command, env)) or "none"
            print(
                f"guinote {command:<20} {statistics.median(values) * 1000:7.0f}ms {min(values) * 1000:7.0f}ms"
                f" {max(values) * 1000:7.0f}ms  {heavy}"
            )
        python = [run_once_python(env) for _ in range(args.runs)]
        print(f"{'python -c pass':<28} {statistics.median(python) * 1000:7.0f}ms  (the interpreter alone)")


def run_once_python(env: dict[str, str]) -> float:
    """Seconds of a bare interpreter start, the floor under every command."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
