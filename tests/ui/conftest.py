"""The interface tests build the app with the test services of :mod:`uihelpers` (no worker process for the
review unless a test asks for it, and a smaller review budget than the game's)."""
