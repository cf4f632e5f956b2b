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
"""

from __future__ import annotations

import random

from ..core.events import observation_text
from ..core.numbers import as_float, check_whole, read_whole
from ..errors import OptionError, PositionError, shown
from .rules import FLIP_THREE, FREEZE, SECOND_CHANCE, TARGET
from .state import parse_move

LEVELS = ("easy", "medium", "hard")
MEDIUM_STOP = 20  # medium stays once its number cards add up to this (see the docstring)
MAX_SEED = 2**64 - 1

HIT_OR_STAY = "hit-or-stay"
_PLAYER_PHASES = ("hit-or-stay", "choose-freeze-target", "choose-flip-three-target",
                  "give-second-chance", "give-deferred-card")


class ComputerPlayer:
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

    __slots__ = ("level", "seed")

    def __init__(self, level: str, seed: int = 0):
        if not isinstance(level, str) or level not in LEVELS:
            raise OptionError(f"level: must be one of {', '.join(LEVELS)}, not {shown(level)}")
        self.level = level
        self.seed = check_whole(seed, "seed", 0, MAX_SEED, OptionError)

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r}, seed={self.seed})"

    def choose(self, observation: dict, legal: tuple[str, ...]) -> str:
        """One of ``legal`` (move texts, as ``state.move_text`` writes them) for the seat
        that must move, from that seat's ``observation`` only.

        Raises PositionError when the observation is not that of the seat to move, or
        ``legal`` is empty or not text."""
        seat = _seat_to_move(observation)
        legal = _legal_texts(legal)
        if len(legal) == 1:
            return legal[0]
        if self.level == "easy":
            return _generator(self.seed, observation, legal).choice(legal)
        if observation["phase"] == HIT_OR_STAY:
            if "hit" not in legal or "stay" not in legal:
                raise PositionError(f"legal: a hit-or-stay decision offers hit and stay, not "
                                    f"{shown(legal)}")
            wants = _medium_hit(observation, seat) if self.level == "medium" \
                else _hard_hit(observation, seat)
            return "hit" if wants else "stay"
        targets = _targets(observation, legal)
        if self.level == "medium":
            return _medium_target(observation, seat, targets)
        return _hard_target(observation, seat, targets)


def computer_move(state, level: str, rng_seed: int = 0):
    """The move (an engine move value) a computer player of ``level`` makes for the seat to
    move in ``state``. It builds that seat's observation and the legal move texts, asks
    ``ComputerPlayer(level, rng_seed).choose`` and reads the answer back with
    ``state.parse_move``: the player itself never sees ``state``.

    Raises PositionError when no player is to move (a card to draw, or the game is over),
    OptionError for an unknown level.

    >>> from doublesept import flip7
    >>> game = flip7.new_game(4, seed=3, dealer=0)
    >>> while game.to_move is flip7.state.CHANCE:
    ...     game = game.play("draw")
    >>> computer_move(game, "hard") is flip7.HIT
    True
    """
    player = ComputerPlayer(level, rng_seed)
    seat = state.to_move
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise PositionError("no player is to move: a card is to be drawn, or the game is over")
    legal = tuple(state.move_text(move) for move in state.legal_moves())
    return state.parse_move(player.choose(state.observation(seat), legal))


# ---------------------------------------------------------------- reading the observation


def _seat_to_move(observation) -> int:
    if not isinstance(observation, dict):
        raise PositionError(f"observation: must be a dict from state.observation(seat), not "
                            f"{shown(observation)}")
    for field in ("seat", "to_move", "phase", "players", "scores", "lines", "rules"):
        if field not in observation:
            raise PositionError(f"observation: the field {field!r} is missing")
    seat = observation["seat"]
    if seat is None or seat != observation["to_move"]:
        raise PositionError(f"observation: it must be the view of the seat to move "
                            f"({shown(observation['to_move'])}), not of {shown(seat)}")
    if observation["phase"] not in _PLAYER_PHASES:
        raise PositionError(f"observation: no player decision is awaited (phase "
                            f"{shown(observation['phase'])})")
    return seat


def _legal_texts(legal) -> tuple:
    if isinstance(legal, str) or not isinstance(legal, (tuple, list)) or not legal:
        raise PositionError(f"legal: must be a non-empty tuple of move texts, not {shown(legal)}")
    for text in legal:
        if not isinstance(text, str):
            raise PositionError(f"legal: every move is text, not {shown(text)}")
    return tuple(legal)


def _generator(seed: int, observation: dict, legal: tuple) -> random.Random:
    """A generator seeded with the player's seed and what it sees, less the words of the
    events (``observation_text``: a text seed is hashed with SHA-512 by ``random``, so the
    same everywhere, unlike ``hash``; rewording a message changes no seeded game)."""
    return random.Random(f"{seed}|{observation_text(observation)}|{'|'.join(legal)}")


def _targets(observation: dict, legal: tuple) -> dict:
    """{move text: (action kind, seat)} for the legal moves of a target or gift decision,
    read by the engine's own parser."""
    names = observation["players"]
    out = {}
    for text in legal:
        move = parse_move(text, names)
        action, seat = getattr(move, "action", None), getattr(move, "seat", None)
        if action is None or seat is None:
            raise PositionError(f"legal: {shown(text)} is not a target or a card given")
        out[text] = (action, seat)
    return out


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
