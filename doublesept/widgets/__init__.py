"""Jupyter widgets for the tutorial: a Sevens table and the try-a-move table.

Python holds the state. The browser (``widgets/sevens.js``) only draws the
``view`` dict built here from the engine, and sends intents such as
``{"intent": "play", "move": "8♠"}``. Every message goes through
``handle_message``, which validates it and answers with a new view or a
readable message; a rejected message leaves ``.state`` unchanged. No rule is
decided here: legality, reasons, rule ids and fitting cards come from the engine.

This is the only module of the package that imports anywidget; the engine
never imports it.
"""

from __future__ import annotations

import html
from typing import ClassVar

import anywidget
import traitlets

from . import catalog
from ._assets import widget_asset
from .cards import RANK_NAMES_EN, SUIT_NAMES_EN, SUITS, Card, card
from .errors import DoubleseptError
from .sevens import DEAL, PASS, SevensRules, SevensState, move_text, render_html

__all__ = ["SevensTable", "TryMoves"]

MAX_TEXT = 32  # longest string a message may carry ("10♠", "pass", "deal" are short)


def _asset(*names: str) -> str:
    # Read the text (not a Path) so notebooks never depend on anywidget's file watching.
    return "\n".join(widget_asset(name).read_text(encoding="utf-8") for name in names)


RED = (1, 2)  # the suits drawn in red: ♦ and ♥


def _citation(rule_id: str) -> str | None:
    try:
        return catalog.rule(rule_id).citation()
    except LookupError:
        return None


# How each non-default rule option reads in the widget's "Rules:" line (rulings S1 and S5).
_OPTION_WORDS = {
    ("opening", "7♥"): "opening 7♥",
    ("opening", "any"): "opening any 7",
    ("opening", "all-sevens"): "all sevens laid out first",
    ("scoring", "face"): "scoring face value",
    ("scoring", "face-ace-15"): "scoring face value, ace 15",
}


def rules_text(rules: SevensRules, lang: str = "en") -> str:
    """The options that differ from the app's rules, in words; '' for the default rules.

    >>> rules_text(SevensRules(opening="any", scoring="face", seven_penalty=5))
    'Rules: opening any 7, scoring face value, seven penalty 5'
    """
    words = []
    for key, value in rules.changes().items():
        if key == "seven_penalty":
            words.append(f"seven penalty {value}")
        else:  # an option added later still shows, in its own words
            words.append(_OPTION_WORDS.get((key, value), f"{key.replace('_', ' ')} {value}"))
    return "Rules: " + ", ".join(words) if words else ""


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


class SevensTable(anywidget.AnyWidget):
    """A Sevens position: the four rows, the hands (or their sizes), whose turn, what fits."""

    _esm = _asset("sevens.js")
    _css = _asset("common.css", "sevens.css")

    view = traitlets.Dict().tag(sync=True)
    show_hands = traitlets.Bool(False).tag(sync=True)

    # intent -> the fields it carries and their types; anything else is refused
    INTENTS: ClassVar[dict] = {"show_hands": {"show": bool}}

    def __init__(self, state: SevensState, show_hands: bool = False, **kwargs):
        self._state = self._checked(state)
        self._message = None  # the last message shown: {"kind", "en", "fr", ...} or None
        super().__init__(show_hands=bool(show_hands), **kwargs)
        self.on_msg(self._on_msg)
        self._redraw()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._state!r}>"

    def _repr_mimebundle_(self, **kwargs):
        data, metadata = super()._repr_mimebundle_(**kwargs)
        # A still picture of the table, for a saved notebook opened without a kernel
        picture = render_html(self._state, show_hands=self.show_hands)
        rules = rules_text(self._state.rules)
        if rules:  # the variant rules the table plays by, above it
            picture = f'<div class="ds-rules"><b>{html.escape(rules)}</b></div>{picture}'
        data["text/html"] = picture
        return data, metadata

    # ---- Python side

    @property
    def state(self) -> SevensState:
        return self._state

    @state.setter
    def state(self, state: SevensState) -> None:
        self._state = self._checked(state)
        self._message = None
        self._redraw()

    @property
    def message(self) -> str:
        """The last message shown, in English ('' if none)."""
        return self._message["en"] if self._message else ""

    @traitlets.observe("show_hands")
    def _show_hands_changed(self, change) -> None:
        if hasattr(self, "_state"):
            self._redraw()

    @staticmethod
    def _checked(state) -> SevensState:
        if not isinstance(state, SevensState):
            raise TypeError(f"expected a Sevens state, not {type(state).__name__}")
        return state

    # ---- messages from the browser

    def set_state(self, sync_data) -> None:
        """The browser only sends intents: state it tries to write is refused and re-sent."""
        keys = [key for key in sync_data if key in self.keys]
        if keys:
            self.send_state(keys)

    def _on_msg(self, _widget, content, _buffers) -> None:
        try:
            self.handle_message(content)
        # A bug must still show up for the teacher, not only in the kernel's log.
        except Exception as err:  # noqa: BLE001
            self._say("error", f"The widget failed: {err}", f"Le widget a échoué : {err}")

    def handle_message(self, content) -> bool:
        """Validate and act on one message from the browser. True if it was accepted."""
        if not isinstance(content, dict):
            return self._refuse(f"a message must be an object with an 'intent', not {_short(content)}")
        intent = content.get("intent")
        if not isinstance(intent, str) or intent not in self.INTENTS:
            known = ", ".join(repr(i) for i in self.INTENTS)
            return self._refuse(f"unknown intent {_short(intent)}: this widget knows {known}")
        fields = self.INTENTS[intent]
        extra = sorted(_short(k) for k in content if k != "intent" and k not in fields)
        if extra:
            listed = ", ".join(extra[:5]) + (", …" if len(extra) > 5 else "")
            return self._refuse(f"the {intent!r} message has unexpected fields: {listed}")
        for name, kind in fields.items():
            value = content.get(name)
            if type(value) is not kind:
                return self._refuse(f"the {intent!r} message needs {name!r} as "
                                    f"{'text' if kind is str else 'true or false'}, "
                                    f"not {_short(value)}")
            if kind is str and len(value) > MAX_TEXT:
                return self._refuse(f"{name!r} is too long ({len(value)} characters): a move is "
                                    "a card such as 8♠, or pass, or deal")
        args = [content[name] for name in fields]
        return getattr(self, "_intent_" + intent)(*args)

    def _intent_show_hands(self, show: bool) -> bool:
        self.show_hands = show
        return True

    def _refuse(self, why: str) -> bool:
        self._say("error", f"Message refused: {why}.", "Message refusé.")
        return False

    def _say(self, kind: str, en: str, fr: str = "", **extra) -> None:
        self._message = {"kind": kind, "en": en, "fr": fr, **extra}
        self._redraw()

    # ---- the view, built from the engine

    def _redraw(self) -> None:
        self.view = self._build_view()

    def _build_view(self) -> dict:
        state = self._state
        turn = state.turn
        fitting = {str(c) for c in state.fitting_cards()}
        legal = {move_text(m) for m in state.legal_moves()}
        table = {str(c) for c in state.table}
        last = None if state.last_move is None else move_text(state.last_move)
        rows = []
        for suit, symbol in enumerate(SUITS):
            slots = []
            for rank in range(1, 14):
                text = str(card(rank, suit))
                where = "table" if text in table else "fits" if text in fitting else "empty"
                slots.append({"card": text, "rank": RANK_NAMES_EN[rank], "where": where,
                              "playable": self.show_hands and text in legal,
                              "last": text == last})
            rows.append({"suit": symbol, "name": SUIT_NAMES_EN[suit], "red": suit in RED,
                         "slots": slots})
        players = []
        for index, (name, hand) in enumerate(zip(state.names, state.hands)):
            players.append({
                "name": name,
                "count": len(hand),
                "score": state.scores[index],
                "to_move": index == turn,
                "dealer": index == state.dealer,
                "cards": [{"card": str(c), "red": c.suit in RED, "playable": index == turn
                           and str(c) in legal} for c in hand] if self.show_hands else None,
            })
        return {
            "round": state.round,
            "rounds": state.rules.rounds,
            "rules": rules_text(state.rules),  # '' when the table plays by the default rules
            "mover": None if turn is None else state.names[turn],
            "status": self._status(state),
            "last_move": None if last is None else {"move": last, "player": (
                None if state.last_mover is None else state.names[state.last_mover])},
            "rows": rows,
            "players": players,
            "show_hands": self.show_hands,
            "message": self._message,
        }

    @staticmethod
    def _status(state: SevensState) -> str:
        if state.turn is not None:
            return ""
        if state.round_winner is None:  # dealt positions with no hand empty are never here
            return "The round is over."
        winner = state.names[state.round_winner]
        if state.is_over:
            best = ", ".join(state.names[p] for p in state.winners)
            return f"Match over: {winner} went out; lowest total: {best}."
        return f"Round over: {winner} went out. Next: deal round {state.round + 1}."


class TryMoves(SevensTable):
    """The try-a-move table: every candidate move with its verdict, and buttons to play it.

    ``play(move)``, ``undo()`` and ``reset()`` take the same path as the buttons.
    ``moves`` lists the moves played since ``start``; ``reset`` goes back to ``start``,
    the state the widget was created with (or last given through ``.state``).
    """

    INTENTS: ClassVar[dict] = {**SevensTable.INTENTS, "play": {"move": str}, "undo": {}, "reset": {}}

    def __init__(self, state: SevensState, show_hands: bool = True, **kwargs):
        self.start = self._checked(state)
        self._tried = None
        super().__init__(state, show_hands=show_hands, **kwargs)

    @SevensTable.state.setter
    def state(self, state: SevensState) -> None:
        state = self._checked(state)
        if not any(s is self.start for s in self._line(state)):
            self.start = state  # an unrelated position: it becomes the new start
        self._tried = None
        SevensTable.state.fset(self, state)

    @property
    def moves(self) -> list[str]:
        """The moves played since ``start``, oldest first, as text ('8♠', 'pass', 'deal')."""
        return [move_text(s.last_move) for s in reversed(self._line(self._state)[:-1])]

    def _line(self, state) -> list:
        """The states from ``state`` back to ``start`` (or to the root if start is not on it)."""
        line = [state]
        while state is not self.start and state.parent is not None:
            state = state.parent
            line.append(state)
        return line

    # ---- the three actions, each the same path as a message

    def play(self, move) -> bool:
        """Play ``move`` ('8♠', '8S', 'pass', 'deal' or an engine move) as the button would."""
        if isinstance(move, Card) or move is PASS or move is DEAL:
            move = move_text(move)
        return self.handle_message({"intent": "play", "move": move})

    def undo(self) -> bool:
        return self.handle_message({"intent": "undo"})

    def reset(self) -> bool:
        return self.handle_message({"intent": "reset"})

    def _intent_play(self, move: str) -> bool:
        state = self._state
        verdict = state.check(move)  # never raises; rule "cards.notation" if the text is not a move
        said = {"rule_id": verdict.rule_id, "citation": _citation(verdict.rule_id)}
        self._tried = move_text(verdict.move) if verdict.rule_id != "cards.notation" else None
        mover = "" if state.turn is None else state.names[state.turn]
        shown = self._tried or move.strip() or "(nothing)"
        if verdict.rule_id == "cards.notation":
            self._say("error", f"Not a move: {verdict.reason_en}",
                      f"Ce n'est pas un coup : {verdict.reason_fr}", **said)
            return False
        if not verdict.legal:
            self._say("error", f"{shown} is illegal{' for ' + mover if mover else ''}: "
                               f"[{verdict.rule_id}] {verdict.reason_en}",
                      verdict.reason_fr, **said)
            return False
        try:
            new = state.play(verdict.move)
        except DoubleseptError as err:  # check said legal, so this would be an engine bug
            self._say("error", f"{shown} could not be played: {err}", **said)
            return False
        self._state = new
        self._tried = None
        if shown == "pass":
            who = f"{mover} passed"
        elif shown == "deal":
            who = f"Round {new.round} dealt"
        else:
            who = f"{mover} played {shown}"
        self._say("ok", f"{who}: [{verdict.rule_id}] {verdict.reason_en}", verdict.reason_fr,
                  **said)
        return True

    def _intent_undo(self) -> bool:
        state = self._state
        if state is self.start or state.parent is None:
            self._say("error", "Nothing to undo: this is the starting position.",
                      "Rien à annuler : c'est la position de départ.")
            return False
        self._state = state.parent
        self._tried = None
        self._say("ok", f"Took back {move_text(state.last_move)}.",
                  f"Coup annulé : {move_text(state.last_move, 'fr')}.")
        return True

    def _intent_reset(self) -> bool:
        self._state = self.start
        self._tried = None
        self._say("ok", "Back to the starting position.", "Retour à la position de départ.")
        return True

    # ---- the view: the table, plus one row per candidate move

    def _build_view(self) -> dict:
        view = super()._build_view()
        state = self._state
        view["candidates"] = [{
            "move": move_text(v.move),
            "red": getattr(v.move, "suit", None) in RED,
            "legal": v.legal,
            "rule_id": v.rule_id,
            "reason_en": v.reason_en,
            "reason_fr": v.reason_fr,
            "citation": _citation(v.rule_id),
            "tried": move_text(v.move) == self._tried,
        } for v in state.verdicts()]
        view["can_undo"] = state is not self.start and state.parent is not None
        view["moves"] = self.moves
        return view
