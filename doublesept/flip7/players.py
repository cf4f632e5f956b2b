"""Computer players for Flip 7, at three levels, that see only their seat's observation.

A computer player is given what its seat sees (``state.observation(seat)``: the cards in
front of every player, the discards, the scores, the counts of the cards left in the deck)
and the legal moves as text; it answers with one of those texts. It never receives the
state, its seed, ``chance()`` or the order of the deck, so it cannot peek at the next card
(``tests/test_flip7_players.py`` proves it). What is legal, what a line scores and the odds
all come from the engine (``parse_move``, the observation's scores, ``odds.exact_odds``).

Levels (``LEVELS``):

- ``easy``: hits or stays at random (one chance in two), and picks targets at random.
- ``medium``: a rule of thumb a careful player uses: stay once the number cards add up to
  ``MEDIUM_STOP`` (20) or more. Freeze the leader (game score plus round score); make the
  player most likely to bust flip three (the highest number sum, without a Second Chance);
  give a spare Second Chance to the weakest other active player.
- ``hard``: hit while the exact expected round score after one more card beats staying
  (``odds.exact_odds``), adjusted for the game score: stay to lock in a win at 200, hit when
  staying is a sure loss. Its action cards go where they cost the biggest threat most,
  from each player's exact odds.

Why 20 for medium: a round number a player adds up at the table, and a good yield: the
exact expected round score of "stop at 20" with number cards and modifiers is 19.74
(``odds.stop_at_value(20)``), within 2% of the best fixed stop (23: 20.13; a published
simulation found 22, about 19.4). Yet in 4-player games to 200 stopping later wins more
often (``benchmarks/flip7_policies.py``: stop-25 and stop-30 beat stop-20), since a player
must finish first among four, not just score well; that gap, and the game score, are what
``hard`` adds.

The same player, seed and observation always give the same choice: the random choices of
``easy`` are drawn from a generator seeded with the player's seed and the observation.

What a player is given is checked before it is read, at every level
(``check_observation``, ``doublesept.core.fields``): an observation that is not a dict,
lacks a field, or holds a value ``state.observation(seat)`` never writes (a seat out of
range, a line without its numbers, a card that is not a Flip 7 card, more copies of a card
than the deck has, fewer than its 94 cards in all: rule flip7.deck, a line's score that is
not what its cards score), legal moves that are not that decision's (a chance step, a
player who is not at the table), an unknown level, or a ``computer_move`` on something that
is not a Flip 7 state: each is a PositionError (OptionError for a level) naming the field.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..core import fields
from ..core.fields import AS_GIVEN, bad_field
from ..core.numbers import as_float, read_whole
from ..core.players import ComputerPlayerBase
from ..errors import NotationError, PositionError, shown
from .rules import (
    COPIES,
    DECK_SIZE,
    FLIP_THREE,
    FREEZE,
    GAME,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES_EN,
    OPTIONS,
    SECOND_CHANCE,
    TARGET,
    card,
    line_score,
)
from .state import (
    HIT,
    OBSERVATION_FIELDS,
    OBSERVATION_LINE_FIELDS,
    STAY,
    Flip7State,
    Give,
    Target,
    parse_move,
)

LEVELS = ("easy", "medium", "hard")
LEVEL_ALIASES: dict = {}  # the shared names are this game's own (Double Seven has aliases)
MEDIUM_STOP = 20  # medium stays once its number cards add up to this (see the docstring)

HIT_OR_STAY = "hit-or-stay"
_PLAYER_PHASES = ("hit-or-stay", "choose-freeze-target", "choose-flip-three-target",
                  "give-second-chance", "give-deferred-card")


class ComputerPlayer(ComputerPlayerBase):
    """A computer player of one level (``"easy"``, ``"medium"`` or ``"hard"``).

    ``seed`` (a whole number from 0 to 2**64 - 1) seeds the easy level's random choices.
    Raises OptionError for an unknown level or a bad seed.

    >>> from doublesept import flip7
    >>> game = flip7.new_game(4, seed=3, dealer=0)
    >>> while game.to_move is flip7.state.CHANCE:
    ...     game = game.play("draw")
    >>> seat = game.to_move
    >>> ComputerPlayer("medium").choose(game.observation(seat), ("hit", "stay"))
    'hit'
    """

    __slots__ = ()
    LEVELS = LEVELS
    LEVEL_ALIASES = LEVEL_ALIASES

    def choose(self, observation: dict, legal: tuple[str, ...]) -> str:
        """One of ``legal`` (move texts, as ``state.move_text`` writes them) for the seat
        that must move, from that seat's ``observation`` only.

        Raises PositionError when the observation is not that of the seat to move, or a
        field is missing or not as ``state.observation(seat)`` writes it
        (``check_observation``; the message names the field), or ``legal`` is empty, not
        text, or not moves of the decision awaited (a chance step, a player who is not at
        the table)."""
        seat = check_observation(observation)
        legal = fields.legal_texts(legal)
        targets = _read_legal(observation, legal)
        if len(legal) == 1:
            return legal[0]
        if self.level == "easy":
            return _generator(self.seed, observation, legal).choice(legal)
        if targets is None:
            if "hit" not in legal or "stay" not in legal:
                raise PositionError(f"legal: a hit-or-stay decision offers hit and stay, not "
                                    f"{shown(legal)}")
            wants = _medium_hit(observation, seat) if self.level == "medium" \
                else _hard_hit(observation, seat)
            return "hit" if wants else "stay"
        if self.level == "medium":
            return _medium_target(observation, seat, targets)
        return _hard_target(observation, seat, targets)


def computer_move(state, level: str, rng_seed: int = 0):
    """The move (an engine move value) a computer player of ``level`` makes for the seat to
    move in ``state``. It builds that seat's observation and the legal move texts, asks
    ``ComputerPlayer(level, rng_seed).choose`` and reads the answer back with
    ``state.parse_move``: the player itself never sees ``state``.

    Raises PositionError when ``state`` is not a Flip 7 state or no player is to move (a
    card to draw, or the game is over), OptionError for an unknown level or seed.

    >>> from doublesept import flip7
    >>> game = flip7.new_game(4, seed=3, dealer=0)
    >>> while game.to_move is flip7.state.CHANCE:
    ...     game = game.play("draw")
    >>> computer_move(game, "hard") is flip7.HIT
    True
    """
    player = ComputerPlayer(level, rng_seed)
    fields.check_state(state, Flip7State, "Flip 7", "flip7.new_game or flip7.position")
    seat = state.to_move
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise PositionError("no player is to move: a card is to be drawn, or the game is over")
    legal = tuple(state.move_text(move) for move in state.legal_moves())
    return state.parse_move(player.choose(state.observation(seat), legal))


# ---------------------------------------------------------------- reading the observation


_KIND_OF = {name: kind for kind, name in enumerate(NAMES_EN)}  # as observation writes
_NUMBERS = 13  # kinds 0-12 are the number cards
_X2, _LAST_MODIFIER = 13, 18  # kinds 13-18: ×2, then +2 … +10 (a line's bits 0-5)
_LINE_KEYS = OBSERVATION_LINE_FIELDS
_STATUSES = ("active", "stayed", "frozen", "busted")
_LINE_WORDS = f"a dict with the keys {', '.join(_LINE_KEYS)} {AS_GIVEN}"


def check_observation(observation) -> int:
    """The seat to move, once every field a player (or the odds it asks) reads of
    ``observation`` is checked as ``state.observation(seat)`` writes it: ``players`` (2 to
    18 names), ``seat`` and ``to_move`` (the same seat), ``phase`` (a player's decision),
    ``rules`` (Flip 7's options), ``scores`` (a whole number from 0 per player), ``turn``
    (None or a seat, when given), ``lines`` (per player a dict: ``numbers`` distinct number
    cards, a duplicate only on a busted line; ``modifiers`` distinct modifiers;
    ``second_chance`` a bool; ``status`` one of active, stayed, frozen, busted; ``score``
    what the line scores, 0 after a bust), ``deck`` and ``discards`` (dicts of card ->
    copies, 0 to the copies the deck has), ``deck_size`` (the cards in ``deck``),
    ``set_aside`` (a list of cards); and no card seen more often than the deck has it, all
    94 somewhere (rule flip7.deck, ruling F1).

    Raises PositionError naming the field (``observation: lines[2]: the field 'numbers' is
    missing``). It runs at every decision, so the values as the observation writes them
    pass with a few class tests, and the words of an error are made only when one is raised.

    >>> from doublesept import flip7
    >>> game = flip7.position("players: Ann, Bob\\nAnn: 12, 11\\nBob: 5 (stayed)\\nturn: Ann")
    >>> check_observation(game.observation(0))
    0
    >>> check_observation({**game.observation(0), "lines": []})
    Traceback (most recent call last):
    ...
    doublesept.errors.PositionError: observation: lines: must be a list with one entry per player (2) as state.observation(seat) gives, not []
    """
    fields.check_fields(observation, GAME, OBSERVATION_FIELDS)
    n = fields.check_players(observation, MIN_PLAYERS, MAX_PLAYERS)
    seat = fields.check_seat_to_move(observation, n)
    fields.check_phase(observation, _PLAYER_PHASES)
    bonus = fields.check_rules(observation, OPTIONS, ("flip7_bonus",))["flip7_bonus"]
    fields.check_wholes(observation, "scores", n)
    if "turn" in observation:
        fields.check_seat_or_none(observation, "turn", n)
    seen = [0] * KINDS  # the copies of each kind of card the observation shows
    in_deck = _pile(observation, "deck", seen)
    _pile(observation, "discards", seen)
    size = fields.check_whole(observation, "deck_size", 0, DECK_SIZE)
    if size != in_deck:
        raise bad_field("deck_size", f"the number of cards in deck ({in_deck})", size)
    aside = observation["set_aside"]
    if aside.__class__ is not list and not isinstance(aside, (list, tuple)):
        raise bad_field("set_aside", f"a list of cards {AS_GIVEN}", aside)
    for text in aside:
        seen[_kind(text, "set_aside")] += 1
    lines = fields.per_seat(observation, "lines", n)
    for p, line in enumerate(lines):
        _check_line(line, p, seen, bonus)
    if observation["rules"].get("freeze_placement") == "in-front":
        # flip7.freeze-placement: each frozen line holds the Freeze that froze it
        seen[FREEZE] += sum(line["status"] == "frozen" for line in lines)
    if seen != _ALL_COPIES:
        for kind in range(KINDS):
            if seen[kind] > COPIES[kind]:
                raise PositionError(
                    f"observation: lines, deck, discards and set_aside show {seen[kind]} × "
                    f"{NAMES_EN[kind]}, more than the {COPIES[kind]} of the deck [flip7.deck]")
        missing = [f"{COPIES[k] - seen[k]} × {NAMES_EN[k]}" for k in range(KINDS)
                   if seen[k] < COPIES[k]]
        raise PositionError(
            f"observation: lines, deck, discards and set_aside show {sum(seen)} cards, but "
            f"all {DECK_SIZE} of the game are always somewhere [flip7.deck]: missing "
            f"{', '.join(missing[:6])}{' …' if len(missing) > 6 else ''}")
    return seat


_ALL_COPIES = list(COPIES)


def _kind(text, field: str) -> int:
    """The kind of the card ``text`` (also in the other words ``card`` reads); else
    PositionError naming ``field``."""
    kind = _KIND_OF.get(text) if text.__class__ is str else None
    if kind is None:
        try:
            kind = card(text).kind
        except NotationError:
            raise bad_field(field, f"a list of Flip 7 cards {AS_GIVEN}; a card such as 7, "
                            f"×2, +4 or Freeze", text) from None
    return kind


def _pile(observation: dict, field: str, seen: list) -> int:
    """The cards of ``field`` (a dict of card -> copies), added to ``seen``; how many."""
    pile = observation[field]
    if pile.__class__ is not dict:
        raise bad_field(field, f"a dict of card -> copies {AS_GIVEN}", pile)
    total = 0
    for text, copies in pile.items():
        kind = _KIND_OF.get(text) if text.__class__ is str else None
        if kind is None:
            kind = _kind(text, f"{field} keys")
        if copies.__class__ is not int or not 0 <= copies <= COPIES[kind]:
            raise bad_field(f"{field}[{shown(text)}]", f"a whole number from 0 to "
                            f"{COPIES[kind]}", copies)
        seen[kind] += copies
        total += copies
    return total


def _check_line(line, p: int, seen: list, bonus: int) -> None:
    """One entry of ``lines`` (see ``check_observation``), its cards added to ``seen``."""
    if line.__class__ is not dict:
        raise bad_field(f"lines[{p}]", _LINE_WORDS, line)
    for key in _LINE_KEYS:
        if key not in line:
            raise PositionError(f"observation: lines[{p}]: the field {key!r} is missing")
    status = line["status"]
    if status.__class__ is not str or status not in _STATUSES:
        raise bad_field(f"lines[{p}]: status", f"one of {', '.join(_STATUSES)}", status)
    nums = dups = 0
    numbers = line["numbers"]
    if numbers.__class__ is not list and not isinstance(numbers, (list, tuple)):
        raise bad_field(f"lines[{p}]: numbers", f"a list of number cards {AS_GIVEN}", numbers)
    for text in numbers:
        kind = _KIND_OF.get(text) if text.__class__ is str else None
        if kind is None:
            kind = _kind(text, f"lines[{p}]: numbers")
        if kind >= _NUMBERS:
            raise bad_field(f"lines[{p}]: numbers", "a list of number cards (0 to 12)", text)
        if nums >> kind & 1:
            dups += 1
        nums |= 1 << kind
        seen[kind] += 1
    if dups > (status == "busted"):
        raise bad_field(f"lines[{p}]: numbers", "different numbers (a busted line shows "
                        "its duplicate, once)", numbers)
    mods = 0
    modifiers = line["modifiers"]
    if modifiers.__class__ is not list and not isinstance(modifiers, (list, tuple)):
        raise bad_field(f"lines[{p}]: modifiers", f"a list of modifiers {AS_GIVEN}", modifiers)
    for text in modifiers:
        kind = _KIND_OF.get(text) if text.__class__ is str else None
        if kind is None:
            kind = _kind(text, f"lines[{p}]: modifiers")
        if not _X2 <= kind <= _LAST_MODIFIER or mods >> (kind - _X2) & 1:
            raise bad_field(f"lines[{p}]: modifiers", "a list of different modifiers (×2, "
                            "+2 … +10)", modifiers)
        mods |= 1 << (kind - _X2)
        seen[kind] += 1
    chance = line["second_chance"]
    if chance.__class__ is not bool:
        raise bad_field(f"lines[{p}]: second_chance", "True or False", chance)
    seen[SECOND_CHANCE] += chance
    score = line["score"]
    worth = 0 if status == "busted" else line_score(nums, mods, nums.bit_count() == 7, bonus)
    if score.__class__ is not int or score != worth:
        raise bad_field(f"lines[{p}]: score", f"what the line's cards score ({worth})", score)


def _read_legal(observation: dict, legal: tuple) -> dict | None:
    """The legal moves read by the engine's own parser: None at a hit-or-stay decision
    (each move is hit or stay), else ``{move text: (action kind, seat)}`` (each a target or
    a card given to a player at the table). PositionError for anything else."""
    names = tuple(observation["players"])
    hitting = observation["phase"] == HIT_OR_STAY
    out = {}
    for text in legal:
        move = _parse(text, names)
        if hitting:
            if move is not HIT and move is not STAY:
                raise PositionError(f"legal: {shown(text)} is not hit or stay, the moves of a "
                                    f"hit-or-stay decision")
            continue
        if move.__class__ is not Target and move.__class__ is not Give:
            raise PositionError(f"legal: {shown(text)} is not a target or a card given")
        if move.seat >= len(names):
            raise PositionError(f"legal: {shown(text)} names a player who is not at the "
                                f"table ({len(names)} players)")
        out[text] = (move.action, move.seat)
    return None if hitting else out


@lru_cache(maxsize=4096)
def _parse(text: str, names: tuple):
    try:
        return parse_move(text, names)
    except NotationError as err:
        raise PositionError(f"legal: {err.reason_en}") from None


def _generator(seed: int, observation: dict, legal: tuple) -> random.Random:
    """A generator seeded with the player's seed and what it sees, less the words of the
    events (``observation_text``: a text seed is hashed with SHA-512 by ``random``, so the
    same everywhere, unlike ``hash``; rewording a message changes no seeded game). An
    option added later (``_LATER_OPTIONS``) is left out of the seed while at its default,
    so a game seeded before it plays the same."""
    return random.Random(f"{seed}|{fields.seed_text(observation, _LATER_OPTIONS)}|"
                         f"{'|'.join(legal)}")


# the options added after the easy level's seeds were first recorded, at their default
_LATER_OPTIONS = {"freeze_placement": "discards", "set_aside_targets": "one-at-a-time",
                  "deal_card_when_holding": "dealt"}


def _number_sum(observation: dict, seat: int) -> int:
    return sum(read_whole(number, "observation: a number card", 0, 12)
               for number in observation["lines"][seat]["numbers"])


def _standing(observation: dict, seat: int) -> int:
    """The game score plus what the round's line scores now (0 after a bust)."""
    return observation["scores"][seat] + observation["lines"][seat]["score"]


# ---------------------------------------------------------------- medium


def _medium_hit(observation: dict, seat: int) -> bool:
    return _number_sum(observation, seat) < MEDIUM_STOP


def _medium_target(observation: dict, seat: int, targets: dict) -> str:
    lines = observation["lines"]

    def key(text):
        action, target = targets[text]
        own = target == seat  # only when nothing else is legal, or for a Second Chance never
        if action == FREEZE:
            return (not own, _standing(observation, target), -target)
        if action == FLIP_THREE:
            line = lines[target]
            return (not own, not line["second_chance"], _number_sum(observation, target),
                    len(line["numbers"]), _standing(observation, target), -target)
        return (not own, -_standing(observation, target), -target)  # a Second Chance given

    return max(targets, key=key)


# ---------------------------------------------------------------- hard


def _odds(observation: dict, seat: int):
    from .odds import exact_odds  # imported here: odds is the heavier module

    return exact_odds(observation, seat)  # the bonus: the observation's flip7_bonus rule


def _banked(observation: dict, seat: int) -> int | None:
    """A player's total for the round when it can no longer change (stayed, frozen or
    busted), else None."""
    line = observation["lines"][seat]
    if line["status"] == "active":
        return None
    return observation["scores"][seat] + line["score"]


def _hard_hit(observation: dict, seat: int) -> bool:
    odds = _odds(observation, seat)
    mine = observation["scores"][seat] + odds.stay
    rivals = [p for p in range(len(observation["players"])) if p != seat]
    sure = [_banked(observation, p) for p in rivals]
    best_sure = max((total for total in sure if total is not None), default=0)
    if best_sure >= TARGET and best_sure > mine:
        return True  # staying loses the game for sure: only more cards can win it
    if mine >= TARGET and all(_standing(observation, p) < mine for p in rivals):
        return False  # staying now wins unless an active rival passes us: no risk taken
    return odds.hit > odds.stay


def _threat(observation: dict, seat: int, rival: int) -> float:
    """How much a rival's points matter to ``seat``: 1 for an equal, more for a leader
    (from 0.25 to 3), three times more when the rival stands at 200 or over."""
    gap = _standing(observation, rival) - _standing(observation, seat)
    weight = min(3.0, max(0.25, 1 + gap / 100))
    return weight * 3 if _standing(observation, rival) >= TARGET else weight


def _three_cards(odds) -> float:
    """About how a Flip Three changes a line's round score: three cards, each busting with
    the chance of the next one, each adding on average what one card adds when it does not
    bust (from the exact one-card odds)."""
    keep = 1 - as_float(odds.bust)
    if keep <= 0:
        return -as_float(odds.stay)
    gain = as_float(odds.hit) / keep - odds.stay
    return keep**3 * (odds.stay + 3 * gain) - odds.stay


def _hard_target(observation: dict, seat: int, targets: dict) -> str:
    odds = {}

    def odds_of(p):
        if p not in odds:
            odds[p] = _odds(observation, p)
        return odds[p]

    def value(text):  # what the move is worth to ``seat``, in round points
        action, target = targets[text]
        own = target == seat
        if action == SECOND_CHANCE:  # what it protects on the next card, for the receiver
            protects = as_float(odds_of(target).bust) * odds_of(target).stay
            return -_threat(observation, seat, target) * protects
        target_odds = odds_of(target)
        if action == FREEZE:
            lost = max(0.0, as_float(target_odds.hit - target_odds.stay))
            total = observation["scores"][target] + target_odds.stay
            if own:
                lead = all(_standing(observation, p) < total
                           for p in range(len(observation["players"])) if p != seat)
                return 100.0 if total >= TARGET and lead else -lost
            if total >= TARGET and total > _standing(observation, seat):
                return -100.0 * _threat(observation, seat, target)  # it would hand them 200
            return _threat(observation, seat, target) * lost
        change = _three_cards(target_odds)  # a Flip Three
        return change if own else -_threat(observation, seat, target) * change

    return max(sorted(targets, key=lambda text: targets[text][1]), key=value)
