"""The start screen: the common choices, then the house rules (collapsed); Enter deals.

The focused row explains itself on the line below the rows; the House rules
title sums up the preset and names the rules changed from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Collapsible, Input, Label, Static
from textual.widgets.button import ButtonVariant
from textual.widgets.collapsible import CollapsibleTitle

from ... import i18n, storage
from ...ai import offered_levels
from ...engine import PRESETS, Card, Match, Rules, Suit
from ...game import resume
from ...game.palette import SUIT_LIGHT
from ...game.settings import MIN_TRICK_SECONDS, GameSettings
from ...i18n import N_, _, ngettext, number, pgettext
from ...present.vocabulary import level_name, strength_words
from ..bindings import START_BINDINGS
from ..cardart import SMALL, CardSize, card_face
from ..navigation import navigator
from ..theme import FELT_COLOURS
from ..widgets.choice import ChoiceRow, same_option
from ..widgets.footer import GameFooter
from ..widgets.notice import SizeGuard, TooSmall
from ..widgets.table import card_size

Options = list[tuple[Any, str]]

ON_OFF: Options = [(True, N_("on")), (False, N_("off"))]
DELAYS: Options = [
    (0.0, N_("instant")),
    (0.3, N_("fast")),
    (0.6, "normal"),  # translated with its context where shown (delay_options)
    (1.0, N_("slow")),
    (1.6, N_("very slow")),
]
#: The pace row: wait for a key, or a finished trick stays this many seconds.
TRICK_SECONDS = (1.5, 2.0, 3.0)
PRESET_NAMES = {"aragones": "aragonés"}

# (rules flag, label, options, explanation): most felt first. The explanations follow docs/rules.md.
# The texts are marked with N_ and translated where they are shown (a numeral is shown as it is).
RULE_ROWS: list[tuple[str, str, Options, str]] = [
    (
        "card_order",
        N_("Card order"),
        [("sota_high", N_("sota over caballo")), ("caballo_high", N_("caballo over sota"))],
        N_("which of sota (10) and caballo (11) wins over the other; the higher one scores 3 points, the other 2"),
    ),
    (
        "target",
        N_("Target"),
        [(101, "101"), (100, "100")],
        N_("the points that win a juego (one game towards the coto)"),
    ),
    (
        "juegos_per_coto",
        N_("Juegos per coto"),
        [(n, str(n)) for n in range(1, 6)],
        N_("how many juegos a side must win to take the coto"),
    ),
    (
        "cotos_to_win",
        N_("Cotos to win"),
        [(1, "1"), (2, N_("2 (best of 3)")), (3, N_("3 (best of 5)"))],
        N_("how many cotos a side must win to take the match"),
    ),
    (
        "treinta_malas",
        N_("Treinta malas"),
        ON_OFF,
        N_(
            "a side that ends the first hand with under 30 points from cards and the last ten"
            " does not win the juego, even past 101"
        ),
    ),
    (
        "vueltas",
        N_("De vueltas"),
        ON_OFF,
        N_(
            "after an undecided first hand the scores carry on, and the first side to reach the target"
            " wins at once; off: every hand is played out"
        ),
    ),
    (
        "tute",
        N_("Tute"),
        [("juego", N_("wins juego")), ("points40", N_("40 points")), ("off", N_("off"))],
        N_(
            "all four reyes (or four of the cante's other card), shown after your side wins a trick:"
            " wins the juego, scores 40, or nothing"
        ),
    ),
    (
        "cante_pair",
        N_("Cante pair"),
        [("rey_sota", N_("rey + sota")), ("rey_caballo", N_("rey + caballo"))],
        N_("the two cards of one suit sung (a cante) for 20 points, 40 in trumps"),
    ),
    (
        "both_reach",
        N_("Both past target"),
        [("last_trick", N_("last trick wins")), ("higher_score", N_("higher score"))],
        N_(
            "when both sides pass the target at the end of a hand: the side that took the last trick wins,"
            " or the higher score"
        ),
    ),
    (
        "capote_bonus",
        N_("Capote bonus"),
        [(0, N_("none")), (100, "+100")],
        N_("points added for a side that takes every trick of a hand"),
    ),
    (
        "partner_exemption",
        N_("Partner exemption"),
        ON_OFF,
        N_("in the arrastre (the last six tricks) you need not beat or trump a trick your partner is winning"),
    ),
    (
        "must_undertrump",
        N_("Must under-trump"),
        ON_OFF,
        N_(
            "in the arrastre, a player with none of the suit led who cannot beat an opponent's trump"
            " must still play a lower trump"
        ),
    ),
    (
        "two_for_seven",
        N_("2 for a 7 muestra"),
        ON_OFF,
        N_("when the muestra (the card turned up) is the 7 of trumps, the 2 of trumps may be changed for it"),
    ),
    (
        "swap_low_muestra",
        N_("Low muestra swap"),
        ON_OFF,
        N_("the 7 of trumps may be changed for a muestra weaker than it (a 6, 5, 4 or 2)"),
    ),
    (
        "swap_window",
        N_("Change the 7"),
        [("after_trick", N_("after a won trick")), ("own_turn", N_("on your turn"))],
        N_(
            "when the 7 of trumps may be changed for the muestra: after your side wins a trick,"
            " or on your own turn while the stock lasts"
        ),
    ),
    (
        "deal_packet",
        N_("Dealing"),
        [(3, N_("3 at a time")), (1, N_("1 at a time"))],
        N_("the six cards each go out in two rounds of three, or one at a time"),
    ),
    (
        "next_dealer",
        N_("Next dealer"),
        [("rotate", N_("to the right")), ("last_trick_winner", N_("last trick's winner"))],
        N_("who deals the next hand: the player on the dealer's right, or whoever took the last trick"),
    ),
    (
        "cante_limit",
        N_("Cantes per trick"),
        [("per_side", N_("one per side")), ("per_player", N_("one per player"))],
        N_("after a won trick, one cante for the side, or one for each partner"),
    ),
]
RULE_LABELS = {flag: label for flag, label, _options, _help in RULE_ROWS}
RULE_OPTIONS = {flag: options for flag, _label, options, _help in RULE_ROWS}

#: The explanation of every other focusable row, by widget id (marked; translated where shown).
HELP: dict[str, tuple[str, str]] = {
    "players": (
        N_("Game"),
        N_("pairs: you and the bot opposite you against two bots; heads-up: you against one bot"),
    ),
    "level": (
        N_("Bot level"),
        N_("how well the bots play (your partner too, unless Partner level says otherwise)"),
    ),
    "partner_level": (N_("Partner level"), N_("how well the bot sitting opposite you plays")),
    "pace": (
        N_("Pace"),
        N_(
            "wait for me — a finished trick stays on the table until you press a key; timed — it stays for the time set"
        ),
    ),
    "delay": (N_("Bot speed"), N_("how long each bot's card stays in view before the next one is played")),
    "language": (N_("Language"), N_("the language of the whole game (remembered for the next time)")),
    "open_hands": (
        N_("Practice"),
        N_(
            "normal: the bots' cards are hidden; open hands: every bot's cards are shown face up, to learn"
            " how hands play (the match is assisted)"
        ),
    ),
    "seed": (
        N_("Seed"),
        N_(
            "empty: a new random deal every match; type a number to deal the same cards again"
            " (the table shows each match's seed)"
        ),
    ),
    "house-rules": (
        N_("House rules"),
        N_("the preset and the rules that vary from table to table; Enter or → opens them, ← closes them"),
    ),
    "preset": (
        N_("Rules preset"),
        N_("aragonés, the usual rules of Aragón; libre-100: caballo over sota, first to 100, no vueltas, capote +100"),
    ),
    "start": (N_("Deal"), N_("start the match with these choices (Enter deals from any row)")),
    "rules": (N_("Rules"), N_("the rules of Guiñote, with a glossary of the Spanish words (? or F1)")),
    "learn": (
        N_("Learn to play"),
        N_("six short lessons with moves to make: cards, tricks, cantes, the seven, the arrastre, scoring (l)"),
    ),
    "statistics": (
        N_("Statistics"),
        N_("your results by level, your rating against the bots, points over time, cantes and endings (t)"),
    ),
    "quit": (N_("Quit"), N_("leave the game (q or Ctrl+Q)")),
}


#: The start screen's buttons in their row: the id, the key, the label and a shorter one (marked; translated
#: where shown). What does not fit the row gives way: first the shorter labels, then the keys (the footer
#: lists them).
BUTTONS: tuple[tuple[str, str, str, str | None], ...] = (
    ("continue", "c", N_("Continue"), None),
    ("start", "⏎", N_("Deal"), None),
    ("learn", "l", N_("Learn to play"), N_("Learn")),
    ("statistics", "t", N_("Statistics"), N_("Stats")),
    ("rules", "?", N_("Rules"), None),
    ("quit", "q", N_("Quit"), None),
)


#: The buttons whose keys the footer always lists (widgets/footer.py never leaves them out).
FOOTER_KEYS = ("start", "continue")


def button_labels(width: int, shown: Sequence[str]) -> dict[str, str]:
    """The labels of the buttons ``shown`` (ids) on a row ``width`` columns wide, in the player's language.

    Each button takes its label and a space each side, with a margin between (two columns from 100, start.tcss).

    >>> button_labels(120, ["start", "learn", "quit"])
    {'start': 'Deal ⏎', 'learn': 'Learn to play (l)', 'quit': 'Quit (q)'}
    >>> button_labels(80, [b[0] for b in BUTTONS])["learn"]
    'Learn (l)'
    >>> button_labels(50, [b[0] for b in BUTTONS])["learn"]
    'Learn'
    """
    margin = 1 if width < 100 else 2
    buttons = [button for button in BUTTONS if button[0] in shown]

    def keyed(label: str, key: str) -> str:
        return f"{label} {key}" if key == "⏎" else f"{label} ({key})"

    choices = [
        {i: keyed(_(label), key) for i, key, label, _short in buttons},
        {i: keyed(_(short or label), key) for i, key, label, short in buttons},
        # Deal's and Continue's keys are the footer's first (it never leaves them out): theirs go first.
        {i: keyed(_(short or label), key) if i not in FOOTER_KEYS else _(label) for i, key, label, short in buttons},
        {i: _(short or label) for i, _key, label, short in buttons},
    ]
    for labels in choices:
        if sum(cell_len(label) + 2 for label in labels.values()) + (len(labels) + 1) * margin <= width:
            return labels
    return choices[-1]


def help_of(row_id: str) -> tuple[str, str]:
    """The label and the explanation of a row of :data:`HELP`, in the player's language."""
    label, explanation = HELP[row_id]
    return _(label), _(explanation)


def translated(options: Sequence[tuple[Any, str]]) -> Options:
    """``options`` with their shown texts in the player's language (a numeral or a preset's name stays)."""
    return [(option, _(text) if text else text) for option, text in options]


def delay_options() -> Options:
    """The bot speeds in the player's language ("normal" is a speed here, with its own context)."""
    return [(delay, pgettext("bot speed", "normal") if text == "normal" else _(text)) for delay, text in DELAYS]


def title_text() -> Text:
    text = Text("GUIÑOTE", style=f"bold {FELT_COLOURS['gold']}")
    text.append(("  ·  " + _("the Aragonese card game") + "  ·  "), style=FELT_COLOURS["ink-faint"])
    for name, colour in zip(("Oros", "Copas", "Espadas", "Bastos"), SUIT_LIGHT.values(), strict=True):
        text.append(f"{name[0]}", style=f"bold {colour}")
        text.append(f"{name[1:]} ", style=colour)
    return text


def four_aces(size: CardSize = SMALL) -> Text:
    """The four Ases side by side: the start screen's emblem."""
    faces = [card_face(Card.of(1, suit), size=size) for suit in Suit]
    rows = [Text("  ").join(face[line] for face in faces) for line in range(len(faces[0]))]
    return Text("\n").join(rows)


class Emblem(Static):
    """The four Ases, as big as the table's cards at the terminal's size (start.tcss gives the lines)."""

    def render(self) -> Text:
        return four_aces(card_size(self))


def shown_value(flag: str, value: Any) -> str:
    """A flag's value as its row shows it (in the player's language)."""
    for option, text in translated(RULE_OPTIONS.get(flag, [])):
        if same_option(option, value):
            return text
    return str(value)


def rule_label(flag: str) -> str:
    """A rules flag's label in the player's language (the flag itself when it has no row)."""
    return _(RULE_LABELS[flag]) if flag in RULE_LABELS else flag


def house_rules_summary(rules: Rules) -> str:
    """The House rules title: the preset, its main facts, and the rules changed from it.

    >>> house_rules_summary(Rules())
    'House rules: aragonés — sota over caballo, 101 to win, 3 juegos a coto'
    >>> house_rules_summary(Rules.preset("libre-100", tute="juego"))
    'House rules: libre-100 — caballo over sota, 100 to win, 1 juego a coto, capote +100 · changed: Tute wins juego'
    """
    facts = [
        shown_value("card_order", rules.card_order),
        _("{target} to win").format(target=rules.target),
        ngettext("{n} juego a coto", "{n} juegos a coto", rules.juegos_per_coto).format(n=rules.juegos_per_coto),
    ]
    if rules.cotos_to_win > 1:
        facts.append(ngettext("{n} coto to win", "{n} cotos to win", rules.cotos_to_win).format(n=rules.cotos_to_win))
    if rules.capote_bonus:
        facts.append(_("capote +{points}").format(points=rules.capote_bonus))
    name = PRESET_NAMES.get(rules.preset_name, rules.preset_name)
    text = _("House rules: {preset} — {facts}").format(preset=name, facts=", ".join(facts))
    changed = [
        _("{rule} {value}").format(rule=rule_label(flag), value=shown_value(flag, value))
        for flag, value in rules.differences().items()
    ]
    if len(changed) > 2:
        text += " · " + ngettext("{n} rule changed", "{n} rules changed", len(changed)).format(n=len(changed))
    elif changed:
        text += " · " + _("changed: {rules}").format(rules=", ".join(changed))
    return text


def continue_summary(match: Match) -> str:
    """What Continue resumes: the table, the bots' level, the hand and its running score (yours first).

    >>> match = Match(2, seed=1)
    >>> match.table = {"seats": {"1": "hard"}}
    >>> continue_summary(match)
    'heads-up against hard, hand 1, 0–0'
    >>> match = Match(4, seed=1)
    >>> match.table = {"seats": {"1": "normal", "2": "easy", "3": "normal"}}
    >>> match.juegos = [1, 0]
    >>> continue_summary(match)
    'pairs against normal (partner easy), hand 1, 0–0, juegos 1–0'
    """
    seats = match.table.get("seats")
    seats = seats if isinstance(seats, dict) else {}
    level = seats.get("1")
    partner = seats.get("2")
    if not isinstance(level, str):
        table = _("heads-up") if match.players == 2 else _("pairs")
    elif match.players == 2:
        table = _("heads-up against {level}").format(level=level_name(level))
    elif isinstance(partner, str) and partner != level:
        table = _("pairs against {level} (partner {partner})").format(
            level=level_name(level), partner=level_name(partner)
        )
    else:
        table = _("pairs against {level}").format(level=level_name(level))
    hand = match.hand
    score = {"table": table, "hand": match.hand_number, "mine": hand.total(0), "theirs": hand.total(1)}
    if any(match.juegos):
        return _("{table}, hand {hand}, {mine}–{theirs}, juegos {juegos_mine}–{juegos_theirs}").format(
            **score, juegos_mine=match.juegos[0], juegos_theirs=match.juegos[1]
        )
    return _("{table}, hand {hand}, {mine}–{theirs}").format(**score)


def with_value(options: Sequence[tuple[Any, str]], value: Any, shown: str | None = None) -> Options:
    """``options``, plus ``value`` when it is not one of them (a value from the command line or a file)."""
    listed = list(options)
    if value is not None and not any(same_option(option, value) for option, _shown in listed):
        listed.append((value, shown if shown is not None else str(value)))
    return listed


class StartBody(VerticalScroll, can_focus=False, inherit_bindings=False):
    """The rows, scrolled by the wheel or by the focus; the arrow keys stay the screen's (rows, House rules)."""


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

    def compose(self) -> ComposeResult:
        settings = self.settings
        names = offered_levels()
        for chosen in (settings.level, settings.partner_level):
            if chosen is not None and chosen not in names:
                names.append(chosen)  # a level given on the command line (or by a test)
        levels = [(name, level_name(name)) for name in names]
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
            yield self._row("level", levels, settings.level)  # a level's name is its id (as on the command line)
            yield self._row("partner_level", [(None, _("same as bots")), *levels], settings.partner_level)
            yield self._row("pace", self._pace_options(), self._pace_value())
            seconds = _("{seconds} s").format(seconds=number(settings.delay))
            delays = sorted(with_value(delay_options(), float(settings.delay), seconds))
            yield self._row("delay", delays, float(settings.delay))
            practice = [(False, pgettext("practice mode", "normal")), (True, _("open hands"))]
            yield self._row("open_hands", practice, settings.open_hands)
            with Horizontal(id="seed-row"):
                yield Label(_("Seed"), classes="seed-label")
                yield Input(
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
            labels = button_labels(self.app.size.width, shown)
            variants: dict[str, ButtonVariant] = {"continue": "primary", "start": "success", "quit": "error"}
            for button_id in shown:
                variant = variants.get(button_id, "default")
                button = Button(labels[button_id], id=button_id, variant=variant, compact=True)
                if button_id == "continue" and self.continue_text:
                    button.tooltip = _("Continue: {summary}").format(summary=self.continue_text)
                yield button
        yield GameFooter()

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

    def on_resize(self, event: events.Resize) -> None:
        self._fit_buttons(event.size.width)

    def _fit_buttons(self, width: int) -> None:
        buttons = list(self.query("#start-buttons Button").results(Button))
        labels = button_labels(width, [str(button.id) for button in buttons])
        for button in buttons:
            button.label = labels[str(button.id)]

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
    def players_changed(self) -> None:
        self._sync_partner_row()

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

    def action_statistics(self) -> None:
        navigator(self).open_statistics()

    @on(Button.Pressed, "#statistics")
    def statistics_pressed(self) -> None:
        self.action_statistics()

    @on(Button.Pressed, "#quit")
    def quit_pressed(self) -> None:
        self.app.exit()
