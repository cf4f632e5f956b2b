"""The Flip 7 position editor (issue 24, point 1): set up any position by clicks, no code.

``Flip7Editor`` holds a *draft*: the players (2 to 18, named), each player's line (number
cards, modifiers, a Second Chance) and status (in play, stayed, frozen, busted), the totals,
the dealer, the round, the top of the deck in order (the notation's ``deck: 7, Flip Three,
...``, ``...`` standing for every card written nowhere, shuffled), the discards, whose turn
it is (a player, ``Name (deal)`` while the deal reaches them, or nobody once the round is
over) and the rules' preset. Every edit the page sends makes a new draft; Python writes its
text in the notation and reads it back with the engine (``flip7.position``). A position the
engine refuses (a 13th copy of the 12, two Second Chances in front of a player, a duplicate
number in front of a player who has not busted, a player who stayed with no card...) is
refused with the engine's own message, and the draft, ``state`` and the text stay the last
possible position. No rule is decided here.

What is under way besides the turn (the notation's ``pending:`` line: a Flip Three's cards
set aside, a Freeze waiting for its target, a Second Chance being passed on, a card to draw)
is edited through the text box only: the editor keeps that line as it is written, and an edit
that makes it impossible (a player it names removed or renamed) is refused with the engine's
message, or, when only the turn is refused, ends the round (nothing is pending then). The
discards, the seed and the draws are kept as the text writes them too; the discards take
cards by clicks (a card put in the discards), and the ``...`` can stand in the discards
instead of the deck (a button).

Four conveniences, each said in the reply when it happens (the engine decides, the editor
only tries the engine's other answer):

- the turn (as in the Sevens editor): an edit the engine refuses for the turn only (the
  player to play stayed, busted or made a Flip 7) moves the turn to the first player the
  engine accepts, or to nobody, and the reply quotes the engine's reason (in round 1 the
  totals are then that round's points, as the engine scores them, and 0 again once a player
  is to play: the engine refuses any other);
- a duplicate number given to a player makes them bust only through its own button ("busts
  on it"): given as a plain card, the engine refuses it ("has the number 3 twice, so has
  busted");
- a card taken off a busted line that leaves no duplicate puts the player back in play;
- under freeze_placement=in-front (the publisher's FAQ: a played Freeze stays in front of the
  frozen player), the status frozen puts that Freeze in the line, and another status takes
  it back, when the engine refuses the status alone.

Python API (each call is the same path as a click): ``state`` (the last possible position;
set it to start from another), ``text`` (its text, as the page shows it),
``on_change(callback)`` (``callback(state)`` after each edit that changes the position),
``select``, ``give`` (a card to a player's line), ``bust``, ``take`` (a card off a line),
``place`` (a card to the deck, after the cards listed, or to the discards), ``unplace`` (a
card off the deck's list or the discards), ``set_rest``, ``set_status``, ``set_score``,
``set_dealer``, ``set_turn``, ``set_dealing``, ``set_round``, ``add_player``,
``remove_player``, ``rename``, ``set_preset``, ``clear``, ``read`` (a text), ``undo_edit``;
``refusal`` is the engine's message for the last edit refused ('' after an edit accepted).

The browser side is ``widgets/flip7_editor.js`` (on ``common.js`` and the editors' shared
``editor_common.js``) and ``widgets/flip7_editor.css`` (on ``editor_common.css``); every text
is drawn as text, never as HTML. The plumbing every editor shares (undo, the text box,
refusals, ``on_change``, the turn's convenience) is ``PositionEditor`` in ``editor_base.py``.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from ..core.notation import position_lines
from ..core.numbers import MAX_WHOLE, read_whole
from ..errors import DoubleseptError
from ..flip7 import (
    COPIES,
    DEFAULT_NAMES,
    FREEZE,
    OPTIONS,
    X2,
    Flip7Rules,
    Flip7State,
    card,
    position,
    render_html,
)
from ..flip7.notation import MAX_SCORE, REST, position_text
from ..flip7.rules import KINDS, NAMES_EN, NAMES_FR
from ..flip7.state import FIELDS, names_of
from .base import Seen, short
from .editor_base import EDITOR_WORDS as SHARED_WORDS
from .editor_base import PositionEditor, marked_or_plain, seat_after
from .flip7 import STATUSES, Flip7Table

__all__ = ["Draft", "Flip7Editor", "draft_of", "draft_text"]

MAX_POSITION_TEXT = 8000  # characters: 18 players with 40-character names and a long deck fit
# the longest each text field of a message may be (the base refuses longer ones, saying so)
FIELD_LIMITS = {"card": 16, "to": 12, "pile": 12, "status": 12, "score": 12, "round": 12,
                "lang": 8, "preset": 24, "name": 100, "text": MAX_POSITION_TEXT}
PILES = ("deck", "discards")
PRESETS = tuple(OPTIONS.presets)


class Draft(NamedTuple):
    """What the editor holds: a position as it is being set up."""

    names: tuple  # the players' names
    lines: tuple  # per seat: the kinds of the cards in front of them, in increasing order
    statuses: tuple  # per seat: "active", "stayed", "frozen" or "busted"
    scores: tuple  # the totals
    dealer: int
    round: int
    rules: str  # the rules line ('' for seed 004's rules)
    deck: tuple  # the top of the deck, in order (kinds): drawn first to last
    discards: tuple  # kinds
    rest: str  # where '...' (every card written nowhere, shuffled) goes: "deck" or "discards"
    turn: int | None  # the player offered hit or stay, None once the round is over
    dealing: bool  # the deal has reached ``turn`` ('turn: Name (deal)')
    pending: str  # the 'pending:' line as written ('' for none): the text box only
    seed: int
    draws: int


def _names_text(kinds) -> list:
    return [NAMES_EN[k] for k in kinds]


def draft_text(draft: Draft) -> str:
    """The draft in the notation ``flip7.position`` reads (written by the notation's own
    ``position_text``): the piles with ``...`` where the draft puts the rest, each line with
    its status in brackets."""
    deck, discards = _names_text(draft.deck), _names_text(draft.discards)
    (deck if draft.rest == "deck" else discards).append("...")
    return position_text(
        names=draft.names, dealer=draft.dealer, round=draft.round, rules=draft.rules,
        scores=draft.scores, deck=deck, discards=discards,
        lines=[(_names_text(line), status)
               for line, status in zip(draft.lines, draft.statuses, strict=True)],
        turn=draft.turn, dealing=draft.dealing, pending=draft.pending, seed=draft.seed,
        draws=draft.draws)


def draft_of(state: Flip7State) -> Draft:
    """The draft of a position: its fields as the engine writes them (``to_text``), the
    deck's known order, every discard listed, the rest (the deck's unknown order) ``...``."""
    fields, _lines = position_lines(state.to_text(), FIELDS)
    turn_text = fields["turn"]
    dealing = turn_text.endswith("(deal)")
    n = len(state.names)
    return Draft(
        names=tuple(state.names),
        lines=tuple(tuple(sorted(c.kind for c in state.line(p).cards)) for p in range(n)),
        statuses=tuple(state.status(p) for p in range(n)),
        scores=tuple(state.scores), dealer=state.dealer, round=state.round,
        rules=fields.get("rules", ""), deck=tuple(state.stack),
        discards=tuple(k for k in range(KINDS) for _ in range(state.discards[k])),
        rest="deck", turn=None if not state.tasks else state.turn, dealing=dealing,
        pending=fields.get("pending", ""), seed=state.seed, draws=state.draws)


def _read_text(text: str) -> tuple[Draft, Flip7State]:
    """A written position as a draft, and its state: the engine reads the text (and refuses
    it with its own message); discards that end with ``...`` keep their mark, the cards
    written there only listed, as in the text."""
    state = position(text)
    draft = draft_of(state)
    fields, _lines = position_lines(text, FIELDS)
    tokens = [t.strip() for t in fields.get("discards", "-").split(",")]
    if tokens[-1] not in REST:
        return draft, state
    written = tuple(sorted(card(t).kind for t in tokens[:-1] if t not in ("", "-")))
    marked = draft._replace(discards=written, rest="discards")
    return marked_or_plain(marked, draft, state, lambda d: position(draft_text(d)))


def _with(seq: tuple, seat: int, value) -> tuple:
    return seq[:seat] + (value,) + seq[seat + 1:]


# the editor's labels: key -> (English, French)
EDITOR_WORDS = {
    **SHARED_WORDS,
    "title": ("Flip 7: set up a position", "Flip 7 : préparez une position"),
    "picker_label": ("the 22 kinds of card: choose one", "les 22 sortes de cartes : choisissez-en une"),
    "row_numbers": ("numbers", "numéros"),
    "row_modifiers": ("modifiers", "bonus"),
    "row_actions": ("actions", "actions"),
    "left": ("{n}", "{n}"),
    "card_label": ("{card}: {n} of {copies} not placed", "{card} : {n} sur {copies} non placées"),
    "chosen": ("Card chosen: {card}, {n} of {copies} not placed.",
               "Carte choisie : {card}, {n} sur {copies} non placées."),
    "none_chosen": ("Choose a card, then its place (arrows: card to card; small number: left).",
                    ("Choisissez une carte, puis sa place (flèches : de carte en carte ; petit "
                     "nombre : restantes).")),
    "put_label": ("where the card goes", "où va la carte"),
    "put_to": ("Put it:", "La mettre :"),
    "put_what": ("the card chosen", "la carte choisie"),
    "put_deck": ("Deck next", "Pioche ensuite"),
    "put_deck_label": ("put {card} in the deck, after the cards listed",
                       "mettre {card} dans la pioche, après les cartes listées"),
    "put_discards": ("Discards", "Défausse"),
    "put_discards_label": ("put {card} in the discards", "mettre {card} dans la défausse"),
    "put_in": ("put {card} in front of {name}", "mettre {card} devant {name}"),
    "bust_to": ("Bust on it:", "Sauter dessus :"),
    "bust_none": ("(a player holding this number can bust on it)",
                  "(un joueur qui a ce numéro peut sauter dessus)"),
    "bust_label": ("{name} draws {card} again and busts", "{name} tire encore {card} et saute"),
    "clear": ("Clear the cards", "Vider les cartes"),
    "clear_label": ("every line empty, every card in the deck",
                    "toutes les lignes vides, toutes les cartes dans la pioche"),
    "players_label": ("players and their lines", "les joueurs et leurs lignes"),
    "dealer_label": ("{name} deals", "{name} donne"),
    "status_label": ("{name}: {status}", "{name} : {status}"),
    "statuses_label": ("{name}'s status", "statut {de_name}"),
    "score_tag": ("total", "total"),
    "score_label": ("{name}'s total", "total {de_name}"),
    "line_label": ("{name}'s line: each card a button that takes it off",
                   "ligne {de_name} : chaque carte est un bouton qui la retire"),
    "take_label": ("take {card} off {name}'s line", "retirer {card} de la ligne {de_name}"),
    "empty_line": ("no card", "aucune carte"),
    "deck_label": ("the deck, top first: each card a button that takes it off",
                   "la pioche, le dessus d'abord : chaque carte est un bouton qui la retire"),
    "deck_title": ("Deck, top first:", "Pioche, dessus d'abord :"),
    "discards_title": ("Discards:", "Défausse :"),
    "discards_label": ("the discards: each card a button that takes it off",
                       "la défausse : chaque carte est un bouton qui la retire"),
    "unplace_deck_label": ("take {card} ({n}) off the deck", "retirer {card} ({n}) de la pioche"),
    "unplace_discards_label": ("take {card} off the discards", "retirer {card} de la défausse"),
    "rest_in": ("then {n} more, shuffled", "puis {n} autres, mélangées"),
    "rest_none": ("nothing more", "rien de plus"),
    "rest_here": ("+ the rest", "+ le reste"),
    "rest_here_label": ("the {n} cards placed nowhere go in the {pile}",
                        "les {n} cartes placées nulle part vont dans la {pile}"),
    "pile_deck": ("deck", "pioche"),
    "pile_discards": ("discards", "défausse"),
    "turn_label": ("whose turn", "à qui le tour"),
    "round_over": ("Nobody: round over", "Personne : manche finie"),
    "round_over_label": ("nobody is to play: the round is over",
                         "personne ne joue : la manche est finie"),
    "dealing": ("in the deal", "dans la donne"),
    "dealing_label": ("the deal has reached the player to play",
                      "la donne est arrivée au joueur qui joue"),
    "round_tag": ("round", "manche"),
    "round_label": ("the round's number", "le numéro de la manche"),
    "pending_text": ("Pending (edit it in the text): {pending}",
                     "En cours (modifiable dans le texte) : {pending}"),
    "pending_none": ("Nothing pending besides the turn (a pending line is edited in the text).",
                     "Rien en cours à part le tour (une ligne pending se modifie dans le texte)."),
    # replies
    "chose": ("{card} chosen: now choose where it goes.", "{card} choisie : choisissez sa place."),
    "now_in": ("{card} is now in front of {name}.", "{card} est maintenant devant {name}."),
    "now_bust": ("{name} draws {card} again and busts.", "{name} tire encore {card} et saute."),
    "now_off": ("{card} is off {name}'s line.", "{card} n'est plus sur la ligne {de_name}."),
    "now_deck": ("{card} is now in the deck, card {n} from the top.",
                 "{card} est maintenant dans la pioche, carte {n} depuis le dessus."),
    "now_discards": ("{card} is now in the discards.", "{card} est maintenant dans la défausse."),
    "off_pile": ("{card} is off the {pile}.", "{card} n'est plus dans la {pile}."),
    "in_play_again": ("{name} is in play again: no duplicate number is left.",
                      "{name} est de nouveau en jeu : plus aucun numéro en double."),
    "freeze_kept": ("The Freeze that froze {name} lies in front of them (in-front).",
                    "Le Gel qui a gelé {name} reste devant lui (in-front)."),
    "freeze_back": ("The Freeze in front of {name} goes back to the rest.",
                    "Le Gel devant {name} retourne au reste."),
    "rest_set": ("The cards placed nowhere now go in the {pile}.",
                 "Les cartes placées nulle part vont maintenant dans la {pile}."),
    "status_set": ("{name}: {status}.", "{name} : {status}."),
    "score_set": ("{name}'s total is now {score}.", "Le total {de_name} est maintenant {score}."),
    "dealer_set": ("{name} is the dealer.", "{name} est le donneur."),
    "dealing_on": ("The deal has reached {name}.", "La donne est arrivée à {name}."),
    "dealing_off": ("The deal is over.", "La donne est finie."),
    "round_set": ("This is round {round}.", "C'est la manche {round}."),
    "removed": ("{name} leaves the table; their cards go back to the rest.",
                "{name} quitte la table ; ses cartes retournent au reste."),
    "cleared": ("Every line is empty; every card is in the deck.",
                "Toutes les lignes sont vides ; toutes les cartes sont dans la pioche."),
    "points": ("The totals are now this round's points, as the engine scores them: {scores}.",
               ("Les totaux sont maintenant les points de la manche, comptés par le moteur : "
                "{scores}.")),
    "zero_scores": ("Every total is 0 again: in round 1 no round has finished yet.",
                    "Tous les totaux reviennent à 0 : en manche 1 aucune manche n'est finie."),
}


class Flip7Editor(PositionEditor):
    """A Flip 7 position set up by clicks: the players (2 to 18, named), each line and
    status, the totals, the dealer, the round, the top of the deck in order, the discards,
    whose turn, the rules' preset. See the module's docstring.

    Start from ``state`` (any Flip 7 state), ``position`` (its text) or, with neither, from
    scratch: three players, no card in front of anyone, Ann dealing and to play. ``lang``
    and ``compact`` as for every widget. Raises the engine's error for a ``position`` it
    refuses.
    """

    state_class = Flip7State
    module = "flip7_editor.js"
    styles = "flip7_editor.css"
    css_class = "ds-flip7-editor"
    shared_assets = True
    WORDS: ClassVar[dict] = {**EDITOR_WORDS, **{
        f"status_{s}": Flip7Table.WORDS[f"status_{s}"] for s in STATUSES}}
    FIELD_LIMITS: ClassVar[dict] = FIELD_LIMITS
    NAMES: ClassVar[tuple] = DEFAULT_NAMES
    max_text = MAX_POSITION_TEXT
    INTENTS: ClassVar[dict] = {
        "lang": {"lang": str},
        "select": {"card": str},
        "give": {"card": str, "seat": int},  # to a player's line
        "bust": {"card": str, "seat": int},  # a number the player has: they bust on it
        "take": {"card": str, "seat": int},  # off a player's line
        "place": {"card": str, "to": str},  # to: "deck" (after the cards listed) or "discards"
        "unplace": {"pile": str, "index": int},  # a card off the deck's list or the discards
        "rest": {"to": str},  # where the cards placed nowhere go: "deck" or "discards"
        "status": {"seat": int, "status": str},
        "score": {"seat": int, "score": str},
        "dealer": {"seat": int},
        "turn": {"seat": int},  # -1: nobody (the round is over)
        "dealing": {"on": bool},
        "round": {"round": str},
        "add_player": {},
        "remove_player": {"seat": int},
        "rename": {"seat": int, "name": str},
        "preset": {"preset": str},
        "clear": {},
        "text": {"text": str},
        "undo_edit": {},
    }

    def __init__(self, state: Flip7State | None = None, *, position: str | None = None,
                 lang: str = "both", compact: bool | None = None, **kwargs):
        self._selected: int | None = None  # the kind of card chosen
        super().__init__(state, position=position, lang=lang, compact=compact, **kwargs)

    # ---- where a draft comes from

    @staticmethod
    def _draft_of(state: Flip7State) -> Draft:
        return draft_of(state)

    @classmethod
    def _scratch(cls) -> tuple[Draft, Flip7State]:
        names = DEFAULT_NAMES[:3]
        draft = Draft(names=names, lines=((),) * 3, statuses=("active",) * 3, scores=(0,) * 3,
                      dealer=0, round=1, rules="", deck=(), discards=(), rest="deck", turn=0,
                      dealing=False, pending="", seed=0, draws=0)
        return draft, cls._read(draft)

    @staticmethod
    def _read_text(text: str) -> tuple[Draft, Flip7State]:
        return _read_text(text)

    @staticmethod
    def _read(draft: Draft) -> Flip7State:
        return position(draft_text(draft))

    @staticmethod
    def _shown_text(draft: Draft, state: Flip7State) -> str:
        return draft_text(draft)

    @staticmethod
    def _check_names(names) -> None:
        names_of(list(names))  # the engine's own check (flip7.players)

    def _with_player(self, draft: Draft, name: str) -> Draft:
        return draft._replace(names=(*draft.names, name), lines=(*draft.lines, ()),
                              statuses=(*draft.statuses, "active"),
                              scores=(*draft.scores, 0))

    @classmethod
    def _turns(cls, draft: Draft):
        """Each other turn (the base's), then the round over with nothing pending. In round
        1 the engine refuses any total but 0 while the round is played, and any but that
        round's points once it is over: each turn is tried with the totals 0 too, and the
        round over with the points the engine scores."""
        for moved in super()._turns(draft):
            if moved.turn is None:
                moved = moved._replace(dealing=False)
            yield moved
            if moved.turn is not None and moved.round == 1 and any(moved.scores):
                yield moved._replace(scores=(0,) * len(moved.scores))  # round 1 played again
        over = draft._replace(turn=None, dealing=False, pending="")
        yield over
        if over.round == 1:
            try:
                points = cls._read(over._replace(round=2)).round_scores()
            except DoubleseptError:
                return
            yield over._replace(scores=tuple(points))

    def _edit(self, draft: Draft, en: str, fr: str, *, settle: bool = True,
              notes: tuple = ()) -> bool:
        """The base's edit, and a note when the totals became the round's points."""
        before = self._draft
        if not super()._edit(draft, en, fr, settle=settle, notes=notes):
            return False
        after = self._draft
        if settle and after.scores != draft.scores and after.scores != before.scores:
            self._say_more((self._note("points", scores=", ".join(map(str, after.scores)))
                            if any(after.scores) else self._note("zero_scores"),))
        return True

    # ---- Python side

    @property
    def selected(self) -> str | None:
        return None if self._selected is None else NAMES_EN[self._selected]

    def select(self, what) -> bool:
        return self.handle_message({"intent": "select", "card": str(what)})

    def give(self, what, who) -> bool:
        return self.handle_message({"intent": "give", "card": str(what),
                                    "seat": self._seat_of(who)})

    def bust(self, what, who) -> bool:
        return self.handle_message({"intent": "bust", "card": str(what),
                                    "seat": self._seat_of(who)})

    def take(self, what, who) -> bool:
        return self.handle_message({"intent": "take", "card": str(what),
                                    "seat": self._seat_of(who)})

    def place(self, what, to: str = "deck") -> bool:
        """Put a card in the "deck" (after the cards listed: drawn after them) or the
        "discards"."""
        return self.handle_message({"intent": "place", "card": str(what), "to": to})

    def unplace(self, pile: str, index: int) -> bool:
        return self.handle_message({"intent": "unplace", "pile": pile, "index": index})

    def set_rest(self, pile: str) -> bool:
        return self.handle_message({"intent": "rest", "to": pile})

    def set_status(self, who, status: str) -> bool:
        return self.handle_message({"intent": "status", "seat": self._seat_of(who),
                                    "status": status})

    def set_score(self, who, score) -> bool:
        return self.handle_message({"intent": "score", "seat": self._seat_of(who),
                                    "score": str(score)})

    def set_dealer(self, who) -> bool:
        return self.handle_message({"intent": "dealer", "seat": self._seat_of(who)})

    def set_dealing(self, on: bool = True) -> bool:
        return self.handle_message({"intent": "dealing", "on": on})

    def set_round(self, number) -> bool:
        return self.handle_message({"intent": "round", "round": str(number)})

    def clear(self) -> bool:
        return self.handle_message({"intent": "clear"})

    # ---- what a message names: a card

    def _card(self, text: str) -> int | None:
        found = self._parsed(card, text)
        return None if found is None else found.kind

    def _shown(self, kind: int) -> str:
        return NAMES_FR[kind] if self._main == "fr" else NAMES_EN[kind]

    def _card_words(self, key: str, kind: int, **values) -> tuple[str, str]:
        """A reply naming a card, each language with its own name of the card."""
        return (self._fill(key, 0, card=NAMES_EN[kind], **values),
                self._fill(key, 1, card=NAMES_FR[kind], **values))

    def _pile(self, pile: str) -> bool:
        if pile in PILES:
            return True
        self._refuse(f"a pile is 'deck' or 'discards', not {short(pile)}",
                     f"une pile est 'deck' ou 'discards', pas {short(pile)}")
        return False

    # ---- the intents

    def _intent_select(self, what: str) -> bool:
        kind = self._card(what)
        if kind is None:
            return False
        self._selected = kind
        self._say("info", *self._card_words("chose", kind))
        return True

    def _line_edit(self, what: str, seat: int, key: str, add: bool, status: str | None = None):
        if not self._seat_ok(seat):
            return False
        kind = self._card(what)
        if kind is None:
            return False
        self._selected = kind
        draft = self._draft
        line = list(draft.lines[seat])
        name = draft.names[seat]
        if add:
            line = sorted((*line, kind))
        elif kind in line:
            line.remove(kind)
        else:
            return self._refuse(f"{NAMES_EN[kind]} is not in front of {name}",
                                f"{NAMES_FR[kind]} n'est pas devant {name}")
        new = draft._replace(lines=_with(draft.lines, seat, tuple(line)))
        if status is not None:
            new = new._replace(statuses=_with(new.statuses, seat, status))
        alternatives = ()
        if not add and draft.statuses[seat] == "busted":  # no duplicate left: in play again?
            alternatives = ((new._replace(statuses=_with(new.statuses, seat, "active")),
                             (self._note("in_play_again", name=name),)),)
        new, notes = self._possible(new, alternatives)
        return self._edit(new, *self._card_words(key, kind, name=name), notes=notes)

    def _possible(self, draft: Draft, alternatives: tuple) -> tuple:
        """``(draft, ())`` when the engine reads ``draft`` (its turn settled, as an edit
        does); else the first of ``alternatives`` (a draft and its notes) the engine reads;
        else ``(draft, ())``, which the edit then refuses with the engine's message."""
        for candidate, notes in ((draft, ()), *alternatives):
            try:
                self._settle(candidate)
            except DoubleseptError:
                continue
            return candidate, notes
        return draft, ()

    def _intent_give(self, what: str, seat: int) -> bool:
        return self._line_edit(what, seat, "now_in", True)

    def _intent_bust(self, what: str, seat: int) -> bool:
        return self._line_edit(what, seat, "now_bust", True, "busted")

    def _intent_take(self, what: str, seat: int) -> bool:
        return self._line_edit(what, seat, "now_off", False)

    def _intent_place(self, what: str, to: str) -> bool:
        if not self._pile(to):
            return False
        kind = self._card(what)
        if kind is None:
            return False
        self._selected = kind
        draft = self._draft
        if to == "deck":
            new = draft._replace(deck=(*draft.deck, kind))
            words = self._card_words("now_deck", kind, n=len(new.deck))
        else:
            new = draft._replace(discards=tuple(sorted((*draft.discards, kind))))
            words = self._card_words("now_discards", kind)
        return self._edit(new, *words)

    def _intent_unplace(self, pile: str, index: int) -> bool:
        if not self._pile(pile):
            return False
        cards = getattr(self._draft, pile)
        if not 0 <= index < len(cards):
            return self._refuse(f"the {pile} list has no card {short(index)}: it has "
                                f"{len(cards)}",
                                f"la liste {pile} n'a pas de carte {short(index)} : elle en a "
                                f"{len(cards)}")
        kind = cards[index]
        new = self._draft._replace(**{pile: cards[:index] + cards[index + 1:]})
        return self._edit(new, self._fill("off_pile", 0, card=NAMES_EN[kind],
                                          pile=self._words[f"pile_{pile}"][0]),
                          self._fill("off_pile", 1, card=NAMES_FR[kind],
                                     pile=self._words[f"pile_{pile}"][1]))

    def _intent_rest(self, to: str) -> bool:
        if not self._pile(to):
            return False
        return self._edit(self._draft._replace(rest=to),
                          self._fill("rest_set", 0, pile=self._words[f"pile_{to}"][0]),
                          self._fill("rest_set", 1, pile=self._words[f"pile_{to}"][1]),
                          settle=False)

    def _intent_status(self, seat: int, status: str) -> bool:
        if not self._seat_ok(seat):
            return False
        if status not in STATUSES:
            return self._refuse(f"a status is one of {', '.join(STATUSES)}, not {short(status)}",
                                f"un statut est parmi {', '.join(STATUSES)}, pas {short(status)}")
        draft = self._draft
        name = draft.names[seat]
        en, fr = self._words[f"status_{status}"]
        new = draft._replace(statuses=_with(draft.statuses, seat, status))
        # freeze_placement=in-front: the Freeze that froze a player lies in their line, put
        # there with the status frozen, and taken back with it
        line = new.lines[seat]
        if status == "frozen" and FREEZE not in line:
            changed = tuple(sorted((*line, FREEZE)))
            note = self._note("freeze_kept", name=name)
        elif status != "frozen" and draft.statuses[seat] == "frozen" and FREEZE in line:
            changed = tuple(k for k in line if k != FREEZE)
            note = self._note("freeze_back", name=name)
        else:
            changed = None
        alternatives = () if changed is None else (
            (new._replace(lines=_with(new.lines, seat, changed)), (note,)),)
        new, notes = self._possible(new, alternatives)
        return self._edit(new, self._fill("status_set", 0, name=name, status=en),
                          self._fill("status_set", 1, name=name, status=fr), notes=notes)

    def _intent_score(self, seat: int, score: str) -> bool:
        if not self._seat_ok(seat):
            return False
        try:
            value = read_whole(score.strip(), "scores", 0, MAX_SCORE)  # the notation's reader
        except DoubleseptError as error:
            return self._refused(error)
        draft = self._draft
        new = draft._replace(scores=_with(draft.scores, seat, value))
        return self._edit(new, *self._both("score_set", name=draft.names[seat], score=value),
                          settle=False)

    def _intent_dealer(self, seat: int) -> bool:
        if not self._seat_ok(seat):
            return False
        return self._edit(self._draft._replace(dealer=seat),
                          *self._both("dealer_set", name=self._draft.names[seat]), settle=False)

    def _intent_turn(self, seat: int) -> bool:
        """The base's turn; nobody to play ends the deal too; in round 1, a round over given
        back a player to play has every total 0 again (the engine refuses any other while
        round 1 is played)."""
        draft = self._draft
        if not self._seat_ok(seat, allow_none=True):
            return False
        if seat == -1:
            return self._edit(draft._replace(turn=None, dealing=False),
                              *self._both("turn_none"), settle=False)
        if draft.turn is not None or draft.round != 1 or not any(draft.scores):
            return super()._intent_turn(seat)
        new = draft._replace(turn=seat, scores=(0,) * len(draft.scores))
        return self._edit(new, *self._both("turn_set", name=draft.names[seat]), settle=False,
                          notes=(self._note("zero_scores"),))

    def _intent_dealing(self, on: bool) -> bool:
        draft = self._draft
        if draft.turn is None:
            name = self.word("nobody")
        else:
            name = draft.names[draft.turn]
        words = self._both("dealing_on", name=name) if on else self._both("dealing_off")
        return self._edit(draft._replace(dealing=on), *words, settle=False)

    def _intent_round(self, number: str) -> bool:
        try:
            value = read_whole(number.strip(), "round", 1, MAX_WHOLE)  # the notation's reader
        except DoubleseptError as error:
            return self._refused(error)
        return self._edit(self._draft._replace(round=value),
                          *self._both("round_set", round=value), settle=False)

    def _intent_remove_player(self, seat: int) -> bool:
        if not self._seat_ok(seat):
            return False
        draft = self._draft
        names = draft.names[:seat] + draft.names[seat + 1:]
        if not self._new_names(names):
            return False

        def drop(seq: tuple) -> tuple:
            return seq[:seat] + seq[seat + 1:]

        n = len(names)
        new = draft._replace(names=names, lines=drop(draft.lines),
                             statuses=drop(draft.statuses), scores=drop(draft.scores),
                             turn=seat_after(draft.turn, seat, n),
                             dealer=seat_after(draft.dealer, seat, n))
        return self._edit(new, *self._both("removed", name=draft.names[seat]))

    def _intent_preset(self, preset: str) -> bool:
        try:
            rules = Flip7Rules(preset=preset)
        except DoubleseptError as error:
            return self._refused(error)
        text = rules.to_text() if rules.changes() else ""
        return self._edit(self._draft._replace(rules=text),
                          *self._both("preset_set", preset=preset), settle=False)

    def _intent_clear(self) -> bool:
        draft = self._draft
        n = len(draft.names)
        new = draft._replace(lines=((),) * n, statuses=("active",) * n, deck=(), discards=(),
                             rest="deck", pending="", dealing=False)
        return self._edit(new, *self._both("cleared"))

    # ---- the view

    def _picture(self) -> str:
        return render_html(self._state)

    def _left(self) -> list:
        """Per kind, the copies placed nowhere (in the '...')."""
        state = self._state
        draft = self._draft
        left = list(COPIES)
        for kinds in (*draft.lines, draft.deck, draft.discards):
            for k in kinds:
                left[k] -= 1
        for c in state.pending_cards():
            left[c.kind] -= 1
        return left

    def table_view(self, state: Flip7State, seen: Seen) -> dict:
        draft = self._draft
        names = draft.names
        left = self._left()
        selected = self._selected
        rows = []
        for key, kinds in (("row_numbers", range(13)), ("row_modifiers", range(X2, X2 + 6)),
                           ("row_actions", range(X2 + 6, KINDS))):
            rows.append({"name": self.word(key), "cards": [{
                "card": NAMES_EN[k], "text": self._shown(k),
                "kind": "number" if k < X2 else "modifier" if k < X2 + 6 else "action",
                "tag": self.word("left", n=left[k]), "none": left[k] <= 0,
                "selected": k == selected,
                "label": self.word("card_label", card=self._shown(k), n=left[k], copies=COPIES[k]),
            } for k in kinds]})
        what = self._shown(selected) if selected is not None else self.word("put_what")
        send_card = NAMES_EN[selected] if selected is not None else ""
        places = [
            {"text": self.word("put_deck"), "label": self.word("put_deck_label", card=what),
             "send": {"intent": "place", "card": send_card, "to": "deck"}, "key": "place:deck"},
            {"text": self.word("put_discards"),
             "label": self.word("put_discards_label", card=what),
             "send": {"intent": "place", "card": send_card, "to": "discards"},
             "key": "place:discards"},
            *({"text": name, "label": self.word("put_in", card=what, name=name),
               "send": {"intent": "give", "card": send_card, "seat": seat},
               "key": f"give:{seat}"} for seat, name in enumerate(names)),
        ]
        busts = [] if selected is None or selected >= X2 else [
            {"text": name, "label": self.word("bust_label", card=what, name=name),
             "send": {"intent": "bust", "card": send_card, "seat": seat}, "key": f"bust:{seat}"}
            for seat, name in enumerate(names)
            if selected in draft.lines[seat] and draft.statuses[seat] != "busted"]
        players = []
        for seat, name in enumerate(names):
            line = draft.lines[seat]
            players.append({
                "seat": seat, "name": name, "name_label": self.word("name_label", name=name),
                "turn": draft.turn == seat,
                "turn_label": self.word("to_play_label", name=name),
                "dealer": draft.dealer == seat,
                "dealer_label": self.word("dealer_label", name=name),
                "statuses": [{"status": s, "text": self.word(f"status_{s}"),
                              "label": self.word("status_label", name=name,
                                                 status=self.word(f"status_{s}")),
                              "pressed": draft.statuses[seat] == s} for s in STATUSES],
                "statuses_label": self.word("statuses_label", name=name),
                "status": draft.statuses[seat],
                "score": str(draft.scores[seat]),
                "score_label": self.word("score_label", name=name),
                "remove_label": self.word("remove_label", name=name),
                "line_label": self.word("line_label", name=name),
                "line": [{"text": self._shown(k), "card": NAMES_EN[k],
                          "kind": "number" if k < X2 else "modifier" if k < X2 + 6 else "action",
                          "twice": k < X2 and line.count(k) > 1,
                          "label": self.word("take_label", card=self._shown(k), name=name)}
                         for k in line],
            })
        rest_n = sum(max(n, 0) for n in left)

        def pile(name: str) -> dict:
            cards = getattr(draft, name)
            return {
                "pile": name, "title": self.word(f"{name}_title"),
                "label": self.word(f"{name}_label"),
                "cards": [{"text": self._shown(k), "index": i,
                           "kind": "number" if k < X2 else "modifier" if k < X2 + 6
                           else "action",
                           "label": self.word(f"unplace_{name}_label", card=self._shown(k),
                                              n=i + 1)}
                          for i, k in enumerate(cards)],
                "rest": draft.rest == name,
                "rest_text": self.word("rest_in", n=rest_n) if rest_n
                else self.word("rest_none"),
                "rest_button": self.word("rest_here"),
                "rest_label": self.word("rest_here_label", n=rest_n,
                                        pile=self.word(f"pile_{name}")),
            }

        presets = [{"preset": p, "text": p, "label": self.word("preset_label", preset=p),
                    "pressed": state.rules == Flip7Rules(preset=p)} for p in PRESETS]
        return {"editor": {
            "title": self.word("title"),
            "picker": rows, "picker_label": self.word("picker_label"),
            "chosen": self.word("none_chosen") if selected is None else self.word(
                "chosen", card=what, n=left[selected], copies=COPIES[selected]),
            "places": places, "put_label": self.word("put_label"),
            "put_to": self.word("put_to"), "can_put": selected is not None,
            "busts": busts, "bust_to": self.word("bust_to"),
            "bust_none": self.word("bust_none"),
            "actions": [
                {"text": self.word("clear"), "label": self.word("clear_label"),
                 "send": {"intent": "clear"}, "key": "clear", "disabled": False},
                {"text": self.word("add_player"), "label": self.word("add_player_label"),
                 "send": {"intent": "add_player"}, "key": "add_player", "disabled": False},
                self.undo_action(),
            ],
            "actions_label": self.word("actions_label"),
            "presets": presets, "presets_label": self.word("presets_label"),
            "piles": [pile("deck"), pile("discards")],
            "turn": {
                "label": self.word("turn_label"),
                "over": draft.turn is None, "over_text": self.word("round_over"),
                "over_label": self.word("round_over_label"),
                "dealing": draft.dealing, "dealing_text": self.word("dealing"),
                "dealing_label": self.word("dealing_label"),
                "round": str(draft.round), "round_tag": self.word("round_tag"),
                "round_label": self.word("round_label"),
            },
            "pending": self.word("pending_text", pending=draft.pending) if draft.pending
            else self.word("pending_none"),
            "players": players, "players_label": self.word("players_label"),
            "to_play_tag": self.word("to_play_tag"), "dealer": self.word("dealer"),
            "remove": self.word("remove"), "score_tag": self.word("score_tag"),
            "empty_line": self.word("empty_line"),
            **self.text_view(),
        }}

