"""Write the golden playthrough of one seeded Sevens round.

    python tests/golden/make_golden.py

Only rerun this when a rule change is intended, and read the diff.
"""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from doublesept import sevens

SETUP = {"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 42, "rounds": 1}


def playthrough(moves=None) -> dict:
    """Play the seeded round: with ``moves`` given, replay them; else choose at random."""
    state = sevens.new_game(SETUP["players"], seed=SETUP["seed"], rounds=SETUP["rounds"])
    chooser = random.Random(42)
    steps = []
    while not state.is_over:
        legal = [str(m) for m in state.legal_moves()]
        move = moves[len(steps)] if moves is not None else chooser.choice(legal)
        steps.append({"to_move": state.names[state.to_move], "legal": legal, "move": move})
        state = state.play(move)
    return {
        "setup": SETUP,
        "start": state.root.to_text(),
        "steps": steps,
        "scores": list(state.scores),
        "winners": [state.names[p] for p in state.winners],
    }


def dump(record: dict) -> str:
    lines = ['{', f' "setup": {json.dumps(record["setup"])},',
             f' "start": {json.dumps(record["start"], ensure_ascii=False)},', ' "steps": [']
    lines += [f'  {json.dumps(step, ensure_ascii=False)},' for step in record["steps"]]
    lines[-1] = lines[-1].rstrip(",")
    lines += [' ],', f' "scores": {json.dumps(record["scores"])},',
              f' "winners": {json.dumps(record["winners"])}', '}']
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    (HERE / "sevens-seed-42.json").write_text(dump(playthrough()), "utf-8")
