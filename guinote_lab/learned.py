"""The learned player: a small value network over one seat's view and one candidate action.

:func:`encode` turns a :class:`~guinote_tui.engine.SeatView` and its legal
actions into one row of numbers per action: what the view shows (own hand,
cards seen to fall, the trick in progress, the muestra, the cards other
seats are known to hold, the voids card counting reveals, the scores and
what the juego needs, the cantes sung and still possible, the table size
and the seat's place in the trick) followed by what the action is and does
(its kind, its card, whether it takes the trick, the points it puts on the
table). Suits are written relative to trumps (trumps first) and ranks by
their strength, so the same situation in another suit reads the same.

A :class:`ValueNet` (one small multilayer perceptron per table size) scores
all the rows of a view in one batched product; :class:`LearnedBot` plays the
action with the highest score (ties go to the first of ``view.legal``, the
engine's fixed order). Everything is read from the view, so the bot cannot
peek; it draws nothing from its generator, so it is deterministic.

The weights are kept in ``data/`` beside this module (``learned.npz``, with a JSON sidecar
``learned.json`` naming the command, seed, games and commit that trained
them); ``guinote_lab.learn`` trains them by self-play. A spec may name
other weights: ``learned:weights=/path/to/weights.npz``.

Inference is a few products of matrices of at most a dozen rows: it is
meant to run on one thread. When this module is the first to import NumPy it
asks the BLAS library for one thread (``OPENBLAS_NUM_THREADS`` and its
relatives, unless already set), so a decision never wakes a thread pool.
"""

from __future__ import annotations

import io
import os
import random
import stat
import sys
import zipfile
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

if "numpy" not in sys.modules:  # pragma: no branch - depends on what was imported first
    for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")

import numpy as np

from guinote_tui.ai.base import Bot
from guinote_tui.ai.bitmasks import SUIT_MASK, Tables, cards_of, tables_for
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.engine import Action, DeclareTute, Pass, Play, SeatView, Sing, Stage, Swap

#: The weights shipped with the package.
WEIGHTS = Path(__file__).parent / "data" / "learned.npz"

# -- the layout of one row --------------------------------------------------------------------------------
# Blocks of 40 are cards in canonical order: (suit relative to trumps) * 10 + (strength - 1).
HAND, FALLEN, TRICK_OPP, TRICK_PARTNER, WINNING, MUESTRA, KNOWN_OPP, KNOWN_PARTNER, POSSIBLE_OPP = (
    40 * i for i in range(9)
)
VOIDS = 360  # 3 seats after this one x 4 suits: the seat has no card of the suit left (as far as the view tells)
SUNG_MINE = 372  # 4 suits: a cante sung by this seat's side
SUNG_THEIRS = 376
SCALARS = 380
(
    S_STOCK,
    S_ARRASTRE,
    S_PAIRS,
    S_POINTS_MINE,
    S_POINTS_THEIRS,
    S_CARDS_MINE,
    S_CARDS_THEIRS,
    S_CARRIED_MINE,
    S_CARRIED_THEIRS,
    S_FIRST,
    S_NEED_MINE,
    S_NEED_THEIRS,
    S_INSTANT,
    S_POSITION,  # 4: cards already in the trick
    _P1,
    _P2,
    _P3,
    S_WINDOW,
    S_TRICK_NUMBER,
    S_STAKE,
    S_PARTNER_WINNING,
    S_OPPONENT_WINNING,
    S_CANTE_OPEN_THEIRS,  # 4: rey and its pair both unseen, suit not sung
    _C1,
    _C2,
    _C3,
    S_CANTE_MINE,  # 4: this seat holds an unsung cante
    _M1,
    _M2,
    _M3,
) = range(SCALARS, SCALARS + 30)
BASE = SCALARS + 30
# The action's part.
A_KIND = 0  # 5: play, sing, swap, tute, pass
A_CARD = 5  # 40: the card played or given in a swap
A_SUIT = 45  # 4: the suit sung (or the tute's rank: suit slot 0 for reyes, 1 for the other)
A_POINTS = 49
A_TRUMP = 50
A_TAKES = 51
A_STAKE_AFTER = 52
A_LAST = 53
A_STRENGTH = 54
A_BREAKS_CANTE = 55
A_FOLLOWS = 56
ACTION = 57
FEATURES = BASE + ACTION

_KINDS = {Play: 0, Sing: 1, Swap: 2, DeclareTute: 3, Pass: 4}


_CANONICAL: dict[int, tuple[Tables, tuple[int, ...], tuple[int, ...]]] = {}


def _canonical(tables: Tables) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each card's canonical index, and the cante pair's two cards per suit (cached per tables)."""
    cached = _CANONICAL.get(id(tables))
    if cached is not None and cached[0] is tables:
        return cached[1], cached[2]
    trump = tables.trump
    canon = tuple(((c // 10 - trump) % 4) * 10 + tables.strength[c] - 1 for c in range(40))
    rey = 9  # rank index of the rey
    pairs = tuple((1 << (s * 10 + rey)) | (1 << (s * 10 + tables.cante_rank_index)) for s in range(4))
    _CANONICAL[id(tables)] = (tables, canon, pairs)
    return canon, pairs


def encode(view: SeatView, actions: Sequence[Action] | None = None) -> np.ndarray:
    """One row of :data:`FEATURES` numbers per action (``view.legal`` by default), as float32."""
    legal = view.legal if actions is None else tuple(actions)
    tables = tables_for(view.rules, view.trump)
    canon, pairs = _canonical(tables)
    points = tables.points
    strength = tables.strength
    beaters = tables.beaters
    players = view.players
    seat = view.seat
    side = seat & 1
    know = Knowledge.from_view(view)
    base = np.zeros(BASE, dtype=np.float32)

    def put(offset: int, mask: int) -> None:
        for card in cards_of(mask):
            base[offset + canon[card]] = 1.0

    put(HAND, know.mine)
    fallen = 0
    for trick in view.tricks:
        for card in trick.cards:
            fallen |= 1 << card
    put(FALLEN, fallen)
    winning_card = -1
    winning_seat = -1
    stake = 0
    for who, card in view.trick:
        base[(TRICK_PARTNER if who & 1 == side else TRICK_OPP) + canon[card]] = 1.0
        stake += points[card]
        if winning_card < 0 or beaters[winning_card] >> card & 1:
            winning_card, winning_seat = card, who
    if winning_card >= 0:
        base[WINNING + canon[winning_card]] = 1.0
        base[S_PARTNER_WINNING if winning_seat & 1 == side else S_OPPONENT_WINNING] = 1.0
    if view.muestra is not None:
        base[MUESTRA + canon[view.muestra]] = 1.0
    possible_opp = 0
    for other, known in know.known.items():
        put(KNOWN_PARTNER if other & 1 == side else KNOWN_OPP, known)
        possible = know.possible[other]
        if other & 1 != side:
            possible_opp |= possible
        offset = VOIDS + 4 * ((other - seat) % players - 1)
        for suit in range(4):
            if not possible & SUIT_MASK[suit]:
                base[offset + (suit - view.trump) % 4] = 1.0
    put(POSSIBLE_OPP, possible_opp)
    sung = 0
    for cante in view.cantes:
        sung |= 1 << cante.suit
        base[(SUNG_MINE if cante.seat & 1 == side else SUNG_THEIRS) + (cante.suit - view.trump) % 4] = 1.0
    for suit in range(4):
        if sung >> suit & 1:
            continue
        relative = (suit - view.trump) % 4
        if know.unseen & pairs[suit] == pairs[suit]:
            base[S_CANTE_OPEN_THEIRS + relative] = 1.0
        if know.mine & pairs[suit] == pairs[suit]:
            base[S_CANTE_MINE + relative] = 1.0
    target = view.rules.target
    mine_points, their_points = view.points[side], view.points[1 - side]
    mine_carried, their_carried = view.carried[side], view.carried[1 - side]
    base[S_STOCK] = view.stock_count / 30.0
    base[S_ARRASTRE] = 1.0 if view.in_arrastre else 0.0
    base[S_PAIRS] = 1.0 if players == 4 else 0.0
    base[S_POINTS_MINE] = mine_points / 130.0
    base[S_POINTS_THEIRS] = their_points / 130.0
    base[S_CARDS_MINE] = view.card_points[side] / 130.0
    base[S_CARDS_THEIRS] = view.card_points[1 - side] / 130.0
    base[S_CARRIED_MINE] = mine_carried / target
    base[S_CARRIED_THEIRS] = their_carried / target
    base[S_FIRST] = 1.0 if view.first_of_juego else 0.0
    base[S_NEED_MINE] = max(0, target - mine_carried - mine_points) / target
    base[S_NEED_THEIRS] = max(0, target - their_carried - their_points) / target
    base[S_INSTANT] = 1.0 if view.rules.vueltas and not view.first_of_juego else 0.0
    base[S_POSITION + min(len(view.trick), 3)] = 1.0
    base[S_WINDOW] = 0.0 if view.stage is Stage.PLAY else 1.0
    base[S_TRICK_NUMBER] = len(view.tricks) / 20.0
    base[S_STAKE] = stake / 30.0

    rows = np.zeros((len(legal), FEATURES), dtype=np.float32)
    rows[:, :BASE] = base
    last = len(view.trick) == players - 1
    led = view.trick[0][1] // 10 if view.trick else -1
    for index, action in enumerate(legal):
        row = rows[index]
        kind = _KINDS[type(action)]
        row[BASE + A_KIND + kind] = 1.0
        if isinstance(action, Play):
            card = action.card
            row[BASE + A_CARD + canon[card]] = 1.0
            row[BASE + A_POINTS] = points[card] / 11.0
            row[BASE + A_TRUMP] = 1.0 if card // 10 == view.trump else 0.0
            takes = winning_card < 0 or bool(beaters[winning_card] >> card & 1)
            row[BASE + A_TAKES] = 1.0 if takes else 0.0
            row[BASE + A_STAKE_AFTER] = (stake + points[card]) / 30.0
            row[BASE + A_LAST] = 1.0 if last else 0.0
            row[BASE + A_STRENGTH] = strength[card] / 10.0
            pair = pairs[card // 10]
            if pair >> card & 1 and know.mine & pair == pair and not sung >> (card // 10) & 1:
                row[BASE + A_BREAKS_CANTE] = 1.0
            row[BASE + A_FOLLOWS] = 1.0 if card // 10 == led else 0.0
        elif isinstance(action, Swap):
            row[BASE + A_CARD + canon[action.card]] = 1.0
        elif isinstance(action, Sing):
            row[BASE + A_SUIT + (action.suit - view.trump) % 4] = 1.0
        elif isinstance(action, DeclareTute):
            row[BASE + A_SUIT + (0 if action.rank == 12 else 1)] = 1.0
    return rows


class ValueNet:
    """A multilayer perceptron with ReLU hidden layers and one output: the action's value for the seat's side."""

    def __init__(self, layers: Sequence[tuple[np.ndarray, np.ndarray]]) -> None:
        self.layers = [(np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)) for w, b in layers]
        if not self.layers or self.layers[0][0].shape[0] != FEATURES or self.layers[-1][0].shape[1] != 1:
            raise ValueError(f"a value network takes {FEATURES} features and gives one value")

    def values(self, rows: np.ndarray) -> np.ndarray:
        """The value of each row (one batched product per layer)."""
        h = rows
        last = len(self.layers) - 1
        for index, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if index < last:
                np.maximum(h, 0.0, out=h)
        return h[:, 0]


class WeightsError(ValueError):
    """Weights that cannot be read; the message is one line."""


#: The largest weights file read, and the most its arrays may take once unpacked (the shipped ones: 1.1 and 1.2 MB).
MAX_WEIGHTS_BYTES = 16 * 1024 * 1024
MAX_WEIGHTS_UNPACKED = 64 * 1024 * 1024


def _named(path: Path) -> str:
    """The path as a message shows it: quoted, on one line, cut past 200 characters."""
    text = str(path)
    return repr(text) if len(text) <= 200 else repr(text[:200]) + "…"


def _weights_bytes(path: Path) -> bytes:
    """The bytes of the weights file ``path``: a regular file of at most :data:`MAX_WEIGHTS_BYTES`, else one line.

    A FIFO, a device or a folder is never read from (opening it does not block), as the game reads any file.
    """
    named = _named(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(path, flags)
    except OSError as exc:
        raise WeightsError(f"cannot read the learned player's weights {named}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise WeightsError(f"the learned player's weights {named}: {kind}, not a weights file")
        too_large = f"the learned player's weights {named}: larger than {MAX_WEIGHTS_BYTES // 2**20} MB"
        if info.st_size > MAX_WEIGHTS_BYTES:
            raise WeightsError(too_large)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_WEIGHTS_BYTES:
            chunk = os.read(handle, min(1 << 20, MAX_WEIGHTS_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_WEIGHTS_BYTES:  # it grew while being read
            raise WeightsError(too_large)
    except OSError as exc:
        raise WeightsError(f"cannot read the learned player's weights {named}: {exc.strerror or exc}") from None
    finally:
        os.close(handle)
    return b"".join(chunks)


def read_weights(path: Path) -> dict[int, ValueNet]:
    """The networks in a weights file, by table size (``net2_w0``, ``net2_b0``, ... ``net4_w0``...).

    Read as any file the game reads: a regular file within :data:`MAX_WEIGHTS_BYTES`, its arrays within
    :data:`MAX_WEIGHTS_UNPACKED` (checked before any is unpacked); anything else is a :class:`WeightsError`.
    """
    raw = _weights_bytes(path)
    named = _named(path)
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            if not isinstance(data, np.lib.npyio.NpzFile):
                raise ValueError("not an .npz")
            archive = data.zip
            unpacked = sum(int(item.file_size) for item in archive.infolist()) if archive is not None else 0
            if unpacked > MAX_WEIGHTS_UNPACKED:
                limit = MAX_WEIGHTS_UNPACKED // 2**20
                raise WeightsError(f"the learned player's weights {named}: arrays of more than {limit} MB unpacked")
            arrays = {name: data[name] for name in data.files}
    except (ValueError, EOFError, OSError, zipfile.BadZipFile) as exc:
        if isinstance(exc, WeightsError):
            raise
        raise WeightsError(f"{named} is not a learned player's weights file (an .npz of arrays)") from None
    nets: dict[int, ValueNet] = {}
    for players in (2, 4):
        layers: list[tuple[np.ndarray, np.ndarray]] = []
        while f"net{players}_w{len(layers)}" in arrays:
            layers.append((arrays[f"net{players}_w{len(layers)}"], arrays[f"net{players}_b{len(layers)}"]))
        if layers:
            try:
                nets[players] = ValueNet(layers)
            except ValueError as exc:
                raise WeightsError(f"{named}: {exc}") from None
    if not nets:
        raise WeightsError(f"{named} holds no network")
    return nets


@lru_cache(maxsize=8)
def _cached(path: str, stamp: tuple[int, int]) -> dict[int, ValueNet]:
    return read_weights(Path(path))


def load_weights(path: Path) -> dict[int, ValueNet]:
    """:func:`read_weights`, cached while the file is unchanged."""
    try:
        info = path.stat()
    except OSError as exc:
        raise WeightsError(f"cannot read the learned player's weights {_named(path)}: {exc.strerror}") from None
    return _cached(str(path), (info.st_mtime_ns, info.st_size))


def save_weights(path: Path, nets: dict[int, Sequence[tuple[np.ndarray, np.ndarray]]], **meta: Any) -> None:
    """Write networks (by table size) as :func:`read_weights` reads them; ``meta`` is kept as text arrays."""
    arrays: dict[str, np.ndarray] = {}
    for players, layers in nets.items():
        for index, (w, b) in enumerate(layers):
            arrays[f"net{players}_w{index}"] = np.asarray(w, dtype=np.float32)
            arrays[f"net{players}_b{index}"] = np.asarray(b, dtype=np.float32)
    for key, value in meta.items():
        arrays[f"meta_{key}"] = np.asarray(str(value))
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(path)


def best_index(values: np.ndarray) -> int:
    """The first of the highest values (ties go to the earlier action)."""
    return int(np.argmax(values))


class LearnedBot(Bot):
    """Plays the legal action the value network rates highest, from its view alone."""

    name = "learned"
    #: Not among the levels a player picks until the strength table measures it (guinote tournament names it).
    offered = False

    def __init__(self, weights: str = "") -> None:
        self.weights = Path(weights) if weights else WEIGHTS
        # Weights named in a spec are read at once, so a wrong path fails before any game; the shipped ones lazily.
        self._nets: dict[int, ValueNet] | None = load_weights(self.weights) if weights else None

    def net(self, players: int) -> ValueNet:
        if self._nets is None:
            self._nets = load_weights(self.weights)
        net = self._nets.get(players)
        if net is None:
            raise WeightsError(f"{_named(self.weights)} has no network for a table of {players}")
        return net

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        return legal[best_index(self.net(view.players).values(encode(view)))]
