"""Why the coach advises what it advises: a small set of named ideas, and their sentences.

A :class:`Reason` is a :class:`ReasonCode` with parameters (plain strings and
numbers, so a reason is JSON-ready). :func:`reason_text` makes the sentence
in the current language (:mod:`guinote_tui.i18n`); it is the one place the
sentences live: the table below keeps them in English, marked for the
catalogs, and they are translated when asked for. Cards are given in the card
notation (``"1O"``: the ace of oros), suits by their name (card, suit and
rank names are not translated).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..engine import Card
from ..i18n import N_, _, estimate, estimate_count, ngettext


class ReasonCode(StrEnum):
    """The ideas the coach explains its choice with (the values are the codes in JSON)."""

    #: Forced: the arrastre makes you follow suit and only one card does.
    MUST_FOLLOW = "MUST_FOLLOW"
    #: Forced: follow and beat the opponent's winning card (montar).
    MUST_BEAT = "MUST_BEAT"
    #: Forced: void in the suit led with an opponent winning: trump (or over-trump).
    MUST_TRUMP = "MUST_TRUMP"
    #: Forced: the only card (or action) you may play.
    ONLY_CARD = "ONLY_CARD"
    #: The card is the master of its suit: it wins the trick for sure.
    MASTER_CARD = "MASTER_CARD"
    #: Load points on your partner's winning trick.
    LOAD_PARTNER = "LOAD_PARTNER"
    #: Only a trump would take the trick: keep the trumps for the arrastre.
    KEEP_TRUMPS = "KEEP_TRUMPS"
    #: Lead trumps to draw the opponents' trumps.
    LEAD_TRUMPS = "LEAD_TRUMPS"
    #: Take a trick that already holds points.
    WIN_POINTS = "WIN_POINTS"
    #: Take a trick with no points with a card that has some: its own points are safe.
    SAFE_POINTS = "SAFE_POINTS"
    #: The trick brings the side to the target de vueltas: the juego is won at once.
    WIN_JUEGO = "WIN_JUEGO"
    #: De vueltas: take the trick that would take the opponents to the target.
    SAVE_JUEGO = "SAVE_JUEGO"
    #: Heads-up arrastre: the card wins the last trick (and its ten) whatever the Rival plays.
    LAST_TRICK = "LAST_TRICK"
    #: Last trick before the arrastre: lose it and the side draws a muestra worth having.
    MUESTRA_LAST = "MUESTRA_LAST"
    #: Keep the Rey and the cante card of a suit together for the cante.
    KEEP_FOR_CANTE = "KEEP_FOR_CANTE"
    #: The card's cante is sung: it may go.
    CANTE_SUNG = "CANTE_SUNG"
    #: No points on the trick: answer with a card worth nothing.
    BLANK_ON_BLANK = "BLANK_ON_BLANK"
    #: The partner is winning: a cheap card is enough.
    PARTNER_WINNING = "PARTNER_WINNING"
    #: The partner holds the trick for now: the card adds its points.
    PARTNER_ADD = "PARTNER_ADD"
    #: The cheapest card that takes a trick with points (for now).
    WIN_CHEAPLY = "WIN_CHEAPLY"
    #: Take a trick without points for sure, at no cost: the lead is yours.
    TAKE_LEAD = "TAKE_LEAD"
    #: A lead no card of its suit still out beats: only a trump can take it.
    SUIT_MASTER = "SUIT_MASTER"
    #: A lead that risks few points (a dearer card stays in hand).
    LEAD_CHEAP = "LEAD_CHEAP"
    #: Do not lead an As or Tres into an opponent who may trump it.
    KEEP_BIG_CARD = "KEEP_BIG_CARD"
    #: Let a trick with no points go.
    DUCK = "DUCK"
    #: Throw your lowest card: it gives away the least.
    THROW_LOWEST = "THROW_LOWEST"
    #: Lead a low card: it risks the fewest points.
    LEAD_LOW = "LEAD_LOW"
    #: Sing the cante now.
    SING_NOW = "SING_NOW"
    #: Change the seven (or two) of trumps for the muestra.
    CHANGE_SEVEN = "CHANGE_SEVEN"
    #: Declare tute.
    DECLARE_TUTE = "DECLARE_TUTE"
    #: Nothing worth declaring: let the window go.
    LET_GO = "LET_GO"
    #: No simple rule says it: what the search found (the card's margin over the next best).
    BEST_BY_SEARCH = "BEST_BY_SEARCH"
    #: The cards the coach cannot tell apart from its own, named together (no reason for one of them).
    ANY_OF = "ANY_OF"
    # What a card the player chose loses against the coach's card (:func:`.loss.loss_reason`).
    #: The card hands the other side the trick and the juego at once.
    HANDS_JUEGO = "HANDS_JUEGO"
    #: Every card known, best play on both sides: the card loses the juego, the coach's does not.
    LOSES_JUEGO = "LOSES_JUEGO"
    #: The coach's card takes the trick and the juego at once; the card does not.
    MISSES_JUEGO = "MISSES_JUEGO"
    #: Every card known, best play on both sides: the coach's card wins the juego, the card does not.
    MISSES_JUEGO_SOLVED = "MISSES_JUEGO_SOLVED"
    #: The side wins the juego in fewer deals with the card.
    FEWER_JUEGOS = "FEWER_JUEGOS"
    #: The side loses the juego in more deals with the card.
    MORE_JUEGOS_LOST = "MORE_JUEGOS_LOST"
    #: The side declares tute in fewer deals after the card.
    TUTE_LOST = "TUTE_LOST"
    #: The card breaks a Rey and cante card the seat holds unsung.
    BREAKS_CANTE = "BREAKS_CANTE"
    #: A card played where the coach would sing: the side sings that cante later in few of the deals.
    CANTE_LATER = "CANTE_LATER"
    #: The side sings fewer points of cantes after the card.
    FEWER_CANTES = "FEWER_CANTES"
    #: The other side sings more points of cantes after the card.
    RIVAL_CANTES = "RIVAL_CANTES"
    #: The card's own points go to the other side on this trick.
    GIVES_POINTS = "GIVES_POINTS"
    #: The side takes the last trick and its ten in fewer deals with the card.
    LAST_TRICK_LOST = "LAST_TRICK_LOST"
    #: The side draws the muestra in fewer deals with the card.
    MUESTRA_LOST = "MUESTRA_LOST"
    #: De vueltas: the card's points are what the other side needs, and the side loses the juego in more deals.
    GIVES_NEEDED = "GIVES_NEEDED"
    #: The card does better for the juego than the coach's, yet costs more: the points it gives up outweigh it.
    JUEGO_BUT_POINTS = "JUEGO_BUT_POINTS"


#: The sentences, in English (marked for the catalogs, translated by :func:`reason_text`).
_TEXT: dict[ReasonCode, str] = {
    ReasonCode.MUST_FOLLOW: N_("You must follow suit: the {card} is your only card of the suit led."),
    ReasonCode.MUST_BEAT: N_("You must follow suit and beat the winning card: only the {card} does."),
    ReasonCode.MUST_TRUMP: N_("You cannot follow suit and an opponent is winning: you must trump with the {card}."),
    ReasonCode.ONLY_CARD: N_("The {card} is the only thing you may play."),
    ReasonCode.MASTER_CARD: N_("The {card} is the master of its suit: it wins the trick for sure."),
    ReasonCode.KEEP_TRUMPS: N_(
        "Only a trump would take this trick: keep your trumps for the arrastre and let it go with the {card}."
    ),
    ReasonCode.LAST_TRICK: N_(
        "The {card} makes sure you win the last trick and its ten, whatever your opponent plays."
    ),
    ReasonCode.MUESTRA_LAST: N_(
        "Last trick before the arrastre: its loser draws the muestra, so let it go with the {card} "
        "and the {muestra} comes to your side."
    ),
    ReasonCode.KEEP_FOR_CANTE: N_(
        "Keep the Rey and the {rank} de {suit} together for the cante: play the {card} instead."
    ),
    ReasonCode.CANTE_SUNG: N_("The cante in {suit} is sung: the {card} has done its work and can go now."),
    ReasonCode.BLANK_ON_BLANK: N_(
        "No points on the trick: answer with the {card}, a card worth nothing, and keep your points and trumps."
    ),
    ReasonCode.PARTNER_WINNING: N_(
        "Your partner is winning the trick: the {card} is enough, keep your better cards for later."
    ),
    ReasonCode.TAKE_LEAD: N_("The {card} takes the trick for sure at no cost, and you lead the next one."),
    ReasonCode.SUIT_MASTER: N_("The {card} is the highest card of its suit still out: only a trump can take it."),
    ReasonCode.KEEP_BIG_CARD: N_("Don't lead your {big} into an opponent who may trump it: lead the {card} instead."),
    ReasonCode.LEAD_TRUMPS: N_("Lead trumps with the {card} to draw the opponents' trumps."),
    ReasonCode.DUCK: N_("No points on the trick yet: let it go cheaply with the {card}."),
    ReasonCode.THROW_LOWEST: N_("Throw the {card}: it gives away the least."),
    ReasonCode.LEAD_LOW: N_("Lead the {card}: it risks the fewest points."),
    ReasonCode.SING_NOW: N_("Sing the {points} in {suit} now."),
    ReasonCode.CHANGE_SEVEN: N_("Change your {card} for the muestra: it is worth more."),
    ReasonCode.DECLARE_TUTE: N_("Declare tute: you hold all four {ranks}."),
    ReasonCode.LET_GO: N_("Nothing worth declaring: let the window go."),
}

#: The sentences whose words follow the number of ``points`` (the form is chosen when they are asked for).
_COUNTED: dict[ReasonCode, Callable[[int], str]] = {
    ReasonCode.LOAD_PARTNER: lambda n: ngettext(
        "Your partner is winning the trick: load it with the {card} ({points} point).",
        "Your partner is winning the trick: load it with the {card} ({points} points).",
        n,
    ),
    ReasonCode.WIN_POINTS: lambda n: ngettext(
        "Take the trick with the {card}: there is already {points} point on it.",
        "Take the trick with the {card}: there are already {points} points on it.",
        n,
    ),
    ReasonCode.SAFE_POINTS: lambda n: ngettext(
        "No points on the trick yet, but the {card} takes it for sure: its own {points} point is safe.",
        "No points on the trick yet, but the {card} takes it for sure: its own {points} points are safe.",
        n,
    ),
    ReasonCode.SAVE_JUEGO: lambda n: ngettext(
        "Take the trick with the {card}: with it the other side would reach {points} point and win the juego.",
        "Take the trick with the {card}: with it the other side would reach {points} points and win the juego.",
        n,
    ),
    ReasonCode.PARTNER_ADD: lambda n: ngettext(
        "Your partner holds the trick for now: the {card} adds {points} point to it.",
        "Your partner holds the trick for now: the {card} adds {points} points to it.",
        n,
    ),
    ReasonCode.WIN_CHEAPLY: lambda n: ngettext(
        "The {card} is your cheapest card that takes the trick for now, with {points} point on it.",
        "The {card} is your cheapest card that takes the trick for now, with {points} points on it.",
        n,
    ),
    ReasonCode.LEAD_CHEAP: lambda n: ngettext(
        "Lead the {card}: it risks only {points} point, less than your dearer cards.",
        "Lead the {card}: it risks only {points} points, less than your dearer cards.",
        n,
    ),
    ReasonCode.WIN_JUEGO: lambda n: ngettext(
        "The {card} takes the trick and your side reaches {points} point: the juego is won at once.",
        "The {card} takes the trick and your side reaches {points} points: the juego is won at once.",
        n,
    ),
}


def _graded_search(verdict: str, exact: bool, count: int) -> str:
    """What the search found, in the words of the grade of the next best card (``verdict``); ``count``: the
    number its figure of points is read as (:func:`~guinote_tui.i18n.estimate_count`)."""
    if verdict == "close":
        return _(
            "On the deals that fit what you know, the {card} and the {other} come out close: "
            "which is better is a close call."
        )
    if verdict == "same":
        if exact:
            return _("With every card known, the {card} does as well as any other card: they are about the same.")
        return _("On the deals that fit what you know, the {card} did as well as any card: they are about the same.")
    if exact:
        return ngettext(
            "With every card known and best play on both sides, the {card} keeps {points} point more "
            "than the next best card.",
            "With every card known and best play on both sides, the {card} keeps {points} points more "
            "than the next best card.",
            count,
        )
    return ngettext(
        "On the deals that fit what you know, the {card} keeps about {points} point more than the next best card.",
        "On the deals that fit what you know, the {card} keeps about {points} points more than the next best card.",
        count,
    )


def _searched(margin: int) -> str:
    """What the search found, by the card's margin over the next best card (whole points)."""
    if margin >= 1:
        return ngettext(
            "On the deals that fit what you know, the {card} keeps about {margin} point more than the next best card.",
            "On the deals that fit what you know, the {card} keeps about {margin} points more than the next best card.",
            margin,
        )
    if margin <= -1:
        return ngettext(
            "On the deals that fit what you know, the {card} keeps about {margin} point less than the best card.",
            "On the deals that fit what you know, the {card} keeps about {margin} points less than the best card.",
            -margin,
        )
    return _("On the deals that fit what you know, the {card} did as well as any card: they are about the same.")


def _lost(reason: ReasonCode, m: int, n: int, points: int, k: int) -> str:
    """What a card the player chose loses (:mod:`.loss`): ``m`` deals of 10 with it, ``n`` with the coach's card."""
    if reason is ReasonCode.HANDS_JUEGO:
        return _("The {card} hands the other side the trick and the juego at once; the {best} does not.")
    if reason is ReasonCode.LOSES_JUEGO:
        return _("With every card known and best play on both sides, the {card} loses the juego; the {best} does not.")
    if reason is ReasonCode.MISSES_JUEGO:
        return _("The {best} takes the trick and the juego at once; the {card} does not.")
    if reason is ReasonCode.MISSES_JUEGO_SOLVED:
        return _("With every card known and best play on both sides, the {best} wins the juego; the {card} does not.")
    if reason is ReasonCode.FEWER_JUEGOS:
        return _("With the {card} your side wins the juego {mine}, with the {best} {theirs}.")
    if reason is ReasonCode.MORE_JUEGOS_LOST:
        return _("With the {card} your side loses the juego {mine}, with the {best} {theirs}.")
    if reason is ReasonCode.GIVES_NEEDED:
        return ngettext(
            "If the other side takes it, the {card} gives it the {points} point it needs: with it your side loses "
            "the juego {mine}, with the {best} {theirs}.",
            "If the other side takes it, the {card} gives it the {points} points it needs: with it your side loses "
            "the juego {mine}, with the {best} {theirs}.",
            points,
        )
    if reason is ReasonCode.JUEGO_BUT_POINTS:
        return ngettext(
            "The {card} does better for the juego ({better}), but loses about {points} point more of the hand "
            "on average: with a juego counted as {juego} points, it still comes out worse.",
            "The {card} does better for the juego ({better}), but loses about {points} points more of the hand "
            "on average: with a juego counted as {juego} points, it still comes out worse.",
            points,
        )
    if reason is ReasonCode.TUTE_LOST:
        return _("After the {card} your side declares tute {mine}, after the {best} {theirs}.")
    if reason is ReasonCode.BREAKS_CANTE:
        return ngettext(
            "The {card} breaks your cante in {suit}: you can no longer sing its {points} point.",
            "The {card} breaks your cante in {suit}: you can no longer sing its {points} points.",
            points,
        )
    if reason is ReasonCode.CANTE_LATER:
        if m == 0:
            return _(
                "After the {card} your side hardly ever sings the {points} in {suit} later: it must win another "
                "trick while you still hold both."
            )
        if m >= 10:
            return _(
                "After the {card} your side still sings the {points} in {suit} later in every deal, but it must win "
                "another trick while you still hold both."
            )
        return _(
            "After the {card} your side sings the {points} in {suit} later in only about {m} of 10 deals: it must "
            "win another trick while you still hold both."
        )
    if reason is ReasonCode.FEWER_CANTES:
        return ngettext(
            "After the {card} your side sings cantes worth about {m} point on average, after the {best} about {n}.",
            "After the {card} your side sings cantes worth about {m} points on average, after the {best} about {n}.",
            m,
        )
    if reason is ReasonCode.RIVAL_CANTES:
        return ngettext(
            "After the {card} the other side sings cantes worth about {m} point on average, after the {best} "
            "about {n}.",
            "After the {card} the other side sings cantes worth about {m} points on average, after the {best} "
            "about {n}.",
            m,
        )
    if reason is ReasonCode.GIVES_POINTS:
        if k >= 10:
            return ngettext(
                "The {card} gives the other side its {points} point on this trick.",
                "The {card} gives the other side its {points} points on this trick.",
                points,
            )
        return ngettext(
            "The {card} gives the other side its {points} point on this trick in about {k} of 10 deals.",
            "The {card} gives the other side its {points} points on this trick in about {k} of 10 deals.",
            points,
        )
    if reason is ReasonCode.LAST_TRICK_LOST:
        return _("With the {card} your side takes the last trick and its ten {mine}, with the {best} {theirs}.")
    # MUESTRA_LOST
    return _("With the {card} your side draws the muestra, the {muestra}, {mine}, with the {best} {theirs}.")


def how_often(tenths: int) -> str:
    """How many deals of 10 (:func:`~guinote_tui.i18n.tenths`) a reason names, as a phrase: never "0 of 10"
    (under half a tenth: hardly any) nor "10 of 10" (every deal: a share short of it counts at most 9).

    >>> how_often(0), how_often(1), how_often(7), how_often(10)
    ('in hardly any deal', 'in about 1 deal of 10', 'in about 7 deals of 10', 'in every deal')
    """
    if tenths <= 0:
        return _("in hardly any deal")
    if tenths >= 10:
        return _("in every deal")
    return ngettext("in about {n} deal of 10", "in about {n} deals of 10", tenths).format(n=tenths)


#: What a card loses against the coach's (:func:`~.loss.loss_reason`) when it is the juego.
JUEGO_LOSSES = frozenset(
    {
        ReasonCode.HANDS_JUEGO,
        ReasonCode.LOSES_JUEGO,
        ReasonCode.MISSES_JUEGO,
        ReasonCode.MISSES_JUEGO_SOLVED,
        ReasonCode.FEWER_JUEGOS,
        ReasonCode.MORE_JUEGOS_LOST,
        ReasonCode.GIVES_NEEDED,
    }
)
#: The codes whose sentences :func:`_lost` writes (what a card the player chose loses).
LOST_CODES = JUEGO_LOSSES | frozenset(
    {
        # (The card does better for the juego and is worse all the same: the points decide, not the juego.)
        ReasonCode.JUEGO_BUT_POINTS,
        ReasonCode.TUTE_LOST,
        ReasonCode.BREAKS_CANTE,
        ReasonCode.CANTE_LATER,
        ReasonCode.FEWER_CANTES,
        ReasonCode.RIVAL_CANTES,
        ReasonCode.GIVES_POINTS,
        ReasonCode.LAST_TRICK_LOST,
        ReasonCode.MUESTRA_LOST,
    }
)


def either(names: list[str]) -> str:
    """Names joined as alternatives: "A", "A or B", "A, B or C"."""
    if len(names) < 2:
        return "".join(names)
    return _("{some} or {last}").format(some=", ".join(names[:-1]), last=names[-1])


def _any_of(cards: str, close: bool, aside: bool = False) -> str:
    """The good cards named together (``cards``: their notations, space-separated, the coach's first). ``aside``:
    said beside a card played that is not one of them (graded): not in the words of a verdict ("a close call",
    "either is fine" beside "blunder" read as its contradiction)."""
    names = [Card.parse(text).name for text in cards.split()]
    if aside and close:
        return _("The good cards here: {cards}; the coach cannot tell them apart at this depth.").format(
            cards=either(names)
        )
    if aside:
        return _("The good cards here: {cards}, as good as each other.").format(cards=either(names))
    if close:
        return _("Any of these: {cards}. A close call: the coach cannot tell them apart at this depth.").format(
            cards=either(names)
        )
    return _("Any of these: {cards}. They are about the same: either is fine.").format(cards=either(names))


#: Parameters that hold a card in notation (named in the sentence).
_CARDS = ("card", "big", "muestra", "best", "other")


def reason_text(reason: ReasonCode, **params: Any) -> str:
    """The sentence for ``reason`` with its parameters, in the current language (a card in notation is named).

    Where the juego is at stake and the reason speaks of something else (points), ``juego_won`` and
    ``juego_lost`` (deals of 10, :func:`~guinote_tui.i18n.tenths`) add the juego's figures of the card: the juego
    comes before the points, and is never left out of the words.

    >>> reason_text(ReasonCode.MASTER_CARD, card="1O")
    'The As de Oros is the master of its suit: it wins the trick for sure.'
    >>> for sentence in reason_text(ReasonCode.LEAD_LOW, card="4E", juego_won=5, juego_lost=0).split(". "):
    ...     print(sentence)
    Lead the Cuatro de Espadas: it risks the fewest points
    With it your side wins the juego in about 5 deals of 10 and loses it in hardly any deal.
    """
    said = _reason_text(reason, **params)
    if "juego_won" not in params or "juego_lost" not in params:
        return said
    won, lost = int(params["juego_won"]), int(params["juego_lost"])
    juego = _("With it your side wins the juego {won} and loses it {lost}.").format(
        won=how_often(won), lost=how_often(lost)
    )
    return f"{said} {juego}"


def _juego_but_points(named: Mapping[str, Any]) -> str:
    """JUEGO_BUT_POINTS: the card's better juego figures (``m`` won and ``n`` won with the coach's card, or with
    ``lost`` the deals lost), and the points of the hand it loses more on average."""
    m, n = int(named.get("m", 0)), int(named.get("n", 0))
    often = {"mine": how_often(m), "theirs": how_often(n)}
    if named.get("lost"):
        better = _("it loses the juego {mine}, the {best} {theirs}").format(**{**named, **often})
    else:
        better = _("it wins the juego {mine}, the {best} {theirs}").format(**{**named, **often})
    points = int(named.get("points", 0))
    return _lost(ReasonCode.JUEGO_BUT_POINTS, m, n, points, 0).format(
        **{**named, "better": better, "points": points, "juego": int(named.get("juego", 0))}
    )


def _reason_text(reason: ReasonCode, **params: Any) -> str:
    named = dict(params)
    for key in _CARDS:
        value = named.get(key)
        if isinstance(value, str):
            with contextlib.suppress(ValueError):  # not a card ("pass"): said as it is
                named[key] = Card.parse(value).name
    if reason is ReasonCode.ANY_OF:
        return _any_of(str(params.get("cards", "")), bool(params.get("close")), bool(params.get("aside")))
    if reason is ReasonCode.BEST_BY_SEARCH and "verdict" in named:
        margin, spread = float(named.get("margin", 0.0)), float(named.get("spread", 0.0))
        said = _graded_search(str(named["verdict"]), bool(named.get("exact")), estimate_count(margin, spread))
        return said.format(**{**named, "points": estimate(margin, spread)})
    if reason is ReasonCode.BEST_BY_SEARCH:
        margin = int(named.get("margin", 0))
        return _searched(margin).format(**{**named, "margin": abs(margin)})
    if reason is ReasonCode.KEEP_BIG_CARD and named.get("aside"):
        # Beside a card played that is not the big card: the coach's plan, not a warning against a lead not made.
        return _("The coach leads the {card} and keeps your {big} back: an opponent may trump it.").format(**named)
    if reason is ReasonCode.JUEGO_BUT_POINTS:
        return _juego_but_points(named)
    if reason in LOST_CODES:
        counts = {key: int(named.get(key, 0)) for key in ("m", "n", "points", "k")}
        often = {"mine": how_often(counts["m"]), "theirs": how_often(counts["n"])}
        return _lost(reason, **counts).format(**{**named, **often})
    if reason is ReasonCode.CHANGE_SEVEN and "muestra" in named:
        if named.get("higher"):
            return _("Change your {card} for the muestra, the {muestra}: it is a higher trump.").format(**named)
        return _("Change your {card} for the muestra, the {muestra}: it comes to your hand now.").format(**named)
    counted = _COUNTED.get(reason)
    if counted is not None:
        return counted(int(named["points"])).format(**named)
    return _(_TEXT[reason]).format(**named)


@dataclass(frozen=True, eq=True)
class Reason:
    """A reason code and its parameters (strings and numbers)."""

    code: ReasonCode
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return reason_text(self.code, **self.params)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items()))))
