"""Double Seven's transitions, played and replayed for their log, and the memos of the
legal moves.

``play`` decides a move with ``_verdict`` and applies it with its class's one transition
(``_PLAY``) without a log; the log is worked out when asked, by the same transition run
again from the parent (``_apply``). The act phase's legal moves come from memos (what a rack
allows, a family's expansions, each row of sizes by size), and an exchange carries them
over. Over seeded random games of 2 to 4 players under random options, at every step:
``play`` gives the same state, log, events, player to move and derived fields as
``_apply`` (the exchange's carried memo aside); the derived fields kept up to date by the
transitions are those of the families; every legal move passes ``check``, and every legal
exchange, retrieval and one-tile expansion is listed.
"""

from __future__ import annotations

import random

import pytest

from doublesept import double_seven
from doublesept.double_seven import Exchange, Expand, Retrieve, record, transitions
from doublesept.double_seven import legal as legal_module

OPTION_VALUES = {name: option.values for name, option in double_seven.OPTIONS.options.items()}
NO_ONE = -1


def fresh_exchanges(seat, sizes) -> tuple:
    """The Exchange moves of ``seat``, from the sizes alone (no memo)."""
    return tuple(Exchange(i, p, j)
                 for i, size in enumerate(sizes[seat], 1)
                 for p, row in enumerate(sizes) if p != seat
                 for j, other in enumerate(row, 1) if other == size)


def check_act_moves(state) -> None:
    legal = state.legal_moves()
    assert len(set(legal)) == len(legal)
    for move in legal:
        assert state.check(move).legal, (state.to_text(), move)
    seat = state.turn
    listed = set(legal)
    families = state.families
    for p, fams in enumerate(families):
        for j, (animal, _, clovers) in enumerate(fams, 1):
            if p != seat:
                for i in range(1, len(families[seat]) + 1):
                    move = Exchange(i, p, j)
                    assert (move in listed) == state.check(move).legal, (state.to_text(), move)
            if clovers and state.racks[seat][animal]:
                assert Retrieve(NO_ONE if p == seat else p, j, animal) in listed
    for i, (animal, _, _) in enumerate(families[seat], 1):
        for kind in (animal, double_seven.CLOVER):
            if state.racks[seat][kind]:
                assert Expand(i, (kind,)) in listed


def check_step(state, move) -> object:
    after = state.play(move)
    plain = transitions._apply(state, state.parse_move(move))
    assert after.key() == plain.key(), (state.to_text(), move)
    assert after.log == plain.log and after.last_move == plain.last_move
    assert after.events == plain.events  # a direct transition's log is worked out when asked
    # to_move is a field each transition sets: CHANCE, the seat, or None once over
    assert after.to_move is plain.to_move or after.to_move == plain.to_move
    assert after.to_move == record._to_move(after.phase, after.turn)
    assert after.parent is state
    sizes, clovered = record._derive(after.families)
    assert after.sizes == sizes == plain.sizes and after.clovered == clovered == plain.clovered
    if after.phase == "act":
        seat = after.turn
        legal = after.legal_moves()  # after an exchange: derived from the moves before it
        assert legal == legal_module._act_parts(after)[legal_module.P_LEGAL], (state.to_text(), move)
        listed = [m for m in legal if isinstance(m, Exchange)]
        assert tuple(listed) == fresh_exchanges(seat, after.sizes), after.to_text()
    return after


@pytest.mark.parametrize("game", range(6))
def test_play_and_its_replayed_log_agree(game):
    rng = random.Random(6000 + game)
    options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
    state = double_seven.new_game(2 + game % 3, seed=rng.randrange(2**32), **options)
    steps = 0
    while state.to_move is not None and steps < 3000:
        if state.phase == "act":
            check_act_moves(state)
        moves = state.legal_moves()
        state = check_step(state, moves[rng.randrange(len(moves))])
        steps += 1
    assert state.to_move is None, "a game ends within 3000 steps here"
    assert state.tile_count() == 91


def test_a_replaced_state_works_out_its_legal_moves_afresh():
    """The last act state asked keeps its legal moves (a one-entry memo, and an exchange
    from it derives the next ones); a copy changed by ``_replace`` (as the random-game
    harness resamples hidden tiles) has its derived fields and legal moves worked out
    again, not taken from the state it was copied from."""
    rng = random.Random(6100)
    state = double_seven.new_game(3, seed=6100)
    checked = 0
    while state.to_move is not None and checked < 40:
        moves = state.legal_moves()
        if state.phase == "act":
            exchanges = [m for m in moves if isinstance(m, Exchange)]
            if exchanges:
                after = state.play(exchanges[0])
                families = list(after.families)
                families[after.turn] = families[after.turn][:-1]  # drop the last family
                twin = after._replace(families=tuple(families))
                assert (twin.sizes, twin.clovered) == record._derive(twin.families)
                assert twin.legal_moves() == legal_module._act_parts(twin)[legal_module.P_LEGAL]
                assert after.legal_moves() == legal_module._act_parts(after)[legal_module.P_LEGAL]
                checked += 1
        state = state.play(moves[rng.randrange(len(moves))])
    assert checked > 5


def test_the_instruction_count_plays_the_benchmark_games_with_the_public_api():
    """benchmarks/instructions.py's game loop runs (valgrind is not needed to check it), and
    it refuses a run of no games or a checkout without the engine."""
    import importlib.util
    import subprocess
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "instructions.py"
    spec = importlib.util.spec_from_file_location("instructions_benchmark", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    ends = {"doubleseven": "state.is_over and state.tile_count() == 91",
            "sevens": "state.is_round_over and state.rules.deck == 'standard'",
            "fan-tan": "state.is_round_over and state.rules.passing == 'fan-tan'",
            "flip7": "state.is_over and max(state.scores) >= 200"}
    assert set(ends) == set(script.GAMES)
    for game, end in ends.items():
        program = script.program(game, 1) + f"assert {end}\n"
        subprocess.run([sys.executable, "-c", program], check=True, timeout=60)
    for argv in (["--games", "0"], ["--root", str(path.parent)], ["--game", "chess"]):
        with pytest.raises(SystemExit) as refused:
            script.main(argv)
        assert refused.value.code == 2


def test_the_memory_benchmark_runs_and_the_memos_stay_bounded():
    """benchmarks/memory.py plays its games and prints its two lines; no memo of the
    engine holds more than ``_MEMO_SIZE`` entries (issue 22: memory stops growing)."""
    import subprocess
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "memory.py"
    run = subprocess.run([sys.executable, str(path), "--games", "3"], capture_output=True,
                         text=True, check=True, timeout=120)
    assert "double_seven.peak_memory:" in run.stdout and "_RACKS" in run.stdout
    for name in ("_RACKS", "_EXPANDS", "_DRAWS", "_BY_SIZE", "_STARTS_OF"):
        assert len(getattr(legal_module, name)) <= legal_module._MEMO_SIZE == 4096
