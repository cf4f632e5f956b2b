"""Double Seven's try-a-move table with its move builder (``DoubleSevenTryMoves``).

The table itself (the families, racks, tokens and scores, and the try-a-move rows grouped
by kind) is ``DoubleSevenTable`` in ``double_seven.py``; this module adds the builder, which
puts a several-tile move together click by click: the tiles of the mover's rack and the
families on the table become buttons; each click writes the move being built (``start fox
fox``, ``expand 1 with fox``, ``exchange my 1 for Bob's 2``, ``retrieve clover from Bob's 1
with bird``, ``two-for-one fox bird``) with the engine's move constructors and asks the
engine's ``state.check`` about it, so the reader sees at every click why it is not legal
yet. ``confirm`` plays it, as a click on its row would. No rule is decided here.

Imports: ``double_seven.py`` (the table), the engine's moves and rules, ``base.py``.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.french import de
from ..double_seven import ANIMALS, DoubleSevenState, Exchange, Expand, Retrieve, Start, TwoForOne
from ..double_seven.moves import (
    exchange_words,
    expand_words,
    retrieve_words,
    start_words,
    two_for_one_words,
)
from ..double_seven.rules import tile_kind
from ..errors import NotationError
from .base import Seen, sentence, short
from .double_seven import BUILD_KINDS, DoubleSevenTable
from .text import citation

__all__ = ["DoubleSevenTryMoves"]


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
        """The move being built as text, the engine's GAP ("…") for what is missing: in
        English as the engine reads it (``names`` False: players by seat), or in ``lang``
        with the names. The words are the engine's (double_seven.moves)."""
        state = self._state
        tiles = self._picked_tiles

        def who(seat):
            return state.names[seat] if names and seat is not None else None

        if kind == "start":
            return start_words(tiles, lang)
        if kind == "two-for-one":
            return two_for_one_words(tiles, lang)
        if kind == "expand":
            return expand_words(own[0] if own else None, tiles, lang)
        if kind == "exchange":
            seat, theirs = other[0] if other else (None, None)
            return exchange_words(own[0] if own else None, seat, theirs, lang, who(seat))
        seat, family = self._picked_families[0] if self._picked_families else (None, None)
        owner = -1 if seat == state.to_move else seat
        return retrieve_words(owner, family, tiles[0] if tiles else None, lang, who(owner)
                              if owner != -1 else None)

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
                      "rule_id": verdict.rule_id, "source": citation(verdict.rule_id)}
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
