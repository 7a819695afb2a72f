"""Build hook: compile the message catalogs (``.po`` in the repository) into the package's ``.mo`` files.

Runs for the wheel and for editable installs: each
``guinote_tui/locale/<code>/LC_MESSAGES/guinote.po`` becomes ``guinote.mo``
beside it (ignored by git), and the compiled files are shipped in the wheel.
The catalogs are managed with Babel (see CONTRIBUTING.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every catalog under ``root``'s package; the ``.mo`` files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted((root / "guinote_tui" / "locale").glob("*/LC_MESSAGES/guinote.po")):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name, domain="guinote")
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        written.append(mo)
    return written


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo in compile_catalogs(root):
            build_data["artifacts"].append(mo.relative_to(root).as_posix())
