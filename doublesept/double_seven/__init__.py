"""Double Seven, with every rule of seeds 000 and 001 and rulings D1-D19.

2 to 4 players; 91 tiles (8 animals × 11, 3 clovers); 3 tiles each; a turn flips a tile
when none is face up, draws 2 (3 with an empty rack) one at a time, may call Rainbow,
then acts (start, expand, exchange, retrieve a clover, Two for One once) and passes, with
a discard out of the game at 6 tiles or more; Sept! and Double Sept! win the '7' and '77'
tokens; the '77' or the last tile triggers the end: one final turn each, then the score.

Every decision is a move (``draw hidden``, ``draw face-up fox``, ``rainbow``, ``start fox
fox clover``, ``expand 2 with fox``, ``exchange my 1 for Bob's 2``, ``retrieve clover from
Bob's 1 with bird``, ``two-for-one fox bird``, ``pass``, ``discard fox``) and every hidden
tile is a chance step (``to_move is CHANCE``): ``deal``, ``flip`` or ``reveal`` lets the
generator derived from the seed choose; a tile stacks it. The package is split by
concern: ``rules`` (tiles, catalog, options), ``moves``, ``state`` (the game state),
``notation`` (positions and save records) and ``render`` (HTML).

>>> from doublesept import double_seven
>>> game = double_seven.position('''
... players: Ann, Bob
... turn: Ann
... Ann: rack squirrel; families squirrel 4
... Bob: families butterfly 4
... ''')
>>> game.check("exchange my 1 for Bob's 1").legal
True
"""

from ..core.registry import GameSpec, register_game
from .moves import (
    DEAL,
    DRAW_HIDDEN,
    FLIP,
    PASS,
    RAINBOW,
    REVEAL,
    Discard,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
    parse_move,
)
from .notation import (
    from_parts,
    from_record,
    move_from_record,
    move_record,
    position,
    start_record,
    to_text,
)
from .render import render_html
from .rules import (
    ANIMALS,
    CLOVER,
    COPIES,
    DEFAULT_NAMES,
    GAME,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    SEVEN_TOKENS,
    TILE_COUNT,
    TILES,
    Animal,
    DoubleSevenRules,
    Tile,
    tile,
)
from .state import DoubleSevenState, draw_index, new_game

register_game(GameSpec(
    name=GAME, title="Double Seven", state_class=DoubleSevenState, new_game=new_game,
    position=position, parse_move=parse_move, start_record=start_record,
    from_record=from_record, move_record=move_record, move_from_record=move_from_record,
    version=1, reads=(1,), options=OPTIONS, render=render_html, to_text=to_text))

__all__ = [
    "ANIMALS", "CLOVER", "COPIES", "DEAL", "DEFAULT_NAMES", "DRAW_HIDDEN", "FLIP", "GAME",
    "KINDS", "MAX_PLAYERS", "MIN_PLAYERS", "OPTIONS", "PASS", "RAINBOW", "REVEAL",
    "SEVEN_TOKENS", "TILES", "TILE_COUNT", "Animal", "Discard", "DoubleSevenRules",
    "DoubleSevenState", "DrawFaceUp", "Exchange", "Expand", "Retrieve", "Start", "Tile",
    "TwoForOne", "draw_index", "from_parts", "from_record", "move_from_record", "move_record",
    "new_game", "parse_move", "position", "render_html", "start_record", "tile", "to_text",
]
