"""The game without a screen: what the interface renders, testable without a pilot.

:mod:`.session` turns :mod:`.settings` into a match with a bot in every
other seat and keeps the log that :mod:`.narration` tells; :mod:`.pacing`
says how long a bot's move takes on screen; :mod:`.table_controller` drives the
table's flow (whose turn, the bots' threads, the pace, undo, the hint) for
a screen that only draws it; :mod:`.tracking` works out what
the player has seen; :mod:`.resume` keeps the match in progress and
:mod:`.preferences` the start screen's choices (``settings.toml``), both
checked by the one schema of :mod:`.settings`; :mod:`.services` names the
side jobs a session runs; :mod:`.sentences` and :mod:`.palette` are words
and colours shared by the screens. Nothing here imports textual or rich:
the interface (:mod:`guinote_tui.ui`) draws what this layer holds.
"""
