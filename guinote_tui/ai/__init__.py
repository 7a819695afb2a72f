"""Bots: from random to expert. Each sees only its seat's view.

A bot is named by a *spec*: ``name`` or ``name:key=value,key=value`` where the
keys are the bot's settings (a search bot's :class:`SearchSettings` fields,
another bot's constructor arguments), e.g. ``hard:samples=12`` for a reduced
budget. Budgets count samples and playouts, never seconds, so a bot is
reproducible: the same view with the same generator state gives the same
action. :func:`decide` is how a bot is asked; :func:`offered_levels` are the
levels a player may choose (at each table size).

The modules: :mod:`.base` (the interface), :mod:`.rulebots` (easy, normal) on
:mod:`.policy`, :mod:`.search` (hard, expert) on :mod:`.playouts`,
:mod:`.determinize`, :mod:`.inference` and :mod:`.solver`, and
:mod:`.oracle` (the open-card measurement bots). The laboratory
(``guinote_lab``, not shipped) adds its experimental bots with :func:`register`.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.errors import shown
from ..engine.lazy import lazy_exports

if TYPE_CHECKING:  # the names as a type checker reads them; at run time each is imported on first use
    from .base import (
        Bot as Bot,
    )
    from .base import (
        BotError as BotError,
    )
    from .base import (
        OpenCardBot as OpenCardBot,
    )
    from .base import (
        RandomBot as RandomBot,
    )
    from .base import (
        decide as decide,
    )
    from .oracle import OpenBot as OpenBot
    from .oracle import TeamBot as TeamBot
    from .rulebots import EasyBot as EasyBot
    from .rulebots import NormalBot as NormalBot
    from .search import ExpertBot as ExpertBot
    from .search import HardBot as HardBot
    from .search import SearchSettings as SearchSettings


BotFactory = Callable[..., "Bot"]


class _Deferred:
    """A bot named by its module and class, the module imported only when the bot is made or its parameters read.

    The bots' modules (the search, the rules, the solver's tables) cost more than a
    command that makes no bot (the help, the statistics); the levels offered are known without them.
    :attr:`offered` is the class's own ``offered`` (a test checks them).
    """

    def __init__(self, module: str, name: str, offered: bool = True) -> None:
        #: ``.search`` (a module of this package) or ``guinote_lab.learned`` (one elsewhere).
        self.module, self.name, self.offered = module, name, offered

    def resolve(self) -> type[Bot]:
        bot: type[Bot] = getattr(importlib.import_module(self.module, __name__), self.name)
        return bot

    def __call__(self, **kwargs: Any) -> Bot:
        return self.resolve()(**kwargs)


#: name -> factory; weakest first, the measurement-only bots (seeing hidden cards) last.
REGISTRY: dict[str, BotFactory] = {
    "random": _Deferred(".base", "RandomBot", offered=False),
    "easy": _Deferred(".rulebots", "EasyBot"),
    "normal": _Deferred(".rulebots", "NormalBot"),
    "hard": _Deferred(".search", "HardBot"),
    "expert": _Deferred(".search", "ExpertBot"),
    "open": _Deferred(".oracle", "OpenBot", offered=False),
    "team": _Deferred(".oracle", "TeamBot", offered=False),
}


#: The values each numeric parameter of a spec may take (every bot's; a parameter has one meaning wherever it is).
#: They cover every setting measured (docs/lab) with room above it, and keep a decision within seconds: ``samples``
#: at 2000 is ten times expert's playouts (some 4 s a decision, pairs), ``leaf_stock`` at 12 about twice the time of
#: a hand at the default (the whole heads-up stock, 27, three times), ``arrastre_nodes`` 2,000,000 some 2 s.
SPEC_RANGES: dict[str, tuple[float, float]] = {
    # easy: chances
    "miss_cante": (0.0, 1.0),
    "miss_swap": (0.0, 1.0),
    "blunder": (0.0, 1.0),
    # hard, expert, team (SearchSettings); open shares arrastre_nodes
    "samples": (1, 2000),
    "arrastre_samples": (1, 1000),
    "arrastre_nodes": (1, 2_000_000),
    "leaf_stock": (0, 12),
    "infer_eps": (0.0, 1.0),  # (more than 0: SearchSettings says so)
    "infer_depth": (1, 20),
    "oversample": (1, 20),
    "race_min": (2, 1000),
    "race_batch": (1, 1000),
    "early_stock": (0, 40),
    "early_samples": (0, 2000),
    "tie_z": (0.0, 4.0),
    "tie_z_lead": (-1.0, 4.0),  # (below 0: tie_z)
    "resample": (0, 2000),
    "resample_z": (0.0, 4.0),  # (more than 0: SearchSettings says so)
    "resample_moves": (0, 10_000_000),
    "resample_same": (0.0, 40.0),
    # open
    "stock_samples": (1, 400),
}


def _convert(name: str, key: str, raw: str, default: Any) -> Any:
    """Turn ``raw`` into the type of the parameter's default, within the parameter's :data:`SPEC_RANGES`."""
    kind = {bool: "true or false", int: "a whole number", float: "a finite number"}.get(type(default), "text")
    value: Any = raw
    try:
        if isinstance(default, bool):
            if raw.lower() in ("true", "yes", "1", "on"):
                return True
            if raw.lower() in ("false", "no", "0", "off"):
                return False
            raise ValueError
        if isinstance(default, int):
            value = int(raw)
        elif isinstance(default, float):
            value = float(raw)
            if not math.isfinite(value):
                raise ValueError
    except ValueError:  # (also an int of more digits than Python converts)
        raise ValueError(f"bot {name}: {key} must be {kind}, not {shown(raw)}") from None
    if key in SPEC_RANGES and isinstance(default, int | float):
        low, high = SPEC_RANGES[key]
        if not low <= value <= high:
            kind = "a whole number" if isinstance(default, int) else "a number"
            raise ValueError(
                f"bot {name}: {key} must be {kind} from {_number(low)} to {_number(high)}, not {shown(raw)}"
            )
    return value


def _number(value: float) -> str:
    """``12``, ``2,000,000``, ``0.5``: a bound as a person writes it."""
    return f"{value:,}" if float(value).is_integer() and abs(value) >= 10_000 else f"{value:g}"


def spec_defaults(name: str) -> dict[str, Any]:
    """The parameters a spec for bot ``name`` may set, with the bot's defaults.

    A search bot's are the fields of its ``SETTINGS`` (a :class:`SearchSettings`);
    any other bot's are its constructor's keyword parameters.
    """
    factory = REGISTRY[name]
    if isinstance(factory, _Deferred):
        factory = factory.resolve()
    settings = getattr(factory, "SETTINGS", None)
    if settings is not None and dataclasses.is_dataclass(settings):
        return {field.name: getattr(settings, field.name) for field in dataclasses.fields(settings)}
    params = inspect.signature(factory).parameters
    return {key: p.default for key, p in params.items() if p.default is not inspect.Parameter.empty}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``name:key=value,...`` into the bot name and typed keyword arguments."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("a bot is named like 'normal' or 'hard:samples=12'")
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if name not in REGISTRY:
        raise ValueError(f"unknown bot {shown(name)}: choose from {', '.join(REGISTRY)}")
    defaults = spec_defaults(name)
    kwargs: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq:
            raise ValueError(f"bot {name}: write parameters as key=value, not {shown(item)}")
        if key not in defaults:
            known = ", ".join(defaults) or "none"
            raise ValueError(f"bot {name} has no parameter {shown(key)} (parameters: {known})")
        if key in kwargs:
            raise ValueError(f"bot {name}: {key} is given twice")
        kwargs[key] = _convert(name, key, raw.strip(), defaults[key])
    return name, kwargs


def make_bot(spec: str) -> Bot:
    """A new bot from its spec: ``random``, ``easy``, ``normal``, ``hard:samples=12``..."""
    name, kwargs = parse_spec(spec)
    return REGISTRY[name](**kwargs)


def spec_list(text: str, *, players_only: bool = False) -> list[str]:
    """Bot specs from one command-line value, each checked with :func:`make_bot`.

    Specs are separated by semicolons, or by commas when none has parameters
    (``easy,normal`` but ``hard:samples=12;expert``). ``players_only`` refuses
    a bot that sees every card. Raises ``ValueError`` with one readable line.
    """
    specs = [s.strip() for s in (text.split(";") if ";" in text or ":" in text else text.split(",")) if s.strip()]
    if not specs:
        raise ValueError("name at least one bot")
    from .base import OpenCardBot  # (the module's names load when first asked: see __getattr__)

    for spec in specs:
        if isinstance(make_bot(spec), OpenCardBot) and players_only:
            raise ValueError(f"bot {spec} sees every card: it is the oracle, not a player")
    return specs


def register(name: str, module: str, cls: str) -> None:
    """Add a bot that is never offered to players, named ``name``: class ``cls`` of module ``module`` (absolute),
    imported when the bot is first made. The laboratory adds its experimental players this way."""
    if name in REGISTRY:
        raise ValueError(f"a bot is already named {shown(name)}")
    REGISTRY[name] = _Deferred(module, cls, offered=False)


def bot_names(offered_only: bool = False) -> list[str]:
    """Registered bot names, weakest first; ``offered_only`` hides measurement bots."""
    return [name for name, factory in REGISTRY.items() if not offered_only or getattr(factory, "offered", True)]


#: The table sizes a level is offered at: heads-up and pairs.
TABLE_SIZES: tuple[int, ...] = (2, 4)


def offered_levels(players: int | None = None) -> list[str]:
    """Bot levels a player may choose at a table of ``players``, weakest first (``random`` if none is offered).

    Only the levels the strength table offers at that table size (each measurably stronger than the one below
    it there, see :mod:`.strength`); the others stay available by name to ``guinote tournament``. Without a
    table size, the levels offered at any size (what ``--level`` accepts before the table is known).
    """
    from .strength import strength_table

    table = strength_table()
    measured = {level for levels in table.levels.values() for level in levels}
    sizes = TABLE_SIZES if players is None else (players,)
    # A level the table measured is offered only where the table offers it; one it never measured is left alone.
    return [
        name
        for name in bot_names(offered_only=True)
        if name not in measured or any(table.offers(name, size) for size in sizes)
    ] or ["random"]


def default_level(players: int | None = None) -> str:
    """``normal`` when it is offered (at a table of ``players``), otherwise the strongest level offered."""
    levels = offered_levels(players)
    return "normal" if "normal" in levels else levels[-1]

#: Each name of the ``TYPE_CHECKING`` imports above is imported the first time it is used
#: (:mod:`guinote_tui.engine.lazy`); the rest are this module's own.
__getattr__, __dir__, __all__ = lazy_exports(
    __name__,
    __file__,
    globals(),
    own=(
        *("REGISTRY", "SPEC_RANGES", "TABLE_SIZES", "bot_names", "default_level", "make_bot", "offered_levels"),
        *("parse_spec", "register", "spec_defaults", "spec_list"),
    ),
)
