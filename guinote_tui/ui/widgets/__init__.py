"""Widgets grouped by table area: the hand, the seats and trick, the side panel."""
