"""Computer players for Sevens, at three levels, that see only their seat's observation.

A computer player is given what its seat sees (``state.observation(seat)``: its own hand,
the rows on the table, the size of every hand, the scores, the rules), the legal moves as
text, and optionally the round's public history (every card played and every pass since
the deal, as everyone at the table saw them: ``public_history(state)``). It answers with
one of the legal texts. It never receives the state, the seed or another hand
(``tests/test_sevens_players.py`` proves it: two states that differ only in the other
hands give the same choice). What is legal, what fits the table and what a hand scores
all come from the engine (``parse_move``, ``from_parts``, ``legal_moves``, ``play``,
``fitting_cards``, ``round_penalties``).

Levels (``LEVELS``):

- ``easy``: a random legal move.
- ``medium``: the tips of seed 002 ("Conseils et stratégies"), as a score for each card:

  * "Si vous tenez une suite de cartes consécutives d'une couleur (par exemple
    9-10-V-D), libérez la plus basse en premier ; une fois que la rangée atteint votre
    carte la plus basse, vous pouvez vous défausser du reste dans l'ordre." A card whose
    next card along the row is also in the hand comes first: nobody else gains from it,
    and the hand follows on (+3), and each card of one's own it frees counts (+1 each).
  * "Gardez les As et les Rois pour la fin d'une rangée ; vous ne pouvez pas jouer autour
    d'eux, donc les libérer tôt ne fait qu'avantager les autres joueurs." Aces and kings
    are played last (-10).
  * "Les sept sont votre plus grand levier stratégique. Libérer un 7 ouvre toute la
    couleur pour tous les joueurs ; le retenir bloque vos adversaires mais aussi vos
    propres cartes de cette couleur." A 7 is held back while the hand has no other card of
    its suit (-8); with cards of its suit, it frees them like any card.
  * "Suivez quelles cartes ont été jouées sur chaque rangée." The scores are read from
    the rows on the table. Ties go to the card that frees the fewest cards of the others.
  Medium never passes when it may play (the Fan Tan tip on chips is left to hard).
- ``hard``: the same reading of the hand, plus blocking and search:

  * it blocks with 6s and 8s and holds back 7s: a card that frees many cards of the
    others and few of its own is kept (``-0.5`` a card of the others freed);
  * it reads the other players' passes: "Observez les adversaires qui passent à
    répétition ; s'ils sont bloqués sur une couleur particulière, il est sûr de jouer des
    cartes qui étendent cette couleur (ils ne peuvent pas suivre)." From the public
    history, a player who passed held none of the cards that fitted the table then (asked
    of the engine), so they lack them still;
  * near the end of the round (once the hands hold ``SEARCH_CARDS``, 24, cards or
    fewer), it searches by determinization: it deals the cards it cannot see at random
    among the others, with each hand's size and the cards each is known to lack, and
    plays each of its legal moves to the end of the round in every such deal (the same
    deal and the same chances after every move, so the moves are compared fairly). In
    these imagined rounds it plays the blocking score (one move in ``ROLLOUT_NOISE`` at
    random) and the others are modelled as playing at random one move in
    ``OTHERS_RANDOM`` (2), the blocking score otherwise. It keeps the move with the best
    mean of: 1 for going out first, less 1/50 a penalty point of its own
    (``round_penalties``, so every scoring option counts), plus the blocking score
    weighted by ``PRIOR_WEIGHT``. Earlier in the round, the blocking score alone decides:
    over seeded series the search earned no measurable gain there, and it costs time.

  The search plays ``HARD_ROLLOUTS`` rounds a decision (split between the moves; at least
  ``MIN_DEALS`` deals each), and stops early when the next deal would overrun
  ``budget_ms`` (default 35 ms, counted from the start of the decision), so a hard move
  stays under 50 ms; with ``budget_ms=None`` it is fully deterministic.
  When the engine cannot build a position from the observation (a variant it does not
  read back), hard plays the blocking score without the search. A pass is read as "had
  nothing that fitted" only under the must-play rule: with a voluntary or a free pass
  (Fan Tan, Shichi Narabe), passes are not read.

The same player, seed, observation and history always give the same choice (within the
budget): the random choices are drawn from a generator seeded with the player's seed and
what it sees (the hard level: with the public history), less the words of the events
(``core.events.observation_text``), so rewording a message changes no seeded game.
``computer_move`` gives only the hard level the public history, the one level that reads it.

What a player is given is checked before it is read, at every level (``_View.read``,
``doublesept.core.fields``): an observation that is not a dict, lacks a field, or holds a
value ``state.observation(seat)`` never writes (a seat out of range, a hand that is not a
list of different cards or not as long as its size, a card both in the hand and on the
table, a row that is not two cards of its suit on the table, an unknown rule option),
legal moves that are not the seat's (a chance step, a card it does not hold), a malformed
history, an unknown level or bound, or a ``computer_move`` or ``public_history`` on
something that is not a Sevens state: each is a PositionError (OptionError for a level or
a bound) naming the field.
"""

from __future__ import annotations

import json
import random
import time

from ..cards import DECK, FULL_MASK, card, mask_of, parse_card
from ..core import fields
from ..core.fields import AS_GIVEN, bad_field
from ..core.numbers import check_whole
from ..core.players import ComputerPlayerBase
from ..core.state import CHANCE
from ..errors import DoubleseptError, NotationError, OptionError, PositionError, shown
from .notation import MAX_SCORE, from_parts
from .rules import GAME, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .state import OBSERVATION_FIELDS, PASS, Card, Run, SevensState, move_text, parse_move

LEVELS = ("easy", "medium", "hard")
LEVEL_ALIASES: dict = {}  # the shared names are this game's own (Double Seven has aliases)
HARD_ROLLOUTS = 96  # rounds played to the end for one hard decision
MIN_DEALS = 8  # deals sampled for each legal move, at least
HARD_BUDGET_MS = 35.0  # a hard decision stops sampling before this is spent
ROLLOUT_NOISE = 10  # in a rollout, one move in this many of the seat's own is random
OTHERS_RANDOM = 2  # and one in this many of the others'
SEARCH_CARDS = 24  # the search starts once the hands hold this many cards or fewer
PRIOR_WEIGHT = 0.1  # how much the blocking score counts beside the rollouts' mean
PENALTY_WEIGHT = 1 / 50  # a penalty point against going out (1)

# rule options whose effect on a pass the hard level knows: a pass means "nothing fitted"
_KNOWN_OPTIONS = ("rounds", "opening", "scoring", "seven_penalty")
_DEFAULTS = OPTIONS.defaults()

# per suit and rank: the cards of the suit below and above that rank
_SUIT = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_BELOW = tuple(tuple(sum(card(x, s).bit for x in range(1, r)) for r in range(14))
               for s in range(4))
_ABOVE = tuple(tuple(sum(card(x, s).bit for x in range(r + 1, 14)) if r else 0
                     for r in range(14)) for s in range(4))
_NEXT_DOWN = tuple(c.bit >> 1 if c.rank > 1 else 0 for c in DECK)  # the card one rank lower
_NEXT_UP = tuple(c.bit << 1 if c.rank < 13 else 0 for c in DECK)  # one rank higher


class ComputerPlayer(ComputerPlayerBase):
    """A computer player of one level (``"easy"``, ``"medium"`` or ``"hard"``).

    ``seed`` (a whole number from 0 to 2**64 - 1) seeds its random choices.
    ``rollouts`` and ``budget_ms`` bound the hard level's search (see the module).
    Raises OptionError for an unknown level, a bad seed or bad bounds.

    >>> from doublesept import sevens
    >>> game = sevens.new_game(4, seed=1)
    >>> ComputerPlayer("medium").choose(game.observation(game.turn), ("7♦",))
    '7♦'
    """

    __slots__ = ("budget_ms", "rollouts")
    LEVELS = LEVELS
    LEVEL_ALIASES = LEVEL_ALIASES

    def __init__(self, level: str, seed: int = 0, *, rollouts: int = HARD_ROLLOUTS,
                 budget_ms: float | None = HARD_BUDGET_MS):
        super().__init__(level, seed)
        self.rollouts = check_whole(rollouts, "rollouts", 1, 10**6, OptionError)
        if budget_ms is not None and (isinstance(budget_ms, bool)
                                      or not isinstance(budget_ms, (int, float))
                                      or not budget_ms > 0):
            raise OptionError(f"budget_ms: a number of milliseconds above 0, or None; "
                              f"not {shown(budget_ms)}")
        self.budget_ms = budget_ms

    def choose(self, observation: dict, legal, history=()) -> str:
        """One of ``legal`` (move texts, as ``move_text`` writes them) for the seat that
        must move, from that seat's ``observation`` and the round's public ``history``
        (pairs ``(seat, move text)``, oldest first, as ``public_history`` gives them; the
        hard level reads the passes in it).

        Raises PositionError when the observation is not that of the seat to move, or a
        field is missing or not as ``state.observation(seat)`` writes it (the message names
        the field), or ``legal`` (empty, not text, not moves of the seat: a chance step, a
        card it does not hold) or ``history`` is malformed."""
        view = _View.read(observation)
        legal = fields.legal_texts(legal)
        moves = [_read_move(text, view.hand) for text in legal]
        history = _history(history, len(view.hand_sizes))
        if view.rules.get("faults") == "turn-lost" and len(legal) > 1:
            legal, moves = _without_faults(view, legal, moves)
        if len(legal) == 1:
            return legal[0]
        if self.level == "easy":
            return _generator(self.seed, observation, legal).choice(legal)
        if self.level == "medium":
            return legal[_best(moves, view.hand, view.ends, _medium_score)]
        return legal[self._hard(view, observation, legal, moves, history)]

    # ---- hard

    def _hard(self, view, observation, legal, moves, history) -> int:
        started = time.perf_counter()
        priors = [_hard_score(m, view.hand, view.ends) for m in moves]
        worlds = None
        if sum(view.hand_sizes) <= SEARCH_CARDS:
            worlds = _Worlds.make(view, history)
        if worlds is None:
            return max(range(len(moves)), key=lambda i: (priors[i], -i))
        rng = _generator(self.seed, observation, legal, history)
        deadline = None if self.budget_ms is None else started + self.budget_ms / 1000
        searching = time.perf_counter()
        deals = max(MIN_DEALS, self.rollouts // len(moves))
        totals = [0.0] * len(moves)
        played = 0
        for _ in range(deals):
            world = worlds.sample(rng)
            if world is None:
                break
            noise = rng.getrandbits(64)  # the same chances after every move: fairer to compare
            for i, move in enumerate(moves):
                totals[i] += _rollout(world.play(move.engine), view.seat, random.Random(noise))
            played += 1
            if deadline is not None:  # stop when the next deal would overrun the budget
                now = time.perf_counter()
                if now + (now - searching) / played > deadline:
                    break
        if not played:
            return max(range(len(moves)), key=lambda i: (priors[i], -i))
        return max(range(len(moves)),
                   key=lambda i: (totals[i] / played + PRIOR_WEIGHT * priors[i], -i))


def computer_move(state, level: str, rng_seed: int = 0, **bounds):
    """The move (an engine move value) a computer player of ``level`` makes for the seat to
    move in ``state``. It builds that seat's observation, the legal move texts and the
    round's public history, asks ``ComputerPlayer(level, rng_seed).choose`` and reads the
    answer back with ``parse_move``: the player itself never sees ``state``. A forced move
    (one legal move) is played without asking. ``bounds`` go to ComputerPlayer
    (``rollouts``, ``budget_ms``).

    Raises PositionError when ``state`` is not a Sevens state or no player is to move (a
    deal is due, or the match is over), OptionError for an unknown level, seed or bound.

    >>> from doublesept import sevens
    >>> computer_move(sevens.new_game(4, seed=1), "hard")
    Card('7♦')
    """
    for name in bounds:
        if name not in _BOUNDS:
            raise OptionError(f"{shown(name)}: not a bound of the hard level's search; the "
                              f"bounds are {', '.join(_BOUNDS)}")
    player = ComputerPlayer(level, rng_seed, **bounds)
    _check_state(state)
    seat = state.to_move
    if seat is None or seat is CHANCE:
        raise PositionError("no player is to move: a deal is due, or the match is over")
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    legal = tuple(move_text(m) for m in moves)
    history = public_history(state) if level == "hard" else ()  # only hard reads it
    return parse_move(player.choose(state.observation(seat), legal, history))


def public_history(state) -> tuple:
    """The round's public history: ``(seat, move text)`` for every card played and every
    pass since the round's deal (or since the position was set up), oldest first. Everyone
    at the table sees these; the deal itself (the hands) is left out. Raises PositionError
    when ``state`` is not a Sevens state."""
    _check_state(state)
    moves = []
    while state.parent is not None:
        parent = state.parent
        mover = parent.to_move
        if mover is CHANCE or mover is None:
            break
        moves.append((mover, move_text(state.last_move)))
        state = parent
    moves.reverse()
    return tuple(moves)


# ---------------------------------------------------------------- reading what is seen


class _View:
    """The parts of an observation the players read: seat, hand mask, row ends, table mask,
    hand sizes, rules."""

    __slots__ = ("ends", "hand", "hand_sizes", "names", "observation", "rules", "seat",
                 "table")

    @classmethod
    def read(cls, observation) -> _View:
        """The view of ``observation`` once every field a player reads is checked as
        ``state.observation(seat)`` writes it: ``game``, ``players`` (3 to 8 names),
        ``seat`` and ``to_move`` (the same seat), ``rules`` (Sevens' options),
        ``hand_sizes`` and ``scores`` (whole numbers from 0, one per player), ``dealer``
        (None or a seat), ``round`` (from 1), ``hand`` (different cards, as many as the
        seat's hand size), ``table`` (different cards, none in the hand) and ``rows``
        (per suit None, or its two end cards, of that suit, on the table). PositionError
        naming the field otherwise."""
        fields.check_fields(observation, GAME, OBSERVATION_FIELDS)
        n = fields.check_players(observation, MIN_PLAYERS, MAX_PLAYERS)
        seat = fields.check_seat_to_move(observation, n)
        rules = fields.check_rules(observation, OPTIONS)
        sizes = fields.check_wholes(observation, "hand_sizes", n, len(DECK))
        fields.check_wholes(observation, "scores", n, MAX_SCORE)
        fields.check_seat_or_none(observation, "dealer", n)
        fields.check_whole(observation, "round", 1)
        view = cls()
        view.observation = observation
        view.seat = seat
        view.names = list(observation["players"])
        view.rules = dict(rules)
        view.hand_sizes = list(sizes)
        view.hand = _mask(observation, "hand")
        if view.hand.bit_count() != sizes[seat]:
            raise bad_field("hand", f"as many cards as hand_sizes[{seat}] ({sizes[seat]})",
                            observation["hand"])
        view.table = table = _mask(observation, "table")
        if table & view.hand:
            both = DECK[(table & view.hand).bit_length() - 1]
            raise PositionError(f"observation: table: {both} is both on the table and in the "
                                f"hand")
        rows = observation["rows"]
        if rows.__class__ is not list and not isinstance(rows, (list, tuple)) or len(rows) != 4:
            raise bad_field("rows", f"a list of 4 rows, one per suit {AS_GIVEN}", rows)
        ends = [0] * 8
        for s, row in enumerate(rows):
            if row is None:
                continue
            if row.__class__ is not list and not isinstance(row, (list, tuple)) or \
                    len(row) != 2:
                raise bad_field(f"rows[{s}]", f"None or the row's two end cards {AS_GIVEN}",
                                row)
            for end, text in enumerate(row):
                c = _BY_TEXT.get(text) if text.__class__ is str else None
                if c is None:
                    c = _card(text, f"rows[{s}]")
                if c.suit != s or not c.bit & table:
                    raise bad_field(f"rows[{s}]", f"cards of the row's suit on the table "
                                    f"{AS_GIVEN}", text)
                ends[2 * s + end] = c.rank
        view.ends = tuple(ends)
        return view


_BOUNDS = ("rollouts", "budget_ms")
_CARD_WORDS = "a list of different cards (such as 7♦, 10♠, K♥)"


def _check_state(state) -> None:
    fields.check_state(state, SevensState, "Sevens", "sevens.new_game or sevens.position")


_BY_TEXT = {str(c): c for c in DECK}


def _card(text, field: str) -> Card:
    """The card ``text`` (also in the other words ``parse_card`` reads); else PositionError
    naming ``field``."""
    found = _BY_TEXT.get(text) if text.__class__ is str else None
    if found is not None:
        return found
    try:
        return parse_card(text)
    except NotationError:
        raise bad_field(field, f"{_CARD_WORDS} {AS_GIVEN}", text) from None


_BIT_BY_TEXT = {str(c): c.bit for c in DECK}


def _mask(observation: dict, field: str) -> int:
    """The cards of ``observation[field]`` (a list of different cards) as a mask; else
    PositionError naming the field."""
    texts = observation[field]
    if texts.__class__ is not list and not isinstance(texts, (list, tuple)):
        raise bad_field(field, f"{_CARD_WORDS} {AS_GIVEN}", texts)
    try:
        mask = sum(map(_BIT_BY_TEXT.__getitem__, texts))
        if mask.bit_count() == len(texts):  # each card once: the sum is the union
            return mask
    except (KeyError, TypeError):
        pass
    mask = 0
    for text in texts:
        bit = _card(text, field).bit
        if mask & bit:
            raise bad_field(field, _CARD_WORDS, text)
        mask |= bit
    return mask


def _history(history, players: int) -> tuple:
    if isinstance(history, (str, bytes, dict)) or not hasattr(history, "__iter__"):
        raise PositionError(f"history: a list of (seat, move text) pairs, not {shown(history)}")
    out = []
    for item in history:
        if not isinstance(item, (tuple, list)) or len(item) != 2 \
                or item[0].__class__ is not int or not 0 <= item[0] < players \
                or not isinstance(item[1], str):
            raise PositionError(f"history: each item is a (seat, move text) pair, not "
                                f"{shown(item)}")
        out.append((item[0], item[1]))
    return tuple(out)


def _generator(seed: int, observation: dict, legal: tuple, history: tuple = ()) -> random.Random:
    """A generator seeded with the player's seed and what it sees, less the words of the
    events (``observation_text``: a text seed is hashed with SHA-512 by ``random``, so the
    same everywhere, unlike ``hash``; rewording a message changes no seeded game). The text
    is the one ``json.dumps([observation, history])`` gave before the words were left out,
    so a game whose choices saw no event (every game under the default rules) is unchanged."""
    heard = json.dumps(history, sort_keys=True, ensure_ascii=True)
    seen = f"[{fields.seed_text(observation)}, {heard}]"
    return random.Random(f"{seed}|{seen}|{'|'.join(legal)}")


class _Move:
    """A legal move as the players weigh it: the engine's move, its cards (a pass has
    none) and whether it is a pass."""

    __slots__ = ("cards", "engine", "is_pass")

    def __init__(self, engine, cards):
        self.engine = engine
        self.cards = cards
        self.is_pass = engine is PASS


def _read_move(text: str, hand: int) -> _Move:
    """Read a legal move with the engine's parser; a move of several cards (a variant's
    run) is weighed by its cards. PositionError for text that is no move, a chance step,
    or a card that is not in ``hand`` (a mask)."""
    move = _BY_TEXT.get(text)
    if move is None:
        try:
            move = parse_move(text)
        except NotationError as err:
            raise PositionError(f"legal: {err.reason_en}") from None
    if move.__class__ is Card:
        cards = (move,)
    elif move.__class__ is Run:
        cards = move.cards
    elif move is PASS:
        return _Move(move, ())
    else:
        raise PositionError(f"legal: {shown(text)} is a chance step, not a player's move")
    for c in (cards[0], cards[-1]):
        if not c.bit & hand:
            raise PositionError(f"legal: {shown(text)} plays {c}, which is not in the hand")
    return _Move(move, cards)


# ---------------------------------------------------------------- scores of a card


def _reach(c: Card, ends: tuple) -> tuple:
    """The cards of c's suit that c leads towards (below it when it extends its row down,
    above it when up, both sides for a 7 that starts its row), and the card(s) among them
    that c lets onto the table next."""
    s, r = c.suit, c.rank
    low = ends[2 * s]
    if low == 0:  # a 7 that starts its row
        return _SUIT[s] & ~c.bit, _NEXT_DOWN[c.index] | _NEXT_UP[c.index]
    if r < low:
        return _BELOW[s][r], _NEXT_DOWN[c.index]
    return _ABOVE[s][r], _NEXT_UP[c.index]


def _medium_card(c: Card, hand: int, ends: tuple) -> float:
    beyond, nxt = _reach(c, ends)
    mine = (hand & beyond).bit_count()
    score = mine - 0.01 * (beyond.bit_count() - mine)
    if hand & nxt:
        score += 3  # the low end of a run: release it first
    rank = c.rank
    if rank == 1 or rank == 13:
        score -= 10  # keep the aces and kings for the end
    elif rank == 7 and not mine:
        score -= 8  # hold back a 7 that frees none of one's own cards
    return score


def _hard_card(c: Card, hand: int, ends: tuple) -> float:
    beyond, nxt = _reach(c, ends)
    mine = (hand & beyond).bit_count()
    score = 2 * mine - 0.5 * beyond.bit_count()  # 1.5 a card of one's own, -0.5 of others'
    if hand & nxt:
        score += 3
    return score


def _move_score(move: _Move, hand: int, ends: tuple, card_score) -> float:
    if move.is_pass:
        return -20.0  # a voluntary pass (a Fan Tan variant) only when nothing else is left
    if not move.cards:
        return -1.0
    score = 0.0
    for c in move.cards:
        score += card_score(c, hand, ends)
        hand &= ~c.bit
    return score


def _medium_score(move, hand, ends):
    return _move_score(move, hand, ends, _medium_card)


def _hard_score(move, hand, ends):
    return _move_score(move, hand, ends, _hard_card)


def _best(moves, hand, ends, score) -> int:
    return max(range(len(moves)), key=lambda i: (score(moves[i], hand, ends), -i))


# ---------------------------------------------------------------- the hard level's search


class _Worlds:
    """Deals of the hidden cards consistent with what the seat has seen: each other hand
    has its size, and lacks the cards that fitted when that player passed."""

    __slots__ = ("hidden", "lacks", "me", "own", "parts", "sizes")

    @classmethod
    def make(cls, view: _View, history: tuple) -> _Worlds | None:
        worlds = cls()
        worlds.me = view.seat
        worlds.sizes = view.hand_sizes
        worlds.hidden = FULL_MASK & ~view.hand & ~view.table
        worlds.own = [DECK[i] for i in _bits(view.hand)]
        if sum(n for p, n in enumerate(view.hand_sizes) if p != view.seat) \
                != worlds.hidden.bit_count() or view.hand.bit_count() != view.hand_sizes[view.seat]:
            return None
        rules = {k: v for k, v in view.rules.items()}
        worlds.lacks = _lacks(view, history, rules) if _passes_tell(rules) else [0] * len(
            view.hand_sizes)
        obs = view.observation
        worlds.parts = {"players": view.names, "table": [DECK[i] for i in _bits(view.table)],
                        "turn": view.seat, "dealer": obs.get("dealer"),
                        "round": obs.get("round", 1), "scores": obs.get("scores"),
                        "rules": rules}
        try:  # the engine must read this position back (a variant's may not)
            hands = worlds._deal(random.Random(0), strict=False)
            from_parts(hands=hands, **worlds.parts)
        except (DoubleseptError, TypeError):
            return None
        return worlds

    def sample(self, rng: random.Random):
        for strict in (True, True, True, False):
            hands = self._deal(rng, strict)
            if hands is not None:
                return from_parts(hands=hands, **self.parts)
        return None

    def _deal(self, rng: random.Random, strict: bool):
        """One hand per player (lists of cards): the seat's own, and the hidden cards dealt
        to the others, the most constrained cards first. None if the constraints jam."""
        players = len(self.sizes)
        room = [0 if p == self.me else self.sizes[p] for p in range(players)]
        cards = [DECK[i] for i in _bits(self.hidden)]
        rng.shuffle(cards)
        hands = [[] for _ in range(players)]
        lacks = self.lacks
        if strict and any(lacks):
            free, bound = [], []
            for c in cards:
                allowed = [p for p in range(players) if room[p] and not lacks[p] & c.bit]
                if len(allowed) == players - 1:
                    free.append(c)
                else:
                    bound.append((len(allowed), c, allowed))
            bound.sort(key=lambda item: item[0])
            rand = rng.random
            for _, c, allowed in bound:
                total = sum(room[p] for p in allowed)
                if not total:
                    return None
                pick = rand() * total
                for p in allowed:
                    pick -= room[p]
                    if pick < 0 and room[p]:
                        break
                room[p] -= 1
                hands[p].append(c)
            cards = free
        at = 0
        for p in range(players):
            hands[p].extend(cards[at:at + room[p]])
            at += room[p]
        hands[self.me] = self.own
        return hands



def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _passes_tell(rules: dict) -> bool:
    """Whether a pass says "nothing fitted": true unless an option the players do not know
    (a voluntary pass, free passes) is on."""
    return all(rules.get(k, v) == v for k, v in _DEFAULTS.items() if k not in _KNOWN_OPTIONS) \
        and all(k in _DEFAULTS for k in rules)


_FITS_CACHE: dict = {}


def _fitting(table: int, rules: dict, players: int) -> int:
    """The cards that fit a table (a mask), asked of the engine: a position with that
    table and the other cards dealt round the players, then ``fitting_cards()``."""
    key = (table, tuple(sorted(rules.items())), players)
    found = _FITS_CACHE.get(key)
    if found is not None:
        return found
    rest = [DECK[i] for i in _bits(FULL_MASK & ~table)]
    hands = [rest[p::players] for p in range(players)]
    found = 0
    for turn in range(players):
        try:
            state = from_parts(players=players, hands=hands, table=[DECK[i] for i in _bits(table)],
                               turn=turn, rules=rules)
        except DoubleseptError:
            continue
        found = mask_of(state.fitting_cards())
        break
    if len(_FITS_CACHE) < 50_000:
        _FITS_CACHE[key] = found
    return found


def _lacks(view: _View, history: tuple, rules: dict) -> list:
    """For each player, the cards they are known not to hold: those that fitted the table
    when they passed (seed 002: a player passes only when nothing fits)."""
    players = len(view.hand_sizes)
    lacks = [0] * players
    played = []
    for seat, text in history:
        try:
            move = parse_move(text)
        except DoubleseptError:
            return [0] * players
        played.append((seat, move))
    table = view.table
    for _, move in played:
        if move.__class__ is Card:
            table &= ~move.bit
    for seat, move in played:
        if move is PASS:
            lacks[seat] |= _fitting(table, rules, players)
        elif move.__class__ is Card:
            table |= move.bit
    lacks[view.seat] = 0
    return lacks


def _without_faults(view, legal, moves) -> tuple:
    """``legal`` and ``moves`` without seed 002's faults, which a computer player never
    makes (``faults="turn-lost"``: a card that does not fit, sevens.wrong-card-turn-lost;
    a pass under must-play with a card that fits, sevens.voluntary-pass-turn-lost): they
    only lose a turn. The cards that fit are asked of the engine (``_fitting``)."""
    fits = _fitting(view.table, view.rules, len(view.hand_sizes)) & view.hand
    pass_fault = bool(fits) and view.rules.get("passing", "must-play") == "must-play"
    keep = [i for i, m in enumerate(moves)
            if (m.is_pass and not pass_fault) or (m.cards and m.cards[0].bit & fits)]
    return tuple(legal[i] for i in keep), [moves[i] for i in keep]


def _rollout_moves(state) -> tuple:
    """The legal moves a rollout picks from: those of ``state`` without seed 002's faults
    (see ``_without_faults``)."""
    moves = state.legal_moves()
    if not state.rules.faults_on or len(moves) == 1:
        return moves
    fits = state.hand_masks[state.turn] & state.fit_mask
    if not fits:
        return (PASS,)
    must = state.rules.passing == "must-play"
    return tuple(m for m in moves if (m is PASS and not must)
                 or (m.__class__ is Card and m.bit & fits)
                 or (m.__class__ is Run and m.cards[0].bit & fits))


def _rollout(state, seat: int, rng: random.Random) -> float:
    """Play ``state`` (a sampled deal: the player's own imagination, never the real one) to
    the end of the round: the seat plays the blocking score (one move in ROLLOUT_NOISE at
    random), the others are modelled as playing at random one move in OTHERS_RANDOM,
    the blocking score otherwise. The value for ``seat``: 1 for going out, less
    PENALTY_WEIGHT a penalty point."""
    rand = rng.random
    while not state.is_round_over:
        moves = _rollout_moves(state)
        if len(moves) == 1:
            state = state.play(moves[0])
            continue
        turn = state.turn
        if rand() * (ROLLOUT_NOISE if turn == seat else OTHERS_RANDOM) < 1:
            state = state.play(moves[rng.randrange(len(moves))])
            continue
        hand = state.hand_masks[turn]
        ends = state.row_ends
        best, best_score = moves[0], None
        for m in moves:
            if m.__class__ is not Card:
                continue
            score = _rollout_card(m, hand, ends)
            if best_score is None or score > best_score:
                best, best_score = m, score
        state = state.play(best)
    won = 1.0 if state.round_winner == seat else 0.0
    return won - PENALTY_WEIGHT * state.round_penalties()[seat]


_rollout_card = _hard_card
