"""Snapshots of the main screens at a fixed size, deal and seed.

Each test also asserts the state its picture shows (whose turn, the cards in
hand, the muestra, the scores, which screen is up), read from the session and
from the widgets just before the screenshot, so a snapshot regenerated over a
broken game still fails.

Regenerate after a deliberate change of the look with
``pytest tests/ui --snapshot-update`` and look at the new SVGs before committing.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from deals import arranged_deck
from textual.pilot import Pilot
from uihelpers import key_for, make_app, playable, settle, wait_until, workers_done

from guinote_tui.engine import Card, SeatView, Suit, parse_cards
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.cardart import LARGE, MEDIUM, SMALL, CardSize
from guinote_tui.ui.picture import sorted_hand
from guinote_tui.ui.screens.table import TableScreen
from guinote_tui.ui.widgets.board import MuestraPanel, Scoreboard
from guinote_tui.ui.widgets.hand import HandCard
from guinote_tui.ui.widgets.table import SeatPanel, TrickArea, card_size

HAND = "1O 7O 12C 10C 4E 5B"


@dataclass
class Seen:
    """What was on the screen just before the screenshot."""

    screen: str = ""
    classes: frozenset[str] = frozenset()
    view: SeatView | None = None
    hand: tuple[Card, ...] = ()
    muestra: Card | None = None
    stock: int | None = None
    score: tuple[int, int] | None = None
    seats: dict[str, int] = field(default_factory=dict)
    art: CardSize | None = None
    card_cells: tuple[int, int] | None = None
    trick_marks: list[str] = field(default_factory=list)


def observe(app: GuinoteApp, seen: Seen) -> None:
    """Record the top screen, the session's view and what the table's widgets hold."""
    seen.screen = type(app.screen).__name__
    seen.classes = frozenset(app.screen.classes)
    if app.session is not None:
        seen.view = app.session.view()
    tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
    if not tables:
        return
    table = tables[0]
    seen.hand = tuple(c.card for c in table.query(HandCard) if c.card is not None)
    muestra = table.query_one(MuestraPanel).info
    if muestra is not None:
        seen.muestra, seen.stock = muestra.muestra, muestra.stock
    score = table.query_one(Scoreboard).info
    if score is not None:
        seen.score = score.points
    seen.seats = {p.info.title: p.info.count for p in table.query(SeatPanel) if p.info is not None}
    seen.art = card_size(table)
    cards = [c for c in table.query(HandCard) if c.card is not None]
    seen.card_cells = (cards[0].size.width, cards[0].size.height) if cards else None
    seen.trick_marks = trick_marks(table.query_one(TrickArea).render().plain)


def trick_marks(plain: str) -> list[str]:
    """The words marking the card that holds the trick, as drawn in the cards' top borders."""
    return re.findall(r"[┏╭]((?:▲ )?(?:winning|won))[━─]", plain)


def watching(
    seen: Seen, before: Callable[[Pilot[None]], Awaitable[None]] | None = None, press: tuple[str, ...] = ()
) -> Callable[[Pilot[None]], Awaitable[None]]:
    """A ``run_before`` that runs ``before`` (or presses ``press``) and then records the state."""

    async def run(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, GuinoteApp)
        if before is not None:
            await before(pilot)
        else:
            await settle_if_playing(pilot)
        await pilot.press(*press)
        await pilot.pause()
        observe(app, seen)

    return run


async def settle_if_playing(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, GuinoteApp)
    if app.session is not None:
        await settle(pilot)


def pairs_app(**options: object) -> GuinoteApp:
    deck = arranged_deck(4, dealer=3, hands={0: HAND}, muestra="3O")
    return make_app(players=4, level="random", seed=7, delay=0, decks=[deck], dealer=3, **options)  # type: ignore[arg-type]


async def play_first_legal(pilot: Pilot[None], turns: int) -> None:
    """The player plays their first legal card (or passes) for ``turns`` turns."""
    app = pilot.app
    assert isinstance(app, GuinoteApp)
    session = app.session
    assert session is not None
    for _ in range(turns):
        await settle(pilot)
        if session.hand_over:
            break
        view = session.view()
        cards = playable(view.legal)
        await pilot.press(key_for(app, cards[0]) if cards else "p")
    await settle(pilot)
    await pilot.pause()


async def practice_counted(pilot: Pilot[None]) -> None:
    """The start screen once its Practice button says how many problems are due (counted in a worker)."""
    from guinote_tui.ui.screens.start import StartScreen

    assert await wait_until(pilot, lambda: isinstance(pilot.app.screen, StartScreen) and pilot.app.screen.counted)


def test_start_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app(level="random", seed=7, delay=0)
    seen = Seen()
    assert snap_compare(app, terminal_size=(80, 24), run_before=watching(seen, practice_counted))
    assert seen.screen == "StartScreen" and app.session is None
    assert seen.view is None and seen.hand == ()


def test_start_screen_200x50(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """A big terminal: the form, its explanation and the buttons as one block in the middle, large Ases."""
    app = make_app(level="random", seed=7, delay=0)
    seen = Seen()
    assert snap_compare(app, terminal_size=(200, 50), run_before=watching(seen, practice_counted))
    assert seen.screen == "StartScreen" and app.session is None
    assert {"-wider", "-taller"} <= seen.classes


def test_table_at_the_deal(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=(80, 24), run_before=watching(seen))
    view = seen.view
    assert seen.screen == "TableScreen" and view is not None
    # The dealer is seat 3, so the player (seat 0) leads: their turn, nothing played yet.
    assert view.dealer == 3 and view.to_move == 0 and view.trick == () and view.tricks == ()
    assert sorted(seen.hand) == sorted(parse_cards(HAND)) == sorted(view.hand)
    assert seen.hand == sorted_hand(view)
    assert seen.muestra == view.muestra == Card.parse("3O") and view.trump == Suit.OROS
    assert seen.stock == view.stock_count == 40 - 4 * 6 - 1
    assert seen.score == view.points == (0, 0)
    assert seen.seats == {"Right": 6, "Partner": 6, "Left": 6}


def test_table_mid_hand_with_a_cante(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def lead_then_sing(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, GuinoteApp)
        await settle(pilot)
        await pilot.press(key_for(app, Card.parse("1O")))  # the As of trumps wins the first trick
        await settle(pilot)
        await pilot.press("s")  # twenty in Copas
        await pilot.press(key_for(app, Card.parse("10C")))  # then lead the Sota de Copas
        await settle(pilot)
        await pilot.pause()

    app = pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=(80, 24), run_before=watching(seen, lead_then_sing))
    view = seen.view
    assert seen.screen == "TableScreen" and view is not None
    first = view.tricks[0]
    assert first.cards[0] == Card.parse("1O") and first.winner == 0
    assert [(c.seat, c.suit, c.points) for c in view.cantes] == [(0, Suit.COPAS, 20)]
    # 20 sung plus the first trick's points (11 for the As and what fell on it).
    assert seen.score == view.points and view.points[0] >= 31 and view.points[1] == 0
    played = {c for t in view.tricks for c in t.cards} | {c for _, c in view.trick}
    assert Card.parse("10C") in played
    assert Card.parse("1O") not in seen.hand and Card.parse("10C") not in seen.hand
    assert sorted(seen.hand) == sorted(view.hand)


def test_heads_up_table_wide(snap_compare) -> None:  # type: ignore[no-untyped-def]
    deck = arranged_deck(2, dealer=1, hands={0: HAND}, muestra="3O")
    app = make_app(players=2, level="random", seed=7, delay=0, decks=[deck], dealer=1)

    async def two_tricks(pilot: Pilot[None]) -> None:
        await play_first_legal(pilot, 2)

    seen = Seen()
    assert snap_compare(app, terminal_size=(100, 30), run_before=watching(seen, two_tricks))
    view = seen.view
    assert seen.screen == "TableScreen" and view is not None and view.players == 2
    assert "-roomy" in seen.classes  # 100 columns: the wide side panel
    assert len(view.tricks) == 2 and view.to_move == 0
    # After two tricks and two draws each: six cards in hand, 40 - 12 - 1 - 4 in the stock.
    assert len(seen.hand) == 6 and sorted(seen.hand) == sorted(view.hand)
    assert seen.stock == view.stock_count == 23
    assert seen.seats == {"Rival": 6}
    assert seen.score == view.points
    assert sum(view.points) == sum(view.card_points) + sum(c.points for c in view.cantes)


def test_end_of_hand_summary(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def whole_hand(pilot: Pilot[None]) -> None:
        await play_first_legal(pilot, 20)

    app = pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=(80, 24), run_before=watching(seen, whole_hand))
    assert seen.screen == "SummaryScreen"
    session = app.session
    assert session is not None and session.hand_over
    result = session.result
    assert result is not None and seen.view is not None
    assert seen.hand == () and seen.view.hand == ()
    assert sum(result.card_points) == 120 and result.last_trick_side in (0, 1)
    assert seen.score == result.points


def test_score_sheet_after_a_hand(snap_compare) -> None:  # type: ignore[no-untyped-def]
    shown: list[str] = []

    async def whole_hand_then_sheet(pilot: Pilot[None]) -> None:
        await play_first_legal(pilot, 20)
        await pilot.press("o")  # from the summary
        await pilot.pause()
        shown.append(str(pilot.app.screen.query_one("#scoresheet-text").render()))

    app = pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=(80, 24), run_before=watching(seen, whole_hand_then_sheet))
    assert seen.screen == "ScoreSheetScreen"
    session = app.session
    assert session is not None and session.hand_over
    result = session.match.finished[0].result
    assert len(session.match.finished) == 1 and result is not None
    assert f"{result.points[0]}–{result.points[1]}" in shown[0]


def test_rules_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=(80, 24), run_before=watching(seen, press=("question_mark",)))
    assert seen.screen == "RulesScreen"
    # The table is still underneath, untouched: the player's turn at the deal.
    assert seen.view is not None and seen.view.to_move == 0 and seen.view.tricks == ()
    assert sorted(seen.hand) == sorted(parse_cards(HAND))


def test_last_trick_dialog(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def one_trick(pilot: Pilot[None]) -> None:
        await play_first_legal(pilot, 1)
        await pilot.press("l")
        await pilot.pause()

    app = pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=(80, 24), run_before=watching(seen, one_trick))
    assert seen.screen == "LastTrickScreen"
    view = seen.view
    assert view is not None and len(view.tricks) == 1
    assert view.tricks[0].leader == 0 and len(view.tricks[0].cards) == 4


def test_too_small_notice(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=(70, 20), run_before=watching(seen))
    assert seen.screen == "TableScreen"
    assert {"-narrow", "-short"} <= seen.classes
    # The game behind the notice is the deal, waiting for the player.
    assert seen.view is not None and seen.view.to_move == 0 and seen.view.tricks == ()


# -- the table at three terminal sizes: small cards at 80×24, medium from 120×36, large from 160×45 --

SIZES = {(80, 24): SMALL, (120, 40): MEDIUM, (200, 50): LARGE}


def heads_up_app() -> GuinoteApp:
    deck = arranged_deck(2, dealer=1, hands={0: HAND}, muestra="3O")
    return make_app(players=2, level="random", seed=7, delay=0, decks=[deck], dealer=1)


def check_sized_table(app: GuinoteApp, seen: Seen, size: tuple[int, int], tricks: int) -> None:
    """The table at ``size``: the player's lead after winning ``tricks`` tricks, drawn with that size's cards.

    The last trick is held on the felt (it waits for Space), its winning card marked with a word.
    """
    art = SIZES[size]
    view = seen.view
    assert seen.screen == "TableScreen" and view is not None and app.size == size
    assert seen.art == art and seen.card_cells == (art.width, art.height)
    assert len(view.tricks) == tricks and view.trick == () and view.to_move == 0
    assert all(t.winner in (0, view.players // 2) for t in view.tricks)
    assert len(seen.hand) == 6 and sorted(seen.hand) == sorted(view.hand)
    assert seen.hand == sorted_hand(view)
    assert seen.muestra == view.muestra == Card.parse("3O") and view.trump == Suit.OROS
    assert seen.stock == view.stock_count == 40 - 6 * view.players - 1 - tricks * view.players
    assert seen.score == view.points and view.points[1] == 0
    assert seen.seats == ({"Rival": 6} if view.players == 2 else {"Right": 6, "Partner": 6, "Left": 6})
    # The last trick stays on the felt, its winning card marked with a word.
    assert seen.trick_marks == ["▲ won"]


def sized_table(players: int, size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    tricks = 2 if players == 2 else 1

    async def play(pilot: Pilot[None]) -> None:
        # The last card wins the trick, which is then held on the felt (until Space) for the picture.
        await play_first_legal(pilot, tricks - 1)
        app = pilot.app
        assert isinstance(app, GuinoteApp) and app.session is not None
        session = app.session
        await pilot.press(key_for(app, playable(session.view().legal)[0]))
        for _ in range(200):
            await pilot.pause()
            await workers_done(app)
            if getattr(app.screen, "holding", False) and len(session.match.hand.tricks) == tricks:
                break

    app = heads_up_app() if players == 2 else pairs_app()
    seen = Seen()
    assert snap_compare(app, terminal_size=size, run_before=watching(seen, play))
    check_sized_table(app, seen, size, tricks)


def test_heads_up_table_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    sized_table(2, (80, 24), snap_compare)


def test_pairs_table_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    sized_table(4, (120, 40), snap_compare)


def test_heads_up_table_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    sized_table(2, (120, 40), snap_compare)


def test_pairs_table_200x50(snap_compare) -> None:  # type: ignore[no-untyped-def]
    sized_table(4, (200, 50), snap_compare)


def test_heads_up_table_200x50(snap_compare) -> None:  # type: ignore[no-untyped-def]
    sized_table(2, (200, 50), snap_compare)
