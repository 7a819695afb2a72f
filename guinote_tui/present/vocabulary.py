"""Names the program shows for its own identifiers, in the player's language.

The bot levels are identified by English words (``easy``, ``hard``: the
command line's ``--level`` and the saved settings use them); the player
reads them translated.

    >>> level_name("hard"), level_name("open")
    ('hard', 'open')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..ai.bitmasks import tables_for
from ..engine import Action, Card, DeclareTute, HandState, Pass, Play, Sing, Swap
from ..i18n import _, estimate, estimate_count, ngettext, number, pgettext, tenths

#: The levels, by id, in English (``pgettext("bot level", ...)`` translates them).
LEVEL_NAMES: dict[str, str] = {
    "random": "random",
    "easy": "easy",
    "normal": "normal",
    "hard": "hard",
    "expert": "expert",
}


def level_name(level: str) -> str:
    r"""The bot level ``level`` as the player reads it.

    An id without a name is shown as it is, but for the characters a terminal would act on (an escape
    sequence), shown escaped as Python writes them:

    >>> level_name("hard:samples=12"), level_name("\x1b]0;title\x07")
    ('hard:samples=12', '\\x1b]0;title\\x07')
    """
    if level not in LEVEL_NAMES:
        return repr(str(level))[1:-1]
    return _LEVEL_TEXT[level]()


# Each name is written out so that the catalogs' extractor finds it.
_LEVEL_TEXT = {
    "random": lambda: pgettext("bot level", "random"),
    "easy": lambda: pgettext("bot level", "easy"),
    "normal": lambda: pgettext("bot level", "normal"),
    "hard": lambda: pgettext("bot level", "hard"),
    "expert": lambda: pgettext("bot level", "expert"),
}


def strength_words(level: str, players: int) -> str:
    """What the measured strength table says of ``level`` at a table of ``players``, in a few words.

    ``"hard wins about 64 % of juegos against normal"`` (with a no-break space); empty for a level with no measured
    share (the floor, ``random``, or a figure carried without one).
    """
    from ..ai.strength import strength_table

    step = strength_table().step(level, players)
    if step is None or step.share is None:
        return ""
    share = f"{round(step.share * 100)}\u00a0%"  # (the sign outside the message: "% o" reads as %-format)
    return _("{level} wins about {share} of juegos against {weaker}").format(
        level=level_name(level), share=share, weaker=level_name(step.weaker)
    )


def plain_card_name(card: Card) -> str:
    """A card's spoken name as plain text (``Tres de Copas``)."""
    return card.name


def action_words(action: Action, card_words: Callable[[Card], str] = plain_card_name) -> str:
    """A move in words (``play the Tres de Copas``); ``card_words`` writes the card (plain or in colour).

    >>> from guinote_tui.engine import parse_action
    >>> action_words(parse_action("3C")), action_words(parse_action("pass"))
    ('play the Tres de Copas', 'let it go (pass)')
    """
    if isinstance(action, Play):
        return _("play the {card}").format(card=card_words(action.card))
    if isinstance(action, Sing):
        return _("sing the cante of {suit}").format(suit=action.suit.title)
    if isinstance(action, Swap):
        return _("change the {rank} of trumps for the muestra").format(rank=action.card.rank)
    if isinstance(action, DeclareTute):
        return _("declare tute")
    if isinstance(action, Pass):
        return _("let it go (pass)")
    return str(action)


#: The coach's tiers by their codes (:class:`~guinote_tui.coach.evaluate.Grade`'s values), for the words.
GRADE_CODES = ("same", "close", "inaccuracy", "mistake", "blunder")

# Each word is written out so that the catalogs' extractor finds it.
_GRADE_TEXT = {
    "same": lambda: pgettext("coach grade", "about the same"),
    "close": lambda: pgettext("coach grade", "close call"),
    "inaccuracy": lambda: pgettext("coach grade", "inaccuracy"),
    "mistake": lambda: pgettext("coach grade", "mistake"),
    "blunder": lambda: pgettext("coach grade", "blunder"),
}


def grade_word(grade: str) -> str:
    """A coach's tier in words (``"mistake"``); an unknown code is shown as it is.

    >>> grade_word("inaccuracy"), grade_word("close")
    ('inaccuracy', 'close call')
    """
    text = _GRADE_TEXT.get(grade)
    return text() if text is not None else grade


#: What one card does for the juego, as the coach measured it: a kind and the tenths of the deals.
JuegoShare = tuple[str, int, int]


def juego_share(win: float | None, loss: float | None) -> JuegoShare | None:
    """What a card's lines do for the juego: ``("win", 10, 0)`` (every line wins it), ``("loss", 0, 10)``,
    ``("win_share", n, 0)``, ``("loss_share", 0, m)``, ``("both", n, m)`` or ``("open", 0, 0)`` (no line
    decides it); None when the juego was not measured.

    >>> juego_share(1.0, 0.0), juego_share(0.68, 0.0), juego_share(0.3, 0.2), juego_share(None, None)
    (('win', 10, 0), ('win_share', 7, 0), ('both', 3, 2), None)
    >>> juego_share(0.95, 0.05), juego_share(0.96, 0.04)  # a share under half a tenth counts none, as in the reasons
    (('both', 9, 1), ('win_share', 9, 0))
    >>> juego_share(0.45, 0.55)  # never more than ten deals of ten between them
    ('both', 5, 5)
    """
    if win is None or loss is None:
        return None
    if win >= 1:
        return ("win", 10, 0)
    if loss >= 1:
        return ("loss", 0, 10)
    n, m = tenths(win), tenths(loss)
    if n + m > 10:  # each share rounded up from nothing: the larger gives way, so the two fit in ten deals
        if n >= m:
            n = 10 - m
        else:
            m = 10 - n
    if n and m:
        return ("both", n, m)
    if n:
        return ("win_share", n, 0)
    if m:
        return ("loss_share", 0, m)
    return ("open", 0, 0)


def juego_words(win: float | None, loss: float | None, exact: bool = False) -> str:
    """What a card does for the juego, for the hint's table under "the juego, won–lost of 10": the deals of 10
    in which it wins and loses it ("4–2"), "won" or "lost" where every line does ("" when nothing was measured).
    ``exact`` (every card known): "won", "lost" or "open", never deals of 10.

    >>> juego_words(0.68, 0.0), juego_words(0.0, 1.0), juego_words(0.3, 0.2), juego_words(0.0, 0.0)
    ('7–0', 'lost', '3–2', '0–0')
    >>> juego_words(0.0, 0.0, exact=True), juego_words(1.0, 0.0, exact=True)
    ('open', 'won')
    """
    share = juego_share(win, loss)
    if share is None:
        return ""
    kind, n, m = share
    if kind == "win":
        return pgettext("the juego", "won")
    if kind == "loss":
        return pgettext("the juego", "lost")
    if exact:
        return pgettext("the juego", "open")
    return f"{n}–{m}"


def _played_phrase(card: str, share: JuegoShare) -> str:
    """The card played and what it does for the juego (the juego named: the sentence's first mention)."""
    kind, n, m = share
    if kind == "win":
        return _("{card}, which wins the juego").format(card=card)
    if kind == "loss":
        return _("{card}, which hands the other side the juego").format(card=card)
    if kind == "win_share":
        text = ngettext(
            "{card}, which wins the juego in about {n} deal of 10",
            "{card}, which wins the juego in about {n} deals of 10",
            n,
        )
        return text.format(card=card, n=n)
    if kind == "loss_share":
        text = ngettext(
            "{card}, which hands the other side the juego in about {n} deal of 10",
            "{card}, which hands the other side the juego in about {n} deals of 10",
            m,
        )
        return text.format(card=card, n=m)
    if kind == "both":
        text = ngettext(
            "{card}, which wins the juego in about {n} deal of 10 and hands it to the other side in about {m}",
            "{card}, which wins the juego in about {n} deals of 10 and hands it to the other side in about {m}",
            n,
        )
        return text.format(card=card, n=n, m=m)
    return _("{card}, which leaves the juego open").format(card=card)


def _best_phrase(card: str, share: JuegoShare) -> str:
    """The coach's card and what it does for the juego ("it": the juego the sentence named before)."""
    kind, n, m = share
    if kind == "win":
        return _("{card}, which wins it").format(card=card)
    if kind == "loss":
        return _("{card}, which hands it to the other side").format(card=card)
    if kind == "win_share":
        return ngettext(
            "{card}, which wins it in about {n} deal of 10", "{card}, which wins it in about {n} deals of 10", n
        ).format(card=card, n=n)
    if kind == "loss_share":
        text = ngettext(
            "{card}, which hands it to the other side in about {n} deal of 10",
            "{card}, which hands it to the other side in about {n} deals of 10",
            m,
        )
        return text.format(card=card, n=m)
    if kind == "both":
        text = ngettext(
            "{card}, which wins it in about {n} deal of 10 and hands it to the other side in about {m}",
            "{card}, which wins it in about {n} deals of 10 and hands it to the other side in about {m}",
            n,
        )
        return text.format(card=card, n=n, m=m)
    return _("{card}, which leaves it open").format(card=card)


def review_sentence(
    trick: int | None,
    played: Action,
    best: Action,
    cost: float,
    card_words: Callable[[Card], str] = plain_card_name,
    margin: float = 0.0,
    grade: str = "mistake",
    played_shares: tuple[float | None, float | None] = (None, None),
    best_shares: tuple[float | None, float | None] = (None, None),
    juego_points: float = 65,
) -> str:
    """One graded decision of a review, in console markup: its tier, what was played, the coach's move, the
    cost (± its 95 % ``margin``; none when exact).

    It opens with the trick's number, or with "Coach" when ``trick`` is None (under the trick itself),
    and the tier (:func:`grade_word`). When both moves are cards it names the cards alone; otherwise both
    moves in words. When the two cards do differently for the juego (``played_shares`` and
    ``best_shares``: the shares of their lines that win and lose it), it says so, in tenths of the deals
    ("wins it in about 7 deals of 10"), and the cost counts a juego as ``juego_points``.

    >>> from guinote_tui.engine import parse_action
    >>> review_sentence(4, parse_action("1C"), parse_action("1O"), 7.25)
    '[b]Trick 4[/b] · mistake: you played As de Copas; the coach would play As de Oros, about [b]7.2[/b] points better.'
    >>> review_sentence(None, parse_action("1C"), parse_action("1O"), 7.25, margin=4.2, grade="blunder")
    '[b]Coach[/b] · blunder: you played As de Copas; the coach would play As de Oros, about [b]7 ± 4[/b] points better.'
    >>> said = review_sentence(4, parse_action("3C"), parse_action("12O"), 80, grade="blunder",
    ...                        played_shares=(0.0, 1.0), best_shares=(0.7, 0.0))
    >>> for part in said.replace(". ", "; ").split("; "):
    ...     print(part)
    [b]Trick 4[/b] · blunder: you played Tres de Copas, which hands the other side the juego
    the coach would play Rey de Oros, which wins it in about 7 deals of 10
    That is about [b]80[/b] points better (a juego counts 65).
    """
    cards = isinstance(played, Play) and isinstance(best, Play)
    mine, theirs = juego_share(*played_shares), juego_share(*best_shares)
    juego = cards and mine is not None and theirs is not None and mine != theirs
    said = _review_template(trick is None, cards, juego, estimate_count(cost, margin))

    def words(action: Action) -> str:
        return card_words(action.card) if cards and isinstance(action, Play) else action_words(action, card_words)

    played_words, best_words = words(played), words(best)
    if juego and mine is not None and theirs is not None:
        played_words, best_words = _played_phrase(played_words, mine), _best_phrase(best_words, theirs)
    return said.format(
        number=trick,
        grade=grade_word(grade),
        played=played_words,
        best=best_words,
        points=estimate(cost, margin),
        juego=number(juego_points, "g"),
    )


class _Said(Protocol):
    @property
    def text(self) -> str: ...


class _Judged(Protocol):
    @property
    def reason(self) -> _Said: ...

    @property
    def loss(self) -> _Said | None: ...


class GradedDecision(Protocol):
    """A graded decision as the review gives it and the statistics keep it (the fields the sentence reads)."""

    @property
    def played(self) -> Action: ...

    @property
    def best(self) -> Action: ...

    @property
    def cost(self) -> float: ...

    @property
    def cost_se(self) -> float: ...

    @property
    def grade(self) -> str: ...

    @property
    def played_win(self) -> float | None: ...

    @property
    def played_loss(self) -> float | None: ...

    @property
    def best_win(self) -> float | None: ...

    @property
    def best_loss(self) -> float | None: ...



def _review_template(coach_line: bool, cards: bool, juego: bool, n: int) -> str:
    """The review sentence's template: opened by "Coach" (``coach_line``, under the trick itself) or the trick's
    number; both moves as cards or in words; the juego's sentence where the two cards do differently for it."""
    if juego:
        if coach_line:
            return ngettext(
                "[b]Coach[/b] · {grade}: you played {played}; the coach would play {best}."
                " That is about [b]{points}[/b] point better (a juego counts {juego}).",
                "[b]Coach[/b] · {grade}: you played {played}; the coach would play {best}."
                " That is about [b]{points}[/b] points better (a juego counts {juego}).",
                n,
            )
        else:
            return ngettext(
                "[b]Trick {number}[/b] · {grade}: you played {played}; the coach would play {best}."
                " That is about [b]{points}[/b] point better (a juego counts {juego}).",
                "[b]Trick {number}[/b] · {grade}: you played {played}; the coach would play {best}."
                " That is about [b]{points}[/b] points better (a juego counts {juego}).",
                n,
            )
    elif coach_line:
        if cards:
            return ngettext(
                "[b]Coach[/b] · {grade}: you played {played}; the coach would play {best},"
                " about [b]{points}[/b] point better.",
                "[b]Coach[/b] · {grade}: you played {played}; the coach would play {best},"
                " about [b]{points}[/b] points better.",
                n,
            )
        else:
            return ngettext(
                "[b]Coach[/b] · {grade}: you chose to {played}; the coach would {best},"
                " about [b]{points}[/b] point better.",
                "[b]Coach[/b] · {grade}: you chose to {played}; the coach would {best},"
                " about [b]{points}[/b] points better.",
                n,
            )
    elif cards:
        return ngettext(
            "[b]Trick {number}[/b] · {grade}: you played {played}; the coach would play {best},"
            " about [b]{points}[/b] point better.",
            "[b]Trick {number}[/b] · {grade}: you played {played}; the coach would play {best},"
            " about [b]{points}[/b] points better.",
            n,
        )
    else:
        return ngettext(
            "[b]Trick {number}[/b] · {grade}: you chose to {played}; the coach would {best},"
            " about [b]{points}[/b] point better.",
            "[b]Trick {number}[/b] · {grade}: you chose to {played}; the coach would {best},"
            " about [b]{points}[/b] points better.",
            n,
        )

def decision_sentence(
    decision: GradedDecision,
    trick: int | None,
    z: float,
    juego_points: float,
    card_words: Callable[[Card], str] = plain_card_name,
) -> str:
    """:func:`review_sentence` of a graded decision at ``trick``, its margin ``z`` standard errors of its cost."""
    return review_sentence(
        trick,
        decision.played,
        decision.best,
        decision.cost,
        card_words,
        z * decision.cost_se,
        decision.grade,
        (decision.played_win, decision.played_loss),
        (decision.best_win, decision.best_loss),
        juego_points,
    )


def why_text(decision: _Judged) -> str:
    """Why a graded decision is one: what the card played loses (where the coach can name it), then why the
    coach's move is better."""
    if decision.loss is None:
        return decision.reason.text
    return f"{decision.loss.text} {decision.reason.text}"


class _Costed(Protocol):
    @property
    def cost(self) -> float: ...

    @property
    def cost_se(self) -> float: ...


def graded_cost(graded: Sequence[_Costed], z: float) -> tuple[str, int]:
    """What the graded decisions cost together, with its margin at ``z`` standard errors (their errors are the
    analyses' own, each apart: they add in squares), as :func:`~guinote_tui.i18n.estimate` words it, and the count
    its noun agrees with. The review screen, the plain review and ``guinote review`` say it alike."""
    import math

    total = sum(d.cost for d in graded)
    margin = z * math.sqrt(sum(d.cost_se**2 for d in graded))
    return estimate(total, margin), estimate_count(total, margin)


class _Reviewed(Protocol):
    @property
    def cost(self) -> float: ...

    @property
    def cost_se(self) -> float: ...

    @property
    def grade(self) -> str: ...

    @property
    def mistake(self) -> bool: ...

    @property
    def followed_hint(self) -> bool: ...


def review_overview(reviewed: Sequence[_Reviewed], z: float) -> tuple[str, str | None]:
    """A hand's review in two parts, in console markup: the sentence that counts its decisions (graded, their
    cost with its margin at ``z`` standard errors, close calls, followed hints), and, when nothing is graded, what
    that means (else None)."""
    graded = [r for r in reviewed if r.mistake]
    close = sum(1 for r in reviewed if r.grade == "close")
    followed = sum(1 for r in reviewed if r.followed_hint)
    choices = ngettext("You had {n} decision to make;", "You had {n} decisions to make;", len(reviewed))
    dear = ngettext(
        "{n} of them clearly cost points, beyond the coach's margin of error.",
        "{n} of them clearly cost points, beyond the coach's margin of error.",
        len(graded),
    )
    said = [choices.format(n=len(reviewed)), dear.format(n=len(graded))]
    if graded:
        total, count = graded_cost(graded, z)
        added = ngettext(
            "Together they cost your side about [b]{points}[/b] point"
            " (each measured as if the coach played on from there).",
            "Together they cost your side about [b]{points}[/b] points"
            " (each measured as if the coach played on from there).",
            count,
        )
        said.append(added.format(points=total))
    if close:
        said.append(
            ngettext(
                "{n} close call is not listed: the coach cannot tell whether it cost points.",
                "{n} close calls are not listed: the coach cannot tell whether they cost points.",
                close,
            ).format(n=close)
        )
    if followed:
        said.append(
            ngettext(
                "You followed the coach's hint at {n} decision: it is not graded.",
                "You followed the coach's hint at {n} decisions: they are not graded.",
                followed,
            ).format(n=followed)
        )
    if graded:
        return " ".join(said), None
    if close:
        return " ".join(said), _(
            "Nothing the coach can fault for sure: the close calls are within its margin of error."
        )
    return " ".join(said), _("Nothing to regret: every choice was about as good as the coach's.")


def tier_legend(inaccuracy: float, mistake: float, blunder: float) -> str:
    """How the coach decides a tier, for the hint's legend (the lines in points of the side)."""
    return _(
        "Tiers, when the whole interval lies above the line: inaccuracy {inaccuracy}, mistake {mistake}, "
        "blunder {blunder} points or the juego; else a close call."
    ).format(inaccuracy=number(inaccuracy, "g"), mistake=number(mistake, "g"), blunder=number(blunder, "g"))


def tier_meanings(inaccuracy: float, mistake: float, blunder: float) -> dict[str, str]:
    """What each tier means (the codes of the coach's tiers -> a phrase), on the lines of :func:`tier_legend`: the
    words ``guinote review --json`` and ``guinote hint --json`` give beside each tier's name."""
    lines = {"inaccuracy": number(inaccuracy, "g"), "mistake": number(mistake, "g"), "blunder": number(blunder, "g")}
    return {
        "same": _(
            "the whole 95-in-100 interval of the cost lies under {inaccuracy} points: as good as the coach's card"
        ).format(**lines),
        "close": _("the interval crosses a line: the coach cannot tell whether it cost points"),
        "inaccuracy": _("the whole interval lies above {inaccuracy} points").format(**lines),
        "mistake": _("the whole interval lies above {mistake} points").format(**lines),
        "blunder": _("the whole interval lies above {blunder} points, or the juego is given up").format(**lines),
    }


def verdict_words(grade: str, points: str) -> str:
    """A card's verdict as the hint's table words it: "about the same", "close call: 3 ± 3" or the tier with the
    cost ± its margin ("mistake: 7 ± 2"; ``points``: that figure, :func:`~guinote_tui.i18n.estimate`).

    >>> verdict_words("same", "0.4 ± 0.3"), verdict_words("close", "3 ± 3"), verdict_words("mistake", "7 ± 2")
    ('about the same', 'close call: 3 ± 3', 'mistake: 7 ± 2')
    """
    if grade == "same":
        return _("about the same")
    if grade == "close":
        return _("close call: {points}").format(points=points)
    return _("{grade}: {points}").format(grade=grade_word(grade), points=points)


def juego_legend(deals: int, known: bool = True) -> str:
    """What the hint's juego column says, and what it rests on (``deals``: 0 when exact; ``known``: with 0, every
    card is known, else every deal that fits what the seat knows was solved)."""
    if deals == 0 and known:
        return _("The juego column: won, lost or open, every card known.")
    if deals == 0:
        return _(
            "The juego column: in how many deals of 10 your side wins–loses it, every deal that fits what you know "
            "solved."
        )
    return ngettext(
        "The juego column: in how many deals of 10 your side wins–loses it, measured over {deals} deal.",
        "The juego column: in how many deals of 10 your side wins–loses it, measured over {deals} deals.",
        deals,
    ).format(deals=deals)


def lost_hand_line(hand: HandState, side: int) -> str | None:
    """Where a hand the side lost on points went the other way, when the review graded nothing: the rivals'
    cantes, or the cards each side held over the hand (the card points of every card its seats played), with the
    figures. None when the hand is not over or the side did not score less."""
    if not hand.is_over or hand.points[side] >= hand.points[1 - side]:
        return None
    points = tables_for(hand.rules, hand.trump).points
    held = [0, 0]
    for seat, action in hand.log:
        if isinstance(action, Play):
            held[seat & 1] += points[int(action.card)]
    mine, theirs = held[side], held[1 - side]
    ours, sung = hand.cante_points[side], hand.cante_points[1 - side]
    behind = hand.points[1 - side] - hand.points[side]
    if sung - ours >= behind:
        return _("The rivals' cantes made the difference: they sang {sung}, your side {ours}.").format(
            sung=sung, ours=ours
        )
    if theirs > mine:
        return _(
            "The cards made the difference: over the hand the rivals held cards worth {theirs} points, your side "
            "{mine}."
        ).format(theirs=theirs, mine=mine)
    return _(
        "Over the hand your side held cards worth {mine} points and sang {ours}; the rivals held {theirs} and "
        "sang {sung}."
    ).format(mine=mine, ours=ours, theirs=theirs, sung=sung)
