"""A long measurement's results file, kept after every finished piece so that a stopped run resumes from it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

__all__ = ["load_run", "save_run"]


def load_run(out: Path | None, config: dict[str, Any]) -> dict[str, Any]:
    """The run kept in ``out`` (``{"config": ..., "hands": {...}}``), or a new one; a file holding a run of
    another ``config``, or no such run, is refused with one line."""
    if out is None or not out.exists():
        return {"config": config, "hands": {}}
    try:
        data = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise click.ClickException(f"{out}: cannot read it as this command's JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("config") != config or not isinstance(data.get("hands"), dict):
        raise click.ClickException(f"{out} holds another run (other settings): choose another --out")
    return data


def save_run(out: Path | None, data: Mapping[str, Any]) -> None:
    """Keep ``data`` in ``out`` (written beside it, then moved over it: a kill leaves the last whole run)."""
    if out is None:
        return
    partial = out.with_name(out.name + ".partial")
    partial.write_text(json.dumps(data), encoding="utf-8")
    partial.replace(out)
