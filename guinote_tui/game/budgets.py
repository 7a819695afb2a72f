"""What the coach spends in the game: read by the app (the review made ahead) and the review screen."""

from __future__ import annotations

from ..coach import DEEP_BUDGET, CoachBudget

#: What the coach spends on each of the player's decisions while the player thinks (the review's budget).
REVIEW_BUDGET: CoachBudget = DEEP_BUDGET
