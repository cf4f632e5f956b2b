"""Write the golden playthrough of one seeded 4-player Double Seven game, deal to game over.

    python tests/golden/make_double_seven_golden.py

Every step records who decides (a name, or ``chance``), the decision's phase, the legal
moves (their count when there are more than ``LISTED``), the move played, the tile chance
picked (a deal, a flip or a hidden draw: the teacher's view, so the file also pins the
seeded tiles) and the events it brought about, in English. The file ends with the final
position, the scores and the winners, so a change to a rule, a score or the narration
shows in the diff. Only rerun this when a change is intended, and read the diff.
"""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from doublesept import CHANCE, double_seven
from doublesept.double_seven import (
    PASS,
    RAINBOW,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
)

SETUP = {"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 6}
FILE = HERE / f"double-seven-seed-{SETUP['seed']}.json"
LISTED = 12  # more legal moves than this are written as their count

# How often the chooser picks each kind of action when it is legal: families are built,
# clovers retrieved, and an exchange or a Two for One now and then (uniform play would
# mostly swap families back and forth).
WEIGHTS = {Expand: 8, Start: 8, Retrieve: 3, TwoForOne: 1, Exchange: 1}
PASS_WEIGHT = 2


def choose(state, moves, chooser, exchanged: bool):
    """A move among the legal ``moves``: Rainbow whenever it can be called; in the act
    phase a kind of action by WEIGHTS (at most one exchange a turn), then the move of that
    kind with the most tiles half the time, else any; elsewhere any legal move, preferring
    a face-up tile of an animal the player already holds."""
    if RAINBOW in moves:
        return RAINBOW
    if state.phase == "draw":
        rack = state.racks[state.turn]
        wanted = [m for m in moves if m.__class__ is DrawFaceUp and rack[m.kind]]
        if wanted and chooser.random() < 0.6:
            return chooser.choice(wanted)
        return chooser.choice(moves)
    if state.phase != "act":
        return chooser.choice(moves)
    by_kind = {}
    for move in moves:
        if move.__class__ in WEIGHTS and not (exchanged and move.__class__ is Exchange):
            by_kind.setdefault(move.__class__, []).append(move)
    kinds = sorted(by_kind, key=lambda cls: cls.__name__)
    weights = [WEIGHTS[cls] for cls in kinds]
    if PASS in moves:
        kinds.append(None)
        weights.append(PASS_WEIGHT)
    kind = chooser.choices(kinds, weights)[0]
    if kind is None:
        return PASS
    options = by_kind[kind]
    if kind in (Start, Expand) and chooser.random() < 0.5:
        return max(options, key=lambda m: len(m.kinds))
    return chooser.choice(options)


def playthrough(moves=None) -> dict:
    """Play the seeded game: with ``moves`` given, replay them; else choose at random."""
    state = double_seven.new_game(SETUP["players"], seed=SETUP["seed"])
    start = state.to_text()
    chooser = random.Random(SETUP["seed"])
    steps = []
    exchanged = False
    while not state.is_over:
        who = state.to_move
        legal = state.legal_moves()
        if moves is not None:
            move = state.parse_move(moves[len(steps)])
        else:
            move = choose(state, legal, chooser, exchanged)
        step = {"to_move": "chance" if who is CHANCE else state.names[who],
                "phase": state.decision.phase}
        if len(legal) <= LISTED:
            step["legal"] = [state.move_text(m) for m in legal]
        else:
            step["legal_count"] = len(legal)
        step["move"] = state.move_text(move)
        turn = state.turn
        state = state.play(move)
        exchanged = state.turn == turn and (exchanged or move.__class__ is Exchange)
        if who is CHANCE:
            step["tile"] = state.last_move.text()
        step["events"] = [event.en for event in state.events]
        steps.append(step)
    return {"setup": SETUP, "start": start, "steps": steps, "end": state.to_text(),
            "scores": list(state.scores), "winners": [state.names[p] for p in state.winners]}


def dump(record: dict) -> str:
    """One step per line, so a diff shows the step that changed."""
    lines = ['{', f' "setup": {json.dumps(record["setup"])},',
             f' "start": {json.dumps(record["start"], ensure_ascii=False)},', ' "steps": [']
    lines += [f'  {json.dumps(step, ensure_ascii=False)},' for step in record["steps"]]
    lines[-1] = lines[-1].rstrip(",")
    lines += [' ],', f' "end": {json.dumps(record["end"], ensure_ascii=False)},',
              f' "scores": {json.dumps(record["scores"])},',
              f' "winners": {json.dumps(record["winners"])}', '}']
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    FILE.write_text(dump(playthrough()), "utf-8")
