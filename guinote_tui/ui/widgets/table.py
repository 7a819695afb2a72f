"""The felt: the other seats with their hidden hands, and the trick in the middle."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Card, Trick
from ..app import FELT_COLOURS
from ..cardart import CARD_HEIGHT, CARD_WIDTH, Canvas, card_back_fan, card_face, empty_slot

NAME_STYLE = Style(color=FELT_COLOURS["ivory"], bold=True)
ACTIVE_STYLE = Style(color=FELT_COLOURS["ink-on-gold"], bgcolor=FELT_COLOURS["gold"], bold=True)
FAINT_STYLE = Style(color=FELT_COLOURS["ink-faint"])

BOTTOM, RIGHT, TOP, LEFT = "bottom", "right", "top", "left"


def position_of(seat: int, players: int) -> str:
    """Where a seat sits as seen by the human at seat 0 (play runs counterclockwise)."""
    if players == 2:
        return BOTTOM if seat == 0 else TOP
    return (BOTTOM, RIGHT, TOP, LEFT)[seat]


@dataclass(frozen=True)
class SeatInfo:
    """What the table shows about a bot seat: never its cards, only how many."""

    title: str
    level: str
    count: int
    active: bool
    dealer: bool


class SeatPanel(Widget):
    """A bot seat: its name and level, a fan of card backs and the card count."""

    #: What the seat shows; a new value repaints it.
    info: reactive[SeatInfo | None] = reactive(None)

    def __init__(self, horizontal: bool, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.horizontal = horizontal

    def show(self, info: SeatInfo) -> None:
        self.info = info

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text("")
        name = Text(f" {'▶ ' if info.active else ''}{info.title} ", style=ACTIVE_STYLE if info.active else NAME_STYLE)
        details = Text(f" {info.level}", style=FAINT_STYLE)
        count = Text(f"{info.count} card{'s' if info.count != 1 else ''}", style=FAINT_STYLE)
        dealer = Text(" dealer" if info.dealer else "", style=FAINT_STYLE)
        fan = card_back_fan(info.count, active=info.active)
        if self.horizontal:
            # The fan sits over the middle of the felt, where this seat's card will fall.
            indent = " " * max(0, self.size.width // 2 - 5)
            extras = [name, details + Text(" · ", style=FAINT_STYLE) + count, dealer]
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
    names: tuple[str, ...]
    cards: tuple[tuple[int, Card], ...]
    finished: Trick | None
    to_move: int | None
    number: int
    points: int = 0


DIAMOND_WIDTH = 3 * CARD_WIDTH + 2
DIAMOND_HEIGHT = 12


class TrickArea(Widget):
    """The middle of the table: one card place per seat, laid out like the seats."""

    #: The cards on the felt; a new picture repaints it.
    picture: reactive[TrickPicture | None] = reactive(None)

    def show(self, picture: TrickPicture) -> None:
        self.picture = picture

    def render(self) -> Text:
        picture = self.picture
        width = max(self.size.width, DIAMOND_WIDTH)
        canvas = Canvas(width, DIAMOND_HEIGHT)
        if picture is None:
            return canvas.text()
        left = (width - DIAMOND_WIDTH) // 2
        places = {
            TOP: (left + CARD_WIDTH + 1, 1),
            LEFT: (left, 4),
            RIGHT: (left + 2 * (CARD_WIDTH + 1), 4),
            BOTTOM: (left + CARD_WIDTH + 1, 1 + CARD_HEIGHT + 1),
        }
        if picture.finished is not None:
            trick = picture.finished
            played = [(trick.seat_of(i, picture.players), c) for i, c in enumerate(trick.cards)]
            winner = picture.names[trick.winner]
            verb = "win" if trick.winner == 0 else "wins"
            title = Text(f"{winner} {verb} trick {picture.number} · +{picture.points}", style=NAME_STYLE)
        else:
            played = list(picture.cards)
            title = Text(f"Trick {picture.number}", style=NAME_STYLE)
            if picture.cards:
                leader = picture.names[picture.cards[0][0]]
                title.append(f" · {leader} {'lead' if picture.cards[0][0] == 0 else 'leads'}", style=FAINT_STYLE)
        canvas.write((width - len(title.plain)) // 2, 0, title)
        by_seat = {seat: (order, card) for order, (seat, card) in enumerate(played)}
        for seat in range(picture.players):
            x, y = places[position_of(seat, picture.players)]
            label = picture.names[seat]
            if seat in by_seat:
                _, card = by_seat[seat]
                won = picture.finished is not None and picture.finished.winner == seat
                dim = picture.finished is not None and not won
                canvas.paste(x, y, card_face(card, bottom_label=label, highlight=won, dim=dim))
            else:
                waiting = picture.finished is None and picture.to_move == seat
                canvas.paste(x, y, empty_slot(label, waiting=waiting))
        return canvas.text()
