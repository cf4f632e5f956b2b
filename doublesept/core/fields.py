"""The checks every game's computer players make of what they are given, before they read it.

A computer player (``<game>/players.py``) is given an observation (the dict
``state.observation(seat)`` writes), the legal moves as text and a level; ``computer_move`` is
given a state. Each of these doors refuses anything else with the engine's own error naming
the field: ``PositionError("observation: scores[1]: must be a whole number from 0, not -1")``,
``PositionError("observation: the field 'lines' is missing")``, ``OptionError("level: must
be one of easy, medium, hard, not 'expert'")``. The parts that are the same in every game
live here; what a field of one game holds (cards, tiles, lines) is checked by its players
module.

The checks run at every decision of a computer player: a value as the observation writes
it passes with a few class tests, and the words of an error are made only when one is raised.
"""

from __future__ import annotations

from ..errors import OptionError, PositionError, shown
from .events import observation_text

AS_GIVEN = "as state.observation(seat) gives"


def bad_field(field: str, what: str, value) -> PositionError:
    """The error for an observation field holding ``value`` instead of ``what``:
    ``observation: <field>: must be <what>, not <value>``."""
    return PositionError(f"observation: {field}: must be {what}, not {shown(value)}")


def check_level(level, levels: tuple, aliases: dict | None = None) -> str:
    """``level`` if it is one of ``levels`` (text), or the level an alias names (``aliases``:
    the names every game shares, easy, medium and hard, for a game whose levels have names
    of their own); else OptionError listing them."""
    if aliases and isinstance(level, str) and level in aliases:
        return aliases[level]
    if not isinstance(level, str) or level not in levels:
        raise OptionError(f"level: must be one of {', '.join(levels)}, not {shown(level)}")
    return level


def check_state(state, state_class: type, title: str, made_by: str):
    """``state`` if it is a ``state_class``; else PositionError: ``state: must be a <title>
    state (<made_by>), not …``."""
    if not isinstance(state, state_class):
        raise PositionError(f"state: must be a {title} state ({made_by}), not {shown(state)}")
    return state


def check_fields(observation, game: str | None, fields: tuple) -> dict:
    """``observation`` if it is a dict holding every name of ``fields`` (and, unless ``game``
    is None, whose ``game`` is ``game``); else PositionError naming the first field missing."""
    if observation.__class__ is not dict and not isinstance(observation, dict):
        raise PositionError(f"observation: must be a dict from state.observation(seat), not "
                            f"{shown(observation)}")
    for name in fields:
        if name not in observation:
            raise PositionError(f"observation: the field {name!r} is missing")
    if game is not None:
        found = observation.get("game", game)
        if found.__class__ is not str or found != game:
            raise PositionError(f"observation: game: must be {game!r} (an observation of "
                                f"this game), not {shown(found)}")
    return observation


def check_players(observation: dict, low: int, high: int) -> int:
    """How many players ``observation["players"]`` names: a list of ``low`` to ``high``
    texts; else PositionError."""
    players = observation["players"]
    if players.__class__ is not list and not isinstance(players, (list, tuple)) or \
            not low <= len(players) <= high:
        raise bad_field("players", f"a list of {low} to {high} names", players)
    for name in players:
        if name.__class__ is not str:
            raise bad_field("players", f"a list of {low} to {high} names", players)
    return len(players)


def check_seat_to_move(observation: dict, players: int) -> int:
    """The observation's ``seat``, a seat from 0 to ``players`` - 1 that is also its
    ``to_move``; else PositionError (a spectator's view or another seat's is refused)."""
    seat, to_move = observation["seat"], observation["to_move"]
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < players):
        raise bad_field("seat", f"a seat from 0 to {players - 1}", seat)
    if seat is None or to_move.__class__ is not int or seat != to_move:
        raise PositionError(f"observation: it must be the view of the seat to move "
                            f"({shown(to_move)}), not of {shown(seat)}")
    return seat


def check_phase(observation: dict, phases: tuple) -> str:
    """The observation's ``phase`` if it is one of ``phases`` (a player's decisions);
    else PositionError."""
    phase = observation["phase"]
    if phase.__class__ is not str or phase not in phases:
        raise PositionError(f"observation: no player decision is awaited (phase "
                            f"{shown(phase)})")
    return phase


def check_seat_or_none(observation: dict, field: str, players: int):
    """``observation[field]``: None or a seat from 0 to ``players`` - 1; else PositionError."""
    value = observation[field]
    if value is not None and (value.__class__ is not int or not 0 <= value < players):
        raise bad_field(field, f"None or a seat from 0 to {players - 1}", value)
    return value


def check_whole(observation: dict, field: str, low: int = 0, high: int | None = None) -> int:
    """``observation[field]``: an int (not a bool) from ``low`` (to ``high``); else
    PositionError naming the field."""
    value = observation[field]
    if value.__class__ is not int or value < low or (high is not None and value > high):
        raise bad_field(field, _whole_words(low, high), value)
    return value


def per_seat(observation: dict, field: str, players: int) -> list:
    """``observation[field]``: a list with one entry per player; else PositionError."""
    value = observation[field]
    if value.__class__ is not list and not isinstance(value, (list, tuple)) or \
            len(value) != players:
        raise bad_field(field, f"a list with one entry per player ({players}) {AS_GIVEN}",
                        value)
    return value


def check_wholes(observation: dict, field: str, players: int, high: int | None = None) -> list:
    """``observation[field]``: one whole number from 0 (to ``high``) per player; else
    PositionError naming the entry (``scores[1]``)."""
    values = per_seat(observation, field, players)
    for p, value in enumerate(values):
        if value.__class__ is not int or value < 0 or (high is not None and value > high):
            raise bad_field(f"{field}[{p}]", _whole_words(0, high), value)
    return values


def check_rules(observation: dict, options, required: tuple = ()) -> dict:
    """``observation["rules"]``: a dict of the game's rule options (``options``, its
    ``Options`` declaration), each with a value it can take, as the observation writes it
    (no other spelling), every name of ``required`` among them; else PositionError naming
    the option (``observation: rules: token_award: must be one of crossing, per-animal``)."""
    rules = observation["rules"]
    if rules.__class__ is not dict:
        raise bad_field("rules", f"a dict of the rule options {AS_GIVEN}", rules)
    declared = options.options
    for name in required:
        if name not in rules:
            raise bad_field(f"rules: {name}", declared[name].allowed(), None)
    for name, value in rules.items():
        option = declared.get(name) if name.__class__ is str else None
        if option is None:
            raise PositionError(f"observation: rules: {shown(name)} is not a rule option of "
                                f"{options.game}; its options are {', '.join(declared)}")
        if option.low is None:  # one of its values (option.is_number, read without a call)
            if value.__class__ is str and value in option.values:
                continue
        elif value.__class__ is int and option.low <= value <= option.high:
            continue
        raise bad_field(f"rules: {name}", option.allowed(), value)
    return rules


def legal_texts(legal) -> tuple:
    """``legal`` as a tuple: a non-empty tuple or list of texts; else PositionError."""
    if isinstance(legal, str) or not isinstance(legal, (tuple, list)) or not legal:
        raise PositionError(f"legal: must be a non-empty tuple of move texts, not {shown(legal)}")
    for text in legal:
        if not isinstance(text, str):
            raise PositionError(f"legal: every move is text, not {shown(text)}")
    return tuple(legal)


def seed_text(observation: dict, later_options: dict | None = None) -> str:
    """``observation_text(observation)`` (the text a random level seeds its choice with);
    PositionError naming the first field that is not JSON data. ``later_options`` ({name:
    default}) are the rule options added after the level's seeded choices were first
    recorded: each is left out of ``observation["rules"]`` while at its default, so a game
    seeded before the option came plays the same."""
    rules = observation.get("rules")
    if later_options and rules.__class__ is dict \
            and any(rules.get(name, _NONE) == value for name, value in later_options.items()):
        observation = {**observation, "rules": {
            name: value for name, value in rules.items()
            if later_options.get(name, _NONE) != value}}
    try:
        return observation_text(observation)
    except (TypeError, ValueError, RecursionError):
        for name, value in observation.items():
            try:
                observation_text({name: value})
            except (TypeError, ValueError, RecursionError):
                raise bad_field(shown(name), f"JSON data {AS_GIVEN}", value) from None
        raise PositionError(f"observation: must be JSON data {AS_GIVEN}: its keys are "
                            f"text") from None


_NONE = object()  # not a value of any option


def _whole_words(low: int, high: int | None) -> str:
    return f"a whole number from {low}" + ("" if high is None else f" to {high}")


__all__ = ["AS_GIVEN", "bad_field", "check_fields", "check_level", "check_phase",
           "check_players", "check_rules", "check_seat_or_none", "check_seat_to_move",
           "check_state", "check_whole", "check_wholes", "legal_texts", "per_seat", "seed_text"]
