"""The Double Seven game state: the state, its moves, chance, events and observation.

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
it once, with its class's one transition (``_PLAY``), without a log: the next state's log
(``raw_log`` None) is worked out only when asked (``log``, ``events``), by the same
transition from the parent, asked for its log (``_apply``).

The rules are decided in modules below this one, each importing only those before it:
``record.py`` (the record's fields, the phases, the generator) ← ``verdicts.py`` (the one
decision of every move kind, ``_verdict``) and ``legal.py`` (the legal moves by phase, and
the memos) ← ``transitions.py`` (what a move does: ``_PLAY``, ``_apply``) ← ``events.py``
(the table the log is told from) ← this module: ``DoubleSevenState``, its observation,
``build`` and ``new_game``.
"""

from __future__ import annotations

import secrets

from ..core.chance import WeightedDraw
from ..core.french import de
from ..core.moves import Word
from ..core.names import player_names
from ..core.numbers import check_whole
from ..core.state import (
    CHANCE,
    OBSERVED_FIELDS,
    Decision,
    GameState,
    NamedVerdict,
    Verdict,
    check_lang,
)
from ..errors import IllegalMove, NotationError
from .events import _event
from .legal import _LEGAL, _act_legal
from .moves import (
    DRAW_HIDDEN,
    PASS,
    RAINBOW,
    Discard,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
    parse_move,
)
from .record import (
    ACT_PHASE,
    CHANCE_PHASES,
    DEAL_PHASE,
    DISCARD_PHASE,
    DRAW_PHASE,
    FIELDS,
    FLIP_PHASE,
    HIDDEN_PHASE,
    MAX_SEED,
    NO_ONE,
    OVER_PHASE,
    R_FAMILIES,
    R_LAST_MOVE,
    R_LOG,
    R_MEMO,
    R_PARENT,
    R_PHASE,
    R_SIZES,
    R_TURN,
    RAINBOW_USED,
    TWO_FOR_ONE_USED,
    WINDOW,
    _derive,
    _new,
    _Record,
    _to_move,
    draw_index,
)
from .rules import (
    ANIMALS,
    CLOVER,
    COPIES,
    DEFAULT_NAMES,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RAINBOW_SIZE,
    SEVEN_TOKENS,
    START_TILES,
    TILES,
    DoubleSevenRules,
    Tile,
    deal_seat,
    points,
    tile_kind,
)
from .transitions import _PLAY, _after, _apply, _winners
from .verdicts import _tiles_en, _tiles_fr, _verdict

# _PLAY's own get: CPython 3.11 reads ``_PLAY.get(...)`` on an imported name as an attribute,
# making a bound method at every call (1% of a random game's instructions)
_transition_of = _PLAY.get


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
        return deal_seat(self.first, len(self.names), self.to_draw)

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
                            f"{name} may call Rainbow now if the rack holds {RAINBOW_SIZE} or "
                            "more different animals, or act",
                            f"{name} peut annoncer Arc-en-ciel maintenant si son chevalet a "
                            f"{RAINBOW_SIZE} animaux différents ou plus, ou agir")
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
        transition = _transition_of(move.__class__)
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
        after = _after(self, transition, move, None)
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
        ``play`` leaves them to be worked out when asked: the move's transition is run again
        from the parent, with its log (``_apply``)."""
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


# ---------------------------------------------------------------- observation

# Every field of DoubleSevenState.observation(seat): the ones every game writes (core), then
# the table's (_observation below). The computer players read these (double_seven/players.py).
OBSERVATION_FIELDS = OBSERVED_FIELDS + (
    "first", "rack", "rack_sizes", "families", "face_up", "reserve_size", "out", "tokens",
    "septs", "earned", "supply", "double_seven", "trigger", "to_draw", "draw_for",
    "rainbow_window", "rainbow_used", "two_for_one_used", "just_discarded", "winners")
OBSERVATION_RULE_FIELDS: dict = {}  # no rule adds a field


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


__all__ = ["OBSERVATION_FIELDS", "OBSERVATION_RULE_FIELDS", "DoubleSevenState", "Word", "build",
           "draw_index", "names_of", "new_game"]
