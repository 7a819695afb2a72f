"""docs/rules.md, section 4 (and 9): the arrastre obligations, one scenario per rule and flag.

Every scenario reaches the arrastre with :func:`engine_setup.arrastre`: the
hands are those each seat holds when the stock and the muestra are gone, Bastos
are trumps, and seat 1 leads the first arrastre trick. Seats play in the order
1, 2, 3, 0; seat 1's partner is seat 3.
"""

from __future__ import annotations

import pytest
from engine_setup import act, arrastre, playable, snapshot

from guinote_tui.engine import IllegalAction, Rules, parse_action

NO_EXEMPTION = Rules(partner_exemption=False)
UNDERTRUMP = Rules(must_undertrump=True)


def assert_refused(state, move: str, *words: str) -> None:  # type: ignore[no-untyped-def]
    """``move`` raises IllegalAction naming the rule (all ``words`` in it) and changes nothing."""
    seat, text = move.split()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(parse_action(text), int(seat))
    for word in words:
        assert word in info.value.rule, info.value.rule
    assert snapshot(state) == before


def test_arrastre_leader_may_lead_any_card() -> None:
    """The leader plays any card."""
    state = arrastre({1: "5C 1O 2B 6E 10O 11E"}, muestra="4B", leader=1)
    assert playable(state) == {"5C", "1O", "2B", "6E", "10O", "11E"}


def test_arrastre_must_follow_suit() -> None:
    """Follow suit if able (here no Copas can beat the 5C, so any Copas)."""
    state = arrastre({1: "5C", 2: "2C 4C 1O 6E 1B 10O"}, muestra="4B", leader=1)
    act(state, "1 5C")
    assert playable(state) == {"2C", "4C"}
    assert_refused(state, "2 1O", "follow suit", "Copas")
    assert_refused(state, "2 1B", "follow suit")


def test_arrastre_must_beat_an_opponents_winning_card_of_the_suit_led() -> None:
    """Montar: if an opponent holds the trick with the suit led, the card played must beat it if able."""
    state = arrastre({1: "5C", 2: "2C 7C 1C 1O 6E 2B"}, muestra="4B", leader=1)
    act(state, "1 5C")
    assert playable(state) == {"7C", "1C"}
    assert_refused(state, "2 2C", "beat", "Cinco de Copas")


def test_arrastre_trumped_trick_any_card_of_the_suit_led() -> None:
    """If the trick has been trumped, any card of the suit led may be played (no duty to over-trump)."""
    state = arrastre({1: "5C", 2: "2B 1O 6E 10O 11O 12O", 3: "7C 1C 2C 3B 5O 6O"}, muestra="4B", leader=1)
    act(state, "1 5C", "2 2B")
    assert playable(state) == {"7C", "1C", "2C"}
    assert_refused(state, "3 3B", "follow suit")


def test_arrastre_partner_winning_any_card_of_the_suit_led() -> None:
    """partner_exemption=true: with the partner winning, any card of the suit led (no duty to beat)."""
    hands = {1: "7C", 2: "2C 1O 6E 10O 11O 12O", 3: "4C 1C 3C 5O 6O 7O"}
    state = arrastre(hands, muestra="4B", leader=1)
    act(state, "1 7C", "2 2C")
    assert playable(state) == {"4C", "1C", "3C"}


def test_flag_partner_exemption_false_must_beat_the_partners_card() -> None:
    """partner_exemption=false: the partner's winning card of the suit led must be beaten if able."""
    hands = {1: "7C", 2: "2C 1O 6E 10O 11O 12O", 3: "4C 1C 3C 5O 6O 7O"}
    state = arrastre(hands, muestra="4B", leader=1, rules=NO_EXEMPTION)
    act(state, "1 7C", "2 2C")
    assert playable(state) == {"1C", "3C"}
    assert_refused(state, "3 4C", "beat")


def test_arrastre_void_must_trump_when_an_opponent_is_winning() -> None:
    """Void in the suit led with an opponent winning: play a trump."""
    state = arrastre({1: "5C", 2: "2B 3B 1O 6E 10O 11O"}, muestra="4B", leader=1)
    act(state, "1 5C")
    assert playable(state) == {"2B", "3B"}
    assert_refused(state, "2 1O", "trump")


def test_arrastre_must_overtrump_an_opponents_trump() -> None:
    """If an opponent's trump is already winning, play a higher trump if able."""
    hands = {1: "5C", 2: "7B 1O 6E 10O 11O 12O", 3: "6B 1B 2O 5O 6O 7O"}
    state = arrastre(hands, muestra="4B", leader=1)
    act(state, "1 5C", "2 7B")
    assert playable(state) == {"1B"}
    assert_refused(state, "3 6B", "over-trump", "Siete de Bastos")


def test_arrastre_no_duty_to_undertrump() -> None:
    """must_undertrump=false: if no trump can win the trick, any card may be played."""
    hands = {1: "5C", 2: "7B 1O 6E 10O 11O 12O", 3: "6B 5B 2O 5O 6O 7O"}
    state = arrastre(hands, muestra="4B", leader=1)
    act(state, "1 5C", "2 7B")
    assert playable(state) == {"6B", "5B", "2O", "5O", "6O", "7O"}


def test_flag_must_undertrump_true_forces_a_losing_trump() -> None:
    """must_undertrump=true: a void player who cannot over-trump must still play a trump."""
    hands = {1: "5C", 2: "7B 1O 6E 10O 11O 12O", 3: "6B 5B 2O 5O 6O 7O"}
    state = arrastre(hands, muestra="4B", leader=1, rules=UNDERTRUMP)
    act(state, "1 5C", "2 7B")
    assert playable(state) == {"6B", "5B"}
    assert_refused(state, "3 2O", "trump", "must_undertrump")


def test_arrastre_void_and_partner_winning_any_card() -> None:
    """Void and the partner is winning: any card (no duty to trump)."""
    hands = {1: "1C", 2: "2C 1O 6E 10O 11O 12O", 3: "2B 3B 1E 6O 10E 11E"}
    state = arrastre(hands, muestra="4B", leader=1)
    act(state, "1 1C", "2 2C")
    assert playable(state) == {"2B", "3B", "1E", "6O", "10E", "11E"}


def test_flag_partner_exemption_false_void_must_trump_over_the_partner() -> None:
    """partner_exemption=false: rule 2 applies as if an opponent were winning (trump the partner's trick)."""
    hands = {1: "1C", 2: "2C 1O 6E 10O 11O 12O", 3: "2B 3B 1E 6O 10E 11E"}
    state = arrastre(hands, muestra="4B", leader=1, rules=NO_EXEMPTION)
    act(state, "1 1C", "2 2C")
    assert playable(state) == {"2B", "3B"}
    assert_refused(state, "3 1E", "trump", "your partner is winning but partner_exemption is off")
    # Against an opponent's winning card the same rule says so.
    state = arrastre({1: "5C", 2: "2B 3B 1O 6E 10O 11O"}, muestra="4B", leader=1, rules=NO_EXEMPTION)
    act(state, "1 5C")
    assert_refused(state, "2 1O", "you hold no Copas and an opponent is winning")


def test_arrastre_void_without_trumps_any_card() -> None:
    """Void and holding no trump: any card may be played."""
    state = arrastre({1: "5C", 2: "1O 6E 10O 11O 12O 1E"}, muestra="4B", leader=1)
    act(state, "1 5C")
    assert playable(state) == {"1O", "6E", "10O", "11O", "12O", "1E"}


def test_arrastre_trump_led_must_follow_and_beat() -> None:
    """Trumps led: follow with a trump and beat the opponent's trump if able."""
    state = arrastre({1: "5B", 2: "2B 7B 1O 6E 10O 11O"}, muestra="4B", leader=1)
    act(state, "1 5B")
    assert playable(state) == {"7B"}
    assert_refused(state, "2 2B", "beat")


def test_heads_up_every_rule_reads_opponent_montar() -> None:
    """Heads-up: no partner; the one other player is an opponent (montar applies)."""
    state = arrastre({1: "5C", 0: "2C 7C 1O 6E 10O"}, muestra="4B", leader=1, players=2)
    act(state, "1 5C")
    assert playable(state) == {"7C"}
    assert_refused(state, "0 2C", "beat")


def test_heads_up_void_must_trump() -> None:
    """Heads-up: void in the suit led, the opponent winning: trump."""
    state = arrastre({1: "5C", 0: "2B 1O 6E 10O 11O"}, muestra="4B", leader=1, players=2)
    act(state, "1 5C")
    assert playable(state) == {"2B", "4B"}


def test_libre_100_arrastre_no_exemption_and_must_undertrump() -> None:
    """libre-100: partner_exemption=false and must_undertrump=true."""
    libre = Rules.preset("libre-100")
    hands = {1: "5C", 2: "7B 1O 6E 10O 11O 12O", 3: "6B 5B 2O 5O 6O 7O"}
    state = arrastre(hands, muestra="4B", leader=1, rules=libre)
    act(state, "1 5C", "2 7B")
    assert playable(state) == {"6B", "5B"}
    state = arrastre({1: "1C", 2: "2C", 3: "2B 3B 1E 6O 10E 11E"}, muestra="4B", leader=1, rules=libre)
    act(state, "1 1C", "2 2C")
    assert playable(state) == {"2B", "3B"}


def test_renuncio_is_blocked_and_names_the_rule() -> None:
    """An illegal play is blocked and the player is told which rule it breaks, in words."""
    state = arrastre({1: "5C", 2: "2C 4C 1O 6E 1B 10O"}, muestra="4B", leader=1)
    act(state, "1 5C")
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(parse_action("1O"))
    assert info.value.rule == "you must follow suit: you hold Copas"
    assert snapshot(state) == before
    assert_refused(state, "2 7E", "don't hold")
    assert_refused(state, "3 2C", "not your turn")
