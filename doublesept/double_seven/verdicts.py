"""Double Seven's verdicts: the one decision of every move kind, and the words of its reason.

``_verdict(state, move)`` gives ``(legal, rule_id, words)``; ``check`` and ``play`` read it,
and the act phase's legal moves (``legal.py``) list the moves it finds legal
(tests/test_one_decision.py). ``words(state, move)`` gives the reason in English and French,
built only when ``check`` asks or a move is refused. By phase: ``_chance_verdict`` (the
deal, the flip, a hidden draw: doubleseven.setup, doubleseven.flip,
doubleseven.draw-source), ``_draw_phase_verdict`` (doubleseven.draw-source,
doubleseven.short-reserve, D3, D16), ``_discard_phase_verdict`` (doubleseven.discard, D9),
``_over_verdict`` (doubleseven.game-end); in the act phase, by kind: ``_start_verdict``
(doubleseven.start-family, doubleseven.one-family-per-animal, D10), ``_expand_verdict``
(doubleseven.expand-family), ``_exchange_verdict`` (doubleseven.exchange, D17),
``_retrieve_verdict`` (doubleseven.retrieve-clover, D11), ``_two_for_one_verdict``
(doubleseven.two-for-one, doubleseven.two-for-one-once, D4, D16), ``_pass_verdict``
(doubleseven.pass, D9, D19: ``_skips_discard``), ``_rainbow_verdict`` (doubleseven.rainbow,
doubleseven.rainbow-timing, D1, D2, D14: ``_rainbow_reason``).

Also the words the decisions and the events share: the tiles still to draw, a family
("4 tiles: 3 foxes and 1 clover", "Bob's family 2", « sa famille 2 »).

Imports ``record.py``, ``moves.py`` and ``rules.py``.
"""

from __future__ import annotations

from functools import partial

from ..core.french import de
from .moves import (
    DEAL,
    DRAW_HIDDEN,
    FLIP,
    PASS,
    RAINBOW,
    REVEAL,
    Discard,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
)
from .record import (
    ACT_PHASE,
    DEAL_PHASE,
    DISCARD_PHASE,
    DRAW_PHASE,
    FLIP_PHASE,
    HIDDEN_PHASE,
    NO_ONE,
    OVER_PHASE,
    R_BLOCKED,
    R_DRAW_FOR,
    R_FACE_UP,
    R_FAMILIES,
    R_NAMES,
    R_PHASE,
    R_RACKS,
    R_RESERVE,
    R_RULES,
    R_SIZES,
    R_STACK,
    R_TO_DRAW,
    R_TURN,
    R_USED,
    RAINBOW_USED,
    TWO_FOR_ONE_USED,
    WINDOW,
    _count,
)
from .rules import (
    ANIMALS,
    CLOVER,
    DISCARD_AT,
    FAMILY_START,
    KINDS,
    RAINBOW_SIZE,
    Tile,
    name_of,
    next_seat,
    one_of,
    rainbow_rack,
    starts_family,
)

# ---------------------------------------------------------------- words

def _tiles_en(n: int) -> str:
    """The tiles still to draw in a turn's draw: 2 or 3 at its start (or 2 after one of 3),
    and "1 more tile" once one or two are in (a draw is never of 1 tile alone)."""
    return "1 more tile" if n == 1 else f"{n} tiles"


def _tiles_fr(n: int) -> str:
    return "encore 1 tuile" if n == 1 else f"{n} tuiles"


def _fam_en(family) -> str:
    """"4 foxes", or with clovers "4 tiles: 3 foxes and 1 clover"."""
    animal, a, c = family
    animals = f"{a} {name_of(animal, 'en', a)}"
    if not c:
        return animals
    return f"{a + c} tiles: {animals} and {c} clover{'s' if c > 1 else ''}"


def _fam_fr(family) -> str:
    """« 4 renards », ou avec des trèfles « 4 tuiles : 3 renards et 1 trèfle »."""
    animal, a, c = family
    animals = f"{a} {name_of(animal, 'fr', a)}"
    if not c:
        return animals
    return f"{a + c} tuiles : {animals} et {c} trèfle{'s' if c > 1 else ''}"


def _no_family(who: str, number: int, count: int) -> tuple:
    """(en, fr): ``who`` has no family ``number``, having ``count`` families."""
    if not count:
        return (f"{who} has no family {number}: {who} has no family yet.",
                f"{who} n'a pas de famille {number} : {who} n'a encore aucune famille.")
    families = "families" if count > 1 else "family"
    return (f"{who} has no family {number} ({who} has {count} {families}).",
            f"{who} n'a pas de famille {number} ({who} en a {count}).")


def _family_fr(number: int, whose: str, own: bool) -> str:
    """A family in a French sentence about its mover: « sa famille 2 » for the mover's own,
    « la famille 2 de Bob » (« d'Ann ») for another player's."""
    return f"sa famille {number}" if own else f"la famille {number} {de(whose)}"


def _family_en(number: int, whose: str, own: bool) -> str:
    """A family in an English sentence about its mover: "their own family 2" for the
    mover's own, "Bob's family 2" for another player's."""
    return f"their own family {number}" if own else f"{whose}'s family {number}"


def _family_words(s, owner: int, index: int, lang: str) -> str:
    """A family in words: "Bob's family 2 (…)", « la famille 2 de Bob (…) »; the mover's
    own family is « sa famille 2 (…) » in French."""
    animal, a, c = s.families[owner][index]
    whose = s.names[owner]
    if lang == "fr":
        extra = f" dont {c} trèfle{'s' if c > 1 else ''}" if c else ""
        which = _family_fr(index + 1, whose, owner == s.turn)
        return f"{which} ({a + c} tuiles, {name_of(animal, 'fr', 2)}{extra})"
    extra = f", {c} clover{'s' if c > 1 else ''}" if c else ""
    which = _family_en(index + 1, whose, owner == s.turn)
    return f"{which} ({a + c} tiles, {name_of(animal, 'en', 2)}{extra})"




# ---------------------------------------------------------------- verdicts


def _rainbow_time(s) -> bool:
    """Whether it is the time to call Rainbow, the rack aside (doubleseven.rainbow-timing,
    D2, D14): in the act phase, straight after the turn's draw (its window: no other action
    yet, no Rainbow yet) and with a tile left to draw. The act phase's legal moves read it
    too."""
    return bool(s[R_USED] & WINDOW and (sum(s[R_RESERVE]) or sum(s[R_FACE_UP])))


def _rainbow_reason(s) -> tuple | None:
    """Why Rainbow cannot be called now, as (rule_id, en, fr); None when it can: the
    decision is ``_rainbow_time`` and ``rules.rainbow_rack``, the rest finds the words."""
    rack = s[R_RACKS][s[R_TURN]]
    if s[R_PHASE] == ACT_PHASE and _rainbow_time(s) \
            and rainbow_rack(rack, s.rules.rainbow_clovers):
        return None
    name = s.names[s.turn]
    if s.phase != ACT_PHASE or not s.used & WINDOW:
        if s.used & RAINBOW_USED:
            return ("doubleseven.rainbow-timing", ("Rainbow was already called this turn: once "
                    "a turn (D2)."), ("Arc-en-ciel a déjà été annoncé ce tour : une fois par tour "
                    "(D2)."))
        return ("doubleseven.rainbow-timing", ("Rainbow is called straight after the draw, "
                "before any other action (D2, D14)."), ("Arc-en-ciel s'annonce juste après la "
                "pioche, avant toute autre action (D2, D14)."))
    if not s.available:
        return ("doubleseven.rainbow-timing", ("No tile is left to draw, so Rainbow is refused "
                "(D14)."), ("Il ne reste aucune tuile à piocher, donc Arc-en-ciel est refusé "
                "(D14)."))
    if s.rules.rainbow_clovers == "none-on-rack":
        if rack[CLOVER]:
            return ("doubleseven.rainbow", (f"{name} has a clover on the rack: Rainbow is "
                    "refused with a clover (D1)."), (f"{name} a un trèfle sur son chevalet : "
                    "Arc-en-ciel est refusé avec un trèfle (D1)."))
        size = sum(rack)
        what_en, what_fr = "tiles", "tuiles"
    else:
        size = sum(rack[:CLOVER])
        what_en, what_fr = "animal tiles (clovers set aside)", "tuiles animal (trèfles à part)"
    for k in range(CLOVER):
        if rack[k] >= 2:
            return ("doubleseven.rainbow", (f"Rainbow needs all different animals; {name} has "
                    f"{rack[k]} {name_of(k, 'en', 2)}."), (f"Arc-en-ciel demande des animaux "
                    f"tous différents ; {name} a {rack[k]} {name_of(k, 'fr', 2)}."))
    return ("doubleseven.rainbow", (f"Rainbow needs {RAINBOW_SIZE} different animals; {name} "
            f"has {size} {what_en}."), (f"Arc-en-ciel demande {RAINBOW_SIZE} animaux différents ; "
            f"{name} a {size} {what_fr}."))


def _takeable_after_two_for_one(s) -> int:
    """How many tiles Two for One could take after its discard, the two tiles aside (D16):
    Two for One is refused at 0. The act phase's legal moves read it too."""
    available = sum(s[R_RESERVE]) + sum(s[R_FACE_UP])
    if s[R_RULES].two_for_one_take_back == "allowed":
        return available + 2
    return available


def _face_up_takeable(face_up: tuple, blocked: tuple, kind: int) -> bool:
    """Whether a face-up tile of ``kind`` may be drawn (doubleseven.draw-source, D4): one
    is face up (``face_up``, by kind) that Two for One did not just discard (``blocked``,
    the kinds discarded). The draw phase's legal moves read it too."""
    return face_up[kind] > blocked.count(kind)


def _need(rack: tuple, kinds: tuple) -> int | None:
    """A kind ``kinds`` takes more of than ``rack`` holds, or None."""
    counts = _count(kinds)
    for k in range(KINDS):
        if counts[k] > rack[k]:
            return k
    return None


def _short_of(name: str, kind: int, counts: tuple, rack: tuple) -> tuple:
    """(en, fr): the move takes more tiles of ``kind`` than ``name``'s rack holds."""
    want, have = counts[kind], rack[kind]
    if have:
        return ((f"The move needs {want} {name_of(kind, 'en', want)}, but {name} has only "
                 f"{have} on the rack."),
                (f"Le coup demande {want} {name_of(kind, 'fr', want)}, mais {name} en a seulement "
                 f"{have} sur son chevalet."))
    return ((f"The move needs {want} {name_of(kind, 'en', want)}, but {name} has none on the "
             "rack."),
            (f"Le coup demande {want} {name_of(kind, 'fr', want)}, mais {name} n'en a pas sur "
             "son chevalet."))


def _rack_short(rule_id: str, name: str, rack: tuple, kinds: tuple) -> tuple | None:
    """The refusal (a verdict) when a move takes more tiles of a kind (``kinds``) than
    ``name``'s ``rack`` holds, under ``rule_id``; None when the rack holds them all."""
    short = _need(rack, kinds)
    if short is None:
        return None
    return (False, rule_id, lambda s, move: _short_of(name, short, _count(kinds), rack))




_CHANCE_WORDS = {DEAL_PHASE: (DEAL, "doubleseven.setup"), FLIP_PHASE: (FLIP, "doubleseven.flip"),
                 HIDDEN_PHASE: (REVEAL, "doubleseven.draw-source")}


def _chance_picks(s, move) -> tuple:
    return ("Chance picks a hidden tile.", "Le hasard choisit une tuile cachée.")


def _verdict(s, move) -> tuple:
    """(legal, rule_id, words) for ``move`` (already parsed) in ``s``: the one decision of
    every move kind, which ``check`` and ``play`` read (and the act phase's legal moves,
    ``_act_parts``, list the moves it finds legal: tests/test_one_decision.py). ``words()``
    (called with the state and the move) gives (en, fr), the reason, built only when asked:
    for the commonest legal moves a function of the module, nothing built at all."""
    phase = s[R_PHASE]
    if phase == ACT_PHASE:  # the commonest first: the move's kind decides
        decide = _ACT_VERDICTS.get(move.__class__) or _ACT_WORD_VERDICTS.get(move)
        turn = s[R_TURN]
        name, rack = s[R_NAMES][turn], s[R_RACKS][turn]
        if decide is None:
            return (_out_of_turn_verdict(s, move, name, rack)
                    or _not_a_move_verdict(s, move, name, rack))
        return decide(s, move, name, rack)
    return _PHASE_VERDICTS[phase](s, move)


def _over_verdict(s, move) -> tuple:
    """After the game (doubleseven.game-end): no move."""
    return (False, "doubleseven.game-end", _game_over_words)


def _game_over_words(s, move) -> tuple:
    return ("The game is over: no move is left.", "La partie est terminée : plus aucun coup.")


def _chance_verdict(s, move) -> tuple:
    """A chance step (the deal, a flip, a hidden draw): its request word, or a tile that can
    come (doubleseven.setup, doubleseven.flip, doubleseven.draw-source)."""
    phase, names, cls = s[R_PHASE], s[R_NAMES], move.__class__
    word, rule_id = _CHANCE_WORDS[phase]
    if move is word:
        return (True, rule_id, _chance_picks)
    if cls is Tile:
        if (s[R_STACK][0] == move.kind) if s[R_STACK] else s[R_RESERVE][move.kind] > 0:
            return (True, rule_id,
                    lambda s, move: (f"The hidden tile is a {move.text()} (stacked).",
                    f"La tuile cachée est : {move.text('fr')} (réserve arrangée)."))
        if s[R_STACK]:
            return (False, rule_id,
                    lambda s, move: ((f"The reserve is stacked: its next tile is a "
                    f"{ANIMALS[s[R_STACK][0]].en}, not a {move.text()}."),
                    (f"La réserve est arrangée : sa prochaine tuile est {one_of(s[R_STACK][0], 'fr')}"
                    f", pas {one_of(move.kind, 'fr')}.")))
        return (False, rule_id,
                lambda s, move: (f"No {move.text()} is left in the hidden reserve.",
                f"Il ne reste aucune tuile {move.text('fr')} cachée dans la réserve."))
    if phase == DEAL_PHASE:
        return (False, rule_id,
                lambda s, move, names=names: ((f"The tiles are being dealt, 3 to each player: the next "
                f"goes to {names[s.dealt_to()]} (deal)."),
                (f"Les tuiles sont distribuées, 3 par joueur : la prochaine va à "
                f"{names[s.dealt_to()]} (donne).")))
    if phase == FLIP_PHASE:
        return (False, rule_id, lambda s, move: (("No tile is face up: one hidden tile is turned face up "
                "first (flip)."), ("Aucune tuile n'est visible : on retourne d'abord une "
                "tuile cachée (retourner).")))
    return (False, rule_id,
            lambda s, move, names=names: ((f"{names[s.turn]} is drawing a hidden tile: chance reveals it "
            "first (reveal)."), (f"{names[s.turn]} pioche une tuile cachée : le hasard la "
            "révèle d'abord (révéler).")))


def _draw_phase_verdict(s, move) -> tuple:
    """While a player draws: a draw (``_draw_verdict``), nothing else."""
    name = s[R_NAMES][s[R_TURN]]
    if move is DRAW_HIDDEN or move.__class__ is DrawFaceUp:
        return _draw_verdict(s, move, name)
    refused = _out_of_turn_verdict(s, move, name, None)
    if refused is not None:
        return refused
    n = s[R_TO_DRAW]
    return (False, _DRAW_RULES[s[R_DRAW_FOR]], lambda s, move, name=name, n=n: (
        f"{name} must first draw {_tiles_en(n)}, hidden or face up.",
        (f"{name} doit d'abord piocher {_tiles_fr(n)}, cachée{'s' if n > 1 else ''} ou "
        f"visible{'s' if n > 1 else ''}.")))


def _discard_phase_verdict(s, move) -> tuple:
    """At the end of a turn with 6 tiles or more (doubleseven.discard): a tile discarded."""
    turn = s[R_TURN]
    name, rack, cls = s[R_NAMES][turn], s[R_RACKS][turn], move.__class__
    if cls is not Discard:
        refused = _out_of_turn_verdict(s, move, name, rack)
        if refused is not None:
            return refused
    if cls is Discard:
        if rack[move.kind]:
            return (True, "doubleseven.discard", lambda s, move, name=name: (
                f"{name} discards a {ANIMALS[move.kind].en} out of the game.",
                f"{name} défausse {one_of(move.kind, 'fr')} hors du jeu."))
        return (False, "doubleseven.discard", lambda s, move, name=name: (
            f"{name} has no {ANIMALS[move.kind].en} on the rack.",
            f"{name} n'a pas de tuile {ANIMALS[move.kind].fr} sur son chevalet."))
    n = sum(rack)
    return (False, "doubleseven.discard", lambda s, move, name=name, n=n: (
        f"{name} ends the turn with {n} tiles: one must be discarded out of the game first.",
        (f"{name} finit son tour avec {n} tuiles : il faut d'abord en défausser une hors du "
        "jeu.")))




def _out_of_turn_verdict(s, move, name: str, rack) -> tuple | None:
    """A chance step's word or a tile named while a player decides (refused), or a value of
    another game; None for any other move (the phase's own verdict then decides)."""
    cls = move.__class__
    if cls is Tile:
        return (False, "doubleseven.draw-source",
                lambda s, move: (("A tile is picked by chance only when a hidden "
                "tile is drawn: to draw, write draw hidden, or draw face-up and an animal "
                "(draw face-up fox)."),
                ("Une tuile n'est choisie par le hasard que pour une pioche cachée : écrivez "
                "piocher cachée, ou piocher visible et un animal (piocher visible renard).")))
    if move is DEAL or move is REVEAL:
        return (False, "doubleseven.setup" if move is DEAL else "doubleseven.draw-source",
                lambda s, move, name=name: (f"This is not a chance step: {name} decides now.",
                f"Ce n'est pas une étape du hasard : {name} décide maintenant."))
    if move is FLIP:
        return (False, "doubleseven.flip",
                lambda s, move: (("A tile is turned face up only at the start of a "
                "turn, when none is face up."), ("On ne retourne une tuile qu'au début d'un tour, "
                "quand aucune n'est visible.")))
    return None


_DRAW_RULES = {"turn": "doubleseven.draw", "rainbow": "doubleseven.rainbow",
               "two-for-one": "doubleseven.two-for-one"}  # by what the draw is for


def _draw_verdict(s, move, name) -> tuple:
    """A draw (doubleseven.draw-source, doubleseven.short-reserve; Two for One's tiles, D4)."""
    if move is DRAW_HIDDEN:
        if sum(s[R_RESERVE]):
            return (True, "doubleseven.draw-source", _draws_hidden_words)
        return (False, "doubleseven.short-reserve",
                lambda s, move: (("No hidden tile is left: draw a face-up "
                "tile."), "Il ne reste aucune tuile cachée : piochez une tuile visible."))
    if move.__class__ is DrawFaceUp:
        k = move.kind
        if _face_up_takeable(s[R_FACE_UP], s[R_BLOCKED], k):
            return (True, "doubleseven.draw-source", _takes_face_up_words)
        if s[R_FACE_UP][k]:
            return (False, "doubleseven.two-for-one",
                    lambda s, move, name=name, k=k: ((f"{name} just discarded that "
                    f"{ANIMALS[k].en} with Two for One: it cannot be taken back (D4)."),
                    (f"{name} vient de défausser cette tuile {ANIMALS[k].fr} avec Deux contre Un : "
                    "elle ne peut pas être reprise (D4).")))
        return (False, "doubleseven.draw-source", lambda s, move, k=k: (f"No {ANIMALS[k].en} is face up.",
                f"Aucune tuile {ANIMALS[k].fr} n'est visible."))


def _mover(s) -> str:
    """The name of the player to move."""
    return s[R_NAMES][s[R_TURN]]


def _draws_hidden_words(s, move) -> tuple:
    name = _mover(s)
    return f"{name} draws a hidden tile.", f"{name} pioche une tuile cachée."


def _takes_face_up_words(s, move) -> tuple:
    name = _mover(s)
    return (f"{name} takes the face-up {move.text().split()[-1]}.",
            f"{name} prend la tuile visible {ANIMALS[move.kind].fr}.")


def _pass_words(s, move) -> tuple:
    name = _mover(s)
    return f"{name} passes (Je passe !).", f"{name} passe (Je passe !)."


def _pass_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Pass (doubleseven.pass): always legal in the act phase; a discard follows at 6 tiles
    or more (D9, unless the last final turn skips it)."""
    n = sum(rack)
    if n >= DISCARD_AT and not _skips_discard(s):
        return (True, "doubleseven.pass",
                lambda s, move, name=name, n=n: ((f"{name} passes (Je passe !) with {n} tiles, and "
                "will discard one."), (f"{name} passe (Je passe !) avec {n} tuiles, et en "
                "défaussera une.")))
    return (True, "doubleseven.pass", _pass_words)


def _rainbow_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Rainbow (doubleseven.rainbow, doubleseven.rainbow-timing): see _rainbow_reason."""
    reason = _rainbow_reason(s)
    if reason is None:
        return (True, "doubleseven.rainbow",
                lambda s, move, name=name: ((f"{name} calls Rainbow, shows the rack and "
                "draws 1 extra tile."), (f"{name} annonce Arc-en-ciel, montre son chevalet "
                "et pioche 1 tuile de plus.")))
    return (False, reason[0], lambda s, move, reason=reason: reason[1:])


def _late_draw_verdict(s, move, name: str, rack: tuple) -> tuple:
    """A draw after the draw is over (doubleseven.draw): refused."""
    return (False, "doubleseven.draw", lambda s, move: ("The draw is over for this turn: act, or pass.",
            "La pioche est finie pour ce tour : agissez, ou passez."))


def _early_discard_verdict(s, move, name: str, rack: tuple) -> tuple:
    """A discard before passing (doubleseven.discard): refused."""
    return (False, "doubleseven.discard",
            lambda s, move: (("A tile is discarded only at the end of the turn, "
            "with 6 or more on the rack: pass first."), ("On ne défausse qu'à la fin du "
            "tour, avec 6 tuiles ou plus : passez d'abord.")))


def _start_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Start a family (doubleseven.start-family, doubleseven.one-family-per-animal, D10)."""
    seat = s[R_TURN]
    mine = s[R_FAMILIES][seat]
    counts = _count(move.kinds)
    animals = [k for k in range(CLOVER) if counts[k]]
    if not animals:
        return (False, "doubleseven.start-family", lambda s, move: (("A family is never clovers alone: it "
                "needs at least one animal tile (D10)."), ("Une famille n'est jamais faite "
                "de trèfles seuls : il faut au moins une tuile animal (D10).")))
    if len(animals) > 1:
        return (False, "doubleseven.start-family",
                lambda s, move, animals=animals: ("A family holds one animal: "
                + " and ".join(name_of(k, "en", 2) for k in animals)
                + " cannot start one family together.", "Une famille n'a qu'un animal : "
                + " et ".join(name_of(k, "fr", 2) for k in animals)
                + " ne peuvent pas commencer une famille ensemble."))
    animal = animals[0]
    with_clover = s[R_RULES].start_with_clover
    if not starts_family(counts[animal], counts[CLOVER], with_clover):
        if with_clover != "allowed":
            return (False, "doubleseven.start-family",
                    lambda s, move, animal=animal: ((f"A family starts with at least "
                    f"{FAMILY_START} tiles of the same animal ({FAMILY_START} "
                    f"{name_of(animal, 'en', 2)}): a clover does not replace one under these "
                    "rules (seed 000's rules text)."),
                    (f"Une famille commence avec au moins {FAMILY_START} tuiles du même animal "
                    f"({FAMILY_START} {name_of(animal, 'fr', 2)}) : un trèfle n'en remplace pas "
                    "une avec ces règles (texte de la règle 000).")))
        return (False, "doubleseven.start-family",
                lambda s, move, animal=animal: ((f"A family starts with at least {FAMILY_START} "
                f"tiles (two {name_of(animal, 'en', 2)}, or one and a clover)."),
                (f"Une famille commence avec au moins {FAMILY_START} tuiles (deux "
                f"{name_of(animal, 'fr', 2)}, ou {one_of(animal, 'fr')} et un trèfle).")))
    if any(a == animal for a, _, _ in mine):
        return (False, "doubleseven.one-family-per-animal",
                lambda s, move, name=name, animal=animal: ((f"{name} already has a family "
                f"of {name_of(animal, 'en', 2)}: a second one cannot be started (D10)."),
                (f"{name} a déjà une famille {de(name_of(animal, 'fr', 2))} : on ne peut pas "
                "en commencer une deuxième (D10).")))
    refused = _rack_short("doubleseven.start-family", name, rack, move.kinds)
    if refused is not None:
        return refused
    vide = len(move.kinds) == sum(rack)
    return (True, "doubleseven.vide" if vide else "doubleseven.start-family",
            lambda s, move, name=name, animal=animal, counts=counts, vide=vide: _start_words(name, animal, counts, vide))


def _start_words(name: str, animal: int, counts: tuple, vide: bool) -> tuple:
    """(en, fr): what a legal start does (``counts``: its tiles by kind)."""
    family = (animal, sum(counts) - counts[CLOVER], counts[CLOVER])
    if counts[CLOVER]:  # "a family of birds with 2 tiles: 1 bird and 1 clover"
        en = f"{name_of(animal, 'en', 2)} with {_fam_en(family)}"
        fr = f"{de(name_of(animal, 'fr', 2))} de {_fam_fr(family)}"
    else:  # "a family of 3 foxes"
        en, fr = _fam_en(family), de(_fam_fr(family))
    return (f"{name} starts a family of {en}" + (": the rack is empty, Vide !" if vide else "."),
            f"{name} commence une famille {fr}"
            + (" : le chevalet est vide, Vide !" if vide else "."))


def _expand_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Expand a family (doubleseven.expand-family)."""
    seat = s[R_TURN]
    mine = s[R_FAMILIES][seat]
    if move.family > len(mine):
        return (False, "doubleseven.expand-family",
                lambda s, move, name=name, mine=mine: _no_family(name, move.family, len(mine)))
    animal, a, c = mine[move.family - 1]
    wrong = [k for k in move.kinds if k not in (animal, CLOVER)]
    if wrong:
        return (False, "doubleseven.expand-family",
                lambda s, move, animal=animal, wrong=wrong: ((f"Family {move.family} is a family of "
                f"{name_of(animal, 'en', 2)}: a {ANIMALS[wrong[0]].en} cannot join it (one "
                "animal a family)."), (f"La famille {move.family} est une famille "
                f"{de(name_of(animal, 'fr', 2))} : {one_of(wrong[0], 'fr')} ne peut pas s'y "
                "joindre (un animal par famille).")))
    refused = _rack_short("doubleseven.expand-family", name, rack, move.kinds)
    if refused is not None:
        return refused
    after = a + c + len(move.kinds)
    vide = len(move.kinds) == sum(rack)
    return (True, "doubleseven.vide" if vide else "doubleseven.expand-family",
            lambda s, move, vide=vide, name=name, after=after, animal=animal: (
            f"{name}'s family {move.family} of {name_of(animal, 'en', 2)} grows to {after} "
            "tiles" + (": the rack is empty, Vide !" if vide else "."),
            f"La famille {move.family} {de(name)} ({name_of(animal, 'fr', 2)}) passe à "
            f"{after} tuiles" + (" : le chevalet est vide, Vide !" if vide else ".")))


def _exchange_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Exchange families of the same size (doubleseven.exchange, D17)."""
    seat, other = s[R_TURN], move.seat
    sizes = s[R_SIZES]
    if other == seat:
        return (False, "doubleseven.exchange", _exchange_with_oneself)
    if other >= len(sizes):
        return (False, "doubleseven.exchange", lambda s, move, other=other: _no_player(other))
    mine, theirs = sizes[seat], sizes[other]
    if move.mine > len(mine):
        return (False, "doubleseven.exchange", lambda s, move, name=name:
                _no_family(name, move.mine, len(s[R_FAMILIES][s[R_TURN]])))
    if move.theirs > len(theirs):
        return (False, "doubleseven.exchange", lambda s, move:
                _no_family(s[R_NAMES][move.seat], move.theirs, len(s[R_FAMILIES][move.seat])))
    x, y = mine[move.mine - 1], theirs[move.theirs - 1]
    if x != y:
        return (False, "doubleseven.exchange", partial(_exchange_sizes, x, y))
    return (True, "doubleseven.exchange", _exchange_words)


def _exchange_with_oneself(s, move) -> tuple:
    return (("One cannot exchange a family with oneself: an exchange is with another player "
            "(D17)."), ("On ne peut pas échanger une famille avec soi-même : un échange se fait "
            "avec un autre joueur (D17)."))


def _no_player(seat: int) -> tuple:
    return f"There is no player {seat}.", f"Il n'y a pas de joueur {seat}."


def _exchange_sizes(x: int, y: int, s, move) -> tuple:
    """(en, fr): the two families of ``move`` differ in size (``x`` and ``y`` tiles)."""
    name, other = s[R_NAMES][s[R_TURN]], s[R_NAMES][move.seat]
    return ((f"{name}'s family {move.mine} has {x} tiles and {other}'s family {move.theirs} "
             f"has {y}: an exchange needs exactly the same size."),
            (f"La famille {move.mine} {de(name)} a {x} tuiles et la famille {move.theirs} "
             f"{de(other)} en a {y} : un échange demande exactement la même taille."))


def _exchange_words(s, move) -> tuple:
    """(en, fr): what the legal exchange ``move`` does."""
    seat = s[R_TURN]
    name, other = s[R_NAMES][seat], s[R_NAMES][move.seat]
    return ((f"{name} exchanges {_family_words(s, seat, move.mine - 1, 'en')} for "
             f"{_family_words(s, move.seat, move.theirs - 1, 'en')}; {other} cannot refuse."),
            (f"{name} échange {_family_words(s, seat, move.mine - 1, 'fr')} contre "
             f"{_family_words(s, move.seat, move.theirs - 1, 'fr')} ; {other} ne peut pas "
             "refuser."))


def _retrieve_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Retrieve a clover with the family's animal (doubleseven.retrieve-clover)."""
    seat = s[R_TURN]
    owner = seat if move.owner == NO_ONE else move.owner
    if owner >= len(s.names):
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, owner=owner: (f"There is no player {owner}.",
                f"Il n'y a pas de joueur {owner}."))
    who = s.names[owner]
    fams = s.families[owner]
    if move.owner == seat:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, name=name: ((f"{name}'s own family is written 'my "
                f"{move.family}': retrieve clover from my {move.family} with "
                f"{ANIMALS[move.kind].en}."), (f"La famille {de(name)} s'écrit « ma "
                f"{move.family} » : récupérer trèfle de ma {move.family} avec "
                f"{ANIMALS[move.kind].fr}.")))
    if move.family > len(fams):
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, who=who, fams=fams: _no_family(who, move.family, len(fams)))
    animal, _a, c = fams[move.family - 1]
    if not c:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, who=who: ((f"{who}'s family {move.family} holds "
                "no clover."), f"La famille {move.family} {de(who)} n'a pas de trèfle."))
    if move.kind != animal:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, who=who, animal=animal: ((f"{who}'s family {move.family} is a "
                f"family of {name_of(animal, 'en', 2)}: its clover is retrieved with a "
                f"{ANIMALS[animal].en}, not a {ANIMALS[move.kind].en}."),
                (f"La famille {move.family} {de(who)} est une famille "
                f"{de(name_of(animal, 'fr', 2))} : son trèfle se récupère avec "
                f"{one_of(animal, 'fr')}, pas {one_of(move.kind, 'fr')}.")))
    if not rack[animal]:
        return (False, "doubleseven.retrieve-clover",
                lambda s, move, name=name, animal=animal: ((f"{name} needs a {ANIMALS[animal].en} "
                "on the rack to retrieve this clover."), (f"{name} doit avoir "
                f"{one_of(animal, 'fr')} sur son chevalet pour récupérer ce trèfle.")))
    return (True, "doubleseven.retrieve-clover",
            lambda s, move, name=name, who=who, animal=animal, owner=owner, seat=seat: (
            (f"{name} puts a {ANIMALS[animal].en} in "
            f"{_family_en(move.family, who, owner == seat)} and takes its clover."),
            (f"{name} met {one_of(animal, 'fr')} dans "
            f"{_family_fr(move.family, who, owner == seat)} et prend son trèfle.")))


def _two_for_one_verdict(s, move, name: str, rack: tuple) -> tuple:
    """Two for One (doubleseven.two-for-one, doubleseven.two-for-one-once, D16)."""
    if s[R_USED] & TWO_FOR_ONE_USED:
        return (False, "doubleseven.two-for-one-once",
                lambda s, move: (("Two for One was already used this "
                "turn: once a turn."), ("Deux contre Un a déjà servi ce tour : une fois par "
                "tour.")))
    refused = _rack_short("doubleseven.two-for-one", name, rack, move.kinds)
    if refused is not None:
        return refused
    if not _takeable_after_two_for_one(s):
        return (False, "doubleseven.two-for-one",
                lambda s, move: (("Two for One is refused: the only tiles "
                "it could take are the two just discarded (D16)."), ("Deux contre Un est "
                "refusé : les seules tuiles à prendre seraient les deux défaussées (D16).")))
    return (True, "doubleseven.two-for-one", _two_for_one_words)


def _two_for_one_words(s, move) -> tuple:
    name, (a, b) = _mover(s), move.kinds
    return (f"{name} discards a {ANIMALS[a].en} and a {ANIMALS[b].en} face up, then draws 1 tile.",
            (f"{name} défausse {one_of(a, 'fr')} et {one_of(b, 'fr')} face visible, puis pioche 1 "
            "tuile."))


def _not_a_move_verdict(s, move, name: str, rack: tuple) -> tuple:
    """A value of another game (doubleseven.actions)."""
    return (False, "doubleseven.actions", lambda s, move: ("This move is not one of the game's.",
            "Ce coup n'est pas un coup du jeu."))




_ACT_VERDICTS = {Start: _start_verdict, Expand: _expand_verdict, Exchange: _exchange_verdict,
                 Retrieve: _retrieve_verdict, TwoForOne: _two_for_one_verdict,
                 Discard: _early_discard_verdict, DrawFaceUp: _late_draw_verdict}
_ACT_WORD_VERDICTS = {PASS: _pass_verdict, RAINBOW: _rainbow_verdict,
                      DRAW_HIDDEN: _late_draw_verdict}
_PHASE_VERDICTS = {OVER_PHASE: _over_verdict, DEAL_PHASE: _chance_verdict,
                   FLIP_PHASE: _chance_verdict, HIDDEN_PHASE: _chance_verdict,
                   DRAW_PHASE: _draw_phase_verdict, DISCARD_PHASE: _discard_phase_verdict}


def _skips_discard(s) -> bool:
    """Game Park's reading of D19: no discard on the very last final turn."""
    return (s.rules.last_turn_discard == "skipped" and s.trigger != NO_ONE
            and next_seat(s.turn, len(s.names)) == s.trigger)
