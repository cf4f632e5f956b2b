"""The Double Seven widgets: the table (``DoubleSevenTable``) and the try-a-move table
with its move builder (``DoubleSevenTryMoves``); the game against the computer is
``DoubleSevenPlay`` (``double_seven_play.py``).

Everything but Double Seven's own table comes from ``GameWidget`` in ``base.py``: the
header, the controls, the languages, the seat's view, the messages and the try-a-move rows
(from ``state.verdicts()``, with their reasons, rule ids and sources). This module lays out
what the engine's observation says (each player's families, rack, tokens and score; the
face-up area, the reserve's size, the tiles out of the game, the '7' and '77' supply; the
phase) and decides no rule. The browser side is ``widgets/double_seven.js``.

Every animal is drawn with its symbol and its name, and its colour only as a stripe beside
them (``rules.ANIMALS``: the Okabe-Ito palette), so a reader who cannot tell the colours
apart reads the tiles all the same.

The builder of ``DoubleSevenTryMoves`` puts a several-tile move together click by click:
the tiles of the mover's rack and the families on the table become buttons; each click
writes the move being built (``start fox fox``, ``expand 1 with fox``, ``exchange my 1 for
Bob's 2``, ``retrieve clover from Bob's 1 with bird``, ``two-for-one fox bird``) and asks
the engine's ``state.check`` about it, so the reader sees at every click why it is not
legal yet. ``confirm`` plays it, as a click on its row would.
"""

from __future__ import annotations

import html
import re
from typing import ClassVar

from ..core.french import de
from ..double_seven import (
    ANIMALS,
    CLOVER,
    DRAW_HIDDEN,
    PASS,
    RAINBOW,
    DoubleSevenState,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    Tile,
    TwoForOne,
    render_html,
)
from ..double_seven.moves import Discard
from ..double_seven.rules import is_sept, tile_kind
from ..errors import NotationError
from .base import GameWidget, Seen, _citation, fill, number_text, sentence, short

__all__ = ["BUILD_KINDS", "MAX_MOVE_TEXT", "MOVE_KINDS", "DoubleSevenTable",
           "DoubleSevenTryMoves", "move_kind"]

# A Double Seven move is longer than a card ("retrieve clover from player 1's 2 with
# butterfly"): the play intent takes up to this many characters.
MAX_MOVE_TEXT = 100

# The kinds of move, in the order the try-a-move rows list them.
MOVE_KINDS = ("chance", "draw", "rainbow", "start", "expand", "exchange", "retrieve",
              "two-for-one", "pass", "discard")
# The moves the builder puts together, click by click.
BUILD_KINDS = ("start", "expand", "exchange", "retrieve", "two-for-one")
# A row of more legal moves of those kinds than this shows their count, not their buttons,
# until it is unfolded: the builder is the way to compose them (issue 21).
FOLD_OVER = 3

_HEX = re.compile(r"#[0-9A-Fa-f]{6}")
_BY_NAME = {a.en: kind for kind, a in enumerate(ANIMALS)}
_CLASS_KIND = {DrawFaceUp: "draw", Start: "start", Expand: "expand", Exchange: "exchange",
               Retrieve: "retrieve", TwoForOne: "two-for-one", Discard: "discard",
               Tile: "chance"}


def move_kind(move) -> str:
    """The kind of a move, one of ``MOVE_KINDS`` (a chance step or a tile stacked:
    "chance").

    >>> move_kind(Start((2, 2))), move_kind(DRAW_HIDDEN), move_kind(PASS)
    ('start', 'draw', 'pass')
    """
    kind = _CLASS_KIND.get(move.__class__)
    if kind is not None:
        return kind
    if move is DRAW_HIDDEN:
        return "draw"
    if move is RAINBOW:
        return "rainbow"
    if move is PASS:
        return "pass"
    return "chance"


class DoubleSevenTable(GameWidget):
    """A Double Seven position: each player's families (animal, size, clovers, number),
    '7' tokens and the '77', score and rack (the seat's own rack shown; the others hidden,
    as their size, unless ``show_hands`` in the teacher's view); the face-up area, the size
    of the hidden reserve, the tiles out of the game, the '7' tokens left and the '77';
    whose turn it is and which phase.

    ``lang`` is "en", "fr" or "both" (English with French beneath); ``seat`` shows only
    what that seat sees (``state.observation(seat)``); ``show_hands`` shows the racks the
    viewer may see (the teacher's view, ``seat=None``: every rack); left out, it is True
    for a seat's view (its own rack shown) and False for the teacher's.
    """

    max_text: ClassVar[int] = MAX_MOVE_TEXT  # a move is longer than a card
    legal_by_rule: ClassVar[bool] = True  # many multi-tile moves: one row a rule

    state_class = DoubleSevenState
    module = "double_seven.js"
    styles = "double_seven.css"
    css_class = "ds-doubleseven"
    WORDS: ClassVar[dict] = {
        "players_label": ("players", "joueurs"),
        "area_label": ("middle of the table", "milieu de la table"),
        "families_label": ("{name}'s families", "familles {de_name}"),
        "rack_label": ("{name}'s rack", "chevalet {de_name}"),
        "no_family": ("no family yet", "aucune famille"),
        "family_label": ("{name}'s family {n}: {size}", "famille {n} {de_name} : {size}"),
        "family_size": ("{animals} {animal}", "{animals} {animal}"),
        "family_clovers": ("{animals} {animal} + {clovers} 🍀",
                           "{animals} {animal} + {clovers} 🍀"),
        "family_tiles": ("{n} tiles", "{n} tuiles"),
        "sept_tag": ("7+", "7+"),
        "hidden_rack": ("{n} tiles, hidden", "{n} tuiles, cachées"),
        "one_hidden": ("1 tile, hidden", "1 tuile, cachée"),
        "empty_rack": ("empty rack", "chevalet vide"),
        "tiles": ("{n} tiles", "{n} tuiles"),
        "one_tile": ("1 tile", "1 tuile"),
        "no_tiles": ("no tiles", "aucune tuile"),
        "tokens": ("'7' tokens: {n}", "jetons « 7 » : {n}"),
        "double_seven_tag": ("'77' token", "jeton « 77 »"),
        "septs": ("Sept! calls: {n}", "annonces Sept ! : {n}"),
        "score": ("score: {n}", "score : {n}"),
        "turn_tag": ("▶ turn", "▶ son tour"),
        "first_tag": ("first player", "premier joueur"),
        "trigger_tag": ("ended the game", "a déclenché la fin"),
        "winner_tag": ("★ winner", "★ gagnant"),
        "face_up": ("Face up: ", "Visibles : "),
        "face_up_label": ("face-up tiles", "tuiles visibles"),
        "none": ("none", "aucune"),
        "reserve": ("Hidden reserve: {n}", "Réserve cachée : {n}"),
        "out": ("Out of the game: ", "Hors du jeu : "),
        "out_label": ("tiles out of the game", "tuiles hors du jeu"),
        "supply": ("'7' tokens left: {n}", "jetons « 7 » restants : {n}"),
        "double_seven_free": ("'77' token: still to win", "jeton « 77 » : encore à gagner"),
        "double_seven_held": ("'77' token: {name}", "jeton « 77 » : {name}"),
        "phase_label": ("phase", "phase"),
        "phase_deal": ("Deal", "Donne"),
        "phase_flip": ("Flip", "Retourner"),
        "phase_draw": ("Draw", "Pioche"),
        "phase_rainbow": ("Rainbow?", "Arc-en-ciel ?"),
        "phase_act": ("Actions", "Actions"),
        "phase_discard": ("Discard", "Défausse"),
        "phase_over": ("Game over", "Partie terminée"),
        "used_rainbow": ("Rainbow called this turn", "Arc-en-ciel annoncé ce tour"),
        "used_two_for_one": ("Two for One used this turn", "Deux contre Un utilisé ce tour"),
        "just_discarded": ("Just discarded by Two for One: {tiles}",
                           "Défaussées à l'instant par Deux contre Un : {tiles}"),
        "hidden_move": ("a hidden tile", "une tuile cachée"),
        "fold_note": ("Build one with the panel above, or unfold them:",
                      "Construisez-en un avec le panneau ci-dessus, ou dépliez-les :"),
        "moves": ("{n} moves", "{n} coups"),
        "kind_chance": ("Chance", "Hasard"),
        "kind_draw": ("Draw", "Piocher"),
        "kind_rainbow": ("Rainbow", "Arc-en-ciel"),
        "kind_start": ("Start a family", "Commencer une famille"),
        "kind_expand": ("Expand a family", "Agrandir une famille"),
        "kind_exchange": ("Exchange", "Échanger"),
        "kind_retrieve": ("Retrieve a clover", "Récupérer un trèfle"),
        "kind_two-for-one": ("Two for One", "Deux contre Un"),
        "kind_pass": ("Pass", "Passer"),
        "kind_discard": ("Discard", "Défausser"),
        "hidden_moves": (("{n} tiles on {name}'s rack, hidden: the moves they allow are hidden "
                         "with them."),
                         ("{n} tuiles sur le chevalet {de_name}, cachées : les coups qu'elles "
                         "permettent sont cachés avec elles.")),
    }

    def __init__(self, state: DoubleSevenState, show_hands: bool | None = None, **kwargs):
        if show_hands is None:
            show_hands = kwargs.get("seat") is not None
        super().__init__(state, show_hands, **kwargs)

    # ---- hooks of the base

    def all_hands(self, state) -> list:
        return [[t.text() for t in state.rack(p)] for p in range(len(state.names))]

    def own_hand(self, obs: dict):
        return obs.get("rack")

    def move_text(self, move, lang: str = "en") -> str:
        """A move as text, with the players' names ("exchange my 1 for Bob's 2"). What a
        click sends ("en") keeps the seat number ("player 1's") when the name does not read
        back as the same move or makes the text too long."""
        state = self._state
        if move.__class__ in (Exchange, Retrieve):
            named = state.move_text(move, lang)
            if lang == "fr":
                return named
            try:
                same = state.parse_move(named) is move
            except NotationError:
                same = False
            if same and len(named) <= MAX_MOVE_TEXT:
                return named
            return move.text("en")
        return move.text("fr" if lang == "fr" else "en")

    def is_public_move(self, move) -> bool:
        """Moves whose verdict depends on nothing hidden: drawing, exchanges (family sizes
        are public), passing."""
        return move is DRAW_HIDDEN or move is PASS or move.__class__ in (DrawFaceUp, Exchange)

    def played_text(self, mover, move) -> tuple[str, str]:
        if move is PASS and mover is not None:
            return f"{mover} passed", f"{mover} passe"
        return super().played_text(mover, move)

    def count_text(self, count: int) -> str | None:
        return self.word("moves", n=count)

    def round_text(self, state) -> str | None:
        return None  # one game, no rounds

    def static_html(self) -> str:
        """The engine's picture of the table (``double_seven.render_html``, from the
        spectator's observation), and the racks this view shows, escaped."""
        state = self._state
        seen = self.seen(state)
        racks = []
        for seat, rack in enumerate(seen.hands):
            if rack is not None:
                tiles = ", ".join(f"{ANIMALS[_BY_NAME[t]].symbol} {t}" for t in rack) or "-"
                racks.append(f"<div>{html.escape(state.names[seat])}'s rack: "
                             f"{html.escape(tiles)}</div>")
        return render_html(state) + "".join(racks)

    # ---- the tiles, as the page draws them

    def tile_view(self, name: str, count: int = 1) -> dict:
        """One animal or clover (its English name), as the page draws it: symbol, name,
        colour (a stripe beside them, never alone), and how many."""
        animal = ANIMALS[_BY_NAME[name]]
        shown = animal.fr if self._main == "fr" else animal.en
        if count != 1:
            shown_n = animal.plural_fr if self._main == "fr" else animal.plural_en
            text = f"{animal.symbol} {count} {shown_n}"
        else:
            text = f"{animal.symbol} {shown}"
        colour = animal.hex if _HEX.fullmatch(animal.hex) else "#888888"
        return {"tile": animal.en, "symbol": animal.symbol, "name": shown, "text": text,
                "count": count, "colour": colour, "clover": _BY_NAME[name] == CLOVER,
                "label": text.replace(animal.symbol + " ", "", 1)}

    def _count(self, n: int, zero: str = "no_tiles") -> str:
        if n == 0:
            return self.word(zero)
        return self.word("one_tile") if n == 1 else self.word("tiles", n=number_text(n))

    # ---- Double Seven's own table

    def _family_view(self, state, seen: Seen, seat: int, number: int, family: dict) -> dict:
        name = state.names[seat]
        animal = ANIMALS[_BY_NAME[family["animal"]]]
        animal_name = (animal.plural_fr if self._main == "fr" else animal.plural_en) \
            if family["animals"] != 1 else (animal.fr if self._main == "fr" else animal.en)
        key = "family_clovers" if family["clovers"] else "family_size"
        size = self.word(key, animals=family["animals"], animal=animal_name,
                         clovers=family["clovers"])
        return {
            "seat": seat, "number": number, "tile": self.tile_view(family["animal"]),
            "animals": family["animals"], "clovers": family["clovers"],
            "size": family["tiles"], "size_text": self.word("family_tiles", n=family["tiles"]),
            "text": size, "sept": is_sept(family["tiles"]),
            "label": self.word("family_label", name=name, n=number, size=size),
        }

    def table_view(self, state: DoubleSevenState, seen: Seen) -> dict:
        obs = seen.obs
        names = obs["players"]
        winners = set(obs["winners"])
        players = []
        for seat, name in enumerate(names):
            rack = seen.hands[seat]
            size = obs["rack_sizes"][seat]
            if rack is None:
                rack_text = self.word("empty_rack") if size == 0 else \
                    self.word("one_hidden") if size == 1 else \
                    self.word("hidden_rack", n=number_text(size))
            else:
                rack_text = self.word("empty_rack") if size == 0 else self._count(size)
            tokens = obs["tokens"][seat]
            septs = obs["septs"][seat]
            players.append({
                "name": name, "seat": seat,
                "turn": seat == obs["turn"],
                "to_move": seat == obs["to_move"],
                "first": seat == obs["first"],
                "trigger": seat == obs["trigger"],
                "winner": seat in winners,
                "families": [self._family_view(state, seen, seat, i + 1, f)
                             for i, f in enumerate(obs["families"][seat])],
                "families_label": self.word("families_label", name=name),
                "rack": None if rack is None else [self.tile_view(t) for t in rack],
                "rack_size": size,
                "rack_text": rack_text,
                "rack_label": self.word("rack_label", name=name),
                "tokens": tokens,
                "tokens_text": self.word("tokens", n=number_text(tokens)),
                "septs_text": self.word("septs", n=number_text(septs)) if septs != tokens
                else None,
                "double_seven": obs["double_seven"] == seat,
                "score": obs["scores"][seat],
                "score_text": self.word("score", n=number_text(obs["scores"][seat])),
            })
        decision = state.decision
        phase = "over" if decision is None else decision.phase
        used = []
        if obs["rainbow_used"]:
            used.append(self.both("used_rainbow"))
        if obs["two_for_one_used"]:
            used.append(self.both("used_two_for_one"))
        if obs["just_discarded"]:
            en = ", ".join(obs["just_discarded"])
            fr = ", ".join(ANIMALS[_BY_NAME[t]].fr for t in obs["just_discarded"])
            used.append(self.texts(self._words["just_discarded"][0].format(tiles=en),
                                   self._words["just_discarded"][1].format(tiles=fr)))
        holder = obs["double_seven"]
        return {
            "players": players,
            "area": {
                "face_up": [self.tile_view(t, n) for t, n in obs["face_up"].items()],
                "face_up_size": sum(obs["face_up"].values()),
                "reserve": self.word("reserve", n=self._count(obs["reserve_size"])),
                "reserve_size": obs["reserve_size"],
                "out": [self.tile_view(t, n) for t, n in obs["out"].items()],
                "supply": self.word("supply", n=number_text(obs["supply"])),
                "supply_size": obs["supply"],
                "double_seven": self.word("double_seven_free") if holder is None else
                self.word("double_seven_held", name=names[holder]),
                "double_seven_holder": holder,
            },
            "phase": {
                "phase": phase,
                "name": self.word(f"phase_{phase}"),
                "decision": self.texts(decision.en, decision.fr) if decision is not None
                else self.texts(*self._words["game_over"]),
                "rule_id": None if decision is None else decision.rule_id,
                "used": used,
            },
            "d7_words": {key: self.word(key) for key in (
                "players_label", "area_label", "no_family", "sept_tag", "double_seven_tag",
                "turn_tag", "first_tag", "trigger_tag", "winner_tag", "face_up",
                "face_up_label", "none", "out", "out_label", "phase_label")},
        }

    def both(self, key: str, **values) -> dict:
        """A label of WORDS with its values, as a text of the view ({text, sub})."""
        en, fr = self._words[key]
        return self.texts(en.format(**values), fr.format(**values))

    # ---- the try-a-move rows, grouped by kind

    def _candidates(self, state, seen: Seen) -> dict:
        """The base's table, without a caption: the phase above it says what is awaited."""
        table = super()._candidates(state, seen)
        table["caption"] = None
        return table

    def folds(self, verdicts) -> bool:
        """The legal moves of a kind the builder makes (``BUILD_KINDS``), when they are more
        than ``FOLD_OVER``: their row shows how many, and unfolds to each of them."""
        return len(verdicts) > FOLD_OVER and verdicts[0].legal and \
            move_kind(verdicts[0].move) in BUILD_KINDS

    def _grouped(self, verdicts, seen: Seen) -> list:
        """The base's rows (the legal moves first, then the refused ones, one row per rule),
        each in the order of the kinds of move (``MOVE_KINDS``); the first row of each kind
        names it."""
        order = {kind: i for i, kind in enumerate(MOVE_KINDS)}
        ordered = sorted(verdicts, key=lambda v: order[move_kind(v.move)])
        rows = super()._grouped(ordered, seen)
        return self._kinds(rows)

    def _group(self, verdicts, seen: Seen, hidden: bool = False) -> dict:
        """The base's row, with the kind of its moves (from the verdicts' own moves)."""
        row = super()._group(verdicts, seen, hidden)
        row["kind"] = move_kind(verdicts[0].move)
        return row

    def _kinds(self, rows) -> list:
        last = None
        for row in rows:
            kind = row.get("kind")
            if kind is not None and kind != last:
                heading = self.word(f"kind_{kind}")
                row["count_text"] = heading if row["count"] <= 1 else \
                    f"{heading} · {self.count_text(row['count'])}"
            last = kind if kind is not None else last
        return rows

    def hidden_rows(self, state, verdicts, seen: Seen) -> list:
        """The rows of the moves whose verdict hides nothing (drawing, exchanges, pass), and
        one row that stands for the rest, naming no tile of the hidden rack."""
        mover = state.to_move
        size = seen.obs["rack_sizes"][mover]
        en, fr = self._words["hidden_moves"]
        name = self.seat_name(state, mover)
        order = {kind: i for i, kind in enumerate(MOVE_KINDS)}
        public = sorted((v for v in verdicts if self.is_public_move(v.move)),
                        key=lambda v: order[move_kind(v.move)])
        rows = [self._group([v], seen) for v in public]
        rows = self._kinds(rows)
        hidden = [v for v in verdicts if not self.is_public_move(v.move)]
        if hidden:
            rows.append({**self.summary_row(en.format(n=size, name=name),
                                            fill(fr, n=size, name=name)), "kind": None})
        return rows


def _built_move(kind: str, own: list, other: list, tiles: list, families: list, mover: int):
    """The move the click-to-build panel has made, with the engine's move constructors
    (``own``: the mover's family numbers picked; ``other``: (seat, number) of the others'
    families; ``families``: every (seat, number) picked, in order; ``tiles``: the kinds
    picked); None if the constructor refuses the picks (the engine's verdict of their text
    then says why)."""
    try:
        if kind == "start":
            return Start(tuple(tiles))
        if kind == "two-for-one":
            return TwoForOne(tuple(tiles))
        if kind == "expand":
            return Expand(own[0], tuple(tiles))
        if kind == "exchange":
            return Exchange(own[0], *other[0])
        seat, number = families[0]  # a retrieval: the first family picked, the first tile
        return Retrieve(-1 if seat == mover else seat, number, tiles[0])
    except (NotationError, IndexError, TypeError):
        return None


class DoubleSevenTryMoves(DoubleSevenTable):
    """The try-a-move table: every candidate move of the phase (``state.candidate_moves()``)
    with its verdict, reason, rule id and source, grouped by kind; a click on a legal row
    plays it; undo and reset. And the builder, click by click, of the moves that take
    several tiles or families.

    Python API, the same path as the clicks (each returns True if accepted; the reply is
    ``message``):

    - ``play("start fox fox clover")``, ``undo()``, ``reset()``;
    - ``pick("fox")``: a tile of the mover's rack into the move being built (``unpick``
      takes it back); ``pick_family(seat, number)``: a family (``seat`` a seat number or a
      name, ``number`` from 1); ``pick_kind("two-for-one")``: which move to build
      (``BUILD_KINDS``; the first click chooses one by itself: a tile starts a family,
      your family expands it, another player's family is an exchange, or a retrieval when
      it holds a clover; your family and another player's, in either order and with no
      tile picked, are an exchange; a retrieval moves to another family only if it holds a
      clover);
    - ``build``: the move being built, as text ('' when nothing is picked);
      ``build_verdict``: the engine's ``Verdict`` of it (None while it is incomplete);
    - ``confirm()`` plays it; ``clear()`` empties it.

    The builder works in the actions phase, for the player to move, when the viewer sees
    that player's rack (``show_hands``, the default here). The move being built belongs to
    the position: any move, undo or reset empties it.
    """

    try_moves = True
    TRY_INTENTS: ClassVar[dict] = {
        "play": {"move": str}, "undo": {}, "reset": {},
        "pick": {"tile": str}, "unpick": {"tile": str},
        "pick_family": {"seat": int, "number": int}, "pick_kind": {"kind": str},
        "confirm": {}, "clear": {},
    }
    WORDS: ClassVar[dict] = {
        **DoubleSevenTable.WORDS,
        "build_label": ("move being built", "coup en construction"),
        "build_title": ("Build a move by clicking: ", "Construisez un coup en cliquant : "),
        "build_kinds_label": ("what to build", "quoi construire"),
        "build_kind_label": ("build: {kind}", "construire : {kind}"),
        "pick_label": ("pick {tile}", "prendre {tile}"),
        "unpick_label": ("put back {tile}", "reposer {tile}"),
        "pick_family_label": ("pick {family}", "choisir {family}"),
        "unpick_family_label": ("put back {family}", "reposer {family}"),
        "confirm": ("✔ Confirm", "✔ Valider"),
        "confirm_label": ("confirm the move being built", "valider le coup en construction"),
        "clear": ("✕ Clear", "✕ Effacer"),
        "clear_label": ("clear the move being built", "effacer le coup en construction"),
        "nothing_built": ("Click tiles of the rack, or families, to build a move.",
                          ("Cliquez sur des tuiles du chevalet, ou sur des familles, pour construire "
                          "un coup.")),
        "picked": ("Picked: ", "Choisi : "),
        "not_yet": ("✘ not legal yet", "✘ pas encore permis"),
        "incomplete": ("… incomplete", "… incomplet"),
        "hint_start": ("Pick 2 or more tiles of your rack for the new family.",
                       ("Choisissez 2 tuiles ou plus de votre chevalet pour la nouvelle "
                       "famille.")),
        "hint_expand_family": ("Pick the family of yours to expand.",
                               "Choisissez celle de vos familles à agrandir."),
        "hint_expand_tiles": (("Pick the tiles of your rack to add to family {n}, or another "
                               "player's family to exchange it for."),
                              ("Choisissez les tuiles de votre chevalet à ajouter à la famille "
                              "{n}, ou la famille d'un autre joueur à échanger contre elle.")),
        "hint_exchange_mine": ("Pick the family of yours to give.",
                               "Choisissez celle de vos familles à donner."),
        "hint_exchange_theirs": ("Pick another player's family to take for it.",
                                 ("Choisissez la famille d'un autre joueur à prendre en "
                                 "échange.")),
        "hint_retrieve_family": ("Pick the family holding the clover.",
                                 "Choisissez la famille qui tient le trèfle."),
        "hint_retrieve_tile": ("Pick the animal tile of your rack to put in its place.",
                               ("Choisissez la tuile animal de votre chevalet à mettre à sa "
                               "place.")),
        "hint_two_for_one": ("Pick the 2 tiles of your rack to discard face up.",
                             ("Choisissez les 2 tuiles de votre chevalet à défausser face "
                             "visible.")),
        "hint_two_for_one_more": ("Pick one more tile of your rack: Two for One discards 2.",
                                  ("Choisissez encore une tuile de votre chevalet : Deux contre "
                                  "Un en défausse 2.")),
    }

    def __init__(self, state: DoubleSevenState, show_hands: bool = True, **kwargs):
        self._build_for = None  # the state the picks belong to
        self._build_kind = None
        self._picked_tiles: list = []  # kinds (0-8), in the order picked
        self._picked_families: list = []  # (seat, number)
        super().__init__(state, show_hands, **kwargs)

    # ---- Python side: the builder

    def pick(self, tile) -> bool:
        """Put a tile of the mover's rack (its name, English or French, or its symbol) into
        the move being built."""
        return self.handle_message({"intent": "pick", "tile": tile})

    def unpick(self, tile) -> bool:
        """Take a picked tile back out of the move being built."""
        return self.handle_message({"intent": "unpick", "tile": tile})

    def pick_family(self, seat, number) -> bool:
        """Pick (or, picked already, put back) ``seat``'s family ``number`` (from 1);
        ``seat`` is a seat number or a player's name."""
        if isinstance(seat, str) and seat in self._state.names:
            seat = self._state.names.index(seat)
        return self.handle_message({"intent": "pick_family", "seat": seat, "number": number})

    def pick_kind(self, kind) -> bool:
        """Choose which move to build: one of ``BUILD_KINDS``. The picks that do not fit it
        are put back."""
        return self.handle_message({"intent": "pick_kind", "kind": kind})

    def confirm(self) -> bool:
        """Play the move being built (refused, with the engine's reason, if not legal)."""
        return self.handle_message({"intent": "confirm"})

    def clear(self) -> bool:
        """Empty the move being built."""
        return self.handle_message({"intent": "clear"})

    @property
    def build(self) -> str:
        """The move being built, as text with the players' names ('' when nothing is
        picked); written as the engine reads it once it is a whole move."""
        built = self._built()
        return "" if built["shown"] is None else built["shown"]["en"]

    @property
    def build_verdict(self):
        """The engine's verdict (``state.check``) of the move being built; None while it
        is incomplete or empty."""
        return self._built()["verdict"]

    @property
    def build_kind(self) -> str | None:
        """The kind of move being built (``BUILD_KINDS``), or None."""
        self._picks()
        return self._build_kind

    # ---- messages

    # ---- the builder's state

    def _picks(self) -> None:
        """Empty the picks when they belong to another position, or may not be shown."""
        state = self._state
        if self._build_for is not state or self._closed(state) is not None:
            self._build_for = state
            self._build_kind = None
            self._picked_tiles = []
            self._picked_families = []

    def _closed(self, state) -> tuple | None:
        """Why the builder is closed now (English, French), or None when it is open."""
        decision = state.decision
        if decision is None or decision.phase not in ("act", "rainbow"):
            what = self._words["game_over"] if decision is None else (decision.en, decision.fr)
            return (f"Nothing to build now: {what[0]}",
                    f"Rien à construire maintenant : {what[1]}")
        mover = state.to_move
        if self._seat is not None and mover != self._seat:
            name = state.names[mover]
            return ((f"{name} is to move: this table builds moves for "
                    f"{state.names[self._seat]} only."),
                    (f"{name} doit jouer : cette table ne construit de coups que pour "
                    f"{state.names[self._seat]}."))
        if not self._show_hands:
            name = state.names[mover]
            return (f"{name}'s rack is hidden: show the racks to build a move.",
                    (f"Le chevalet {de(name)} est caché : montrez les chevalets pour construire "
                    "un coup."))
        return None

    def _refuse_build(self, en: str, fr: str) -> bool:
        self._tried = None
        self._say("error", en, fr)
        return False

    def _open(self) -> bool:
        self._picks()
        closed = self._closed(self._state)
        if closed is not None:
            return self._refuse_build(*closed)
        return True

    def _built(self) -> dict:
        """The move being built: its text (None when nothing is picked; the players named
        by seat, as the engine reads it), the same in the widget's language with the
        players' names (``shown``), the hint of what is missing (when incomplete) and the
        engine's verdict (when complete)."""
        self._picks()
        state = self._state
        kind = self._build_kind
        if kind is None:
            return {"kind": None, "text": None, "shown": None, "hint": None, "verdict": None}
        mover = state.to_move
        own = [n for s, n in self._picked_families if s == mover]
        other = [(s, n) for s, n in self._picked_families if s != mover]
        tiles = self._picked_tiles
        if kind == "start":
            hint = None if tiles else ("hint_start", {})
        elif kind == "two-for-one":
            hint = None if len(tiles) >= 2 else \
                ("hint_two_for_one_more", {}) if tiles else ("hint_two_for_one", {})
        elif kind == "expand":
            hint = ("hint_expand_family", {}) if not own else \
                ("hint_expand_tiles", {"n": own[0]}) if not tiles else None
        elif kind == "exchange":
            hint = ("hint_exchange_mine", {}) if not own else \
                ("hint_exchange_theirs", {}) if not other else None
        else:  # retrieve
            hint = ("hint_retrieve_family", {}) if not self._picked_families else \
                ("hint_retrieve_tile", {}) if not tiles else None
        move = None if hint is not None else \
            _built_move(kind, own, other, tiles, self._picked_families, mover)
        if move is not None:  # the engine's own move, its text and its verdict
            text, verdict = move.text(), state.check(move)
            shown = {lang: state.move_text(move, lang) for lang in ("en", "fr")}
            return {"kind": kind, "text": text, "shown": shown, "hint": None,
                    "verdict": verdict}
        # incomplete (a hint says what is missing), or not a move at all (three tiles for
        # Two for One): the text so far, and the engine's verdict of it when complete
        text = self._partial(kind, own, other, "en", names=False)
        verdict = None if hint is not None else state.check(text)
        shown = {lang: self._partial(kind, own, other, lang, names=True)
                 for lang in ("en", "fr")}
        return {"kind": kind, "text": text, "shown": shown, "hint": hint, "verdict": verdict}

    def _partial(self, kind: str, own: list, other: list, lang: str, names: bool) -> str:
        """The move being built as text, "…" for what is missing: in English as the engine
        reads it (``names`` False: players by seat), or in ``lang`` with the names."""
        state = self._state
        fr = lang == "fr"
        gap = "…"
        tiles = " ".join(ANIMALS[k].fr if fr else ANIMALS[k].en for k in self._picked_tiles)

        def whose(seat: int, number) -> str:
            if seat == state.to_move:
                return f"ma {number}" if fr else f"my {number}"
            if fr:
                who = de(state.names[seat]) if names else f"du joueur {seat}"
                return f"la {number} {who}"
            return (f"{state.names[seat]}'s" if names else f"player {seat}'s") + f" {number}"

        if kind == "start":
            return ("commencer " if fr else "start ") + (tiles or gap)
        if kind == "two-for-one":
            return ("deux-contre-un " if fr else "two-for-one ") + (tiles or gap)
        if kind == "expand":
            number = own[0] if own else gap
            return f"agrandir {number} avec {tiles or gap}" if fr else \
                f"expand {number} with {tiles or gap}"
        if kind == "exchange":
            mine = own[0] if own else gap
            theirs = whose(*other[0]) if other else (f"la {gap} de {gap}" if fr
                                                     else f"{gap}'s {gap}")
            return f"échanger ma {mine} contre {theirs}" if fr else \
                f"exchange my {mine} for {theirs}"
        where = whose(*self._picked_families[0]) if self._picked_families else gap
        tile = tiles.split(" ")[0] if tiles else gap
        return f"récupérer trèfle de {where} avec {tile}" if fr else \
            f"retrieve clover from {where} with {tile}"

    def _say_build(self, done_en: str, done_fr: str) -> bool:
        """After a click of the builder: what was done, and the engine's verdict of the
        move now being built (or what it still needs). The reply goes in the builder
        (``at="build"``), in place of the verdict's reason the builder shows: said once,
        where the reader clicked."""
        built = self._built()
        if built["kind"] is None:
            self._say("info", done_en, done_fr, at="build")
            return True
        verdict = built["verdict"]
        if verdict is None:
            key, values = built["hint"]
            en, fr = self._words[key]
            self._say("info", f"{done_en} {en.format(**values)}",
                      f"{done_fr} {fr.format(**values)}", at="build")
            return True
        shown_en, shown_fr = built["shown"]["en"], built["shown"]["fr"]
        if verdict.legal:
            self._say("ok", f"{done_en} {shown_en}: legal, confirm to play it. "
                            f"{sentence(verdict.reason_en)}",
                      f"{done_fr} {shown_fr} : permis, validez pour le jouer. "
                      f"{sentence(verdict.reason_fr)}", rule_id=verdict.rule_id, at="build")
        else:
            self._say("error", f"{done_en} {shown_en}: not legal yet. "
                               f"{sentence(verdict.reason_en)}",
                      f"{done_fr} {shown_fr} : pas encore permis. {sentence(verdict.reason_fr)}",
                      rule_id=verdict.rule_id, at="build")
        return True

    # ---- the builder's intents

    def _tile_kind(self, text: str):
        kind = tile_kind(text)
        if kind is None:
            listed = ", ".join(a.en for a in ANIMALS)
            listed_fr = ", ".join(a.fr for a in ANIMALS)
            self._refuse(f"{short(text)} is not a tile: one of {listed}",
                         f"{short(text)} n'est pas une tuile : l'un de ces mots : {listed_fr}")
        return kind

    def _intent_pick(self, text: str) -> bool:
        kind = self._tile_kind(text)
        if kind is None or not self._open():
            return False
        state = self._state
        mover = state.to_move
        name = state.names[mover]
        animal = ANIMALS[kind]
        held = state.racks[mover][kind]
        picked = self._picked_tiles.count(kind)
        if held - picked <= 0:
            what = "none" if not held else f"{held}, and {picked} picked already"
            what_fr = "aucune" if not held else f"{held}, et {picked} déjà choisie(s)"
            return self._refuse_build(
                f"No {animal.en} left to pick on {name}'s rack ({what}).",
                f"Plus de tuile {animal.fr} à prendre sur le chevalet {de(name)} ({what_fr}).")
        build = self._build_kind
        if build is None:
            build = "start"
        elif build == "exchange":
            return self._refuse_build(
                "An exchange moves whole families and takes no tile of the rack: pick your "
                "family and another player's, or choose another move to build.",
                "Un échange déplace des familles entières sans tuile du chevalet : choisissez "
                "votre famille et celle d'un autre joueur, ou un autre coup à construire.")
        elif build == "two-for-one" and len(self._picked_tiles) >= 2:
            return self._refuse_build(
                "Two for One takes exactly 2 tiles: put one back first.",
                "Deux contre Un prend exactement 2 tuiles : reposez-en une d'abord.")
        if build == "retrieve":
            self._picked_tiles = []  # one animal tile: the new one takes its place
        self._build_kind = build
        self._picked_tiles.append(kind)
        return self._say_build(f"Picked {animal.en}.", f"Tuile {animal.fr} choisie.")

    def _intent_unpick(self, text: str) -> bool:
        kind = self._tile_kind(text)
        if kind is None or not self._open():
            return False
        animal = ANIMALS[kind]
        if kind not in self._picked_tiles:
            return self._refuse_build(f"No {animal.en} is picked: nothing to put back.",
                                      f"Aucune tuile {animal.fr} n'est choisie : rien à reposer.")
        index = len(self._picked_tiles) - 1 - self._picked_tiles[::-1].index(kind)
        del self._picked_tiles[index]
        return self._say_build(f"Put back {animal.en}.", f"Tuile {animal.fr} reposée.")

    def _intent_pick_family(self, seat: int, number: int) -> bool:
        state = self._state
        players = len(state.names)
        if not 0 <= seat < players:
            return self._refuse(f"no player sits at seat {short(seat)} (seats 0 to "
                                f"{players - 1})",
                                f"aucun joueur à la place {short(seat)} (places 0 à "
                                f"{players - 1})")
        count = len(state.families[seat])
        name = state.names[seat]
        if not 1 <= number <= count:
            has = "no family" if count == 0 else "1 family" if count == 1 else \
                f"{count} families"
            has_fr = "aucune famille" if count == 0 else "1 famille" if count == 1 else \
                f"{count} familles"
            return self._refuse(f"{name} has no family {short(number)} ({name} has {has})",
                                f"{name} n'a pas de famille {short(number)} ({name} a "
                                f"{has_fr})")
        if not self._open():
            return False
        mover = state.to_move
        mine = seat == mover
        animal = ANIMALS[state.families[seat][number - 1][0]]
        owner_en = "your" if mine else f"{name}'s"
        what_en = f"{owner_en} family {number} ({animal.plural_en})"
        what_fr = (f"votre famille {number}" if mine else f"la famille {number} {de(name)}") + \
            f" ({animal.plural_fr})"
        pick = (seat, number)
        if pick in self._picked_families:
            self._picked_families.remove(pick)
            if not self._picked_families and not self._picked_tiles:
                self._build_kind = None
            return self._say_build(f"Put back {what_en}.", f"Reposé : {what_fr}.")
        build = self._build_kind
        own = [p for p in self._picked_families if p[0] == mover]
        other = [p for p in self._picked_families if p[0] != mover]
        clovers = state.families[seat][number - 1][2]
        if build is None:
            build = "expand" if mine else "retrieve" if clovers else "exchange"
        elif build == "retrieve" and self._picked_families:
            # a second family: yours and another player's make an exchange (either order);
            # else the retrieve moves to it if it holds a clover, or the click is read as a
            # first one (with a tile picked, it has nothing to build)
            pair = (own and not mine) or (other and mine)
            if self._picked_tiles and not clovers:
                return self._refuse_build(
                    f"{what_en[0].upper()}{what_en[1:]} holds no clover to retrieve: to "
                    "exchange a family, put the tile back first (or clear).",
                    f"{what_fr[0].upper()}{what_fr[1:]} ne tient aucun trèfle à récupérer : "
                    "pour échanger une famille, reposez d'abord la tuile (ou effacez).")
            if pair and not self._picked_tiles:
                build = "exchange"
            elif not clovers:
                build = "expand" if mine else "exchange"
                own, other = [], []  # the family picked before is put back
        elif build in ("start", "two-for-one"):
            if not mine or build == "two-for-one":
                return self._refuse_build(
                    f"{self.word('kind_' + build)} takes tiles of the rack only, no family: "
                    "choose another move to build first.",
                    f"{self._words['kind_' + build][1]} ne prend que des tuiles du chevalet, "
                    "aucune famille : choisissez d'abord un autre coup à construire.")
            build = "expand"  # your family, and the tiles picked go into it
        elif build == "expand" and not mine:
            if self._picked_tiles:
                return self._refuse_build(
                    "A family is expanded with tiles of the rack: to exchange a family, "
                    "put the tiles back first (or clear).",
                    "Une famille s'agrandit avec des tuiles du chevalet : pour échanger une "
                    "famille, reposez d'abord les tuiles (ou effacez).")
            build = "exchange"
        if build == "expand":
            self._picked_families = [pick]
        elif build == "exchange":
            if mine:
                self._picked_families = [pick, *other[:1]]
            else:
                self._picked_families = [*own[:1], pick]
        else:  # retrieve: one family
            self._picked_families = [pick]
        self._build_kind = build
        return self._say_build(f"Picked {what_en}.", f"Choisi : {what_fr}.")

    def _intent_pick_kind(self, kind: str) -> bool:
        if kind not in BUILD_KINDS:
            listed = ", ".join(BUILD_KINDS)
            return self._refuse(f"the move to build is one of {listed}, not {short(kind)}",
                                f"le coup à construire est l'un de {listed}, pas "
                                f"{short(kind)}")
        if not self._open():
            return False
        mover = self._state.to_move
        own = [p for p in self._picked_families if p[0] == mover]
        other = [p for p in self._picked_families if p[0] != mover]
        if kind in ("start", "two-for-one"):
            self._picked_families = []
            if kind == "two-for-one":
                self._picked_tiles = self._picked_tiles[:2]
        elif kind == "expand":
            self._picked_families = own[:1]
        elif kind == "exchange":
            self._picked_families = own[:1] + other[:1]
            self._picked_tiles = []
        else:  # retrieve
            self._picked_families = self._picked_families[:1]
            self._picked_tiles = self._picked_tiles[:1]
        self._build_kind = kind
        en, fr = self._words[f"kind_{kind}"]
        return self._say_build(f"Building: {en}.", f"Construction : {fr}.")

    def _intent_confirm(self) -> bool:
        if not self._open():
            return False
        built = self._built()
        if built["kind"] is None:
            en, fr = self._words["nothing_built"]
            return self._refuse_build(f"Nothing to confirm. {en}", f"Rien à valider. {fr}")
        if built["verdict"] is None:
            key, values = built["hint"]
            en, fr = self._words[key]
            return self._refuse_build(f"Not a whole move yet: {en.format(**values)}",
                                      f"Pas encore un coup entier : {fr.format(**values)}")
        verdict = built["verdict"]
        text = self.move_text(verdict.move) if hasattr(verdict.move, "text") else \
            built["text"]
        return self._intent_play(text)

    def _intent_clear(self) -> bool:
        self._picks()
        self._build_kind = None
        self._picked_tiles = []
        self._picked_families = []
        self._say("ok", "The move being built is cleared.", "Le coup en construction est effacé.",
                  at="build")
        return True

    # ---- the view

    def table_view(self, state: DoubleSevenState, seen: Seen) -> dict:
        view = super().table_view(state, seen)
        self._picks()
        closed = self._closed(state)
        view["build"] = None if closed is not None else self._build_panel(state, view)
        return view

    def _build_panel(self, state, view) -> dict:
        mover = state.to_move
        built = self._built()
        left = list(state.racks[mover])
        for kind in self._picked_tiles:
            left[kind] -= 1
        # the mover's rack: the tiles not picked, each a button that picks it
        for player in view["players"]:
            if player["seat"] == mover and player["rack"] is not None:
                rack = []
                for kind in range(len(left)):
                    for _ in range(left[kind]):
                        tile = self.tile_view(ANIMALS[kind].en)
                        rack.append({**tile, "send": ANIMALS[kind].en,
                                     "action": self.word("pick_label", tile=tile["label"])})
                player["rack"] = rack
                player["rack_pickable"] = True
            for family in player["families"]:
                picked = (family["seat"], family["number"]) in self._picked_families
                family["picked"] = picked
                family["action"] = self.word("unpick_family_label" if picked else
                                             "pick_family_label", family=family["label"])
            player["families_pickable"] = True
        picked = []
        for kind in self._picked_tiles:
            tile = self.tile_view(ANIMALS[kind].en)
            picked.append({**tile, "send": ANIMALS[kind].en,
                           "action": self.word("unpick_label", tile=tile["label"])})
        verdict = built["verdict"]
        if built["kind"] is None:
            status = {"legal": None, "verdict": None,
                      "reason": self.texts(*self._words["nothing_built"]), "rule_id": None,
                      "source": None}
            text = None
        elif verdict is None:
            key, values = built["hint"]
            status = {"legal": None, "verdict": self.word("incomplete"),
                      "reason": self.both(key, **values), "rule_id": None, "source": None}
            text = built["shown"][self._main]
        else:
            status = {"legal": verdict.legal,
                      "verdict": self.word("legal") if verdict.legal else self.word("not_yet"),
                      "reason": self.texts(verdict.reason_en, verdict.reason_fr),
                      "rule_id": verdict.rule_id, "source": _citation(verdict.rule_id)}
            text = built["shown"][self._main]
        return {
            "title": self.word("build_title"),
            "label": self.word("build_label"),
            "kinds_label": self.word("build_kinds_label"),
            "kinds": [{"kind": kind, "text": self.word(f"kind_{kind}"),
                       "label": self.word("build_kind_label", kind=self.word(f"kind_{kind}")),
                       "pressed": kind == built["kind"]} for kind in BUILD_KINDS],
            "kind": built["kind"],
            "text": text,
            "picked_label": self.word("picked"),
            "picked": picked,
            "families": [{"seat": s, "number": n,
                          "text": self.word("family_label", name=state.names[s], n=n,
                                            size=ANIMALS[state.families[s][n - 1][0]].plural_en
                                            if self._main != "fr" else
                                            ANIMALS[state.families[s][n - 1][0]].plural_fr)}
                         for s, n in self._picked_families],
            **status,
            "confirm": {"text": self.word("confirm"), "label": self.word("confirm_label"),
                        "disabled": not (verdict is not None and verdict.legal)},
            "clear": {"text": self.word("clear"), "label": self.word("clear_label"),
                      "disabled": built["kind"] is None},
        }
