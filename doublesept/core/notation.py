"""The lines of a written position, for every game's ``position()``.

A position is written one line a field (``players: Ann, Bob``, ``turn: Ann``) and one line a
player (``Ann: 5♦ 9♦ 8♠``). ``position_lines`` reads those lines; each game then reads the
values (``sevens/notation.py``, ``flip7/notation.py``, ``double_seven/notation.py``).
"""

from __future__ import annotations

from ..errors import NotationError, shown


def position_lines(text, fields) -> tuple[dict, dict]:
    """The field lines and the player lines of ``text``, a written position.

    Returns ``(values, player_lines)``: ``values`` maps each field of ``fields`` (lower
    case) that is given to its text, ``player_lines`` each other label (a player's name, as
    written) to its text, both stripped. Blank lines and lines starting with ``#`` are left
    out. Raises NotationError for text that is not a string, a line without
    ``:``, or a field or a player's line given twice, naming the line's number."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}",
                            f"une position est un texte, pas {type(text).__name__}")
    values: dict[str, str] = {}
    player_lines: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise NotationError(f"line {number}: {shown(line)} should read 'field: value'")
        label, value = (part.strip() for part in line.split(":", 1))
        key = label.lower()
        if key in fields:
            if key in values:
                raise NotationError(f"line {number}: {label!r} is given twice")
            values[key] = value
        else:
            if label in player_lines:
                raise NotationError(f"line {number}: {label}'s line is given twice")
            player_lines[label] = value
    return values, player_lines
