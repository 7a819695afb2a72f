"""Presentation shared by the interface and the command line: the player's words for the game's figures.

* :mod:`.vocabulary`: the words for actions, bot levels, measured strength and estimates;
* :mod:`.statsreport`: the statistics in words and numbers (the statistics screen and ``guinote stats``);
* :mod:`.learningreport`: the learning curve (graded decisions per reviewed hand) and practice's accuracy
  by theme, for the same two;
* :mod:`.refusals`: the engine's refusals (rules flags, history files, cards, actions) worded for the player.

Pure functions over the engine's values and what the statistics store returns, in the current language
(:mod:`guinote_tui.i18n`): no textual, rich or click here, so ``guinote stats`` and ``guinote review`` print
the same sentences as the screens without loading the interface.
"""
