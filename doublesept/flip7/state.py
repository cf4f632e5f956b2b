"""The Flip 7 game state: moves, the round as a stack of pending tasks, chance, new games.

A round is driven by a small stack of tasks (``state.tasks``, the top last): the deal,
the offer of hit or stay, a card to draw, a Flip Three in progress with the cards it set
aside, a queue of action cards waiting for their target, a surplus Second Chance to pass
on. After each move the engine runs every automatic step until a decision is awaited:
a player's choice (``to_move`` is that seat, even out of turn) or a card to draw
(``to_move`` is CHANCE). Every automatic consequence is logged as an event.

Each player's line is kept as two bit masks: the numbers (bit n for the number n) and the
modifiers (bit 0 for ×2, bits 1-5 for +2 … +10); the deck and the discards are counts of
each of the 22 kinds of card, plus the known order of the top of the deck (``stack``)
when a lesson stacks it.

How long a round lasts. Every round ends: from its deal, or from any position in it, it
takes at most ``rules.round_step_bound(players)`` steps (moves and chance steps; 10,448
for 4 players, 38,098 for 18), drawing at most ``rules.round_draw_bound(players)`` cards.
The reason is the engine choice ``flip7.endless-reshuffle`` (docs/engine-choices.md): where the discards would be
shuffled into a new deck in the middle of a round (``_settle``, the only place; the fast
paths never reshuffle), the round ends instead when they could only go round for ever
(``rules.endless_reshuffle``). So each pass through a reshuffled deck adds a number or a
modifier to a line, or busts a player, and a round has at most ``7 * players + 7`` of
those. A game has no such bound: a round can leave every total under 200, and a tie at
the top plays another round (``tournament.py`` bounds its games by a number of rounds).
"""

from __future__ import annotations

import secrets
import warnings
from typing import ClassVar, NamedTuple

from ..core.chance import WeightedDraw
from ..core.events import Event
from ..core.french import de
from ..core.moves import MoveValue, Word
from ..core.names import join_names, move_names, player_names
from ..core.numbers import check_whole, read_whole
from ..core.state import CHANCE, Decision, GameState, NamedVerdict, Verdict, check_lang
from ..errors import IllegalMove, NotationError, shown
from .rules import (
    _CARD_TOKENS,
    ACTION_WORDS_EN,
    ACTION_WORDS_FR,
    ACTIONS,
    CARDS,
    COPIES,
    DEFAULT_NAMES,
    FLIP_THREE,
    FREEZE,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES_EN,
    NAMES_FR,
    NUM_SUM,
    SECOND_CHANCE,
    TARGET,
    WARN_UNDER,
    Flip7Card,
    Flip7Rules,
    _key,
    card,
    endless_reshuffle,
    line_score,
)

# ---------------------------------------------------------------- moves

HIT = Word("hit", "encore")  # flip7.hit
STAY = Word("stay", "stop")  # flip7.stay
DRAW = Word("draw", "pioche")  # asks chance for the next card (a deal card, a hit, a flip)
_WORDS = {"hit": HIT, "encore": HIT, "stay": STAY, "stop": STAY, "draw": DRAW, "flip": DRAW,
          "deal": DRAW, "pioche": DRAW, "piocher": DRAW, "donne": DRAW, "retourne": DRAW}


class Target(MoveValue):
    """Choosing the player an action card is played on: ``freeze 2`` or ``flip-three 2``
    (seat numbers from 0). Interned, immutable and ordered."""

    __slots__ = ("action", "seat")
    _known: ClassVar[dict] = {}

    def __new__(cls, action, seat: int):
        action = action.kind if action.__class__ is Flip7Card else action
        found = cls._known.get((action, seat))
        if found is None:
            if action not in (FREEZE, FLIP_THREE):
                raise NotationError("only a Freeze or a Flip Three is played on a player",
                                    "seul un Gel ou un Trois à la Suite se joue sur un joueur")
            check_whole(seat, "seat", 0, MAX_PLAYERS - 1, NotationError)
            found = object.__new__(cls)
            object.__setattr__(found, "action", action)
            object.__setattr__(found, "seat", seat)
            cls._known[(action, seat)] = found
        return found

    @property
    def card(self) -> Flip7Card:
        return CARDS[self.action]

    def text(self, lang: str = "en") -> str:
        words = ACTION_WORDS_FR if lang == "fr" else ACTION_WORDS_EN
        return f"{words[self.action]} {self.seat}"

    def __repr__(self) -> str:
        return f"Target({self.text()!r})"

    def __reduce__(self):
        return (Target, (self.action, self.seat))

    def sort_key(self) -> tuple:
        return (2, self.action, self.seat)


class Give(MoveValue):
    """Giving a card to a player: a surplus Second Chance (``give second-chance 2``), or a
    card a busted player had set aside (``give freeze 2``, ``give flip-three 2``)."""

    __slots__ = ("action", "seat")
    _known: ClassVar[dict] = {}

    def __new__(cls, action, seat: int):
        action = action.kind if action.__class__ is Flip7Card else action
        found = cls._known.get((action, seat))
        if found is None:
            if action not in (FREEZE, FLIP_THREE, SECOND_CHANCE):
                raise NotationError("only a Second Chance, or a Freeze or Flip Three set aside, "
                                    "is given",
                                    "on ne donne qu'une Seconde Chance, ou un Gel ou un Trois "
                                    "à la Suite mis de côté")
            check_whole(seat, "seat", 0, MAX_PLAYERS - 1, NotationError)
            found = object.__new__(cls)
            object.__setattr__(found, "action", action)
            object.__setattr__(found, "seat", seat)
            cls._known[(action, seat)] = found
        return found

    @property
    def card(self) -> Flip7Card:
        return CARDS[self.action]

    def text(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"donner {ACTION_WORDS_FR[self.action]} {self.seat}"
        return f"give {ACTION_WORDS_EN[self.action]} {self.seat}"

    def __repr__(self) -> str:
        return f"Give({self.text()!r})"

    def __reduce__(self):
        return (Give, (self.action, self.seat))

    def sort_key(self) -> tuple:
        return (3, self.action, self.seat)


_MOVE_CLASSES = (Word, Flip7Card, Target, Give)
_TARGET_WORDS = {"freeze": FREEZE, "gel": FREEZE, "geler": FREEZE, "flip three": FLIP_THREE,
                 "flip 3": FLIP_THREE, "trois à la suite": FLIP_THREE,
                 "trois a la suite": FLIP_THREE}
_GIVE_WORDS = ("give ", "donner ", "donne ", "pass ", "passer ")
# The words before the player exactly as Target.text and Give.text write them (keys, as
# ``_key`` reads them): none is the start of another, so a text written by the engine
# splits one way only, whatever the names.
_WRITTEN = {}
for _words in (ACTION_WORDS_EN, ACTION_WORDS_FR):
    _give = "give " if _words is ACTION_WORDS_EN else "donner "
    for _kind, _word in _words.items():
        if _kind != SECOND_CHANCE:
            _WRITTEN[_key(_word)] = (Target, _kind)
        _WRITTEN[_key(_give + _word)] = (Give, _kind)
_WRITTEN_MOST = max(len(words.split()) for words in _WRITTEN)
_SEAT_KEYS: dict = {}  # names (a tuple) -> {_key(name): seat}


def _seat_keys(names) -> dict:
    names = move_names(names)
    found = _SEAT_KEYS.get(names)
    if found is None:
        found = {_key(name): seat for seat, name in enumerate(names)}
        if len(_SEAT_KEYS) > 256:
            _SEAT_KEYS.clear()
        _SEAT_KEYS[names] = found
    return found


def _seat_of(who: str, seat_keys: dict):
    """The seat ``who`` names (a key): a player's name, or a seat number; None otherwise."""
    seat = seat_keys.get(who)
    if seat is None and who.isascii() and who.isdigit():
        seat = read_whole(who, "the player's seat number", 0, MAX_PLAYERS - 1,
                          "le numéro de place du joueur")
    return seat


def parse_move(move, names=()):
    """Read a move: ``hit``, ``stay``, ``draw`` (also ``flip``), a card drawn (``7``,
    ``Freeze``: a chance outcome), ``freeze 2``, ``flip-three 2``, ``give second-chance 2``
    or ``give freeze 2``; in French ``encore``, ``stop``, ``pioche``, ``gel 2``,
    ``trois-à-la-suite 2``, ``donner seconde-chance 2``. A player is a seat number from 0,
    or a name among ``names`` (case, hyphens and spaces aside, as names differ).

    The words as the engine writes them are read first, so every text ``move.text`` and
    ``state.move_text`` write reads back, whatever the names ("give second-chance 2 Bob"
    with players "2 Bob" and "Bob"); then the other spellings (``gel``, ``flip 3``, ``give
    second``...), the longest name first.

    >>> parse_move("freeze Bob", ["Ann", "Bob"]), parse_move("donner seconde-chance 0")
    (Target('freeze 1'), Give('give second-chance 0'))

    Raises NotationError, saying which notation is expected."""
    if move.__class__ in _MOVE_CLASSES:
        return move
    if not isinstance(move, str):
        raise NotationError(f"a Flip 7 move is text such as 'hit', 'stay' or 'freeze 1', "
                            f"not {shown(move)}",
                            f"un coup de Flip 7 s'écrit comme « encore », « stop » ou "
                            f"« gel 1 », pas {shown(move)}")
    text = _key(move)
    word = _WORDS.get(text)
    if word is not None:
        return word
    seat_keys = _seat_keys(names) if names else {}
    tokens = text.split(" ")
    for cut in range(1, min(len(tokens), _WRITTEN_MOST + 1)):
        written = _WRITTEN.get(" ".join(tokens[:cut]))
        if written is not None:
            seat = _seat_of(" ".join(tokens[cut:]), seat_keys)
            if seat is not None:
                return written[0](written[1], seat)
            break  # no other written words start the same way
    for cut in range(1, len(tokens)):  # the other spellings: the longest name first
        who, what = " ".join(tokens[cut:]), " ".join(tokens[:cut])
        seat = _seat_of(who, seat_keys)
        if seat is None:
            continue
        if what in _TARGET_WORDS:
            return Target(_TARGET_WORDS[what], seat)
        for prefix in _GIVE_WORDS:
            if (what + " ").startswith(prefix):
                kind = _CARD_TOKENS.get(what[len(prefix):])
                if kind is not None:
                    return Give(kind, seat)
    try:
        return card(move)
    except NotationError:
        pass
    raise NotationError(
        f"{shown(move)} is not a Flip 7 move: write hit, stay, draw, a card drawn (such as 7 "
        "or Freeze), freeze <player>, flip-three <player>, give second-chance <player> or "
        "give <card> <player>",
        f"{shown(move)} n'est pas un coup de Flip 7 : écrivez encore, stop, pioche, une carte "
        "piochée (comme 7 ou Gel), gel <joueur>, trois-à-la-suite <joueur>, donner "
        "seconde-chance <joueur> ou donner <carte> <joueur>")


# ---------------------------------------------------------------- the generator

_M64 = (1 << 64) - 1


def _splitmix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def draw_index(seed: int, counter: int, size: int) -> int:
    """The position (0 to size - 1) of the card the ``counter``-th draw of a game takes, among
    ``size`` cards in the deck: a generator derived from the game's seed and the counter (a
    SplitMix64 stream started from the seed's hash, read at the counter, uniform by
    rejection). The same seed gives the same game, and a draw depends only on how many
    cards were drawn before it, never on a random-number library.

    >>> [draw_index(7, n, 94) for n in range(6)]
    [29, 30, 2, 35, 31, 32]
    """
    base = _BASES.get(seed)
    if base is None:
        base = _splitmix(seed ^ 0x5EED_F1B7)
        if len(_BASES) > 4096:
            _BASES.clear()
        _BASES[seed] = base
    limit = _M64 + 1 - (_M64 + 1) % size
    while True:
        z = (base + (counter + 1) * 0x9E3779B97F4A7C15) & _M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        z ^= z >> 31
        if z < limit:
            return z % size
        counter += 1 << 48  # a rejected value (1 chance in 2**57): read further along


_BASES: dict = {}
# The order the generator counts the deck in: the big piles first, so the count is short.
PICK_ORDER = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 19, 20, 21, 0, 1, 13, 14, 15, 16, 17, 18)


# ---------------------------------------------------------------- tasks

# A task is a tuple whose first item is its code. The stack's bottom is the deal or the
# turn; a decision is awaited when the top is a draw (chance), an offer, a queue or a
# surplus Second Chance.
T_DEAL, T_OFFER, T_ADVANCE, T_DRAW, T_FLIP, T_QUEUE, T_SC = range(7)
# (T_DEAL, k): deal to the k-th player in the order of the deal, skipping players out
# (T_OFFER,): offer hit or stay to ``turn`` (or the next active player from it)
# (T_ADVANCE,): move the turn on clockwise from ``turn``, then offer
# (T_DRAW, seat, context): a card is drawn for seat; context DEALT, HITS or FLIPS
# (T_FLIP, seat, left, entries): seat flips ``left`` more cards; entries set aside
# (T_QUEUE, entries): action cards to play, each entry (kind, owner, mode); the owner
#     chooses the target; mode DRAWN (just drawn), DEFERRED (set aside by a Flip Three),
#     or GIVEN (a busted owner gives it, F16)
# (T_SC, owner): owner must pass on a surplus Second Chance (F7, F19)
DEALT, HITS, FLIPS = range(3)
DRAWN, DEFERRED, GIVEN = range(3)

ACTIVE, STAYED, FROZEN, BUSTED = "active", "stayed", "frozen", "busted"


class _Flip7Record(NamedTuple):
    """The fields of a Flip 7 state, in the order ``_new`` lays them out."""

    rules: Flip7Rules
    names: tuple  # the players' names, in seating order (clockwise)
    dealer: int
    round: int  # the round being played, from 1
    scores: tuple  # totals of the finished rounds (a round-over state includes its round)
    seed: int  # the seed every draw is derived from
    draws: int  # how many cards have been drawn in the game: the generator's counter
    deck: tuple  # per kind of card, the copies left in the deck
    deck_size: int
    stack: tuple  # the known order of the top of the deck (card kinds), when stacked
    discards: tuple  # per kind of card, the copies set aside (the discard pile)
    nums: tuple  # per player, the number cards in front of them (bit n: the number n)
    mods: tuple  # per player, the modifiers (bit 0: ×2, bits 1-5: +2 … +10)
    dups: tuple  # per player, the duplicate number a busted player drew (-1: none)
    chances: int  # the players holding a Second Chance (bit p: player p)
    stayed: int  # the players who stayed (bit p)
    frozen: int  # the players frozen (bit p)
    busted: int  # the players who busted (bit p)
    turn: int | None  # the player whose turn it is (dealt to, or offered hit or stay)
    tasks: tuple  # what is pending, the top last (see T_DEAL …)
    log: tuple  # the automatic consequences of the last move, as raw records
    parent: object  # the state before the last move (None at the root)
    last_move: object  # the move that led here (a card drawn is its outcome)


(R_RULES, R_NAMES, R_DEALER, R_ROUND, R_SCORES, R_SEED, R_DRAWS, R_DECK, R_SIZE, R_STACK,
 R_DISCARDS, R_NUMS, R_MODS, R_DUPS, R_CHANCES, R_STAYED, R_FROZEN, R_BUSTED, R_TURN,
 R_TASKS, R_LOG, R_PARENT, R_LAST) = range(23)

_tuple_new = tuple.__new__
_ZERO = (0,) * KINDS


class Line(NamedTuple):
    """What lies in front of one player: numbers, modifiers, a Second Chance, a status."""

    numbers: tuple  # Flip7Card, in increasing order (a busted line shows its duplicate twice)
    modifiers: tuple  # Flip7Card
    second_chance: bool
    status: str  # "active", "stayed", "frozen" or "busted"

    @property
    def cards(self) -> tuple:
        return (*self.numbers, *self.modifiers, *((CARDS[SECOND_CHANCE],)
                                                   if self.second_chance else ()))


class Flip7State(_Flip7Record, GameState):
    """One moment of a game of Flip 7. Immutable: ``play`` returns a new state.

    A readable record (a NamedTuple), built with ``tuple.__new__`` in one place; see
    ``docs/developing.md`` for the contract (turn, to_move, decision, legal_moves, check,
    play, chance, events, observation).
    """

    __slots__ = ()
    game = "flip7"

    # ---- reading the state

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def active(self) -> int:
        """The players still in the round, as a bit mask (bit p: player p)."""
        return ((1 << len(self.names)) - 1) & ~(self.stayed | self.frozen | self.busted)

    def active_players(self) -> tuple:
        mask = self.active
        return tuple(p for p in range(len(self.names)) if mask >> p & 1)

    def status(self, seat: int) -> str:
        bit = 1 << seat
        if self.busted & bit:
            return BUSTED
        if self.frozen & bit:
            return FROZEN
        if self.stayed & bit:
            return STAYED
        return ACTIVE

    def line(self, seat: int) -> Line:
        """The cards in front of ``seat``, and whether they are still in the round."""
        nums, dup = self.nums[seat], self.dups[seat]
        numbers = sorted([CARDS[n] for n in range(13) if nums >> n & 1]
                         + ([CARDS[dup]] if dup >= 0 else []))
        mods = self.mods[seat]
        modifiers = tuple(CARDS[13 + b] for b in range(6) if mods >> b & 1)
        return Line(tuple(numbers), modifiers, bool(self.chances >> seat & 1), self.status(seat))

    def has_card(self, seat: int) -> bool:
        """Whether ``seat`` has a card in front of them, as staying needs (F10, F18)."""
        return bool(self.nums[seat] or self.mods[seat] or self.chances >> seat & 1)

    def number_sum(self, seat: int) -> int:
        """The sum of the different number cards in front of ``seat``."""
        return NUM_SUM[self.nums[seat]]

    def score_now(self, seat: int) -> int:
        """What ``seat``'s line scores if the round ended now (flip7.scoring): 0 after a
        bust, the bonus for seven different numbers."""
        if self.busted >> seat & 1:
            return 0
        nums = self.nums[seat]
        return line_score(nums, self.mods[seat], nums.bit_count() == 7, self.rules.flip7_bonus)

    def round_scores(self) -> tuple:
        """What each player's line scores now; at the end of a round, the round's points."""
        return tuple(self.score_now(p) for p in range(len(self.names)))

    @property
    def flip7_player(self) -> int | None:
        """The player with seven different numbers (the round is then over), or None."""
        for p, nums in enumerate(self.nums):
            if nums.bit_count() == 7:
                return p
        return None

    @property
    def is_round_over(self) -> bool:
        return not self.tasks

    @property
    def is_over(self) -> bool:
        """True once a round has ended with one player alone at the top with 200 or more."""
        return not self.tasks and _winner(self.scores) is not None

    @property
    def winners(self) -> tuple:
        """The winner, once the game is over (a tuple of one seat); () before."""
        if self.tasks:
            return ()
        winner = _winner(self.scores)
        return () if winner is None else (winner,)

    def deck_counts(self) -> dict:
        """The cards left in the deck, as {card: copies}: what anyone can work out from the
        cards seen (the order is hidden)."""
        return {CARDS[k]: n for k, n in enumerate(self.deck) if n}

    def discard_counts(self) -> dict:
        return {CARDS[k]: n for k, n in enumerate(self.discards) if n}

    def pending_cards(self) -> list:
        """The action cards set aside or waiting for a target, and a surplus Second Chance
        being passed on: cards in none of the deck, the discards or the lines."""
        out = []
        for task in self.tasks:
            code = task[0]
            if code == T_FLIP:
                out += [CARDS[e[0]] for e in task[3]]
            elif code == T_QUEUE:
                out += [CARDS[e[0]] for e in task[1]]
            elif code == T_SC:
                out.append(CARDS[SECOND_CHANCE])
        return out

    def card_count(self) -> int:
        """Every card, wherever it is: always 94 (flip7.deck)."""
        total = self.deck_size + sum(self.discards) + len(self.pending_cards())
        for p in range(len(self.names)):
            total += self.nums[p].bit_count() + (self.dups[p] >= 0) + self.mods[p].bit_count()
        return total + self.chances.bit_count()

    @property
    def to_move(self):
        """Who must decide now: a seat (even out of turn: the drawer of a Freeze or Flip
        Three, a busted player giving cards away, the holder of a surplus Second Chance),
        CHANCE for every card drawn and for the next deal, or None once the game is over."""
        tasks = self.tasks
        if not tasks:
            return None if _winner(self.scores) is not None else CHANCE
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            return CHANCE
        if code == T_OFFER:
            return self.turn
        if code == T_QUEUE:
            return top[1][0][1]
        return top[1]  # T_SC

    @property
    def decision(self) -> Decision | None:
        """What is awaited, under which rule: ``hit-or-stay``, ``choose-freeze-target``,
        ``choose-flip-three-target``, ``give-second-chance``, ``give-deferred-card``, or a
        card drawn by chance (``deal``, ``draw``, ``flip``); None once the game is over."""
        names = self.names
        tasks = self.tasks
        if not tasks:
            if _winner(self.scores) is not None:
                return None
            dealer = (self.dealer + 1) % len(names)
            return Decision("deal", "flip7.dealer-rotates", CHANCE,
                            f"Deal round {self.round + 1}: {names[dealer]} deals",
                            f"Distribuez les cartes de la manche {self.round + 1} : c'est à "
                            f"{names[dealer]} de donner")
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            name = names[top[1]]
            if top[2] == DEALT:
                return Decision("deal", "flip7.deal", CHANCE, f"Deal a card to {name}",
                                f"Distribuez une carte à {name}")
            if top[2] == HITS:
                return Decision("draw", "flip7.hit", CHANCE, f"Draw {name}'s card",
                                f"Piochez une carte pour {name}")
            which = 3 - tasks[-2][2]
            return Decision("flip", "flip7.flip-three", CHANCE,
                            f"Flip card {which} of 3 for {name}",
                            f"Retournez la carte {which} sur 3 pour {name}")
        if code == T_OFFER:
            name = names[self.turn]
            if not self.has_card(self.turn):  # staying needs a card (F10, F18)
                return Decision("hit-or-stay", "flip7.hit", self.turn,
                                f"{name} must hit: no card yet, so no stay",
                                f"{name} doit dire encore : aucune carte encore, donc pas de "
                                "stop")
            return Decision("hit-or-stay", "flip7.hit", self.turn, f"{name} to hit or stay",
                            f"{name} : encore ou stop")
        if code == T_SC:
            name = names[top[1]]
            return Decision("give-second-chance", "flip7.second-chance-limit", top[1],
                            f"{name} to give the extra Second Chance to another active player",
                            f"{name} donne la Seconde Chance en trop à un autre joueur actif")
        kind, owner, mode = top[1][0]
        name = names[owner]
        if mode == GIVEN:
            return Decision("give-deferred-card", "flip7.deferred-after-bust", owner,
                            f"{name} busted: {name} gives the {NAMES_EN[kind]} set aside to an "
                            "active player",
                            f"{name} a sauté : {name} donne la carte {NAMES_FR[kind]} mise de "
                            "côté à un joueur actif")
        if kind == FREEZE:
            return Decision("choose-freeze-target", "flip7.freeze", owner,
                            f"{name} to choose whom to freeze",
                            f"{name} choisit qui geler")
        return Decision("choose-flip-three-target", "flip7.flip-three", owner,
                        f"{name} to choose who flips three cards",
                        f"{name} choisit qui retourne trois cartes")

    def key(self) -> tuple:
        return tuple(self[:R_LOG])

    def __eq__(self, other) -> bool:
        return isinstance(other, Flip7State) and self.key() == other.key()

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.key())

    def __bool__(self) -> bool:
        return True

    # ---- moves

    def legal_moves(self) -> tuple:
        """The legal moves, sorted. At a chance step, ``draw`` (a card outcome is legal too,
        when it can come: ``check``); after the game, none."""
        tasks = self.tasks
        if not tasks:
            return () if _winner(self.scores) is not None else _DRAW_ONLY
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            return _DRAW_ONLY
        if code == T_OFFER:
            return _HIT_STAY if self.has_card(self.turn) else _HIT_ONLY  # flip7.stay-needs-a-card
        make, kind, seats = _action_choice(self, top)
        return tuple(make(kind, p) for p in range(len(self.names)) if seats >> p & 1)

    def candidate_moves(self) -> tuple:
        """What a try-a-move table lists: hit and stay; every player as the target of an
        action card or the receiver of a card given; draw at a chance step."""
        tasks = self.tasks
        if not tasks:
            return _DRAW_ONLY
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            return _DRAW_ONLY
        if code == T_OFFER:
            return _HIT_STAY
        n = len(self.names)
        if code == T_SC:
            return tuple(Give(SECOND_CHANCE, p) for p in range(n))
        kind, _, mode = top[1][0]
        make = Give if mode == GIVEN else Target
        return tuple(make(kind, p) for p in range(n))

    def parse_move(self, move):
        """Read a move, with the players' names as well as their seat numbers."""
        return parse_move(move, self.names)

    def move_text(self, move, lang: str = "en") -> str:
        """A move in words with the players' names: 'freeze Bob', 'donner gel Cy'."""
        check_lang(lang)
        move = self.parse_move(move)
        if move.__class__ in (Target, Give):
            if not 0 <= move.seat < len(self.names):
                return move.text(lang)
            text = move.text(lang)
            return text[:text.rfind(" ") + 1] + self.names[move.seat]
        return move.text(lang)

    def play(self, move) -> Flip7State:
        """The state after ``move``; raises IllegalMove (naming the rule) if it is not legal,
        and leaves this state as it was."""
        if move.__class__ not in _MOVE_CLASSES:
            try:
                move = parse_move(move, self.names)
            except NotationError as err:
                raise IllegalMove("flip7.deck", err.reason_en, err.reason_fr, move) from None
        tasks = self.tasks
        if tasks:
            top = tasks[-1]
            code = top[0]
            if code == T_DRAW:
                if move is DRAW:
                    return self._after_draw(_pick_of(self))
                if move.__class__ is Flip7Card and self._can_draw(move.kind):
                    return self._after_draw(move.kind)
            elif code == T_OFFER:
                if move is HIT:
                    return self._after_hit()
                if move is STAY and self.has_card(self.turn):  # flip7.stay-needs-a-card
                    return self._after_stay()
            else:
                make, kind, seats = _action_choice(self, top)
                if move.__class__ is make and move.action == kind and move.seat >= 0 \
                        and seats >> move.seat & 1:
                    if code == T_QUEUE:
                        return self._after_target(move)
                    return self._after_give_chance(move.seat)
        elif _winner(self.scores) is None and (move is DRAW or move.__class__ is Flip7Card):
            start = self._next_round_work()
            step = _chance_of(start)
            if move is DRAW:
                return _draw(start, self, _pick_of(start), step)
            if step.probability(move):
                return _draw(start, self, move.kind, step)
        verdict = self.check(move)
        raise IllegalMove(verdict.rule_id, verdict.reason_en, verdict.reason_fr, move)

    def check(self, move) -> Verdict:
        """Whether ``move`` is legal now, with the rule and the reason. Never raises."""
        try:
            move = parse_move(move, self.names)
        except NotationError as err:
            return Verdict(move, False, "flip7.deck", err.reason_en, err.reason_fr)
        verdict = _verdict(self, move)
        if move.__class__ in (Target, Give):  # "freeze Bob", not the seat number
            return NamedVerdict(*verdict, self.move_text(move))
        return verdict

    def chance(self) -> WeightedDraw | None:
        """The card drawn now, as a chance step: the cards left in the deck, each with its
        exact probability (a stacked deck gives its next card with probability 1). Between
        rounds, the first card of the next deal. None when a player is to move."""
        tasks = self.tasks
        if not tasks:
            if _winner(self.scores) is not None:
                return None
            return _chance_of(self._next_round_work())
        if tasks[-1][0] != T_DRAW:
            return None
        return _chance_of(list(self))

    @property
    def events(self) -> tuple:
        """What the last move brought about, automatically (a tuple of Event): the card dealt
        or drawn, a bust, a Second Chance used or passed, an action set aside or resolved, a
        Flip 7, a reshuffle, the end of the round or of the game."""
        names = self.names
        return tuple(_event(names, entry) for entry in self.log)

    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` sees, as JSON-safe data: the cards in front of every player, the
        discards, the size of the deck and its contents (what anyone can work out), the
        scores, whose turn, and its legal moves when it is to move. Never the order of the
        deck, nor the seed. ``seat=None`` is a spectator. PositionError for a seat that does
        not exist."""
        return _observation(self, seat)

    # ---- the transitions

    def _pick(self) -> int:
        return _pick_of(self)

    def _can_draw(self, kind: int) -> bool:
        """Whether the card ``kind`` can come next: the one decision of a card outcome at a
        chance step (the stacked deck's next card, or a card left in the deck)."""
        if self.stack:
            return self.stack[0] == kind
        return self.deck[kind] > 0

    def _after_draw(self, kind: int) -> Flip7State:
        return _draw(list(self), self, kind, None)

    def _after_hit(self) -> Flip7State:
        w = list(self)
        tasks = [(T_ADVANCE,), (T_DRAW, self.turn, HITS)]
        log: list = []
        w[R_TASKS] = tasks
        _settle(w, log)
        return _finish(w, tasks, log, self, HIT)

    def _after_stay(self) -> Flip7State:
        w = list(self)
        w[R_STAYED] = self.stayed | 1 << self.turn
        tasks = [(T_ADVANCE,)]
        log: list = [("stayed", self.turn)]
        w[R_TASKS] = tasks
        _settle(w, log)
        return _finish(w, tasks, log, self, STAY)

    def _after_target(self, move) -> Flip7State:
        w = list(self)
        tasks = list(self.tasks)
        entries = tasks[-1][1]
        kind, owner, mode = entries[0]
        if len(entries) > 1:
            tasks[-1] = (T_QUEUE, entries[1:])
        else:
            tasks.pop()
        w[R_TASKS] = tasks
        log: list = []
        _play_action(w, log, kind, owner, move.seat, mode == GIVEN)
        _settle(w, log)
        return _finish(w, tasks, log, self, move)

    def _after_give_chance(self, seat: int) -> Flip7State:
        w = list(self)
        tasks = list(self.tasks)
        owner = tasks.pop()[1]
        w[R_CHANCES] = self.chances | 1 << seat
        w[R_TASKS] = tasks
        log: list = [("second-chance-passed", owner, seat)]
        _settle(w, log)
        return _finish(w, tasks, log, self, Give(SECOND_CHANCE, seat))

    def _next_round_work(self) -> list:
        """The start of the next round, before its first card: every card played goes to
        the discards, the deal passes left, the deck is reshuffled if it is empty (F9)."""
        w = list(self)
        n = len(self.names)
        discards = list(self.discards)
        for p in range(n):
            nums = self.nums[p]
            for k in range(13):
                if nums >> k & 1:
                    discards[k] += 1
            if self.dups[p] >= 0:
                discards[self.dups[p]] += 1
            mods = self.mods[p]
            for b in range(6):
                if mods >> b & 1:
                    discards[13 + b] += 1
            if self.chances >> p & 1:
                discards[SECOND_CHANCE] += 1
        log: list = []
        w[R_DEALER] = (self.dealer + 1) % n
        w[R_ROUND] = self.round + 1
        w[R_NUMS] = w[R_MODS] = (0,) * n
        w[R_DUPS] = (-1,) * n
        w[R_CHANCES] = w[R_STAYED] = w[R_FROZEN] = w[R_BUSTED] = 0
        log.append(("new-round", w[R_ROUND], w[R_DEALER], self.deck_size == 0))
        if self.deck_size == 0:
            w[R_DECK] = tuple(discards)
            w[R_SIZE] = sum(discards)
            discards = list(_ZERO)
            log.append(("reshuffle", False, w[R_SIZE]))
        w[R_DISCARDS] = tuple(discards)
        tasks = [(T_DEAL, 0)]
        w[R_TASKS] = tasks
        w[R_LOG] = log
        _settle(w, log)
        return w

    # ---- notation and display

    def __repr__(self) -> str:
        tasks = self.tasks
        if not tasks:
            where = "game over" if _winner(self.scores) is not None else "round over"
        else:
            decision = self.decision
            where = decision.en
        return (f"<Flip 7 round {self.round}, {where}, {self.deck_size} card"
                f"{'' if self.deck_size == 1 else 's'} in the deck>")


_DRAW_ONLY = (DRAW,)
_HIT_STAY = (HIT, STAY)
_HIT_ONLY = (HIT,)


def _winner(scores) -> int | None:
    """The winner if the game is over: one player alone at the top with 200 or more."""
    top = max(scores)
    if top < TARGET:
        return None
    leaders = [p for p, s in enumerate(scores) if s == top]
    return leaders[0] if len(leaders) == 1 else None


def _pick_of(w) -> int:
    stack = w[R_STACK]
    if stack:
        return stack[0]
    r = draw_index(w[R_SEED], w[R_DRAWS], w[R_SIZE])
    deck = w[R_DECK]
    for kind in PICK_ORDER:
        copies = deck[kind]
        if r < copies:
            return kind
        r -= copies
    raise AssertionError("unreachable: the deck holds deck_size cards")


_CHANCE_WORDS = {
    DEALT: ("flip7.deal", "A card is dealt face up.", "Une carte est distribuée face visible."),
    HITS: ("flip7.hit", "A card is drawn face up.", "Une carte est piochée face visible."),
    FLIPS: ("flip7.flip-three", "A card of a Flip Three is flipped.",
            "Une carte d'un Trois à la Suite est retournée."),
}


def _chance_of(w) -> WeightedDraw | None:
    tasks = w[R_TASKS]
    if not tasks or tasks[-1][0] != T_DRAW:
        return None  # the next round ended before its first card (no card left at all)
    rule_id, en, fr = _CHANCE_WORDS[tasks[-1][2]]
    if w[R_STACK]:
        return WeightedDraw({CARDS[w[R_STACK][0]]: 1}, rule_id, en, fr)
    return WeightedDraw({CARDS[k]: n for k, n in enumerate(w[R_DECK]) if n}, rule_id, en, fr)


def _finish(w, tasks, log, parent, move) -> Flip7State:
    w[R_TASKS] = tuple(tasks)
    w[R_LOG] = tuple(log)
    w[R_PARENT] = parent
    w[R_LAST] = move
    return _tuple_new(Flip7State, w)


def _draw(w, parent, kind: int, step) -> Flip7State:
    """Draw the card ``kind`` for the task on top of ``w`` (a work copy of a state)."""
    deck = list(w[R_DECK])
    deck[kind] -= 1
    w[R_DECK] = tuple(deck)
    w[R_SIZE] -= 1
    if w[R_STACK]:
        w[R_STACK] = w[R_STACK][1:]
    w[R_DRAWS] += 1
    tasks = list(w[R_TASKS])
    _, seat, context = tasks.pop()
    w[R_TASKS] = tasks
    log = list(w[R_LOG]) if parent.tasks == () else []
    if context == DEALT:
        log.append(("dealt", seat, kind))
    elif context == HITS:
        log.append(("drew", seat, kind))
    else:
        log.append(("flipped", seat, kind, 3 - tasks[-1][2]))
    _receive(w, log, seat, kind, context)
    _settle(w, log)
    return _finish(w, w[R_TASKS], log, parent, CARDS[kind])


def _action_choice(s, top) -> tuple:
    """The one decision of a move that names a player, for the task ``top`` of ``s`` (an
    action card to play, T_QUEUE, or a Second Chance to give, T_SC): (the move's class,
    Target or Give; the card; the seats that may be named, as a mask). An action card is
    played on an active player (flip7.freeze, flip7.flip-three; given when its owner busted,
    flip7.deferred-after-bust); an extra Second Chance goes to another active player with
    none (flip7.second-chance-limit)."""
    active = s.active
    if top[0] == T_SC:
        return Give, SECOND_CHANCE, active & ~s.chances & ~(1 << top[1])
    kind, _, mode = top[1][0]
    return (Give if mode == GIVEN else Target), kind, active


def _active(w) -> int:
    return ((1 << len(w[R_NAMES])) - 1) & ~(w[R_STAYED] | w[R_FROZEN] | w[R_BUSTED])


def _next_active(active: int, start: int, n: int) -> int | None:
    for i in range(n):
        seat = (start + i) % n
        if active >> seat & 1:
            return seat
    return None


def _receive(w, log, seat: int, kind: int, context: int) -> None:
    """The card ``kind`` arrives in front of ``seat`` (flip7.new-number, flip7.bust,
    flip7.second-chance, flip7.flip-7, the action cards)."""
    if kind <= 12:
        bit = 1 << kind
        nums = w[R_NUMS]
        mine = nums[seat]
        if mine & bit:
            discards = list(w[R_DISCARDS])
            if w[R_CHANCES] >> seat & 1:  # flip7.second-chance, automatic (F21)
                w[R_CHANCES] &= ~(1 << seat)
                discards[kind] += 1
                discards[SECOND_CHANCE] += 1
                w[R_DISCARDS] = tuple(discards)
                log.append(("second-chance-used", seat, kind))
            else:  # flip7.bust
                w[R_BUSTED] |= 1 << seat
                dups = list(w[R_DUPS])
                dups[seat] = kind
                w[R_DUPS] = tuple(dups)
                log.append(("bust", seat, kind))
            return
        mine |= bit
        nums = list(nums)
        nums[seat] = mine
        w[R_NUMS] = tuple(nums)
        if mine.bit_count() == 7:  # flip7.flip-7: the round ends at once for everyone
            log.append(("flip-7", seat))
            _end_round(w, log)
        return
    if kind <= 18:
        mods = list(w[R_MODS])
        mods[seat] |= 1 << (kind - 13)
        w[R_MODS] = tuple(mods)
        return
    tasks = w[R_TASKS]
    if kind == SECOND_CHANCE:
        if w[R_CHANCES] >> seat & 1:  # flip7.second-chance-limit: pass it on (F7, F19)
            tasks.append((T_SC, seat))
        else:
            w[R_CHANCES] |= 1 << seat
            log.append(("second-chance-kept", seat))
        return
    if context == FLIPS:  # flip7.flip-three-deferred: set aside until the 3 cards are out
        _, flipper, left, entries = tasks[-1]
        tasks[-1] = (T_FLIP, flipper, left, (*entries, (kind, seat, DEFERRED)))
        log.append(("set-aside", seat, kind))
        return
    tasks.append((T_QUEUE, ((kind, seat, DRAWN),)))  # the drawer chooses its target


def _play_action(w, log, kind: int, owner: int, target: int, given: bool) -> None:
    """Play a Freeze or a Flip Three on ``target`` (flip7.freeze, flip7.flip-three)."""
    discards = list(w[R_DISCARDS])
    discards[kind] += 1
    w[R_DISCARDS] = tuple(discards)
    if kind == FREEZE:
        w[R_FROZEN] |= 1 << target
        log.append(("frozen", owner, target, given))
    else:
        w[R_TASKS].append((T_FLIP, target, 3, ()))
        log.append(("flip-three", owner, target, given))


def _discard_entries(w, log, entries, why: str) -> None:
    discards = list(w[R_DISCARDS])
    for kind, owner, _ in entries:
        discards[kind] += 1
        log.append(("action-discarded", owner, kind, why))
    w[R_DISCARDS] = tuple(discards)


def _settle(w, log) -> None:
    """Run the automatic steps until a decision is awaited or the round is over."""
    tasks = w[R_TASKS]
    rules = w[R_RULES]
    n = len(w[R_NAMES])
    while tasks:
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            if w[R_SIZE]:
                return
            discarded = w[R_DISCARDS]
            size = sum(discarded)
            active = _active(w)
            held = 0
            for p in range(n):
                if active >> p & 1:
                    held |= w[R_NUMS][p]
            if endless_reshuffle(discarded, held):  # flip7.endless-reshuffle: the round ends instead
                log.append(("endless-reshuffle", size,
                            sum(discarded[:13])) if size else ("no-cards",))
                _end_round(w, log)
                return
            w[R_DECK] = discarded  # flip7.reshuffle-mid-round
            w[R_SIZE] = size
            w[R_DISCARDS] = _ZERO
            log.append(("reshuffle", True, size))
            return
        if code == T_OFFER or code == T_ADVANCE:
            active = _active(w)
            turn = w[R_TURN]
            seat = _next_active(active, turn if code == T_OFFER else turn + 1, n)
            if seat is None:  # flip7.round-end: nobody is still in play
                _end_round(w, log)
                return
            w[R_TURN] = seat
            if code == T_ADVANCE:
                tasks[-1] = (T_OFFER,)
            return
        if code == T_DEAL:
            k = top[1]
            active = _active(w)
            start = rules.deal_start_seat(w[R_DEALER], n)
            while k < n and not active >> ((start + k) % n) & 1:
                k += 1  # F14: a player frozen or busted before their deal card gets none
            if k == n:  # the deal is over: flip7.first-player
                tasks[-1] = (T_OFFER,)
                w[R_TURN] = rules.first_seat(w[R_DEALER], n)
                continue
            seat = (start + k) % n
            w[R_TURN] = seat
            tasks[-1] = (T_DEAL, k + 1)
            tasks.append((T_DRAW, seat, DEALT))
            continue
        if code == T_FLIP:
            _, seat, left, entries = top
            if w[R_BUSTED] >> seat & 1:  # flip7.flip-three-stops
                tasks.pop()
                if entries:
                    if rules.deferred_after_bust == "give":  # F16
                        _queue(tasks, rules, tuple((k, seat, GIVEN) for k, _, _ in entries))
                    else:  # the FAQ reading (F6)
                        _discard_entries(w, log, entries, "faq")
                continue
            if left == 0:
                tasks.pop()
                if entries:
                    _queue(tasks, rules, entries)
                continue
            tasks[-1] = (T_FLIP, seat, left - 1, entries)
            tasks.append((T_DRAW, seat, FLIPS))
            continue
        if code == T_QUEUE:
            entries = top[1]
            active = _active(w)
            while entries:
                _, owner, mode = entries[0]
                if not active:
                    _discard_entries(w, log, entries[:1], "nobody")
                elif mode != GIVEN and not active >> owner & 1 \
                        and rules.frozen_target_deferred == "dropped":
                    _discard_entries(w, log, entries[:1], "dropped")
                else:
                    break
                entries = entries[1:]
            if entries:
                tasks[-1] = (T_QUEUE, entries)
                return
            tasks.pop()
            continue
        # T_SC: a surplus Second Chance goes to another active player who has none
        owner = top[1]
        if (_active(w) & ~w[R_CHANCES]) & ~(1 << owner):
            return
        tasks.pop()
        discards = list(w[R_DISCARDS])
        discards[SECOND_CHANCE] += 1
        w[R_DISCARDS] = tuple(discards)
        log.append(("second-chance-discarded", owner))


def _queue(tasks, rules, entries) -> None:
    """Queue action cards to play: on top (depth first, F15), or at the end of the queue
    they came from (F15's alternative, one shared queue)."""
    if rules.nested_actions == "shared-queue" and tasks and tasks[-1][0] == T_QUEUE:
        tasks[-1] = (T_QUEUE, tasks[-1][1] + entries)
    else:
        tasks.append((T_QUEUE, entries))


def _end_round(w, log) -> None:
    """The round is over (flip7.round-end): score it, add the totals, see if the game ends."""
    tasks = w[R_TASKS]
    pending = []
    for task in tasks:
        if task[0] == T_FLIP:
            pending += task[3]
        elif task[0] == T_QUEUE:
            pending += task[1]
        elif task[0] == T_SC:
            pending.append((SECOND_CHANCE, task[1], DRAWN))
    if pending:  # F17: the cards set aside are dropped
        _discard_entries(w, log, pending, "round-over")
    tasks.clear()
    w[R_TASKS] = tasks
    rules = w[R_RULES]
    n = len(w[R_NAMES])
    flip7 = None
    points = []
    for p in range(n):
        nums = w[R_NUMS][p]
        if nums.bit_count() == 7:
            flip7 = p
        points.append(0 if w[R_BUSTED] >> p & 1 else
                      line_score(nums, w[R_MODS][p], nums.bit_count() == 7, rules.flip7_bonus))
    scores = tuple(s + q for s, q in zip(w[R_SCORES], points))
    w[R_SCORES] = scores
    w[R_TURN] = None
    log.append(("round-over", w[R_ROUND], tuple(points), flip7, w[R_BUSTED]))
    top = max(scores)
    if top >= TARGET:
        leaders = tuple(p for p, s in enumerate(scores) if s == top)
        if len(leaders) == 1:
            log.append(("game-over", leaders[0], top))
        else:
            log.append(("tie", leaders, top))


# ---------------------------------------------------------------- new games

MAX_SEED = 2**64 - 1
_DEALER_COUNTER = 1 << 40  # the first dealer's draw: a counter no card draw reaches
FIELDS = ("players", "dealer", "round", "rules", "scores", "deck", "discards", "turn",
          "pending", "seed", "draws")


def names_of(players) -> tuple:
    """The players' names: a count (2 to 18: default names) or a list of names (flip7.players).

    See ``core.names.player_names``; Flip 7's move notation also reads names, so a name
    has no ';', '(' or ')', is not a number, a card or a move word, and names differ
    ignoring case, spaces and hyphens."""
    return player_names(players, rule_id="flip7.players", title="Flip 7", low=MIN_PLAYERS,
                        high=MAX_PLAYERS, default_names=DEFAULT_NAMES, separators=",:;()",
                        fields=FIELDS, key=_key,
                        is_word=lambda name: _key(name).isdigit() or _reads_as_move(_key(name)))


def _reads_as_move(key: str) -> bool:
    if key in _WORDS:
        return True
    try:
        card(key)
    except NotationError:
        return False
    return True


def new_game(players=4, seed: int | None = None, dealer: int | None = None,
             preset: str | None = None, **options) -> Flip7State:
    """A new game, before the first card is dealt: ``to_move`` is CHANCE.

    ``players`` is a count (2 to 18) or a list of names. ``seed`` (0 to 2**64 - 1) chooses
    every card drawn and, unless ``dealer`` names a seat, the first dealer
    (flip7.first-dealer); without a seed a fresh one is picked and kept in the state and
    in saves. ``preset`` and ``options`` are rule options (``Flip7Rules``). Warns under 3
    players (ruling F12). Raises PositionError (OptionError for an option) naming what is
    wrong.

    >>> game = new_game(4, seed=1, dealer=0)
    >>> game.to_move, game.decision.en
    (CHANCE, 'Deal a card to Ann')
    """
    names = names_of(players)
    rules = Flip7Rules(preset=preset, **options)
    if seed is None:
        seed = secrets.randbits(63)
    check_whole(seed, "seed", 0, MAX_SEED)
    if dealer is None:
        dealer = draw_index(seed, _DEALER_COUNTER, len(names))
    else:
        check_whole(dealer, "dealer (a player number)", 0, len(names) - 1)
    if len(names) < WARN_UNDER:
        warnings.warn(f"[flip7.players] seed 004 gives 3 to 18 players; {len(names)} is "
                      "allowed (ruling F12), as the guide says 2 to 6 in practice",
                      Flip7Warning, stacklevel=2)
    return build(rules, names, dealer=dealer, round_number=1, scores=(0,) * len(names),
                 seed=seed, draws=0, deck=COPIES, stack=(), discards=_ZERO,
                 nums=(0,) * len(names), mods=(0,) * len(names), dups=(-1,) * len(names),
                 chances=0, stayed=0, frozen=0, busted=0, turn=None, tasks=((T_DEAL, 0),))


class Flip7Warning(UserWarning):
    """A game the sources allow only in practice (2 players: ruling F12)."""


def build(rules, names, *, dealer, round_number, scores, seed, draws, deck, stack, discards,
          nums, mods, dups, chances, stayed, frozen, busted, turn, tasks) -> Flip7State:
    """A root state from its parts, its pending steps run (no checks: see notation)."""
    w = [rules, tuple(names), dealer, round_number, tuple(scores), seed, draws, tuple(deck),
         sum(deck), tuple(stack), tuple(discards), tuple(nums), tuple(mods), tuple(dups),
         chances, stayed, frozen, busted, turn, list(tasks), (), None, None]
    log: list = []
    _settle(w, log)
    w[R_TASKS] = tuple(w[R_TASKS])
    return _tuple_new(Flip7State, w)


# ---------------------------------------------------------------- verdicts

_STATUS_EN = {STAYED: "stayed", FROZEN: "frozen", BUSTED: "busted"}
_STATUS_FR = {STAYED: "a dit stop", FROZEN: "a reçu un Gel", BUSTED: "a sauté"}
_ACTION_RULE = {FREEZE: "flip7.freeze", FLIP_THREE: "flip7.flip-three"}
_DRAW_RULE = {DEALT: "flip7.deal", HITS: "flip7.hit", FLIPS: "flip7.flip-three"}


def _a_card_en(kind: int) -> str:
    """A card in an English sentence, with its article: "a 7", "an 8", "a +4", "a Freeze"."""
    word = NAMES_EN[kind]
    return f"an {word}" if word in ("8", "11") else f"a {word}"


def _a_card_fr(kind: int) -> str:
    """A card in a French sentence, with its article: "un 7", "un +4", "la carte Gel"."""
    return f"la carte {NAMES_FR[kind]}" if kind in ACTIONS else f"un {NAMES_FR[kind]}"


def _points_en(n) -> str:
    """A number of points in English: "1 point", "0 points", "10 points"."""
    return "1 point" if n == 1 else f"{n} points"


def _points_fr(n) -> str:
    """A number of points in French: singular for 0 and 1 ("0 point"), plural from 2."""
    return f"{n} point" if -2 < n < 2 else f"{n} points"


def _yes(move, rule_id, en, fr) -> Verdict:
    return Verdict(move, True, rule_id, en, fr)


def _no(move, rule_id, en, fr) -> Verdict:
    return Verdict(move, False, rule_id, en, fr)


def _card_verdict(s, move, step, rule_id, why_en, why_fr) -> Verdict:
    """A card outcome played at a chance step: legal when it can come next (it stacks it)."""
    kind = move.kind
    if step is not None and step.probability(move):
        return _yes(move, rule_id, f"Stack the deck: {NAMES_EN[kind]} comes next ({why_en}).",
                    f"Paquet arrangé : {_a_card_fr(kind)} vient ensuite ({why_fr}).")
    stack = s[R_STACK] if isinstance(s, list) else s.stack
    if stack:
        return _no(move, "flip7.deck",
                   f"The deck is stacked: the next card is {NAMES_EN[stack[0]]}, not "
                   f"{NAMES_EN[kind]}.",
                   f"Le paquet est arrangé : c'est {_a_card_fr(stack[0])} qui vient ensuite, "
                   f"pas {_a_card_fr(kind)}.")
    return _no(move, "flip7.deck",
               f"No {NAMES_EN[kind]} is left in the deck: it cannot come next.",
               f"Il ne reste aucune carte {NAMES_FR[kind]} dans la pioche : elle ne peut pas "
               "venir.")


def _verdict(s: Flip7State, move) -> Verdict:
    names = s.names
    n = len(names)
    if move.__class__ in (Target, Give) and move.seat >= n:
        return _no(move, "flip7.players",
                   f"There is no player {move.seat}: the players are numbered 0 to {n - 1}.",
                   f"Il n'y a pas de joueur {move.seat} : les joueurs sont numérotés de 0 à "
                   f"{n - 1}.")
    tasks = s.tasks
    if not tasks:
        winner = _winner(s.scores)
        if winner is not None:
            return _no(move, "flip7.game-end",
                       f"The game is over: {names[winner]} won with {s.scores[winner]} points.",
                       f"La partie est terminée : {names[winner]} a gagné avec "
                       f"{s.scores[winner]} points.")
        dealer = names[(s.dealer + 1) % n]
        if move is DRAW:
            return _yes(move, "flip7.dealer-rotates",
                        f"Deal the next round: {dealer} deals, with the rest of the deck.",
                        f"Distribuez les cartes de la manche suivante : c'est à {dealer} de "
                        "donner, avec le reste de la pioche.")
        if move.__class__ is Flip7Card:
            return _card_verdict(s, move, s.chance(), "flip7.dealer-rotates",
                                 "the first card of the next deal",
                                 "la première carte de la donne suivante")
        return _no(move, "flip7.round-end",
                   "The round is over: deal the next round (draw).",
                   "La manche est terminée : distribuez les cartes de la manche suivante (pioche).")
    top = tasks[-1]
    code = top[0]
    if code == T_DRAW:
        seat, context = top[1], top[2]
        rule_id = _DRAW_RULE[context]
        name = names[seat]
        if move is DRAW:
            return _yes(move, rule_id, f"Draw the next card for {name}, face up.",
                        f"Piochez la carte suivante pour {name}, face visible.")
        if move.__class__ is Flip7Card:
            return _card_verdict(s, move, s.chance(), rule_id, f"for {name}", f"pour {name}")
        return _no(move, rule_id,
                   f"A card is being drawn for {name}: draw it first (draw).",
                   f"Une carte est piochée pour {name} : piochez-la d'abord (pioche).")
    if code == T_OFFER:
        turn = s.turn
        name = names[turn]
        if move is HIT:
            return _yes(move, "flip7.hit", f"{name} draws one more card, face up.",
                        f"{name} pioche une carte de plus, face visible.")
        if move is STAY:
            if s.has_card(turn):
                return _yes(move, "flip7.stay",
                            f"{name} leaves the round, keeping "
                            f"{_points_en(s.score_now(turn))}.",
                            f"{name} sort de la manche et marquera {s.score_now(turn)}.")
            return _no(move, "flip7.stay-needs-a-card",
                       f"{name} has no card yet, so {name} cannot stay: {name} must hit.",
                       f"{name} n'a encore aucune carte, donc ne peut pas dire stop : "
                       "il faut dire encore.")
        if move is DRAW or move.__class__ is Flip7Card:
            return _no(move, "flip7.hit", f"{name} must first say hit or stay.",
                       f"{name} doit d'abord dire encore ou stop.")
        action = getattr(move, "action", None)
        card_en = f"No {NAMES_EN[action]}" if action in ACTIONS else "No action card"
        card_fr = f"Aucune carte {NAMES_FR[action]}" if action in ACTIONS else \
            "Aucune carte Action"
        return _no(move, _ACTION_RULE.get(action, "flip7.hit"),
                   f"{card_en} is waiting for a player: {name} is to hit or stay.",
                   f"{card_fr} n'attend de joueur : {name} dit encore ou stop.")
    active = s.active
    make, kind, seats = _action_choice(s, top)  # the decision; the rest finds the words
    if code == T_SC:
        owner = top[1]
        name = names[owner]
        if move.__class__ is make and move.action == kind:
            seat = move.seat
            other = names[seat]
            if seats >> seat & 1:
                return _yes(move, "flip7.second-chance-limit",
                            f"{other} receives the extra Second Chance.",
                            f"{other} reçoit la Seconde Chance en trop.")
            if seat == owner:
                return _no(move, "flip7.second-chance-limit",
                           f"{name} already holds a Second Chance, and may hold only one: "
                           "give this one to another active player.",
                           f"{name} a déjà une Seconde Chance, et ne peut en avoir qu'une : "
                           "donnez celle-ci à un autre joueur actif.")
            if not active >> seat & 1:
                status = s.status(seat)
                return _no(move, "flip7.second-chance-limit",
                           f"{other} is out of the round ({_STATUS_EN[status]}): the Second "
                           "Chance goes to an active player.",
                           f"{other} est hors de la manche ({_STATUS_FR[status]}) : la "
                           "Seconde Chance va à un joueur actif.")
            return _no(move, "flip7.second-chance-limit",
                       f"{other} already has a Second Chance: at most one each.",
                       f"{other} a déjà une Seconde Chance : une au plus par joueur.")
        return _no(move, "flip7.second-chance-limit",
                   f"{name} must first give the extra Second Chance to another active player "
                   "who has none.",
                   f"{name} doit d'abord donner la Seconde Chance en trop à un autre joueur "
                   "actif qui n'en a pas.")
    _, owner, mode = top[1][0]
    given = make is Give
    name = names[owner]
    card_en, card_fr = NAMES_EN[kind], NAMES_FR[kind]
    rule_id = "flip7.deferred-after-bust" if given else _ACTION_RULE[kind]
    if given:
        how_en, how_fr = f"give {ACTION_WORDS_EN[kind]} <player>", \
            f"donner {ACTION_WORDS_FR[kind]} <joueur>"
    else:
        how_en, how_fr = f"{ACTION_WORDS_EN[kind]} <player>", f"{ACTION_WORDS_FR[kind]} <joueur>"
    if move.__class__ not in (Target, Give) or move.action == SECOND_CHANCE:
        return _no(move, rule_id,
                   f"{name} must first play the {card_en} on an active player ({how_en}).",
                   f"{name} doit d'abord jouer la carte {card_fr} sur un joueur actif "
                   f"({how_fr}).")
    if move.__class__ is not make:
        if given:
            return _no(move, rule_id,
                       f"{name} busted: {name} gives the {card_en} set aside to an active "
                       f"player ({how_en}).",
                       f"{name} a sauté : {name} donne la carte {card_fr} mise de côté à un "
                       f"joueur actif ({how_fr}).")
        return _no(move, rule_id,
                   f"{name} plays the {card_en} on an active player of their choice ({how_en}).",
                   f"{name} joue la carte {card_fr} sur un joueur actif de son choix "
                   f"({how_fr}).")
    if move.action != kind:
        return _no(move, rule_id, f"The card to play is the {card_en}, not the "
                                  f"{NAMES_EN[move.action]}.",
                   f"Il faut jouer {_a_card_fr(kind)}, pas {_a_card_fr(move.action)}.")
    seat = move.seat
    other = names[seat]
    alone = kind == FREEZE and not given and active == 1 << owner
    if not seats >> seat & 1:
        if alone:
            return _no(move, "flip7.freeze-self",
                       f"{name} is the only active player, so {name} must take the Freeze.",
                       f"{name} est le seul joueur actif, et doit donc se geler.")
        status = s.status(seat)
        return _no(move, rule_id,
                   f"{other} is out of the round ({_STATUS_EN[status]}): the {card_en} is "
                   "played on an active player.",
                   f"{other} est hors de la manche ({_STATUS_FR[status]}) : la carte "
                   f"{card_fr} se joue sur un joueur actif.")
    if alone:
        rule_id = "flip7.freeze-self"
    elif not given and not active >> owner & 1:
        rule_id = "flip7.frozen-target-deferred"
    elif mode == DEFERRED:
        rule_id = "flip7.flip-three-deferred"
    if kind == FREEZE and seat == owner:
        return _yes(move, rule_id,
                    f"{name} takes the Freeze: out of the round, keeping "
                    f"{_points_en(s.score_now(seat))}.",
                    f"{name} se gèle : hors de la manche, avec "
                    f"{_points_fr(s.score_now(seat))} acquis.")
    if kind == FREEZE:
        return _yes(move, rule_id,
                    f"{other} is frozen: out of the round, keeping "
                    f"{_points_en(s.score_now(seat))}.",
                    f"Gel pour {other} : hors de la manche, avec "
                    f"{_points_fr(s.score_now(seat))} acquis.")
    return _yes(move, rule_id, f"{other} flips three cards, one at a time.",
                f"{other} retourne trois cartes, une par une.")


# ---------------------------------------------------------------- events


def _event(names, entry) -> Event:
    kind = entry[0]
    if kind == "dealt":
        _, seat, c = entry
        return Event("dealt", (seat,), "flip7.deal", f"{names[seat]} is dealt {_a_card_en(c)}.",
                     f"{names[seat]} reçoit {_a_card_fr(c)}.")
    if kind == "drew":
        _, seat, c = entry
        return Event("drew", (seat,), "flip7.hit", f"{names[seat]} draws {_a_card_en(c)}.",
                     f"{names[seat]} pioche {_a_card_fr(c)}.")
    if kind == "flipped":
        _, seat, c, which = entry
        return Event("flipped", (seat,), "flip7.flip-three",
                     f"{names[seat]} flips {_a_card_en(c)} (card {which} of 3).",
                     f"{names[seat]} retourne {_a_card_fr(c)} (carte {which} sur 3).")
    if kind == "stayed":
        seat = entry[1]
        return Event("stayed", (seat,), "flip7.stay",
                     f"{names[seat]} stays and leaves the round.",
                     f"{names[seat]} dit stop et sort de la manche.")
    if kind == "bust":
        _, seat, c = entry
        return Event("bust", (seat,), "flip7.bust",
                     f"{names[seat]} already has the {c}: {names[seat]} busts and is out of "
                     "the round, scoring 0.",
                     f"{names[seat]} a déjà le {c} : {names[seat]} saute et sort de la manche, "
                     "avec 0 point.")
    if kind == "second-chance-used":
        _, seat, c = entry
        return Event("second-chance-used", (seat,), "flip7.second-chance",
                     f"{names[seat]}'s Second Chance cancels the second {c}: both cards are "
                     f"discarded, and {names[seat]} stays in.",
                     f"La Seconde Chance {de(names[seat])} annule le deuxième {c} : les deux "
                     f"cartes sont défaussées, et {names[seat]} reste en jeu.")
    if kind == "second-chance-kept":
        seat = entry[1]
        return Event("second-chance-kept", (seat,), "flip7.second-chance",
                     f"{names[seat]} keeps the Second Chance.",
                     f"{names[seat]} garde la Seconde Chance.")
    if kind == "second-chance-passed":
        _, owner, seat = entry
        return Event("second-chance-passed", (owner, seat), "flip7.second-chance-limit",
                     f"{names[owner]} already has a Second Chance and passes this one to "
                     f"{names[seat]}.",
                     f"{names[owner]} a déjà une Seconde Chance et passe celle-ci à "
                     f"{names[seat]}.")
    if kind == "second-chance-discarded":
        owner = entry[1]
        return Event("second-chance-discarded", (owner,), "flip7.second-chance-limit",
                     f"{names[owner]} already has a Second Chance and no other active player can "
                     "take this one: it is discarded.",
                     f"{names[owner]} a déjà une Seconde Chance et aucun autre joueur actif ne "
                     "peut prendre celle-ci : elle est défaussée.")
    if kind == "set-aside":
        _, seat, c = entry
        return Event("action-set-aside", (seat,), "flip7.flip-three-deferred",
                     f"{names[seat]} sets the {NAMES_EN[c]} aside until the three cards are "
                     "flipped.",
                     f"{names[seat]} met la carte {NAMES_FR[c]} de côté jusqu'à la fin des trois "
                     "cartes.")
    if kind == "frozen":
        _, owner, target, given = entry
        rule_id = "flip7.deferred-after-bust" if given else "flip7.freeze"
        if owner == target:
            return Event("frozen", (target,), rule_id,
                         f"{names[target]} takes the Freeze and is out of the round; the cards "
                         "already in front still score.",
                         f"{names[target]} se gèle et sort de la manche, en gardant ses points.")
        verb_en, verb_fr = ("gives the Freeze to", "donne le Gel à") if given else \
            ("freezes", "gèle")
        return Event("frozen", (owner, target), rule_id,
                     f"{names[owner]} {verb_en} {names[target]}: {names[target]} is out of the "
                     "round; the cards already in front still score.",
                     f"{names[owner]} {verb_fr} {names[target]} : {names[target]} sort de la "
                     "manche, en gardant ses points.")
    if kind == "flip-three":
        _, owner, target, given = entry
        rule_id = "flip7.deferred-after-bust" if given else "flip7.flip-three"
        if owner == target:
            return Event("flip-three", (target,), rule_id,
                         f"{names[target]} takes the Flip Three: three cards to flip.",
                         f"{names[target]} se fait retourner trois cartes.")
        verb_en, verb_fr = ("gives the Flip Three to", "donne le Trois à la Suite à") if given \
            else ("makes", "fait retourner trois cartes à")
        tail_en = " flip three cards" if not given else ", who flips three cards"
        tail_fr = "" if not given else ", qui retourne trois cartes"
        return Event("flip-three", (owner, target), rule_id,
                     f"{names[owner]} {verb_en} {names[target]}{tail_en}.",
                     f"{names[owner]} {verb_fr} {names[target]}{tail_fr}.")
    if kind == "action-discarded":
        _, owner, c, why = entry
        rule_id, en, fr = {
            "nobody": ("flip7.deferred-after-bust", "nobody is active to receive it",
                       "personne n'est actif pour la recevoir"),
            "faq": ("flip7.deferred-after-bust", "a bust discards the cards set aside (FAQ)",
                    "un joueur qui saute perd les cartes mises de côté (FAQ)"),
            "dropped": ("flip7.frozen-target-deferred",
                        f"{names[owner]} is out of the round",
                        f"{names[owner]} est hors de la manche"),
            "round-over": ("flip7.flip-three-stops", "the round is over",
                           "la manche est terminée"),
        }[why]
        return Event("action-discarded", (owner,), rule_id,
                     f"{names[owner]}'s {NAMES_EN[c]} is discarded: {en}.",
                     f"La carte {NAMES_FR[c]} {de(names[owner])} est défaussée : {fr}.")
    if kind == "flip-7":
        seat = entry[1]
        return Event("flip-7", (seat,), "flip7.flip-7",
                     f"Flip 7! {names[seat]} has seven different numbers: the round ends at once "
                     "for everyone.",
                     f"Flip 7 ! {names[seat]} a sept Numéros différents : la manche se termine "
                     "immédiatement pour tout le monde.")
    if kind == "reshuffle":
        _, mid_round, size = entry
        if mid_round:
            return Event("reshuffle", (), "flip7.reshuffle-mid-round",
                         f"The deck is empty: the {size} discards are shuffled into a new deck; "
                         "the cards in front of players stay there.",
                         f"La pioche est vide : les {size} cartes défaussées sont mélangées en "
                         "une nouvelle pioche ; les cartes devant les joueurs y restent.")
        return Event("reshuffle", (), "flip7.reshuffle-between-rounds",
                     f"The deck is empty between rounds: the {size} discards are shuffled into "
                     "a new deck.",
                     f"La pioche est vide entre deux manches : les {size} cartes défaussées "
                     "sont mélangées en une nouvelle pioche.")
    if kind == "no-cards":
        return Event("no-cards", (), "flip7.endless-reshuffle",
                     "No card is left to draw, in the deck or the discards: the round ends, "
                     "and the players still in keep their points.",
                     "Il ne reste aucune carte à piocher, ni dans la pioche ni dans la "
                     "défausse : la manche se termine, et les joueurs encore en jeu gardent "
                     "leurs points.")
    if kind == "endless-reshuffle":
        _, size, numbers = entry
        cards_en = f"the discards ({size} card{'' if size == 1 else 's'})"
        cards_fr = f"la défausse ({size} carte{'' if size == 1 else 's'})"
        if not numbers:
            return Event("endless-reshuffle", (), "flip7.endless-reshuffle",
                         f"The deck is empty and {cards_en} hold no number card and no "
                         "modifier: shuffling them would change nothing, so the round ends, "
                         "and the players still in keep their points.",
                         f"La pioche est vide et {cards_fr} ne contient ni carte Numéro ni "
                         "carte Bonus : la mélanger ne changerait rien, donc la manche se "
                         "termine, et les joueurs encore en jeu gardent leurs points.")
        some_en = "one number card" if numbers == 1 else f"{numbers} number cards"
        some_fr = "une carte Numéro" if numbers == 1 else f"{numbers} cartes Numéro"
        return Event("endless-reshuffle", (), "flip7.endless-reshuffle",
                     f"The deck is empty and {cards_en} hold no modifier and only {some_en}, "
                     "each a number a player still in already has: Second Chances could "
                     "cancel them all, so the same cards could go round for ever; the round "
                     "ends, and the players still in keep their points.",
                     f"La pioche est vide et {cards_fr} ne contient aucune carte Bonus et "
                     f"seulement {some_fr}, chacune un numéro qu'un joueur encore en jeu a "
                     "déjà : des Secondes Chances pourraient toutes les annuler, et les mêmes "
                     "cartes tourner sans fin ; la manche se termine, et les joueurs encore "
                     "en jeu gardent leurs points.")
    if kind == "new-round":
        _, number, dealer, reshuffled = entry
        if reshuffled:  # the deck ran out at the end of the last round
            return Event("new-round", (dealer,), "flip7.dealer-rotates",
                         f"Round {number}: {names[dealer]} deals, from a new deck.",
                         f"Manche {number} : {names[dealer]} distribue, avec une nouvelle "
                         "pioche.")
        return Event("new-round", (dealer,), "flip7.dealer-rotates",
                     f"Round {number}: {names[dealer]} deals, with the rest of the deck.",
                     f"Manche {number} : {names[dealer]} distribue, avec le reste de la pioche.")
    if kind == "round-over":
        _, number, points, _, busted = entry
        listed_en = ", ".join(f"{names[p]} {q}" + (" (bust)" if busted >> p & 1 else "")
                              for p, q in enumerate(points))
        listed_fr = ", ".join(f"{names[p]} {q}" + (" (a sauté)" if busted >> p & 1 else "")
                              for p, q in enumerate(points))
        return Event("round-over", tuple(range(len(points))), "flip7.scoring",
                     f"Round {number} is over. Points: {listed_en}.",
                     f"La manche {number} est terminée. Points : {listed_fr}.")
    if kind == "game-over":
        _, winner, total = entry
        return Event("game-over", (winner,), "flip7.game-end",
                     f"The game is over: {names[winner]} wins with {total} points.",
                     f"La partie est terminée : {names[winner]} gagne avec {total} points.")
    if kind == "tie":
        _, leaders, total = entry
        return Event("tie", leaders, "flip7.tie",
                     f"{join_names(names, leaders, 'en')} are tied at the top with {total}: everyone "
                     "plays another round.",
                     f"{join_names(names, leaders, 'fr')} sont à égalité en tête avec {total} : tout "
                     "le monde joue une manche de plus.")
    raise AssertionError(f"unknown event {kind!r}")


# ---------------------------------------------------------------- observation


def _observation(s: Flip7State, seat) -> dict:
    if seat is not None:
        check_whole(seat, "seat", 0, len(s.names) - 1)
    lines = []
    for p in range(len(s.names)):
        line = s.line(p)
        lines.append({
            "numbers": [str(c) for c in line.numbers],
            "modifiers": [str(c) for c in line.modifiers],
            "second_chance": line.second_chance,
            "status": line.status,
            "score": s.score_now(p),
        })
    return s.observed(seat, {
        "lines": lines,
        "set_aside": [str(c) for c in s.pending_cards()],
        "discards": {str(c): k for c, k in s.discard_counts().items()},
        "discard_size": sum(s.discards),
        "deck_size": s.deck_size,
        "deck": {str(c): k for c, k in s.deck_counts().items()},  # contents, never the order
    }, s.move_text)
