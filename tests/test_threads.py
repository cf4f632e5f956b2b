"""The same random games in several threads at once answer as they do alone (issue 22).

A state is a value: what it answers (its legal moves, ``check``, ``play``) depends on its
fields only, never on what another state was asked last. Four threads each play games of
every registered game, with uniform random choices seeded by the game's index, while
``sys.setswitchinterval`` makes the interpreter switch threads every few bytecodes; every
step's legal moves and the move chosen must be those of the same game played alone in one
thread, and every listed move must be accepted by ``play`` and ``check``.

Before issue 22, Double Seven kept the last act state asked and its parts at module level
(``_LAST_STATE``, ``_LAST_PARTS``, ``_SIZES_ASKED``) and changed them in place on an
exchange: with four threads, ``legal_moves()`` returned another game's moves and ``play``
refused a move just listed.
"""

from __future__ import annotations

import random
import sys
import threading

import pytest

from doublesept import game_spec, games

THREADS = 4
GAMES_PER_THREAD = 25
STEP_BOUND = 20_000  # far above the longest game here: a bound, not a rule


def trajectory(name: str, index: int) -> list:
    """One random game of ``name`` from a new game seeded ``index``: each step's legal moves
    (as texts) and the move chosen, in order."""
    spec = game_spec(name)
    state = spec.new_game(3, seed=index)
    rng = random.Random(index)
    steps = []
    while state.to_move is not None:
        moves = state.legal_moves()
        move = rng.choice(moves)
        verdict = state.check(move)
        assert verdict.legal, f"{name} game {index}: {move} was listed but refused: {verdict}"
        steps.append((tuple(str(m) for m in moves), str(move)))
        state = state.play(move)
        assert len(steps) < STEP_BOUND, f"{name} game {index} did not end"
    return steps


@pytest.mark.parametrize("name", games())
def test_random_games_in_four_threads_answer_as_they_do_alone(name):
    indexes = range(THREADS * GAMES_PER_THREAD)
    alone = {i: trajectory(name, i) for i in indexes}
    found, failures = {}, []

    def work(first: int) -> None:
        try:
            for i in range(first, len(indexes), THREADS):
                found[i] = trajectory(name, i)
        except Exception as err:  # noqa: BLE001 - reported by the main thread
            failures.append(f"game {i}: {type(err).__name__}: {err}")

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(t,)) for t in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    for i in indexes:
        assert found[i] == alone[i], f"{name} game {i} differs when played beside others"
