"""Players read cards by name ("Sota de Copas") wherever the game names one; the notation (``10C``)
stays in files and ``--json``."""

from __future__ import annotations

import asyncio
import re

from deals import arranged_deck
from uihelpers import key_for, make_app, playable, settle, wait_until

from guinote_tui.engine import Card, Play
from guinote_tui.ui.screens.history import HistoryScreen
from guinote_tui.ui.screens.table import TableScreen

#: A card written in notation: rank then suit letter (``10C``, ``1O``).
NOTATION = re.compile(r"\b(1[0-2]|[1-7])[OCEB]\b")


def test_the_trick_history_names_the_cards_and_fits_80_columns() -> None:
    async def run() -> None:
        app = make_app(players=4, level="random", seed=8, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            assert session is not None
            for _ in range(4):
                await settle(pilot)
                cards = playable(session.view().legal)
                await pilot.press(key_for(app, cards[0]) if cards else "p")
            await settle(pilot)
            tricks = session.view().tricks
            assert len(tricks) >= 3
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            statics = list(screen.query(".history-entry"))
            entries = [str(s.render()) for s in statics]
            for number, trick in enumerate(tricks, 1):
                assert all(card.name in entries[number - 1] for card in trick.cards)
            for text in entries:
                assert not NOTATION.search(text), text
            # Two seats a line, in columns: no line of cards is wider than the entry, so none wraps.
            width = statics[0].content_region.width
            card_lines = [line for text in entries for line in text.splitlines()[1:3] if "then:" not in line]
            assert len(card_lines) >= 2 * len(tricks)
            assert all(len(line) <= width for line in card_lines), (width, card_lines)

    asyncio.run(run())


def test_a_refused_card_names_the_winning_card() -> None:
    # Heads-up arrastre: the rival leads the 4B; the player holds the 1B and the 2B, so must beat it (montar).
    async def run() -> None:
        deck = arranged_deck(2, dealer=1, hands={0: "1B 2B 4C 5C 6C 7E", 1: "2O 4O 5O 6O 7B 4B"}, muestra="3O")
        app = make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            hand = session.match.hand
            hand.stock.clear()
            hand.muestra = None
            hand.leader = hand.to_move = 1
            hand._legal = None  # the position was changed by hand: forget the cached legal actions
            hand.apply(Play(Card.parse("4B")), 1)
            table.refresh_table()
            await pilot.pause()
            await pilot.press(key_for(app, Card.parse("2B")))
            await pilot.pause()
            message = str(table.query_one("#message").render())
            assert "Not allowed" in message and "Cuatro de Bastos" in message
            assert not NOTATION.search(message), message

    asyncio.run(run())


def test_no_screen_of_a_whole_hand_shows_notation() -> None:
    # Every screen a player opens during and after a hand, read as the terminal shows it (card faces
    # write rank and suit apart, "12    E", so only notation in words matches).
    from uihelpers import screen_lines

    from guinote_tui.ui.screens.review import ReviewScreen

    async def run() -> None:
        app = make_app(players=2, level="random", seed=12, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            assert session is not None
            seen: list[str] = []

            async def look(*keys: str) -> None:
                await pilot.press(*keys)
                await pilot.pause()
                seen.append(f"{keys}: " + "\n".join(screen_lines(app)))

            for turn in range(40):
                await settle(pilot)
                if session.hand_over:
                    break
                if turn == 3:
                    for key in ("h", "escape", "l", "escape", "r", "escape", "k", "k", "o", "escape"):
                        await look(key)
                cards = playable(session.view().legal)
                await look(key_for(app, cards[0]) if cards else "p")
            for _ in range(40):
                await pilot.pause()
                if not isinstance(app.screen, TableScreen):
                    break
            await look("o")
            await look("escape")
            await look("v")
            await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None)
            await look("escape", "v")  # (the review is drawn again once made)
            await look("s")
            for _ in range(12):
                await look("right")
            leaks = [text for text in seen if NOTATION.search(text)]
            assert not leaks, leaks[0]

    asyncio.run(run())


def test_the_scoreboard_names_a_cantes_suit() -> None:
    """A cante on the scoreboard reads "20 Copas", one a line, not "20C"."""
    from rich.console import Console

    from guinote_tui.engine import Cante, Suit
    from guinote_tui.ui.widgets.board import Scoreboard, ScoreInfo

    board = Scoreboard()
    board.show(
        ScoreInfo(
            side_names=("You", "Rival"),
            points=(20, 40),
            carried=(0, 0),
            show_totals=False,
            juegos=(0, 0),
            cotos=(0, 0),
            juegos_per_coto=3,
            cotos_to_win=1,
            cantes=(
                (1, Cante(1, Suit.OROS, 40, 2)),
                (1, Cante(1, Suit.COPAS, 20, 4)),
                (0, Cante(0, Suit.BASTOS, 20, 3)),
            ),
            target=101,
            first_of_juego=True,
        )
    )
    console = Console(width=30, record=True)
    console.print(board.render())
    text = console.export_text()
    assert "40 Oros" in text and "20 Copas" in text and "20 Bastos" in text, text
    assert not re.search(r"\b[24]0[OCEB]\b", text), text
