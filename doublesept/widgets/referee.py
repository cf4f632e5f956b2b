"""The referee: set up a position of any game, ask about any move, share it as a link
(issue 24).

``Referee(game)`` shows three things, one above the other:

- the position in the game's notation, in a text box anyone can edit (``to_text`` writes
  it, the game's ``position`` reads it back); "Use this position" checks the text with the
  engine, and an impossible position is refused with the engine's own message while the
  last possible position stays;
- the game's try-a-move table for that position (``SevensTryMoves``, ``Flip7TryMoves``,
  ``DoubleSevenTryMoves``): every move with its verdict, rule and source, legal ones first,
  a click plays it, undo and reset. A move played there writes the new position in the box;
- the link: "Copy link" writes a link that carries the position and the move last asked
  (``core.links``), and a box reads a link pasted in (the same position and verdicts
  again); a link that does not read is refused with the engine's message, and the
  position stays as it was.

Every text shown is plain text (ipywidgets' ``Textarea``, ``Text`` and ``Label``, never
HTML). Python reads and checks everything; the page only sends what is typed and clicked.
"""

from __future__ import annotations

from typing import ClassVar

import ipywidgets

from .. import CHANCE, double_seven, flip7, sevens
from ..core.links import read_link, to_link
from ..core.registry import game_name, game_spec, spec_of
from ..errors import DoubleseptError
from .double_seven_try import DoubleSevenTryMoves
from .flip7 import Flip7TryMoves
from .sevens import SevensTryMoves
from .text import printable

__all__ = ["Referee"]

# the labels, in English and French
WORDS = {
    "position": ("The position, in the game's notation (edit it, then use it):",
                 "La position, dans la notation du jeu (modifiez-la, puis utilisez-la) :"),
    "use": ("Use this position", "Utiliser cette position"),
    "used": ("Position read: the table below is its moves.",
             "Position lue : le tableau ci-dessous en donne les coups."),
    "refused": ("This position is refused, the last one stays: {why}",
                "Cette position est refusée, la précédente reste : {why}"),
    "copy_link": ("Copy link", "Copier le lien"),
    "link": ("Link to this position (select it and copy it):",
             "Lien vers cette position (sélectionnez-le et copiez-le) :"),
    "open": ("Open a link", "Ouvrir un lien"),
    "paste": ("Paste a link here, then open it", "Collez un lien ici, puis ouvrez-le"),
    "opened": ("Link opened: its position is below.",
               "Lien ouvert : sa position est ci-dessous."),
    "ask": ("Ask about a move", "Demander pour un coup"),
    "move": ("a move, as it is written (5♦, hit, start fox fox, pass)",
             "un coup, tel qu'il s'écrit (5♦, encore, start fox fox, passe)"),
    "legal": ("{move} is legal: {reason} (rule {rule})", "{move} est permis : {reason} (règle {rule})"),
    "illegal": ("{move} is illegal: {reason} (rule {rule})",
                "{move} est interdit : {reason} (règle {rule})"),
    "bad_link": ("This link does not open, the position stays: {why}",
                 "Ce lien ne s'ouvre pas, la position reste : {why}"),
}

# the try-a-move table of each game, by its registry name
TABLES: dict = {"sevens": SevensTryMoves, "flip7": Flip7TryMoves,
                "doubleseven": DoubleSevenTryMoves}
# where a new referee starts: a fresh deal, dealt up to the first player's choice
STARTS: dict = {"sevens": lambda: sevens.new_game(4, seed=1),
                "flip7": lambda: flip7.new_game(4, seed=1),
                "doubleseven": lambda: double_seven.new_game(3, seed=1)}


def _to_a_player(state):
    """``state`` played through its chance steps up to a player's choice (the first
    outcome each time: the deal the seed gives)."""
    while state.to_move is CHANCE:
        state = state.play(state.legal_moves()[0])
    return state


class Referee(ipywidgets.VBox):
    """A position of ``game`` ("sevens", "flip7", "doubleseven", in any spelling
    ``game_name`` reads), its moves and a link to share it. Start from ``state`` (a game
    state), ``position`` (its text) or ``link`` (a link's token or address), else from a
    fresh deal. ``lang`` is "en", "fr" or "both", as for every widget.

    Python API, the same path as the clicks: ``use(text)`` (True if the position was read;
    else ``message`` says why, and ``state`` is unchanged), ``copy_link()`` (the link's
    token, also shown in ``link_box``), ``open_link(text)``, ``state``, ``table`` (the
    game's try-a-move widget), ``message``.
    """

    WORDS: ClassVar[dict] = WORDS

    def __init__(self, game: str = "sevens", *, state=None, position: str | None = None,
                 link: str | None = None, lang: str = "both", **kwargs):
        self.game = game_name(game)
        self._lang = lang
        start = state if state is not None else None
        if start is None and position is not None:
            start = game_spec(self.game).position(position)
        self._asked = None
        if start is None and link is not None:
            start, self._asked = read_link(link)
        if start is None:
            start = _to_a_player(STARTS[self.game]())
        if spec_of(start).name != self.game:
            raise DoubleseptError(f"this referee is for {self.game}, and the position is "
                                  f"{spec_of(start).name}'s")
        self.table = TABLES[self.game](start, lang=lang)
        self.text_box = ipywidgets.Textarea(value=start.to_text(), rows=14,
                                            layout=ipywidgets.Layout(width="100%"))
        self.text_box.add_class("ds-referee-text")
        self.use_button = ipywidgets.Button(description=self._word("use"))
        self.use_button.on_click(lambda _: self.use(self.text_box.value))
        self.link_button = ipywidgets.Button(description=self._word("copy_link"))
        self.link_button.on_click(lambda _: self.copy_link())
        self.link_box = ipywidgets.Text(value="", placeholder=self._word("paste"),
                                        layout=ipywidgets.Layout(width="100%"))
        self.open_button = ipywidgets.Button(description=self._word("open"))
        self.open_button.on_click(lambda _: self.open_link(self.link_box.value))
        self.move_box = ipywidgets.Text(value="", placeholder=self._word("move"))
        self.ask_button = ipywidgets.Button(description=self._word("ask"))
        self.ask_button.on_click(lambda _: self.ask(self.move_box.value))
        self.reply = ipywidgets.Label(value="")
        self.table.observe(self._played, names="_view")
        super().__init__([
            ipywidgets.Label(self._word("position")), self.text_box,
            ipywidgets.HBox([self.use_button, self.link_button, self.open_button]),
            self.link_box, ipywidgets.HBox([self.move_box, self.ask_button]), self.reply,
            self.table], **kwargs)
        self.add_class("ds-referee")
        if self._asked is not None:
            self.ask(self._asked)

    # ---- what a user does

    @property
    def state(self):
        return self.table.state

    @property
    def message(self) -> str:
        return self.reply.value

    def use(self, text) -> bool:
        """Read ``text`` as a position of this game and show its moves; on a position that
        does not read or cannot happen, say the engine's reason and keep the last one."""
        try:
            state = game_spec(self.game).position(text)
        except DoubleseptError as error:
            self._say("refused", error)
            return False
        self.table.state = state
        self.text_box.value = state.to_text()
        self._asked = None
        self._say("used")
        return True

    def copy_link(self) -> str:
        """The link of the position shown (and of the move last asked there, if any), put
        in the link box to be copied."""
        token = to_link(self.state, self._asked)
        self.link_box.value = token
        self._say("link")
        return token

    def open_link(self, text) -> bool:
        """Show the position a link holds, and ask its move; on a link that does not read,
        say why and keep the position."""
        try:
            state, move = read_link(text)
            if spec_of(state).name != self.game:
                raise DoubleseptError(f"this link is for {spec_of(state).name}, and this "
                                      f"referee for {self.game}")
        except DoubleseptError as error:
            self._say("bad_link", error)
            return False
        self.table.state = state
        self.text_box.value = state.to_text()
        self._asked = None
        self._say("opened")
        if move is not None:
            self.ask(move)
        return True

    def ask(self, move) -> bool:
        """The engine's verdict on ``move`` (a move's text, legal or not) in the position
        shown, as the reply: legal or illegal, the reason and the rule. The move is not
        played (a click on its row in the table plays it), and the link carries it. Returns
        whether it is legal."""
        text = str(move).strip() if move is not None else ""
        verdict = self.state.check(text)
        self._asked = text
        self.move_box.value = text
        key = "legal" if verdict.legal else "illegal"
        en_words, fr_words = self.WORDS[key]
        en = en_words.format(move=text, reason=verdict.reason_en, rule=verdict.rule_id)
        fr = fr_words.format(move=text, reason=verdict.reason_fr, rule=verdict.rule_id)
        self.reply.value = printable(self._both(en, fr), 400)
        return verdict.legal

    # ---- inside

    def _played(self, _change) -> None:
        """A move played (or undone) in the table: the box shows the new position."""
        text = self.table.state.to_text()
        if text != self.text_box.value:
            self.text_box.value = text

    def _word(self, key: str) -> str:
        return self._both(*self.WORDS[key])

    def _both(self, en: str, fr: str) -> str:
        """``en`` and ``fr`` as this referee's language shows them."""
        return fr if self._lang == "fr" else en if self._lang == "en" else f"{en} / {fr}"

    def _say(self, key: str, error: Exception | None = None) -> None:
        """The reply: the words of ``key``, with the engine's reason ``error`` in each
        language (its French where the error has one)."""
        en, fr = self.WORDS[key]
        if error is not None:
            en = en.format(why=getattr(error, "reason_en", str(error)))
            fr = fr.format(why=getattr(error, "reason_fr", str(error)))
        self.reply.value = printable(self._both(en, fr), 400)
