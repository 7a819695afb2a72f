"""The felt: the other seats with their hidden hands, and the trick in the middle."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.dom import DOMNode, NoScreen
from textual.reactive import reactive

from ... import i18n
from ...engine import Card, Rules, Trick, trick_winner
from ...game.narration import edge_name
from ...game.palette import SUIT_LIGHT
from ...i18n import _, ngettext, pgettext
from ...present.vocabulary import level_name
from ..cardart import LARGE, MEDIUM, SMALL, Canvas, CardSize, card_back_fan, card_face, empty_slot
from ..theme import FELT_COLOURS
from .drawn import Drawn

NAME_STYLE = Style(color=FELT_COLOURS["ivory"], bold=True)
ACTIVE_STYLE = Style(color=FELT_COLOURS["ink-on-gold"], bgcolor=FELT_COLOURS["gold"], bold=True)
FAINT_STYLE = Style(color=FELT_COLOURS["ink-faint"])

BOTTOM, RIGHT, TOP, LEFT = "bottom", "right", "top", "left"


def card_size(node: DOMNode) -> CardSize:
    """The card art for the terminal's size, read from the screen's size classes (``GuinoteApp``'s breakpoints).

    Medium from 120 × 36 (``-wide`` or ``-wider``, with ``-tall`` or ``-taller``), large from
    160 × 45 (``-wider`` with ``-taller``); table.tcss sizes the card places to match.
    """
    try:
        classes = node.screen.classes
    except NoScreen:  # not on a screen yet
        return SMALL
    wide, tall = classes & {"-wide", "-wider"}, classes & {"-tall", "-taller"}
    if "-wider" in wide and "-taller" in tall:
        return LARGE
    return MEDIUM if wide and tall else SMALL


def position_of(seat: int, players: int) -> str:
    """Where a seat sits as seen by the human at seat 0 (play runs counterclockwise)."""
    if players == 2:
        return BOTTOM if seat == 0 else TOP
    return (BOTTOM, RIGHT, TOP, LEFT)[seat]


@dataclass(frozen=True)
class SeatInfo:
    """What the table shows about a bot seat: never its cards, only how many."""

    #: The seat's English name (``GameSession.names``; shown translated).
    title: str
    #: The bot's level, by its id (not translated).
    level: str
    count: int
    active: bool
    dealer: bool
    #: Practice with open hands: the seat's cards, shown face up (empty otherwise).
    cards: tuple[Card, ...] = ()


class SeatPanel(Drawn):
    """A bot seat: its name and level, a fan of card backs and the card count."""

    #: What the seat shows; a new value repaints it.
    info: reactive[SeatInfo | None] = reactive(None)

    def __init__(self, horizontal: bool, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.horizontal = horizontal

    def show(self, info: SeatInfo) -> None:
        self.info = info

    def drawing(self) -> Hashable:
        return self.info, self.horizontal, i18n.current()

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text("")
        title = _(info.title)
        name = Text(f" {'▶ ' if info.active else ''}{title} ", style=ACTIVE_STYLE if info.active else NAME_STYLE)
        details = Text(" " + level_name(info.level), style=FAINT_STYLE)
        count = Text(ngettext("{count} card", "{count} cards", info.count).format(count=info.count), style=FAINT_STYLE)
        if info.cards:
            # Open hands (practice): the cards themselves instead of their number.
            count = Text(" ").join(Text(str(c), style=f"bold {SUIT_LIGHT[c.suit]}") for c in info.cards)
        dealer = Text(" " + pgettext("a seat's role", "dealer") if info.dealer else "", style=FAINT_STYLE)
        fan = card_back_fan(info.count, active=info.active)
        if self.horizontal:
            # A seat without a level (a practice position) shows its cards alone, without a dangling " · ".
            middle = details + Text(" · ", style=FAINT_STYLE) + count if info.level else Text(" ") + count
            width = self.size.width
            if info.level and len(middle.plain) > width - 13 - 1:
                # Too long for one line beside the fan (a long word for a person, a narrow terminal): the count
                # goes down beside the dealer's mark rather than be cut.
                middle = details
                dealer = Text(" ") + count + (Text(" ·", style=FAINT_STYLE) + dealer if info.dealer else Text(""))
            extras = [name, middle, dealer]
            # The fan sits over the middle of the felt, where this seat's card will fall, or as far left as the
            # words beside it need.
            widest = max(len(extra.plain) for extra in extras)
            indent = " " * max(0, min(width // 2 - 5, width - 13 - widest))
            lines = []
            for part, extra in zip(fan, extras, strict=True):
                line = Text(indent) + part
                line.pad_right(13 - len(part.plain))
                line.append_text(extra)
                lines.append(line)
            return Text("\n").join(lines)
        return Text("\n").join([name, details, *(Text(" ") + part for part in fan), Text(" ") + count, dealer])


@dataclass(frozen=True)
class TrickPicture:
    """The cards on the felt: the trick being played, or the last one until the next lead."""

    players: int
    #: The seats' English names (``GameSession.names``; shown translated).
    names: tuple[str, ...]
    cards: tuple[tuple[int, Card], ...]
    finished: Trick | None
    to_move: int | None
    number: int
    points: int = 0
    #: The finished trick was the last: its winner's side also took the ten (las diez de últimas).
    last_ten: bool = False
    #: Trumps and the rules, to mark the card winning a trick in play (none marked without them).
    trump: int | None = None
    rules: Rules | None = None

    def winning_seat(self) -> int | None:
        """The seat whose card holds the trick: the winner of a finished trick, or of the one in play."""
        if self.finished is not None:
            return self.finished.winner
        if not self.cards or self.trump is None or self.rules is None:
            return None
        return self.cards[trick_winner([card for _, card in self.cards], self.trump, self.rules)][0]


def diamond_size(size: CardSize) -> tuple[int, int]:
    """Columns and lines of the trick's four card places (and its title line) for ``size``."""
    return 3 * size.width + 2, 2 * size.height + 2


def winning_mark(size: CardSize, finished: bool) -> str:
    """The word in the top border of the card that holds the trick (it reads without colour)."""
    if finished:
        return "▲ " + pgettext("the card that took the trick", "won")
    winning = pgettext("the card winning the trick so far", "winning")
    return "▲ " + winning if size.face_width >= len("▲ " + winning) else winning


def trick_title(picture: TrickPicture, winner: int, width: int | None = None) -> str:
    """``Partner wins trick 3 · +14`` over a finished trick (and the ten when it was the last).

    With ``width``, the first wording that fits in it: the whole one, then without the trick's
    number, then with the ten added into the points; the last, cut with an ellipsis, if none fits.
    """
    name = _(picture.names[winner])
    if winner == 0:
        if picture.last_ten:
            wordings = [
                _("You win trick {number} · +{points} +10 last trick"),
                _("You win · +{points} +10 last"),
            ]
        else:
            wordings = [_("You win trick {number} · +{points}")]
        wordings.append(_("You win · +{points}"))
    else:
        if picture.last_ten:
            wordings = [
                _("{name} wins trick {number} · +{points} +10 last trick"),
                _("{name} wins · +{points} +10 last"),
            ]
        else:
            wordings = [_("{name} wins trick {number} · +{points}")]
        wordings.append(_("{name} wins · +{points}"))
    texts = [w.format(name=name, number=picture.number, points=picture.points) for w in wordings[:-1]]
    total = picture.points + (10 if picture.last_ten else 0)
    texts.append(wordings[-1].format(name=name, number=picture.number, points=total))
    if width is None:
        return texts[0]
    for text in texts:
        if cell_len(text) <= width:
            return text
    return set_cell_size(texts[-1], width - 1) + "…"


class TrickArea(Drawn):
    """The middle of the table: one card place per seat, laid out like the seats."""

    #: The cards on the felt; a new picture repaints it.
    picture: reactive[TrickPicture | None] = reactive(None)

    def show(self, picture: TrickPicture) -> None:
        self.picture = picture

    def drawing(self) -> Hashable:
        return self.picture, card_size(self), i18n.current()

    def render(self) -> Text:
        picture = self.picture
        size = card_size(self)
        diamond_width, diamond_height = diamond_size(size)
        # Heads-up uses the diamond's middle column only: the area may be as narrow as a card.
        width = max(self.size.width, size.width if picture is not None and picture.players == 2 else diamond_width)
        canvas = Canvas(width, diamond_height)
        if picture is None:
            return canvas.text()
        left = (width - diamond_width) // 2
        side_y = 1 + (size.height + 1) // 2
        places = {
            TOP: (left + size.width + 1, 1),
            LEFT: (left, side_y),
            RIGHT: (left + 2 * (size.width + 1), side_y),
            BOTTOM: (left + size.width + 1, size.height + 2),
        }
        if picture.finished is not None:
            trick = picture.finished
            played = [(trick.seat_of(i, picture.players), c) for i, c in enumerate(trick.cards)]
            title = Text(trick_title(picture, trick.winner, width), style=NAME_STYLE)
        else:
            played = list(picture.cards)
            title = Text(_("Trick {number}").format(number=picture.number), style=NAME_STYLE)
            if picture.cards:
                leader = picture.cards[0][0]
                lead = _("You lead") if leader == 0 else _("{name} leads").format(name=_(picture.names[leader]))
                if title.cell_len + cell_len(" · " + lead) <= width:  # the number alone where both do not fit
                    title.append(" · " + lead, style=FAINT_STYLE)
        canvas.write(max(0, (width - title.cell_len) // 2), 0, title)
        by_seat = {seat: (order, card) for order, (seat, card) in enumerate(played)}
        winning = picture.winning_seat()
        finished = picture.finished is not None
        for seat in range(picture.players):
            x, y = places[position_of(seat, picture.players)]
            label = edge_name(picture.names[seat])
            if seat in by_seat:
                _order, card = by_seat[seat]
                wins = winning == seat
                mark = winning_mark(size, finished) if wins else ""
                face = card_face(
                    card, top_label=mark, bottom_label=label, highlight=wins, dim=finished and not wins, size=size
                )
                canvas.paste(x, y, face)
            else:
                waiting = not finished and picture.to_move == seat
                canvas.paste(x, y, empty_slot(label, waiting=waiting, size=size))
        return canvas.text()
