"""Resampling near-ties (SearchSettings.resample): more shared deals for the cards the search cannot yet separate."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from test_bots_scenarios import play, table

from guinote_tui.ai import make_bot
from guinote_tui.ai.bitmasks import Tables, tables_for
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.race import ClearLoser, Race
from guinote_tui.ai.search import HardBot, SearchSettings, _cards_left
from guinote_tui.engine import Play, SeatView, seat_view


class Scripted(HardBot):
    """A hard bot whose extra deals are scripted: deal ``i`` gives card ``c`` the value ``script(c, i)``; every
    call is recorded (the cards asked for and how many deals)."""

    def __init__(self, script: Callable[[int, int], float], **params: object) -> None:
        # Neither hard's cap in moves nor its cards worth the same unless a test sets them.
        super().__init__(**{"resample_moves": 0, "resample_same": 0.0, **params})
        self.script = script
        self.calls: list[tuple[int, list[int]]] = []

    def _player(
        self, view: SeatView, know: Knowledge, tables: Tables, rng: random.Random, race: Race[int]
    ) -> Callable[[int, list[int]], None]:
        def play(count: int, alive: list[int]) -> None:
            self.calls.append((count, list(alive)))
            for card in alive:
                start = len(race.per_deal[card])
                race.per_deal[card].extend(self.script(card, start + i) for i in range(count))

        return play


def started(per_deal: dict[int, list[float]]) -> Race[int]:
    race: Race[int] = Race(per_deal, ClearLoser())
    race.per_deal = {c: list(v) for c, v in per_deal.items()}
    race.deals = len(next(iter(per_deal.values())))
    race.work = race.deals * len(per_deal)
    return race


def resample(bot: Scripted, race: Race[int]) -> None:
    bot._resample(None, None, None, random.Random(0), race)  # type: ignore[arg-type]


# Four deals: card 3 is far behind (clear at 2 SE); 1 and 2 differ by 0.25 at 0.25 SE (1 SE): near-tied.
START = {1: [10.0, 12, 9, 11], 2: [10.0, 11, 9, 11], 3: [0.0, 1, 0, 1]}


def test_only_the_near_ties_draw_more_deals_and_a_clear_loser_stops_them() -> None:
    # On the extra deals card 1 is worth 10 and card 2 alternately 8 and 9: 2 drops out once clearly behind.
    bot = Scripted(lambda c, i: 10.0 if c == 1 else 8.0 + i % 2, resample=200, race_batch=4)
    race = started(START)
    resample(bot, race)
    assert bot.calls and all(alive == [1, 2] for _, alive in bot.calls[:1])
    assert all(3 not in alive for _, alive in bot.calls)  # the clear loser never drew an extra deal
    assert race.alive == [1] and race.leader() == 1
    drawn = sum(count for count, _ in bot.calls)
    assert 0 < drawn < 200  # stopped by the line, not the cap
    assert len(race.per_deal[1]) == 4 + drawn and len(race.per_deal[3]) == 4


def test_cards_that_stay_tied_stop_at_the_cap() -> None:
    bot = Scripted(lambda c, i: float(i % 3), resample=30, race_batch=8)
    race = started(START)
    resample(bot, race)
    assert [count for count, _ in bot.calls] == [8, 8, 8, 6]  # the cap of 30 deals, the last round cut to fit
    assert race.alive == [1, 2] and len(race.per_deal[1]) == len(race.per_deal[2]) == 34


def test_nothing_is_drawn_when_the_best_is_already_clear() -> None:
    bot = Scripted(lambda c, i: 0.0, resample=100)
    race = started({1: [10.0, 12, 9, 11], 3: [0.0, 1, 0, 1]})
    resample(bot, race)
    assert bot.calls == [] and race.leader() == 1


def test_the_width_of_the_near_ties_is_resample_z() -> None:
    # Card 2 is 1 SE behind: resampled at resample_z=2, left out at resample_z=0.5.
    bot = Scripted(lambda c, i: 1.0, resample=8, race_batch=8, resample_z=0.5)
    race = started(START)
    resample(bot, race)
    assert bot.calls == [] and race.alive == [1]


# Three cards within a fraction of a standard error of one another (none clear at 2 SE).
TIED = {1: [10.0, 12, 9, 11], 2: [10.0, 11, 9, 11], 3: [10.0, 11, 9, 12]}


def resample_at(bot: Scripted, race: Race[int], view: SeatView) -> None:
    bot._resample(view, Knowledge.from_view(view), None, random.Random(0), race)  # type: ignore[arg-type]


def test_resample_moves_caps_the_playouts_the_tied_cards_share() -> None:
    # Values that never separate the three cards: without a cap each draws the 100 deals; with a cap of 60
    # playouts' moves (a playout from the blank lead costs the cards still to play) the three share 60 playouts
    # (20 deals each), two rounds of 10.
    view = blank_lead()
    left = _cards_left(view, Knowledge.from_view(view))
    assert left == 39  # every card but the one led is still to play
    uncapped = Scripted(lambda c, i: float(i % 3), resample=100, race_batch=10)
    race = started(TIED)
    resample_at(uncapped, race, view)
    assert sum(count for count, _ in uncapped.calls) == 100
    capped = Scripted(lambda c, i: float(i % 3), resample=100, race_batch=10, resample_moves=60 * left)
    race = started(TIED)
    resample_at(capped, race, view)
    assert capped.calls == [(10, [1, 2, 3]), (10, [1, 2, 3])]
    assert race.work == 3 * 4 + 60 and race.alive == [1, 2, 3]


def test_resample_moves_left_by_a_card_that_drops_out_go_to_the_others() -> None:
    # Card 3 falls clearly behind on the extra deals and drops out: the playouts it leaves go to cards 1 and 2, which
    # draw more deals than an even share of the cap would give them.
    view = blank_lead()
    left = _cards_left(view, Knowledge.from_view(view))
    script = lambda c, i: 0.0 if c == 3 else float(i % 3)  # noqa: E731
    bot = Scripted(script, resample=100, race_batch=10, resample_moves=90 * left)
    race = started(TIED)
    resample_at(bot, race, view)
    assert 3 not in race.alive
    assert len(race.per_deal[1]) - 4 > 90 // 3
    assert race.work <= 3 * 4 + 90


def test_cards_worth_the_same_stop_drawing_and_stay_ties_with_resample_same() -> None:
    # On the extra deals the three cards fare alike: within 1 point of the leader at 2 SE after one round, cards 2
    # and 3 stop as worth the same (not as worse), so one round is drawn instead of the 100 deals; without
    # resample_same they draw to the cap.
    bot = Scripted(lambda c, i: 10.0, resample=100, race_batch=10, resample_same=1.0)
    race = started(TIED)
    resample(bot, race)
    assert bot.calls == [(10, [1, 2, 3])]
    assert race.alive == [1] and sorted(race.same) == [2, 3]
    plain = Scripted(lambda c, i: 10.0, resample=100, race_batch=10)
    race = started(TIED)
    resample(plain, race)
    assert sum(count for count, _ in plain.calls) == 100 and race.same == [] and race.alive == [1, 2, 3]


class Counted(HardBot):
    """A hard bot that records how many cards each deal's playouts were asked for."""

    asked: list[int]

    def _play_deal(self, view, deal, cards, tables, leaf):  # type: ignore[no-untyped-def,override]
        self.asked.append(len(cards))
        return HardBot._play_deal(view, deal, cards, tables, leaf)


def blank_lead() -> SeatView:
    # Heads-up, trumps Oros: seat 0 leads the 4 de Copas, seat 1 (to play) holds no Copas.
    state = table({0: "4C 5C 6C 7C 1C 3C", 1: "11E 5B 6E 7B 4E 2O"}, muestra="3O", dealer=1, players=2)
    play(state, "4C")
    assert state.to_move is not None
    return seat_view(state, state.to_move)


def test_a_real_search_spends_its_extra_deals_on_the_near_ties_only() -> None:
    # The blank lead: the trump (2O) is far behind the blanks and the Caballo, which are within two standard errors
    # of one another on 20 deals; only they draw the extra deals, at most 60 of them.
    view = blank_lead()
    bot = Counted(samples=20, resample=60, race_batch=10, tiebreak=False)
    bot.asked = []
    bot.choose(view, random.Random(3))
    assert bot.asked[:20] == [6] * 20
    extra = bot.asked[20:]
    assert 0 < len(extra) <= 60 and all(2 <= n < 6 for n in extra)


def test_cards_worth_the_same_are_left_to_the_tie_break() -> None:
    # The blank lead: on the extra deals the Caballo fares 1 point better than every blank and 0.6 worse in turn.
    # Within a point of it at 2 SE (resample_same=1) the blanks are worth the same after one round and the
    # tie-break plays a blank; without resample_same they race to the cap, the Caballo ahead by its mean and no
    # near-tie at tie_z, and the Caballo is played.
    view = blank_lead()
    know = Knowledge.from_view(view)
    tables = tables_for(view.rules, view.trump)
    cards = [a.card for a in view.legal if isinstance(a, Play)]
    start = {c: [-10.0, -9, -10, -9] if str(c) == "2O" else [0.0, 1, 0, 1] for c in cards}
    played = {}
    for same in (1.0, 0.0):
        bot = Scripted(
            lambda c, i: (1.0 if i % 2 else -0.6) if str(c) == "11E" else 0.0,
            resample=40,
            race_batch=10,
            resample_same=same,
        )
        played[same] = str(bot._raced_pick(view, know, tables, random.Random(0), started(start)))
    assert played[0.0] == "11E"
    assert played[1.0] in ("5B", "6E", "7B", "4E")


def test_resample_off_is_the_choice_before() -> None:
    view = blank_lead()
    before = {"hard": HardBot(SearchSettings()), "expert": make_bot("expert")}  # (expert never resampled)
    for spec, old in before.items():
        base = [old.choose(view, random.Random(seed)) for seed in range(4)]
        assert [make_bot(f"{spec}:resample=0").choose(view, random.Random(seed)) for seed in range(4)] == base
    assert make_bot("hard").settings.resample == 200  # type: ignore[attr-defined]
    assert make_bot("expert").settings.resample == 0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="resample_z"):
        make_bot("hard:resample_z=0")
    with pytest.raises(ValueError, match="resample"):
        make_bot("hard:resample=-1")
    with pytest.raises(ValueError, match="resample_moves"):
        make_bot("hard:resample_moves=-1")
