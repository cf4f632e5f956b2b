"""The referee: set up a position of any game, ask about any move under any ruling, share it
as a link (issue 24).

``Referee(game)`` shows, from the top:

- the position in the game's notation, in a text box anyone can edit (``to_text`` writes
  it, the game's ``position`` reads it back); "Use this position" checks the text with the
  engine, and an impossible position is refused with the engine's own message while the
  last possible position stays. Beside it: a move to ask about, and the link: "Copy link"
  writes a link that carries the position and the move last asked (``core.links``), and a
  box reads a link pasted in (the same position and verdicts again); a link that does not
  read is refused with the engine's message, and the position stays as it was;
- the rulings: one switch (a drop-down) for each rule option of the game that is a choice
  between readings (every option with named values, read from the game's declaration in
  its ``rules.py``, so an option added there shows up here; the numbers, such as a match's
  rounds, are not readings). Flipping one reads the same position again under the other
  reading: the position's text with its ``rules:`` line changed, read by the game's own
  ``position``, so no rule is decided here. An option the engine refuses for this position
  is refused with the engine's message, and the switch goes back. Every move whose verdict
  changes (legal under one reading, illegal under the other), or whose consequences change
  (legal both ways, but the events the move leads to, or the decision after it, differ:
  Flip 7's bust with cards set aside), is listed above the table and marked in the
  table's last column, against the reading before the switch, and stays so as moves are
  played (a rule's id alone changing, with the same verdict, is no change);
- the game's try-a-move table for that position (``SevensTryMoves``, ``Flip7TryMoves``,
  ``DoubleSevenTryMoves``): every move with its verdict, rule and source, legal ones first,
  a click plays it, undo and reset. A move played there writes the new position in the box.
  Sevens' table has its switch of the chances of winning (``analysis.what_if``, the
  engine's own analysis: exact when the round's tree is small, sampled otherwise, a few
  seconds at the start of a round, so it is off until asked);
- under the table, for Flip 7, the exact odds of the player to move (``odds.exact_odds``
  on that player's observation: the chance that a hit busts, what staying banks, the
  expected score of one more card, the chance of a Flip 7).

Every text shown is plain text (ipywidgets' ``Textarea``, ``Text``, ``Label`` and
``Dropdown``, never HTML). Python reads and checks everything; the page only sends what is
typed, picked and clicked.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

import ipywidgets

from .. import CHANCE, double_seven, flip7, sevens
from ..core.links import read_link, to_link
from ..core.registry import game_name, game_spec, spec_of
from ..errors import DoubleseptError
from ..flip7 import odds as flip7_odds
from .double_seven_try import DoubleSevenTryMoves
from .flip7 import Flip7TryMoves
from .flip7_editor import Flip7Editor
from .page_link import PageLink
from .sevens import SevensTryMoves
from .sevens_editor import SevensEditor
from .text import printable

__all__ = ["Change", "Referee", "compare", "preset_values", "reading_switches", "with_options"]

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
    "edit_clicks": ("Set up by clicks", "Préparer par clics"),
    "edit_clicks_tip": (("Show the click editor: put each card where it is, the turn, the "
                         "players; every edit is checked by the engine"),
                        ("Afficher l'éditeur par clics : chaque carte à sa place, le tour, les "
                         "joueurs ; le moteur vérifie chaque modification")),
    "edited": ("Position set up by clicks: the table below is its moves.",
               "Position préparée par clics : le tableau ci-dessous en donne les coups."),
    "bad_link": ("This link does not open, the position stays: {why}",
                 "Ce lien ne s'ouvre pas, la position reste : {why}"),
    # the rulings' switches
    "default": ("{value} (default)", "{value} (par défaut)"),
    "switch_tip": (("{what} (rule {rule}, ruling {ruling}): switch it to read the position the "
                    "other way"),
                   ("{what} (règle {rule}, décision {ruling}) : changez-la pour relire la "
                    "position autrement")),
    "switched": ("Position read again under {reading}.", "Position relue avec {reading}."),
    "preset": ("Preset", "Préréglage"),
    "custom": ("none", "aucun"),
    "preset_tip": (("A set of readings the game names (its presets): pick one to read the "
                    "position under all of them at once"),
                   ("Un ensemble de lectures que le jeu nomme (ses préréglages) : choisissez-en "
                    "un pour relire la position avec toutes à la fois")),
    "cannot": ("This reading cannot apply to this position, the switch goes back: {why}",
               "Cette lecture ne s'applique pas à cette position, l'option revient : {why}"),
    "reading": ("{name}={value} ({words}; rule {rule}, {ruling})",
                "{name}={value} ({words} ; règle {rule}, {ruling})"),
    "no_compare": (("Switch a ruling to compare: every move whose verdict changes is listed "
                    "here and marked in the table."),
                   ("Changez une règle pour comparer : chaque coup dont le verdict change est "
                    "listé ici et marqué dans le tableau.")),
    "same": (("Under {reading} (not {before}): no verdict changes here, and every move leads "
              "to the same."),
             ("Avec {reading} (et non {before}) : aucun verdict ne change ici, et chaque coup "
              "mène au même résultat.")),
    "changes": ("Under {reading} (not {before}): {count} moves change:",
                "Avec {reading} (et non {before}) : {count} coups changent :"),
    "one_change": ("Under {reading} (not {before}): 1 move changes:",
                   "Avec {reading} (et non {before}) : 1 coup change :"),
    "other_gone": ("The reading compared with, {before}, cannot apply to this position: {why}",
                   "La lecture comparée, {before}, ne s'applique pas à cette position : {why}"),
    "verdict_change": ("{move}: {before} → {now}", "{move} : {before} → {now}"),
    "follows_change": ("{move}: what follows changes ({now})",
                       "{move} : la suite change ({now})"),
    "col_changed": ("Changed by the switch", "Changé par l'option"),
    "changed": ("changed", "changé"),
    "unlisted": (("Moves this table does not list under the reading shown (its legal moves "
                  "and the refused moves worth trying), whose verdict changed."),
                 ("Coups que ce tableau ne liste pas avec la lecture affichée (ses coups permis "
                  "et les coups refusés utiles à essayer), dont le verdict a changé.")),
    "was_legal": ("legal", "permis"),
    "was_illegal": ("illegal", "interdit"),
    # the odds under the table
    "odds": ("Exact odds for {name} ({who}): {odds}", "Chances exactes de {name} ({who}) : {odds}"),
    "to_move": ("to move", "qui joue"),
    "turn": ("whose turn it is", "dont c'est le tour"),
    "no_odds": ("No odds: the game is over.", "Pas de chances : la partie est finie."),
    "odds_failed": ("No odds here: {why}", "Pas de chances ici : {why}"),
}

# the try-a-move table of each game, by its registry name
TABLES: dict = {"sevens": SevensTryMoves, "flip7": Flip7TryMoves,
                "doubleseven": DoubleSevenTryMoves}
# the click editor of each game that has one (``Referee(game, editor=True)``)
REFEREE_EDITORS: dict = {"sevens": SevensEditor, "flip7": Flip7Editor}
# where a new referee starts: a fresh deal, dealt up to the first player's choice
STARTS: dict = {"sevens": lambda: sevens.new_game(4, seed=1),
                "flip7": lambda: flip7.new_game(4, seed=1),
                "doubleseven": lambda: double_seven.new_game(3, seed=1)}
# the most moves legal under both readings whose consequences are compared (each is played
# under both): a Double Seven act phase can list hundreds of multi-tile moves
MAX_FOLLOWED = 200
# the changed moves named in the line above the table (all are marked in the table)
MAX_LISTED = 6


def _to_a_player(state):
    """``state`` played through its chance steps up to a player's choice (the first
    outcome each time: the deal the seed gives)."""
    while state.to_move is CHANCE:
        state = state.play(state.legal_moves()[0])
    return state


def reading_switches(game: str) -> tuple:
    """The options of ``game`` that are a choice between readings (a ruling with named
    values), as the game's ``rules.py`` declares them, in its order: ``Option`` values.
    Options that are numbers (rounds, a bonus, chips) are amounts, not readings."""
    return tuple(option for option in game_spec(game).options.options.values()
                 if option.values)


def with_options(state, values: dict):
    """The position of ``state`` read again by its game with the rule options ``values``
    (name -> value) changed: its text (``to_text``) with the ``rules:`` line rewritten, read
    by the game's ``position``. Raises the engine's error (``OptionError``,
    ``NotationError``, ``PositionError``) when the game refuses the options or the position
    cannot happen under them. Nothing here decides a rule."""
    spec = spec_of(state)
    declared = spec.options
    rules: dict = {}
    kept: list = []
    at = 1
    for line in spec.to_text(state).splitlines():
        label, sign, rest = line.partition(":")
        if sign and label.strip().lower() == "rules":
            rules = declared.read_text(rest)
            at = len(kept)
        else:
            kept.append(line)
    rules.update(values)
    written = ", ".join(f"{name}={value}" for name, value in rules.items()
                        if name not in declared.options
                        or value != declared.options[name].default)
    if written:
        kept.insert(at, f"rules: {written}")
    return spec.position("\n".join(kept))


def preset_values(game: str, preset: str) -> dict:
    """The rule options a preset of ``game`` sets, for ``with_options``: every reading
    (``reading_switches``) and every number some preset sets (Sevens' chips: fan-tan deals
    200, the others none), at the preset's value or else its default. The other numbers
    (a match's rounds, a bonus) stay as the position has them. OptionError for a preset the
    game does not have (the game's own words)."""
    declared = game_spec(game).options
    resolved = declared.resolve({}, preset)
    named = {name for values in declared.presets.values() for name in values}
    return {name: resolved[name] for name, option in declared.options.items()
            if option.values or name in named}


def _preset_of(state) -> str:
    """The first preset of the game whose readings are ``state``'s rules; "" for none."""
    spec = spec_of(state)
    values = state.rules.as_dict()
    for preset in spec.options.presets:
        if all(values[name] == value for name, value in
               preset_values(spec.name, preset).items()):
            return preset
    return ""


class Change(NamedTuple):
    """A move whose verdict or consequences differ between two readings of one position:
    ``move`` (the move value, of the position shown), ``legal`` and ``rule`` under the
    reading shown and ``was_legal`` and ``was_rule`` under the other one, ``follows`` (the
    first event or decision that differs after the move, as ``(en, fr)``; None when only
    the verdict changes)."""

    move: object
    legal: bool
    rule: str | None
    was_legal: bool
    was_rule: str | None
    follows: tuple | None


def _outcome(state, move) -> tuple:
    """What ``move`` leads to in ``state``: its events and the decision after it."""
    try:
        after = state.play(move)
    except DoubleseptError as error:  # legal, yet no card left to draw: the engine's words
        return ((("error", str(error), str(error)),), None)
    decision = after.decision
    return (tuple((e.kind, e.en, e.fr) for e in after.events),
            None if decision is None else (decision.en, decision.fr))


def _first_difference(now: tuple, before: tuple) -> tuple:
    """The first event (or else the decision) of ``now`` that ``before`` does not have."""
    events, decision = now
    for event in events:
        if event not in before[0]:
            return event[1].rstrip("."), event[2].rstrip(".")
    if decision is not None and decision != before[1]:
        return decision
    missing = [e for e in before[0] if e not in events]
    if missing:
        return f"no more: {missing[0][1]}", f"plus de : {missing[0][2]}"
    return "the same events, in another order", "les mêmes événements, dans un autre ordre"


def compare(now, before) -> list:
    """The moves whose verdict or consequences differ between ``now`` and ``before``, one
    position under two readings (``Change`` values, in the order ``now`` lists its
    verdicts, then the moves only ``before`` lists). The consequences of at most
    ``MAX_FOLLOWED`` moves legal under both are compared."""
    verdicts = {v.move: v for v in now.verdicts()}
    was = {v.move: v for v in before.verdicts()}
    moves = list(verdicts) + [m for m in was if m not in verdicts]
    changes = []
    both_legal = []
    for move in moves:
        v = verdicts.get(move) or now.check(move)
        w = was.get(move) or before.check(move)
        if v.legal != w.legal:
            changes.append(Change(move, v.legal, v.rule_id, w.legal, w.rule_id, None))
        elif v.legal:
            both_legal.append(move)
    if len(both_legal) <= MAX_FOLLOWED:
        for move in both_legal:
            then, was_then = _outcome(now, move), _outcome(before, move)
            if then != was_then:
                v = verdicts.get(move) or now.check(move)
                changes.append(Change(move, True, v.rule_id, True, v.rule_id,
                                      _first_difference(then, was_then)))
    order = {move: i for i, move in enumerate(moves)}
    # the verdicts first, then the consequences
    return sorted(changes, key=lambda c: (c.follows is not None, order[c.move]))


class _Marked:
    """A try-a-move table of the referee: its rows as the game draws them, then a last
    column, "Changed by the switch", on each row holding a move whose verdict or
    consequences change under the reading compared (given by ``marks``, a function of the
    state shown: ``{move's text: cell}``)."""

    def __init__(self, state, *args, marks=None, **kwargs):
        self._marks = marks
        super().__init__(state, *args, **kwargs)

    def _candidates(self, state, seen):
        table = super()._candidates(state, seen)
        marks = self._marks(state) if self._marks is not None else None
        if not marks or not table["groups"]:
            return table
        before = len(table.get("columns") or [])
        table["columns"] = [*(table.get("columns") or []), self.word("col_changed")]
        listed = set()
        for group in table["groups"]:
            sends = [m["send"] for m in group["moves"]]
            listed.update(sends)
            group["extra"] = [*(group.get("extra") or [None] * before),
                              self._cell([marks[s] for s in sends if s in marks])]
        unlisted = [cell for send, cell in marks.items() if send not in listed]
        if unlisted:  # moves the game's table does not list under this reading
            row = self.summary_row(*self._words["unlisted"])
            row.update(key="unlisted", verdict=self.word("changed"),
                       extra=[*[None] * before, self._cell(unlisted)])
            table["groups"].append(row)
        return table

    def _cell(self, cells: list) -> dict | None:
        """One cell of the column of changes: the changes of its moves, (en, fr) each."""
        if not cells:
            return None
        return self.texts("; ".join(en for en, _ in cells), "; ".join(fr for _, fr in cells))


# the words the referee's tables add to their game's
TABLE_WORDS = {key: WORDS[key] for key in ("col_changed", "changed", "unlisted")}


class RefereeSevensTable(_Marked, SevensTryMoves):
    """Sevens' try-a-move table, with the referee's column of changes."""

    WORDS: ClassVar[dict] = {**SevensTryMoves.WORDS, **TABLE_WORDS}


class RefereeFlip7Table(_Marked, Flip7TryMoves):
    """Flip 7's try-a-move table, with the referee's column of changes."""

    WORDS: ClassVar[dict] = {**Flip7TryMoves.WORDS, **TABLE_WORDS}


class RefereeDoubleSevenTable(_Marked, DoubleSevenTryMoves):
    """Double Seven's try-a-move table, with the referee's column of changes."""

    WORDS: ClassVar[dict] = {**DoubleSevenTryMoves.WORDS, **TABLE_WORDS}


REFEREE_TABLES: dict = {"sevens": RefereeSevensTable, "flip7": RefereeFlip7Table,
                        "doubleseven": RefereeDoubleSevenTable}


class Referee(ipywidgets.VBox):
    """A position of ``game`` ("sevens", "flip7", "doubleseven", in any spelling
    ``game_name`` reads), its moves under each reading of its disputed rules, and a link to
    share it. Start from ``state`` (a game state), ``position`` (its text) or ``link`` (a
    link's token or address), else from a fresh deal. ``lang`` is "en", "fr" or "both", as
    for every widget.

    Python API, the same path as the clicks: ``use(text)`` (True if the position was read;
    else ``message`` says why, and ``state`` is unchanged), ``ask(move)``, ``copy_link()``
    (the link's token, also shown in ``link_box``), ``open_link(text)``, ``switch(name,
    value)`` (read the position again under another reading; False, with the engine's
    reason in ``message``, if it cannot apply), ``state``, ``table`` (the game's try-a-move
    widget), ``message``, ``switches`` (name -> its drop-down), ``changes`` (the moves that
    change against the reading compared, ``Change`` values) and its words ``changes_text``,
    ``odds_text`` (Flip 7: the exact odds of the player to move).

    ``editor=True`` (a game with a click editor, ``REFEREE_EDITORS``: Sevens, Flip 7): a "Set up by
    clicks" toggle shows the editor (``editor``, hidden at first, ``show_editor()``) under the
    text. Each edit it accepts is the position shown (its moves in the table, its text in
    the box), and a position used, opened, switched or played here is the editor's. A game
    without one raises ``DoubleseptError``.

    ``page_link=True`` (the referee pages, notebooks/referee-*.md): once drawn, the page's own
    address is read (``page_link``, a ``PageLink``); a link it carries (``#ds1...`` or
    ``?position=``) is opened as ``open_link`` opens one, and "Copy link" writes the page's
    whole address with the link, not only the token.
    """

    WORDS: ClassVar[dict] = WORDS

    def __init__(self, game: str = "sevens", *, state=None, position: str | None = None,
                 link: str | None = None, lang: str = "both", page_link: bool = False,
                 editor: bool = False, **kwargs):
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
        if editor and self.game not in REFEREE_EDITORS:
            raise DoubleseptError(f"{self.game} has no click editor yet: set its position up "
                                  f"in the text box (the editors: "
                                  f"{', '.join(REFEREE_EDITORS)})")
        # the reading compared with (option name -> its value there), set by a switch
        self._before: dict = {}
        self._compared = None  # (state, [Change] or None, error or None), for the last state
        table_options = {"analysis_switch": True} if self.game == "sevens" else {}
        self.table = REFEREE_TABLES[self.game](start, lang=lang, marks=self._marks,
                                               **table_options)
        self.text_box = ipywidgets.Textarea(value=start.to_text(), rows=6,
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
        self.move_box = ipywidgets.Text(value="", placeholder=self._word("move"),
                                        layout=ipywidgets.Layout(flex="1 1 auto", width="auto"))
        self.ask_button = ipywidgets.Button(description=self._word("ask"))
        self.ask_button.on_click(lambda _: self.ask(self.move_box.value))
        self._syncing = False  # True while the referee gives its position to the editor
        self.editor = None
        self.editor_button = None
        buttons = [self.use_button, self.link_button, self.open_button]
        if editor:
            self.editor = REFEREE_EDITORS[self.game](state=start, lang=lang)
            self.editor.on_change(self._edited)
            self.editor.layout.display = "none"
            self.editor_button = ipywidgets.ToggleButton(
                value=False, description=self._word("edit_clicks"),
                tooltip=self._word("edit_clicks_tip"))
            self.editor_button.observe(
                lambda change: self.show_editor(change["new"]), names="value")
            buttons.append(self.editor_button)
        self.reply = ipywidgets.Label(value="", layout=ipywidgets.Layout(width="100%"))
        self.reply.add_class("ds-referee-reply")
        self._switching = False  # True while Python sets the switches (no flip then)
        self.switches = self._make_switches(start)
        self.preset_switch = self._make_preset_switch(start)
        self.changes_label = ipywidgets.Label(value="", layout=ipywidgets.Layout(width="100%"))
        self.changes_label.add_class("ds-referee-changes")
        self.changes_items = ipywidgets.Label(value="", layout=ipywidgets.Layout(width="100%"))
        self.changes_items.add_class("ds-referee-changed")
        self.odds_label = ipywidgets.Label(value="", layout=ipywidgets.Layout(width="100%"))
        self.odds_label.add_class("ds-referee-odds")
        self.table.observe(self._played, names="_view")
        half = ipywidgets.Layout(width="50%", min_width="0")
        side = ipywidgets.VBox([
            ipywidgets.HBox(buttons, layout=ipywidgets.Layout(flex_flow="row wrap")),
            ipywidgets.HBox([self.move_box, self.ask_button]), self.link_box], layout=half)
        # the switches side by side, wrapping: a compact block above the table
        switch_grid = ipywidgets.HBox([self.preset_switch, *self.switches.values()],
                                      layout=ipywidgets.Layout(
            flex_flow="row wrap", width="100%"))
        switch_grid.add_class("ds-referee-switches")
        super().__init__([
            ipywidgets.Label(self._word("position")),
            ipywidgets.HBox([ipywidgets.VBox([self.text_box], layout=half), side]),
            *([self.editor] if self.editor is not None else []), self.reply, switch_grid, self.changes_label, self.changes_items, self.table,
            self.odds_label],
            **kwargs)
        # page_link: open the link the page's own address carries (PageLink, drawn as
        # nothing), and copy whole addresses of this page
        self.page_link = PageLink(self.open_link) if page_link else None
        if self.page_link is not None:
            self.children = (*self.children, self.page_link)
        self.add_class("ds-referee")
        self._shown()
        if self._asked is not None:
            self.ask(self._asked)

    # ---- what a user does

    @property
    def state(self):
        return self.table.state

    @property
    def message(self) -> str:
        return self.reply.value

    @property
    def changes(self) -> list:
        """The moves of the position shown whose verdict or consequences differ under the
        reading compared (the one before the last switch), as ``Change`` values; [] when
        nothing was switched, or nothing changes."""
        found = self._comparison(self.state)
        return list(found[1] or [])

    @property
    def changes_text(self) -> str:
        """The lines above the table, as one: what was switched, and the moves that change."""
        items = self.changes_items.value
        return f"{self.changes_label.value} {items}" if items else self.changes_label.value

    @property
    def odds_text(self) -> str:
        return self.odds_label.value

    def use(self, text) -> bool:
        """Read ``text`` as a position of this game and show its moves; on a position that
        does not read or cannot happen, say the engine's reason and keep the last one."""
        try:
            state = game_spec(self.game).position(text)
        except DoubleseptError as error:
            self._say("refused", error)
            return False
        self._show(state)
        self._asked = None
        self._say("used")
        return True

    def show_editor(self, on: bool = True) -> None:
        """Show (or hide) the click editor, as its toggle does."""
        if self.editor is None:
            raise DoubleseptError(f"this referee ({self.game}) has no click editor")
        on = bool(on)
        self.editor.layout.display = None if on else "none"
        if self.editor_button.value != on:
            self.editor_button.value = on

    def _edited(self, state) -> None:
        """An edit the editor accepted: its position is the one shown."""
        if self._syncing:
            return
        self._show(state)
        self._asked = None
        self._say("edited")

    def switch(self, name: str, value) -> bool:
        """Read the position shown again with the rule option ``name`` set to ``value`` (as
        a flip of its switch does): the moves whose verdict or consequences change against
        the reading before are listed and marked. False, with the engine's reason in the
        message and the switch back where it was, when the game refuses the option or the
        position cannot happen under it."""
        if name not in self.state.rules.as_dict():
            self._say("cannot", DoubleseptError(f"{self.game} has no rule option {name!r}"))
            return False
        return self._switch_to({name: value})

    def use_preset(self, preset: str) -> bool:
        """Read the position shown again under one of the game's presets (its named set of
        readings, as the "Preset" drop-down does): every reading the preset leaves alone
        goes back to its default, and the preset's own values are set (Sevens' fan-tan: 200
        chips each). False, with the engine's reason, when it cannot apply here."""
        try:
            values = preset_values(self.game, preset)
        except DoubleseptError as error:
            self._say("cannot", error)
            self._set_switches(self.state)
            return False
        return self._switch_to(values)

    def _switch_to(self, values: dict) -> bool:
        state = self.state
        current = state.rules.as_dict()
        if all(current[name] == value for name, value in values.items()):
            self._set_switches(state)
            return True
        try:
            switched = with_options(state, values)
        except DoubleseptError as error:
            self._say("cannot", error)
            self._set_switches(state)
            return False
        before = {k: v for k, v in current.items() if switched.rules.as_dict()[k] != v}
        self._before = before
        self._show(switched)
        en, fr = self._reading_words(switched.rules.as_dict(), before)
        self._reply(self._both(self.WORDS["switched"][0].format(reading=en),
                               self.WORDS["switched"][1].format(reading=fr)))
        return True

    def copy_link(self) -> str:
        """The link of the position shown (and of the move last asked there, if any), put
        in the link box to be copied."""
        token = to_link(self.state, self._asked)
        if self.page_link is not None:  # the page's whole address, once the page said it
            token = self.page_link.whole(token)
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
        self._show(state)
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
        self._reply(self._both(en, fr))
        return verdict.legal

    # ---- inside: the switches

    def _make_switches(self, state) -> dict:
        """One drop-down per reading the game declares, set to the state's rules."""
        switches = {}
        fr = self._lang == "fr"
        values = state.rules.as_dict()
        for option in reading_switches(self.game):
            choices = [(self.WORDS["default"][1 if fr else 0].format(value=value)
                        if value == option.default else str(value), value)
                       for value in option.values]
            words = option.fr if fr else option.en
            tip = self.WORDS["switch_tip"][1 if fr else 0].format(
                what=words, rule=option.rule_id, ruling=option.ruling)
            name = option.fr if fr else option.name.replace("_", " ")
            switch = ipywidgets.Dropdown(
                options=choices, value=values[option.name],
                description=f"{option.ruling} {name[0].upper()}{name[1:]}", tooltip=tip,
                style={"description_width": "initial"},
                layout=ipywidgets.Layout(width="auto", margin="0 14px 2px 0"))
            switch.add_class("ds-referee-switch")
            switch.observe(self._flipped(option.name), names="value")
            switches[option.name] = switch
        return switches

    def _make_preset_switch(self, state) -> ipywidgets.Dropdown:
        """The drop-down of the game's presets ("custom" when none matches the rules)."""
        fr = self._lang == "fr"
        presets = game_spec(self.game).options.presets
        switch = ipywidgets.Dropdown(
            options=[(self.WORDS["custom"][1 if fr else 0], ""), *((p, p) for p in presets)],
            value=_preset_of(state), description=self.WORDS["preset"][1 if fr else 0],
            tooltip=self.WORDS["preset_tip"][1 if fr else 0],
            style={"description_width": "initial"},
            layout=ipywidgets.Layout(width="auto", margin="0 14px 2px 0"))
        switch.add_class("ds-referee-preset")
        switch.observe(self._preset_picked, names="value")
        return switch

    def _preset_picked(self, change) -> None:
        if not self._switching and change["new"]:
            self.use_preset(change["new"])

    def _flipped(self, name: str):
        def flipped(change) -> None:
            if not self._switching:
                self.switch(name, change["new"])
        return flipped

    def _set_switches(self, state) -> None:
        """The switches show ``state``'s rules (no flip is read from it)."""
        values = state.rules.as_dict()
        self._switching = True
        try:
            for name, switch in self.switches.items():
                if switch.value != values[name]:
                    switch.value = values[name]
            preset = _preset_of(state)
            if self.preset_switch.value != preset:
                self.preset_switch.value = preset
        finally:
            self._switching = False

    def _reading_words(self, values: dict, names) -> tuple:
        """The readings of the options ``names`` under ``values``, in English and French."""
        declared = game_spec(self.game).options.options
        en, fr = [], []
        for name in names:
            option, value = declared[name], values[name]
            words = option.words.get(value) or (option.en, option.fr)
            for out, template, said in ((en, self.WORDS["reading"][0], words[0]),
                                        (fr, self.WORDS["reading"][1], words[1])):
                out.append(template.format(name=name, value=value, words=said,
                                           rule=option.rule_id, ruling=option.ruling))
        return ", ".join(en), ", ".join(fr)

    # ---- inside: the comparison

    def _comparison(self, state) -> tuple:
        """``(state, changes, error)`` for ``state`` against the reading compared: changes
        None when nothing was switched or the other reading cannot apply (``error`` says
        why). Remembered for the last state."""
        found = self._compared
        if found is not None and found[0] is state and found[3] == self._before:
            return found
        changes, error = None, None
        values = state.rules.as_dict()
        before = {k: v for k, v in self._before.items() if values.get(k, v) != v}
        if before:
            try:
                other = with_options(state, before)
            except DoubleseptError as err:
                error = err
            else:
                changes = compare(state, other)
        self._compared = (state, changes, error, dict(self._before), before)
        return self._compared

    def _marks(self, state) -> dict:
        """The table's column of changes: ``{move's text: (en, fr)}`` (``_Marked``)."""
        changes = self._comparison(state)[1]
        if not changes:
            return {}
        return {self.table.move_text(c.move): self._change_words(state, c) for c in changes}

    def _change_words(self, state, change: Change) -> tuple:
        move_en = self.table.move_text(change.move)
        move_fr = self.table.move_text(change.move, "fr")
        if change.follows is not None:
            return (self.WORDS["follows_change"][0].format(move=move_en, now=change.follows[0]),
                    self.WORDS["follows_change"][1].format(move=move_fr, now=change.follows[1]))
        out = []
        same_rule = change.rule == change.was_rule
        for lang, move in ((0, move_en), (1, move_fr)):
            def said(legal, rule, lang=lang):
                word = self.WORDS["was_legal" if legal else "was_illegal"][lang]
                return f"{word} [{rule}]" if rule and not same_rule else word
            words = self.WORDS["verdict_change"][lang].format(
                move=move, before=said(change.was_legal, change.was_rule),
                now=said(change.legal, change.rule))
            out.append(f"{words} [{change.rule}]" if same_rule and change.rule else words)
        return tuple(out)

    def _changes_lines(self, state) -> tuple:
        """The two lines above the table: what was switched and how many moves change, then
        those moves (the first ``MAX_LISTED``; '' when none)."""
        _, changes, error, _, before = self._comparison(state)
        if not before:
            return self._word("no_compare"), ""
        values = state.rules.as_dict()
        now = ", ".join(f"{k}={values[k]}" for k in before)
        was = ", ".join(str(v) for v in before.values())
        if error is not None:
            was = ", ".join(f"{k}={v}" for k, v in before.items())
            return self._both(
                self.WORDS["other_gone"][0].format(before=was, why=_reason(error, 0)),
                self.WORDS["other_gone"][1].format(before=was, why=_reason(error, 1))), ""
        if not changes:
            en, fr = self.WORDS["same"]
            return self._both(en.format(reading=now, before=was),
                              fr.format(reading=now, before=was)), ""
        words = [self._change_words(state, c) for c in changes]
        more = len(words) - MAX_LISTED
        items_en = "; ".join(w[0] for w in words[:MAX_LISTED]) + (
            f"; {more} more in the table" if more > 0 else "")
        items_fr = " ; ".join(w[1] for w in words[:MAX_LISTED]) + (
            f" ; {more} de plus dans le tableau" if more > 0 else "")
        en, fr = self.WORDS["one_change" if len(changes) == 1 else "changes"]
        return (self._both(en.format(reading=now, before=was, count=len(changes)),
                           fr.format(reading=now, before=was, count=len(changes))),
                self._both(items_en + ".", items_fr + "."))

    # ---- inside: the odds

    def _odds_line(self, state) -> str:
        """Flip 7: the exact odds of the player to move (or, at a chance step, of the
        player whose turn it is), from that player's observation."""
        if self.game != "flip7":
            return ""
        seat, who = state.to_move, "to_move"
        if seat is CHANCE or seat is None:
            seat, who = state.turn, "turn"
        if seat is None:
            return self._word("no_odds")
        try:
            exact = flip7_odds.exact_odds(state.observation(seat), seat)
        except DoubleseptError as error:  # the engine's own words, never a traceback
            return self._both(self.WORDS["odds_failed"][0].format(why=_reason(error, 0)),
                              self.WORDS["odds_failed"][1].format(why=_reason(error, 1)))
        en, fr = self.WORDS["odds"]
        name = state.names[seat]
        return self._both(en.format(name=name, who=self.WORDS[who][0], odds=exact.text("en")),
                          fr.format(name=name, who=self.WORDS[who][1], odds=exact.text("fr")))

    # ---- inside

    def _show(self, state) -> None:
        """Show ``state``: the table, its text, the switches, the changes and the odds."""
        self.table.state = state
        self._shown()

    def _shown(self) -> None:
        state = self.table.state
        text = state.to_text()
        if text != self.text_box.value:
            self.text_box.value = text
        self._set_switches(state)
        head, items = self._changes_lines(state)
        self.changes_label.value = printable(head, 400)
        self.changes_items.value = printable(items, 1000)
        self.changes_items.tooltip = self.changes_items.value  # the whole line, if it is cut
        self.changes_items.layout.display = None if items else "none"
        self.odds_label.value = printable(self._odds_line(state), 400)
        if self.editor is not None and not self._syncing:
            self._syncing = True
            try:
                self.editor.state = state
            finally:
                self._syncing = False

    def _played(self, _change) -> None:
        """A move played (or undone) in the table: the box shows the new position, and the
        changes and odds follow."""
        self._shown()

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
            en = en.format(why=_reason(error, 0))
            fr = fr.format(why=_reason(error, 1))
        self._reply(self._both(en, fr))

    def _reply(self, text: str) -> None:
        """The reply, a line of plain text; its tooltip holds it whole when the line is cut."""
        self.reply.value = self.reply.tooltip = printable(text, 400)


def _reason(error: Exception, lang: int) -> str:
    """The engine's reason of ``error``: English (0) or French (1, where it has one)."""
    return getattr(error, "reason_fr" if lang else "reason_en", str(error))
