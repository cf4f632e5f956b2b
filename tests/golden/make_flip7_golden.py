"""Write the golden playthrough of one seeded Flip 7 game, from the first deal to 200.

    python tests/golden/make_flip7_golden.py

Every step records who decides (a name, or ``chance``), the legal moves, the move played
and the events it brought about, in English, so a change to a rule, a score or the
narration shows in the diff. Cards come from the game's seed (``draw``), so the file also
pins the seeded draws. Only rerun this when a change is intended, and read the diff.
"""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from doublesept import CHANCE, flip7

SETUP = {"players": ["Ann", "Bob", "Cy"], "seed": 2026, "dealer": 0}
FILE = HERE / "flip7-seed-2026.json"


def playthrough(moves=None) -> dict:
    """Play the seeded game: with ``moves`` given, replay them; else choose at random.

    The random chooser stays more often as a player's sum grows, so rounds end with stays,
    busts and Flip 7s rather than only busts."""
    state = flip7.new_game(SETUP["players"], seed=SETUP["seed"], dealer=SETUP["dealer"])
    start = state.to_text()
    chooser = random.Random(7)
    steps, rounds = [], []
    while not state.is_over:
        who = state.to_move
        legal = [state.move_text(m) for m in state.legal_moves()]
        if moves is not None:
            move = moves[len(steps)]
        elif who is CHANCE:
            move = "draw"
        elif "stay" in legal:
            move = "stay" if chooser.random() < state.number_sum(who) / 40 else "hit"
        else:
            move = chooser.choice(legal)
        state = state.play(move)
        steps.append({"to_move": "chance" if who is CHANCE else state.names[who],
                      "legal": legal, "move": move,
                      "events": [event.en for event in state.events]})
        if state.is_round_over:  # a round-over state's scores include its round
            rounds.append(list(state.scores))
    return {"setup": SETUP, "start": start, "steps": steps, "scores_by_round": rounds,
            "scores": list(state.scores), "winners": [state.names[p] for p in state.winners]}


def dump(record: dict) -> str:
    """One step per line, so a diff shows the step that changed."""
    lines = ['{', f' "setup": {json.dumps(record["setup"])},',
             f' "start": {json.dumps(record["start"], ensure_ascii=False)},', ' "steps": [']
    lines += [f'  {json.dumps(step, ensure_ascii=False)},' for step in record["steps"]]
    lines[-1] = lines[-1].rstrip(",")
    lines += [' ],', f' "scores_by_round": {json.dumps(record["scores_by_round"])},',
              f' "scores": {json.dumps(record["scores"])},',
              f' "winners": {json.dumps(record["winners"])}', '}']
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    FILE.write_text(dump(playthrough()), "utf-8")
