"""The start screen: the kind of game, the bots, the rules; Enter deals."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from ...engine import PRESETS, Card, Rules, Suit
from ..app import FELT_COLOURS, game_app
from ..bindings import START_BINDINGS
from ..cardart import SUIT_LIGHT, card_face
from ..session import GameSettings, offered_levels
from ..widgets.choice import ChoiceRow
from ..widgets.notice import SizeGuard, TooSmall

ON_OFF = [(True, "on"), (False, "off")]
DELAYS = [(0.0, "instant"), (0.3, "fast"), (0.6, "normal"), (1.0, "slow"), (1.6, "very slow")]
TUTE = [("juego", "wins juego"), ("points40", "40 points"), ("off", "off")]

# (row id, label, rules flag, options)
RULE_ROWS: list[tuple[str, str, list[tuple[Any, str]]]] = [
    ("juegos_per_coto", "Juegos per coto", [(n, str(n)) for n in range(1, 6)]),
    ("cotos_to_win", "Cotos to win", [(1, "1"), (2, "2 (best of 3)"), (3, "3 (best of 5)")]),
    ("tute", "Tute", TUTE),
    ("treinta_malas", "Treinta malas", ON_OFF),
    ("vueltas", "De vueltas", ON_OFF),
    ("partner_exemption", "Partner exemption", ON_OFF),
    ("must_undertrump", "Must under-trump", ON_OFF),
    ("two_for_seven", "2 for a 7 muestra", ON_OFF),
]


def title_text() -> Text:
    text = Text("GUIÑOTE", style=f"bold {FELT_COLOURS['gold']}")
    text.append("  ·  the Aragonese card game  ·  ", style=FELT_COLOURS["ink-faint"])
    for name, colour in zip(("Oros", "Copas", "Espadas", "Bastos"), SUIT_LIGHT.values(), strict=True):
        text.append(f"{name[0]}", style=f"bold {colour}")
        text.append(f"{name[1:]} ", style=colour)
    return text


def four_aces() -> Text:
    """The four Ases side by side: the start screen's emblem."""
    faces = [card_face(Card.of(1, suit)) for suit in Suit]
    rows = [Text("  ").join(face[line] for face in faces) for line in range(len(faces[0]))]
    return Text("\n").join(rows)


class StartScreen(SizeGuard, Screen[None]):
    """Choose and deal; every row has a sensible default so Enter just starts."""

    BINDINGS = START_BINDINGS

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        settings = self.settings
        names = offered_levels()
        for chosen in (settings.level, settings.partner_level):
            if chosen is not None and chosen not in names:
                names.append(chosen)  # a level given on the command line (or by a test)
        levels = [(name, name) for name in names]
        rules = settings.rules
        yield TooSmall()
        yield Static(title_text(), id="start-title")
        yield Static(four_aces(), id="start-cards")
        with Horizontal(id="start-columns"):
            with Vertical(classes="start-column"):
                yield Label("The table", classes="start-heading")
                yield ChoiceRow(
                    "Game",
                    [(4, "pairs (2 vs 2)"), (2, "heads-up (1 vs 1)")],
                    settings.players,
                    id="players",
                )
                yield ChoiceRow("Bots", levels, settings.level, id="level")
                yield ChoiceRow(
                    "Partner", [(None, "same as bots"), *levels], settings.partner_level, id="partner_level"
                )
                delays = list(DELAYS)
                if all(value != settings.delay for value, _ in delays):
                    delays.append((settings.delay, f"{settings.delay:g} s"))  # from --delay
                    delays.sort()
                yield ChoiceRow("Bot speed", delays, settings.delay, id="delay")
                with Horizontal(id="seed-row"):
                    yield Label("Seed", classes="seed-label")
                    yield Input(
                        "" if settings.seed is None else str(settings.seed),
                        placeholder="random",
                        id="seed",
                        restrict=r"[0-9]*",
                        max_length=9,
                        compact=True,
                    )
                yield Static(
                    "[dim]↑/↓ choose a row · ←/→ change it ·\nEnter deals the cards[/dim]", classes="start-hint"
                )
            with Vertical(classes="start-column"):
                yield Label("The rules", classes="start-heading")
                yield ChoiceRow("Preset", [(name, name) for name in PRESETS], rules.preset_name, id="preset")
                for flag, label, options in RULE_ROWS:
                    yield ChoiceRow(label, options, getattr(rules, flag), id=flag)
        with Horizontal(id="start-buttons"):
            yield Button("Deal ⏎", id="start", variant="success", compact=True)
            yield Button("Rules (?)", id="rules", compact=True)
            yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#players", ChoiceRow).focus()
        self._sync_partner_row()

    def _sync_partner_row(self) -> None:
        self.query_one("#partner_level").disabled = self.query_one("#players", ChoiceRow).value != 4

    @on(ChoiceRow.Changed, "#players")
    def players_changed(self) -> None:
        self._sync_partner_row()

    @on(ChoiceRow.Changed, "#preset")
    def preset_changed(self, event: ChoiceRow.Changed) -> None:
        preset = PRESETS[event.value]
        for flag, _, _ in RULE_ROWS:
            self.query_one(f"#{flag}", ChoiceRow).value = getattr(preset, flag)

    def chosen_settings(self) -> GameSettings:
        """The settings the rows show now."""
        preset = self.query_one("#preset", ChoiceRow).value
        flags = {flag: self.query_one(f"#{flag}", ChoiceRow).value for flag, _, _ in RULE_ROWS}
        base = PRESETS[preset]
        rules: Rules = base.with_flags(**{k: v for k, v in flags.items() if getattr(base, k) != v})
        seed_text = self.query_one("#seed", Input).value.strip()
        players = self.query_one("#players", ChoiceRow).value
        return replace(
            self.settings,
            players=players,
            level=self.query_one("#level", ChoiceRow).value,
            partner_level=self.query_one("#partner_level", ChoiceRow).value if players == 4 else None,
            rules=rules,
            seed=int(seed_text) if seed_text else None,
            delay=self.query_one("#delay", ChoiceRow).value,
        )

    def action_start(self) -> None:
        game_app(self).start_game(self.chosen_settings())

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen())

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#rules")
    def rules_pressed(self) -> None:
        self.action_rules()

    @on(Button.Pressed, "#quit")
    def quit_pressed(self) -> None:
        self.app.exit()
