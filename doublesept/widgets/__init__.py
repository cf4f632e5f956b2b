"""Jupyter widgets for the tutorial: one base for every game, and each game's tables.

``base.py`` holds ``GameWidget``, what every game's widget needs (intents and
their checks, undo and reset, messages, languages, a seat's view and the
teacher's), with ``rows.py`` (the try-a-move rows), ``text.py`` (safe text) and
``words.py`` (the labels); ``sevens.py`` draws Sevens' table (``SevensTable``) and its
try-a-move table (``SevensTryMoves``); ``flip7.py`` draws Flip 7's (``Flip7Table``,
``Flip7TryMoves``) and plays it against the computer (``Flip7Play``);
``double_seven.py`` draws Double Seven's (``DoubleSevenTable``),
``double_seven_try.py`` adds its try-a-move table with the click-by-click move builder
(``DoubleSevenTryMoves``) and
``double_seven_play.py`` plays it against the computer (``DoubleSevenPlay``);
``referee.py`` sets up any position of any game as text, asks about any move and shares
it as a link (``Referee``); ``sevens_editor.py`` and ``flip7_editor.py`` set up a position by
clicks (``SevensEditor``, ``Flip7Editor``, on ``editor_base.py``'s ``PositionEditor``). The
browser side is ``widgets/common.js`` plus one ES module per game.

This is the only package of doublesept that imports anywidget; the engine
never imports it.
"""

from .base import (
    LANGS,
    MAX_MESSAGE,
    MAX_TEXT,
    GameWidget,
    Seen,
    json_for_html,
    number_text,
    printable,
    short,
)
from .double_seven import DoubleSevenTable
from .double_seven_play import DoubleSevenPlay
from .double_seven_try import DoubleSevenTryMoves
from .flip7 import Flip7Play, Flip7Table, Flip7TryMoves
from .flip7_editor import Flip7Editor
from .play import PlayWidget
from .referee import Referee
from .sevens import RED, SevensPlay, SevensTable, SevensTryMoves, TryMoves, rules_text
from .sevens_editor import SevensEditor

__all__ = [
    "LANGS", "MAX_MESSAGE", "MAX_TEXT", "RED", "DoubleSevenPlay", "DoubleSevenTable",
    "DoubleSevenTryMoves", "Flip7Editor", "Flip7Play", "Flip7Table", "Flip7TryMoves", "GameWidget",
    "PlayWidget", "Referee", "Seen", "SevensEditor", "SevensPlay", "SevensTable", "SevensTryMoves",
    "TryMoves", "json_for_html", "number_text", "printable", "rules_text", "short",
]
