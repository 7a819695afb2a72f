"""The bot ladder: specs, legality, reproducibility, determinisation, strength against random."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai import (
    REGISTRY,
    EasyBot,
    HardBot,
    OpenCardBot,
    SearchSettings,
    TeamBot,
    bot_names,
    decide,
    make_bot,
    parse_spec,
    spec_defaults,
    spec_list,
)
from guinote_tui.ai.bitmasks import cards_of, mask_of
from guinote_tui.ai.determinize import build_state, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.engine import HandState, Rules, Stage, seat_view

# Small budgets: the tests check behaviour, the bench and the tournaments measure strength.
SPECS = [
    "random",
    "easy",
    "normal",
    "hard:samples=3,arrastre_samples=2,arrastre_nodes=4000,resample=6",
    "expert:samples=3,arrastre_samples=2,arrastre_nodes=4000",
]
TABLES = [(2, "aragones"), (4, "aragones"), (2, "libre-100"), (4, "libre-100")]


def positions(players: int, preset: str, hands: int = 4, every: int = 1) -> list[HandState]:
    return list(random_positions(players, preset, seed=100 + players, hands=hands))[::every]


# -- specs and registry ---------------------------------------------------------------------


def test_registry_lists_the_ladder_weakest_first_with_the_measurement_bots_last() -> None:
    # In a process of its own: the laboratory (tests/lab) adds its research players to the registry when imported.
    code = "from guinote_tui.ai import REGISTRY; print(' '.join(REGISTRY))"
    alone = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert alone.stdout.split() == ["random", "easy", "normal", "hard", "expert", "open", "team"]
    assert list(REGISTRY)[:7] == alone.stdout.split()
    assert bot_names(offered_only=True) == ["easy", "normal", "hard", "expert"]
    for name in ("open", "team"):
        seer = make_bot(name)
        assert isinstance(seer, OpenCardBot) and not seer.offered
    assert not any(isinstance(make_bot(name), OpenCardBot) for name in bot_names(offered_only=True))


def test_spec_passes_typed_parameters() -> None:
    bot = make_bot("hard:samples=12,arrastre_samples=3,leaf_stock=4,resample=6")
    assert isinstance(bot, HardBot)
    assert (bot.settings.samples, bot.settings.arrastre_samples, bot.settings.leaf_stock) == (12, 3, 4)
    expert = make_bot("expert:infer_eps=0.25,race=false")
    assert isinstance(expert, HardBot) and expert.settings.infer_eps == 0.25 and expert.settings.race is False
    easy = make_bot("easy:miss_cante=0.5")
    assert isinstance(easy, EasyBot) and easy.miss_cante == 0.5
    assert parse_spec(" normal ") == ("normal", {})


def test_spec_lists_split_on_semicolons_once_a_spec_has_parameters() -> None:
    assert spec_list("easy,normal") == ["easy", "normal"]
    assert spec_list("hard:samples=12,arrastre_samples=4") == ["hard:samples=12,arrastre_samples=4"]
    assert spec_list(" hard:samples=12 ; normal ;") == ["hard:samples=12", "normal"]
    assert spec_list("open") == ["open"]
    with pytest.raises(ValueError, match="it is the oracle"):
        spec_list("normal;open", players_only=True)
    with pytest.raises(ValueError, match="at least one bot"):
        spec_list(" ; ")
    with pytest.raises(ValueError, match="unknown bot 'easy,hard'"):
        spec_list("easy,hard:samples=12")


def test_expert_takes_hards_parameters_with_its_own_defaults() -> None:
    hard, expert = spec_defaults("hard"), spec_defaults("expert")
    assert set(expert) == set(hard) == {field for field in SearchSettings.__dataclass_fields__}
    assert expert["samples"] == 200 and hard["samples"] == 100
    # hard: the search's defaults, with phase 1's near-ties resampled; expert does not resample
    assert hard == {**vars(SearchSettings()), "resample": 200} and spec_defaults("team") == hard
    assert expert["resample"] == 0
    bot = make_bot("expert")
    assert isinstance(bot, HardBot) and bot.settings == SearchSettings(**expert)
    bot = make_bot("expert:samples=30")
    assert (
        isinstance(bot, HardBot)
        and bot.settings.samples == 30
        and bot.settings.race is True
        and bot.settings.infer is True
    )
    # The settings are one frozen value: a bot can also be built from it.
    assert HardBot(SearchSettings(samples=7), leaf_stock=2).settings == SearchSettings(samples=7, leaf_stock=2)
    with pytest.raises(ValueError, match="bot expert has no parameter 'depth'"):
        make_bot("expert:depth=3")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown bot 'wizard'"),
        ("hard:depth=3", "bot hard has no parameter 'depth'"),
        ("hard:samples=many", "bot hard: samples must be a whole number"),
        ("hard:infer_eps=nan", "bot hard: infer_eps must be a finite number"),
        ("expert:infer_eps=inf", "bot expert: infer_eps must be a finite number"),
        ("hard:juego_bonus=40", "bot hard has no parameter 'juego_bonus'"),
        ("hard:samples=2,samples=3", "bot hard: samples is given twice"),
        ("hard:arrastre_nodes=0", "bot hard: arrastre_nodes must be a whole number from 1 to 2,000,000, not '0'"),
        ("hard:leaf_stock=-1", "leaf_stock must be a whole number from 0 to 12, not '-1'"),
        ("hard:infer_depth=0", "infer_depth must be a whole number from 1 to 20"),
        ("expert:infer_eps=2", "infer_eps must be a number from 0 to 1, not '2'"),
        ("expert:infer_eps=0", "infer_eps must be more than 0 and at most 1"),
        ("easy:blunder=1.5", "bot easy: blunder must be a number from 0 to 1, not '1.5'"),
        ("easy:miss_cante=-0.1", "bot easy: miss_cante must be a number from 0 to 1"),
        ("hard:samples", "write parameters as key=value"),
        ("hard:samples=0", "samples must be a whole number from 1 to 2000, not '0'"),
        ("open:stock_samples=0", "stock_samples must be a whole number from 1 to 400"),
        ("open:sees=stock", "sees must be always, phase1 or arrastre"),
        ("", "a bot is named like"),
    ],
)
def test_bad_specs_fail_with_one_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        make_bot(spec)
    text = str(caught.value)
    assert message in text and "\n" not in text


# -- legality and reproducibility ------------------------------------------------------------


@pytest.mark.parametrize(("players", "preset"), TABLES)
def test_every_bot_returns_a_legal_action_including_windows(players: int, preset: str) -> None:
    states = positions(players, preset, hands=3)
    stages = {s.stage for s in states}
    assert Stage.PREDRAW in stages or Stage.WINDOW in stages or players == 2 or preset == "libre-100"
    declarations = sum(1 for s in states if any(type(a).__name__ != "Play" for a in s.legal_actions()))
    assert declarations > 0
    for spec in SPECS:
        bot = make_bot(spec)
        for number, state in enumerate(states[:: 2 if "samples" in spec else 1]):
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat)
            action = bot.choose(view, random.Random(number))
            assert action in view.legal, (spec, state.describe(), str(action))
    opened = make_bot("open:stock_samples=5")
    for number, state in enumerate(states[::3]):
        seat = state.to_move
        assert seat is not None
        assert opened.choose_open(state.copy(), seat, random.Random(number)) in state.legal_actions()


@pytest.mark.parametrize("players", [2, 4])
def test_an_open_bot_limited_to_one_phase_plays_as_normal_in_the_other(players: int) -> None:
    states = [s for s in positions(players, "aragones", hands=3) if len(s.legal_actions()) > 1]
    normal = make_bot("normal")
    sight = {"phase1": make_bot("open:sees=phase1,stock_samples=3"), "arrastre": make_bot("open:sees=arrastre")}
    differs = dict.fromkeys(sight, 0)
    for number, state in enumerate(states):
        seat = state.to_move
        assert seat is not None
        blind_phase = "phase1" if state.muestra is None else "arrastre"
        seen_phase = "arrastre" if blind_phase == "phase1" else "phase1"
        expected = normal.choose(seat_view(state, seat), random.Random(number))
        assert sight[blind_phase].choose_open(state.copy(), seat, random.Random(number)) == expected
        got = sight[seen_phase].choose_open(state.copy(), seat, random.Random(number))
        assert got in state.legal_actions()
        differs[seen_phase] += got != expected
    # Where it does see, it is not simply normal.
    assert differs["phase1"] > 0 and differs["arrastre"] > 0


@pytest.mark.parametrize(("players", "preset"), TABLES[:2])
def test_same_view_and_seed_give_the_same_action(players: int, preset: str) -> None:
    states = [s for s in positions(players, preset, hands=2, every=3) if len(s.legal_actions()) > 1]
    assert len(states) > 10
    for spec in SPECS:
        for number, state in enumerate(states):
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat)
            first = make_bot(spec).choose(view, random.Random(number))
            again = make_bot(spec).choose(seat_view(state.copy(), seat), random.Random(number))
            assert first == again, (spec, state.describe())


def test_forced_moves_come_back_at_once_without_touching_the_generator() -> None:
    for state in positions(4, "aragones", hands=2):
        if len(state.legal_actions()) == 1:
            seat = state.to_move
            assert seat is not None
            rng = random.Random(3)
            before = rng.getstate()
            assert make_bot("expert").choose(seat_view(state, seat), rng) == state.legal_actions()[0]
            assert rng.getstate() == before
            return
    pytest.fail("no forced move found")


# -- determinisation --------------------------------------------------------------------------


@pytest.mark.parametrize("tries", [30, 0])
@pytest.mark.parametrize(("players", "preset"), TABLES)
def test_determinised_states_match_the_view(players: int, preset: str, tries: int) -> None:
    # tries=0 skips the quick sampler: every deal comes from the guarded placement.
    rng = random.Random(9)
    checked = 0
    for state in positions(players, preset, hands=3, every=2):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        know = Knowledge.from_view(view)
        # The real deal is always one the seat thinks possible.
        for other in range(players):
            if other != seat:
                real = mask_of(state.hands[other])
                assert real & ~know.possible[other] == 0, (state.describe(), other)
                assert know.known[other] & ~real == 0
        for _ in range(3):
            deal = sample_deal(view, know, rng, tries)
            placed = mask_of(deal.stock)
            for other, cards in deal.hands.items():
                assert len(cards) == view.hand_sizes[other]
                assert mask_of(cards) & ~know.possible[other] == 0
                assert placed & mask_of(cards) == 0
                placed |= mask_of(cards)
            assert placed == know.unseen and len(deal.stock) == view.stock_count
            built = build_state(view, deal)
            assert built.legal_actions() == view.legal
            assert seat_view(built, seat) == view
            assert sorted(built.all_cards()) == list(range(40))
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", [2, 4])
def test_a_placement_forced_by_the_caps_is_always_found(players: int) -> None:
    # Caps that allow each other seat exactly its real hand leave one placement; the quick
    # sampler often puts one of those cards in the stock and fails, the guarded one cannot.
    rng = random.Random(4)
    checked = 0
    for state in positions(players, "aragones", hands=2, every=3):
        seat = state.to_move
        if seat is None or not state.stock:
            continue
        view = seat_view(state, seat)
        know = Knowledge.from_view(view)
        for other in know.possible:
            know.possible[other] = mask_of(state.hands[other])
        for tries in (30, 1, 0):
            deal = sample_deal(view, know, rng, tries)
            assert {s: mask_of(cards) for s, cards in deal.hands.items()} == know.possible
            assert mask_of(deal.stock) == know.unseen & ~sum(know.possible.values())
        checked += 1
    assert checked > 10


def test_an_impossible_view_is_refused() -> None:
    state = positions(2, "aragones", hands=1)[0]
    assert state.to_move is not None
    view = seat_view(state, state.to_move)
    know = Knowledge.from_view(view)
    know.possible[1 - view.seat] = 0  # no card may go to the other hand
    with pytest.raises(AssertionError, match="the view is inconsistent"):
        sample_deal(view, know, random.Random(1))


def test_arrastre_voids_are_read_from_the_tricks() -> None:
    # Heads-up arrastre: the unseen cards are exactly the opponent's hand.
    for state in positions(2, "aragones", hands=4):
        if state.muestra is None and state.to_move is not None:
            view = seat_view(state, state.to_move)
            know = Knowledge.from_view(view)
            other = 1 - view.seat
            assert know.unseen == mask_of(state.hands[other])
            assert know.possible[other] == know.unseen
            return
    pytest.fail("no arrastre position")


def test_a_seat_that_failed_to_follow_is_void() -> None:
    # In every arrastre trick seen, a seat that did not follow the suit led holds none of it.
    found = 0
    for state in positions(4, "aragones", hands=12):
        if state.muestra is not None or not state.tricks or state.to_move is None:
            continue
        view = seat_view(state, state.to_move)
        know = Knowledge.from_view(view)
        start = 40 // 4 - 6
        for trick in view.tricks[start:]:
            led = trick.cards[0] // 10
            for index, card in enumerate(trick.cards[1:], start=1):
                who = (trick.leader + index) % 4
                if who != view.seat and card // 10 != led:
                    suit_cards = mask_of(range(led * 10, led * 10 + 10))
                    assert know.possible[who] & suit_cards == 0
                    found += 1
    assert found > 5


# -- strength: each level beats random on fixed deals ------------------------------------------------


def duplicate_margin(spec: str, players: int, deals: int, seed: int) -> float:
    """Mean points per deal of ``spec`` over random, each deal played with both seatings."""
    total = 0
    rules = Rules()
    for number in range(deals):
        deck = list(range(40))
        random.Random(seed + number).shuffle(deck)
        for a_side in (0, 1):
            state = HandState(deck, number % players, rules, players)
            bots = [make_bot(spec if seat % 2 == a_side else "random") for seat in range(players)]
            rngs = [random.Random(seed * 31 + number * 7 + seat) for seat in range(players)]
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                state.apply(bots[seat].choose(seat_view(state, seat), rngs[seat]))
            assert state.result is not None
            points = state.result.points
            total += points[a_side] - points[1 - a_side]
    return total / (2 * deals)


# A random player measured the same way (16 deals) spreads with a standard deviation of
# about 8 points heads-up and 9 in pairs (seeds 0-11); fewer deals spread more. Each floor
# below sits at least 2.5 such deviations above zero and well below what the level reaches.
@pytest.mark.parametrize(
    ("spec", "players", "deals", "floor"),
    [
        ("easy", 2, 16, 25.0),
        ("easy", 4, 40, 15.0),
        ("normal", 2, 16, 40.0),
        ("normal", 4, 16, 30.0),
        ("hard:samples=4,arrastre_samples=2,resample=6", 2, 6, 40.0),
        ("hard:samples=3,arrastre_samples=1,arrastre_nodes=20000,resample=6", 4, 12, 28.0),
        ("expert:samples=4,arrastre_samples=2,leaf_stock=2", 2, 6, 40.0),
    ],
)
def test_each_level_beats_random_on_fixed_deals(spec: str, players: int, deals: int, floor: float) -> None:
    assert duplicate_margin(spec, players, deals, seed=2024) > floor


def test_a_random_player_does_not_reach_the_floors() -> None:
    # The same measurement can fail: a bot that plays random cards stays near zero.
    careless = "easy:blunder=1.0,miss_cante=1.0,miss_swap=1.0"
    assert abs(duplicate_margin(careless, 2, 16, seed=2024)) < 25.0
    assert abs(duplicate_margin(careless, 4, 40, seed=2024)) < 15.0


def test_card_helpers_round_trip() -> None:
    cards = [0, 5, 17, 39]
    assert cards_of(mask_of(cards)) == cards


# -- asking a bot, and the open-card measurement bots -------------------------------------------


def test_decide_asks_with_the_seats_view_and_hands_the_state_only_to_open_card_bots() -> None:
    states = positions(4, "aragones", hands=1)
    normal, opened = make_bot("normal"), make_bot("open:stock_samples=2")
    assert isinstance(opened, OpenCardBot) and not isinstance(normal, OpenCardBot)
    for number, state in enumerate(states[::4]):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        assert decide(normal, state, seat, random.Random(number)) == normal.choose(view, random.Random(number))
        expected = opened.choose_open(state.copy(), seat, random.Random(number))
        assert decide(opened, state.copy(), seat, random.Random(number)) == expected


def test_the_team_bound_bot_samples_its_partners_real_hand_and_nothing_more() -> None:
    bot = make_bot("team:samples=2,arrastre_samples=1")
    assert isinstance(bot, TeamBot) and isinstance(bot, OpenCardBot) and not bot.offered
    checked = 0
    for state in random_positions(4, "aragones", seed=8, hands=2):
        seat = state.to_move
        assert seat is not None
        partner = (seat + 2) % 4
        bot._partner_hand = mask_of(state.hands[partner])
        view = seat_view(state, seat)
        know = bot._knowledge(view)
        deal = sample_deal(view, know, random.Random(checked))
        assert sorted(deal.hands[partner]) == sorted(int(c) for c in state.hands[partner])
        for other in (seat + 1) % 4, (seat + 3) % 4:
            assert not mask_of(deal.hands[other]) & bot._partner_hand
        checked += 1
    assert checked > 20
    # Through the open-card entry it decides, and forgets the hand afterwards.
    state = next(iter(random_positions(4, "aragones", seed=8, hands=1)))
    assert state.to_move is not None
    action = bot.choose_open(state, state.to_move, random.Random(0))
    assert action in state.legal_actions() and bot._partner_hand == 0


def test_a_fresh_process_can_check_specs_for_players_only() -> None:
    """The check names a class the package loads on first use: it must load it itself (a lab command's first
    call, with nothing imported before)."""
    import subprocess
    import sys

    code = "from guinote_tui.ai import spec_list; print(spec_list('normal;hard', players_only=True))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "['normal', 'hard']" in done.stdout
