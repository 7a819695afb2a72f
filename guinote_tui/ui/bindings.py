"""Key bindings, one list per screen, so the footer and the docs agree."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from ..i18n import N_

# Descriptions are marked with N_() for the catalogs; Textual shows them as they are (translated at display: later).

APP_BINDINGS: list[BindingType] = [
    Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True),
]

TABLE_BINDINGS: list[BindingType] = [
    Binding("1", "play_index(0)", N_("Play"), key_display="1-6"),
    Binding("2", "play_index(1)", N_("Play card 2"), show=False),
    Binding("3", "play_index(2)", N_("Play card 3"), show=False),
    Binding("4", "play_index(3)", N_("Play card 4"), show=False),
    Binding("5", "play_index(4)", N_("Play card 5"), show=False),
    Binding("6", "play_index(5)", N_("Play card 6"), show=False),
    Binding("left", "select(-1)", N_("Select"), show=False),
    Binding("right", "select(1)", N_("Select"), show=False),
    Binding("enter", "play_selected", N_("Play selected"), show=False),
    # Space goes on after a finished trick and never plays a card: pressed once too often, it costs nothing.
    Binding("space", "go_on", N_("Go on"), show=False),
    Binding("s", "sing", N_("Sing")),
    Binding("c", "swap", N_("Change 7")),
    Binding("c", "swap_two", N_("Change 2")),
    Binding("t", "tute", N_("Tute")),
    Binding("p", "pass_window", N_("Pass")),
    # When the turn offers none of these, the same keys say why (the rule, or whose turn it is).
    *(Binding(key, f"not_offered('{key}')", N_("Why not"), show=False) for key in "sctp"),
    Binding("l", "last_trick", N_("Last trick")),
    Binding("r", "history", N_("Tricks")),
    Binding("o", "score_sheet", N_("Scores")),
    Binding("k", "tracker", N_("Tracker")),
    Binding("w", "toggle_pace", N_("Pace")),
    Binding("u", "undo", N_("Undo")),
    Binding("h", "hint", N_("Hint")),
    Binding("ctrl+s", "save", N_("Save")),
    Binding("question_mark,f1", "rules", N_("Rules"), key_display="?"),
    Binding("n", "new_match", N_("New"), show=False),
    Binding("q", "quit_game", N_("Quit")),
]

#: A seat at a table another computer hosts: the table's keys but undo, the pace, saving and a new match (the host
#: keeps the match); the host's own seat passes invitations on.
JOINED_BINDINGS: list[BindingType] = [
    *(
        b
        for b in TABLE_BINDINGS
        if isinstance(b, Binding)
        and b.action.split("(")[0]
        in {
            "play_index",
            "select",
            "play_selected",
            "go_on",
            "sing",
            "swap",
            "swap_two",
            "tute",
            "pass_window",
            "not_offered",
            "last_trick",
            "history",
            "score_sheet",
            "tracker",
            "hint",
            "rules",
        }
    ),
    Binding("i", "invitations", N_("Invitations")),
    Binding("q", "quit_table", N_("Leave")),
    # In a terminal Ctrl+C means stop: at a seat (the host's own, whose table it closes, too) it asks as q does.
    Binding("ctrl+c", "quit_table", N_("Leave"), show=False, priority=True),
]

START_BINDINGS: list[BindingType] = [
    Binding("enter", "start", N_("Deal"), priority=True),
    Binding("up", "app.focus_previous", N_("Up"), show=False),
    Binding("down", "app.focus_next", N_("Down"), show=False),
    Binding("question_mark,f1", "rules", N_("Rules"), key_display="?"),
    Binding("l", "learn", N_("Learn to play")),
    Binding("p", "practice", N_("Practice")),
    Binding("t", "statistics", N_("Statistics")),
    Binding("j", "join_table", N_("Join a table")),
    Binding("c", "continue_match", N_("Continue")),
    # Not Escape: a newcomer presses it to go back, and leaving the game by it would be a surprise.
    Binding("q", "app.quit", N_("Quit")),
]

SUMMARY_BINDINGS: list[BindingType] = [
    # Enter only: Space goes on after a trick at the table, and one pressed once too often must not deal.
    Binding("enter", "continue", N_("Continue"), priority=True),
    Binding("a", "again", N_("Deal again")),
    Binding("v", "review", N_("Review")),
    Binding("o", "score_sheet", N_("Scores")),
    Binding("ctrl+s", "save", N_("Save")),
    Binding("n", "new_match", N_("New match")),
    Binding("q", "quit_game", N_("Quit")),
]

#: The summary at a joined seat: the host deals the next hand and keeps the match.
SEAT_SUMMARY_BINDINGS: list[BindingType] = [
    Binding("enter", "continue", N_("Continue"), priority=True),
    Binding("v", "review", N_("Review")),
    Binding("o", "score_sheet", N_("Scores")),
    Binding("q", "quit_game", N_("Leave")),
    Binding("ctrl+c", "quit_game", N_("Leave"), show=False, priority=True),  # (as at the seat's table)
]

HISTORY_BINDINGS: list[BindingType] = [
    Binding("escape,r,q", "close", N_("Back")),
]

SCORESHEET_BINDINGS: list[BindingType] = [
    Binding("escape,o,q", "close", N_("Back")),
]

RULES_BINDINGS: list[BindingType] = [
    Binding("escape,q,question_mark", "close", N_("Back")),
]
