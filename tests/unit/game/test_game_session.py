"""The game session behind the table: levels, the bots' fallbacks, the narrated log, the pacing, the deals."""

from __future__ import annotations

import random

import pytest
from deals import arranged_deck, play_through

from guinote_tui import ai as ai_module
from guinote_tui.ai import Bot, default_level, make_bot, offered_levels
from guinote_tui.engine import PLAY, Card, LastTrickTen, SeatView, Sing, Suit, TrickWon, WinReason
from guinote_tui.game.narration import Narrator
from guinote_tui.game.pacing import think_with_delay
from guinote_tui.game.palette import SUIT_LIGHT
from guinote_tui.game.services import StackedDeal
from guinote_tui.game.session import GameSession, GameSettings

HAND = "1O 7O 12C 10C 4E 5B"


def heads_up(seed: int = 3, **options: object) -> GameSession:
    deck = arranged_deck(2, dealer=1, hands={0: HAND}, muestra="3O")
    settings = GameSettings(players=2, level="random", seed=seed, delay=0)
    stacked = StackedDeal((tuple(deck),), dealer=1)
    for key, value in options.items():
        setattr(settings, key, value)
    return GameSession(settings, stacked=stacked)


@pytest.mark.parametrize(
    ("registered", "expected"),
    [
        (["easy", "normal", "hard"], "normal"),
        (["easy", "hard", "expert"], "expert"),
        (["easy"], "easy"),
        ([], "random"),
    ],
)
def test_default_level_is_normal_else_the_strongest_offered(
    monkeypatch: pytest.MonkeyPatch, registered: list[str], expected: str
) -> None:
    monkeypatch.setattr(ai_module, "bot_names", lambda offered_only=False: list(registered))
    # Every registered level offered (the strength table's own choice is tested in tests/unit/tournament).
    from dataclasses import replace

    from guinote_tui.ai import strength

    unfiltered = replace(strength.strength_table(), offered=None)
    monkeypatch.setattr(strength, "strength_table", lambda: unfiltered)
    assert default_level() == expected
    assert offered_levels() == (registered or ["random"])


def test_the_arranged_deal_reaches_the_human_and_nothing_else_is_shown() -> None:
    session = heads_up()
    view = session.view()
    assert sorted(view.hand) == sorted(Card.parse(t) for t in HAND.split())
    assert view.muestra == Card.parse("3O")
    assert view.hand_sizes == (6, 6)
    assert session.names == ("You", "Rival")
    assert [session.side_name(side) for side in (0, 1)] == ["You", "Rival"]


def test_pairs_names_follow_the_counterclockwise_seats() -> None:
    session = GameSession(GameSettings(players=4, level="random", seed=1))
    assert session.names == ("You", "Right", "Partner", "Left")
    assert [session.side_name(side) for side in (0, 1)] == ["Us", "Them"]
    assert session.settings.level_of(3) == "random"


class Broken(Bot):
    name = "broken"

    def choose(self, view: SeatView, rng: random.Random):  # type: ignore[no-untyped-def]
        raise RuntimeError("bug in a bot")


class Cheater(Bot):
    name = "cheater"

    def choose(self, view: SeatView, rng: random.Random):  # type: ignore[no-untyped-def]
        return Sing(Suit.OROS)  # never legal on the first lead


def test_a_failing_or_illegal_bot_does_not_stop_the_game_and_is_reported(caplog: pytest.LogCaptureFixture) -> None:
    session = GameSession(GameSettings(players=2, level="random", seed=5), stacked=StackedDeal(dealer=0))
    assert session.bot_to_move == 1
    view = session.view_for(1)
    session.bots[1] = Broken()
    move = session.think(1, view)
    assert move.action == view.legal[0]
    assert move.problem == "Rival's bot (broken) failed: RuntimeError: bug in a bot"
    session.bots[1] = Cheater()
    move = session.think(1, view)
    assert move.action == view.legal[0]
    assert move.problem == "Rival's bot (cheater) chose an illegal action (sing the cante of Oros)"
    logged = [r for r in caplog.records if r.name == "guinote_tui.game.session"]
    assert [r.levelname for r in logged] == ["ERROR", "ERROR"]
    assert logged[0].exc_info is not None  # the traceback is kept in the log
    session.bots[1] = make_bot("random")
    assert session.think(1, view).problem is None


class FakeEvent:
    """Records how long the worker was asked to wait."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def wait(self, seconds: float) -> bool:
        self.waits.append(seconds)
        return True


def test_the_delay_is_waited_on_the_cancellable_event() -> None:
    session = GameSession(GameSettings(players=2, level="random", seed=5), stacked=StackedDeal(dealer=0))
    view = session.view_for(1)
    event = FakeEvent()
    move = think_with_delay(lambda: session.think(1, view), 5.0, event)
    assert move.action in view.legal
    assert len(event.waits) == 1 and 0 < event.waits[0] <= 5.0
    no_wait = FakeEvent()
    think_with_delay(lambda: session.think(1, view), 0.0, no_wait)
    assert no_wait.waits == []


def test_the_log_tells_the_cante_the_trick_and_the_draw() -> None:
    session = heads_up()
    lines = session.apply(0, PLAY[Card.parse("1O")])
    assert lines == []  # a card alone is shown on the felt, not logged
    rival = session.view_for(1)
    lines = session.apply(1, rival.legal[0])
    assert lines[0].startswith(f"Trick 1 to you: [b {SUIT_LIGHT[Suit.OROS]}]As de Oros[/] wins, ")
    assert lines[0].endswith(f" · +{session.match.hand.card_points[0]}")
    assert lines[1].startswith("You draw [b ")
    assert " de " in lines[1]  # the card's name, as the trick line gives it, not its notation
    lines = session.apply(0, Sing(Suit.COPAS))
    assert lines == ["You sing [b]20[/b] in Copas"]
    assert session.hand_log()[0].startswith("[b]Hand 1: Rival deals[/b]")


def test_next_hands_use_the_given_decks_then_the_seeded_shuffle() -> None:
    first = arranged_deck(2, dealer=1, hands={0: HAND}, muestra="3O")
    second = arranged_deck(2, dealer=0, hands={1: HAND}, muestra="3O")
    settings = GameSettings(players=2, level="random", seed=9, delay=0)
    stacked = StackedDeal((tuple(first), tuple(second)), dealer=1)
    session = GameSession(settings, stacked=stacked)
    match = session.match
    while not session.hand_over:
        seat = match.hand.to_move
        assert seat is not None
        session.apply(seat, match.legal_actions()[0])
    session.next_hand()
    assert list(match.hand.deck) == second
    assert session.hand_log()[0].startswith("[b]Hand 2")


@pytest.mark.parametrize("partner", ["12O 10O 4C 5C 6C 2E", "12O 4E 4C 5C 6C 2E"], ids=["holds a pair", "holds none"])
def test_who_is_asked_in_a_window_is_not_shown(partner: str) -> None:
    # Seat 1 wins the first trick; its partner (seat 3) is asked to sing only when it holds a
    # pair. The player (seat 0) must see the same either way: the winner about to lead, at once.
    from dataclasses import replace

    from guinote_tui.engine import HandState, Rules, Stage, parse_action, seat_view
    from guinote_tui.game.pacing import bot_pause, shown_to_move

    hands = {0: "2B 4B 5B 6B 7B 2C", 1: "1B 2O 3O 4O 5O 6O", 2: "3E 5E 6E 7E 11E 7C", 3: partner}
    deck = arranged_deck(4, dealer=3, hands=hands, muestra="1C", stock="7O 1E 12E 3C")  # no pair drawn
    state = HandState(deck, 3, Rules(), 4)
    for seat, card in ((0, "2B"), (1, "1B"), (2, "3E"), (3, "2E")):
        state.apply(parse_action(card), seat)
    mine = seat_view(state, 0)
    assert mine.tricks[0].winner == 1
    assert shown_to_move(mine) == 1
    asked = seat_view(state, state.to_move)  # type: ignore[arg-type]
    assert (asked.stage is Stage.WINDOW) == ("10O" in partner)
    if asked.stage is Stage.WINDOW:
        assert asked.seat == 3 and bot_pause(asked, 0.6) == 0.0
    else:
        assert asked.seat == 1 and bot_pause(asked, 0.6) == pytest.approx(0.96)
    assert bot_pause(replace(asked, stage=Stage.PREDRAW), 0.6) == 0.0
    # The player's own window is shown as theirs.
    assert shown_to_move(replace(mine, stage=Stage.WINDOW, to_move=0)) == 0


@pytest.mark.parametrize("preset", ["aragones", "libre-100"])
def test_a_hand_that_decides_nothing_is_told_by_the_rules_of_the_preset(preset: str) -> None:
    # libre-100 has no vueltas: its next hand is played to the end, not stopped at the target.
    import random as random_module

    from guinote_tui.engine import Rules
    from guinote_tui.game.sentences import verdict

    rules = Rules.preset(preset)
    for seed in range(200):
        session = GameSession(GameSettings(players=2, level="random", rules=rules, seed=seed))
        rng = random_module.Random(seed)
        hand = session.match.hand
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        result = hand.result
        if result is not None and result.juego_winner is None:
            break
    else:
        pytest.fail("no undecided hand in 200 seeds")
    said = verdict(session, result)[0].text
    log = session.result_lines(result)[0]
    if preset == "aragones":
        assert "de vueltas" in said and "ends the moment a side reaches 101" in said
        assert log.endswith(": de vueltas")
    else:
        assert "de vueltas" not in said and "is played to the end" in said
        assert log.endswith(": the juego goes on")


@pytest.mark.parametrize("players", [2, 4])
def test_a_resumed_hand_tells_the_same_log_and_numbers(players: int) -> None:
    from guinote_tui.engine import history_dict, load_history

    rng = random.Random(players)
    live = GameSession(GameSettings(players=players, level="random", seed=21))
    hand = live.match.hand
    play_through(live, rng, lambda: len(hand.tricks) >= 5)
    resumed = GameSession(GameSettings(players=players, level="random"), load_history(history_dict(live.match)))
    assert resumed.log == live.log and any("Trick 5" in line for line in resumed.log)
    # Saved on the summary of a hand that decided the first juego: still juego 1 on the status bar.
    play_through(live, rng, lambda: live.hand_over)
    while live.result is not None and live.result.juego_winner is None:
        live.next_hand()
        play_through(live, rng, lambda: live.hand_over)
    assert live.juego_number == 1 and sum(live.match.juegos) + sum(live.match.cotos) == 1
    resumed = GameSession(GameSettings(players=players, level="random"), load_history(history_dict(live.match)))
    assert (resumed.coto_number, resumed.juego_number) == (live.coto_number, live.juego_number) == (1, 1)
    assert resumed.log[-1] == live.log[-1]


@pytest.mark.parametrize(
    ("preset", "tally"), [("aragones", "Juegos 1–0 (first to 3) · Cotos"), ("libre-100", "Cotos ")]
)
def test_the_summary_counts_juegos_only_where_a_coto_has_several(preset: str, tally: str) -> None:
    from guinote_tui.engine import Rules
    from guinote_tui.game.sentences import verdict

    rules = Rules.preset(preset)
    for seed in range(200):
        session = GameSession(GameSettings(players=2, level="random", rules=rules, seed=seed))
        rng = random.Random(seed)
        play_through(session, rng, lambda s=session: s.hand_over)  # type: ignore[misc]
        result = session.result
        if result is not None and result.juego_winner == 0:
            break
    else:
        pytest.fail("no hand won by the player in 200 seeds")
    assert verdict(session, result)[-1].text.startswith(tally)


def _won(cards: str, winner: int, why: WinReason, number: int = 3, points: int = 14) -> TrickWon:
    played = tuple((seat, Card.parse(text)) for seat, text in enumerate(cards.split()))
    return TrickWon(number, 0, winner, played[winner][1], played, points, why)


def test_each_finished_trick_is_told_with_its_winning_card_and_why() -> None:
    narrator = Narrator(("You", "Right", "Partner", "Left"))
    oros, copas = SUIT_LIGHT[Suit.OROS], SUIT_LIGHT[Suit.COPAS]
    highest = narrator.lines([_won("4C 3C 2C 5C", 1, WinReason.HIGHEST)])
    assert highest == [f"Trick 3 to Right: [b {copas}]Tres de Copas[/] wins, highest Copas · +14"]
    lead = narrator.lines([_won("1C 3C 2C 5C", 0, WinReason.HIGHEST)])
    assert lead == [f"Trick 3 to you: [b {copas}]As de Copas[/] wins, nobody beat the lead · +14"]
    trumped = narrator.lines([_won("4C 3C 4O 5C", 2, WinReason.TRUMPED)])
    assert trumped == [f"Trick 3 to Partner: [b {oros}]Cuatro de Oros[/] trumps · +14"]
    over = narrator.lines([_won("4C 4O 12O 5C", 2, WinReason.OVERTRUMPED)])
    assert over == [f"Trick 3 to Partner: [b {oros}]Rey de Oros[/] over-trumps · +14"]
    # The last trick's ten is on the same line (the score moves by both).
    last = narrator.lines([_won("4C 3C 2C 5C", 3, WinReason.HIGHEST, 10, 13), LastTrickTen(3, 1)])
    assert last == [f"Trick 10 to Left: [b {copas}]Cinco de Copas[/] wins, highest Copas · +13, +10 for the last trick"]
    # A blank trick says no figure (read aloud, "· +0" is noise); a blank last trick still says its ten.
    blank = narrator.lines([_won("4C 6C 2C 5C", 1, WinReason.HIGHEST, points=0)])
    assert blank == [f"Trick 3 to Right: [b {copas}]Seis de Copas[/] wins, highest Copas"]
    mine = narrator.lines([_won("4C 6C 2C 5C", 0, WinReason.HIGHEST, points=0)])
    assert mine == [f"Trick 3 to you: [b {copas}]Cuatro de Copas[/] wins, nobody beat the lead"]
    blank_last = narrator.lines([_won("4C 6C 2C 5C", 1, WinReason.HIGHEST, 10, 0), LastTrickTen(1, 1)])
    assert blank_last[0].endswith("· +0, +10 for the last trick")


@pytest.mark.parametrize(
    ("players", "preset", "says", "not_says"),
    [
        (4, "aragones", "When your partner is winning, following suit is enough.", "even with a trump"),
        (4, "libre-100", "The duties hold even when your partner is winning.", "following suit is enough"),
        (2, "libre-100", "even with a trump that cannot win", "partner"),
    ],
)
def test_the_arrastre_line_says_what_changes_under_the_rules_in_play(
    players: int, preset: str, says: str, not_says: str
) -> None:
    from guinote_tui.engine import ArrastreBegun, Rules

    names = ("You", "Right", "Partner", "Left") if players == 4 else ("You", "Rival")
    line = Narrator(names, Rules.preset(preset)).lines([ArrastreBegun(7)])[0]
    assert line.startswith("[b]Arrastre[/b]: the stock is gone. From now on follow suit and beat")
    assert says in line and not_says not in line


def test_taking_the_muestra_is_told_once() -> None:
    # The muestra is the last card drawn: the log says "You take the muestra Siete de Oros", not also "You draw…".
    from guinote_tui.game.narration import card_name_markup

    for seed in range(40):
        session = GameSession(GameSettings(players=2, level="random", seed=seed))
        rng = random.Random(seed)
        hand = session.match.hand
        while hand.muestra is not None and not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            session.apply(seat, rng.choice(hand.legal_actions()))
        if hand.muestra_taker == 0:
            card = card_name_markup(hand.muestra_card)
            assert session.log.count(f"You take the muestra {card}") == 1
            assert f"You draw {card}" not in session.log
            return
    pytest.fail("the player never took the muestra in 40 seeds")


@pytest.mark.parametrize(
    ("players", "subjects"), [(2, ("you reached", "Rival reached")), (4, ("we reached", "they reached"))]
)
def test_treinta_malas_names_the_side_as_a_subject(players: int, subjects: tuple[str, str]) -> None:
    """Not "Us reached 101": one whole sentence for each side, heads-up and in pairs."""
    from dataclasses import replace as replaced

    from guinote_tui.game.sentences import verdict

    session = GameSession(GameSettings(players=players, level="random", seed=4))
    play_through(session, random.Random(4), lambda: session.hand_over)
    result = session.result
    assert result is not None
    lines = [line.text for line in verdict(session, replaced(result, treinta_malas_denied=(0, 1)))]
    denied = [line for line in lines if line.startswith("Treinta malas:")]
    assert len(denied) == 2 and subjects[0] in denied[0] and subjects[1] in denied[1], denied
    assert not any(name in line for line in denied for name in ("Us ", "Them ", "You reached"))
