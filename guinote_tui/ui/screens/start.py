"""The start screen: the common choices, then the house rules (collapsed); Enter deals.

The focused row explains itself on the line below the rows; the House rules
title sums up the preset and names the rules changed from it.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Collapsible, Input, Label, Static
from textual.widgets.button import ButtonVariant
from textual.widgets.collapsible import CollapsibleTitle
from textual.worker import get_current_worker

from ... import i18n, storage
from ...ai import default_level, offered_levels
from ...engine import PRESETS, Rules
from ...game import resume
from ...game.settings import MIN_TRICK_SECONDS, GameSettings
from ...i18n import N_, _, ngettext, number, pgettext
from ...present.vocabulary import level_name, strength_words
from ..bindings import START_BINDINGS
from ..navigation import navigator
from ..theme import FELT_COLOURS
from ..widgets.choice import ChoiceRow
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall
from .start_rows import (
    BUTTONS,
    HELP,
    PRESET_NAMES,
    RULE_LABELS,
    RULE_ROWS,
    TRICK_SECONDS,
    Emblem,
    Options,
    button_labels,
    continue_summary,
    delay_options,
    help_of,
    house_rules_summary,
    title_text,
    translated,
    with_value,
)


class StartBody(VerticalScroll, can_focus=False, inherit_bindings=False):
    """The rows, scrolled by the wheel or by the focus; the arrow keys stay the screen's (rows, House rules)."""


class SeedInput(Input):
    """The Seed row: it takes digits only, so the start screen's letter keys (l, p, t, q…) work from it too
    (and the footer keeps listing them)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdecimal()

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not (event.character or "").isdecimal():
            # Not the row's: Input's own handler is skipped (it would swallow the key); the key bubbles on
            # to the screen's bindings.
            event.prevent_default()


class StartScreen(SizeGuard, Screen[None]):
    """Choose and deal; every row has a sensible default so Enter just starts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *START_BINDINGS,
        Binding("right", "house_rules(True)", N_("Open"), key_display="→"),
        Binding("left", "house_rules(False)", N_("Close"), key_display="←"),
    ]

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings
        #: What Continue resumes (read once, at compose); None when there is nothing to say.
        self.continue_text: str | None = None
        #: The line a damaged kept match gave at compose (Continue reports it).
        self._continue_problem: str | None = None
        #: The practice problems due today (counted in a worker once the screen is up; 0 until then).
        self.due = 0
        #: The count is known (the button says it).
        self.counted = False

    def compose(self) -> ComposeResult:
        settings = self.settings
        levels = self._level_options(settings.players)
        names = [name for name, _label in levels]
        level = settings.level if settings.level in names else default_level(settings.players)
        partner = settings.partner_level if settings.partner_level in names else None
        rules = settings.rules
        yield TooSmall()
        yield Static(title_text(), id="start-title")
        with StartBody(id="start-body"), Vertical(id="start-form"):
            yield Emblem(id="start-cards")
            languages = i18n.available()
            if len(languages) > 1:  # each language under its own name
                yield self._row("language", [(code, i18n.LANGUAGES[code]) for code in languages], i18n.current())
            players = [(4, _("pairs (2 vs 2)")), (2, _("heads-up (1 vs 1)"))]
            yield self._row("players", players, settings.players)
            yield self._row("level", levels, level)  # a level's name is its id (as on the command line)
            yield self._row("partner_level", [(None, _("same as bots")), *levels], partner)
            yield self._row("pace", self._pace_options(), self._pace_value())
            seconds = _("{seconds} s").format(seconds=number(settings.delay))
            delays = sorted(with_value(delay_options(), float(settings.delay), seconds))
            yield self._row("delay", delays, float(settings.delay))
            practice = [(False, pgettext("practice mode", "normal")), (True, _("open hands"))]
            yield self._row("open_hands", practice, settings.open_hands)
            with Horizontal(id="seed-row"):
                yield Label(_("Seed"), classes="seed-label")
                yield SeedInput(
                    "" if settings.seed is None else str(settings.seed),
                    placeholder=_("random"),
                    id="seed",
                    restrict=r"[0-9]*",
                    max_length=9,
                    compact=True,
                )
            with Collapsible(title=house_rules_summary(rules), collapsed=True, id="house-rules"):
                preset_names = with_value([(name, PRESET_NAMES.get(name, name)) for name in PRESETS], rules.preset_name)
                yield self._row("preset", preset_names, rules.preset_name)
                for flag, label, options, explanation in RULE_ROWS:
                    value = getattr(rules, flag)
                    yield ChoiceRow(
                        _(label), with_value(translated(options), value), value, help=_(explanation), id=flag
                    )
        with Center(id="start-help-row"):
            yield Static(id="start-help")
        with Horizontal(id="start-buttons"):
            kept = resume.exists() and self._read_kept_match()
            shown = [button_id for button_id, *_rest in BUTTONS if kept or button_id != "continue"]
            labels = button_labels(self.app.size.width, shown, self.due)
            variants: dict[str, ButtonVariant] = {"continue": "primary", "start": "success", "quit": "error"}
            for button_id in shown:
                variant = variants.get(button_id, "default")
                button = Button(_keyed_label(button_id, labels[button_id]), id=button_id, variant=variant, compact=True)
                if button_id == "continue" and self.continue_text:
                    button.tooltip = _("Continue: {summary}").format(summary=self.continue_text)
                yield button
        yield GameFooter()

    def _level_options(self, players: int) -> Options:
        """The levels offered at a table of ``players`` (weakest first), each under its name."""
        names = offered_levels(players)
        anywhere = offered_levels()
        for chosen in (self.settings.level, self.settings.partner_level):
            if chosen is not None and chosen not in names and chosen not in anywhere:
                names.append(chosen)  # a level offered nowhere, given by a test (random)
        return [(name, level_name(name)) for name in names]

    def _read_kept_match(self) -> bool:
        """Whether Continue is offered: for a match that loads (saying what it resumes), or for a damaged file
        (then set aside), kept quiet until Continue is asked for; not for a finished match (its file removed)."""
        try:
            match = resume.load()
        except storage.Damaged as exc:
            self._continue_problem = str(exc)
            return True
        self.continue_text = continue_summary(match) if match is not None else None
        return match is not None

    @staticmethod
    def _row(row_id: str, options: Options, value: Any) -> ChoiceRow:
        """The row ``row_id``, with its label and explanation (``options`` are shown as given)."""
        label, explanation = help_of(row_id)
        return ChoiceRow(label, options, value, help=explanation, id=row_id)

    def _pace_options(self) -> Options:
        seconds = [*TRICK_SECONDS]
        if self.settings.pace == "timed" and self._timed_seconds() not in seconds:
            seconds = sorted([*seconds, self._timed_seconds()])
        timed = [(("timed", s), _("timed, {seconds} s a trick").format(seconds=number(s))) for s in seconds]
        return [(("wait", None), _("wait for me")), *timed]

    def _timed_seconds(self) -> float:
        return max(MIN_TRICK_SECONDS, float(self.settings.trick_seconds))

    def _pace_value(self) -> tuple[str, float | None]:
        return ("wait", None) if self.settings.pace == "wait" else ("timed", self._timed_seconds())

    def on_mount(self) -> None:
        self.query_one("#players", ChoiceRow).focus()
        self._sync_partner_row()
        self.count_due()

    def on_screen_resume(self) -> None:
        if self.is_mounted:  # back from practice, or from a match: the count may have changed
            self.count_due()

    def count_due(self) -> None:
        """Count the practice problems due today in a worker (the statistics and the puzzles are read)."""
        practice = navigator(self).practice_session()  # (the statistics opened here, on the screen's thread)

        def count() -> None:
            worker = get_current_worker()
            due = practice.due_count()
            if not worker.is_cancelled:
                self.app.call_from_thread(self.show_due, due)

        self.run_worker(count, thread=True, group="practice-due", exclusive=True)

    def show_due(self, due: int) -> None:
        """Say on the Practice button (and in its explanation) how many problems are due today."""
        self.due = due
        self.counted = True
        if self.is_attached:
            self._fit_buttons(self.size.width)
            if self.focused is not None and self.focused.id == "practice":
                self.explain(self.focused)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_buttons(event.size.width)

    def _fit_buttons(self, width: int) -> None:
        buttons = list(self.query("#start-buttons Button").results(Button))
        labels = button_labels(width, [str(button.id) for button in buttons], self.due)
        for button in buttons:
            if str(button.label) != labels[str(button.id)]:
                button.label = _keyed_label(str(button.id), labels[str(button.id)])
                button.refresh(layout=True)  # (a compact button keeps the width of its first label otherwise)

    # -- the explanation line -------------------------------------------------------

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.explain(event.widget)

    def explain(self, widget: Widget) -> None:
        """Show the one-line explanation of ``widget``'s row."""
        if isinstance(widget, CollapsibleTitle):
            label, explanation = help_of("house-rules")
        elif isinstance(widget, ChoiceRow):
            label, explanation = widget.label, widget.help  # translated when the row was made
            if widget.id in ("level", "partner_level") and isinstance(widget.value, str):
                # The level's measured strength at the table chosen, when the strength table has it.
                players = self.query_one("#players", ChoiceRow).value
                explanation = strength_words(widget.value, players) or explanation
        elif widget.id == "practice":
            label, explanation = help_of("practice")
            if self.due:
                count = ngettext("{n} problem due today", "{n} problems due today", self.due).format(n=self.due)
                explanation = f"{count} · {explanation}"
        elif widget.id == "continue":
            label, explanation = _("Continue"), f"{self.continue_text or _('the match left unfinished')} (c)"
        elif widget.id in HELP:
            label, explanation = help_of(widget.id)
        else:
            label, explanation = "", ""
        text = Text()
        text.append(f"{label}: " if label else "", style=f"bold {FELT_COLOURS['gold']}")
        text.append(explanation)
        self.query_one("#start-help", Static).update(text)

    @property
    def explanation(self) -> str:
        """The explanation shown now (plain text)."""
        return str(self.query_one("#start-help", Static).render())

    # -- rows that follow other rows ------------------------------------------------

    def _sync_partner_row(self) -> None:
        self.query_one("#partner_level").display = self.query_one("#players", ChoiceRow).value == 4

    @on(ChoiceRow.Changed, "#players")
    def players_changed(self, event: ChoiceRow.Changed) -> None:
        """The partner row is for pairs; the level rows offer the levels offered at the table chosen (a level
        chosen that is not gives way to the default there, and the partner's to the bots' level)."""
        self._sync_partner_row()
        levels = self._level_options(event.value)
        self.query_one("#level", ChoiceRow).set_options(levels, default_level(event.value))
        self.query_one("#partner_level", ChoiceRow).set_options([(None, _("same as bots")), *levels], None)

    @on(ChoiceRow.Changed, "#level")
    @on(ChoiceRow.Changed, "#partner_level")
    def level_changed(self, event: ChoiceRow.Changed) -> None:
        """The explanation follows the level shown: its measured strength."""
        self.explain(event.control)

    @on(ChoiceRow.Changed, "#language")
    def language_changed(self, event: ChoiceRow.Changed) -> None:
        """Speak the chosen language at once: the screen is built again in it."""
        if event.value == i18n.current():
            return
        i18n.set_language(event.value)
        self.settings = replace(self.chosen_settings(), language=event.value)
        self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        await self.recompose()
        self.query_one("#language").focus()
        self.refresh_bindings()

    @on(ChoiceRow.Changed, "#preset")
    def preset_changed(self, event: ChoiceRow.Changed) -> None:
        preset = PRESETS[event.value]
        for flag in RULE_LABELS:
            self.query_one(f"#{flag}", ChoiceRow).value = getattr(preset, flag)

    @on(ChoiceRow.Changed)
    def any_changed(self) -> None:
        self.call_after_refresh(self._update_summary)

    def _update_summary(self) -> None:
        # (The screen may be left, a match dealt at once, before this refresh: then there is nothing to sum up.)
        with contextlib.suppress(NoMatches):
            self.query_one("#house-rules", Collapsible).title = house_rules_summary(self.chosen_rules())

    # -- the House rules by keys ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        on_title = isinstance(self.focused, CollapsibleTitle)
        if action == "start" and on_title:
            return False  # Enter opens or closes the House rules (the title's own key)
        if action == "continue_match":
            return bool(self.query("#continue"))  # offered only while a match is kept
        if action == "house_rules":
            collapsed = self.query_one("#house-rules", Collapsible).collapsed
            if not on_title or parameters[0] != collapsed:
                return False
        return super().check_action(action, parameters)

    def action_house_rules(self, expand: bool) -> None:
        self.query_one("#house-rules", Collapsible).collapsed = not expand

    @on(Collapsible.Toggled)
    def house_rules_toggled(self) -> None:
        self.refresh_bindings()

    # -- dealing ------------------------------------------------------------------------

    def chosen_rules(self) -> Rules:
        preset = self.query_one("#preset", ChoiceRow).value
        flags = {flag: self.query_one(f"#{flag}", ChoiceRow).value for flag in RULE_LABELS}
        base = PRESETS[preset]
        return base.with_flags(**{k: v for k, v in flags.items() if getattr(base, k) != v})

    def chosen_settings(self) -> GameSettings:
        """The settings the rows show now."""
        seed_text = self.query_one("#seed", Input).value.strip()
        players = self.query_one("#players", ChoiceRow).value
        pace, seconds = self.query_one("#pace", ChoiceRow).value
        return replace(
            self.settings,
            players=players,
            level=self.query_one("#level", ChoiceRow).value,
            partner_level=self.query_one("#partner_level", ChoiceRow).value if players == 4 else None,
            rules=self.chosen_rules(),
            seed=int(seed_text) if seed_text else None,
            delay=self.query_one("#delay", ChoiceRow).value,
            pace=pace,
            trick_seconds=self.settings.trick_seconds if seconds is None else seconds,
            open_hands=self.query_one("#open_hands", ChoiceRow).value,
            # (the language only when the player picked one: else the locale goes on choosing it)
        )

    def action_start(self) -> None:
        """Deal a new match; while a match is kept for Continue, only after a yes (it would replace it)."""
        focused = self.focused
        if isinstance(focused, Button) and focused.id != "start":
            focused.press()  # Enter on another button is that button, not Deal
            return
        settings = self.chosen_settings()
        if not self.query("#continue"):
            navigator(self).start_game(settings)
            return
        from .dialogs import YesNoDialog

        if self.continue_text:
            question = _("Abandon the match in progress ({summary}) and deal a new one?").format(
                summary=self.continue_text
            )
        else:
            question = _("Abandon the match in progress and deal a new one?")

        def confirmed(yes: bool | None) -> None:
            if yes:
                navigator(self).start_game(settings)

        self.app.push_screen(YesNoDialog(question), confirmed)

    def action_continue_match(self) -> None:
        """Go on with the match in progress kept from the last run."""
        if not self.query("#continue"):
            return
        problem, self._continue_problem = self._continue_problem, None
        if problem is not None:  # the file was set aside when the screen was built
            self.notify(problem, title=_("Could not continue"), severity="warning", timeout=12, markup=False)
        if problem is not None or not navigator(self).continue_match(self.chosen_settings()):
            self.query("#continue").remove()  # nothing (usable) to continue
            self.refresh_bindings()
            self.call_after_refresh(self._fit_buttons, self.size.width)

    @on(Button.Pressed, "#continue")
    def continue_pressed(self) -> None:
        self.action_continue_match()

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen())

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#rules")
    def rules_pressed(self) -> None:
        self.action_rules()

    def action_learn(self) -> None:
        navigator(self).open_lessons()

    @on(Button.Pressed, "#learn")
    def learn_pressed(self) -> None:
        self.action_learn()

    def action_practice(self) -> None:
        navigator(self).open_practice(preset=self.chosen_rules().preset_name)  # the preset the rows show now

    @on(Button.Pressed, "#practice")
    def practice_pressed(self) -> None:
        self.action_practice()

    def action_join_table(self) -> None:
        """Sit at a table a friend hosts (``guinote host``): its address and the seat's code."""
        from .dialogs import JoinDialog

        def chosen(seat: tuple[str, str] | None) -> None:
            if seat is not None:
                self.app.open_seat(*seat)  # type: ignore[attr-defined]

        self.app.push_screen(JoinDialog(), chosen)

    def action_statistics(self) -> None:
        navigator(self).open_statistics()

    @on(Button.Pressed, "#statistics")
    def statistics_pressed(self) -> None:
        self.action_statistics()

    @on(Button.Pressed, "#quit")
    def quit_pressed(self) -> None:
        self.app.exit()


__all__ = ["PRESET_NAMES", "RULE_ROWS", "StartScreen", "house_rules_summary"]


#: Each start button's key (:data:`BUTTONS`).
_BUTTON_KEYS = {button_id: key for button_id, key, *_rest in BUTTONS}


def _keyed_label(button_id: str, text: str) -> Content:
    """A start button's label as shown: a key written before the label ("l Learn") in the colour of keys."""
    label = Content(text)
    key = _BUTTON_KEYS.get(button_id, "")
    if key and text.startswith(f"{key} "):
        return label.stylize(f"bold {FELT_COLOURS['gold']}", 0, len(key))
    return label
