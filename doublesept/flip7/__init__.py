"""Flip 7, with every rule of seed 004 and rulings F1-F21.

2 to 18 players; a 94-card deck; each round the dealer deals one card face up to each
player, action cards resolved at once; then each player in turn hits or stays; a
duplicate number busts (unless a Second Chance saves); seven different numbers (a Flip 7)
end the round; Freeze and Flip Three are played on a player the drawer chooses; the deck
carries over between rounds; the first to 200 wins, an exact tie plays another round.

Every choice is a move (``hit``, ``stay``, ``freeze 2``, ``flip-three 2``, ``give
second-chance 2``, ``give freeze 2``), and every card drawn is a chance step
(``to_move is CHANCE``): ``draw`` lets the generator derived from the seed choose, a card
stacks it. The package is split by concern: ``rules`` (catalog, cards, options, tables),
``state`` (moves and the game state), ``notation`` (positions and save records) and
``render`` (HTML). Everything is importable from here.

>>> from doublesept import flip7
>>> game = flip7.new_game(["Ann", "Bob", "Cy"], seed=7, dealer=0)
>>> game.play("3").play("Freeze").decision.en
'Bob to choose whom to freeze'
"""

from ..core.registry import GameSpec, register_game
from .notation import (
    from_parts,
    from_record,
    move_from_record,
    move_record,
    position,
    start_record,
    to_text,
)
from .odds import Odds, Policy, exact_odds, optimal_policy, solve_policy, stop_at_value
from .render import render_html
from .rules import (
    CARDS,
    COPIES,
    DECK_SIZE,
    DEFAULT_BONUS,
    DEFAULT_NAMES,
    FLIP_THREE,
    FREEZE,
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    SECOND_CHANCE,
    TARGET,
    X2,
    Flip7Card,
    Flip7Rules,
    card,
    line_score,
)
from .state import (
    DRAW,
    HIT,
    STAY,
    Flip7State,
    Flip7Warning,
    Give,
    Line,
    Target,
    draw_index,
    new_game,
    parse_move,
)

register_game(GameSpec(
    name=GAME, title="Flip 7", state_class=Flip7State, new_game=new_game, position=position,
    parse_move=parse_move, start_record=start_record, from_record=from_record,
    move_record=move_record, move_from_record=move_from_record, version=1, reads=(1,),
    options=OPTIONS, render=render_html, to_text=to_text))

__all__ = [
    "CARDS",
    "COPIES",
    "DECK_SIZE",
    "DEFAULT_BONUS",
    "DEFAULT_NAMES",
    "DRAW",
    "FLIP_THREE",
    "FREEZE",
    "GAME",
    "HIT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "SECOND_CHANCE",
    "STAY",
    "TARGET",
    "X2",
    "Flip7Card",
    "Flip7Rules",
    "Flip7State",
    "Flip7Warning",
    "Give",
    "Line",
    "Odds",
    "Policy",
    "Target",
    "card",
    "draw_index",
    "exact_odds",
    "from_parts",
    "from_record",
    "line_score",
    "move_from_record",
    "move_record",
    "new_game",
    "optimal_policy",
    "parse_move",
    "position",
    "render_html",
    "solve_policy",
    "start_record",
    "stop_at_value",
    "to_text",
]
