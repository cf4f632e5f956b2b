"""Sevens (Fan Tan, Parliament, Shichi Narabe) with its base rules.

Sources: seed 002 (international rules) and seed 003 (app rules), with
rulings S1-S3 and S5. 3 to 8 players; all 52 cards are dealt; 7♦ opens; any 7
starts its row; a row grows one card at a time at either end, up to the king
and down to the ace; a player who can play must, one who cannot passes; the
round ends when a hand is empty; each other player takes one penalty point a
card; after the last round (3 by default, 1 to 10) the lowest total wins.

The state keeps each hand and the table as 52-bit masks (bit = suit*13 +
rank-1) and, per suit, the low and high end of its row, so ``legal_moves``
is one AND between the hand and the cards that fit.

The package is split by concern: ``rules`` (catalog, options, row tables),
``state`` (moves and the game state), ``notation`` (positions and save
records) and ``render`` (HTML). Everything is importable from here.
"""

from ..cards import Card, parse_card, parse_cards
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
from .render import render_html
from .rules import (
    DEFAULT_NAMES,
    DEFAULT_ROUNDS,
    ELIMINATIONS,
    GAME,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    MIN_ROUNDS,
    OPENING,
    OPENINGS,
    OPTIONS,
    PASSINGS,
    PRESET_PLAYERS,
    PRESETS,
    SCORINGS,
    TIE_BREAKS,
    SevensRules,
)
from .state import (
    DEAL,
    PASS,
    DealStep,
    Dealt,
    Run,
    SevensState,
    SevensVariantState,
    deal,
    move_text,
    new_game,
    parse_move,
)

# Version 1: saves before the engine core, deals replayed from the seed as "deal";
# version 2: each deal recorded as the hands dealt.
register_game(GameSpec(
    name=GAME, title="Sevens", state_class=SevensState, new_game=new_game, position=position,
    parse_move=parse_move, start_record=start_record, from_record=from_record,
    move_record=move_record, move_from_record=move_from_record, version=2, reads=(1, 2),
    options=OPTIONS, render=render_html, to_text=to_text))

__all__ = [
    "DEAL",
    "DEFAULT_NAMES",
    "DEFAULT_ROUNDS",
    "ELIMINATIONS",
    "GAME",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_PLAYERS",
    "MIN_ROUNDS",
    "OPENING",
    "OPENINGS",
    "OPTIONS",
    "PASS",
    "PASSINGS",
    "PRESETS",
    "PRESET_PLAYERS",
    "SCORINGS",
    "TIE_BREAKS",
    "Card",
    "DealStep",
    "Dealt",
    "Run",
    "SevensRules",
    "SevensState",
    "SevensVariantState",
    "deal",
    "from_parts",
    "from_record",
    "move_from_record",
    "move_record",
    "move_text",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_move",
    "position",
    "render_html",
    "start_record",
    "to_text",
]
