"""The start screen's rows and words: the options each choice offers, the house rules' rows and their help,
the buttons' labels by width, and the summaries of the house rules and of the match to continue.

Pure tables and text (and the small emblem), kept apart from the screen's behaviour in :mod:`.start`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ...engine import Card, Match, Rules, Suit
from ...game.palette import SUIT_LIGHT
from ...i18n import N_, _, ngettext, pgettext
from ...present.vocabulary import level_name
from ..cardart import SMALL, CardSize, card_face
from ..theme import FELT_COLOURS
from ..widgets.choice import same_option
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
        N_("Bots' cards"),  # (not "Practice": that is the practice section's button)
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
    "practice": (
        N_("Practice"),
        N_("your costly decisions from the hands you reviewed, and puzzles (p)"),
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
    ("practice", "p", N_("Practice"), None),
    ("statistics", "t", N_("Statistics"), N_("Stats")),
    ("rules", "?", N_("Rules"), None),
    ("quit", "q", N_("Quit"), None),
)


#: The buttons whose keys the footer always lists (widgets/footer.py never leaves them out).
FOOTER_KEYS = ("start", "continue")
#: The buttons whose key letters stay on them the longest (the footer may have no room for these keys).
NAMED_KEYS = ("learn", "practice", "statistics", "rules")


def key_first(label: str, key: str) -> str:
    """A button's label with its key before it, as the footer writes a key ("l Learn")."""
    return f"{key} {label}"


def button_labels(width: int, shown: Sequence[str], due: int = 0) -> dict[str, str]:
    """The labels of the buttons ``shown`` (ids) on a row ``width`` columns wide, in the player's language.

    Each button takes its label and a space each side, with a margin between (two columns from 100, start.tcss).
    ``due``: the practice problems due today, said on the Practice button while there is room.

    >>> button_labels(120, ["start", "learn", "quit"])
    {'start': 'Deal ⏎', 'learn': 'Learn to play (l)', 'quit': 'Quit (q)'}
    >>> button_labels(80, [b[0] for b in BUTTONS if b[0] != "continue"])["learn"]
    'Learn (l)'
    >>> button_labels(80, [b[0] for b in BUTTONS], due=3)["practice"]
    'Practice (p)'
    >>> button_labels(100, [b[0] for b in BUTTONS], due=3)["practice"]
    'Practice · 3 due (p)'
    >>> button_labels(72, [b[0] for b in BUTTONS])["learn"]
    'l Learn'
    >>> button_labels(50, [b[0] for b in BUTTONS])["learn"]
    'Learn'
    """
    margin = 1 if width < 100 else 2
    buttons = [button for button in BUTTONS if button[0] in shown]

    def keyed(label: str, key: str) -> str:
        return f"{label} {key}" if key == "⏎" else f"{label} ({key})"

    def counted(button_id: str, label: str) -> str:
        if button_id != "practice" or not due:
            return _(label)
        return ngettext("{label} · {n} due", "{label} · {n} due", due).format(label=_(label), n=due)

    choices = [
        {i: keyed(counted(i, label), key) for i, key, label, _short in buttons},
        {i: keyed(counted(i, short or label), key) for i, key, label, short in buttons},
        # Deal's and Continue's keys are the footer's first (it never leaves them out): theirs go first.
        {
            i: keyed(counted(i, short or label), key) if i not in FOOTER_KEYS else _(label)
            for i, key, label, short in buttons
        },
        # Then the keys the footer may leave out (l, p, t, ?) stay, before the count of problems due does.
        {
            i: keyed(_(short or label), key) if i not in FOOTER_KEYS else _(label)
            for i, key, label, short in buttons
        },
        {
            i: keyed(_(short or label), key) if i in NAMED_KEYS else _(short or label)
            for i, key, label, short in buttons
        },
        # Then those keys go before their labels, as the footer writes them ("l Learn"): two columns each.
        {
            i: key_first(_(short or label), key) if i in NAMED_KEYS else _(short or label)
            for i, key, label, short in buttons
        },
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
