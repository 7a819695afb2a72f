"""Key bindings, one list per screen, so the footer and the docs agree."""

from __future__ import annotations

from textual.binding import Binding, BindingType

APP_BINDINGS: list[BindingType] = [
    Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
]

TABLE_BINDINGS: list[BindingType] = [
    Binding("1", "play_index(0)", "Play", key_display="1-6"),
    *(Binding(str(n), f"play_index({n - 1})", f"Play card {n}", show=False) for n in range(2, 7)),
    Binding("left", "select(-1)", "Select", show=False),
    Binding("right", "select(1)", "Select", show=False),
    Binding("enter,space", "play_selected", "Play selected", show=False),
    Binding("s", "sing", "Sing"),
    Binding("c", "swap", "Change 7"),
    Binding("c", "swap_two", "Change 2"),
    Binding("t", "tute", "Tute"),
    Binding("p", "pass_window", "Pass"),
    Binding("l", "last_trick", "Last trick", show=False),
    Binding("r", "history", "Tricks"),
    Binding("k", "tracker", "Tracker"),
    Binding("w", "toggle_pace", "Pace"),
    Binding("u", "undo", "Undo"),
    Binding("h", "hint", "Hint"),
    Binding("ctrl+s", "save", "Save"),
    Binding("question_mark,f1", "rules", "Rules", key_display="?", show=False),
    Binding("n", "new_match", "New", show=False),
    Binding("q", "quit_game", "Quit"),
]

START_BINDINGS: list[BindingType] = [
    Binding("enter", "start", "Start", priority=True),
    Binding("up", "app.focus_previous", "Up", show=False),
    Binding("down", "app.focus_next", "Down", show=False),
    Binding("question_mark,f1", "rules", "Rules", key_display="?"),
    Binding("l", "learn", "Learn to play"),
    Binding("t", "statistics", "Statistics"),
    Binding("c", "continue_match", "Continue"),
    # Not Escape: a newcomer presses it to go back, and leaving the game by it would be a surprise.
    Binding("q", "app.quit", "Quit"),
]

SUMMARY_BINDINGS: list[BindingType] = [
    Binding("enter,space", "continue", "Continue", priority=True),
    Binding("a", "again", "Deal again"),
    Binding("v", "review", "Review"),
    Binding("ctrl+s", "save", "Save"),
    Binding("n", "new_match", "New match"),
    Binding("q", "quit_game", "Quit"),
]

HISTORY_BINDINGS: list[BindingType] = [
    Binding("escape,r,q", "close", "Back"),
]

RULES_BINDINGS: list[BindingType] = [
    Binding("escape,q,question_mark", "close", "Back"),
]
