"""The rule set: every variant flag of the rulebook (docs/rules.md), with named presets.

    >>> Rules.preset("aragones").partner_exemption
    True
    >>> Rules.preset("libre-100").target
    100
    >>> Rules.preset("aragones", tute="off").tute
    'off'

A :class:`Rules` value is frozen; ``with_flags`` returns a changed copy.
Flags that the rulebook names keep its names; the ones it implies for the
``libre-100`` preset (card order, cante pair, swap window, target, vueltas,
how a tie over the target is settled, capote) are named here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, ClassVar, Literal, get_args

from .cards import CABALLO, RANKS, REY, SOTA
from .errors import EngineError, ErrorCode, shown


class RulesError(EngineError):
    """An unknown preset, an unknown flag, or a value a flag cannot take."""


CardOrder = Literal["sota_high", "caballo_high"]
CantePair = Literal["rey_sota", "rey_caballo"]
DealPacket = Literal[3, 1]
NextDealer = Literal["rotate", "last_trick_winner"]
CanteLimit = Literal["per_side", "per_player"]
SwapWindow = Literal["after_trick", "own_turn"]
BothReach = Literal["last_trick", "higher_score"]
CapoteBonus = Literal[0, 100]
TuteRule = Literal["juego", "points40", "off"]


@dataclass(frozen=True)
class Rules:
    """Every flag of the rules, defaulting to the ``aragones`` preset."""

    preset_name: str = "aragones"
    card_order: CardOrder = "sota_high"
    cante_pair: CantePair = "rey_sota"
    deal_packet: DealPacket = 3
    next_dealer: NextDealer = "rotate"
    partner_exemption: bool = True
    must_undertrump: bool = False
    cante_limit: CanteLimit = "per_side"
    two_for_seven: bool = True
    swap_low_muestra: bool = True
    swap_window: SwapWindow = "after_trick"
    treinta_malas: bool = True
    vueltas: bool = True
    target: int = 101
    both_reach: BothReach = "last_trick"
    capote_bonus: CapoteBonus = 0
    tute: TuteRule = "juego"
    juegos_per_coto: int = 3
    cotos_to_win: int = 1

    #: What each flag means, in one line (``guinote rules --flags`` lists them).
    FLAG_HELP: ClassVar[dict[str, str]] = {
        "card_order": "Which of sota and caballo ranks higher (and scores 3; the other scores 2).",
        "cante_pair": "The cards of a cante: rey + sota, or rey + caballo.",
        "deal_packet": "Cards dealt per packet: two rounds of 3, or one at a time.",
        "next_dealer": "Who deals the next hand: the seat to the dealer's right, or the last trick's winner.",
        "partner_exemption": "In the arrastre, a player whose partner is winning need only follow suit.",
        "must_undertrump": "In the arrastre, a void player who cannot over-trump must still play a trump.",
        "cante_limit": "One cante per trick won per side, or per player.",
        "two_for_seven": "If the muestra is the 7 of trumps, the 2 of trumps may be exchanged for it.",
        "swap_low_muestra": "A muestra lower than the 7 may still be taken by the swap.",
        "swap_window": "When the swap may be made: after the side won a trick, or on the holder's turn.",
        "treinta_malas": "First hand of a juego: 101 counts only with 30 from cards plus the last ten.",
        "vueltas": "Hands after the first of a juego end the moment a side reaches the target.",
        "target": "Points that win a juego.",
        "both_reach": "When both sides reach the target at the end of a hand: last trick wins, or higher score.",
        "capote_bonus": "Bonus for a side that takes every trick of a hand.",
        "tute": "Four reyes (or four of the cante's other card): wins the juego, scores 40, or nothing.",
        "juegos_per_coto": "Juegos a side needs to win a coto.",
        "cotos_to_win": "Cotos a side needs to win the match.",
    }

    #: The values each flag with a fixed set of choices may take (from its ``Literal`` type).
    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "card_order": get_args(CardOrder),
        "cante_pair": get_args(CantePair),
        "deal_packet": get_args(DealPacket),
        "next_dealer": get_args(NextDealer),
        "cante_limit": get_args(CanteLimit),
        "swap_window": get_args(SwapWindow),
        "both_reach": get_args(BothReach),
        "tute": get_args(TuteRule),
        "capote_bonus": get_args(CapoteBonus),
    }
    #: The values each numeric flag may take. Real play is 100 or 101 points, 1 to 5 juegos a coto and 1 to 3 cotos
    #: (the start screen's choices); the bounds leave room above that and keep the longest match these rules allow
    #: (without an exact tie over the target, hand after hand) to 486 hands, within the
    #: :data:`~guinote_tui.engine.limits.MAX_HANDS` a match may hold, so that what the game writes it reads back.
    RANGES: ClassVar[dict[str, tuple[int, int]]] = {
        "target": (1, 300),
        "juegos_per_coto": (1, 5),
        "cotos_to_win": (1, 5),
    }

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "preset_name":
                continue
            if f.type == "bool" or isinstance(f.default, bool):
                if not isinstance(value, bool):
                    raise RulesError(ErrorCode.RULES_NOT_BOOLEAN, flag=f.name, value=shown(value))
            elif f.name in self.CHOICES:
                if value not in self.CHOICES[f.name] or isinstance(value, bool):
                    options = " | ".join(str(v) for v in self.CHOICES[f.name])
                    raise RulesError(ErrorCode.RULES_NOT_CHOICE, flag=f.name, choices=options, value=shown(value))
            elif f.name in self.RANGES:
                low, high = self.RANGES[f.name]
                if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                    raise RulesError(ErrorCode.RULES_NOT_IN_RANGE, flag=f.name, low=low, high=high, value=shown(value))

    # -- construction -------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "aragones", **overrides: Any) -> Rules:
        """The named preset with some flags overridden."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise RulesError(ErrorCode.RULES_UNKNOWN_PRESET, value=shown(name), presets=", ".join(PRESETS)) from None
        return base.with_flags(**overrides) if overrides else base

    def with_flags(self, **overrides: Any) -> Rules:
        """A copy with some flags changed; unknown flags are an error."""
        names = {f.name for f in fields(self)} - {"preset_name"}
        for key in overrides:
            if key not in names:
                raise RulesError(ErrorCode.RULES_UNKNOWN_FLAG_OF, value=shown(key), flags=", ".join(sorted(names)))
        return replace(self, **overrides)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rebuild rules from :meth:`to_dict` output (``preset_name`` plus flags)."""
        if not isinstance(data, dict):
            raise RulesError(ErrorCode.RULES_NOT_OBJECT)
        data = dict(data)
        name = data.pop("preset_name", "aragones")
        if not isinstance(name, str):
            raise RulesError(ErrorCode.RULES_PRESET_NOT_TEXT)
        return cls.preset(name, **data)

    @staticmethod
    def parse_flag(text: str) -> tuple[str, Any]:
        """Parse ``name=value`` from the command line into a typed flag.

        >>> Rules.parse_flag("tute=off")
        ('tute', 'off')
        >>> Rules.parse_flag("partner_exemption=false")
        ('partner_exemption', False)
        """
        if "=" not in text:
            raise RulesError(ErrorCode.RULES_FLAG_FORM, value=shown(text))
        key, raw = (part.strip() for part in text.split("=", 1))
        key = key.replace("-", "_")
        defaults = {f.name: f.default for f in fields(Rules)}
        if key not in defaults or key == "preset_name":
            raise RulesError(ErrorCode.RULES_UNKNOWN_FLAG, value=shown(key))
        default = defaults[key]
        value: Any
        if isinstance(default, bool):
            if raw.lower() not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                raise RulesError(ErrorCode.RULES_NOT_BOOLEAN, flag=key, value=shown(raw))
            value = raw.lower() in ("true", "yes", "1", "on")
        elif isinstance(default, int):
            try:
                value = int(raw)
            except ValueError:
                raise RulesError(ErrorCode.RULES_NOT_NUMBER, flag=key, value=shown(raw)) from None
        else:
            value = raw
        return key, value

    # -- derived tables -----------------------------------------------------

    @property
    def cante_rank(self) -> int:
        """The rank that pairs with the rey in a cante (sota or caballo)."""
        return SOTA if self.cante_pair == "rey_sota" else CABALLO

    @property
    def tute_ranks(self) -> tuple[int, int]:
        """Ranks of which holding all four is a tute."""
        return (REY, self.cante_rank)

    def rank_order(self) -> tuple[int, ...]:
        """Ranks from strongest to weakest in trick play."""
        middle = (SOTA, CABALLO) if self.card_order == "sota_high" else (CABALLO, SOTA)
        return (1, 3, REY, *middle, 7, 6, 5, 4, 2)

    def rank_points(self) -> dict[int, int]:
        """Card points by rank: the higher of sota and caballo scores 3."""
        high, low = (SOTA, CABALLO) if self.card_order == "sota_high" else (CABALLO, SOTA)
        points = {r: 0 for r in RANKS}
        points.update({1: 11, 3: 10, REY: 4, high: 3, low: 2})
        return points

    @classmethod
    def flag_lines(cls) -> list[str]:
        """Every flag with its values and its value in each preset, one line each (for ``--help``)."""
        lines = []
        for f in fields(cls):
            if f.name == "preset_name":
                continue
            if f.name in cls.CHOICES:
                values = " | ".join(str(v) for v in cls.CHOICES[f.name])
            elif f.name in cls.RANGES:
                low, high = cls.RANGES[f.name]
                values = f"{low}-{high}"
            else:
                values = "true | false"
            presets = ", ".join(f"{name}: {_text(getattr(rules, f.name))}" for name, rules in PRESETS.items())
            lines.append(f"{f.name} = {values}  ({presets})\n    {cls.FLAG_HELP[f.name]}")
        return lines

    def differences(self) -> dict[str, Any]:
        """Flags that differ from this rule set's preset."""
        base = PRESETS.get(self.preset_name, ARAGONES)
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "preset_name" and getattr(self, f.name) != getattr(base, f.name)
        }


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


ARAGONES = Rules()
LIBRE_100 = Rules(
    preset_name="libre-100",
    card_order="caballo_high",
    cante_pair="rey_caballo",
    deal_packet=1,
    swap_window="own_turn",
    partner_exemption=False,
    must_undertrump=True,
    treinta_malas=False,
    vueltas=False,
    target=100,
    both_reach="higher_score",
    capote_bonus=100,
    tute="off",
    juegos_per_coto=1,
)
PRESETS: dict[str, Rules] = {"aragones": ARAGONES, "libre-100": LIBRE_100}
