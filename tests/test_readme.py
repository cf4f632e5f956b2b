"""The README's engine tour runs as written."""

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")


def test_readme_python_examples_run(capsys):
    blocks = re.findall(r"```python\n(.*?)```", README, re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})  # noqa: S102 (our own README)
    printed = capsys.readouterr().out
    assert "(Card('7♦'),)" in printed and "sevens.must-play" in printed
    assert "(Card('5♦'), Card('9♦'), Card('8♠'))" in printed
    assert "Bob to open the round" in printed
    assert "sevens.round-end Bob went out: the round is over." in printed
    assert "53644737765488792839237440000" in printed
    assert "'hand': [" in printed and "'seed'" not in printed
    # the Flip 7 odds of the example, and Double Seven's first decision
    assert "23/90 26 24.4" in printed and "Deal a tile to Ann" in printed
    # Double Seven: a position in a few lines, a refused move with its rule, an exchange
    assert "['pass', 'start fox fox', 'start fox fox clover', 'start fox clover']" in printed
    assert "doubleseven.one-family-per-animal Ann already has a family of squirrels" in printed
    assert "Ann: rack squirrel, fox, fox, clover; families butterfly 4 True" in printed
