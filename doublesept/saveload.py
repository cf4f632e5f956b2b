"""Save a game to JSON and load it back.

A save holds the format version, the game, its starting position and the
moves played since. Loading rebuilds the start (refusing an impossible one)
and replays every move through the engine, so a tampered save is caught by
the rules themselves. Every problem raises SaveFormatError naming the field.
"""

from __future__ import annotations

import json

from .errors import DoubleseptError, SaveFormatError

FORMAT = "doublesept"
VERSION = 1


def _games():
    from . import sevens

    return {"sevens": (sevens.SevensState, sevens.start_record, sevens.from_record,
                       sevens.move_text)}


def field(record: dict, name: str, kind: type):
    """``record[last part of name]``, checked to be of ``kind``; the error names the field."""
    key = name.rsplit(".", 1)[-1]
    if not isinstance(record, dict):
        raise SaveFormatError(f"{name.rsplit('.', 1)[0]}: must be a JSON object")
    if key not in record:
        raise SaveFormatError(f"{name}: missing")
    value = record[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SaveFormatError(f"{name}: must be a whole number, not {value!r}")
    if not isinstance(value, kind):
        raise SaveFormatError(f"{name}: must be a JSON {kind.__name__}, not {value!r}")
    return value


def to_dict(state) -> dict:
    for game, (cls, start_record, _, move_text) in _games().items():
        if isinstance(state, cls):
            return {
                "format": FORMAT,
                "version": VERSION,
                "game": game,
                "start": start_record(state),
                "moves": [move_text(m) for m in state.history],
            }
    raise TypeError(f"cannot save {type(state).__name__}: not a doublesept game state")


def save(state) -> str:
    """The game as JSON text: its start and every move since."""
    return json.dumps(to_dict(state), ensure_ascii=False, indent=1)


def from_dict(record) -> object:
    if not isinstance(record, dict):
        raise SaveFormatError("the save must be a JSON object")
    if record.get("format") != FORMAT:
        raise SaveFormatError(f"format: expected {FORMAT!r}, found {record.get('format')!r}")
    version = field(record, "version", int)
    if version != VERSION:
        raise SaveFormatError(f"version: this engine reads version {VERSION}, not {version}")
    game = field(record, "game", str)
    games = _games()
    if game not in games:
        raise SaveFormatError(f"game: {game!r} is not one of {', '.join(sorted(games))}")
    _, _, from_record, _ = games[game]
    start = field(record, "start", dict)
    try:
        state = from_record(start)
    except SaveFormatError:
        raise
    except DoubleseptError as err:
        raise SaveFormatError(f"start: {err}") from None
    for i, move in enumerate(field(record, "moves", list)):
        if not isinstance(move, str):
            raise SaveFormatError(f"moves[{i}]: must be a move written as text, not {move!r}")
        try:
            state = state.play(move)
        except DoubleseptError as err:
            raise SaveFormatError(f"moves[{i}]: {move!r} cannot be played here: {err}") from None
    return state


def load(text) -> object:
    """The game saved in ``text`` (JSON), replayed move by move."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise SaveFormatError(f"the save is not UTF-8 text: {err}") from None
    if not isinstance(text, str):
        raise SaveFormatError(f"a save is JSON text, not {type(text).__name__}")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as err:  # bad JSON, too deep, or a number too long
        raise SaveFormatError(f"the save is not valid JSON: {err}") from None
    return from_dict(record)
