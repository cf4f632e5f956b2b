"""The Double Seven game state: phases, verdicts, transitions, chance, events, observation.

A turn goes in phases (``state.phase``), each decision its own move:

- ``deal`` (chance): the 3 tiles of each player, one tile per step, round the table;
- ``flip`` (chance): when no tile is face up and hidden tiles are left (D3, D14);
- ``draw``: the player takes one tile, ``draw hidden`` or ``draw face-up <tile>``; a
  hidden draw goes to ``hidden`` (chance picks the tile), then back here until the 2 (3
  with an empty rack) are drawn, or whatever is left (D3, D16). Rainbow's extra tile and
  Two for One's tile are draws of one tile;
- ``act``: start, expand, exchange, retrieve, Two for One, pass; straight after the
  turn's draw the Rainbow window is open (``used & WINDOW``) until any other move;
- ``discard``: after a pass with 6 or more rack tiles (D9, D19);
- ``over``: the game has ended (D8); ``turn`` is None.

How long a game lasts. Every game ends: after the deal (``START_TILES`` steps a player) it
takes at most ``rules.game_turn_bound(state.available, players)`` turns, the tiles left to
draw plus one a player: until the end is triggered every turn takes at least one tile out
of what is left to draw (a draw of 2, Two for One giving back 2 for 1 once a turn), then
each other player has one final turn (D8). A turn has no bound in the rules: an exchange
can be undone by the next one as often as the player likes, so only the player ends it.

Tiles are counted by kind (9 kinds: 8 animals, then the clover): the hidden reserve, the
face-up area, the tiles out of the game, and each rack. A family is ``(animal, animals,
clovers)``; each player's families are a tuple, numbered from 1 in moves. The reserve's
order is hidden: a hidden tile comes from ``stack`` (the known top, when a lesson stacks
it) or from a generator derived from the seed and the count of chance steps so far.

Speed (``benchmarks/run.py double-seven``): a state is a record built with
``tuple.__new__``, which also keeps each family's size, where the clovers are (``sizes``,
``clovered``, derived from ``families``) and who is to move (``to_move``, derived from
``phase`` and ``turn``). The act phase's legal moves are put together from memos: what a
rack allows, a family's expansions, each row of sizes by size (and tables of the moves by
kind and family number); the busy loops are plain ``for`` loops, as a comprehension costs
a function call in CPython 3.11, and a transition reads fields from its record list rather
than from the state (a tuple subclass's items read slower). An act
state's legal moves are worked out once and kept with their parts in the state's own memo
(its last field, ``memo``: nothing outside the state decides what it answers, and states
in several threads share nothing that changes). The first move played from the state takes
the parts out of its memo (its legal moves are then worked out again if asked again), and an
exchange makes the next state's from a copy of them, kept in its memo, since an exchange keeps
the rack, every size and the tiles left (about half the moves of a uniform random game are
exchanges). Each move is decided once, by ``_verdict``, for ``check`` and ``play`` alike:
its words are built only by ``check`` or for a move that is refused. ``play`` then applies
it with its class's transition (``_PLAY``), which for the common moves builds the next
record directly; such a record's log (``raw_log`` None) is worked out only when asked
(``log``, ``events``), by the plain transition (``_apply``) from the parent.
"""

from __future__ import annotations

import secrets
from functools import partial
from operator import attrgetter
from typing import NamedTuple

from ..core.chance import WeightedDraw
from ..core.events import Event
from ..core.french import de
from ..core.moves import Word
from ..core.names import join_names, player_names
from ..core.numbers import check_whole
from ..core.state import CHANCE, Decision, GameState, NamedVerdict, Verdict, check_lang
from ..errors import IllegalMove, NotationError
from .moves import (
    DEAL,
    DRAW_HIDDEN,
    FLIP,
    MOVE_CLASSES,
    PASS,
    RAINBOW,
    REVEAL,
    Discard,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
    parse_move,
)
from .rules import (
    ANIMALS,
    CLOVER,
    COPIES,
    DEFAULT_NAMES,
    DISCARD_AT,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RAINBOW_SIZE,
    SEVEN_TOKENS,
    START_TILES,
    TILES,
    DoubleSevenRules,
    Tile,
    is_sept,
    name_of,
    one_of,
    points,
    tiles_to_draw,
)

DEAL_PHASE, FLIP_PHASE, DRAW_PHASE, HIDDEN_PHASE = "deal", "flip", "draw", "hidden"
ACT_PHASE, DISCARD_PHASE, OVER_PHASE = "act", "discard", "over"
PHASES = (DEAL_PHASE, FLIP_PHASE, DRAW_PHASE, HIDDEN_PHASE, ACT_PHASE, DISCARD_PHASE,
          OVER_PHASE)
CHANCE_PHASES = (DEAL_PHASE, FLIP_PHASE, HIDDEN_PHASE)
DRAW_FOR = ("turn", "rainbow", "two-for-one")  # what the tiles being drawn are for
WINDOW, RAINBOW_USED, TWO_FOR_ONE_USED = 1, 2, 4  # bits of ``used``
MAX_SEED = 2**64 - 1
NO_ONE = -1
FIELDS = ("players", "rules", "first", "turn", "phase", "draw", "just-discarded", "used",
          "face-up", "reserve", "out", "trigger", "seed", "draws")


# ---------------------------------------------------------------- the generator

_M64 = (1 << 64) - 1
_BASES: dict = {}
# the rejection limit for each number of hidden tiles (a multiple of it, below 2**64)
_LIMITS = [0] + [_M64 + 1 - (_M64 + 1) % size for size in range(1, 92)]


def draw_index(seed: int, counter: int, size: int) -> int:
    """The position (0 to size - 1) of the tile the ``counter``-th chance step of a game
    takes among ``size`` hidden tiles: a SplitMix64 stream started from the seed, read at
    the counter, uniform by rejection. A draw depends only on the seed and how many chance
    steps came before it, never on a random-number library.

    >>> [draw_index(7, n, 91) for n in range(5)]
    [76, 43, 86, 5, 58]
    """
    base = _BASES.get(seed)
    if base is None:
        z = (seed ^ 0xD5E7_5EED + 0x9E3779B97F4A7C15) & _M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        base = z ^ (z >> 31)
        if len(_BASES) > 4096:
            _BASES.clear()
        _BASES[seed] = base
    limit = _LIMITS[size] if size < len(_LIMITS) else _M64 + 1 - (_M64 + 1) % size
    while True:
        z = (base + (counter + 1) * 0x9E3779B97F4A7C15) & _M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        z ^= z >> 31
        if z < limit:
            return z % size
        counter += 1 << 48  # a rejected value (1 chance in 2**57): read further along


# ---------------------------------------------------------------- the state


class _Record(NamedTuple):
    """The fields of a Double Seven state."""

    rules: DoubleSevenRules
    names: tuple  # the players' names, clockwise
    first: int  # the first player
    seed: int
    draws: int  # chance steps so far: the generator's counter
    reserve: tuple  # hidden tiles, per kind (the stacked ones included)
    stack: tuple  # the known order of the top of the reserve (kinds), when stacked
    face_up: tuple  # per kind
    out: tuple  # discarded out of the game (D9), per kind
    racks: tuple  # per player, a tuple of counts per kind
    families: tuple  # per player, a tuple of (animal, animals, clovers)
    tokens: tuple  # per player, the '7' tokens held
    septs: tuple  # per player, the Sept! calls made (more than tokens once the supply ran out)
    earned: tuple  # per player, the animals that earned a '7' (bit mask; per-animal option)
    holder: int  # who holds the '77', or NO_ONE
    trigger: int  # who triggered the end of the game (D8), or NO_ONE
    turn: int | None  # whose turn; None once the game is over
    phase: str
    to_draw: int  # tiles still to draw in this draw (deal: tiles still to deal)
    draw_for: str  # "turn", "rainbow" or "two-for-one"
    used: int  # WINDOW, RAINBOW_USED, TWO_FOR_ONE_USED
    blocked: tuple  # the kinds Two for One just discarded, which may not be taken back (D4)
    raw_log: tuple  # the automatic consequences of the last move, as raw records (None:
    # built when asked, from the parent and the move; see DoubleSevenState.log)
    parent: object
    last_move: object
    # derived from ``families``, kept for speed (the legal moves of the act phase):
    sizes: tuple  # per player, the size of each family
    clovered: tuple  # (player, family number from 1, animal) of each family with a clover
    # derived from ``phase`` and ``turn``: the seat to move, CHANCE, or None once over
    to_move: object
    # the act phase's legal moves with their parts: {} until asked, {"parts": parts} after
    # (see _act_legal), {} again once a move is played from the state; each state has its
    # own dict, and only what the state's other fields decide goes in it (not compared, not
    # saved). A dict, as CPython's garbage collector does not track an empty one
    memo: dict


R_LOG = 22
R_PARENT, R_LAST_MOVE, R_SIZES, R_CLOVERED, R_TO_MOVE, R_MEMO = range(R_LOG + 1, R_LOG + 7)
(R_RULES, R_NAMES, R_FIRST, R_SEED, R_DRAWS, R_RESERVE, R_STACK, R_FACE_UP, R_OUT, R_RACKS,
 R_FAMILIES, R_TOKENS, R_SEPTS, R_EARNED, R_HOLDER, R_TRIGGER, R_TURN, R_PHASE, R_TO_DRAW,
 R_DRAW_FOR, R_USED, R_BLOCKED) = range(R_LOG)
_new = tuple.__new__


def _derive(families) -> tuple:
    """The fields derived from ``families``: (sizes, clovered)."""
    sizes, clovered = [], []
    for p, fams in enumerate(families):
        row = []
        for j, (animal, a, c) in enumerate(fams, 1):
            if c:
                clovered.append((p, j, animal))
            row.append(a + c)
        sizes.append(tuple(row))
    return tuple(sizes), tuple(clovered)


def _clovered(families) -> tuple:
    """The ``clovered`` field of ``families``."""
    found = []
    for p, fams in enumerate(families):
        for j, family in enumerate(fams, 1):
            if family[2]:
                found.append((p, j, family[0]))
    return tuple(found)


def _to_move(phase: str, turn):
    """The ``to_move`` field: CHANCE in a chance phase, None once over, else ``turn``."""
    if phase in CHANCE_PHASES:
        return CHANCE
    if phase == OVER_PHASE:
        return None
    return turn


def _owned(fams) -> int:
    mask = 0
    for family in fams:
        mask |= 1 << family[0]
    return mask


def _sub(counts: tuple, kind: int, n: int = 1) -> tuple:
    return counts[:kind] + (counts[kind] - n,) + counts[kind + 1:]


def _add(counts: tuple, kind: int, n: int = 1) -> tuple:
    return counts[:kind] + (counts[kind] + n,) + counts[kind + 1:]


def _set(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _count(kinds) -> tuple:
    counts = [0] * KINDS
    for k in kinds:
        counts[k] += 1
    return tuple(counts)


class DoubleSevenState(_Record, GameState):
    """One moment of a game of Double Seven. Immutable: ``play`` returns a new state.

    See ``docs/developing.md`` for the contract (turn, to_move, decision, legal_moves,
    candidate_moves, check, play, chance, events, observation).
    """

    __slots__ = ()
    game = "doubleseven"

    # ---- reading the state

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def dealer(self) -> int:
        """The first player (the core's observation calls it the dealer)."""
        return self.first

    @property
    def round(self) -> int:
        return 1

    def rack(self, seat: int) -> tuple:
        """The tiles on ``seat``'s rack, sorted (a tuple of Tile)."""
        return tuple(TILES[k] for k in range(KINDS) for _ in range(self.racks[seat][k]))

    def family_size(self, seat: int, index: int) -> int:
        _, animals, clovers = self.families[seat][index]
        return animals + clovers

    @property
    def available(self) -> int:
        """The tiles left to draw: hidden and face up together (D8)."""
        return sum(self.reserve) + sum(self.face_up)

    @property
    def supply(self) -> int:
        """The '7' tokens left in the box (Game Park's unlimited supply makes new ones)."""
        return max(0, SEVEN_TOKENS - sum(self.tokens))

    def score(self, seat: int) -> int:
        """``seat``'s points now (D12): 1 a family tile, 1 a '7', 2 for the '77'."""
        return points(self.families[seat], self.tokens[seat], self.holder == seat)

    @property
    def scores(self) -> tuple:
        return tuple(self.score(p) for p in range(len(self.names)))

    @property
    def is_over(self) -> bool:
        return self.phase == OVER_PHASE

    @property
    def winners(self) -> tuple:
        """Once the game is over, the winners (D12): the highest score; on a tie the holder
        of the '77', otherwise every tied player. () before the end."""
        if self.phase != OVER_PHASE:
            return ()
        return _winners(self.scores, self.holder)

    def tile_count(self) -> int:
        """Every tile, wherever it is: always 91."""
        return (sum(self.reserve) + sum(self.face_up) + sum(self.out)
                + sum(sum(r) for r in self.racks)
                + sum(a + c for fams in self.families for _, a, c in fams))

    def dealt_to(self) -> int:
        """During the deal, the seat the next tile goes to."""
        n = len(self.names)
        return (self.first + START_TILES * n - self.to_draw) % n

    def rainbow_open(self) -> bool:
        return self.phase == ACT_PHASE and bool(self.used & WINDOW)

    @property
    def decision(self) -> Decision | None:
        phase, names = self.phase, self.names
        if phase == OVER_PHASE:
            return None
        if phase == DEAL_PHASE:
            name = names[self.dealt_to()]
            return Decision("deal", "doubleseven.setup", CHANCE, f"Deal a tile to {name}",
                            f"Distribuez une tuile à {name}")
        name = names[self.turn]
        if phase == FLIP_PHASE:
            return Decision("flip", "doubleseven.flip", CHANCE,
                            f"No tile is face up: turn one face up for {name}",
                            f"Aucune tuile n'est visible : retournez-en une pour {name}")
        if phase == HIDDEN_PHASE:
            return Decision("draw", "doubleseven.draw-source", CHANCE,
                            f"Reveal the hidden tile {name} draws",
                            f"Révélez la tuile cachée que pioche {name}")
        if phase == DRAW_PHASE:
            n = self.to_draw
            rule_id, en, fr = {
                "turn": ("doubleseven.draw", f"{name} to draw {_tiles_en(n)}",
                         f"{name} pioche {_tiles_fr(n)}"),
                "rainbow": ("doubleseven.rainbow", f"{name} called Rainbow: draw 1 extra tile",
                            f"{name} a annoncé Arc-en-ciel : piochez 1 tuile de plus"),
                "two-for-one": ("doubleseven.two-for-one", f"{name}'s Two for One: draw 1 tile",
                                f"Deux contre Un {de(name)} : piochez 1 tuile"),
            }[self.draw_for]
            return Decision("draw", rule_id, self.turn, en, fr)
        if phase == DISCARD_PHASE:
            return Decision("discard", "doubleseven.discard", self.turn,
                            f"{name} to discard one tile out of the game",
                            f"{name} défausse une tuile hors du jeu")
        act_en = f"{name} to act (start, expand, exchange, retrieve, Two for One) or pass"
        act_fr = (f"{name} agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou "
                  "passe")
        if self.used & WINDOW and not self.available:  # Rainbow is refused (D14): say so
            return Decision("rainbow", "doubleseven.rainbow-timing", self.turn,
                            f"{act_en}: no tile is left to draw, so no Rainbow (D14)",
                            f"{act_fr} : il ne reste aucune tuile à piocher, donc pas "
                            "d'Arc-en-ciel (D14)")
        if self.used & WINDOW:  # whether the rack allows it is the mover's secret
            return Decision("rainbow", "doubleseven.rainbow-timing", self.turn,
                            f"{name} may call Rainbow now if the rack holds 5 or more "
                            "different animals, or act",
                            f"{name} peut annoncer Arc-en-ciel maintenant si son chevalet a 5 "
                            "animaux différents ou plus, ou agir")
        return Decision("act", "doubleseven.actions", self.turn, act_en, act_fr)

    def key(self) -> tuple:
        return tuple(self[:R_LOG])

    def _replace(self, /, **changes) -> DoubleSevenState:
        """A copy with some fields changed (tests resample hidden tiles so); the fields
        derived from ``families`` are worked out again."""
        record = _Record._replace(self, **changes)
        return _new(DoubleSevenState, (*record[:R_SIZES], *_derive(record[R_FAMILIES]),
                                       _to_move(record[R_PHASE], record[R_TURN]), {}))

    def __eq__(self, other) -> bool:
        return isinstance(other, DoubleSevenState) and self.key() == other.key()

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.key())

    def __bool__(self) -> bool:
        return True

    # ---- moves

    def parse_move(self, move):
        """Read a move, with the players' names as well as their seat numbers."""
        return parse_move(move, self.names)

    def move_text(self, move, lang: str = "en") -> str:
        """A move in words with the players' names: "exchange my 1 for Bob's 2"."""
        check_lang(lang)
        move = self.parse_move(move)
        if move.__class__ is Exchange and move.seat < len(self.names):
            return move.text(lang, self.names[move.seat])
        if move.__class__ is Retrieve and 0 <= move.owner < len(self.names):
            return move.text(lang, self.names[move.owner])
        return move.text(lang)

    def legal_moves(self) -> tuple:
        """The legal moves, sorted. At a chance step, its request word (deal, flip or
        reveal); a tile that can come is legal there too (``check``)."""
        return _LEGAL[self[R_PHASE]](self)

    def candidate_moves(self) -> tuple:
        """What a try-a-move table lists: the legal moves, plus the instructive illegal ones
        of the phase (every face-up tile and the hidden reserve while drawing; Rainbow, a
        second family of an animal, clovers alone, exchanges of other sizes, Two for One
        again, retrieving without the animal; pass while drawing or discarding)."""
        phase = self.phase
        if phase in CHANCE_PHASES or phase == OVER_PHASE:
            return self.legal_moves()
        rack = self.racks[self.turn]
        if phase == DISCARD_PHASE:
            return (*self.legal_moves(), PASS)
        if phase == DRAW_PHASE:
            return tuple(sorted({*self.legal_moves(), DRAW_HIDDEN, PASS,
                                 *(DrawFaceUp(k) for k in range(KINDS) if self.face_up[k])}))
        moves = set(_act_legal(self))
        moves.add(RAINBOW)
        seat = self.turn
        mine = self.families[seat]
        for a in range(CLOVER):
            if rack[a] >= 2:
                moves.add(Start((a, a)))
            if rack[a]:
                moves.add(Start((a,)))
        if rack[CLOVER] >= 2:
            moves.add(Start((CLOVER, CLOVER)))
        for i, (animal, _, _) in enumerate(mine):
            for k in range(KINDS):
                if rack[k]:
                    moves.add(Expand(i + 1, (k,)))
        for p, fams in enumerate(self.families):
            for j, (animal, _, clovers) in enumerate(fams):
                if p != seat:
                    for i in range(len(mine)):
                        moves.add(Exchange(i + 1, p, j + 1))
                if clovers:
                    moves.add(Retrieve(NO_ONE if p == seat else p, j + 1, animal))
        kinds = [k for k in range(KINDS) if rack[k]]
        if len(kinds) >= 2:
            moves.add(TwoForOne((kinds[0], kinds[1])))
        moves.add(Discard(kinds[0]) if kinds else PASS)
        return tuple(sorted(moves))

    def check(self, move) -> Verdict:
        """Whether ``move`` is legal now, with the rule and the reason. Never raises."""
        try:
            move = parse_move(move, self.names)
        except NotationError as err:
            return Verdict(move, False, "doubleseven.actions", err.reason_en, err.reason_fr)
        except Exception:  # noqa: BLE001 - check() never raises, whatever the input
            return Verdict(move, False, "doubleseven.actions", "This is not a move.",
                           "Ce n'est pas un coup.")
        legal, rule_id, words = _verdict(self, move)
        en, fr = words(self, move)
        if move.__class__ in (Exchange, Retrieve):  # "Bob's 2", not "player 1's 2"
            return NamedVerdict(move, legal, rule_id, en, fr, self.move_text(move))
        return Verdict(move, legal, rule_id, en, fr)

    def play(self, move) -> DoubleSevenState:
        """The state after ``move``; raises IllegalMove (naming the rule) if it is not legal,
        and leaves this state as it was. ``_verdict`` decides (the same decision ``check``
        gives, its words built only for a refusal); the move's transition (``_PLAY``)
        applies it once."""
        transition = _PLAY.get(move.__class__)
        if transition is None:
            try:
                move = parse_move(move, self.names)
            except NotationError as err:
                raise IllegalMove("doubleseven.actions", err.reason_en, err.reason_fr,
                                  move) from None
            transition = _PLAY[move.__class__]
        legal, rule_id, words = _verdict(self, move)
        if not legal:
            raise IllegalMove(rule_id, *words(self, move), move)
        after = transition(self, move)
        if self[R_MEMO]:  # the parts are needed only by an exchange from here
            self[R_MEMO].pop("parts", None)
        return after

    def chance(self) -> WeightedDraw | None:
        """The tile chance picks now (the deal, the flip, a hidden draw): the hidden tiles
        left, each with its exact probability (a stacked reserve gives its top tile with
        probability 1). None when a player (or nobody) is to move."""
        phase = self.phase
        if phase not in CHANCE_PHASES:
            return None
        rule_id = {DEAL_PHASE: "doubleseven.setup", FLIP_PHASE: "doubleseven.flip",
                   HIDDEN_PHASE: "doubleseven.draw-source"}[phase]
        if self.stack:
            copies = {TILES[self.stack[0]]: 1}
        else:
            copies = {TILES[k]: n for k, n in enumerate(self.reserve) if n}
        return WeightedDraw(copies, rule_id, "a hidden tile from the reserve",
                            "une tuile cachée de la réserve")

    @property
    def log(self) -> tuple:
        """The automatic consequences of the last move, as raw records (a tuple of tuples).
        A direct transition (``_PLAY``) leaves them to be worked out when asked, by the plain
        transition (``_apply``) from the parent."""
        raw = self[R_LOG]
        if raw is None:
            return _apply(self[R_PARENT], self[R_LAST_MOVE])[R_LOG]
        return raw

    @property
    def events(self) -> tuple:
        """What the last move brought about (a tuple of Event): a tile dealt, flipped or
        drawn (a hidden one is not named), Rainbow with the rack shown, a family started,
        expanded, exchanged, a clover retrieved, Two for One, Sept!, Double Sept!, Vide!, a
        pass, a tile discarded out of the game, the end triggered, the game over."""
        return tuple(_event(self.names, entry) for entry in self.log)

    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` sees, as JSON-safe data: its own rack, every rack's size, every
        family (owner, animal, animals and clovers), the face-up area, the reserve's size
        (never its contents or order, nor the seed), the tiles out of the game, the tokens,
        the '77', who triggered the end, the phase and what was used this turn. A hidden
        tile drawn by another player is not named. ``seat=None`` is a spectator.
        PositionError for a seat that does not exist."""
        return _observation(self, seat)

    def __repr__(self) -> str:
        if self.phase == OVER_PHASE:
            return f"<Double Seven: over, scores {list(self.scores)}>"
        return (f"<Double Seven: {self.names[self.turn]}'s turn, {self.phase}, reserve "
                f"{sum(self.reserve)}, face up {sum(self.face_up)}>")


def _sort_key(move) -> tuple:
    return move.sort_key()


def _tiles_en(n: int) -> str:
    """The tiles still to draw in a turn's draw: 2 or 3 at its start (or 2 after one of 3),
    and "1 more tile" once one or two are in (a draw is never of 1 tile alone)."""
    return "1 more tile" if n == 1 else f"{n} tiles"


def _tiles_fr(n: int) -> str:
    return "encore 1 tuile" if n == 1 else f"{n} tuiles"


def _winners(scores, holder) -> tuple:
    best = max(scores)
    tied = tuple(p for p, s in enumerate(scores) if s == best)
    if len(tied) > 1 and holder in tied:
        return (holder,)
    return tied


# ---------------------------------------------------------------- legal moves of the act phase


def _rainbow_reason(s) -> tuple | None:
    """Why Rainbow cannot be called now, as (rule_id, en, fr); None when it can."""
    name = s.names[s.turn]
    if s.phase != ACT_PHASE or not s.used & WINDOW:
        if s.used & RAINBOW_USED:
            return ("doubleseven.rainbow-timing", ("Rainbow was already called this turn: once "
                    "a turn (D2)."), ("Arc-en-ciel a déjà été annoncé ce tour : une fois par tour "
                    "(D2)."))
        return ("doubleseven.rainbow-timing", ("Rainbow is called straight after the draw, "
                "before any other action (D2, D14)."), ("Arc-en-ciel s'annonce juste après la "
                "pioche, avant toute autre action (D2, D14)."))
    if not s.available:
        return ("doubleseven.rainbow-timing", ("No tile is left to draw, so Rainbow is refused "
                "(D14)."), ("Il ne reste aucune tuile à piocher, donc Arc-en-ciel est refusé "
                "(D14)."))
    rack = s.racks[s.turn]
    if s.rules.rainbow_clovers == "none-on-rack":
        if rack[CLOVER]:
            return ("doubleseven.rainbow", (f"{name} has a clover on the rack: Rainbow is "
                    "refused with a clover (D1)."), (f"{name} a un trèfle sur son chevalet : "
                    "Arc-en-ciel est refusé avec un trèfle (D1)."))
        size = sum(rack)
        what_en, what_fr = "tiles", "tuiles"
    else:
        size = sum(rack[:CLOVER])
        what_en, what_fr = "animal tiles (clovers set aside)", "tuiles animal (trèfles à part)"
    for k in range(CLOVER):
        if rack[k] >= 2:
            return ("doubleseven.rainbow", (f"Rainbow needs all different animals; {name} has "
                    f"{rack[k]} {name_of(k, 'en', 2)}."), (f"Arc-en-ciel demande des animaux "
                    f"tous différents ; {name} a {rack[k]} {name_of(k, 'fr', 2)}."))
    if size < RAINBOW_SIZE:
        return ("doubleseven.rainbow", (f"Rainbow needs 5 different animals; {name} has "
                f"{size} {what_en}."), (f"Arc-en-ciel demande 5 animaux différents ; {name} a "
                f"{size} {what_fr}."))
    return None


def _takeable_after_two_for_one(s) -> int:
    """How many tiles Two for One could take after its discard, the two tiles aside (D16)."""
    if s.rules.two_for_one_take_back == "allowed":
        return s.available + 2
    return s.available


class _RackMoves:
    """What a rack allows, whoever holds it: computed once per rack (there are few). A
    class with slots, whose attributes read faster than a named tuple's."""

    __slots__ = ("rack", "rainbow", "starts", "starts_without", "two_for_one")

    def __init__(self, starts, two_for_one, rainbow, rack):
        self.starts = starts  # (animal bit, the Start moves of that animal, sorted), by animal
        # (an animal whose tiles start no family, 1 tile and no clover, is left out)
        self.two_for_one = two_for_one  # the TwoForOne moves, sorted
        self.rainbow = rainbow  # Rainbow allowed by the rack: (none-on-rack, set-aside) (D1)
        self.starts_without = {}  # memo: the animals owned (mask) -> the Start moves
        self.rack = rack


_RACKS: dict = {}
_EXPANDS: dict = {}
_DRAWS: dict = {}
# entries per memo, at most: a memo stops growing, never forgets. The commonest keys come
# first, so 4,096 keep the speed (benchmarks/run.py double-seven) and 10,000 games peak at
# 43 MiB (benchmarks/memory.py; 70 MiB with 200,000)
_MEMO_SIZE = 4096


def _rack_moves(rack: tuple) -> _RackMoves:
    found = _RACKS.get(rack)
    if found is not None:
        return found
    clovers = rack[CLOVER]
    starts = []
    two_for_one = []
    kinds = []
    for k in range(KINDS):
        if rack[k]:
            kinds.append(k)
    for x, a in enumerate(kinds):
        have = rack[a]
        pairs = _TWO_FOR_ONE[a]
        if have >= 2:
            two_for_one.append(pairs[a])
        for b in kinds[x + 1:]:
            two_for_one.append(pairs[b])
        if a != CLOVER and (have >= 2 or clovers):  # a family starts with 2 tiles
            key = a << 8 | have << 4 | clovers
            moves = _STARTS_OF.get(key)
            if moves is None:
                moves = _STARTS_OF[key] = tuple(sorted(
                    [Start.of((a,) * i + (CLOVER,) * j) for i in range(1, have + 1)
                     for j in range(max(0, 2 - i), clovers + 1)], key=_sort_key))
            starts.append((1 << a, moves))
    animals = rack[:CLOVER]
    different = max(animals) <= 1
    found = _RackMoves(tuple(starts), tuple(two_for_one),
                       (different and not clovers and sum(animals) >= RAINBOW_SIZE,
                        different and sum(animals) >= RAINBOW_SIZE), rack)
    if len(_RACKS) < _MEMO_SIZE:
        _RACKS[rack] = found
    return found


# what a rack allows, by part: animal << 8 | how many of it << 4 | clovers -> the Start moves
# of that animal
_STARTS_OF: dict = {}
# _TWO_FOR_ONE[a][b]: the Two for One move of the kinds a and b (a <= b)
_TWO_FOR_ONE = [[TwoForOne.of((a, b)) if a <= b else None for b in range(KINDS)]
                for a in range(KINDS)]
_DISCARDS = [Discard.of(k) for k in range(KINDS)]
_DRAW_FACE_UP = [DrawFaceUp.of(k) for k in range(KINDS)]


def _expands(key: int) -> tuple:
    """The Expand moves, sorted, for ``key``: the family's number (from 1) << 12 | its
    animal << 8 | the tiles of that animal on the rack << 4 | the clovers on the rack."""
    number, animal, have, clovers = key >> 12, key >> 8 & 15, key >> 4 & 15, key & 15
    # in order: the animals alone (1, 2, ...), then with 1, 2, ... clovers from the most
    # animals down to none (an animal sorts before the clover)
    found = []
    for i in range(1, have + 1):
        found.append(Expand.of(number, (animal,) * i))
    for i in range(have, -1, -1):
        for j in range(1, clovers + 1):
            found.append(Expand.of(number, (animal,) * i + (CLOVER,) * j))
    found = tuple(found)
    if len(_EXPANDS) < _MEMO_SIZE:
        _EXPANDS[key] = found
    return found


def _exchanges(seat: int, sizes: tuple) -> tuple:
    """The Exchange moves of ``seat`` given every family's size, sorted (by the mover's
    family, then the other player, then their family)."""
    mine = sizes[seat]
    if not mine:
        return ()
    others = []  # plain loops: cheaper than comprehensions here
    for p, row in enumerate(sizes):
        if p != seat and row:
            by_size = _BY_SIZE.get(row)
            if by_size is None:
                by_size = _by_size(row)
            others.append((by_size, _EXCHANGE_TABLE[p]))
    found = []
    try:
        for index, size in enumerate(mine, 1):
            for by_size, table in others:
                numbers = by_size.get(size)
                if numbers is not None:
                    moves = table[index]
                    for j in numbers:
                        found.append(moves[j])
    except IndexError:  # a family numbered over 8 (exchanges can give two of an animal)
        return tuple([Exchange.of(index, p, j) for index, size in enumerate(mine, 1)
                      for p, row in enumerate(sizes) if p != seat
                      for j in (_BY_SIZE.get(row) or _by_size(row)).get(size, ())])
    return tuple(found)


_BY_SIZE: dict = {}
# _EXCHANGE_TABLE[seat][mine][theirs]: the Exchange move, for family numbers 1 to 8 (more
# are rare: a player starts one family an animal, exchanges may bring a second)
_EXCHANGE_TABLE = [[None] + [[None] + [Exchange.of(mine, seat, theirs)
                                       for theirs in range(1, CLOVER + 1)]
                             for mine in range(1, CLOVER + 1)] for seat in range(MAX_PLAYERS)]


def _by_size(row: tuple) -> dict:
    """A player's family numbers (from 1) by family size: {size: (number, ...)}."""
    found: dict = {}
    for j, size in enumerate(row, 1):
        found[size] = (*found.get(size, ()), j)
    if len(_BY_SIZE) < _MEMO_SIZE:
        _BY_SIZE[row] = found
    return found


def _act_parts(s) -> tuple:
    """The legal moves of the act phase, sorted, with the parts they are made of, in a
    list: [legal, expansions by family (a list), exchanges, retrievals, Two for One, what
    the rack allows, the animals owned as a bit mask and the animal of each family (a
    list; both kept up to date only when the rack can start a family), exchanges +
    retrievals + Two for One, starts + expansions, starts], kept in the
    state's memo (``R_MEMO``) until a move is played from it; an exchange makes the next
    state's from a copy (see _exchanged_parts). The legal moves are pass and Rainbow, then starts, expansions, exchanges,
    retrievals (your own families first) and Two for One."""
    seat = s[R_TURN]
    rack = s[R_RACKS][seat]
    info = _RACKS.get(rack)
    if info is None:
        info = _rack_moves(rack)
    used = s[R_USED]
    reserve, face_up = s[R_RESERVE], s[R_FACE_UP]
    fams = s[R_FAMILIES][seat]
    expands = []
    clovers = rack[CLOVER]
    for number, family in enumerate(fams, 1):
        animal = family[0]
        have = rack[animal]
        if have or clovers:  # else no expansion
            key = number << 12 | animal << 8 | have << 4 | clovers
            found = _EXPANDS.get(key)
            expands.append(_expands(key) if found is None else found)
        else:
            expands.append(())
    if info.starts:
        animals = []
        owned = 0
        for family in fams:
            animal = family[0]
            animals.append(animal)
            owned |= 1 << animal
        starts = info.starts_without.get(owned)
        if starts is None:
            starts = _starts(info, owned)
    else:
        owned = animals = None
        starts = ()
    sizes = s[R_SIZES]
    exchanges = _exchanges(seat, sizes)
    clovered = s[R_CLOVERED]
    retrieves = _retrieves(seat, rack, clovered) if clovered else ()
    if not used & TWO_FOR_ONE_USED and (s[R_RULES].two_for_one_take_back == "allowed"
                                        or sum(reserve) or sum(face_up)):
        two_for_one = info.two_for_one
    else:
        two_for_one = ()
    if used & WINDOW and info.rainbow[s[R_RULES].rainbow_clovers != "none-on-rack"] \
            and (sum(reserve) or sum(face_up)):
        first = _PASS_AND_RAINBOW
    else:
        first = _PASS_ONLY
    tail = exchanges + retrieves + two_for_one
    head = sum(expands, starts)  # mostly empty tuples: joined without copies
    return [first + head + tail, expands, exchanges, retrieves, two_for_one, info, owned,
            animals, tail, head, starts]


def _starts(info: _RackMoves, owned: int) -> tuple:
    """The Start moves a rack allows to a player owning the animals ``owned`` (bit mask)."""
    found = ()
    for bit, moves_of in info.starts:
        if not owned & bit:
            found += moves_of
    info.starts_without[owned] = found
    return found


def _retrieves(seat: int, rack: tuple, clovered: tuple) -> tuple:
    """The Retrieve moves ``seat`` has with ``rack``: its own families first."""
    mine = theirs = ()  # mostly none: nothing is built then
    for p, j, animal in clovered:
        if rack[animal]:
            if p == seat:
                mine += (Retrieve.of(NO_ONE, j, animal),)
            else:
                theirs += (Retrieve.of(p, j, animal),)
    return mine + theirs


def _exchanged_parts(parts: list, index: int, given: int, taken: int, retrieves) -> list:
    """The act parts just after an exchange of the mover's family ``index`` (from 0) of
    ``given`` for one of ``taken`` (animals), changed in place from a copy of the parts
    before (its lists of expansions and animals copied too): the
    rack, every size and the tiles left stay, so only that family's expansions, the starts
    and (when clovers moved: ``retrieves`` is not None, the new retrievals) the retrievals
    change; an exchange closes the Rainbow window."""
    if retrieves is not None:
        parts[3] = retrieves
        parts[8] = parts[2] + retrieves + parts[4]
    changed = False
    if given != taken:
        info = parts[5]
        rack = info.rack
        clovers = rack[CLOVER]
        if clovers or rack[taken] or rack[given]:  # the expansions were or become some
            key = index + 1 << 12 | taken << 8 | rack[taken] << 4 | clovers
            found = _EXPANDS.get(key)
            parts[1][index] = _expands(key) if found is None else found
            changed = True
        if info.starts:  # the animals owned matter (and are kept) only then
            animals = parts[7]
            animals[index] = taken
            # the animal given away is still owned if another family has it
            owned = parts[6] & ~(1 << given) | 1 << taken
            if given in animals:
                owned |= 1 << given
            parts[6] = owned
            starts = info.starts_without.get(owned)
            if starts is None:
                starts = _starts(info, owned)
            if starts is not parts[10]:
                parts[10] = starts
                changed = True
    if changed:
        parts[9] = sum(parts[1], parts[10])
    elif retrieves is None and parts[0][0] is PASS:  # the same legal moves
        return parts
    parts[0] = _PASS_ONLY + parts[9] + parts[8]
    return parts


def _act_legal(s) -> tuple:
    """The legal moves of the act phase (see _act_parts), kept with their parts in the
    state's memo until a move is played from it (asked again after that, they are worked
    out again); an exchange played from a state whose memo is filled fills the next
    state's from them (see _play_exchange)."""
    memo = s[R_MEMO]
    parts = memo.get("parts")
    if parts is None:
        parts = memo["parts"] = _act_parts(s)  # two threads asking at once store equal parts
    return parts[0]


def _draw_legal(s) -> tuple:
    key = (s[R_FACE_UP], s[R_BLOCKED], sum(s[R_RESERVE]) > 0)
    found = _DRAWS.get(key)
    if found is None:  # draw hidden sorts first (a word), then the face-up tiles by kind
        face_up, blocked, hidden = key
        found = [DRAW_HIDDEN] if hidden else []
        for k in range(KINDS):
            if face_up[k] > blocked.count(k):
                found.append(_DRAW_FACE_UP[k])
        found = tuple(found)
        if len(_DRAWS) < _MEMO_SIZE:
            _DRAWS[key] = found
    return found


def _discard_legal(s) -> tuple:
    rack = s[R_RACKS][s[R_TURN]]
    return tuple([_DISCARDS[k] for k in range(KINDS) if rack[k]])


_PASS_AND_RAINBOW = tuple(sorted((PASS, RAINBOW), key=_sort_key))
_PASS_ONLY = (PASS,)
_DEAL_ONLY, _FLIP_ONLY, _REVEAL_ONLY = (DEAL,), (FLIP,), (REVEAL,)
_LEGAL = {
    OVER_PHASE: lambda s: (),
    DEAL_PHASE: lambda s: _DEAL_ONLY,
    FLIP_PHASE: lambda s: _FLIP_ONLY,
    HIDDEN_PHASE: lambda s: _REVEAL_ONLY,
    DISCARD_PHASE: _discard_legal,
    DRAW_PHASE: _draw_legal,
    ACT_PHASE: _act_legal,
}


# ---------------------------------------------------------------- verdicts


def _need(rack: tuple, kinds: tuple) -> int | None:
    """A kind ``kinds`` takes more of than ``rack`` holds, or None."""
    counts = _count(kinds)
    for k in range(KINDS):
        if counts[k] > rack[k]:
            return k
    return None


def _short_of(name: str, kind: int, counts: tuple, rack: tuple) -> tuple:
    """(en, fr): the move takes more tiles of ``kind`` than ``name``'s rack holds."""
    want, have = counts[kind], rack[kind]
    if have:
        return ((f"The move needs {want} {name_of(kind, 'en', want)}, but {name} has only "
                 f"{have} on the rack."),
                (f"Le coup demande {want} {name_of(kind, 'fr', want)}, mais {name} en a seulement "
                 f"{have} sur son chevalet."))
    return ((f"The move needs {want} {name_of(kind, 'en', want)}, but {name} has none on the "
             "rack."),
            (f"Le coup demande {want} {name_of(kind, 'fr', want)}, mais {name} n'en a pas sur "
             "son chevalet."))


def _rack_short(rule_id: str, name: str, rack: tuple, kinds: tuple) -> tuple | None:
    """The refusal (a verdict) when a move takes more tiles of a kind (``kinds``) than
    ``name``'s ``rack`` holds, under ``rule_id``; None when the rack holds them all."""
    short = _need(rack, kinds)
    if short is None:
        return None
    return (False, rule_id, lambda s, move: _short_of(name, short, _count(kinds), rack))


def _no_family(who: str, number: int, count: int) -> tuple:
    """(en, fr): ``who`` has no family ``number``, having ``count`` families."""
    if not count:
        return (f"{who} has no family {number}: {who} has no family yet.",
                f"{who} n'a pas de famille {number} : {who} n'a encore aucune famille.")
    families = "families" if count > 1 else "family"
    return (f"{who} has no family {number} ({who} has {count} {families}).",
            f"{who} n'a pas de famille {number} ({who} en a {count}).")


def _family_fr(number: int, whose: str, own: bool) -> str:
    """A family in a French sentence about its mover: « sa famille 2 » for the mover's own,
    « la famille 2 de Bob » (« d'Ann ») for another player's."""
    return f"sa famille {number}" if own else f"la famille {number} {de(whose)}"


def _family_en(number: int, whose: str, own: bool) -> str:
    """A family in an English sentence about its mover: "their own family 2" for the
    mover's own, "Bob's family 2" for another player's."""
    return f"their own family {number}" if own else f"{whose}'s family {number}"


def _family_words(s, owner: int, index: int, lang: str) -> str:
    """A family in words: "Bob's family 2 (…)", « la famille 2 de Bob (…) »; the mover's
    own family is « sa famille 2 (…) » in French."""
    animal, a, c = s.families[owner][index]
    whose = s.names[owner]
    if lang == "fr":
        extra = f" dont {c} trèfle{'s' if c > 1 else ''}" if c else ""
        which = _family_fr(index + 1, whose, owner == s.turn)
        return f"{which} ({a + c} tuiles, {name_of(animal, 'fr', 2)}{extra})"
    extra = f", {c} clover{'s' if c > 1 else ''}" if c else ""
    which = _family_en(index + 1, whose, owner == s.turn)
    return f"{which} ({a + c} tiles, {name_of(animal, 'en', 2)}{extra})"


_CHANCE_WORDS = {DEAL_PHASE: (DEAL, "doubleseven.setup"), FLIP_PHASE: (FLIP, "doubleseven.flip"),
                 HIDDEN_PHASE: (REVEAL, "doubleseven.draw-source")}


def _chance_picks(s, move) -> tuple:
    return ("Chance picks a hidden tile.", "Le hasard choisit une tuile cachée.")


def _verdict(s, move) -> tuple:
    """(legal, rule_id, words) for ``move`` (already parsed) in ``s``: the one decision of
    every move kind, which ``check`` and ``play`` read (and the act phase's legal moves,
    ``_act_parts``, list the moves it finds legal: tests/test_one_decision.py). ``words()``
    (called with the state and the move) gives (en, fr), the reason, built only when asked:
    for the commonest legal moves a function of the module, nothing built at all."""
    phase = s[R_PHASE]
    if phase == ACT_PHASE:  # the commonest first: the move's kind decides
        decide = _ACT_VERDICTS.get(move.__class__) or _ACT_WORD_VERDICTS.get(move)
        turn = s[R_TURN]
        name, rack = s[R_NAMES][turn], s[R_RACKS][turn]
        if decide is None:
            return (_out_of_turn_verdict(s, move, name, rack)
                    or _not_a_move_verdict(s, move, name, rack))
        return decide(s, move, name, rack)
    return _PHASE_VERDICTS[phase](s, move)


def _over_verdict(s, move) -> tuple:
    """After the game (doubleseven.game-end): no move."""
    return (False, "doubleseven.game-end", _game_over_words)


def _game_over_words(s, move) -> tuple:
    return ("The game is over: no move is left.", "La partie est terminée : plus aucun coup.")


def _chance_verdict(s, move) -> tuple:
    """A chance step (the deal, a flip, a hidden draw): its request word, or a tile that can
    come (doubleseven.setup, doubleseven.flip, doubleseven.draw-source)."""
    phase, names, cls = s[R_PHASE], s[R_NAMES], move.__class__
    word, rule_id = _CHANCE_WORDS[phase]
    if move is word:
        return (True, rule_id, _chance_picks)
    if cls is Tile:
        if (s[R_STACK][0] == move.kind) if s[R_STACK] else s[R_RESERVE][move.kind] > 0:
            return (True, rule_id,
                    lambda s, move: (f"The hidden tile is a {move.text()} (stacked).",
                    f"La tuile cachée est : {move.text('fr')} (réserve arrangée)."))
        if s[R_STACK]:
            return (False, rule_id,
                    lambda s, move: ((f"The reserve is stacked: its next tile is a "
                    f"{ANIMALS[s[R_STACK][0]].en}, not a {move.text()}."),
                    (f"La réserve est arrangée : sa prochaine tuile est {one_of(s[R_STACK][0], 'fr')}"
                    f", pas {one_of(move.kind, 'fr')}.")))
        return (False, rule_id,
                lambda s, move: (f"No {move.text()} is left in the hidden reserve.",
                f"Il ne reste aucune tuile {move.text('fr')} cachée dans la réserve."))
    if phase == DEAL_PHASE:
        return (False, rule_id,
                lambda s, move, names=names: ((f"The tiles are being dealt, 3 to each player: the next "
                f"goes to {names[s.dealt_to()]} (deal)."),
                (f"Les tuiles sont distribuées, 3 par joueur : la prochaine va à "
                f"{names[s.dealt_to()]} (donne).")))
    if phase == FLIP_PHASE:
        return (False, rule_id, lambda s, move: (("No tile is face up: one hidden tile is turned face up "
                "first (flip)."), ("Aucune tuile n'est visible : on retourne d'abord une "
                "tuile cachée (retourner).")))
    return (False, rule_id,
            lambda s, move, names=names: ((f"{names[s.turn]} is drawing a hidden tile: chance reveals it "
            "first (reveal)."), (f"{names[s.turn]} pioche une tuile cachée : le hasard la "
            "révèle d'abord (révéler).")))


def _draw_phase_verdict(s, move) -> tuple:
    """While a player draws: a draw (``_draw_verdict``), nothing else."""
    name = s[R_NAMES][s[R_TURN]]
    if move is DRAW_HIDDEN or move.__class__ is DrawFaceUp:
        return _draw_verdict(s, move, name)
    refused = _out_of_turn_verdict(s, move, name, None)
    if refused is not None:
        return refused
    n = s[R_TO_DRAW]
    return (False, _DRAW_RULES[s[R_DRAW_FOR]], lambda s, move, name=name, n=n: (
        f"{name} must first draw {_tiles_en(n)}, hidden or face up.",
        (f"{name} doit d'abord piocher {_tiles_fr(n)}, cachée{'s' if n > 1 else ''} ou "
        f"visible{'s' if n > 1 else ''}.")))


def _discard_phase_verdict(s, move) -> tuple:
    """At the end of a turn with 6 tiles or more (doubleseven.discard): a tile discarded."""
    turn = s[R_TURN]
    name, rack, cls = s[R_NAMES][turn], s[R_RACKS][turn], move.__class__
    if cls is not Discard:
        refused = _out_of_turn_verdict(s, move, name, rack)
        if refused is not None:
            return refused
    if cls is Discard:
        if rack[move.kind]:
            return (True, "doubleseven.discard", lambda s, move, name=name: (
                f"{name} discards a {ANIMALS[move.kind].en} out of the game.",
                f"{name} défausse {one_of(move.kind, 'fr')} hors du jeu."))
        return (False, "doubleseven.discard", lambda s, move, name=name: (
            f"{name} has no {ANIMALS[move.kind].en} on the rack.",
            f"{name} n'a pas de tuile {ANIMALS[move.kind].fr} sur son chevalet."))
    n = sum(rack)
    return (False, "doubleseven.discard", lambda s, move, name=name, n=n: (
        f"{name} ends the turn with {n} tiles: one must be discarded out of the game first.",
        (f"{name} finit son tour avec {n} tuiles : il faut d'abord en défausser une hors du "
        "jeu.")))




def _out_of_turn_verdict(s, move, name: str, rack) -> tuple | None:
    """A chance step's word or a tile named while a player decides (refused), or a value of
    another game; None for any other move (the phase's own verdict then decides)."""
    cls = move.__class__
    if cls is Tile:
        return (False, "doubleseven.draw-source",
                lambda s, move: (("A tile is picked by chance only when a hidden "
                "tile is drawn: to draw, write draw hidden, or draw face-up and an animal "
                "(draw face-up fox)."),
                ("Une tuile n'est choisie par le hasard que pour une pioche cachée : écrivez "
                "piocher cachée, ou piocher visible et un animal (piocher visible renard).")))
    if move is DEAL or move is REVEAL:
        return (False, "doubleseven.setup" if move is DEAL else "doubleseven.draw-source",
                lambda s, move, name=name: (f"This is not a chance step: {name} decides now.",
                f"Ce n'est pas une étape du hasard : {name} décide maintenant."))
    if move is FLIP:
        return (False, "doubleseven.flip",
                lambda s, move: (("A tile is turned face up only at the start of a "
                "turn, when none is face up."), ("On ne retourne une tuile qu'au début d'un tour, "
                "quand aucune n'est visible.")))
    return None


_DRAW_RULES = {"turn": "doubleseven.draw", "rainbow": "doubleseven.rainbow",
               "two-for-one": "doubleseven.two-for-one"}  # by what the draw is for


def _draw_verdict(s, move, name) -> tuple:
    """A draw (doubleseven.draw-source, doubleseven.short-reserve; Two for One's tiles, D4)."""
    if move is DRAW_HIDDEN:
        if sum(s[R_RESERVE]):
            return (True, "doubleseven.draw-source", _draws_hidden_words)
        return (False, "doubleseven.short-reserve",
                lambda s, move: (("No hidden tile is left: draw a face-up "
                "tile."), "Il ne reste aucune tuile cachée : piochez une tuile visible."))
    if move.__class__ is DrawFaceUp:
        k = move.kind
        if s[R_FACE_UP][k] > s[R_BLOCKED].count(k):
            return (True, "doubleseven.draw-source", _takes_face_up_words)
        if s[R_FACE_UP][k]:
            return (False, "doubleseven.two-for-one",
                    lambda s, move, name=name, k=k: ((f"{name} just discarded that "
                    f"{ANIMALS[k].en} with Two for One: it cannot be taken back (D4)."),
                    (f"{name} vient de défausser cette tuile {ANIMALS[k].fr} avec Deux contre Un : "
                    "elle ne peut pas être reprise (D4).")))
        return (False, "doubleseven.draw-source", lambda s, move, k=k: (f"No {ANIMALS[k].en} is face up.",
                f"Aucune tuile {ANIMALS[k].fr} n'est visible."))


def _mover(s) -> str:
    """The name of the player to move."""
    return s[R_NAMES][s[R_TURN]]


def _draws_hidden_words(s, move) -> tuple:
    name = _mover(s)
    return f"{name} draws a hidden tile.", f"{name} pioche une tuile cachée."


def _takes_face_up_words(s, move) -> tuple:
    name = _mover(s)
    return (f"{name} takes the face-up {move.text().split()[-1]}.",
            f"{name} prend la tuile visible {ANIMALS[move.kind].fr}.")


def _pass_words(s, move) -> tuple:
    name = _mover(s)
    return f"{name} passes (Je passe !).", f"{name} passe (Je passe !)."


def _pass_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Pass (doubleseven.pass): always legal in the act phase; a discard follows at 6 tiles
    or more (D9, unless the last final turn skips it)."""
    n = sum(rack)
    if n >= DISCARD_AT and not _skips_discard(s):
        return (True, "doubleseven.pass",
                lambda s, move, name=name, n=n: ((f"{name} passes (Je passe !) with {n} tiles, and "
                "will discard one."), (f"{name} passe (Je passe !) avec {n} tuiles, et en "
                "défaussera une.")))
    return (True, "doubleseven.pass", _pass_words)


def _rainbow_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Rainbow (doubleseven.rainbow, doubleseven.rainbow-timing): see _rainbow_reason."""
    reason = _rainbow_reason(s)
    if reason is None:
        return (True, "doubleseven.rainbow",
                lambda s, move, name=name: ((f"{name} calls Rainbow, shows the rack and "
                "draws 1 extra tile."), (f"{name} annonce Arc-en-ciel, montre son chevalet "
                "et pioche 1 tuile de plus.")))
    return (False, reason[0], lambda s, move, reason=reason: reason[1:])


def _late_draw_verdict(s, move, name: str, rack: tuple) -> tuple:
    """A draw after the draw is over (doubleseven.draw): refused."""
    return (False, "doubleseven.draw", lambda s, move: ("The draw is over for this turn: act, or pass.",
            "La pioche est finie pour ce tour : agissez, ou passez."))


def _early_discard_verdict(s, move, name: str, rack: tuple) -> tuple:
    """A discard before passing (doubleseven.discard): refused."""
    return (False, "doubleseven.discard",
            lambda s, move: (("A tile is discarded only at the end of the turn, "
            "with 6 or more on the rack: pass first."), ("On ne défausse qu'à la fin du "
            "tour, avec 6 tuiles ou plus : passez d'abord.")))


def _start_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Start a family (doubleseven.start-family, doubleseven.one-family-per-animal, D10)."""
    seat = s[R_TURN]
    mine = s[R_FAMILIES][seat]
    counts = _count(move.kinds)
    animals = [k for k in range(CLOVER) if counts[k]]
    if not animals:
        return (False, "doubleseven.start-family", lambda s, move: (("A family is never clovers alone: it "
                "needs at least one animal tile (D10)."), ("Une famille n'est jamais faite "
                "de trèfles seuls : il faut au moins une tuile animal (D10).")))
    if len(animals) > 1:
        return (False, "doubleseven.start-family",
                lambda s, move, animals=animals: ("A family holds one animal: "
                + " and ".join(name_of(k, "en", 2) for k in animals)
                + " cannot start one family together.", "Une famille n'a qu'un animal : "
                + " et ".join(name_of(k, "fr", 2) for k in animals)
                + " ne peuvent pas commencer une famille ensemble."))
    animal = animals[0]
    if len(move.kinds) < 2:
        return (False, "doubleseven.start-family",
                lambda s, move, animal=animal: (("A family starts with at least 2 tiles "
                f"(two {name_of(animal, 'en', 2)}, or one and a clover)."),
                ("Une famille commence avec au moins 2 tuiles (deux "
                f"{name_of(animal, 'fr', 2)}, ou {one_of(animal, 'fr')} et un trèfle).")))
    if any(a == animal for a, _, _ in mine):
        return (False, "doubleseven.one-family-per-animal",
                lambda s, move, name=name, animal=animal: ((f"{name} already has a family "
                f"of {name_of(animal, 'en', 2)}: a second one cannot be started (D10)."),
                (f"{name} a déjà une famille {de(name_of(animal, 'fr', 2))} : on ne peut pas "
                "en commencer une deuxième (D10).")))
    refused = _rack_short("doubleseven.start-family", name, rack, move.kinds)
    if refused is not None:
        return refused
    vide = len(move.kinds) == sum(rack)
    return (True, "doubleseven.vide" if vide else "doubleseven.start-family",
            lambda s, move, name=name, animal=animal, counts=counts, vide=vide: _start_words(name, animal, counts, vide))


def _start_words(name: str, animal: int, counts: tuple, vide: bool) -> tuple:
    """(en, fr): what a legal start does (``counts``: its tiles by kind)."""
    family = (animal, sum(counts) - counts[CLOVER], counts[CLOVER])
    if counts[CLOVER]:  # "a family of birds with 2 tiles: 1 bird and 1 clover"
        en = f"{name_of(animal, 'en', 2)} with {_fam_en(family)}"
        fr = f"{de(name_of(animal, 'fr', 2))} de {_fam_fr(family)}"
    else:  # "a family of 3 foxes"
        en, fr = _fam_en(family), de(_fam_fr(family))
    return (f"{name} starts a family of {en}" + (": the rack is empty, Vide !" if vide else "."),
            f"{name} commence une famille {fr}"
            + (" : le chevalet est vide, Vide !" if vide else "."))


def _expand_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Expand a family (doubleseven.expand-family)."""
    seat = s[R_TURN]
    mine = s[R_FAMILIES][seat]
    if move.family > len(mine):
        return (False, "doubleseven.expand-family",
                lambda s, move, name=name, mine=mine: _no_family(name, move.family, len(mine)))
    animal, a, c = mine[move.family - 1]
    wrong = [k for k in move.kinds if k not in (animal, CLOVER)]
    if wrong:
        return (False, "doubleseven.expand-family",
                lambda s, move, animal=animal, wrong=wrong: ((f"Family {move.family} is a family of "
                f"{name_of(animal, 'en', 2)}: a {ANIMALS[wrong[0]].en} cannot join it (one "
                "animal a family)."), (f"La famille {move.family} est une famille "
                f"{de(name_of(animal, 'fr', 2))} : {one_of(wrong[0], 'fr')} ne peut pas s'y "
                "joindre (un animal par famille).")))
    refused = _rack_short("doubleseven.expand-family", name, rack, move.kinds)
    if refused is not None:
        return refused
    after = a + c + len(move.kinds)
    vide = len(move.kinds) == sum(rack)
    return (True, "doubleseven.vide" if vide else "doubleseven.expand-family",
            lambda s, move, vide=vide, name=name, after=after, animal=animal: (
            f"{name}'s family {move.family} of {name_of(animal, 'en', 2)} grows to {after} "
            "tiles" + (": the rack is empty, Vide !" if vide else "."),
            f"La famille {move.family} {de(name)} ({name_of(animal, 'fr', 2)}) passe à "
            f"{after} tuiles" + (" : le chevalet est vide, Vide !" if vide else ".")))


def _exchange_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Exchange families of the same size (doubleseven.exchange, D17)."""
    seat, other = s[R_TURN], move.seat
    sizes = s[R_SIZES]
    if other == seat:
        return (False, "doubleseven.exchange", _exchange_with_oneself)
    if other >= len(sizes):
        return (False, "doubleseven.exchange", lambda s, move, other=other: _no_player(other))
    mine, theirs = sizes[seat], sizes[other]
    if move.mine > len(mine):
        return (False, "doubleseven.exchange", lambda s, move, name=name:
                _no_family(name, move.mine, len(s[R_FAMILIES][s[R_TURN]])))
    if move.theirs > len(theirs):
        return (False, "doubleseven.exchange", lambda s, move:
                _no_family(s[R_NAMES][move.seat], move.theirs, len(s[R_FAMILIES][move.seat])))
    x, y = mine[move.mine - 1], theirs[move.theirs - 1]
    if x != y:
        return (False, "doubleseven.exchange", partial(_exchange_sizes, x, y))
    return (True, "doubleseven.exchange", _exchange_words)


def _exchange_with_oneself(s, move) -> tuple:
    return (("One cannot exchange a family with oneself: an exchange is with another player "
            "(D17)."), ("On ne peut pas échanger une famille avec soi-même : un échange se fait "
            "avec un autre joueur (D17)."))


def _no_player(seat: int) -> tuple:
    return f"There is no player {seat}.", f"Il n'y a pas de joueur {seat}."


def _exchange_sizes(x: int, y: int, s, move) -> tuple:
    """(en, fr): the two families of ``move`` differ in size (``x`` and ``y`` tiles)."""
    name, other = s[R_NAMES][s[R_TURN]], s[R_NAMES][move.seat]
    return ((f"{name}'s family {move.mine} has {x} tiles and {other}'s family {move.theirs} "
             f"has {y}: an exchange needs exactly the same size."),
            (f"La famille {move.mine} {de(name)} a {x} tuiles et la famille {move.theirs} "
             f"{de(other)} en a {y} : un échange demande exactement la même taille."))


def _exchange_words(s, move) -> tuple:
    """(en, fr): what the legal exchange ``move`` does."""
    seat = s[R_TURN]
    name, other = s[R_NAMES][seat], s[R_NAMES][move.seat]
    return ((f"{name} exchanges {_family_words(s, seat, move.mine - 1, 'en')} for "
             f"{_family_words(s, move.seat, move.theirs - 1, 'en')}; {other} cannot refuse."),
            (f"{name} échange {_family_words(s, seat, move.mine - 1, 'fr')} contre "
             f"{_family_words(s, move.seat, move.theirs - 1, 'fr')} ; {other} ne peut pas "
             "refuser."))


def _retrieve_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Retrieve a clover with the family's animal (doubleseven.retrieve-clover)."""
    seat = s[R_TURN]
    owner = seat if move.owner == NO_ONE else move.owner
    if owner >= len(s.names):
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, owner=owner: (f"There is no player {owner}.",
                f"Il n'y a pas de joueur {owner}."))
    who = s.names[owner]
    fams = s.families[owner]
    if move.owner == seat:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, name=name: ((f"{name}'s own family is written 'my "
                f"{move.family}': retrieve clover from my {move.family} with "
                f"{ANIMALS[move.kind].en}."), (f"La famille {de(name)} s'écrit « ma "
                f"{move.family} » : récupérer trèfle de ma {move.family} avec "
                f"{ANIMALS[move.kind].fr}.")))
    if move.family > len(fams):
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, who=who, fams=fams: _no_family(who, move.family, len(fams)))
    animal, _a, c = fams[move.family - 1]
    if not c:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, who=who: ((f"{who}'s family {move.family} holds "
                "no clover."), f"La famille {move.family} {de(who)} n'a pas de trèfle."))
    if move.kind != animal:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, who=who, animal=animal: ((f"{who}'s family {move.family} is a "
                f"family of {name_of(animal, 'en', 2)}: its clover is retrieved with a "
                f"{ANIMALS[animal].en}, not a {ANIMALS[move.kind].en}."),
                (f"La famille {move.family} {de(who)} est une famille "
                f"{de(name_of(animal, 'fr', 2))} : son trèfle se récupère avec "
                f"{one_of(animal, 'fr')}, pas {one_of(move.kind, 'fr')}.")))
    if not rack[animal]:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, name=name, animal=animal: ((f"{name} needs a {ANIMALS[animal].en} "
                "on the rack to retrieve this clover."), (f"{name} doit avoir "
                f"{one_of(animal, 'fr')} sur son chevalet pour récupérer ce trèfle.")))
    return (True, "doubleseven.retrieve-clover",
            lambda s, move, name=name, who=who, animal=animal, owner=owner, seat=seat: (
            (f"{name} puts a {ANIMALS[animal].en} in "
            f"{_family_en(move.family, who, owner == seat)} and takes its clover."),
            (f"{name} met {one_of(animal, 'fr')} dans "
            f"{_family_fr(move.family, who, owner == seat)} et prend son trèfle.")))


def _two_for_one_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Two for One (doubleseven.two-for-one, doubleseven.two-for-one-once, D16)."""
    if s[R_USED] & TWO_FOR_ONE_USED:
        return (False, "doubleseven.two-for-one-once",
                lambda s, move: (("Two for One was already used this "
                "turn: once a turn."), ("Deux contre Un a déjà servi ce tour : une fois par "
                "tour.")))
    refused = _rack_short("doubleseven.two-for-one", name, rack, move.kinds)
    if refused is not None:
        return refused
    if not _takeable_after_two_for_one(s):
        return (False, "doubleseven.two-for-one",
                lambda s, move: (("Two for One is refused: the only tiles "
                "it could take are the two just discarded (D16)."), ("Deux contre Un est "
                "refusé : les seules tuiles à prendre seraient les deux défaussées (D16).")))
    return (True, "doubleseven.two-for-one", _two_for_one_words)


def _two_for_one_words(s, move) -> tuple:
    name, (a, b) = _mover(s), move.kinds
    return (f"{name} discards a {ANIMALS[a].en} and a {ANIMALS[b].en} face up, then draws 1 tile.",
            (f"{name} défausse {one_of(a, 'fr')} et {one_of(b, 'fr')} face visible, puis pioche 1 "
            "tuile."))


def _not_a_move_verdict(s, move, name: str, rack: tuple) -> tuple:
    """A value of another game (doubleseven.actions)."""
    return (False, "doubleseven.actions", lambda s, move: ("This move is not one of the game's.",
            "Ce coup n'est pas un coup du jeu."))




_ACT_VERDICTS = {Start: _start_verdict, Expand: _expand_verdict, Exchange: _exchange_verdict,
                 Retrieve: _retrieve_verdict, TwoForOne: _two_for_one_verdict,
                 Discard: _early_discard_verdict, DrawFaceUp: _late_draw_verdict}
_ACT_WORD_VERDICTS = {PASS: _pass_verdict, RAINBOW: _rainbow_verdict,
                      DRAW_HIDDEN: _late_draw_verdict}
_PHASE_VERDICTS = {OVER_PHASE: _over_verdict, DEAL_PHASE: _chance_verdict,
                   FLIP_PHASE: _chance_verdict, HIDDEN_PHASE: _chance_verdict,
                   DRAW_PHASE: _draw_phase_verdict, DISCARD_PHASE: _discard_phase_verdict}


def _skips_discard(s) -> bool:
    """Game Park's reading of D19: no discard on the very last final turn."""
    return (s.rules.last_turn_discard == "skipped" and s.trigger != NO_ONE
            and (s.turn + 1) % len(s.names) == s.trigger)


# ---------------------------------------------------------------- transitions


_FIELDS_OF = attrgetter(*_Record._fields[:R_LOG])


class _Work:
    """A state being changed: the fields as attributes, and the events logged."""

    __slots__ = tuple(_Record._fields[:R_LOG]) + ("events",)

    def __init__(self, s):
        (self.rules, self.names, self.first, self.seed, self.draws, self.reserve, self.stack,
         self.face_up, self.out, self.racks, self.families, self.tokens, self.septs,
         self.earned, self.holder, self.trigger, self.turn, self.phase, self.to_draw,
         self.draw_for, self.used, self.blocked) = s[:R_LOG]
        self.events = []

    def build(self, parent, move):
        families = self.families
        derived = (parent[R_SIZES:R_TO_MOVE] if families is parent[R_FAMILIES]
                   else _derive(families))
        return _new(DoubleSevenState, (*_FIELDS_OF(self), tuple(self.events), parent, move,
                                       *derived, _to_move(self.phase, self.turn), {}))

    @property
    def available(self) -> int:
        return sum(self.reserve) + sum(self.face_up)


def _pick(s) -> int:
    """The kind of the next hidden tile, as the generator (or the stack) gives it."""
    stack = s[R_STACK]
    if stack:
        return stack[0]
    reserve = s[R_RESERVE]
    i = draw_index(s[R_SEED], s[R_DRAWS], sum(reserve))
    for k in range(KINDS):
        if i < reserve[k]:
            return k
        i -= reserve[k]
    raise AssertionError("unreachable: i < size")


def _take_hidden(w, kind: int) -> None:
    w.reserve = _sub(w.reserve, kind)
    if w.stack:
        w.stack = w.stack[1:]
    w.draws += 1


def _apply(s, move):
    w = _Work(s)
    phase = s.phase
    cls = move.__class__
    if phase in CHANCE_PHASES:
        kind = move.kind if cls is Tile else _pick(s)
        _take_hidden(w, kind)
        if phase == DEAL_PHASE:
            seat = s.dealt_to()
            w.racks = _set(w.racks, seat, _add(w.racks[seat], kind))
            w.to_draw -= 1
            w.events.append(("dealt", seat))
            if not w.to_draw:
                _begin_turn(w, s.first)
        elif phase == FLIP_PHASE:
            w.face_up = _add(w.face_up, kind)
            w.events.append(("flipped", s.turn, kind))
            _setup_draw(w)
        else:
            w.racks = _set(w.racks, s.turn, _add(w.racks[s.turn], kind))
            w.events.append(("drew-hidden", s.turn))
            _after_draw(w)
        return w.build(s, TILES[kind])
    seat = s.turn
    rack = s.racks[seat]
    if phase == DRAW_PHASE:
        if move is DRAW_HIDDEN:
            w.phase = HIDDEN_PHASE
            return w.build(s, move)
        w.face_up = _sub(w.face_up, move.kind)
        w.racks = _set(w.racks, seat, _add(rack, move.kind))
        w.events.append(("drew-face-up", seat, move.kind))
        _after_draw(w)
        return w.build(s, move)
    if phase == DISCARD_PHASE:
        w.racks = _set(w.racks, seat, _sub(rack, move.kind))
        w.out = _add(w.out, move.kind)
        w.events.append(("discarded", seat, move.kind))
        _end_turn(w)
        return w.build(s, move)
    w.used &= ~WINDOW
    if move is PASS:
        w.events.append(("passed", seat))
        if sum(rack) >= DISCARD_AT and not _skips_discard(s):
            w.phase = DISCARD_PHASE
        else:
            _end_turn(w)
    elif move is RAINBOW:
        w.used |= RAINBOW_USED
        w.events.append(("rainbow", seat, rack))
        w.phase, w.to_draw, w.draw_for = DRAW_PHASE, 1, "rainbow"
    elif cls is Start:
        counts = _count(move.kinds)
        animal = next(k for k in range(CLOVER) if counts[k])
        w.racks = _set(w.racks, seat, tuple(r - k for r, k in zip(rack, counts)))
        family = (animal, len(move.kinds) - counts[CLOVER], counts[CLOVER])
        w.families = _set(w.families, seat, (*s.families[seat], family))
        w.events.append(("started", seat, len(s.families[seat]), family))
        _sept(w, seat, animal, 2, len(move.kinds))  # D5: a start of 2, then an expansion
        _vide(w, seat)
    elif cls is Expand:
        counts = _count(move.kinds)
        index = move.family - 1
        animal, a, c = s.families[seat][index]
        w.racks = _set(w.racks, seat, tuple(r - k for r, k in zip(rack, counts)))
        family = (animal, a + len(move.kinds) - counts[CLOVER], c + counts[CLOVER])
        w.families = _set(w.families, seat, _set(s.families[seat], index, family))
        w.events.append(("expanded", seat, index, family))
        _sept(w, seat, animal, a + c, a + c + len(move.kinds))
        _vide(w, seat)
    elif cls is Exchange:
        mine, theirs = move.mine - 1, move.theirs - 1
        given, taken = s.families[seat][mine], s.families[move.seat][theirs]
        families = _set(s.families, seat, _set(s.families[seat], mine, taken))
        w.families = _set(families, move.seat, _set(s.families[move.seat], theirs, given))
        w.events.append(("exchanged", seat, mine, move.seat, theirs, given, taken))
    elif cls is Retrieve:
        owner = seat if move.owner == NO_ONE else move.owner
        index = move.family - 1
        animal, a, c = s.families[owner][index]
        w.families = _set(s.families, owner, _set(s.families[owner], index,
                                                  (animal, a + 1, c - 1)))
        w.racks = _set(w.racks, seat, _add(_sub(rack, animal), CLOVER))
        w.events.append(("retrieved", seat, owner, index, animal))
    else:  # TwoForOne
        a, b = move.kinds
        w.racks = _set(w.racks, seat, _sub(_sub(rack, a), b))
        w.face_up = _add(_add(w.face_up, a), b)
        w.used |= TWO_FOR_ONE_USED
        w.blocked = (a, b) if s.rules.two_for_one_take_back == "forbidden" else ()
        w.events.append(("two-for-one", seat, a, b))
        w.phase, w.to_draw, w.draw_for = DRAW_PHASE, 1, "two-for-one"
    return w.build(s, move)


# ---------------------------------------------------------------- the transitions of play
# The transitions of ``play`` (``_PLAY``), one per move class: each is given a move that
# _verdict found legal, and decides nothing. The commonest steps (exchanges, draws,
# reveals, starts and expansions that call nothing) build the next record directly, with
# the events left to be worked out when asked (``log``); the others go through _apply.


def _drawn(s, record: list, move):
    """The state after one tile is drawn (the end of _after_draw), from ``record``: the
    fields of ``s`` with the tile moved."""
    turn = record[R_TURN]  # the record's items read faster than the state's
    to_draw = record[R_TO_DRAW] - 1
    available = sum(record[R_RESERVE]) or sum(record[R_FACE_UP])
    if not available and record[R_TRIGGER] == NO_ONE:
        record[R_TRIGGER] = turn
    if to_draw > 0 and available:
        record[R_PHASE], record[R_TO_DRAW] = DRAW_PHASE, to_draw
    else:
        if record[R_DRAW_FOR] == "turn":
            record[R_USED] |= WINDOW
        record[R_PHASE], record[R_TO_DRAW], record[R_DRAW_FOR], record[R_BLOCKED] = \
            ACT_PHASE, 0, "turn", ()
    record[R_LOG] = None  # built when asked (see DoubleSevenState.log)
    record[R_PARENT], record[R_LAST_MOVE], record[R_TO_MOVE] = s, move, turn
    return _new(DoubleSevenState, record)


def _record(s) -> list:
    """The fields of ``s`` as a list, to build the next state from: with a memo of its own
    (empty), not the one of ``s``."""
    record = list(s)
    record[R_MEMO] = {}
    return record


def _reveal(s, kind: int):
    """The hidden tile drawn is ``kind`` (phase hidden, known to be possible)."""
    record = _taken_hidden(s, kind)
    record[R_RACKS] = _with_tile(record[R_RACKS], record[R_TURN], kind)
    return _drawn(s, record, TILES[kind])


def _with_tile(racks: tuple, seat: int, kind: int) -> tuple:
    """``racks`` with one tile of ``kind`` more on ``seat``'s rack."""
    racks = list(racks)
    rack = list(racks[seat])
    rack[kind] += 1
    racks[seat] = tuple(rack)
    return tuple(racks)


def _play_tile(s, move):
    """A hidden tile, stacked (a chance outcome named): dealt, flipped or drawn."""
    phase = s[R_PHASE]
    if phase == HIDDEN_PHASE:
        return _reveal(s, move.kind)
    if phase == FLIP_PHASE:
        return _flipped(s, move.kind)
    return _dealt(s, move.kind) if s[R_TO_DRAW] > 1 else _apply(s, move)


def _next_turn(s, record: list, racks) -> bool:
    """Set the fields of ``record`` (from ``turn`` on) for the end of the turn, before the
    end is triggered (_end_turn and _begin_turn on a record); False after the trigger."""
    if s[R_TRIGGER] != NO_ONE:
        return False
    following = (s[R_TURN] + 1) % len(s[R_NAMES])
    if sum(s[R_FACE_UP]):
        record[R_PHASE] = DRAW_PHASE
        record[R_TO_MOVE] = following
    elif sum(s[R_RESERVE]):
        record[R_PHASE] = FLIP_PHASE
        record[R_TO_MOVE] = CHANCE
    else:
        return False
    record[R_TURN], record[R_TO_DRAW], record[R_DRAW_FOR], record[R_USED], record[R_BLOCKED] \
        = following, tiles_to_draw(sum(racks[following])), "turn", 0, ()
    return True


def _play_word(s, move):
    """Pass, Rainbow, draw hidden, or a chance step's request (deal, flip, reveal)."""
    if move is PASS:
        if s[R_PHASE] == ACT_PHASE:
            seat = s[R_TURN]
            record = _record(s)
            record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
            if sum(s[R_RACKS][seat]) >= DISCARD_AT:
                if not _skips_discard(s):
                    record[R_PHASE] = DISCARD_PHASE
                    record[R_USED] = s[R_USED] & ~WINDOW
                    return _new(DoubleSevenState, record)
            elif _next_turn(s, record, s[R_RACKS]):
                return _new(DoubleSevenState, record)
        return _apply(s, move)
    if move is DRAW_HIDDEN:
        record = _record(s)
        record[R_PHASE], record[R_LOG], record[R_PARENT], record[R_LAST_MOVE], \
            record[R_TO_MOVE] = HIDDEN_PHASE, (), s, move, CHANCE
        return _new(DoubleSevenState, record)
    if move is REVEAL:
        return _reveal(s, _pick(s))
    if move is DEAL:
        return _dealt(s, _pick(s)) if s[R_TO_DRAW] > 1 else _apply(s, move)
    if move is FLIP:
        return _flipped(s, _pick(s))
    return _apply(s, move)  # Rainbow


def _taken_hidden(s, kind: int) -> list:
    """The fields of ``s`` with a hidden tile of ``kind`` taken from the reserve (a chance
    step: the generator's counter moves on)."""
    record = _record(s)
    reserve = list(record[R_RESERVE])
    reserve[kind] -= 1
    record[R_RESERVE] = tuple(reserve)
    record[R_DRAWS] += 1
    if record[R_STACK]:
        record[R_STACK] = record[R_STACK][1:]
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, TILES[kind]
    return record


def _dealt(s, kind: int):
    """The state after a tile of the deal, not its last (which begins the first turn)."""
    record = _taken_hidden(s, kind)
    names = s[R_NAMES]
    seat = (s[R_FIRST] + START_TILES * len(names) - s[R_TO_DRAW]) % len(names)
    record[R_RACKS] = _with_tile(s[R_RACKS], seat, kind)
    record[R_TO_DRAW] -= 1
    return _new(DoubleSevenState, record)


def _flipped(s, kind: int):
    """The state after the tile turned face up at the start of a turn (the draw follows)."""
    record = _taken_hidden(s, kind)
    face_up = list(s[R_FACE_UP])
    face_up[kind] += 1
    record[R_FACE_UP] = tuple(face_up)
    record[R_PHASE], record[R_DRAW_FOR], record[R_TO_MOVE] = DRAW_PHASE, "turn", s[R_TURN]
    record[R_TO_DRAW] = tiles_to_draw(sum(s[R_RACKS][s[R_TURN]]))
    return _new(DoubleSevenState, record)


def _play_draw_face_up(s, move):
    kind = move.kind
    record = _record(s)  # a list's items read faster than the state's
    face_up = record[R_FACE_UP]
    record[R_RACKS] = _with_tile(record[R_RACKS], record[R_TURN], kind)
    face_up = list(face_up)
    face_up[kind] -= 1
    record[R_FACE_UP] = tuple(face_up)
    return _drawn(s, record, move)


def _play_exchange(s, move):
    record = _record(s)  # a list's items read faster than the state's
    seat, other = record[R_TURN], move.seat
    mine, theirs = move.mine - 1, move.theirs - 1
    families = list(record[R_FAMILIES])
    row, their_row = list(families[seat]), list(families[other])
    given, taken = row[mine], their_row[theirs]
    row[mine], their_row[theirs] = taken, given
    families[seat] = tuple(row)
    families[other] = tuple(their_row)
    record[R_FAMILIES] = tuple(families)
    record[R_USED] &= ~WINDOW
    record[R_LOG] = None  # built when asked (see DoubleSevenState.log)
    record[R_PARENT] = s
    record[R_LAST_MOVE] = move
    retrieves = None
    # the parts of s's legal moves, if they were asked and no move played from s took them
    # yet (pop is atomic: one thread gets them); copied, as another thread may still read
    # them as s's legal moves
    parts = s[R_MEMO].pop("parts", None)
    if given[2] or taken[2]:  # the clovered families move with the exchange
        clovered = list(record[R_CLOVERED])  # (player, family number, animal) each
        if given[2]:
            clovered.remove((seat, move.mine, given[0]))
            clovered.append((other, move.theirs, given[0]))
        if taken[2]:
            clovered.remove((other, move.theirs, taken[0]))
            clovered.append((seat, move.mine, taken[0]))
        clovered.sort()
        record[R_CLOVERED] = clovered = tuple(clovered)
        if parts is not None:
            retrieves = _retrieves(seat, parts[5].rack, clovered)
    if parts is not None:  # the legal moves of s were asked: those after it will be too
        parts = parts.copy()
        parts[1] = parts[1].copy()  # the expansions by family, changed in place
        if parts[7] is not None:  # the animal of each family, changed in place
            parts[7] = parts[7].copy()
        parts = _exchanged_parts(parts, mine, given[0], taken[0], retrieves)
        record[R_MEMO] = {"parts": parts}
    return _new(DoubleSevenState, record)


def _play_start(s, move):
    kinds = move.kinds
    animal = kinds[0]  # a start is sorted: its animal, then its clovers
    seat = s[R_TURN]
    racks = s[R_RACKS]
    rack = racks[seat]
    have = kinds.count(animal)
    clovers = len(kinds) - have
    if is_sept(len(kinds)) or len(kinds) == sum(rack):  # Sept! or Vide!
        return _apply(s, move)
    rack = list(rack)
    rack[animal] -= have
    rack[CLOVER] -= clovers
    family = (animal, have, clovers)
    families = s[R_FAMILIES]
    mine = families[seat]
    families = _set(families, seat, (*mine, family))
    if clovers:
        sizes, clovered = _derive(families)
    else:
        sizes, clovered = _set(s[R_SIZES], seat, (*s[R_SIZES][seat], len(kinds))), None
    return _acted(s, move, _set(racks, seat, tuple(rack)), families, sizes, clovered)


def _acted(s, move, racks, families, sizes, clovered):
    """The state after an action that changed only racks and families (no call, the turn
    goes on); ``clovered`` None keeps that of ``s``."""
    record = _record(s)
    record[R_RACKS], record[R_FAMILIES], record[R_USED] = racks, families, s[R_USED] & ~WINDOW
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
    record[R_SIZES] = sizes
    if clovered is not None:
        record[R_CLOVERED] = clovered
    return _new(DoubleSevenState, record)


def _play_expand(s, move):
    mine = s[R_FAMILIES][s[R_TURN]]
    index = move.family - 1
    animal, a, c = mine[index]
    kinds = move.kinds
    seat = s[R_TURN]
    racks = s[R_RACKS]
    rack = racks[seat]
    have = kinds.count(animal)
    clovers = len(kinds) - have
    if is_sept(a + c + len(kinds)) or len(kinds) == sum(rack):  # Sept! or Vide!
        return _apply(s, move)
    rack = list(rack)
    rack[animal] -= have
    rack[CLOVER] -= clovers
    family = (animal, a + have, c + clovers)
    families = _set(s[R_FAMILIES], seat, _set(mine, index, family))
    if clovers:
        sizes, clovered = _derive(families)
    else:
        sizes = s[R_SIZES]
        sizes, clovered = _set(sizes, seat, _set(sizes[seat], index, a + c + len(kinds))), None
    return _acted(s, move, _set(racks, seat, tuple(rack)), families, sizes, clovered)


def _play_retrieve(s, move):
    seat = s[R_TURN]
    owner = seat if move.owner == NO_ONE else move.owner
    fams = s[R_FAMILIES][owner]
    index = move.family - 1
    animal, a, clovers = fams[index]
    racks = s[R_RACKS]
    families = _set(s[R_FAMILIES], owner, _set(fams, index, (animal, a + 1, clovers - 1)))
    return _acted(s, move, _set(racks, seat, _add(_sub(racks[seat], animal), CLOVER)), families,
                  s[R_SIZES], _clovered(families))


def _play_two_for_one(s, move):
    a, b = move.kinds
    rack = s[R_RACKS][s[R_TURN]]
    seat = s[R_TURN]
    record = _record(s)
    rack = list(rack)
    rack[a] -= 1
    rack[b] -= 1
    record[R_RACKS] = _set(s[R_RACKS], seat, tuple(rack))
    face_up = list(s[R_FACE_UP])
    face_up[a] += 1
    face_up[b] += 1
    record[R_FACE_UP] = tuple(face_up)
    record[R_PHASE], record[R_TO_DRAW], record[R_DRAW_FOR] = DRAW_PHASE, 1, "two-for-one"
    record[R_USED] = s[R_USED] & ~WINDOW | TWO_FOR_ONE_USED
    record[R_BLOCKED] = (a, b) if s[R_RULES].two_for_one_take_back == "forbidden" else ()
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
    return _new(DoubleSevenState, record)


def _play_discard(s, move):
    kind = move.kind
    seat = s[R_TURN]
    record = _record(s)
    record[R_RACKS] = racks = _set(s[R_RACKS], seat, _sub(s[R_RACKS][seat], kind))
    if not _next_turn(s, record, racks):
        return _apply(s, move)
    record[R_OUT] = _add(s[R_OUT], kind)
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
    return _new(DoubleSevenState, record)


_PLAY = {Word: _play_word, Tile: _play_tile, DrawFaceUp: _play_draw_face_up,
         Exchange: _play_exchange, Start: _play_start, Expand: _play_expand,
         Retrieve: _play_retrieve, TwoForOne: _play_two_for_one, Discard: _play_discard}
if set(_PLAY) != set(MOVE_CLASSES):  # every move class the game reads has its transition
    raise AssertionError("_PLAY and MOVE_CLASSES differ")


def _sept(w, seat: int, animal: int, before: int, after: int) -> None:
    """Sept! (D5), the token supply (D7), Double Sept! (D6) and the end it triggers (D8)."""
    rules = w.rules
    if rules.token_award == "crossing":
        if is_sept(before) or not is_sept(after):  # the family crosses 7 now
            return
    elif not is_sept(after) or w.earned[seat] >> animal & 1:
        return
    else:
        w.earned = _set(w.earned, seat, w.earned[seat] | 1 << animal)
    w.septs = _set(w.septs, seat, w.septs[seat] + 1)
    if rules.token_supply == "unlimited" or sum(w.tokens) < SEVEN_TOKENS:
        w.tokens = _set(w.tokens, seat, w.tokens[seat] + 1)
        w.events.append(("sept", seat, animal))
    else:
        w.events.append(("sept-no-token", seat, animal))
    if w.septs[seat] >= 2 and w.holder == NO_ONE:
        w.holder = seat
        w.events.append(("double-sept", seat))
        if w.trigger == NO_ONE:
            w.trigger = seat
            w.events.append(("end-77", seat))
        else:
            w.events.append(("first-trigger-stands", seat, w.trigger))


def _vide(w, seat: int) -> None:
    if not sum(w.racks[seat]):
        w.events.append(("vide", seat))
        _end_turn(w)


def _after_draw(w) -> None:
    w.to_draw -= 1
    if w.to_draw > 0 and w.available:
        w.phase = DRAW_PHASE
        return
    if w.to_draw > 0:  # told first: the draw stops, then what the last tile brings about
        w.events.append(("nothing-left", w.turn))
    if not w.available and w.trigger == NO_ONE:
        w.trigger = w.turn
        w.events.append(("end-last-tile", w.turn))
    w.phase = ACT_PHASE
    w.blocked = ()
    if w.draw_for == "turn":
        w.used |= WINDOW
    w.to_draw, w.draw_for = 0, "turn"


def _begin_turn(w, seat: int) -> None:
    w.turn = seat
    w.used, w.blocked, w.draw_for = 0, (), "turn"
    if w.trigger != NO_ONE:
        w.events.append(("final-turn", seat))
    if not sum(w.face_up) and sum(w.reserve):
        w.phase = FLIP_PHASE
        w.to_draw = tiles_to_draw(sum(w.racks[seat]))
        return
    _setup_draw(w)


def _setup_draw(w) -> None:
    seat = w.turn
    w.draw_for = "turn"
    w.to_draw = tiles_to_draw(sum(w.racks[seat]))
    if not w.available:
        w.phase, w.to_draw = ACT_PHASE, 0
        w.events.append(("no-draw", seat))
        return
    w.phase = DRAW_PHASE


def _end_turn(w) -> None:
    n = len(w.names)
    following = (w.turn + 1) % n
    w.used, w.blocked, w.to_draw, w.draw_for = 0, (), 0, "turn"
    if w.trigger != NO_ONE and following == w.trigger:
        w.turn, w.phase = None, OVER_PHASE
        scores = tuple(points(w.families[p], w.tokens[p], w.holder == p) for p in range(n))
        w.events.append(("game-over", scores, _winners(scores, w.holder), w.holder))
        return
    _begin_turn(w, following)


# ---------------------------------------------------------------- events


def _fam_en(family) -> str:
    """"4 foxes", or with clovers "4 tiles: 3 foxes and 1 clover"."""
    animal, a, c = family
    animals = f"{a} {name_of(animal, 'en', a)}"
    if not c:
        return animals
    return f"{a + c} tiles: {animals} and {c} clover{'s' if c > 1 else ''}"


def _fam_fr(family) -> str:
    """« 4 renards », ou avec des trèfles « 4 tuiles : 3 renards et 1 trèfle »."""
    animal, a, c = family
    animals = f"{a} {name_of(animal, 'fr', a)}"
    if not c:
        return animals
    return f"{a + c} tuiles : {animals} et {c} trèfle{'s' if c > 1 else ''}"


def _event(names, entry) -> Event:
    kind = entry[0]
    if kind == "dealt":
        p = entry[1]
        return Event("dealt", (p,), "doubleseven.setup", f"{names[p]} is dealt a tile.",
                     f"{names[p]} reçoit une tuile.")
    if kind == "flipped":
        _, p, k = entry
        return Event("flipped", (p,), "doubleseven.flip",
                     f"A {ANIMALS[k].en} is turned face up.",
                     f"Une tuile {ANIMALS[k].fr} est retournée face visible.")
    if kind == "drew-hidden":
        p = entry[1]
        return Event("drew", (p,), "doubleseven.draw-source", f"{names[p]} draws a hidden tile.",
                     f"{names[p]} pioche une tuile cachée.")
    if kind == "drew-face-up":
        _, p, k = entry
        return Event("drew", (p,), "doubleseven.draw-source",
                     f"{names[p]} takes the face-up {ANIMALS[k].en}.",
                     f"{names[p]} prend la tuile visible {ANIMALS[k].fr}.")
    if kind == "nothing-left":
        p = entry[1]
        return Event("nothing-left", (p,), "doubleseven.short-reserve",
                     f"No tile is left: {names[p]} stops drawing.",
                     f"Il ne reste aucune tuile : {names[p]} arrête de piocher.")
    if kind == "no-draw":
        p = entry[1]
        return Event("no-draw", (p,), "doubleseven.short-reserve",
                     f"No tile is left to draw: {names[p]} skips the draw.",
                     f"Il ne reste aucune tuile à piocher : {names[p]} ne pioche pas.")
    if kind == "rainbow":
        _, p, rack = entry
        shown_en = ", ".join(ANIMALS[k].en for k in range(KINDS) for _ in range(rack[k]))
        shown_fr = ", ".join(ANIMALS[k].fr for k in range(KINDS) for _ in range(rack[k]))
        return Event("rainbow", (p,), "doubleseven.rainbow",
                     f"Rainbow! {names[p]} shows the rack: {shown_en}.",
                     f"Arc-en-ciel ! {names[p]} montre son chevalet : {shown_fr}.")
    if kind == "started":
        _, p, index, family = entry
        return Event("started", (p,), "doubleseven.start-family",
                     f"{names[p]} starts family {index + 1}: {_fam_en(family)}.",
                     f"{names[p]} commence la famille {index + 1} : {_fam_fr(family)}.")
    if kind == "expanded":
        _, p, index, family = entry
        return Event("expanded", (p,), "doubleseven.expand-family",
                     f"{names[p]}'s family {index + 1} now has {_fam_en(family)}.",
                     f"La famille {index + 1} {de(names[p])} a maintenant {_fam_fr(family)}.")
    if kind == "exchanged":
        _, p, mine, q, theirs, given, taken = entry
        return Event("exchanged", (p, q), "doubleseven.exchange",
                     f"{names[p]} gives {_fam_en(given)} (family {mine + 1}) to {names[q]} for "
                     f"{_fam_en(taken)} (family {theirs + 1}).",
                     f"{names[p]} donne {_fam_fr(given)} (famille {mine + 1}) à {names[q]} "
                     f"contre {_fam_fr(taken)} (famille {theirs + 1}).")
    if kind == "retrieved":
        _, p, q, index, animal = entry
        return Event("retrieved", (p, q), "doubleseven.retrieve-clover",
                     f"{names[p]} puts a {ANIMALS[animal].en} in "
                     f"{_family_en(index + 1, names[q], p == q)} and takes its clover.",
                     f"{names[p]} met {one_of(animal, 'fr')} dans "
                     f"{_family_fr(index + 1, names[q], p == q)} et prend son trèfle.")
    if kind == "two-for-one":
        _, p, a, b = entry
        return Event("two-for-one", (p,), "doubleseven.two-for-one",
                     f"{names[p]} discards a {ANIMALS[a].en} and a {ANIMALS[b].en} face up "
                     "(Two for One).",
                     f"{names[p]} défausse {one_of(a, 'fr')} et {one_of(b, 'fr')} face "
                     "visible (Deux contre Un).")
    if kind == "sept":
        _, p, animal = entry
        return Event("sept", (p,), "doubleseven.sept",
                     f"Sept! {names[p]}'s family of {name_of(animal, 'en', 2)} has 7 or more "
                     "tiles: a '7' token.",
                     f"Sept ! La famille {de(name_of(animal, 'fr', 2))} {de(names[p])} a 7 tuiles "
                     "ou plus : un jeton « 7 ».")
    if kind == "sept-no-token":
        _, p, animal = entry
        return Event("sept", (p,), "doubleseven.token-supply",
                     f"Sept! {names[p]}'s {name_of(animal, 'en', 2)} reach 7, but the eight "
                     "'7' tokens are gone: no token (it still counts toward the '77').",
                     f"Sept ! Les {name_of(animal, 'fr', 2)} {de(names[p])} atteignent 7, mais "
                     "les huit jetons « 7 » sont épuisés : pas de jeton (cela compte quand même "
                     "pour le « 77 »).")
    if kind == "double-sept":
        p = entry[1]
        return Event("double-sept", (p,), "doubleseven.double-sept",
                     f"Double Sept! {names[p]} takes the '77' (2 points).",
                     f"Double Sept ! {names[p]} prend le « 77 » (2 points).")
    if kind == "end-77":
        p = entry[1]
        return Event("end-triggered", (p,), "doubleseven.game-end",
                     f"The '77' triggers the end of the game: {names[p]} finishes the turn, "
                     "then every other player has one final turn.",
                     f"Le « 77 » déclenche la fin de la partie : {names[p]} finit son tour, "
                     "puis chaque autre joueur joue un dernier tour.")
    if kind == "end-last-tile":
        p = entry[1]
        return Event("end-triggered", (p,), "doubleseven.game-end",
                     f"{names[p]} drew the last tile: {names[p]} finishes the turn, then every "
                     "other player has one final turn.",
                     f"{names[p]} a pioché la dernière tuile : {names[p]} finit son tour, puis "
                     "chaque autre joueur joue un dernier tour.")
    if kind == "first-trigger-stands":
        _, p, q = entry
        return Event("first-trigger-stands", (p, q), "doubleseven.game-end",
                     f"The end was already triggered by {names[q]}: that trigger stands, and "
                     "the '77' still scores 2 (D18).",
                     f"La fin était déjà déclenchée par {names[q]} : ce déclenchement compte, "
                     "et le « 77 » rapporte quand même 2 (D18).")
    if kind == "final-turn":
        p = entry[1]
        return Event("final-turn", (p,), "doubleseven.final-turns",
                     f"{names[p]}'s final turn.", f"Dernier tour {de(names[p])}.")
    if kind == "vide":
        p = entry[1]
        return Event("vide", (p,), "doubleseven.vide",
                     f"Vide! {names[p]}'s rack is empty: the turn ends.",
                     f"Vide ! Le chevalet {de(names[p])} est vide : le tour se termine.")
    if kind == "passed":
        p = entry[1]
        return Event("passed", (p,), "doubleseven.pass", f"{names[p]}: Je passe !",
                     f"{names[p]} : Je passe !")
    if kind == "discarded":
        _, p, k = entry
        return Event("discarded", (p,), "doubleseven.discard",
                     f"{names[p]} discards a {ANIMALS[k].en} out of the game.",
                     f"{names[p]} défausse {one_of(k, 'fr')} hors du jeu.")
    if kind == "game-over":
        _, scores, winners, holder = entry
        listed = ", ".join(f"{names[p]} {q}" for p, q in enumerate(scores))
        if len(winners) > 1:
            en = f"{join_names(names, winners, 'en')} share the victory."
            fr = f"{join_names(names, winners, 'fr')} se partagent la victoire."
        elif holder in winners and list(scores).count(scores[holder]) > 1:
            en = f"{names[holder]} wins the tie with the '77'."
            fr = f"{names[holder]} l'emporte à égalité grâce au « 77 »."
        else:
            en = f"{names[winners[0]]} wins."
            fr = f"{names[winners[0]]} gagne."
        return Event("game-over", tuple(winners), "doubleseven.tie",
                     f"The game is over. Scores: {listed}. {en}",
                     f"La partie est terminée. Scores : {listed}. {fr}")
    raise AssertionError(f"unknown event {kind!r}")


# ---------------------------------------------------------------- observation


def _counts_json(counts) -> dict:
    return {ANIMALS[k].en: n for k, n in enumerate(counts) if n}


def _observation(s, seat) -> dict:
    if seat is not None:
        check_whole(seat, "seat", 0, len(s.names) - 1)
    n = len(s.names)
    families = [[{"animal": ANIMALS[animal].en, "tiles": a + c, "animals": a, "clovers": c}
                 for animal, a, c in s.families[p]] for p in range(n)]
    parent = s.parent
    hidden_to = None  # who alone may see the last move (a tile dealt or drawn hidden)
    if s.last_move.__class__ is Tile and parent is not None:
        if parent.phase == DEAL_PHASE:
            hidden_to = parent.dealt_to()
        elif parent.phase == HIDDEN_PHASE:
            hidden_to = parent.turn

    def write(move):
        if move is s.last_move and hidden_to is not None and seat != hidden_to:
            return "a hidden tile"
        return s.move_text(move)

    return s.observed(seat, {
        "first": s.first,
        "rack": None if seat is None else [t.text() for t in s.rack(seat)],
        "rack_sizes": [sum(r) for r in s.racks],
        "families": families,
        "face_up": _counts_json(s.face_up),
        "reserve_size": sum(s.reserve),
        "out": _counts_json(s.out),
        "tokens": list(s.tokens),
        "septs": list(s.septs),
        "earned": [[ANIMALS[k].en for k in range(CLOVER) if mask >> k & 1] for mask in s.earned],
        "supply": s.supply,
        "double_seven": None if s.holder == NO_ONE else s.holder,
        "trigger": None if s.trigger == NO_ONE else s.trigger,
        "to_draw": s.to_draw,
        "draw_for": s.draw_for,
        "rainbow_window": bool(s.used & WINDOW),
        "rainbow_used": bool(s.used & RAINBOW_USED),
        "two_for_one_used": bool(s.used & TWO_FOR_ONE_USED),
        "just_discarded": [ANIMALS[k].en for k in s.blocked],
        "winners": list(s.winners),
    }, write)


# ---------------------------------------------------------------- new games


def names_of(players) -> tuple:
    """The players' names from a count (2-4) or a list; PositionError otherwise."""
    return player_names(players, rule_id="doubleseven.players", title="Double Seven",
                        low=MIN_PLAYERS, high=MAX_PLAYERS, default_names=DEFAULT_NAMES,
                        separators=",:;|", fields=FIELDS, is_word=_is_word)


def _is_word(name: str) -> bool:
    from .rules import tile_kind

    try:
        parse_move(name)
    except NotationError:
        lower = name.lower()
        return (tile_kind(name) is not None or lower in ("my", "ma", "la")
                or lower.startswith(("player ", "joueur ")))
    return True


def build(rules, names, *, first=0, seed=0, draws=0, reserve, stack=(), face_up, out,
          racks, families, tokens, septs, earned, holder=NO_ONE, trigger=NO_ONE, turn,
          phase, to_draw=0, draw_for="turn", used=0, blocked=()) -> DoubleSevenState:
    """A state from its parts, as given (notation.from_parts checks them)."""
    families = tuple(tuple(tuple(f) for f in fams) for fams in families)
    return _new(DoubleSevenState, (
        rules, tuple(names), first, seed, draws, tuple(reserve), tuple(stack), tuple(face_up),
        tuple(out), tuple(tuple(r) for r in racks), families, tuple(tokens),
        tuple(septs), tuple(earned), holder, trigger, turn, phase, to_draw, draw_for, used,
        tuple(blocked), (), None, None, *_derive(families), _to_move(phase, turn), {}))


def new_game(players=2, *, seed: int | None = None, first: int = 0, preset: str | None = None,
             **options) -> DoubleSevenState:
    """A new game before the deal: ``players`` is a count (2-4) or a list of names; ``seed``
    fixes every hidden tile (a random one is chosen and kept when None); ``first`` is the
    first player's seat; ``preset`` ("rulebook", "game-park") and ``options`` set the
    rules (see DoubleSevenRules). The first moves are the deal: ``deal`` 3 times a player.

    >>> game = new_game(["Ann", "Bob"], seed=7)
    >>> game.decision.en, len(game.legal_moves())
    ('Deal a tile to Ann', 1)

    Raises PositionError (OptionError for the options) for bad arguments."""
    names = names_of(players)
    rules = DoubleSevenRules(preset=preset, **options)
    n = len(names)
    check_whole(first, "first", 0, n - 1)
    if seed is None:
        seed = secrets.randbits(63)
    check_whole(seed, "seed", 0, MAX_SEED)
    zero = (0,) * KINDS
    return build(rules, names, first=first, seed=seed, reserve=COPIES, face_up=zero,
                 out=zero, racks=(zero,) * n, families=((),) * n, tokens=(0,) * n,
                 septs=(0,) * n, earned=(0,) * n, turn=first, phase=DEAL_PHASE,
                 to_draw=START_TILES * n)


__all__ = ["DoubleSevenState", "Word", "build", "draw_index", "names_of", "new_game"]
