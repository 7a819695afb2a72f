"""Snapshots of the main screens at a fixed size, deal and seed.

Regenerate after a deliberate change of the look with
``pytest tests/ui --snapshot-update`` and look at the new SVGs before committing.
"""

from __future__ import annotations

from textual.pilot import Pilot
from uihelpers import arranged_deck, key_for, playable, settle

from guinote_tui.engine import Card
from guinote_tui.ui.app import make_app

HAND = "1O 7O 12C 10C 4E 5B"


def pairs_app(**options: object):  # type: ignore[no-untyped-def]
    deck = arranged_deck(4, dealer=3, hands={0: HAND}, muestra="3O")
    return make_app(players=4, level="random", seed=7, delay=0, decks=[deck], dealer=3, **options)


async def play_first_legal(pilot: Pilot[None], turns: int) -> None:
    """The player plays their first legal card (or passes) for ``turns`` turns."""
    app = pilot.app
    session = app.session  # type: ignore[attr-defined]
    for _ in range(turns):
        await settle(pilot)
        if session.hand_over:
            break
        view = session.view()
        cards = playable(view.legal)
        await pilot.press(key_for(app, cards[0]) if cards else "p")
    await settle(pilot)
    await pilot.pause()


def test_start_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app(level="random", seed=7, delay=0)
    assert snap_compare(app, terminal_size=(80, 24))


def test_table_at_the_deal(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(pairs_app(), terminal_size=(80, 24))


def test_table_mid_hand_with_a_cante(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def lead_then_sing(pilot: Pilot[None]) -> None:
        app = pilot.app
        await pilot.press(key_for(app, Card.parse("1O")))  # the As of trumps wins the first trick
        await settle(pilot)
        await pilot.press("s")  # twenty in Copas
        await pilot.press(key_for(app, Card.parse("10C")))  # then lead the Sota de Copas
        await settle(pilot)
        await pilot.pause()

    assert snap_compare(pairs_app(), terminal_size=(80, 24), run_before=lead_then_sing)


def test_heads_up_table_wide(snap_compare) -> None:  # type: ignore[no-untyped-def]
    deck = arranged_deck(2, dealer=1, hands={0: HAND}, muestra="3O")
    app = make_app(players=2, level="random", seed=7, delay=0, decks=[deck], dealer=1)

    async def two_tricks(pilot: Pilot[None]) -> None:
        await play_first_legal(pilot, 2)

    assert snap_compare(app, terminal_size=(100, 30), run_before=two_tricks)


def test_end_of_hand_summary(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def whole_hand(pilot: Pilot[None]) -> None:
        await play_first_legal(pilot, 20)

    assert snap_compare(pairs_app(), terminal_size=(80, 24), run_before=whole_hand)


def test_rules_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(pairs_app(), terminal_size=(80, 24), press=["question_mark"])


def test_last_trick_dialog(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def one_trick(pilot: Pilot[None]) -> None:
        await play_first_legal(pilot, 1)
        await pilot.press("l")
        await pilot.pause()

    assert snap_compare(pairs_app(), terminal_size=(80, 24), run_before=one_trick)


def test_too_small_notice(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(pairs_app(), terminal_size=(70, 20))
