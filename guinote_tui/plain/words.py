"""The plain mode's sentences: what the table shows, said in plain text, one sentence a line.

Everything here is a pure function of the session, the player's view or the
coach's answer, and returns lines without markup (:func:`plain` removes the
narrator's Rich tags) and without colour: nothing here means anything by
its look. The words are the table's own messages wherever the table has one
(the narrator's lines, the turn's offers, the summary's sentences, the
coach's), so the two modes say the same thing in every language.

    >>> plain("Trick 1 to you: [b #f2c94c]Tres de Copas[/] wins · +14")
    'Trick 1 to you: Tres de Copas wins · +14'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..coach import Advice, ReasonCode
from ..coach.ahead import Reviewed
from ..coach.evaluate import BLUNDER_POINTS, INACCURACY_POINTS, JUEGO_POINTS, MISTAKE_POINTS, Z
from ..engine import (
    RANK_NAMES,
    Action,
    Card,
    CardPlayed,
    DeclareTute,
    Event,
    Pass,
    Play,
    SeatView,
    Sing,
    Stage,
    Suit,
    Swap,
)
from ..game.choices import declaration_offers, keyed_action, one_of, sorted_hand
from ..game.narration import HUMAN, Narrator, seat_names, trick_points
from ..game.scoresheet import ending_text, sheet_rows
from ..game.sentences import points_rows, verdict
from ..game.session import GameSession
from ..game.tracking import TrickEntry, card_tracker, trick_history
from ..game.verdicts import card_verdict, juego_notes
from ..i18n import _, pgettext
from ..present.vocabulary import (
    action_words,
    decision_sentence,
    level_name,
    lost_hand_line,
    review_overview,
    tier_legend,
    why_text,
)

__all__ = [
    "declarations",
    "event_lines",
    "hand_line",
    "help_lines",
    "hint_lines",
    "history_lines",
    "plain",
    "review_lines",
    "status_line",
    "summary_lines",
    "turn_lines",
]

#: A Rich markup tag (``[b]``, ``[/b]``, ``[b #f2c94c]``, ``[dim]``, ``[/]``), read as Rich reads one: a bracket
#: then a lower-case letter, ``#``, ``/`` or ``@`` (``[COMMAND]`` is text).
_TAG = re.compile(r"\[[a-z#/@][^\[]*?\]")


#: The most of an answer written back after its prompt (a line of megabytes is not echoed whole).
ECHO_LIMIT = 300


def echoed(answer: str) -> str:
    """The answer as written back after its prompt: at most :data:`ECHO_LIMIT` characters."""
    return answer if len(answer) <= ECHO_LIMIT else answer[:ECHO_LIMIT] + "…"


def plain(markup: str) -> str:
    """``markup`` without its Rich tags: the words alone."""
    return _TAG.sub("", markup)


def event_lines(narrator: Narrator, events: Iterable[Event]) -> list[str]:
    """One line for each event the player may know of: every card played, then what the narrator tells.

    The table shows a card played on the felt; here it is said (``Rival plays the Tres de Copas.``).
    """
    out: list[str] = []
    pending: list[Event] = []
    for event in events:
        if isinstance(event, CardPlayed):
            out += [plain(line) for line in narrator.lines(pending)]
            pending = []
            if event.seat == HUMAN:
                out.append(_("You play the {card}.").format(card=event.card.name))
            else:
                out.append(_("{name} plays the {card}.").format(name=narrator.name(event.seat), card=event.card.name))
        else:
            pending.append(event)
    out += [plain(line) for line in narrator.lines(pending)]
    return out


def opening_line(session: GameSession) -> str:
    """What is played: the table, the bots' level, the rules and the seed."""
    mode = _("Pairs") if session.players == 4 else _("Heads-up")
    level = level_name(session.settings.level_of(1))
    preset = session.match.rules.preset_name
    if session.seed is None:
        text = _("Plain mode: {mode}, bots at level {level}, rules {preset}.")
    else:
        text = _("Plain mode: {mode}, bots at level {level}, rules {preset}, seed {seed}.")
    return text.format(mode=mode, level=level, preset=preset, seed=session.seed)


def status_line(session: GameSession, view: SeatView, table: bool = True) -> str:
    """Where the hand stands: the trick, trumps, the stock, the points, and (``table``) the cards on the table."""
    us, them = session.side_name(0), session.side_name(1)
    numbers = {"number": len(view.tricks) + 1, "suit": Suit(view.trump).title, "stock": view.stock_count}
    points = {"us": us, "them": them, "ours": view.points[0], "theirs": view.points[1]}
    if view.muestra is not None:
        text = _(
            "Trick {number}. Trumps: {suit}, muestra {card}. Stock: {stock}. Points: {us} {ours}, {them} {theirs}."
        )
        line = text.format(card=view.muestra.name, **numbers, **points)
    else:
        text = _("Trick {number}, arrastre. Trumps: {suit}. Points: {us} {ours}, {them} {theirs}.")
        line = text.format(**numbers, **points)
    if table and view.trick:
        cards = ", ".join(_seat_card(session.narrator, seat, card) for seat, card in view.trick)
        line += " " + _("On the table: {cards}.").format(cards=cards)
    return line


def _seat_card(narrator: Narrator, seat: int, card: Card) -> str:
    """``Rival: Tres de Copas``: who played which card."""
    return _("{name}: {card}").format(name=narrator.name(seat), card=card.name)


def hand_line(view: SeatView) -> str:
    """The player's cards numbered as the answers count them, those the rules forbid now marked.

    (While only a declaration or a pass may be answered, no card is marked: none may be played yet.)
    """
    playable = {Card(a.card) for a in view.legal if isinstance(a, Play)}
    choosing = view.my_turn and bool(playable)
    cards = []
    for index, card in enumerate(sorted_hand(view), start=1):
        if choosing and card not in playable:
            cards.append(_("{number} {card} (not allowed)").format(number=index, card=card.name))
        else:
            cards.append(f"{index} {card.name}")
    return _("Your cards: {cards}.").format(cards=", ".join(cards))


def declarations(view: SeatView) -> list[tuple[str, Action]]:
    """The declarations open now with the answer that makes each: ``s`` (the forty first), ``s copas``, ``c``…"""
    out: list[tuple[str, Action]] = []
    sings = [a for a in view.legal if isinstance(a, Sing)]
    first = keyed_action(view, Sing)
    for action in sorted(sings, key=lambda a: a != first):
        key = "s" if action == first else f"s {Suit(action.suit).title.lower()}"
        out.append((key, action))
    for kind, key in ((Swap, "c"), (DeclareTute, "t"), (Pass, "p")):
        keyed = keyed_action(view, kind)
        if keyed is not None:
            out.append((key, keyed))
    return out


def turn_lines(view: SeatView) -> list[str]:
    """What the player is asked: the cantes open with their answers, then the declarations offered with their
    letters and whether to play a card (the last line)."""
    said = one_of(declaration_offers(view))
    if view.stage is Stage.PREDRAW:
        text = _("[b]Your turn:[/b] {offers} before the last draw, or pass (p)")
    elif view.stage is Stage.WINDOW:
        text = _("[b]Your turn:[/b] your partner won the trick — {offers}, or pass (p)")
    elif said and view.trick:
        text = _("[b]Your turn:[/b] {offers} first, or play a card")
    elif said:
        text = _("[b]Your lead:[/b] {offers} first, or play a card")
    elif view.trick:
        text = _("Your turn: play a card by its number.")
    else:
        text = _("Your lead: play a card by its number.")
    lines = []
    sings = [(key, a) for key, a in declarations(view) if isinstance(a, Sing)]
    if sings:  # as instructions: "s: sing the 20 in Bastos"
        cantes = "; ".join(
            _("{key}: sing the {points} in {suit}").format(
                key=key, points=40 if a.suit == view.trump else 20, suit=Suit(a.suit).title
            )
            for key, a in sings
        )
        lines.append(cantes + ".")
    lines.append(plain(text.format(offers=said)))
    return lines


def hint_lines(advice: Advice, shown: Sequence[Card]) -> list[str]:
    """The coach's hint: its move (with the card's number), why, and what each card loses against it."""
    move = action_words(advice.action)
    if isinstance(advice.action, Play) and advice.action.card in shown:
        move = f"{move} ({shown.index(Card(advice.action.card)) + 1})"
    lines = [plain(_("[b]Coach:[/b] {move}.").format(move=move)), advice.reason.text]
    evaluation = advice.evaluation
    chosen = Card(advice.action.card) if isinstance(advice.action, Play) else None
    if evaluation is not None and chosen is not None and advice.reason.code is not ReasonCode.ANY_OF:
        others = [c.name for c in evaluation.equals() if c != chosen]
        if others:
            lines.append(_("About as good, as far as the coach can tell: {cards}.").format(cards=", ".join(others)))
    if len(advice.values) > 1:
        lines.append(_("What each card loses against the coach's choice:"))
        for card in sorted(advice.values, key=lambda c: (c != chosen, -advice.values[c])):
            key = f"{shown.index(card) + 1} " if card in shown else ""
            lines.append(f"  {key}{card.name}: {_loss(advice, card, chosen)}")
        lines += juego_notes(advice)
        lines.append(
            _(
                "Expected loss: the points your side gives up against the coach's choice, on average over deals that"
                " fit what you know, ± the margin of error."
            )
        )
        lines.append(tier_legend(INACCURACY_POINTS, MISTAKE_POINTS, BLUNDER_POINTS))
    return lines


def _loss(advice: Advice, card: Card, chosen: Card | None) -> str:
    """What ``card`` loses against the coach's choice, in the hint table's words: its tier and cost ± the 95 %
    margin (:func:`~guinote_tui.game.verdicts.card_verdict`), or what it does to the juego."""
    evaluation = advice.evaluation
    verdict = evaluation.juego_verdict(card) if evaluation is not None else None
    if evaluation is not None and card != chosen and not isinstance(advice.action, Sing):
        if verdict == "lost":
            return _("loses the juego")
        if verdict == "missed":
            return _("does not win the juego")
    return card_verdict(advice, card)


def history_lines(session: GameSession) -> list[str]:
    """The hand's tricks so far: each with its winner and why, its cards by seat, and what followed it."""
    narrator = session.narrator
    entries = trick_history(session.view().events)
    lines = [_("Hand {number}: the tricks so far").format(number=session.match.hand_number)]
    if not entries:
        lines.append(_("No card has been played yet in this hand."))
    for entry in entries:
        lines += _entry_lines(entry, narrator)
    return lines


def _entry_lines(entry: TrickEntry, narrator: Narrator) -> list[str]:
    cards = ", ".join(_seat_card(narrator, seat, card) for seat, card in entry.cards)
    if entry.winner is None or entry.winning is None or entry.why is None:
        title = _("Trick {number}").format(number=entry.number)
        being = _("(being played)")
        return [f"{title} {being}", f"  {cards}"]
    points = trick_points(entry.points, entry.last_ten)
    why = narrator.why(entry.winning, entry.why, entry.cards)
    if entry.winner == HUMAN:
        title = _("Trick {number} to you: {why} · {points}").format(number=entry.number, why=why, points=points)
    else:
        title = _("Trick {number} to {name}: {why} · {points}").format(
            number=entry.number, name=narrator.name(entry.winner), why=why, points=points
        )
    lines = [plain(title), f"  {cards}"]
    notes = [plain(line) for event in entry.notes for line in narrator.tell(event)]
    if notes:
        then = _("then:")
        lines.append(f"  {then} " + " · ".join(notes))
    return lines


def scoresheet_lines(session: GameSession) -> list[str]:
    """The score sheet (``o``): each hand's points and how it ended, then the juegos and cotos so far."""
    match = session.match
    rows = sheet_rows(match.finished, match.rules, match.hand)
    us, them = session.side_name(0), session.side_name(1)
    lines = [_("The score sheet:")]
    for row in rows:
        ours, theirs = row.totals
        if row.result is None or row.points is None:
            text = _("Hand {number}: in play; the juego stands {us} {ours}, {them} {theirs}.")
            lines.append(text.format(number=row.hand, us=us, ours=ours, them=them, theirs=theirs))
            continue
        text = _(
            "Hand {number}: {us} {ours}, {them} {theirs} this hand (juego {us} {total_ours}, {them} {total_theirs})."
        )
        lines.append(
            text.format(
                number=row.hand,
                us=us,
                them=them,
                ours=row.points[0],
                theirs=row.points[1],
                total_ours=ours,
                total_theirs=theirs,
            )
            + " "
            + plain(ending_text(session, row.result))
            + "."
        )
    juegos, cotos = rows[-1].juegos if rows else (0, 0), rows[-1].cotos if rows else (0, 0)
    if match.rules.juegos_per_coto > 1:
        lines.append(
            _("Juegos in this coto: {us} {ours}, {them} {theirs}.").format(
                us=us, them=them, ours=juegos[0], theirs=juegos[1]
            )
        )
    lines.append(_("Cotos: {us} {ours}, {them} {theirs}.").format(us=us, them=them, ours=cotos[0], theirs=cotos[1]))
    return lines


def tracker_lines(view: SeatView) -> list[str]:
    """The card tracker (``k``): by suit, trumps first, the cards gone, yours and still out (from your view only)."""
    tracker = card_tracker(view)
    none = pgettext("no cards", "none")

    def names(cards: Sequence[Card]) -> str:
        return ", ".join(RANK_NAMES[card.rank] for card in cards) or none

    lines = []
    for track in sorted(tracker.suits, key=lambda t: t.suit != tracker.trump):
        text = (
            _("{suit} (trumps): gone {gone}; yours {mine}; still out {out}.")
            if track.suit == tracker.trump
            else _("{suit}: gone {gone}; yours {mine}; still out {out}.")
        )
        lines.append(
            text.format(suit=track.suit.title, gone=names(track.gone), mine=names(track.mine), out=names(track.out))
        )
    seats = seat_names(view.players)
    for seat, cards in tracker.held_by().items():  # what a cante or the muestra taken showed
        known = pgettext("plain tracker: the cards another seat is known to hold", "{seat} is known to hold {cards}.")
        lines.append(known.format(seat=_(seats[seat]), cards=", ".join(card.name for card in cards)))
    return lines


def summary_lines(session: GameSession) -> list[str]:
    """The end of the hand: where each side's points came from, then what the hand decided."""
    result = session.result
    assert result is not None
    lines = [_("Hand {number} is over").format(number=len(session.match.finished))]
    us, them = session.side_name(0), session.side_name(1)
    for row in points_rows(session, result):
        ours, theirs = (points or 0 for points in row.points)
        text = _("{label}: {us} {ours}, {them} {theirs}.")
        lines.append(text.format(label=row.label, us=us, ours=ours, them=them, theirs=theirs))
    lines += [said.text for said in verdict(session, result)]
    return lines


def review_lines(session: GameSession, reviewed: list[Reviewed]) -> list[str]:
    """The coach's review of the hand, as the review screen says it: how many decisions, the graded ones dearest
    first, each with its tier (inaccuracy, mistake, blunder), the better move and the reason; the close calls and
    the followed hints counted."""
    graded = sorted((r for r in reviewed if r.mistake), key=lambda r: -r.cost)
    counted, nothing = review_overview(reviewed, Z)
    lines = [_("Hand {number}: the coach's review").format(number=session.match.hand_number), plain(counted)]
    if nothing is not None:
        lines.append(nothing)
        lost = lost_hand_line(session.match.hand, HUMAN & 1)
        if lost is not None:
            lines.append(lost)
    for r in graded:
        decision = decision_sentence(r, r.trick, Z, JUEGO_POINTS)
        lines.append(plain(decision))
        lines.append(f"  {why_text(r)}")
    return lines


def help_lines(session: GameSession, view: SeatView) -> list[str]:
    """The answers the plain mode takes, then the rules in brief."""
    rules = session.match.rules
    ranks = ", ".join(RANK_NAMES[rank] for rank in rules.rank_order())
    points = ", ".join(f"{RANK_NAMES[rank]} {value}" for rank, value in _scoring(rules.rank_points()))
    lines = [
        _("Answer with a card's number to play it, or with one of these:"),
        "  " + _("h: the coach's hint: its move, why, and what every card is worth (the match is then assisted)"),
        "  " + _("r: the hand's tricks so far"),
        "  " + _("o: the score sheet; k: the card tracker (by suit: gone, yours, still out)"),
        "  " + _("save: save the match's history in the data folder (guinote play --load FILE resumes it)"),
        "  " + _("u: take back your last move (the match is then assisted)"),
        "  " + _("s, c, t, p: sing, change the seven, declare tute, pass, when the turn offers them"),
        "  " + _("i or an empty line: the table again (the trick, trumps, the stock, the points) and your hand"),
        "  " + _("?: this help; q: leave the game (the match is kept)"),
        _("The cards from highest to lowest: {ranks}. A trump beats every card of the other suits.").format(
            ranks=ranks
        ),
        _("Card points: {points}; 10 more for the last trick. A side needs {target} to win the juego.").format(
            points=points, target=rules.target
        ),
        _("While the stock lasts any card may be played, and everyone draws after each trick."),
        *(plain(line) for line in session.narrator.arrastre_lines()),
        _(
            "The full rules are on the rules screen of the table (? in guinote play);"
            " guinote rules --flags lists every house rule."
        ),
    ]
    return lines


def _scoring(points: dict[int, int]) -> list[tuple[int, int]]:
    """The ranks that score, highest first."""
    return sorted(((rank, value) for rank, value in points.items() if value), key=lambda item: -item[1])
