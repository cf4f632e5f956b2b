"""Flip 7 policies compared over seeded games to 200: who wins, how often, how fast.

A *policy* is named by text:

- ``stop-N`` (``stop-20``): hit until the number cards add up to N or more, then stay;
- ``exact-odds``: hit while the exact expected round score after one more card beats
  staying (``odds.exact_odds``), whatever the game score;
- ``easy``, ``medium``, ``hard``: the computer players of ``players.py``.

The two stopping rules choose the targets of their action cards at random (as ``easy``
does), so that they differ only in when they stay; ``medium`` and ``hard`` add their own
targeting. Every policy sees only its seat's observation and the legal move texts.

The schedule is seeded and fair: every line-up of ``players`` different policies (or, with
fewer policies than seats, the policies repeated round the table) is played once per seat
rotation (each distinct rotation once), all on the same game seed with seat 0 dealing first, so each policy
sits in each seat and meets the same cards as often as the others. ``repeats`` plays the
whole schedule again on fresh seeds.

Pure Python: ``progress(done, total)`` is called after each game (a progress bar is the
caller's, see ``benchmarks/flip7_policies.py``). Only ``Standing.interval`` uses a library,
SciPy (the ``tutorial`` extra), for the Wilson interval of a win rate (without it, the standard
library's, ``doublesept.stats``).

>>> comparison = compare(("stop-20", "stop-25"), repeats=1, seed=1)
>>> [game.seats for game in comparison.games]
[('stop-20', 'stop-25', 'stop-20', 'stop-25'), ('stop-25', 'stop-20', 'stop-25', 'stop-20')]
>>> sum(standing.wins for standing in comparison.standings) == len(comparison.games)
True
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass
from itertools import combinations
from statistics import fmean

from ..core.fields import legal_texts
from ..core.numbers import as_float, check_whole, read_whole
from ..core.players import MAX_SEED
from ..core.state import CHANCE
from ..errors import DoubleseptError, OptionError, shown
from .players import LEVELS, ComputerPlayer, check_observation
from .rules import MAX_PLAYERS, MIN_PLAYERS, round_step_bound
from .state import DRAW, Flip7Warning, new_game

DEFAULT_POLICIES = ("stop-15", "stop-20", "stop-25", "stop-30", "exact-odds", "easy", "medium",
                    "hard")
MAX_ROUNDS = 500  # a game longer than this is reported as an error: a policy that never stays
_STOP_MAX = 200  # the largest N of stop-N (78 is the largest sum of seven numbers: "always hit")


class StopAt:
    """Hit until the number cards add up to ``stop`` or more, then stay; targets at random."""

    def __init__(self, stop: int, seed: int = 0):
        self.stop = check_whole(stop, "stop-N: N", 1, _STOP_MAX, OptionError)
        self.targets = ComputerPlayer("easy", seed)

    def choose(self, observation: dict, legal: tuple) -> str:
        check_observation(observation)  # PositionError naming a field it could not read
        legal = legal_texts(legal)
        if observation.get("phase") == "hit-or-stay" and "stay" in legal:
            seat = observation["seat"]
            total = sum(read_whole(number, "observation: a number card", 0, 12)
                        for number in observation["lines"][seat]["numbers"])
            return "stay" if total >= self.stop else "hit"
        return self.targets.choose(observation, legal)


class ExactOdds:
    """Hit while the exact expected round score after one more card beats staying
    (``odds.exact_odds``: ``hit > stay``); targets at random."""

    def __init__(self, seed: int = 0):
        self.targets = ComputerPlayer("easy", seed)

    def choose(self, observation: dict, legal: tuple) -> str:
        check_observation(observation)  # PositionError naming a field it could not read
        legal = legal_texts(legal)
        if observation.get("phase") == "hit-or-stay" and "stay" in legal:
            from .odds import exact_odds

            seat = observation["seat"]
            odds = exact_odds(observation, seat)
            return "hit" if odds.hit > odds.stay else "stay"
        return self.targets.choose(observation, legal)


def policy(name: str, seed: int = 0):
    """The player a policy name stands for (an object with ``choose(observation, legal)``).

    >>> policy("stop-25").stop, policy("hard").level
    (25, 'hard')

    Raises OptionError for a name that is not ``stop-N``, ``exact-odds`` or a level."""
    if isinstance(name, str):
        if name in LEVELS:
            return ComputerPlayer(name, seed)
        if name == "exact-odds":
            return ExactOdds(seed)
        if name.startswith("stop-") and name[5:].isascii() and name[5:].isdigit() \
                and len(name) < 12:
            return StopAt(read_whole(name[5:], "stop-N: N"), seed)
    raise OptionError(f"policy: must be stop-N (N from 1 to {_STOP_MAX}), exact-odds, "
                      f"{', '.join(LEVELS)}; not {shown(name)}")


# ---------------------------------------------------------------- one game


@dataclass(frozen=True)
class Seating:
    """One game of the schedule: the policy at each seat (seat 0 deals first) and the seed."""

    seats: tuple
    seed: int


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the policy at each seat, the seed, the winning seat, the number of
    rounds played and the final scores."""

    seats: tuple
    seed: int
    winner: int
    rounds: int
    scores: tuple

    @property
    def winning_policy(self) -> str:
        return self.seats[self.winner]


def play_game(seating: Seating) -> GameResult:
    """Play one game to the end: each seat's policy decides from its observation, every
    card comes from the seed. Raises OptionError for an unknown policy, DoubleseptError
    when no one has won after MAX_ROUNDS rounds, or when a round takes more steps than
    ``rules.round_step_bound`` (flip7.endless-reshuffle makes every round end within it, so that would
    be an engine fault, reported rather than looped on); OptionError too for something that
    is not a Seating of policy names."""
    if not isinstance(seating, Seating) or not isinstance(seating.seats, (tuple, list)):
        raise OptionError(f"seating: must be a Seating(seats, seed) whose seats are a tuple "
                          f"of policy names, not {shown(seating)}")
    seats, seed = tuple(seating.seats), seating.seed
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise OptionError(f"seats: from {MIN_PLAYERS} to {MAX_PLAYERS} policies, not "
                          f"{len(seats)}")
    check_whole(seed, "seed", 0, MAX_SEED, OptionError)
    deciders = [policy(name, (seed + 7919 * seat) % (MAX_SEED + 1))
                for seat, name in enumerate(seats)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Flip7Warning)  # 2 players are allowed (ruling F12)
        state = new_game(len(seats), seed=seed, dealer=0)
    bound = round_step_bound(len(seats))
    steps, played = 0, state.round
    while state.to_move is not None:
        if state.round != played:
            steps, played = 0, state.round
        steps += 1
        if steps > bound:
            raise DoubleseptError(f"[flip7.endless-reshuffle] round {state.round} has taken "
                                  f"more than {bound} steps, the most a round of "
                                  f"{len(seats)} players can take: {seats}, seed {seed}")
        seat = state.to_move
        if seat is CHANCE:
            if state.round > MAX_ROUNDS:
                raise DoubleseptError(f"no winner after {MAX_ROUNDS} rounds: {seats}, seed "
                                      f"{seed}")
            state = state.play(DRAW)
            continue
        legal = tuple(state.move_text(move) for move in state.legal_moves())
        state = state.play(state.parse_move(deciders[seat].choose(state.observation(seat),
                                                                  legal)))
    return GameResult(seats, seed, state.winners[0], state.round, tuple(state.scores))


# ---------------------------------------------------------------- the schedule


def schedule(policies=DEFAULT_POLICIES, *, players: int = 4, repeats: int = 1,
             seed: int = 0) -> tuple:
    """The games to play, as Seatings: for each repeat, every line-up of ``players``
    different policies (all policies repeated round the table when there are no more
    policies than seats), in a seeded random seat order, then each of its rotations on the
    same game seed (each distinct rotation once: two policies at four seats make two).

    Raises OptionError for an unknown policy, a policy named twice, or a count out of range."""
    if not isinstance(policies, (tuple, list)):
        raise OptionError(f"policies: must be a tuple of policy names, not {shown(policies)}")
    policies = tuple(policies)
    for name in policies:
        policy(name)
    if len(set(policies)) != len(policies) or len(policies) < 2:
        raise OptionError(f"policies: at least two, each named once, not {shown(policies)}")
    check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS, OptionError)
    check_whole(repeats, "repeats", 1, 10**6, OptionError)
    check_whole(seed, "seed", 0, MAX_SEED, OptionError)
    if len(policies) <= players:
        lineups = [tuple(policies[i % len(policies)] for i in range(players))]
    else:
        lineups = list(combinations(policies, players))
    rng = random.Random(seed)
    games = []
    for _ in range(repeats):
        for lineup in lineups:
            order = list(lineup)
            if len(policies) > players:
                rng.shuffle(order)
            game_seed = rng.getrandbits(63)
            rotations = dict.fromkeys(tuple(order[turn:] + order[:turn])
                                      for turn in range(players))  # each one once
            games.extend(Seating(seats, game_seed) for seats in rotations)
    return tuple(games)


# ---------------------------------------------------------------- the standings


@dataclass(frozen=True)
class Standing:
    """One policy's record: the games it sat in, the games it won, and the mean number of
    rounds of its games (all of them, and those it won: rounds to reach 200 and win)."""

    policy: str
    games: int
    wins: int
    rounds: float
    rounds_won: float | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The Wilson confidence interval of the win rate (SciPy's ``binomtest``; without
        SciPy, as in the zero-install site, the same interval from ``doublesept.stats``)."""
        try:
            from scipy.stats import binomtest
        except ImportError:
            from ..stats import binomtest

        ci = binomtest(self.wins, self.games).proportion_ci(confidence_level=confidence,
                                                            method="wilson")
        return (as_float(ci.low), as_float(ci.high))


@dataclass(frozen=True)
class Comparison:
    """The games played and each policy's standing, best win rate first."""

    players: int
    games: tuple
    standings: tuple

    @property
    def mean_rounds(self) -> float:
        """The mean number of rounds a game lasted (until someone reached 200 alone)."""
        return fmean(game.rounds for game in self.games)

    def standing(self, name: str) -> Standing:
        for standing in self.standings:
            if standing.policy == name:
                return standing
        raise OptionError(f"policy: {shown(name)} did not play")

    def table_text(self, confidence: float = 0.95) -> str:
        """The standings as a text table, with each win rate's confidence interval."""
        head = (f"{'policy':<11} {'games':>6} {'wins':>6} {'win rate':>9} "
                f"{f'{confidence:.0%} interval':>16} {'rounds':>7} {'rounds won':>10}")
        rows = [head, "-" * len(head)]
        for s in self.standings:
            low, high = s.interval(confidence)
            won = "-" if s.rounds_won is None else f"{s.rounds_won:.1f}"
            rows.append(f"{s.policy:<11} {s.games:>6} {s.wins:>6} {s.win_rate:>9.1%} "
                        f"{f'{low:.1%} - {high:.1%}':>16} {s.rounds:>7.1f} {won:>10}")
        rows.append(f"{len(self.games)} games of {self.players} players to 200; a game lasts "
                    f"{self.mean_rounds:.2f} rounds on average")
        return "\n".join(rows)


def standings(results, players: int | None = None) -> Comparison:
    """Each policy's standing over ``results`` (GameResults, in any order). Raises
    OptionError for anything else, or a result whose winner is not one of its seats."""
    if not isinstance(results, (tuple, list)) or not all(
            isinstance(game, GameResult) and isinstance(game.seats, tuple)
            and isinstance(game.winner, int) and 0 <= game.winner < len(game.seats)
            for game in results):
        raise OptionError(f"results: must be a list of GameResults (play_game), not "
                          f"{shown(results)}")
    results = tuple(sorted(results, key=lambda game: (game.seed, game.seats)))
    if not results:
        raise OptionError("results: no game was played")
    names = sorted({name for game in results for name in game.seats})
    table = []
    for name in names:
        played = [game for game in results if name in game.seats]
        won = [game for game in played if game.winning_policy == name]
        table.append(Standing(name, len(played), len(won), fmean(g.rounds for g in played),
                              fmean(g.rounds for g in won) if won else None))
    table.sort(key=lambda s: (-s.win_rate, s.policy))
    return Comparison(players or len(results[0].seats), results, tuple(table))


def compare(policies=DEFAULT_POLICIES, *, players: int = 4, repeats: int = 1, seed: int = 0,
            progress=None) -> Comparison:
    """Play the whole ``schedule`` one game after another and return the standings.
    ``progress(done, total)`` is called after each game."""
    games = schedule(policies, players=players, repeats=repeats, seed=seed)
    results = []
    for done, seating in enumerate(games, 1):
        results.append(play_game(seating))
        if progress is not None:
            progress(done, len(games))
    return standings(results, players)
