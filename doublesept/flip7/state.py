"""The Flip 7 game state: the record, what it reads, the observation and new games.

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

``Flip7State`` is assembled from its parts, each in its own module, along the rules:
``moves.py`` (the move values and ``parse_move``) ← ``record.py`` (the fields, the task
codes, the card generator and the chance step) ← ``verdicts.py`` (the one decision of
each move kind, and ``check``'s words) ← ``transitions.py`` (``play``, the round's task
stack, the end of a round) ← ``events.py`` (the events table) ← this module: the record
and what it reads (the lines, the scores, whose decision, the decision awaited), the
observation, ``new_game`` and ``build``. Every name other code imports from
``doublesept.flip7.state`` is here.

How long a round lasts. Every round ends: from its deal, or from any position in it, it
takes at most ``rules.round_step_bound(players)`` steps (moves and chance steps; 10,448
for 4 players, 38,098 for 18), drawing at most ``rules.round_draw_bound(players)`` cards.
The reason is the engine choice ``flip7.endless-reshuffle`` (docs/engine-choices.md): where the discards would be
shuffled into a new deck in the middle of a round (``transitions._settle``, the only place;
the fast paths never reshuffle), the round ends instead when they could only go round for
ever (``rules.endless_reshuffle``). So each pass through a reshuffled deck adds a number or
a modifier to a line, or busts a player, and a round has at most ``7 * players + 7`` of
those. A game has no such bound: a round can leave every total under 200, and a tie at
the top plays another round (``tournament.py`` bounds its games by a number of rounds).
"""

from __future__ import annotations

import secrets
import warnings
from typing import NamedTuple

from ..core.chance import WeightedDraw
from ..core.names import player_names
from ..core.numbers import check_whole
from ..core.state import CHANCE, OBSERVED_FIELDS, Decision, GameState, check_lang
from .events import _event
from .moves import DRAW, HIT, STAY, Give, Target, _reads_as_move, parse_move
from .record import (
    _ZERO,
    ACTIVE,
    BUSTED,
    DEALT,
    DEFERRED,
    DRAWN,
    FLIPS,
    FROZEN,
    GIVEN,
    HITS,
    PICK_ORDER,
    R_DRAWS,
    R_LOG,
    R_SEED,
    R_TASKS,
    STAYED,
    T_ADVANCE,
    T_DEAL,
    T_DRAW,
    T_FLIP,
    T_OFFER,
    T_QUEUE,
    T_SC,
    _chance_of,
    _Flip7Record,
    _splitmix,
    _tuple_new,
    _winner,
    draw_index,
)
from .rules import (
    CARDS,
    COPIES,
    DEFAULT_NAMES,
    FREEZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES_EN,
    NAMES_FR,
    NUM_SUM,
    SECOND_CHANCE,
    WARN_UNDER,
    Flip7Rules,
    _key,
    line_score,
)
from .transitions import Flip7Transitions, _settle
from .verdicts import Flip7Verdicts

# what other code imports from here: the moves, the task codes and record indices that
# notation.py and the tests read, the generator, the state and new games
__all__ = [
    "ACTIVE", "BUSTED", "CHANCE", "DEALT", "DEFERRED", "DRAW", "DRAWN", "FIELDS", "FLIPS",
    "FROZEN", "GIVEN", "HIT", "HITS", "MAX_SEED", "OBSERVATION_FIELDS", "OBSERVATION_LINE_FIELDS",
    "OBSERVATION_RULE_FIELDS", "PICK_ORDER", "R_DRAWS", "R_LOG", "R_SEED",
    "STAY", "STAYED", "T_ADVANCE", "T_DEAL", "T_DRAW", "T_FLIP", "T_OFFER", "T_QUEUE", "T_SC",
    "Flip7State", "Flip7Warning", "Give", "Line", "Target", "_splitmix", "_winner", "build",
    "draw_index", "names_of", "new_game", "parse_move",
]

# ---------------------------------------------------------------- the state


class Line(NamedTuple):
    """What lies in front of one player: numbers, modifiers, a Second Chance, a status."""

    numbers: tuple  # Flip7Card, in increasing order (a busted line shows its duplicate twice)
    modifiers: tuple  # Flip7Card
    second_chance: bool
    status: str  # "active", "stayed", "frozen" or "busted"
    freeze: bool = False  # the Freeze that froze it, kept in front (freeze_placement)

    @property
    def cards(self) -> tuple:
        return (*self.numbers, *self.modifiers, *((CARDS[SECOND_CHANCE],)
                                                   if self.second_chance else ()),
                *((CARDS[FREEZE],) if self.freeze else ()))


class Flip7State(Flip7Verdicts, Flip7Transitions, _Flip7Record, GameState):
    """One moment of a game of Flip 7. Immutable: ``play`` returns a new state.

    A readable record (a NamedTuple), built with ``tuple.__new__`` in one place; see
    ``docs/developing.md`` for the contract (turn, to_move, decision, legal_moves, check,
    play, chance, events, observation). Its moves are decided in ``verdicts.py``
    (``Flip7Verdicts``) and played in ``transitions.py`` (``Flip7Transitions``).
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
        return Line(tuple(numbers), modifiers, bool(self.chances >> seat & 1), self.status(seat),
                    self.frozen >> seat & 1 == 1 and self.rules.freeze_placement == "in-front")

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

    def pending_targets(self) -> list:
        """For each card of ``pending_cards()``, in the same order, the seat it is aimed at
        once its player is named and it waits to take effect (set_aside_targets=all-first,
        flip7.set-aside-targets: "play Freeze aside by Ann on Bob"), else None."""
        out = []
        for task in self.tasks:
            code = task[0]
            if code == T_FLIP:
                out += [None] * len(task[3])
            elif code == T_QUEUE:
                out += [e[3] if len(e) == 4 else None for e in task[1]]
            elif code == T_SC:
                out.append(None)
        return out

    def card_count(self) -> int:
        """Every card, wherever it is: always 94 (flip7.deck)."""
        total = self.deck_size + sum(self.discards) + len(self.pending_cards())
        for p in range(len(self.names)):
            total += self.nums[p].bit_count() + (self.dups[p] >= 0) + self.mods[p].bit_count()
        if self.rules.freeze_placement == "in-front":  # flip7.freeze-placement
            total += self.frozen.bit_count()
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
            if tasks[0][0] == T_DEAL:  # flip7.deal-card-optional (Case 18)
                return Decision("hit-or-stay", "flip7.deal-card-optional", self.turn,
                                f"{name} to hit or stay: {name} already has cards, so the "
                                "deal card is optional",
                                f"{name} : encore ou stop ; {name} a déjà des cartes, donc "
                                "la carte de la donne est facultative")
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

    # ---- moves (legal_moves, candidate_moves, check: verdicts.py; play: transitions.py)

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

    # ---- chance, events, observation

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



# ---------------------------------------------------------------- observation

# Every field of Flip7State.observation(seat): the ones every game writes (core), then the
# table's (_observation below), and each line's. The computer players and the odds read these
# (flip7/players.py).
OBSERVATION_FIELDS = OBSERVED_FIELDS + ("lines", "set_aside", "discards", "discard_size",
                                        "deck_size", "deck")
OBSERVATION_LINE_FIELDS = ("numbers", "modifiers", "second_chance", "status", "score")
# The fields a rule adds, and the rule: under set_aside_targets=all-first, for each card of
# "set_aside" (same order), the seat it is aimed at once its player is named, else None.
OBSERVATION_RULE_FIELDS = {"set_aside_targets": "flip7.set-aside-targets"}


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
    table = {
        "lines": lines,
        "set_aside": [str(c) for c in s.pending_cards()],
        "discards": {str(c): k for c, k in s.discard_counts().items()},
        "discard_size": sum(s.discards),
        "deck_size": s.deck_size,
        "deck": {str(c): k for c, k in s.deck_counts().items()},  # contents, never the order
    }
    if s.rules.set_aside_targets == "all-first":  # public, as the pending: line writes it
        table["set_aside_targets"] = s.pending_targets()
    return s.observed(seat, table, s.move_text)
