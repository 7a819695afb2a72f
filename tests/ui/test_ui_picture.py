"""The table's picture is computed from the session alone (no pilot): what each widget is handed."""

from __future__ import annotations

from deals import arranged_deck

from guinote_tui.engine import Play, parse_cards
from guinote_tui.game.services import StackedDeal
from guinote_tui.game.session import GameSession, GameSettings
from guinote_tui.ui.picture import Turn, sorted_hand, table_picture

HAND = "1O 3C 12E 10B 4C 7O"


def session_to_lead() -> GameSession:
    deck = arranged_deck(2, dealer=1, hands={0: HAND}, muestra="2O")
    return GameSession(GameSettings(players=2, level="random", seed=3), stacked=StackedDeal((tuple(deck),), dealer=1))


def test_the_players_turn_marks_a_playable_card_and_shows_the_hand_as_keys_count_it() -> None:
    session = session_to_lead()
    picture = table_picture(session, Turn.PLAYER, None)
    assert sorted(picture.hand) == sorted(parse_cards(HAND)) and picture.hand == sorted_hand(session.view())
    assert picture.hand[-1].suit == session.view().trump  # trumps at the right end
    assert picture.selected == picture.marked == 0 and picture.hand[0] in picture.playable
    assert [position for position, _ in picture.seats] == ["top"]
    assert picture.trick.cards == () and picture.trick.finished is None and picture.trick.to_move == 0
    assert picture.muestra.muestra_card == parse_cards("2O")[0]
    # A choice past the hand's end comes back inside it.
    assert table_picture(session, Turn.PLAYER, 9).selected == len(picture.hand) - 1


def test_a_held_trick_stays_on_the_felt_and_no_card_is_marked_until_it_is_cleared() -> None:
    session = session_to_lead()
    session.apply(0, Play(sorted_hand(session.view())[0]))
    while not session.match.hand.tricks:
        seat = session.match.hand.to_move
        assert seat is not None
        session.apply(seat, session.match.hand.legal_actions()[0])
    winner = session.match.hand.tricks[-1].winner
    held = table_picture(session, Turn.HOLDING, None)
    assert held.trick.finished is not None and held.marked is None
    after = table_picture(session, Turn.PLAYER if winner == 0 else Turn.BOT, None)
    if winner == 0:  # cleared before the player's own lead: no key plays a card over it
        assert after.trick.finished is None and after.marked is not None
    else:  # it stays while the bot is about to lead
        assert after.trick.finished is not None and after.marked is None
