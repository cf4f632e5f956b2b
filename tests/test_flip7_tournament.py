"""Flip 7 policies compared over seeded games (doublesept.flip7.tournament): a fair seeded
schedule, results that add up and replay, and intervals from SciPy."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from scipy.stats import binomtest

from doublesept.errors import OptionError
from doublesept.flip7.players import ComputerPlayer
from doublesept.flip7.tournament import (
    DEFAULT_POLICIES,
    ExactOdds,
    GameResult,
    Seating,
    StopAt,
    compare,
    play_game,
    policy,
    schedule,
    standings,
)


def test_policy_names():
    assert policy("stop-25").stop == 25
    assert isinstance(policy("exact-odds"), ExactOdds)
    assert isinstance(policy("medium"), ComputerPlayer)
    assert isinstance(policy("stop-1"), StopAt)
    for bad in ("stop-0", "stop-201", "stop-", "stop-x", "stop--5", "stop-١٢", "best", None, 20,
                "stop-" + "9" * 5000):
        with pytest.raises(OptionError, match="policy|stop-N"):
            policy(bad)


def test_the_schedule_is_fair_and_seeded():
    games = schedule(DEFAULT_POLICIES, players=4, repeats=2, seed=9)
    assert len(games) == 2 * 70 * 4  # C(8, 4) line-ups, four rotations each
    assert games == schedule(DEFAULT_POLICIES, players=4, repeats=2, seed=9)
    assert games != schedule(DEFAULT_POLICIES, players=4, repeats=2, seed=10)
    seats = Counter((name, seat) for game in games for seat, name in enumerate(game.seats))
    assert set(seats.values()) == {2 * 35}  # every policy in every seat as often
    for first, second in combinations(DEFAULT_POLICIES, 2):  # every pair meets as often
        assert sum(first in g.seats and second in g.seats for g in games) == 2 * 15 * 4
    by_seed = Counter(game.seed for game in games)
    assert set(by_seed.values()) == {4}  # the rotations of a line-up share its seed
    assert all(len(set(game.seats)) == 4 for game in games)


def test_two_policies_at_four_seats_alternate():
    games = schedule(("hard", "easy"), players=4, repeats=3, seed=1)
    assert [game.seats for game in games[:2]] == [("hard", "easy", "hard", "easy"),
                                                 ("easy", "hard", "easy", "hard")]
    assert len(games) == 6 and len({game.seed for game in games}) == 3


def test_bad_schedules_are_refused():
    with pytest.raises(OptionError, match="policy"):
        schedule(("stop-20", "nobody"))
    with pytest.raises(OptionError, match="each named once"):
        schedule(("stop-20", "stop-20"))
    with pytest.raises(OptionError, match="players"):
        schedule(("stop-20", "hard"), players=19)
    with pytest.raises(OptionError, match="repeats"):
        schedule(("stop-20", "hard"), repeats=0)
    with pytest.raises(OptionError, match="seats"):
        play_game(Seating(("hard",), 1))


def test_a_game_is_played_to_200_and_replays():
    result = play_game(Seating(("stop-25", "hard", "easy", "medium"), 12345))
    assert result == play_game(Seating(("stop-25", "hard", "easy", "medium"), 12345))
    top = max(result.scores)
    assert top >= 200 and result.scores[result.winner] == top
    assert list(result.scores).count(top) == 1
    assert result.rounds >= 2  # no policy reaches 200 in one round
    assert result.winning_policy == result.seats[result.winner]


def test_compare_adds_up_and_is_deterministic():
    calls = []
    policies = ("stop-15", "stop-30", "easy", "medium")
    first = compare(policies, players=3, repeats=1, seed=4,
                    progress=lambda done, total: calls.append((done, total)))
    assert len(first.games) == 4 * 3  # C(4, 3) line-ups, three rotations
    assert calls == [(done, 12) for done in range(1, 13)]
    assert sum(s.wins for s in first.standings) == len(first.games)
    assert {s.policy for s in first.standings} == set(policies)
    for s in first.standings:
        assert s.games == sum(s.policy in game.seats for game in first.games) == 9
        assert s.wins == sum(game.winning_policy == s.policy for game in first.games)
    rates = [s.win_rate for s in first.standings]
    assert rates == sorted(rates, reverse=True)
    assert first.mean_rounds == sum(g.rounds for g in first.games) / len(first.games)
    assert compare(policies, players=3, repeats=1, seed=4) == first
    assert compare(policies, players=3, repeats=1, seed=5).games != first.games
    for game in first.games[:3]:  # each result is what replaying its seating gives
        assert play_game(Seating(game.seats, game.seed)) == game


def test_hard_beats_easy_and_exact_odds_beats_stop_15():
    versus = compare(("hard", "easy"), repeats=2, seed=7)
    assert len(versus.games) == 4
    assert versus.standing("hard").wins >= 3
    odds = compare(("exact-odds", "stop-15"), repeats=2, seed=7)
    assert odds.standing("exact-odds").wins >= 3


def test_standings_and_intervals():
    fake = [GameResult(("a", "b"), seed, 0 if seed < 7 else 1, 5 + seed % 2, (210, 100))
            for seed in range(10)]
    comparison = standings(fake)
    a, b = comparison.standings
    assert (a.policy, a.games, a.wins, b.wins) == ("a", 10, 7, 3)
    assert a.rounds_won == pytest.approx((5 + 6 + 5 + 6 + 5 + 6 + 5) / 7)
    low, high = a.interval()
    expected = binomtest(7, 10).proportion_ci(method="wilson")
    assert (low, high) == pytest.approx((expected.low, expected.high))
    assert low < 0.7 < high
    assert a.interval(0.99)[0] < low
    text = comparison.table_text()
    assert "95% interval" in text and "70.0%" in text and "10 games of 2 players" in text
    assert comparison.standing("b") is b
    with pytest.raises(OptionError, match="did not play"):
        comparison.standing("c")
    with pytest.raises(OptionError, match="no game"):
        standings([])
