"""The ``guinote`` command outside simulate: version, help, replay, bad input."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from guinote_tui import __version__
from guinote_tui.cli import main
from guinote_tui.engine import Match, Rules, history_dict


def _finished_match(seed: int = 3) -> Match:
    rng = random.Random(seed)
    match = Match(2, Rules(), seed=seed)
    while not match.is_over:
        if match.hand.is_over:
            match.next_hand()
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_version_and_module_entry_point() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output
    proc = subprocess.run([sys.executable, "-m", "guinote_tui", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "simulate" in proc.stdout and "replay" in proc.stdout


def test_replay_prints_every_hand_of_a_saved_match(tmp_path: Path) -> None:
    match = _finished_match()
    path = tmp_path / "match.json"
    path.write_text(json.dumps(history_dict(match)))
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.count("hand ") == len(match.finished)
    assert f"juegos {match.juegos[0]}-{match.juegos[1]}" in result.output
    assert "match over" in result.output


def test_replay_of_an_illegal_history_is_one_line_naming_the_rule(tmp_path: Path) -> None:
    data = history_dict(_finished_match())
    actions = data["hands"][0]["actions"]
    # Replace the second player's first card with a card it does not hold.
    seat, _ = actions[1].split()
    held_by_leader = actions[0].split()[1]
    actions[1] = f"{seat} {held_by_leader}"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert "hand 1, action 2" in lines[0] and "you don't hold" in lines[0]
    assert "Traceback" not in result.output


def test_replay_of_unreadable_files_is_one_line(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\xff\xfe not json")
    for target in (tmp_path / "missing.json", tmp_path, garbage):
        result = CliRunner().invoke(main, ["replay", str(target)])
        assert result.exit_code != 0
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert "Traceback" not in result.output


def test_play_refuses_bad_options_with_one_readable_line() -> None:
    runner = CliRunner()
    for args, needle in (
        (["play", "--rule", "tute=sometimes"], "tute must be one of"),
        (["play", "--rule", "nonsense=1"], "unknown rules flag"),
        (["play", "--players", "3"], "'3' is not one of"),
        (["play", "--level", "grandmaster"], "is not one of 'easy', 'normal'"),
        (["play", "--delay", "nan"], "'nan' is not a number"),
        (["play", "--delay", "11"], "--delay"),
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.output)
        assert needle in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_help_lists_the_levels_and_rules_lists_every_flag() -> None:
    from dataclasses import fields

    from guinote_tui.ai import offered_levels
    from guinote_tui.engine import Rules

    runner = CliRunner()
    help_text = runner.invoke(main, ["play", "--help"]).output
    assert f"--level [{'|'.join(offered_levels())}]" in help_text
    assert "guinote rules --flags" in " ".join(help_text.split())
    listed = runner.invoke(main, ["rules", "--flags"])
    assert listed.exit_code == 0
    names = [line.split(" = ")[0] for line in listed.output.splitlines() if " = " in line]
    assert names == [f.name for f in fields(Rules) if f.name != "preset_name"]
    assert "tute = juego | points40 | off  (aragones: juego, libre-100: off)" in listed.output
    presets = runner.invoke(main, ["rules"]).output
    assert "libre-100: aragones with card_order=caballo_high" in presets


def test_serve_without_textual_serve_says_how_to_install_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # an import of it fails
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    # guinote_tui.serving imported afresh, as on a first run (a bound server would wait for ctrl+c):
    import guinote_tui

    monkeypatch.delitem(sys.modules, "guinote_tui.serving", raising=False)
    monkeypatch.delattr(guinote_tui, "serving", raising=False)
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1
    assert result.output.strip() == (
        "Error: textual-serve is not installed: "
        "pip install 'guinote-tui[serve]' (from a checkout: pip install '.[serve]')"
    )


def test_an_unknown_language_is_one_line_naming_the_choices() -> None:
    from click.testing import CliRunner

    from guinote_tui.cli import main

    result = CliRunner().invoke(main, ["--lang", "pt", "rules"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "'pt'" in lines[0] and "en (English)" in lines[0]
    result = CliRunner().invoke(main, ["rules"], env={"GUINOTE_LANG": "xx"})
    assert result.exit_code == 2 and "GUINOTE_LANG" in result.output and "Traceback" not in result.output


def test_english_asked_for_by_name_or_by_the_c_locale() -> None:
    from click.testing import CliRunner

    from guinote_tui.cli import main

    for args, env in ((["--lang", "en", "rules"], {}), (["rules"], {"LANG": "C", "GUINOTE_LANG": ""})):
        result = CliRunner().invoke(main, args, env=env)
        assert result.exit_code == 0 and result.output.startswith("aragones (the default)")
