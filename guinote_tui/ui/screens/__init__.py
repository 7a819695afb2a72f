"""Screens: start, table, end-of-hand summary, rules, and small dialogs."""
