"""The registry of games: each name maps to its state class, move parser, records and
format version. ``save`` and ``load`` go through it, so the core never imports a game:
each game registers itself when it is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import UnknownGame, shown


@dataclass(frozen=True)
class GameSpec:
    """What the core needs to know of one game.

    ``start_record(state)`` and ``from_record(dict)`` write and read a root
    position as JSON-safe data; ``move_record(move)`` and ``move_from_record(x)``
    write and read one move of the history (text for a player's move, a record for
    a chance outcome). ``version`` is the game's own save format version;
    ``reads`` lists every version ``from_record`` still reads.
    """

    name: str
    title: str
    state_class: type
    new_game: Callable
    position: Callable
    parse_move: Callable
    start_record: Callable
    from_record: Callable
    move_record: Callable
    move_from_record: Callable
    version: int
    reads: tuple
    options: object  # the game's Options declaration
    render: Callable | None = None  # render(state) -> HTML, what a bare state shows
    to_text: Callable | None = None  # to_text(state, ...) -> the position in its notation


_GAMES: dict[str, GameSpec] = {}

# Other spellings of a game's name, each read as the registry's own (the spelling of the rule
# ids, "doubleseven.sept"): the Python package is ``double_seven`` and older command lines
# said ``double-seven``. Saves are read strictly and name the registry's spelling only.
GAME_ALIASES = {"double_seven": "doubleseven", "double-seven": "doubleseven",
                "double7": "doubleseven", "flip-7": "flip7"}


def register_game(spec: GameSpec) -> None:
    """Add a game, or replace it: reloading a game's module (IPython's autoreload)
    registers it again and must not fail."""
    _GAMES[spec.name] = spec


def games() -> tuple:
    """The names of the registered games, sorted."""
    return tuple(sorted(_GAMES))


def game_spec(name) -> GameSpec:
    """The game called ``name``; UnknownGame, listing the games, for any other name."""
    spec = _GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise UnknownGame(f"no game {shown(name)}; the games are {', '.join(games())}")
    return spec


def game_name(text) -> str:
    """The registry's name of the game ``text`` names, in any spelling of ``GAME_ALIASES``
    or its own, case aside: ``game_name("double-seven") == "doubleseven"``. UnknownGame,
    listing the games, for any other text. Command lines read ``--game`` with it."""
    key = text.strip().lower() if isinstance(text, str) else text
    name = GAME_ALIASES.get(key, key)
    game_spec(name)
    return name


def spec_of(state) -> GameSpec:
    """The registered game a state belongs to; TypeError for anything else."""
    for spec in _GAMES.values():
        if isinstance(state, spec.state_class):
            return spec
    raise TypeError(f"{type(state).__name__} is not a doublesept game state")
