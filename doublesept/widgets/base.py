"""One widget base for every game: intents, undo and reset, messages, languages, views.

Python holds the state. The browser (``widgets/common.js`` plus the game's own
module) only draws the view built here and sends intents such as
``{"intent": "play", "move": "8♠"}``. Everything the browser sends goes through
``handle_message``: the intent, its fields, their types and their length are
checked, and a refusal shows a short, printable message and leaves ``.state``
as the very same object. A trait the page tries to write is refused the same
way. No rule is decided here: legality, reasons, rule ids, events and the
decision awaited all come from the engine.

A game's widget subclasses ``GameWidget`` and draws only its own table:

- ``state_class``: the state class it shows; ``module`` and ``styles``: its
  ES module and CSS under ``widgets/`` (``common.js`` and ``common.css`` come first);
- ``table_view(state, seen)``: its table as JSON-safe data, built from ``seen``
  (what the viewer may see: the seat's observation, or the whole state for the
  teacher; see ``Seen``);
- optionally ``WORDS`` (its labels in English and French; ``hidden_move`` names a move
  the viewer may not see), ``all_hands``, ``hands_shown`` (whose hands the view shows),
  ``hidden_rows`` (the try-a-move rows when the mover's hand is hidden),
  ``is_public_move`` and ``static_html`` (the picture a saved notebook shows).

What reaches the page (the synced ``_view``, and the ``text/html`` picture a saved
notebook keeps) is only what the viewer may see: the observer's ``state.observation``
(``observer``: the seat, or a spectator when its hand is hidden), the hands of
``hands_shown``, and each move as ``last_move_text`` names it (a tile dealt or drawn
hidden to another seat is "a hidden tile", as the engine's observation says). A reply to
a move refused while the mover's hand is hidden names the rule broken, not the engine's
reason, which may name a card held.

``try_moves = True`` adds the try-a-move table and the play, undo and reset intents:
the legal moves first, then the refused ones, one row per rule (``_grouped``); a row
whose moves have several reasons gives the rule's statement, and unfolds, on the page,
to each move with its own reason. The widget fits a 1280×720 screen (``FIT_HEIGHT``):
a longer table scrolls in its box.

The view reaches the browser as one JSON string (``_view``) in which ``<``, ``>``
and ``&`` are escaped, so a notebook exported to HTML (which embeds widget
state in a ``<script>`` tag) survives any player name.

The base is in four modules: this one (the intents, the messages, the view),
``rows.py`` (the try-a-move rows, ``TryMoveRows``, and ``Seen``), ``text.py`` (safe
text, numbers, labels, JSON for HTML, rule citations) and ``words.py`` (the labels in
English and French). Their names are importable from here too.
"""

from __future__ import annotations

import html
import os
from typing import ClassVar

import anywidget
import traitlets

from .._assets import widget_asset
from ..core.state import CHANCE
from ..errors import DoubleseptError, OptionError
from .rows import Seen, TryMoveRows
from .text import (
    MAX_MESSAGE,
    RULING_CITE,
    citation,
    fill,
    json_for_html,
    number_text,
    printable,
    rulings_in,
    sentence,
    short,
    statement,
)
from .words import BASE_WORDS, LANG_BUTTONS

__all__ = [
    "FIT_HEIGHT",
    "LANGS",
    "MAX_MESSAGE",
    "MAX_TEXT",
    "RULING_CITE",
    "GameWidget",
    "Seen",
    "compact_default",
    "fill",
    "json_for_html",
    "number_text",
    "printable",
    "rulings_in",
    "sentence",
    "short",
]

MAX_TEXT = 32  # longest string a message may carry ("10♠", "pass", "deal" are short)
# The tallest a widget draws by default, in CSS pixels: a 1280×720 screen (a projector) less
# the browser's and JupyterLab's bars (issue 21). A try-a-move table longer than that scrolls
# in its own box (common.js, ``fit``) under the board, which stays in view.
FIT_HEIGHT = 650
# what a message field must be, in words: its type -> (English, French)
_KINDS = {str: ("text", "du texte"), bool: ("true or false", "vrai ou faux"),
          int: ("a whole number", "un nombre entier")}
LANGS = ("en", "fr", "both")


def _asset(*names: str) -> str:
    # Read the text (not a Path) so notebooks never depend on anywidget's file watching;
    # several ES files are joined into the one module anywidget loads.
    return "\n".join(widget_asset(name).read_text(encoding="utf-8") for name in names)


def compact_default() -> bool:
    """The default of a widget's ``compact``: True when the environment variable
    ``DOUBLESEPT_COMPACT`` is "1" (``scripts/classroom.sh --compact`` sets it for a class)."""
    return os.environ.get("DOUBLESEPT_COMPACT", "") == "1"


class GameWidget(TryMoveRows, anywidget.AnyWidget):
    """The base of every game's widget. See the module's docstring for what a game adds."""

    # ---- what a game sets
    state_class: ClassVar[type] = object
    module: ClassVar[str] = ""  # the game's ES module under widgets/, e.g. "sevens.js"
    styles: ClassVar[str] = ""  # the game's CSS under widgets/, e.g. "sevens.css"
    css_class: ClassVar[str] = ""  # the class of the widget's root element, e.g. "ds-sevens"
    WORDS: ClassVar[dict] = {}  # the game's labels: key -> (English, French)
    try_moves: ClassVar[bool] = False  # True: the try-a-move table and its intents
    max_text: ClassVar[int] = MAX_TEXT  # the longest text field a message may carry
    legal_by_rule: ClassVar[bool] = False  # True: the legal moves of one rule share a row

    # intent -> the fields it carries and their types; anything else is refused
    INTENTS: ClassVar[dict] = {"show_hands": {"show": bool}, "lang": {"lang": str}}
    TRY_INTENTS: ClassVar[dict] = {"play": {"move": str}, "undo": {}, "reset": {}}

    # The one synced value the page reads: the view, as JSON text with <, > and & escaped.
    _view = traitlets.Unicode("").tag(sync=True)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("module"):
            cls._esm = _asset("common.js", cls.module)
        if cls.__dict__.get("styles"):
            cls._css = _asset("common.css", cls.styles)

    def __init__(self, state, show_hands: bool = False, *, lang: str = "both",
                 seat: int | None = None, compact: bool | None = None, **kwargs):
        state = self._checked(state)
        self._lang = self._checked_lang(lang)
        # compact (a class's projector): one language line, each rule's source behind its
        # badge; None: the environment's default (``compact_default``)
        self._compact = compact_default() if compact is None else bool(compact)
        self._seat = self._checked_seat(state, seat)
        self._show_hands = bool(show_hands)
        self._state = state
        self.start = state
        self._tried = None  # the move text of the last refused try, to mark its row
        self._message = None
        self._message_count = 0
        self._view_dict: dict = {}
        self._hidden_memo: dict = {}  # (id(state), observer) -> (state, hidden): hides_move
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)
        self._note_events()
        self._redraw()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._state!r}>"

    def _repr_mimebundle_(self, **kwargs):
        data, metadata = super()._repr_mimebundle_(**kwargs)
        # A still picture of the table, for a saved notebook opened without a kernel
        picture = self.static_html()
        rules = self.rules_line()
        if rules:  # the variant rules the table plays by, above it
            picture = f'<div class="ds-rules"><b>{html.escape(rules)}</b></div>{picture}'
        data["text/html"] = picture
        return data, metadata

    # ---- Python side

    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, state) -> None:
        state = self._checked(state)
        if self._seat is not None:
            self._checked_seat(state, self._seat)
        if not any(s is self.start for s in self._line(state)):
            self.start = state  # an unrelated position: it becomes the new start
        self._state = state
        self._tried = None
        self._message = None
        self._note_events()
        self._redraw()

    @property
    def view(self) -> dict:
        """The view last sent to the page, as a dict (read only: build it from the state)."""
        return self._view_dict

    @property
    def message(self) -> str:
        """The last message shown, in English ('' if none)."""
        return self._message["en"] if self._message else ""

    @property
    def show_hands(self) -> bool:
        return self._show_hands

    @show_hands.setter
    def show_hands(self, show: bool) -> None:
        self._show_hands = bool(show)
        if not self._show_hands:  # hidden means hidden: the last reply may name a card held
            self._message = None
            self._tried = None
        self._redraw()

    @property
    def lang(self) -> str:
        """The language of the labels: "en", "fr", or "both" (English, French beneath)."""
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = self._checked_lang(lang)
        self._redraw()

    @property
    def seat(self) -> int | None:
        """The seat whose view this is (only what it sees), or None: the teacher's view."""
        return self._seat

    @property
    def moves(self) -> list[str]:
        """The moves played since ``start``, oldest first, as text ('8♠', 'pass', 'deal').

        Python only: the plain texts name every tile drawn hidden, so they never reach the
        page, which gets ``view["moves_shown"]`` (what this view may name) instead."""
        return [self.move_text(s.last_move) for s in reversed(self._line(self._state)[:-1])]

    def _line(self, state) -> list:
        """The states from ``state`` back to ``start`` (or to the root if start is not on it)."""
        line = [state]
        while state is not self.start and state.parent is not None:
            state = state.parent
            line.append(state)
        return line

    @classmethod
    def _checked(cls, state):
        if not isinstance(state, cls.state_class):
            raise TypeError(f"expected a {cls.state_class.__name__}, not {type(state).__name__}")
        return state

    @staticmethod
    def _checked_lang(lang) -> str:
        if not isinstance(lang, str) or lang not in LANGS:
            raise OptionError(f"lang is 'en', 'fr' or 'both', not {short(lang)}")
        return lang

    @staticmethod
    def _checked_seat(state, seat):
        if seat is not None:
            state.observation(seat)  # the engine refuses a seat that does not exist
        return seat

    # ---- the three try-a-move actions, each the same path as a click

    def play(self, move) -> bool:
        """Play ``move`` (text such as '8♠', '8S', 'pass', or an engine move) as a click would."""
        if not isinstance(move, str) and hasattr(move, "text"):
            move = self.move_text(move)
        return self.handle_message({"intent": "play", "move": move})

    def undo(self) -> bool:
        return self.handle_message({"intent": "undo"})

    def reset(self) -> bool:
        return self.handle_message({"intent": "reset"})

    # ---- messages from the browser

    @property
    def intents(self) -> dict:
        return {**self.INTENTS, **(self.TRY_INTENTS if self.try_moves else {})}

    def set_state(self, sync_data) -> None:
        """The page only sends intents: a trait it tries to write is refused, shown, and re-sent."""
        if not sync_data:
            return
        names = ", ".join(short(k, 24) for k in list(sync_data)[:3])
        if len(sync_data) > 3:
            names += ", …"
        self._say("error", f"Refused: the page tried to change {names} directly; "
                           "this widget only takes clicks.",
                  f"Refusé : la page a tenté de modifier {names} directement ; "
                  "ce widget n'accepte que des clics.")
        keys = [key for key in sync_data if key in self.keys]
        if keys:
            self.send_state(keys)

    def _on_msg(self, _widget, content, _buffers) -> None:
        try:
            self.handle_message(content)
        # A bug must still show up for the teacher, not only in the kernel's log.
        except Exception as err:  # noqa: BLE001
            self._say("error", f"The widget failed: {short(err, 120)}",
                      f"Le widget a échoué : {short(err, 120)}")

    def handle_message(self, content) -> bool:
        """Validate and act on one message from the browser. True if it was accepted."""
        if not isinstance(content, dict):
            return self._refuse(f"a message must be an object with an 'intent', not {short(content)}",
                                f"un message est un objet avec un champ « intent », pas {short(content)}")
        intents = self.intents
        intent = content.get("intent")
        if not isinstance(intent, str) or intent not in intents:
            known = ", ".join(repr(i) for i in intents)
            return self._refuse(f"unknown intent {short(intent)}: this widget knows {known}",
                                f"intention inconnue {short(intent)} : ce widget connaît {known}")
        fields = intents[intent]
        extra = sorted(short(k, 20) for k in content if k != "intent" and k not in fields)
        if extra:
            listed = ", ".join(extra[:3]) + (", …" if len(extra) > 3 else "")
            return self._refuse(f"the {intent!r} message has unexpected fields: {listed}",
                                f"le message {intent!r} a des champs inattendus : {listed}")
        for name, kind in fields.items():
            value = content.get(name)
            if type(value) is not kind:  # a bool is not an int here: True is not seat 1
                what_en, what_fr = _KINDS.get(kind, (kind.__name__, kind.__name__))
                return self._refuse(f"the {intent!r} message needs {name!r} as {what_en}, "
                                    f"not {short(value)}",
                                    f"le message {intent!r} demande que {name!r} soit {what_fr}, "
                                    f"pas {short(value)}")
            if kind is str and len(value) > self.max_text:
                return self._refuse(f"{name!r} is too long ({len(value)} characters, at most "
                                    f"{self.max_text})",
                                    f"{name!r} est trop long ({len(value)} caractères, au plus "
                                    f"{self.max_text})")
        args = [content[name] for name in fields]
        return getattr(self, "_intent_" + intent)(*args)

    def _refuse(self, why_en: str, why_fr: str) -> bool:
        self._say("error", f"Message refused: {why_en}.", f"Message refusé : {why_fr}.")
        return False

    def _say(self, kind: str, en: str, fr: str = "", *, at: str = "controls",
             rule_id: str | None = None, events=(), brief: tuple | None = None,
             reason: str | None = None) -> None:
        """Show a message: ``kind`` "ok", "error" or "info"; ``at`` where the reply goes:
        "controls" (under the buttons), "row" (under the row tried), "table" (above the
        try-a-move rows) or "build" (in the game's own panel that was clicked, Double Seven's
        builder; under the controls when the panel is not drawn). ``rule_id``: the rule the
        reply is about, drawn as a badge that opens its card (never written in the words).
        ``brief`` (English, French): what a reply "at" "row" says instead when the row of
        the move tried, just above it, already gives ``reason`` (English): the reason is
        said once."""
        self._message_count += 1
        self._message = {
            "kind": kind, "en": printable(en), "fr": printable(fr or en), "at": at,
            "rule_id": rule_id, "citation": None if rule_id is None else citation(rule_id),
            "events": [(printable(e.en), printable(e.fr)) for e in events],
            "brief": None if brief is None else (printable(brief[0]), printable(brief[1])),
            "reason": reason,
            "n": self._message_count,
        }
        self._redraw()

    def _say_more(self, said) -> None:
        """The last message again, with ``said`` (``_Said``-like: ``en`` and ``fr``) added to
        its list: the chance steps a move set off."""
        message = self._message
        self._message_count += 1
        self._message = {**message, "n": self._message_count,
                         "events": [*message["events"],
                                    *((printable(e.en), printable(e.fr)) for e in said)]}
        self._redraw()

    def _note_events(self) -> None:
        """A state shown with events (the round just ended, say) says them at once."""
        events = tuple(self._state.events)
        if events:
            first, rest = events[0], events[1:]
            self._message_count += 1
            self._message = {"kind": "info", "en": printable(first.en), "fr": printable(first.fr),
                             "at": "controls", "rule_id": None, "citation": None,
                             "events": [(printable(e.en), printable(e.fr)) for e in rest],
                             "n": self._message_count}

    # ---- the intents

    def _intent_show_hands(self, show: bool) -> bool:
        self.show_hands = show
        return True

    def _intent_lang(self, lang: str) -> bool:
        if lang not in LANGS:
            return self._refuse(f"the language is 'en', 'fr' or 'both', not {short(lang)}",
                                f"la langue est 'en', 'fr' ou 'both', pas {short(lang)}")
        self._lang = lang
        self._redraw()
        return True

    def _mover_name(self, state) -> str | None:
        to_move = state.to_move
        return None if to_move is None or to_move is CHANCE else self.seat_name(state, to_move)

    def _intent_play(self, move: str) -> bool:
        state = self._state
        mover = self._mover_name(state)
        if self._seat is not None and state.to_move is not CHANCE and state.to_move is not None \
                and state.to_move != self._seat:
            seat = self.seat_name(state, self._seat)
            en, fr = self._words["waiting"]
            self._tried = None
            self._say("error", en.format(name=mover, seat=seat), fr.format(name=mover, seat=seat))
            return False
        verdict = state.check(move)  # never raises; the raw input back if it is not a move
        if not hasattr(verdict.move, "text"):  # a move value writes itself; raw text does not
            self._tried = None
            self._say("error", f"Not a move: {verdict.reason_en}",
                      f"Ce n'est pas un coup : {verdict.reason_fr}", at="table",
                      rule_id=verdict.rule_id)
            return False
        shown_en, shown_fr = self.move_text(verdict.move), self.move_text(verdict.move, "fr")
        if not verdict.legal:
            self._tried = shown_en
            why_en, why_fr = verdict.reason_en, verdict.reason_fr
            if not self._sees_mover(state, self.seen(state)):
                # the engine's reason may name what the hidden hand holds ("7♦ fits"):
                # the reply names the rule broken, in the catalog's words, instead
                why_en, why_fr = statement(verdict.rule_id)
            self._say("error", *self.refused_words(mover, shown_en, shown_fr, why_en, why_fr),
                      at="row", rule_id=verdict.rule_id, reason=why_en,
                      brief=self.refused_words(mover, shown_en, shown_fr))
            return False
        try:
            new = state.play(verdict.move)
        except DoubleseptError as err:  # check said legal, so this would be an engine bug
            self._tried = None
            self._say("error", f"{shown_en} could not be played: {short(err, 120)}",
                      rule_id=verdict.rule_id)
            return False
        self._state = new
        self._tried = None
        en, fr, events = self.played_words(mover, verdict, new.events)
        self._say("ok", en, fr, at="table", rule_id=verdict.rule_id, events=events)
        return True

    def refused_words(self, mover: str | None, move_en: str, move_fr: str,
                      why_en: str | None = None, why_fr: str | None = None) -> tuple[str, str]:
        """The reply to a move refused, in English and French: "3♣ is illegal for Ann." and
        the reason, a sentence of its own; without a reason, where to read it (its row)."""
        for_en = fill(self._words["refused_for"][0], name=mover) if mover else ""
        for_fr = fill(self._words["refused_for"][1], name=mover) if mover else ""
        if why_en is None:
            en, fr = self._words["refused_row"]
            return (fill(en, move=move_en, for_whom=for_en),
                    fill(fr, move=move_fr, for_whom=for_fr))
        en, fr = self._words["refused"]
        return (f"{fill(en, move=move_en, for_whom=for_en)} {sentence(why_en)}",
                f"{fill(fr, move=move_fr, for_whom=for_fr)} {sentence(why_fr)}")

    def played_words(self, mover: str | None, verdict, events) -> tuple[str, str, tuple]:
        """The reply to a move played, in English and French, and the events left to list
        under it. When the engine's reason says what the mover did ("Ann takes the face-up
        frog.": it starts with the mover's name), it is the reply, and the event that says
        the same again (the first with the verdict's rule id) is left out. Otherwise the
        reply names the move, then gives the reason: "Ann played 6♣. Fits: just below the
        7." A chance step (``mover`` None) is told by its first event ("Bob draws a 5."). The
        rule id is not in the words: the page draws it as the reply's badge."""
        events = tuple(events)
        reason_en, reason_fr = verdict.reason_en, verdict.reason_fr
        if mover is None and events:  # a chance step: its first event says what happened
            return sentence(events[0].en), sentence(events[0].fr), events[1:]
        if mover and reason_en.startswith((mover + " ", mover + "'")):
            echo = next((e for e in events if e.rule_id == verdict.rule_id), None)
            return (sentence(reason_en), sentence(reason_fr),
                    tuple(e for e in events if e is not echo))
        who_en, who_fr = self.played_text(mover, verdict.move)
        return (f"{sentence(who_en)} {sentence(reason_en)}",
                f"{sentence(who_fr)} {sentence(reason_fr)}", events)

    def _intent_undo(self) -> bool:
        state = self._state
        self._tried = None
        if state is self.start or state.parent is None:
            self._say("error", "Nothing to undo: this is the starting position.",
                      "Rien à annuler : c'est la position de départ.")
            return False
        self._state = state.parent
        self._say("ok", f"Took back {self.last_move_text(state)}.",
                  f"Coup annulé : {self.last_move_text(state, 'fr')}.")
        return True

    def _intent_reset(self) -> bool:
        self._state = self.start
        self._tried = None
        self._say("ok", "Back to the starting position.", "Retour à la position de départ.")
        return True

    # ---- words and languages

    @property
    def _words(self) -> dict:
        """The base's labels and the game's (``WORDS``), joined once for each class."""
        cls = type(self)
        joined = cls.__dict__.get("_joined_words")
        if joined is None or joined[0] is not cls.WORDS:
            joined = (cls.WORDS, {**BASE_WORDS, **cls.WORDS})
            cls._joined_words = joined
        return joined[1]

    @property
    def _main(self) -> str:
        """The language labels are drawn in: French for "fr", else English."""
        return "fr" if self._lang == "fr" else "en"

    def word(self, key: str, **values) -> str:
        """A label in the widget's language (English for "both"). A French label writes
        ``{de_name}`` for "de" and a value, elided before a vowel ("chevalet d'Ann")."""
        en, fr = self._words[key]
        text = fr if self._lang == "fr" else en
        return fill(text, **values) if values else text

    def texts(self, en: str, fr: str) -> dict:
        """A longer text: in the widget's language, and for "both" English with French
        beneath (compact: English only, one line)."""
        return {"text": fr if self._lang == "fr" else en,
                "sub": fr if self._lang == "both" and fr and fr != en and not self._compact
                else None}

    @property
    def sources_in_rows(self) -> bool:
        """Whether the try-a-move rows quote each rule's source (once, on its first row);
        when not, the source is on the rule's card, which its badge opens: compact, and in a
        game against the computer, whose rows share one screen with the board."""
        return not self._compact

    @property
    def compact(self) -> bool:
        """The class's compact view: one language line, each rule's source on demand."""
        return self._compact

    @compact.setter
    def compact(self, compact: bool) -> None:
        self._compact = bool(compact)
        self._redraw()

    def rules_line(self, lang: str | None = None) -> str:
        """The rules line: the options that differ from the defaults ('' for the defaults)."""
        rules = getattr(self._state, "rules", None)
        if rules is None:
            return ""
        return rules.describe(lang or self._main)

    # ---- hooks a game may refine

    def seats(self, state) -> int:
        return len(state.names)

    def seat_name(self, state, seat: int) -> str:
        return state.names[seat]

    def move_text(self, move, lang: str = "en") -> str:
        """A move as text: the canonical text a click sends ("en"), or its French words."""
        return move.text("fr") if lang == "fr" else move.text("symbol")

    def played_text(self, mover: str | None, move) -> tuple[str, str]:
        """How a move played reads in a message, in English and French: "Ann played 8♠"."""
        en, fr = self.move_text(move), self.move_text(move, "fr")
        if mover is None:  # a chance step: the events say what happened
            return en, fr
        return f"{mover} played {en}", f"{mover} a joué {fr}"

    def all_hands(self, state) -> list:
        """Every seat's hand, as move texts: what the teacher sees with the hands shown."""
        return [None] * self.seats(state)

    def own_hand(self, obs: dict):
        """The viewer's own hand in its observation, as move texts."""
        return obs.get("hand")

    def is_public_move(self, move) -> bool:
        """True if the verdict of ``move`` may be shown while the mover's hand is hidden."""
        return False

    def hidden_rows(self, state, verdicts, seen: Seen) -> list:
        """The try-a-move rows while the mover's hand is hidden (no card of it named)."""
        return [self._group([v], seen) for v in verdicts if self.is_public_move(v.move)]

    def table_view(self, state, seen: Seen) -> dict:
        """The game's own table, as JSON-safe data for its ES module."""
        return {}

    def static_html(self) -> str:
        """The still picture a saved notebook shows without a kernel."""
        return f"<pre>{html.escape(repr(self._state))}</pre>"

    def round_text(self, state) -> str | None:
        """'Round 2 of 3' while a match of several rounds is played; None otherwise."""
        rounds = getattr(getattr(state, "rules", None), "rounds", None)
        number = getattr(state, "round", None)
        if isinstance(rounds, int) and rounds > 1 and isinstance(number, int):
            return self.word("round", round=number, rounds=rounds)
        return None

    # ---- the view, built from the engine

    def hands_shown(self, state) -> frozenset:
        """The seats whose hand this view shows: the seat's own (``show_hands``), every
        seat for the teacher (``seat=None`` with ``show_hands``), none with the hands
        hidden. A game against the computer adds the teacher's switch."""
        if not self._show_hands:
            return frozenset()
        if self._seat is None:
            return frozenset(range(self.seats(state)))
        return frozenset((self._seat,))

    def observer(self, state) -> int | None:
        """Whose observation the view is drawn from: the seat, when its own hand is shown;
        otherwise None, a spectator's (who sees no hand)."""
        return self._seat if self._seat is not None and self._seat in self.hands_shown(state) \
            else None

    def seen(self, state) -> Seen:
        """What the viewer may see now: the observer's observation (``observer``), and the
        hands of ``hands_shown`` (the observer's own from its observation, the others',
        for the teacher, from ``all_hands``)."""
        shown = self.hands_shown(state)
        observer = self.observer(state)
        obs = state.observation(observer)
        to_move = state.to_move
        playing = isinstance(to_move, int) and to_move is not CHANCE
        seats = self.seats(state)
        everyone = self.all_hands(state) if shown - {observer} else None
        hands = []
        for i in range(seats):
            if i not in shown:
                hands.append(None)
                continue
            hand = self.own_hand(obs) if i == observer else everyone[i]
            hands.append(None if hand is None else list(hand))
        legal = frozenset()
        if playing and hands[to_move] is not None:
            legal = frozenset(self.move_text(m) for m in state.legal_moves())
        return Seen(obs, self._seat, hands, legal, playing)

    def hides_move(self, s) -> bool:
        """True if this view may not name the move that led to ``s`` (a tile dealt or drawn
        hidden to another seat): the engine says so, when the observer's observation
        writes that move as a spectator's does and some seat's observation writes it
        otherwise. Nothing is hidden from a view that shows every hand. Remembered for
        each state, so a long history costs a few observations a move once."""
        if s.last_move is None:
            return False
        seats = self.seats(s)
        if len(self.hands_shown(s)) == seats:
            return False
        observer = self.observer(s)
        key = (id(s), observer)
        memo = self._hidden_memo
        found = memo.get(key)
        if found is not None and found[0] is s:
            return found[1]
        spectator = s.observation(None)["last_move"]
        mine = spectator if observer is None else s.observation(observer)["last_move"]
        hidden = mine == spectator and any(s.observation(q)["last_move"] != spectator
                                           for q in range(seats) if q != observer)
        if len(memo) >= 20_000:
            memo.clear()
        memo[key] = (s, hidden)
        return hidden

    def last_move_text(self, s, lang: str = "en") -> str:
        """The move that led to ``s`` as this view names it: its text (``move_text``), or
        the game's word for a move it may not name ("a hidden tile", ``hides_move``)."""
        if self.hides_move(s):
            en, fr = self._words["hidden_move"]
            return fr if lang == "fr" else en
        return self.move_text(s.last_move, lang)

    def _redraw(self) -> None:
        if not hasattr(self, "_state"):
            return
        view = self._build_view()
        text = json_for_html(view)
        rulings = self._rulings_view(text)  # the rulings any of its words cite, "(D2)"
        if rulings:  # added to the text as it is (a JSON object): the view is not written twice
            view["rulings"] = rulings
            text = f'{text[:-1]},"rulings":{json_for_html(rulings)}}}'
        self._view_dict = view
        self._view = text

    def _build_view(self) -> dict:
        state = self._state
        seen = self.seen(state)
        mover = self._mover_name(state)
        last = state.last_move
        last_player = None
        parent = state.parent
        if parent is not None and isinstance(parent.to_move, int) and parent.to_move is not CHANCE:
            last_player = self.seat_name(state, parent.to_move)
        decision = state.decision
        view = {
            "lang": self._lang,
            "words": {key: self.word(key) for key in BASE_WORDS
                      if key not in ("round", "seat_view", "play_label", "waiting",
                                     "unfold_legal_label", "unfold_illegal_label")},
            "langs": [{"lang": code, "text": text, "label": label, "pressed": code == self._lang}
                      for code, text, label in LANG_BUTTONS],
            "round": getattr(state, "round", None),
            "round_text": self.round_text(state),
            "rules": self.rules_line(),
            "rules_fr": self.rules_line("fr") if self._lang == "both" else None,
            "seat": self._seat,
            "seat_text": None if self._seat is None else self.word(
                "seat_view", name=self.seat_name(state, self._seat)),
            "mover": mover,
            "status": None if mover is not None else (
                self.texts(decision.en, decision.fr) if decision is not None
                else self.texts(*self._words["game_over"])),
            "last_move": None if last is None else {
                "move": self.last_move_text(state, self._main), "player": last_player},
            "show_hands": self._show_hands,
            # a game whose cards all lie face up drops the show_hands intent: no toggle
            "hands_toggle": "show_hands" in self.intents,
            "try": self.try_moves,
            "fit_height": FIT_HEIGHT,
            "compact": self._compact,
        }
        view.update(self.table_view(state, seen))
        candidates = None
        if self.try_moves:
            candidates = view["candidates"] = self._candidates(state, seen)
            view["can_undo"] = state is not self.start and state.parent is not None
            view["moves_shown"] = self.moves_shown(state)
        view["message"] = self._message_view(candidates)
        return view

    def moves_shown(self, state) -> list[str]:
        """The moves since ``start``, oldest first, as this view names them in its language
        (``last_move_text``): never the plain texts, in which a tile drawn hidden by another
        seat would be named."""
        return [self.last_move_text(s, self._main) for s in reversed(self._line(state)[:-1])]

    def _message_view(self, candidates: dict | None = None) -> dict | None:
        """The message as the page draws it: its words in the view's languages (the brief
        words when the row of the move tried already gives the reason), its events, and
        ``rule``, the card its badge opens (``rule_card``)."""
        message = self._message
        if message is None:
            return None
        en, fr = message["en"], message["fr"]
        brief = message.get("brief")
        if brief and message["at"] == "row" and candidates is not None and any(
                group["tried"] and group["reason_en"] == message.get("reason")
                and not group["folded"] for group in candidates["groups"]):
            en, fr = brief
        hidden = {"events", "brief", "reason"}
        return {**{k: v for k, v in message.items() if k not in hidden},
                **self.texts(en, fr),
                "rule": self.rule_card(message["rule_id"]),
                "events": [self.texts(en, fr) for en, fr in message["events"]]}
