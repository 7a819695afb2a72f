"""The table's look: the card winning a trick, the card sizes, the suits' colours, NO_COLOR."""

from __future__ import annotations

import asyncio
import colorsys
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest
from deals import arranged_deck
from rich.color import Color as RichColor
from rich.console import Console
from rich.style import Style
from textual.color import Color
from textual.filter import Monochrome
from uihelpers import make_app, screen_lines, settle, wait_until

from guinote_tui.engine import CARDS, RANK_NAMES, Card, Rules, Suit, parse_cards, trick_winner
from guinote_tui.ui import cardart
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.cardart import (
    CARD_COLOURS,
    CARD_SIZES,
    LARGE,
    MEDIUM,
    SMALL,
    SUIT_BANDS,
    SUIT_COLOURS,
    SUIT_LIGHT,
    CardSize,
    card_face,
)
from guinote_tui.ui.theme import FELT_COLOURS
from guinote_tui.ui.widgets.board import MuestraPanel
from guinote_tui.ui.widgets.hand import HandCard
from guinote_tui.ui.widgets.table import TrickArea, TrickPicture, card_size, diamond_size

HAND = "1O 7O 12C 10C 4E 5B"
SIZES = {(80, 24): SMALL, (119, 40): SMALL, (120, 35): SMALL, (120, 36): MEDIUM, (159, 60): MEDIUM, (160, 45): LARGE}


def pairs_app(dealer: int = 3) -> GuinoteApp:
    deck = arranged_deck(4, dealer=dealer, hands={0: HAND}, muestra="3O")
    return make_app(players=4, level="random", seed=7, delay=0, decks=[deck], dealer=dealer)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hue(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


def hue_distance(a: str, b: str) -> float:
    d = abs(hue(a) - hue(b)) % 360
    return min(d, 360 - d)


# -- the card winning the trick ------------------------------------------------------


def test_the_card_winning_a_trick_in_play_is_marked_at_every_size() -> None:
    """Seat 1 leads; the engine's trick rule names the card holding the trick, and only it is marked."""
    rules = Rules()
    names = ("You", "Right", "Partner", "Left")
    for cards, trump in (("4E 12E 1B", Suit.OROS), ("4E 12E 2O", Suit.OROS), ("4E", Suit.COPAS)):
        played = tuple((1 + i, c) for i, c in enumerate(parse_cards(cards)))
        picture = TrickPicture(4, names, played, None, to_move=0, number=3, trump=trump, rules=rules)
        expected = played[trick_winner([c for _, c in played], trump, rules)][0]
        assert picture.winning_seat() == expected
        # Without trumps and rules (what the table passed before) nothing is marked.
        assert replace(picture, trump=None).winning_seat() is None
        assert replace(picture, rules=None).winning_seat() is None
    # The Rey de Espadas beats the 4 led; the As de Bastos (not trumps, not led) does not.
    picture = TrickPicture(4, names, ((1, Card.parse("4E")), (2, Card.parse("12E")), (3, Card.parse("1B"))), None, 0, 3)
    assert replace(picture, trump=Suit.OROS, rules=rules).winning_seat() == 2


def test_the_table_marks_the_winning_card_with_a_word() -> None:
    asyncio.run(_the_table_marks_the_winning_card_with_a_word())


async def _the_table_marks_the_winning_card_with_a_word() -> None:
    """A trick in play on the real table (trumps passed as the table will): one card says it is winning."""
    for size, art in ((80, 24), SMALL), ((120, 40), MEDIUM), ((200, 50), LARGE):
        app = pairs_app(dealer=0)  # seat 1 leads: three cards are down when the player is to move
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None
            view = session.view()
            assert len(view.trick) == 3 and view.to_move == 0
            area = app.screen.query_one(TrickArea)
            assert area.picture is not None
            area.show(replace(area.picture, trump=view.trump, rules=view.rules))
            await pilot.pause()
            winner = view.trick[trick_winner([c for _, c in view.trick], view.trump, view.rules)]
            lines = screen_lines(app)
            word = "▲ winning" if art.face_width >= 9 else "winning"
            marked = [(y, line.index(word)) for y, line in enumerate(lines) if word in line]
            assert len(marked) == 1, lines
            y, x = marked[0]
            # The card under the word is the winning card: its corner shows its rank and suit letter.
            corner = lines[y + 1][x - 1 : x + art.width - 1]
            rank, letter = str(winner[1].rank), winner[1].suit.letter
            assert corner.startswith("┃" + rank + " ") and corner.endswith(letter + "┃"), corner
            assert session.view() == view  # only the look changed


# -- sizes -------------------------------------------------------------------------


def test_card_sizes_follow_the_terminal_and_everything_fits() -> None:
    asyncio.run(_card_sizes_follow_the_terminal_and_everything_fits())


async def _card_sizes_follow_the_terminal_and_everything_fits() -> None:
    """Small cards at 80×24 up to 119 columns or 35 lines, medium from 120×36, large from 160×45; nothing is cut."""
    app = pairs_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for (width, height), art in SIZES.items():
            await pilot.resize_terminal(width, height)
            # The cards take their size once the resize has gone through the layout (a loaded machine took over
            # the 2 s that a count of pauses gave it): wait on that state.
            def sized(art: CardSize = art) -> bool:
                return card_size(app.screen) == art and app.screen.query_one(HandCard).size.height == art.height

            await wait_until(pilot, sized)
            await pilot.pause()
            screen = app.screen
            assert card_size(screen) == art, (width, height)
            cards = [c for c in screen.query(HandCard) if c.card is not None]
            assert len(cards) == 6
            for card in cards:
                region = card.region
                assert (region.width, region.height) == (art.width, art.height)
                assert region.right <= width and region.bottom <= height - 2  # above the message line and footer
            trick = screen.query_one(TrickArea)
            assert (trick.size.width, trick.size.height) >= diamond_size(art)
            assert trick.region.bottom <= cards[0].region.y
            assert screen.query_one(MuestraPanel).size.height >= art.height
            for widget in ("#message", "Footer", "#status-bar", "#log"):
                region = screen.query_one(widget).region
                assert region.width > 0 and region.height > 0 and region.right <= width and region.bottom <= height
            lines = screen_lines(app)
            # The whole hand is readable: every card's rank name and suit name are on the screen.
            text = "\n".join(lines)
            for card in cards:
                assert card.card is not None
                assert RANK_NAMES[card.card.rank] in text and card.card.suit.title in text


# -- colours -------------------------------------------------------------------------


def test_the_suits_have_clearly_different_hues_with_good_contrast() -> None:
    felt, face = FELT_COLOURS["felt"], CARD_COLOURS["card-face"]
    for palette in (SUIT_LIGHT, SUIT_COLOURS, {s: band for s, (band, _) in SUIT_BANDS.items()}):
        suits = list(Suit)
        for i, a in enumerate(suits):
            for b in suits[i + 1 :]:
                assert hue_distance(palette[a], palette[b]) >= 30, (a, b, palette)
    # Oros is yellow and Copas red: well apart, on the felt, on the face and on the bands.
    assert 40 <= hue(SUIT_BANDS[Suit.OROS][0]) <= 60 and hue_distance(SUIT_BANDS[Suit.COPAS][0], "#ff0000") <= 10
    for suit in Suit:
        assert contrast(SUIT_LIGHT[suit], felt) >= 4.5
        assert contrast(SUIT_LIGHT[suit], FELT_COLOURS["felt-dark"]) >= 4.5
        assert contrast(SUIT_COLOURS[suit], face) >= 4.5
        band, ink = SUIT_BANDS[suit]
        assert contrast(band, ink) >= 4.5


def test_the_practice_verdicts_words_read_on_the_felt() -> None:
    """A right and a wrong answer's words (and the gold of the question) on the felt and the hand row's darker
    felt, where the verdict is written: a wrong answer was once written in the refused move's dark background
    colour, about 1.1 to 1 on the felt."""
    from guinote_tui.ui.screens import practice

    for colour in (practice.GOOD, practice.BAD, practice.GOLD):
        for ground in ("felt", "felt-dark"):
            assert contrast(colour, FELT_COLOURS[ground]) >= 4.5, (colour, ground)


def test_the_card_colours_are_named_once_and_offered_to_the_theme() -> None:
    from guinote_tui.game import palette

    source = Path(palette.__file__).read_text(encoding="utf-8")
    literals = re.findall(r'"(#[0-9a-fA-F]{6})"', source)
    assert sorted(literals) == sorted(CARD_COLOURS.values())  # every hex colour is a value of the named palette
    assert re.findall(r'"(#[0-9a-fA-F]{6})"', Path(cardart.__file__).read_text(encoding="utf-8")) == []
    for name, colour in CARD_COLOURS.items():
        assert FELT_COLOURS[name] == colour  # $oros, $card-face… in the stylesheets


def face_cells(lines: list[object]) -> list[tuple[str, Style]]:
    """Each character of the face's inside, with its style after the NO_COLOR (monochrome) filter."""
    console = Console(width=40, color_system="truecolor", legacy_windows=False)
    cells = []
    for line in lines[1:-1]:
        segments = [s for s in console.render(line) if s.style is not None]  # type: ignore[arg-type]
        for segment in Monochrome().apply(segments, Color(0, 0, 0)):
            if segment.style is not None and segment.style.bgcolor is not None:
                cells.extend((char, segment.style) for char in segment.text)
    return cells


def hex_of(colour: RichColor | None) -> str:
    assert colour is not None
    triplet = colour.get_truecolor()
    return f"#{triplet.red:02x}{triplet.green:02x}{triplet.blue:02x}"


@pytest.mark.parametrize("art", CARD_SIZES, ids=lambda s: s.name)
def test_every_face_reads_in_monochrome(art: CardSize) -> None:
    """Rank, suit name and suit letter on every face, legible once NO_COLOR turns colours to greys."""
    for card in map(Card, CARDS):
        for dim in (False, True):
            lines = card_face(card, dim=dim, size=art)
            assert len(lines) == art.height and {line.cell_len for line in lines} == {art.width}
            plain = "\n".join(line.plain for line in lines)
            assert RANK_NAMES[card.rank] in plain and card.suit.title in plain
            assert re.search(rf"{card.rank} +{card.suit.letter}", plain)
            for char, style in face_cells(lines):  # type: ignore[arg-type]
                if char.strip():
                    ratio = contrast(hex_of(style.color), hex_of(style.bgcolor))
                    assert ratio >= (3 if dim else 4.5), (card, dim, char, ratio)


def test_the_hand_reads_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under NO_COLOR (Textual drops the colours) each card in hand shows its rank, suit name and suit letter."""
    monkeypatch.setenv("NO_COLOR", "1")
    asyncio.run(_the_hand_reads_without_colour())


async def _the_hand_reads_without_colour() -> None:
    for size in ((80, 24), (120, 40), (200, 50)):
        os.environ["NO_COLOR"] = "1"  # the app takes it out of the environment as it starts
        app = pairs_app()
        assert app.no_color and any(isinstance(f, Monochrome) for f in app._filters)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            lines = screen_lines(app)
            cards = [c for c in app.screen.query(HandCard) if c.card is not None]
            assert sorted(c.card for c in cards if c.card is not None) == sorted(parse_cards(HAND))
            for widget in cards:
                card = widget.card
                assert card is not None
                region = widget.region
                face = [line[region.x : region.right] for line in lines[region.y : region.bottom]]
                text = "\n".join(face)
                assert re.search(rf"^.{card.rank} +{card.suit.letter}.$", face[1]), face
                assert RANK_NAMES[card.rank] in text and card.suit.title in text, face
