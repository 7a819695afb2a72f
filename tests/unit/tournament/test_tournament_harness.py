"""The tournament harness: deals, seating, reproducibility, sign conventions."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from guinote_tui.ai import REGISTRY, Bot, OpenCardBot
from guinote_tui.engine import PLAY, Action, HandState, Play, Rules, SeatView, Sing, Swap, beats, card_tables
from guinote_tui.tournament.report import run_tournament
from guinote_tui.tournament.runner import MAX_HANDS_PER_JUEGO, TournamentConfig, TournamentError, deal_order

TIMING_KEYS = {"seconds", "deals_per_second", "decision_ms", "jobs"}


class GreedyBot(Bot):
    """Test-only, a few lines of sense: sing and swap, win tricks cheaply, lead and throw low."""

    name = "greedy-test"
    offered = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        for action in view.legal:
            if isinstance(action, (Sing, Swap)):
                return action
        tables = card_tables(view.rules)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        if not cards:
            return view.legal[0]

        def cheap(card: int) -> tuple[int, bool, int]:
            return (tables.points[card], card // 10 == view.trump, tables.strength[card])

        if not view.trick:
            return PLAY[min(cards, key=cheap)]
        best_seat, best = view.trick[0]
        for seat, card in view.trick[1:]:
            if beats(card, best, view.trump, view.rules):
                best_seat, best = seat, card
        if view.players == 4 and best_seat == view.partner:
            return PLAY[max(cards, key=lambda c: (c // 10 != view.trump, tables.points[c]))]
        winners = [c for c in cards if beats(c, best, view.trump, view.rules)]
        if winners:
            return PLAY[min(winners, key=lambda c: (c // 10 == view.trump, -tables.points[c]))]
        return PLAY[min(cards, key=cheap)]


class OpenRecorder(OpenCardBot):
    """Test-only open-card bot that records which entry point the harness used."""

    name = "open-test"
    calls: ClassVar[dict[str, int]] = {"open": 0, "view": 0}

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        OpenRecorder.calls["view"] += 1
        return view.legal[0]

    def choose_open(self, state: HandState, seat: int, rng: random.Random) -> Action:
        OpenRecorder.calls["open"] += 1
        assert len(state.hands[seat]) > 0 or state.trick
        return rng.choice(state.legal_actions())


class CheatingBot(Bot):
    """Test-only: plays a card it does not hold."""

    name = "cheat-test"
    offered = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        foreign = next(c for c in range(40) if c not in view.hand)
        return PLAY[foreign]


@pytest.fixture
def registered_test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    for bot in (GreedyBot, OpenRecorder, CheatingBot):
        monkeypatch.setitem(REGISTRY, bot.name, bot)


def test_deal_order_is_a_deck_and_depends_on_seed_deal_and_hand() -> None:
    deck, dealer = deal_order(5, 3, 0, 4)
    assert sorted(deck) == list(range(40)) and 0 <= dealer < 4
    assert deal_order(5, 3, 0, 4) == (deck, dealer)
    assert deal_order(5, 4, 0, 4)[0] != deck
    assert deal_order(6, 3, 0, 4)[0] != deck
    assert deal_order(5, 3, 1, 4)[0] != deck


@pytest.mark.parametrize("players", [2, 4])
def test_same_results_whatever_the_number_of_processes(players: int) -> None:
    config = TournamentConfig("random", "random", players=players, deals=40, seed=11, duplicate=True)
    one = run_tournament(config, jobs=1)
    two = run_tournament(config, jobs=2)
    assert one.figures() == two.figures()
    assert [[g.point_diff for g in games] for games in one.results] == [
        [g.point_diff for g in games] for games in two.results
    ]
    counts_one = {spec: s["count"] for spec, s in one.decision_ms().items()}
    counts_two = {spec: s["count"] for spec, s in two.decision_ms().items()}
    assert counts_one == counts_two


def test_seed_changes_the_deals() -> None:
    first = run_tournament(TournamentConfig("random", "random", players=2, deals=30, seed=1))
    again = run_tournament(TournamentConfig("random", "random", players=2, deals=30, seed=1))
    other = run_tournament(TournamentConfig("random", "random", players=2, deals=30, seed=2))
    assert first.figures() == again.figures()
    assert [g.point_diff for d in first.results for g in d] != [g.point_diff for d in other.results for g in d]


def test_random_against_itself_is_even_in_duplicate() -> None:
    # Seed and size fixed: deterministic. Identical bots have an expected difference of exactly 0.
    report = run_tournament(TournamentConfig("random", "random", players=4, deals=200, seed=3))
    low, high = report.mean_point_diff_ci95
    assert low < 0 < high
    share_low, share_high = report.juego_share_a_ci95
    assert share_low < 0.5 < share_high
    assert report.games == 400


@pytest.mark.parametrize("players", [2, 4])
def test_every_aragones_game_decides_its_juego_within_two_hands(players: int) -> None:
    report = run_tournament(TournamentConfig("random", "random", players=players, deals=150, seed=8))
    games = [g for d in report.results for g in d]
    assert all(g.a_juego in (0.0, 1.0) for g in games)
    assert all(1 <= g.hands <= 2 for g in games)
    assert any(g.hands == 2 for g in games)  # de vueltas does happen and is finished
    counts = report.juego_counts()
    assert counts["a"] + counts["b"] == report.games and counts["undecided"] == 0


def test_libre_100_juegos_are_finished_too() -> None:
    config = TournamentConfig("random", "random", players=4, rules=Rules.preset("libre-100"), deals=60, seed=2)
    report = run_tournament(config)
    assert all(1 <= g.hands <= MAX_HANDS_PER_JUEGO for d in report.results for g in d)
    assert report.figures()["rules"] == "libre-100"


@pytest.mark.parametrize("players", [2, 4])
def test_a_stronger_a_shows_positive_figures_and_swapping_names_flips_them(
    registered_test_bots: None, players: int
) -> None:
    strong_a = run_tournament(TournamentConfig("greedy-test", "random", players=players, deals=80, seed=4))
    assert strong_a.mean_point_diff_ci95[0] > 0
    assert strong_a.juego_share_a_ci95[0] > 0.5
    assert strong_a.figures()["elo_a_minus_b"] > 0
    strong_b = run_tournament(TournamentConfig("random", "greedy-test", players=players, deals=80, seed=4))
    assert strong_b.mean_point_diff_ci95[1] < 0
    assert strong_b.juego_share_a_ci95[1] < 0.5
    assert strong_b.figures()["elo_a_minus_b"] < 0


def test_duplicate_plays_each_deal_from_both_sides(registered_test_bots: None) -> None:
    single = run_tournament(TournamentConfig("greedy-test", "random", players=2, deals=20, seed=9, duplicate=False))
    double = run_tournament(TournamentConfig("greedy-test", "random", players=2, deals=20, seed=9, duplicate=True))
    assert single.games == 20 and double.games == 40
    assert all(len(games) == 2 for games in double.results)
    data = double.to_dict()
    assert data["duplicate"] is True and data["deals"] == 20 and data["games"] == 40


def test_open_card_bots_get_the_full_state_and_decisions_are_counted(registered_test_bots: None) -> None:
    OpenRecorder.calls.update(open=0, view=0)
    report = run_tournament(TournamentConfig("open-test", "random", players=2, deals=5, seed=1))
    assert OpenRecorder.calls["view"] == 0
    timings = report.decision_ms()
    assert timings["open-test"]["count"] == OpenRecorder.calls["open"] > 0
    assert set(timings) == {"open-test", "random"}
    assert set(timings["random"]) >= {"p50", "p95", "p99", "max"}


def test_an_illegal_bot_action_stops_the_tournament_with_one_line(registered_test_bots: None) -> None:
    with pytest.raises(TournamentError) as caught:
        run_tournament(TournamentConfig("cheat-test", "random", players=2, deals=3, seed=1))
    message = str(caught.value)
    assert "cheat-test" in message and "illegal" in message and "\n" not in message


def test_bad_specs_and_jobs_are_refused_before_playing() -> None:
    with pytest.raises(TournamentError, match="unknown bot"):
        run_tournament(TournamentConfig("grandmaster", "random", deals=2))
    with pytest.raises(TournamentError, match="jobs"):
        run_tournament(TournamentConfig("random", "random", deals=2), jobs=0)
