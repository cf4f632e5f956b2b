"""What every click position editor shares (issue 24, point 1): ``PositionEditor``.

An editor holds a *draft* (a game's ``NamedTuple`` with at least ``names`` and ``turn``): each
edit makes a new draft, which the game writes in its notation and reads back with its own
``position()``. A draft the engine refuses is refused with the engine's own message, and the
draft, ``state`` and the text stay the last possible position. This module holds the
plumbing, no rule and no game: the history of edits and their undo, the text box (an edit
updates the text; a text read updates the board), the refusals, ``on_change``, the players'
names (added, renamed), the turn, the length limit of each text field, and the convenience of
the turn (an edit the engine refuses for the turn only moves the turn to the first seat the
engine accepts, or to nobody, and the reply quotes the engine's reason).

A game's editor (``SevensEditor``, ``Flip7Editor``) subclasses ``PositionEditor`` and gives:
``_read(draft)`` (the draft's position, or the engine's error), ``_read_text(text)`` (a text
as a draft and its state), ``_draft_of(state)``, ``_shown_text(draft, state)`` (the text the
page shows), ``_check_names(names)`` (the engine's check of the players' names),
``_with_player(draft, name)`` (the draft with one more player), ``_picture()`` (the still
picture above the text) and its ``WORDS`` (``{**EDITOR_WORDS, ...}``), ``FIELD_LIMITS`` and
``NAMES`` (the default names of a player added).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import ClassVar, NamedTuple

from ..errors import DoubleseptError
from .base import GameWidget, _asset, fill, short

__all__ = ["EDITOR_WORDS", "MAX_HISTORY", "PositionEditor", "marked_or_plain", "seat_after"]

MAX_HISTORY = 200  # edits undo can take back


def marked_or_plain(marked, plain, state, read) -> tuple:
    """``(marked, state)`` when the draft that keeps a text's marks (``Name: ...``, a
    ``discards: ...``) reads back (``read``) as ``state``, else ``(plain, state)``: every card
    written where it is (never expected)."""
    try:
        if read(marked) == state:
            return marked, state
    except DoubleseptError:
        pass
    return plain, state


def seat_after(index: int | None, removed: int, players: int) -> int | None:
    """A seat once the player at ``removed`` has left (``players`` are left): the seats after
    it move down one, the removed seat's own goes to the player after (the first, if it was
    the last); None stays None."""
    if index is None:
        return None
    return index - 1 if index > removed else min(index, players - 1)


class _Said(NamedTuple):  # a line under a reply, in English and French (base._say's events)
    en: str
    fr: str


# the labels every editor uses: key -> (English, French)
EDITOR_WORDS = {
    "add_player": ("+ Player", "+ Joueur"),
    "add_player_label": ("add a player", "ajouter un joueur"),
    "undo_edit": ("↶ Undo", "↶ Annuler"),
    "undo_edit_label": ("undo the last edit", "annuler la dernière modification"),
    "actions_label": ("edits", "modifications"),
    "presets_label": ("rules", "règles"),
    "preset_label": ("rules: {preset}", "règles : {preset}"),
    "name_label": ("{name}'s name", "nom {de_name}"),
    "to_play_tag": ("to play", "à jouer"),
    "to_play_label": ("{name} to play", "{name} à jouer"),
    "remove": ("✕", "✕"),
    "remove_label": ("remove {name}", "retirer {name}"),
    "dealer": ("dealer", "donneur"),
    "text_label": ("The position in the notation (edit it or paste one, then read it)",
                   "La position dans la notation (modifiez-la ou collez-en une, puis lisez-la)"),
    "read": ("Read this text", "Lire ce texte"),
    "message_box": ("the reply, scrolling", "la réponse, défilante"),
    "read_label": ("read the position's text", "lire le texte de la position"),
    # replies
    "turn_set": ("{name} is to play.", "{name} doit jouer."),
    "turn_none": ("Nobody is to play: the round is over.",
                  "Personne ne joue : la manche est finie."),
    "added": ("{name} joins the table.", "{name} rejoint la table."),
    "renamed": ("{old} is now called {name}.", "{old} s'appelle maintenant {name}."),
    "preset_set": ("The rules are now {preset}.", "Les règles sont maintenant {preset}."),
    "read_ok": ("Position read.", "Position lue."),
    "undone": ("Last edit undone.", "Dernière modification annulée."),
    "nothing_to_undo": ("Nothing to undo.", "Rien à annuler."),
    "stays": ("Refused: the last possible position stays.",
              "Refusé : la dernière position possible reste."),
    "turn_moved": ("The turn goes to {name}, because with {old} to play: {why}",
                   "Le tour passe à {name}, car avec {old} au jeu : {why}"),
    "turn_ended": ("Nobody is to play now, because with {old} to play: {why}",
                   "Personne ne joue maintenant, car avec {old} au jeu : {why}"),
    "nobody": ("nobody", "personne"),
}


class PositionEditor(GameWidget):
    """A position set up by clicks, checked by the engine at each edit. See the module's
    docstring for what a game adds."""

    FIELD_LIMITS: ClassVar[dict] = {}  # the longest each text field of a message may be
    NAMES: ClassVar[tuple] = ()  # the names a player added takes, the first one free
    # True: the page joins widgets/editor_common.js and .css (the editors' shared drawing)
    # between common.js and the game's module, and common.css and the game's styles
    shared_assets: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.shared_assets and cls.__dict__.get("module"):
            cls._esm = _asset("common.js", "editor_common.js", cls.module)
        if cls.shared_assets and cls.__dict__.get("styles"):
            cls._css = _asset("common.css", "editor_common.css", cls.styles)

    def __init__(self, state=None, *, position: str | None = None, lang: str = "both",
                 compact: bool | None = None, **kwargs):
        if state is not None and position is not None:
            raise DoubleseptError("start from a state or from a position's text, not both")
        if state is not None:
            draft, state = self._from_state(self._checked(state))
        elif position is not None:
            draft, state = self._read_text(position)
        else:
            draft, state = self._scratch()
        self._draft = draft
        self._text = self._shown_text(draft, state)
        self._typed: str | None = None  # a text refused: the box keeps it, to be fixed
        self._history: list = []
        self._callbacks: list = []
        self._refusal = ""
        super().__init__(state, True, lang=lang, compact=compact, **kwargs)

    # ---- Python side

    @property
    def state(self):
        """The last possible position (a root position: no history behind it)."""
        return self._state

    @state.setter
    def state(self, state) -> None:
        draft, state = self._from_state(self._checked(state))
        self._accept(draft, state, None)

    @property
    def draft(self):
        return self._draft

    @property
    def text(self) -> str:
        """The position's text, as the page shows it."""
        return self._text

    @property
    def refusal(self) -> str:
        """The engine's message for the last edit refused; '' after an edit accepted."""
        return self._refusal

    def on_change(self, callback: Callable) -> Callable:
        """Call ``callback(state)`` after each edit that changes the position (a referee's
        try-a-move table, say). Returns ``callback``, so it can decorate a function."""
        if not callable(callback):
            raise TypeError(f"on_change needs a function, not {short(callback)}")
        self._callbacks.append(callback)
        return callback

    # the same path as the clicks
    def set_turn(self, who) -> bool:
        """``who``: a seat number, a name, or None (nobody: the round is over)."""
        seat = -1 if who is None else self._seat_of(who)
        return self.handle_message({"intent": "turn", "seat": seat})

    def add_player(self) -> bool:
        return self.handle_message({"intent": "add_player"})

    def remove_player(self, who) -> bool:
        return self.handle_message({"intent": "remove_player", "seat": self._seat_of(who)})

    def rename(self, who, name) -> bool:
        return self.handle_message({"intent": "rename", "seat": self._seat_of(who),
                                    "name": name})

    def set_preset(self, preset) -> bool:
        return self.handle_message({"intent": "preset", "preset": preset})

    def read(self, text) -> bool:
        return self.handle_message({"intent": "text", "text": text})

    def undo_edit(self) -> bool:
        return self.handle_message({"intent": "undo_edit"})

    def _seat_of(self, who):
        if isinstance(who, str) and who in self._draft.names:
            return self._draft.names.index(who)
        return who

    # ---- messages: each text field has its own length limit

    def handle_message(self, content) -> bool:
        if isinstance(content, dict):
            intent = content.get("intent")
            fields = self.intents.get(intent, {}) if isinstance(intent, str) else {}
            for name in fields:
                value = content.get(name)
                limit = self.FIELD_LIMITS.get(name, self.max_text)
                if isinstance(value, str) and len(value) > limit:
                    return self._refuse(
                        f"{name!r} is too long ({len(value)} characters, at most {limit})",
                        f"{name!r} est trop long ({len(value)} caractères, au plus {limit})")
        return super().handle_message(content)

    # ---- what a game gives (see the module's docstring)

    @staticmethod
    def _read(draft):
        raise NotImplementedError

    @staticmethod
    def _read_text(text: str):
        raise NotImplementedError

    @staticmethod
    def _draft_of(state):
        raise NotImplementedError

    @classmethod
    def _from_state(cls, state):
        """The draft of ``state`` and its position: a root position, no history behind it."""
        draft = cls._draft_of(state)
        return draft, cls._read(draft)

    @classmethod
    def _scratch(cls):
        raise NotImplementedError

    @staticmethod
    def _shown_text(draft, state) -> str:
        raise NotImplementedError

    @staticmethod
    def _check_names(names) -> None:
        raise NotImplementedError

    def _with_player(self, draft, name: str):
        raise NotImplementedError

    def _picture(self) -> str:
        return ""

    def static_html(self) -> str:
        return self._picture() + f"<pre>{html.escape(self._text)}</pre>"

    # ---- checking a draft with the engine

    @classmethod
    def _turns(cls, draft):
        """The drafts ``_settle`` tries when the engine refuses one: the same with each
        other turn, each seat in order, then nobody."""
        for turn in (*range(len(draft.names)), None):
            if turn != draft.turn:
                yield draft._replace(turn=turn)

    @classmethod
    def _settle(cls, draft):
        """``(draft, state, refused)``: the draft as the engine reads it; if the engine
        refuses it, the first of ``_turns`` it accepts, and ``refused`` the engine's error
        for the turn asked. Raises the engine's error when no turn makes the position
        possible."""
        try:
            return draft, cls._read(draft), None
        except DoubleseptError as first:
            for moved in cls._turns(draft):
                try:
                    return moved, cls._read(moved), first
                except DoubleseptError:
                    continue
            raise first from None

    def _edit(self, draft, en: str, fr: str, *, settle: bool = True, notes: tuple = ()) -> bool:
        """Check ``draft`` with the engine; keep it if possible, else say the engine's
        message and keep the last possible position."""
        old_turn = self._draft.turn
        try:
            if settle:
                draft, state, refused = self._settle(draft)
            else:
                state, refused = self._read(draft), None
        except DoubleseptError as error:
            return self._refused(error)
        said = list(notes)
        if refused is not None:
            names = draft.names
            old = names[old_turn] if old_turn is not None and old_turn < len(names) \
                else self.word("nobody")
            why_en = getattr(refused, "reason_en", str(refused))
            why_fr = getattr(refused, "reason_fr", why_en)
            if draft.turn is None:
                said.append(_Said(self._fill("turn_ended", 0, old=old, why=why_en),
                                  self._fill("turn_ended", 1, old=old, why=why_fr)))
            else:
                name = names[draft.turn]
                said.append(_Said(self._fill("turn_moved", 0, name=name, old=old, why=why_en),
                                  self._fill("turn_moved", 1, name=name, old=old, why=why_fr)))
        self._accept(draft, state, (en, fr, said))
        return True

    def _refused(self, error: Exception) -> bool:
        en = getattr(error, "reason_en", str(error))
        fr = getattr(error, "reason_fr", en)
        self._refusal = en
        self._say("error", en, fr, events=(_Said(*self._words["stays"]),))
        return False

    def _accept(self, draft, state, said) -> None:
        """Keep ``draft`` (possible: ``state`` is its position), remember the one before for
        undo, redraw and tell the ``on_change`` callbacks."""
        before = self._state
        if draft != self._draft:
            self._history.append(self._draft)
            del self._history[:-MAX_HISTORY]
        self._draft = draft
        self._state = state
        self._text = self._shown_text(draft, state)
        self._typed = None
        self._refusal = ""
        if said is None:
            self._message = None
            self._redraw()
        else:
            en, fr, events = said
            self._say("ok", en, fr, events=events)
        if state != before:
            for callback in list(self._callbacks):
                callback(state)

    def _fill(self, key: str, lang: int, **values) -> str:
        return fill(self._words[key][lang], **values)

    def _both(self, key: str, **values) -> tuple[str, str]:
        return self._fill(key, 0, **values), self._fill(key, 1, **values)

    def _note(self, key: str, **values) -> _Said:
        """A line under a reply: a note of what the edit did besides."""
        return _Said(*self._both(key, **values))

    # ---- what a message names: a card, a seat

    def _refused_message(self, error: Exception) -> bool:
        en = getattr(error, "reason_en", str(error))
        fr = getattr(error, "reason_fr", en)
        return self._refuse(en, fr)

    def _parsed(self, parse: Callable, text: str):
        """``parse(text)`` (the engine's reader of a card), or None once the message is
        refused with the engine's words."""
        try:
            return parse(text)
        except DoubleseptError as error:
            self._refused_message(error)
            return None

    def _seat_ok(self, seat: int, allow_none: bool = False) -> bool:
        n = len(self._draft.names)
        if 0 <= seat < n or (allow_none and seat == -1):
            return True
        self._refuse(f"there is no player at seat {short(seat)}: the seats are 0 to {n - 1}",
                     f"il n'y a pas de joueur à la place {short(seat)} : les places vont de 0 "
                     f"à {n - 1}")
        return False

    def _new_names(self, names: tuple) -> bool:
        """The engine's own check of the players' names and their count, before the text is
        written: a name with a ',' or a ':' would not read back."""
        try:
            self._check_names(names)
        except DoubleseptError as error:
            self._refused(error)
            return False
        return True

    # ---- the intents every editor has

    def _intent_turn(self, seat: int) -> bool:
        if not self._seat_ok(seat, allow_none=True):
            return False
        turn = None if seat == -1 else seat
        words = self._both("turn_none") if turn is None else \
            self._both("turn_set", name=self._draft.names[turn])
        return self._edit(self._draft._replace(turn=turn), *words, settle=False)

    def _intent_add_player(self) -> bool:
        draft = self._draft
        taken = {n.lower() for n in draft.names}
        name = next((n for n in self.NAMES if n.lower() not in taken), None)
        k = len(draft.names) + 1
        while name is None:
            if f"player {k}" not in taken:
                name = f"Player {k}"
            k += 1
        names = (*draft.names, name)
        if not self._new_names(names):
            return False
        return self._edit(self._with_player(draft, name), *self._both("added", name=name))

    def _intent_rename(self, seat: int, name: str) -> bool:
        if not self._seat_ok(seat):
            return False
        draft = self._draft
        old = draft.names[seat]
        names = draft.names[:seat] + (name,) + draft.names[seat + 1:]
        if not self._new_names(names):
            return False
        return self._edit(draft._replace(names=names), *self._both("renamed", old=old, name=name),
                          settle=False)

    def _intent_text(self, text: str) -> bool:
        try:
            draft, state = self._read_text(text)
        except DoubleseptError as error:
            self._refused(error)
            self._typed = text  # the box keeps what was typed, to be fixed
            self._redraw()
            return False
        self._accept(draft, state, (*self._both("read_ok"), ()))
        return True

    def _intent_undo_edit(self) -> bool:
        if not self._history:
            self._say("info", *self._both("nothing_to_undo"))
            return False
        draft = self._history.pop()
        state = self._read(draft)  # it was possible when it was kept
        self._draft = draft  # not pushed again: undo walks back
        before = self._state
        self._state = state
        self._text = self._shown_text(draft, state)
        self._typed = None
        self._refusal = ""
        self._say("ok", *self._both("undone"))
        if state != before:
            for callback in list(self._callbacks):
                callback(state)
        return True

    # ---- the view

    def text_view(self) -> dict:
        """The text box's part of the editor's view: the text (what was typed, while a text
        refused waits to be fixed), its id (the page keeps what is being typed until it
        changes) and the labels."""
        return {
            "text": self._typed if self._typed is not None else self._text,
            "text_id": self._message_count if self._typed is not None else self._text,
            "text_label": self.word("text_label"),
            "read": self.word("read"), "read_label": self.word("read_label"),
            "message_box": self.word("message_box"),
        }

    def undo_action(self) -> dict:
        """The undo button of the edits."""
        return {"text": self.word("undo_edit"), "label": self.word("undo_edit_label"),
                "send": {"intent": "undo_edit"}, "key": "undo_edit",
                "disabled": not self._history}
