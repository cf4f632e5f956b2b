"""Save a game to JSON and load it back, for every registered game.

A save holds the container format and version, the game and its own format
version, its starting position and the moves played since. Chance outcomes are
recorded as they happened (Sevens: the hands dealt), so loading never depends on
a random-number algorithm. Loading rebuilds the start (refusing an impossible
one) and replays every move through the engine, so a tampered save is caught by
the rules themselves. Every problem raises SaveFormatError naming the field.

Version 1 saves (Sevens before the engine core, with no ``game_version``) still
load: their deals are replayed from the seed.
"""

from __future__ import annotations

import json

from ..errors import DoubleseptError, SaveFormatError, UnknownGame, shown
from .registry import game_spec, games, spec_of

FORMAT = "doublesept"
VERSION = 2  # the container: 1 had no game_version and wrote deals as "deal"
READS = (1, 2)


def field(record, name: str, kind: type):
    """``record[last part of name]``, checked to be of ``kind``; the error names the field."""
    key = name.rsplit(".", 1)[-1]
    if not isinstance(record, dict):
        raise SaveFormatError(f"{name.rsplit('.', 1)[0]}: must be a JSON object")
    if key not in record:
        raise SaveFormatError(f"{name}: missing")
    value = record[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SaveFormatError(f"{name}: must be a whole number, not {_short(value)}")
    if not isinstance(value, kind):
        raise SaveFormatError(f"{name}: must be a JSON {kind.__name__}, not {_short(value)}")
    return value


_short = shown  # never raises, however long the number


def to_dict(state) -> dict:
    """The save of ``state`` as JSON-safe data.

    Raises SaveFormatError for anything that is not a game state."""
    try:
        spec = spec_of(state)
    except TypeError:
        raise SaveFormatError(f"only a game state can be saved, not {shown(state)} "
                              f"({type(state).__name__})") from None
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": spec.name,
        "game_version": spec.version,
        "start": spec.start_record(state),
        "moves": [spec.move_record(m) for m in state.history],
    }


def save(state) -> str:
    """The game as JSON text: its start and every move since."""
    return json.dumps(to_dict(state), ensure_ascii=False, indent=1)


def from_dict(record) -> object:
    """The game saved in ``record`` (parsed JSON), replayed move by move."""
    if not isinstance(record, dict):
        raise SaveFormatError("the save must be a JSON object")
    if record.get("format") != FORMAT:
        raise SaveFormatError(f"format: expected {FORMAT!r}, found {_short(record.get('format'))}")
    version = field(record, "version", int)
    if version not in READS:
        raise SaveFormatError(f"version: this engine reads versions "
                              f"{', '.join(map(str, READS))}, not {_short(version)}")
    name = field(record, "game", str)
    try:
        spec = game_spec(name)
    except UnknownGame:
        raise SaveFormatError(f"game: {_short(name)} is not one of {', '.join(games())}") from None
    game_version = 1 if version == 1 else field(record, "game_version", int)
    if game_version not in spec.reads:
        raise SaveFormatError(f"game_version: this engine reads {spec.name} saves of version "
                              f"{', '.join(map(str, spec.reads))}, not {_short(game_version)}")
    start = field(record, "start", dict)
    try:
        state = spec.from_record(start)
    except SaveFormatError:
        raise
    except DoubleseptError as err:
        raise SaveFormatError(f"start: {err}") from None
    for i, entry in enumerate(field(record, "moves", list)):
        try:
            move = spec.move_from_record(entry)
        except DoubleseptError as err:
            raise SaveFormatError(f"moves[{i}]: {err}") from None
        try:
            state = state.play(move)
        except DoubleseptError as err:
            raise SaveFormatError(f"moves[{i}]: {_short(entry)} cannot be played here: "
                                  f"{err}") from None
    return state


def load(text) -> object:
    """The game saved in ``text`` (JSON text or UTF-8 bytes), replayed move by move.

    Raises SaveFormatError, naming the field, for anything malformed."""
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
