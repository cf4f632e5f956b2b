"""Every public door of a game, called with hostile values: ``fuzz(game, calls, seed)``.

A door is a public function or method that takes a state, an observation, a move, a level
or a name: ``new_game``, ``position``, ``parse_move``, ``state.check``, ``state.play``,
``state.observation``, ``state.move_text``, ``state.parse_move``, ``state.replay``,
``state.undo``, ``move.text``, ``verdict.reason``, the rule options (``SevensRules(**…)``
…), ``save``/``load``, ``render_html``, the chance step's ``probability``, the computer
players (``ComputerPlayer``, ``.choose``, ``computer_move``), the catalog (``rule``,
``rules_for``), the registry (``game_spec``), and each game's own: Sevens'
``public_history``, ``from_parts``, the state's ``hand``, ``row``, ``fits``, ``holder``,
``is_out``, ``to_text``, ``parse_card`` and ``analysis`` (``what_if``, ``round_chances``,
``sampling_margin``); Flip 7's ``odds`` (``exact_odds``, ``solve_policy``,
``optimal_policy``, ``stop_at_value``), its ``tournament`` (``policy`` and a policy's
``choose``, ``play_game``, ``schedule``, ``standings``) and its ``card``; Double Seven's
``tile_kind``. Left out: ``compare`` (a whole tournament when its arguments are valid),
and the seat readers of Flip 7 (``status``, ``line``, ``has_card``, ``number_sum``,
``score_now``) and Double Seven (``rack``, ``family_size``, ``score``) and those two games'
``from_parts``, which trust what they are given (see ``_SEAT_METHODS``).

Each call gets hostile values: None, numbers (ints, floats, nan, huge ints, bools), text
(empty, unicode, right-to-left, control characters, lone surrogates, very long), bytes,
lists, dicts, nested junk, other games' states, observations and moves, real values from
the wrong place (another seat's observation, another position's moves), and real values
changed a little: an observation with one field removed or changed to a wrong type,
range or length (at any depth), a position text or save with characters, lines or
numbers changed.

A call **escapes** when it raises anything but the engine's own errors
(``doublesept.errors.DoubleseptError``), when ``check(move)`` raises at all (it returns a
``Verdict``, whatever the input), when a call takes longer than ``SLOW`` seconds, or when a
valid call (a real observation of the seat to move with its legal moves, a real state
with a real level, a real text or save) is refused or answers wrongly. ``fuzz`` returns a
``FuzzReport`` with the calls made and the escapes, each with the door, the arguments
(short) and the exception, so a failure can be replayed from its seed.

    >>> report = fuzz("sevens", 200, seed=1)
    >>> report.calls, report.escapes
    (200, [])

``tests/test_door_fuzz.py`` runs it at a CI size; ``benchmarks/fuzz_doors.py`` runs it long.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import random
import signal
import warnings
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

import doublesept
from doublesept import CHANCE, double_seven, flip7, sevens
from doublesept.catalog import rule, rules_for
from doublesept.core.registry import game_spec
from doublesept.core.state import Verdict
from doublesept.double_seven import players as double_seven_players
from doublesept.errors import DoubleseptError, shown
from doublesept.flip7 import odds as flip7_odds
from doublesept.flip7 import players as flip7_players
from doublesept.flip7 import tournament
from doublesept.sevens import analysis as sevens_analysis
from doublesept.sevens import players as sevens_players

GAMES = ("sevens", "flip7", "double_seven")
SLOW = 5.0  # seconds: a call that takes longer escapes (it hangs a widget or a lesson)
SHOWN_ESCAPES = 50  # escapes kept in a report with their arguments (all are counted)


class _Opaque:
    """An object of no game, with a fixed repr."""

    def __repr__(self) -> str:
        return "<opaque>"


class _BadRepr:
    """An object whose repr and str fail (an error message quotes it with ``shown``). Its
    equality and hash work: the engine compares and looks up what it is given."""

    def __repr__(self):
        raise RuntimeError("no repr")

    __str__ = __repr__


def _nested(depth: int):
    value: object = None
    for i in range(depth):
        value = [value] if i % 2 else {"x": value}
    return value


# Values of no game at all. The very long and deep ones are made once.
LONG_TEXT = "7♦" * 6000
SCALARS = (
    None, 0, 1, -1, 2, 3, 7, 17, 99, 2**31, 2**64, -2**64, 10**5000, -(10**400), 0.0, 3.5, -0.5,
    float("nan"), float("inf"), float("-inf"), True, False, "", " ", "\t\n", "x", "0", "-1",
    "1e3", "٣", "１２", "²", "7♦", "7D", "pass", "hit", "stay", "deal", "draw", "fox", "Ann",
    "ann", "\u202eAnn", "\u200f\u05d0\u05d1", "\x00", "\x1b[31m", "\ud800", "é" * 300,
    "a" * 2000, LONG_TEXT, b"7D", bytearray(b"hit"), [], [None], [1, 2], ["hit", "stay"],
    (), (None,), {}, {"a": 1}, {None: None}, {1: [2, {3: ()}]}, set(), frozenset({1}),
    Fraction(1, 3), Decimal("1.5"), complex(1, 2), _Opaque(), _BadRepr(), _nested(60),
    _nested(3000), object, len, range(3), iter([1, 2]),
)
UNICODE_BITS = ("", " ", ",", ":", "-", "×", "+", "♦", "٣", "\u202e", "\x00", "\ud800", "\n",
                "9" * 60, "-1", "0", "99", "é", "(", ")", "…")


@dataclass
class Escape:
    """One call that escaped: the door, its arguments (short) and what happened."""

    door: str
    arguments: str
    error: str

    def __str__(self) -> str:
        return f"{self.door}({self.arguments}) -> {self.error}"


@dataclass
class FuzzReport:
    """What ``fuzz`` did: the game, the calls made, the escapes found (``count`` of them,
    the first ``SHOWN_ESCAPES`` kept, and how many of each door and exception: ``kinds``)
    and the calls per door."""

    game: str
    seed: int
    calls: int = 0
    count: int = 0
    escapes: list = field(default_factory=list)
    kinds: dict = field(default_factory=dict)
    doors: dict = field(default_factory=dict)

    def add(self, escape: Escape) -> None:
        self.count += 1
        kind = f"{escape.door}: {escape.error.split(':')[0]}"
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        if self.kinds[kind] <= 5 and len(self.escapes) < SHOWN_ESCAPES:
            self.escapes.append(escape)

    def summary(self, shown_escapes: int = 10) -> str:
        lines = [f"{self.game}, seed {self.seed}: {self.calls} calls, {self.count} escapes"]
        lines += [f"  {e}" for e in self.escapes[:shown_escapes]]
        return "\n".join(lines)


class _Slow(BaseException):
    """Raised inside a call that took longer than SLOW (a BaseException, so no engine
    ``except Exception`` swallows it)."""


def _on_alarm(signum, frame):
    raise _Slow


# ---------------------------------------------------------------- the pools of real values


@dataclass
class _Pool:
    """Real values of one game: states at every stage, their observations, moves and
    texts."""

    game: str
    module: object
    players: object
    states: list
    deciding: list  # states where a player is to move
    chances: list  # states where chance acts
    observations: list  # every seat's and the spectator's, of every state
    moves: list  # real move values
    texts: list  # real move texts
    positions: list  # to_text() of the states
    saves: list  # save() of the states


def _start(game: str, rng: random.Random, seed: int):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if game == "sevens":
            preset = rng.choice((None, None, "app", "international", "fan-tan",
                                 "shichi-narabe", "german"))
            options = {} if preset else rng.choice(({}, {"runs": "on"},
                                                    {"elimination": "three-passes"},
                                                    {"chips": 50, "passing": "fan-tan"}))
            return sevens.new_game(rng.randint(3, 6), seed=seed, rounds=rng.randint(1, 2),
                                   preset=preset, **options)
        if game == "flip7":
            side = rng.choice(("dealer", "left"))
            return flip7.new_game(rng.randint(2, 6), seed=seed, deal_start=side,
                                  first_player=side, flip7_bonus=rng.choice((15, 0, 40)),
                                  deferred_after_bust=rng.choice(("give", "discard")),
                                  nested_actions=rng.choice(("depth-first", "shared-queue")))
        options = {n: rng.choice(o.values) for n, o in double_seven.OPTIONS.options.items()}
        players = rng.randint(2, 4)
        return double_seven.new_game(players, seed=seed, first=rng.randrange(players),
                                     **options)


_MODULES = {"sevens": (sevens, sevens_players), "flip7": (flip7, flip7_players),
            "double_seven": (double_seven, double_seven_players)}
_POOLS: dict = {}


def pool(game: str) -> _Pool:
    """The real values of ``game``, from three seeded random games (made once)."""
    if game in _POOLS:
        return _POOLS[game]
    module, players = _MODULES[game]
    states = []
    for seed in range(3):
        rng = random.Random(f"pool/{game}/{seed}")
        state = _start(game, rng, seed)
        path = [state]
        while state.to_move is not None and len(path) < 3000:
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))])
            path.append(state)
        # the start, the end, and about 30 states between
        step = max(1, len(path) // 30)
        states += path[::step] + [path[-1]]
    deciding = [s for s in states if s.to_move is not None and s.to_move is not CHANCE]
    chances = [s for s in states if s.to_move is CHANCE]
    observations = []
    for s in states[::2]:
        observations += [s.observation(seat) for seat in (*range(len(s.names)), None)]
    moves = sorted({m for s in states for m in s.legal_moves()}, key=repr)[:400]
    texts = [_text(game, s, m) for s in deciding[:40] for m in s.legal_moves()][:400]
    made = _Pool(game, module, players, states, deciding, chances, observations, moves,
                 texts, [s.to_text() for s in states[::3]],
                 [doublesept.save(s) for s in states[::4]])
    _POOLS[game] = made
    return made


def _text(game: str, state, move) -> str:
    return sevens.move_text(move) if game == "sevens" else state.move_text(move)


def _legal(game: str, state) -> tuple:
    return tuple(_text(game, state, m) for m in state.legal_moves())


# ---------------------------------------------------------------- hostile values


class _Junk:
    """Hostile values for one game's fuzz run (its own pool and the other games')."""

    def __init__(self, game: str, rng: random.Random):
        self.game = game
        self.rng = rng
        self.own = pool(game)
        self.others = [pool(g) for g in GAMES if g != game]

    def other(self):
        """A value of another game: a state, an observation, a move or a move text."""
        p = self.rng.choice(self.others)
        kind = self.rng.randrange(5)
        if kind == 0:
            return self.rng.choice(p.states)
        if kind == 1:
            return copy.deepcopy(self.rng.choice(p.observations))
        if kind == 2:
            return self.rng.choice(p.moves)
        if kind == 3:
            return self.rng.choice(p.texts)
        return self.rng.choice(p.positions)

    def value(self):
        """Any hostile value: no game's, another game's, or this game's from elsewhere."""
        roll = self.rng.random()
        if roll < 0.55:
            return self.rng.choice(SCALARS)
        if roll < 0.7:
            return self.other()
        if roll < 0.8:
            return self.text()
        if roll < 0.9:
            return self.structure()
        p = self.own
        return self.rng.choice((self.rng.choice(p.states), self.rng.choice(p.moves),
                                copy.deepcopy(self.rng.choice(p.observations)),
                                self.rng.choice(p.texts)))

    def structure(self, depth: int = 0):
        """Nested junk: lists and dicts of junk."""
        rng = self.rng
        if depth > 2 or rng.random() < 0.3:
            return rng.choice(SCALARS[:60])
        if rng.random() < 0.5:
            return [self.structure(depth + 1) for _ in range(rng.randint(0, 4))]
        keys = ("seat", "players", "lines", "rack", "hand", "numbers", "x", 0, None)
        return {rng.choice(keys): self.structure(depth + 1) for _ in range(rng.randint(0, 4))}

    def text(self, base: str | None = None) -> str:
        """A real text (a move, a position, or ``base``) with a few changes."""
        rng = self.rng
        if base is None:
            base = rng.choice(self.own.texts + self.own.positions[:3])
        text = base
        for _ in range(rng.randint(1, 3)):
            text = _mutate_text(rng, text)
        return text

    def moves(self):
        """A hostile move: junk, another game's move, a real move text changed, or a real
        move of this game (which may or may not be legal where it is tried)."""
        roll = self.rng.random()
        if roll < 0.25:
            return self.rng.choice(self.own.moves)
        if roll < 0.4:
            return self.rng.choice(self.own.texts)
        if roll < 0.55:
            return self.text(self.rng.choice(self.own.texts))
        return self.value()

    def observation(self, base: dict | None = None):
        """A real observation with one change (at any depth), or junk."""
        rng = self.rng
        if base is None:
            if rng.random() < 0.15:
                return self.value()
            base = rng.choice(self.own.observations)
        changed = copy.deepcopy(base)
        for _ in range(1 if rng.random() < 0.8 else rng.randint(2, 4)):
            changed = _mutate_value(rng, changed, self)
        return changed

    def legal(self, state=None):
        rng = self.rng
        roll = rng.random()
        if state is not None and roll < 0.5:
            legal = list(_legal(self.game, state))
            if roll < 0.25:
                return tuple(legal)
            changed = _mutate_value(rng, legal, self)
            return tuple(changed) if isinstance(changed, list) else changed
        if roll < 0.75:
            return tuple(rng.sample(self.own.texts, min(len(self.own.texts),
                                                        rng.randint(1, 4))))
        return self.value()

    def level(self):
        levels = self.own.players.LEVELS
        if self.rng.random() < 0.5:
            return self.rng.choice(levels)
        return self.rng.choice((*SCALARS[:70], "Easy", "expert", "random", "greedy",
                                "strategy", "easy ", "medium\x00", "hard" * 10))

    def seed(self):
        if self.rng.random() < 0.5:
            return self.rng.randrange(2**64)
        return self.value()

    def name(self):
        """A hostile name (of a game, a rule, a policy)."""
        rng = self.rng
        names = ("sevens", "flip7", "doubleseven", "double_seven", "sevens.must-play",
                 "flip7.bust", "doubleseven.sept", f"{self.game}.zz", "stop-20", "stop-0",
                 "stop-999999", "stop-٣", "exact-odds", "easy", "hard")
        if rng.random() < 0.5:
            return rng.choice(names)
        if rng.random() < 0.5:
            return self.text(rng.choice(names))
        return self.value()


def _mutate_text(rng: random.Random, text: str) -> str:
    if not text:
        return rng.choice(UNICODE_BITS)
    kind = rng.randrange(9)
    i = rng.randrange(len(text))
    j = min(len(text), i + rng.randint(1, 12))
    lines = text.split("\n")
    if kind == 0:  # delete a stretch
        return text[:i] + text[j:]
    if kind == 1:  # insert a hostile bit
        return text[:i] + rng.choice(UNICODE_BITS) + text[i:]
    if kind == 2:  # replace a character
        return text[:i] + rng.choice(UNICODE_BITS) + text[i + 1:]
    if kind == 3 and len(lines) > 1:  # drop a line
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 4:  # duplicate a line
        k = rng.randrange(len(lines))
        lines.insert(k, lines[k])
        return "\n".join(lines)
    if kind == 5:  # change a number
        digits = [k for k, ch in enumerate(text) if ch.isdigit()]
        if digits:
            k = rng.choice(digits)
            return text[:k] + rng.choice(("9" * 30, "0", "-1", "99", "٣", "1.5")) + text[k + 1:]
    if kind == 6:  # truncate
        return text[:i]
    if kind == 7 and len(lines) > 1:  # swap two lines
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return "\n".join(lines)
    return text.upper() if rng.random() < 0.5 else text + rng.choice(UNICODE_BITS)


def _mutate_value(rng: random.Random, value, junk: _Junk):
    """``value`` (JSON-like data, changed in place where it can be) with one change at a
    random depth: a key removed, a value replaced by junk or by a near miss (a number out
    of range, a wrong type), a list made shorter or longer."""
    path = []
    here = value
    while isinstance(here, (dict, list)) and here and rng.random() < 0.6:
        key = rng.choice(list(here)) if isinstance(here, dict) else rng.randrange(len(here))
        path.append((here, key))
        here = here[key]
    if not path:
        container = value
        if isinstance(container, dict) and container and rng.random() < 0.7:
            key = rng.choice(list(container))
            path.append((container, key))
        elif isinstance(container, list) and container and rng.random() < 0.7:
            path.append((container, rng.randrange(len(container))))
        else:
            return _near(rng, value, junk)
    parent, key = path[-1]
    op = rng.randrange(6)
    if op == 0 and isinstance(parent, dict):
        del parent[key]
    elif op == 1 and isinstance(parent, list):
        if rng.random() < 0.5:
            del parent[key]
        else:
            parent.insert(key, copy.deepcopy(parent[key]))
    elif op == 2 and isinstance(parent, dict):
        parent[rng.choice(("x", "", 0, None, "seat", "7♦", "Freeze"))] = junk.value()
    else:
        parent[key] = _near(rng, parent[key], junk)
    return value


def _near(rng: random.Random, value, junk: _Junk):
    """A near miss of ``value``: of the same kind but out of range, or of another type."""
    if isinstance(value, bool):
        return rng.choice((1, 0, "True", None, not value))
    if isinstance(value, int):
        return rng.choice((value + 1, value - 1, -1, -value - 1, value + 100, 10**30,
                           float(value) if abs(value) < 2**64 else math.inf,
                           str(value) if abs(value) < 2**64 else "9" * 5000, True, None,
                           math.nan))
    if isinstance(value, str):
        return rng.choice((junk.text(value) if value else "x", value.upper(), value * 2,
                           [value], None, 0, value + " ", value[:-1]))
    if isinstance(value, list):
        return rng.choice(([], value[:-1], value + value[-1:] if value else [None], None,
                           tuple(value), {"0": value}, [junk.value()] + value[1:], "list"))
    if isinstance(value, dict):
        return rng.choice(({}, None, list(value), {**value, "x": junk.value()},
                           dict(list(value.items())[:-1]), shown(value, 10**5)))
    return junk.value()


# ---------------------------------------------------------------- the doors


def _choice_state(junk: _Junk):
    """A real state of the game (most often one where a player is to move), or junk."""
    rng, p = junk.rng, junk.own
    roll = rng.random()
    if roll < 0.5 and p.deciding:
        return rng.choice(p.deciding)
    if roll < 0.8:
        return rng.choice(p.states)
    return junk.value()


def _doors(game: str) -> list:
    """(name, weight, make) for every door of ``game``: ``make(junk)`` returns
    ``(arguments text, call, kind)``; kind is "any" (a return or an engine error),
    "verdict" (returns a Verdict, never raises) or a check of a valid call's result."""
    doors = []

    def door(name, weight=1):
        def register(make):
            doors.append((name, weight, make))
            return make
        return register

    module = _MODULES[game][0]
    players = _MODULES[game][1]
    spec_name = {"sevens": "sevens", "flip7": "flip7", "double_seven": "doubleseven"}[game]
    option_names = tuple(module.OPTIONS.options)

    @door("new_game", 3)
    def _(junk):
        rng = junk.rng
        args = [junk.value() if rng.random() < 0.5 else rng.randint(1, 20)]
        kwargs = {}
        if rng.random() < 0.6:
            kwargs["seed"] = junk.seed()
        for _ in range(rng.randint(0, 2)):
            name = rng.choice(option_names + ("preset", "dealer", "zz", "rounds", "first"))
            kwargs[name] = junk.value() if rng.random() < 0.7 else \
                module.OPTIONS.options.get(name, module.OPTIONS.options[option_names[0]]).default
        return _args(args, kwargs), lambda: _quiet(module.new_game, *args, **kwargs), "any"

    @door("position", 3)
    def _(junk):
        text = junk.text(junk.rng.choice(junk.own.positions)) if junk.rng.random() < 0.8 \
            else junk.value()
        return _args([text]), lambda: module.position(text), "any"

    @door("position (valid)")
    def _(junk):
        state = junk.rng.choice(junk.own.states)
        text = state.to_text()

        def call():
            back = module.position(text)
            if back.to_text() != text:
                raise AssertionError("position(state.to_text()) reads back another position")
        return _args([text]), call, "valid"

    @door("parse_move", 3)
    def _(junk):
        move = junk.moves()
        if game == "sevens":
            return _args([move]), lambda: module.parse_move(move), "any"
        names = junk.value() if junk.rng.random() < 0.3 else \
            junk.rng.choice(junk.own.states).names
        return _args([move, names]), lambda: module.parse_move(move, names), "any"

    @door("state.check", 4)
    def _(junk):
        state, move = junk.rng.choice(junk.own.states), junk.moves()
        return _args([state, move]), lambda: state.check(move), "verdict"

    @door("state.play", 4)
    def _(junk):
        state, move = junk.rng.choice(junk.own.states), junk.moves()
        return _args([state, move]), lambda: state.play(move), "any"

    @door("state.observation", 2)
    def _(junk):
        state = junk.rng.choice(junk.own.states)
        seat = junk.value() if junk.rng.random() < 0.8 else junk.rng.randrange(-2, 20)
        return _args([state, seat]), lambda: state.observation(seat), "any"

    @door("move_text", 2)
    def _(junk):
        state, move = junk.rng.choice(junk.own.states), junk.moves()
        lang = junk.rng.choice(("en", "fr", "symbol", "letter")) if junk.rng.random() < 0.5 \
            else junk.value()
        if game == "sevens":
            return _args([move, lang]), lambda: module.move_text(move, lang), "any"
        return _args([state, move, lang]), lambda: state.move_text(move, lang), "any"

    @door("state.parse_move", 2 if game != "sevens" else 0)
    def _(junk):
        state, move = junk.rng.choice(junk.own.states), junk.moves()
        return _args([state, move]), lambda: state.parse_move(move), "any"

    @door("save")
    def _(junk):
        value = junk.value()
        return _args([value]), lambda: doublesept.save(value), "any"

    @door("load", 3)
    def _(junk):
        rng = junk.rng
        text = rng.choice(junk.own.saves)
        roll = rng.random()
        if roll < 0.5:
            record = _mutate_value(rng, json.loads(text), junk)
            try:
                text = json.dumps(record, ensure_ascii=rng.random() < 0.5)
            except (TypeError, ValueError, RecursionError):  # junk that is not JSON
                text = shown(record, 10**5)
        elif roll < 0.8:
            text = junk.text(text)
        else:
            text = junk.value()
        return _args([text]), lambda: doublesept.load(text), "any"

    @door("save/load (valid)")
    def _(junk):
        state = junk.rng.choice(junk.own.states)

        def call():
            if doublesept.load(doublesept.save(state)) != state:
                raise AssertionError("load(save(state)) is another state")
        return _args([state]), call, "valid"

    @door("render_html")
    def _(junk):
        state = _choice_state(junk)
        if game == "sevens" and junk.rng.random() < 0.6:
            kwargs = {k: junk.value() for k in junk.rng.sample(("show_hands", "seat", "lang"),
                                                               junk.rng.randint(1, 3))}
            return _args([state], kwargs), lambda: module.render_html(state, **kwargs), "any"
        return _args([state]), lambda: module.render_html(state), "any"

    @door("chance.probability")
    def _(junk):
        rng = junk.rng
        state = rng.choice(junk.own.chances) if junk.own.chances else rng.choice(junk.own.states)
        step = state.chance()
        outcome = junk.moves()
        if step is None:
            return _args([state]), state.chance, "any"
        return _args([state, outcome]), lambda: step.probability(outcome), "any"

    @door("ComputerPlayer")
    def _(junk):
        level, seed = junk.level(), junk.seed()
        kwargs = {}
        if game == "sevens" and junk.rng.random() < 0.5:
            kwargs = {k: junk.value() for k in junk.rng.sample(("rollouts", "budget_ms"),
                                                               junk.rng.randint(1, 2))}
        return (_args([level, seed], kwargs),
                lambda: players.ComputerPlayer(level, seed, **kwargs), "any")

    @door("ComputerPlayer.choose", 8)
    def _(junk):
        rng = junk.rng
        state = rng.choice(junk.own.deciding)
        seat = state.to_move
        real = state.observation(seat)
        roll = rng.random()
        if roll < 0.6:
            observation = junk.observation(real)
        elif roll < 0.75:  # another seat's, the spectator's, another position's
            other = rng.choice(junk.own.states)
            observation = other.observation(rng.choice((*range(len(other.names)), None)))
        else:
            observation = junk.observation()
        legal = _legal(game, state) if rng.random() < 0.7 else junk.legal(state)
        level = rng.choice(players.LEVELS)
        player = _player(game, level)
        args = [observation, legal]
        if game == "sevens" and rng.random() < 0.5:
            history = sevens_players.public_history(state)
            args.append(_mutate_value(rng, [list(h) for h in history], junk)
                        if history and rng.random() < 0.5 else junk.value())
        return _args([level, *args]), lambda: player.choose(*args), "any"

    @door("ComputerPlayer.choose (valid)", 2)
    def _(junk):
        state = junk.rng.choice(junk.own.deciding)
        level = junk.rng.choice(players.LEVELS)
        observation, legal = state.observation(state.to_move), _legal(game, state)
        args = [observation, legal]
        if game == "sevens":
            args.append(sevens_players.public_history(state))

        def call():
            chosen = _player(game, level).choose(*args)
            if chosen not in legal:
                raise AssertionError(f"chose {chosen!r}, not a legal move")
        return _args([level, state]), call, "valid"

    @door("computer_move", 3)
    def _(junk):
        rng = junk.rng
        state = _choice_state(junk) if rng.random() < 0.5 else junk.value()
        level = junk.level()
        seed = junk.seed() if rng.random() < 0.5 else 0
        kwargs = _bounds(game, level)
        if game == "sevens" and rng.random() < 0.2:
            kwargs[rng.choice(("rollouts", "budget_ms", "zz"))] = junk.value()
        return (_args([state, level, seed], kwargs),
                lambda: players.computer_move(state, level, seed, **kwargs), "any")

    @door("computer_move (valid)")
    def _(junk):
        state = junk.rng.choice(junk.own.deciding)
        level = junk.rng.choice(players.LEVELS)

        def call():
            move = players.computer_move(state, level, 3, **_bounds(game, level))
            if move not in state.legal_moves():
                raise AssertionError(f"computer_move gave {move!r}, not a legal move")
        return _args([state, level]), call, "valid"

    @door("catalog")
    def _(junk):
        name = junk.name()
        if junk.rng.random() < 0.5:
            return _args([name]), lambda: rule(name), "any"
        return _args([name]), lambda: rules_for(name), "any"

    @door("game_spec")
    def _(junk):
        name = junk.name() if junk.rng.random() < 0.8 else spec_name
        return _args([name]), lambda: game_spec(name), "any"

    @door("state seat methods", 2 if game in _SEAT_METHODS else 0)
    def _(junk):
        state = junk.rng.choice(junk.own.states)
        name = junk.rng.choice(_SEAT_METHODS.get(game, ("to_text",)))
        args = [junk.value() if junk.rng.random() < 0.7 else junk.rng.randrange(-2, 20)
                for _ in range(2 if name == "family_size" else 1)]
        method = getattr(state, name)
        return _args([state, name, *args]), lambda: method(*args), "any"

    @door("state.replay")
    def _(junk):
        rng = junk.rng
        state = rng.choice(junk.own.states)
        moves = [junk.moves() for _ in range(rng.randint(0, 3))] if rng.random() < 0.7 \
            else junk.value()
        return _args([state, moves]), lambda: state.root.replay(moves), "any"

    @door("state.undo")
    def _(junk):
        state = junk.rng.choice(junk.own.states)
        return _args([state]), state.root.undo, "any"

    @door("move.text, verdict.reason")
    def _(junk):
        rng = junk.rng
        lang = junk.value() if rng.random() < 0.8 else rng.choice(("en", "fr", "both"))
        if rng.random() < 0.5:
            move = rng.choice(junk.own.moves)
            return _args([move, lang]), lambda: move.text(lang), "any"
        state = rng.choice(junk.own.states)
        verdict = state.check(junk.moves())
        return _args([verdict, lang]), lambda: verdict.reason(lang), "any"

    @door("rule options")
    def _(junk):
        rng = junk.rng
        kwargs = {}
        for _ in range(rng.randint(1, 2)):
            name = rng.choice(option_names + ("preset", "zz"))
            kwargs[name] = junk.value() if rng.random() < 0.8 else \
                module.OPTIONS.options.get(name, module.OPTIONS.options[option_names[0]]).default
        rules_class = _RULES[game]
        return _args([], kwargs), lambda: rules_class(**kwargs), "any"

    @door("from_parts (junk)", 1 if game in _FROM_PARTS else 0)
    def _(junk):
        names = _FROM_PARTS.get(game, ())
        kwargs = {name: junk.value() for name in names}
        return _args([], kwargs), lambda: module.from_parts(**kwargs), "any"

    if game == "sevens":
        _sevens_doors(door)
    elif game == "flip7":
        _flip7_doors(door)
    else:
        _double_seven_doors(door)
    return doors


def _sevens_doors(door) -> None:
    @door("public_history")
    def _(junk):
        state = _choice_state(junk) if junk.rng.random() < 0.5 else junk.value()
        return _args([state]), lambda: sevens_players.public_history(state), "any"

    @door("from_parts", 2)
    def _(junk):
        rng = junk.rng
        state = rng.choice(junk.own.states)
        parts = {"players": list(state.names), "hands": [list(h) for h in state.hands],
                 "table": list(state.table), "turn": state.turn, "dealer": state.dealer, "round": state.round,
                 "scores": list(state.scores), "rules": state.rules.as_dict()}
        for _ in range(rng.randint(1, 2)):
            key = rng.choice((*parts, "seed", "chips", "pot", "passes", "rounds", "tie_break"))
            parts[key] = _near(rng, parts[key], junk) if key in parts and rng.random() < 0.6 \
                else junk.value()
        return _args([], parts), lambda: sevens.from_parts(**parts), "any"

    @door("analysis.what_if")
    def _(junk):
        rng = junk.rng
        state = _choice_state(junk) if rng.random() < 0.4 else junk.value()
        bad = rng.choice(("level", "samples", "seed", "exact_limit", "confidence", "state"))
        kwargs = {"samples": 20, "exact_limit": 200}
        level = rng.choice(sevens_analysis.ANALYSIS_LEVELS[:2])
        if bad == "level":
            level = junk.level()
            if level in ("medium", "hard"):
                level = "hard" * 2
        elif bad != "state":
            kwargs[bad] = rng.choice((None, -1, 0, 10**9, 1.5, "2", float("nan"), True, [],
                                      10**5000, 2**64))
            if bad == "confidence":
                kwargs[bad] = rng.choice((0, 1, 2, -0.1, float("nan"), "0.9", None, True))
        else:
            state = junk.value()
        return (_args([state, level], kwargs),
                lambda: sevens_analysis.what_if(state, level, **kwargs), "any")

    @door("analysis.round_chances")
    def _(junk):
        rng = junk.rng
        if rng.random() < 0.5:
            state = junk.value()
            kwargs = {"exact_limit": 50}
        else:
            state = _choice_state(junk)
            kwargs = {"exact_limit": rng.choice((None, -1, 1.5, "9", 10**9 + 1, True,
                                                 10**5000, float("inf")))}
        return (_args([state], kwargs),
                lambda: sevens_analysis.round_chances(state, **kwargs), "any")

    @door("analysis.sampling_margin")
    def _(junk):
        samples = junk.value() if junk.rng.random() < 0.7 else 100
        confidence = junk.value() if junk.rng.random() < 0.5 else 0.95
        return (_args([samples, confidence]),
                lambda: sevens_analysis.sampling_margin(samples, confidence), "any")

    @door("parse_card")
    def _(junk):
        text = junk.moves()
        return _args([text]), lambda: doublesept.parse_card(text), "any"


def _flip7_doors(door) -> None:
    @door("odds.exact_odds", 4)
    def _(junk):
        rng = junk.rng
        state = rng.choice(junk.own.states)
        seat = rng.randrange(len(state.names)) if rng.random() < 0.7 else junk.value()
        real = state.observation(rng.choice((None, rng.randrange(len(state.names)))))
        observation = junk.observation(real) if rng.random() < 0.8 else junk.value()
        kwargs = {} if rng.random() < 0.7 else {"bonus": rng.choice(
            (None, -1, 1.5, "15", True, 10**5000, 101, [], float("nan")))}
        return (_args([observation, seat], kwargs),
                lambda: flip7_odds.exact_odds(observation, seat, **kwargs), "any")

    @door("odds.exact_odds (valid)")
    def _(junk):
        state = junk.rng.choice(junk.own.states)
        seat = junk.rng.randrange(len(state.names))
        observation = state.observation(junk.rng.choice((None, seat)))
        return _args([state, seat]), lambda: flip7_odds.exact_odds(observation, seat), "valid"

    @door("odds.policies")
    def _(junk):
        rng = junk.rng
        bad_bonus = rng.choice((None, -1, 1.5, "15", True, 10**5000, 10**12, [], float("nan"),
                                2**64))
        deck = rng.choice(({"12": 13}, {"x": 1}, {"5": -1}, {"5": 10**5000}, {"Freeze": 1},
                           [], "12", {None: 1}, {"5": True}, {"5": 1.5}, junk.value()))
        which = rng.randrange(4)
        if which == 0:
            return _args([], {"bonus": bad_bonus}), \
                lambda: flip7_odds.optimal_policy(bonus=bad_bonus), "any"
        if which == 1:
            return _args([deck], {"bonus": bad_bonus}), \
                lambda: flip7_odds.solve_policy(deck, bonus=bad_bonus), "any"
        if which == 2:
            return _args([deck]), lambda: flip7_odds.solve_policy(deck), "any"
        n = junk.value() if rng.random() < 0.6 else rng.randint(1, 100)
        kwargs = rng.choice(({"bonus": bad_bonus}, {"deck": deck}, {}))
        if not kwargs and isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 100:
            kwargs = {"deck": deck}
        return _args([n], kwargs), lambda: flip7_odds.stop_at_value(n, **kwargs), "any"

    @door("tournament.policy")
    def _(junk):
        name, seed = junk.name(), junk.seed() if junk.rng.random() < 0.5 else 0
        return _args([name, seed]), lambda: tournament.policy(name, seed), "any"

    @door("tournament policy.choose", 3)
    def _(junk):
        rng = junk.rng
        state = rng.choice(junk.own.deciding)
        decider = tournament.policy(rng.choice(("stop-20", "exact-odds", "easy", "medium")))
        observation = junk.observation(state.observation(state.to_move)) \
            if rng.random() < 0.8 else junk.value()
        legal = _legal("flip7", state) if rng.random() < 0.7 else junk.legal(state)
        return _args([decider, observation, legal]), \
            lambda: decider.choose(observation, legal), "any"

    @door("tournament.games")
    def _(junk):
        rng = junk.rng
        which = rng.randrange(4)
        bad = junk.value()
        if which == 0:
            seating = rng.choice((bad, tournament.Seating(bad, 1),
                                  tournament.Seating(("easy", bad), 1),
                                  tournament.Seating(("easy", "stop-20"), bad)))
            return _args([seating]), lambda: tournament.play_game(seating), "any"
        if which == 1:
            kwargs = {rng.choice(("players", "repeats", "seed")): bad}
            if isinstance(bad, int) and not isinstance(bad, bool) and 0 <= bad < 10**6:
                kwargs = {"players": -1}
            return _args([("easy", "hard")], kwargs), \
                lambda: tournament.schedule(("easy", "hard"), **kwargs), "any"
        if which == 2:
            policies = rng.choice(([bad], (bad, "easy"), bad, ("easy", "easy")))
            if isinstance(policies, (list, tuple, set, frozenset, dict, range)) \
                    or hasattr(policies, "__next__"):
                policies = ("easy", "zz") if not isinstance(policies, tuple) else policies
            return _args([policies]), lambda: tournament.schedule(policies), "any"
        results = rng.choice((bad, [bad], [tournament.GameResult(("a", "b"), 0, 5, 1, (1,))]))
        return _args([results]), lambda: tournament.standings(results), "any"

    @door("card")
    def _(junk):
        text = junk.moves()
        return _args([text]), lambda: flip7.card(text), "any"


def _double_seven_doors(door) -> None:
    @door("tile_kind")
    def _(junk):
        from doublesept.double_seven.rules import tile_kind

        text = junk.moves()
        return _args([text]), lambda: tile_kind(text), "any"


# Sevens' state methods that take a seat or a card. (Flip 7's status, line, has_card,
# number_sum and score_now, and Double Seven's rack, family_size and score, read a seat
# the engine trusts, without a check: has_card is on Flip 7's legal_moves path. They are
# left out, as is the two games' from_parts, a builder of the states' bit masks that
# position() feeds: its junk is a TypeError.)
_SEAT_METHODS = {"sevens": ("hand", "row", "fits", "holder", "is_out", "to_text")}
_RULES = {"sevens": sevens.SevensRules, "flip7": flip7.Flip7Rules,
          "double_seven": double_seven.DoubleSevenRules}
_FROM_PARTS = {  # every keyword of from_parts, all given junk
    "sevens": ("players", "hands", "table", "turn", "dealer", "round", "rounds", "scores",
               "seed", "rules", "chips", "pot", "passes", "tie_break")}
_PLAYERS: dict = {}


def _player(game: str, level: str):
    key = (game, level)
    if key not in _PLAYERS:
        _PLAYERS[key] = _MODULES[game][1].ComputerPlayer(level, 5, **_bounds(game, level))
    return _PLAYERS[key]


def _bounds(game: str, level) -> dict:
    """The hard Sevens level searches with a small, deterministic budget here."""
    hard = isinstance(level, str) and level == "hard"
    return {"rollouts": 8, "budget_ms": None} if game == "sevens" and hard else {}


def _quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def _args(args, kwargs=None) -> str:
    parts = [_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in (kwargs or {}).items()]
    return ", ".join(parts)


def _short(value) -> str:
    if hasattr(value, "to_text") and hasattr(value, "legal_moves"):
        return f"<{type(value).__name__} {shown(value.to_text(), 60)}>"
    return shown(value, 120)


# ---------------------------------------------------------------- valid input: the same moves


def choices_digest(game: str, level: str, games: int = 40, decisions: int = 150) -> str:
    """A hash (16 hex digits) of the moves ``computer_move`` chooses at ``level`` over
    ``games`` seeded games of ``game`` (each up to ``decisions`` decisions, every seat at
    that level, one move in three then replaced by a random legal move so the games go
    where the level alone would not; players and options drawn from the seed, Sevens' hard
    level with 16 rollouts and no time budget). The checks of what a player is given must
    not change a single choice on valid input: the tests compare this hash with the one
    recorded before the checks were written."""
    module = _MODULES[game][1]
    digest = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(seed)
        state = _start_digest(game, rng, seed)
        found = 0
        while state.to_move is not None and found < decisions:
            if state.to_move is CHANCE:
                state = state.play(state.legal_moves()[0])
                continue
            found += 1
            bounds = {"rollouts": 16, "budget_ms": None} if game == "sevens" else {}
            move = module.computer_move(state, level, seed, **bounds)
            digest.update(f"{seed}:{_text(game, state, move)};".encode())
            if rng.random() < 0.3:
                moves = state.legal_moves()
                move = moves[rng.randrange(len(moves))]
            state = state.play(move)
    return digest.hexdigest()[:16]


def _start_digest(game: str, rng: random.Random, seed: int):
    """The games ``choices_digest`` plays (as they were when the hashes were recorded)."""
    if game == "flip7":
        side = rng.choice(("dealer", "left"))
        options = {"deal_start": side, "first_player": side,
                   "flip7_bonus": rng.choice((15, 0, 40)),
                   "deferred_after_bust": rng.choice(("give", "discard")),
                   "nested_actions": rng.choice(("depth-first", "shared-queue")),
                   "frozen_target_deferred": rng.choice(("played", "dropped"))}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", flip7.Flip7Warning)
            return flip7.new_game(rng.randint(2, 6), seed=seed, **options)
    if game == "sevens":
        preset = rng.choice((None, None, "app", "international", "fan-tan", "shichi-narabe",
                             "german"))
        return sevens.new_game(rng.randint(3, 6), seed=seed, rounds=1, preset=preset)
    # the options there were then (start_with_clover came after), in their order then
    names = ("rainbow_clovers", "two_for_one_take_back", "token_award", "token_supply",
             "last_turn_discard")
    options = {n: rng.choice(double_seven.OPTIONS.options[n].values) for n in names}
    players = rng.randint(2, 4)
    return double_seven.new_game(players, seed=seed, first=rng.randrange(players), **options)


# ---------------------------------------------------------------- the run


_DOORS: dict = {}


def door_names(game: str) -> tuple:
    """The doors ``fuzz`` calls for ``game`` (those it draws from)."""
    if game not in _DOORS:
        _DOORS[game] = _doors(game)
    return tuple(name for name, weight, _ in _DOORS[game] if weight)


def fuzz(game: str, calls: int, seed: int = 0) -> FuzzReport:
    """Call ``game``'s doors ``calls`` times with hostile values drawn from ``seed``; a
    FuzzReport of the escapes. ``game`` is one of GAMES."""
    if game not in GAMES:
        raise ValueError(f"game: one of {', '.join(GAMES)}, not {game!r}")
    if game not in _DOORS:
        _DOORS[game] = _doors(game)
    doors = _DOORS[game]
    names = [name for name, _, _ in doors]
    weights = [weight for _, weight, _ in doors]
    rng = random.Random(f"fuzz/{game}/{seed}")
    junk = _Junk(game, rng)
    report = FuzzReport(game, seed)
    alarm = hasattr(signal, "setitimer")
    old = signal.signal(signal.SIGALRM, _on_alarm) if alarm else None
    try:
        for _ in range(calls):
            index = rng.choices(range(len(doors)), weights)[0]
            name = names[index]
            try:
                arguments, call, kind = doors[index][2](junk)
            except Exception as err:  # noqa: BLE001 - a real value refused while making junk
                report.add(Escape(name, "(making the arguments)",
                                  f"{type(err).__name__}: {shown(str(err), 200)}"))
                report.calls += 1
                continue
            report.calls += 1
            report.doors[name] = report.doors.get(name, 0) + 1
            escape = _run(call, kind, alarm)
            if escape is not None:
                report.add(Escape(name, arguments, escape))
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return report


def _run(call, kind: str, alarm: bool) -> str | None:
    """None when the call behaves, else what went wrong."""
    if alarm:
        signal.setitimer(signal.ITIMER_REAL, SLOW)
    try:
        result = call()
    except _Slow:
        return f"took more than {SLOW} s"
    except DoubleseptError as err:
        if kind == "verdict":
            return f"check() raised {type(err).__name__}: {shown(str(err), 200)}"
        if kind == "valid":
            return f"refused a valid call: {type(err).__name__}: {shown(str(err), 200)}"
        return None
    except RecursionError:
        return "RecursionError"
    except Exception as err:  # noqa: BLE001 - what the fuzzer is looking for
        return f"{type(err).__name__}: {shown(str(err), 200)}"
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
    if kind == "verdict" and not isinstance(result, Verdict):
        return f"check() returned {shown(result)}, not a Verdict"
    return None


__all__ = ["GAMES", "Escape", "FuzzReport", "choices_digest", "door_names", "fuzz", "pool"]
