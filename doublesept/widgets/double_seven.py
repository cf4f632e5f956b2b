"""The Double Seven table widget (``DoubleSevenTable``); its try-a-move table with the
move builder is ``DoubleSevenTryMoves`` (``double_seven_try.py``), and the game against the
computer ``DoubleSevenPlay`` (``double_seven_play.py``).

Everything but Double Seven's own table comes from ``GameWidget`` in ``base.py``: the
header, the controls, the languages, the seat's view, the messages and the try-a-move rows
(from ``state.verdicts()``, with their reasons, rule ids and sources). This module lays out
what the engine's observation says (each player's families, rack, tokens and score; the
face-up area, the reserve's size, the tiles out of the game, the '7' and '77' supply; the
phase) and decides no rule. The browser side is ``widgets/double_seven.js``.

Every animal is drawn with its symbol and its name, and its colour only as a stripe beside
them (``rules.ANIMALS``: the Okabe-Ito palette), so a reader who cannot tell the colours
apart reads the tiles all the same.
"""

from __future__ import annotations

import html
import re
from typing import ClassVar

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
from ..double_seven.rules import is_sept
from ..errors import NotationError
from .base import GameWidget, Seen, fill, number_text

__all__ = ["BUILD_KINDS", "MAX_MOVE_TEXT", "MOVE_KINDS", "DoubleSevenTable", "move_kind"]

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
        if move is DRAW_HIDDEN and mover is not None:  # the tile comes next, by chance
            return f"{mover} draws from the hidden tiles", f"{mover} pioche parmi les tuiles cachées"
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
