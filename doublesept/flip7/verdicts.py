"""Flip 7's verdicts: which moves are legal, and the rule and the words that say why.

Each kind of move is decided in one place, which ``legal_moves``, ``check`` and ``play``
(``transitions.py``) all read (tests/test_one_decision.py): a card outcome at a chance
step by ``_can_draw`` (the stacked deck's next card, or a card left in the deck:
flip7.deck); hit by the offer on top of the tasks (flip7.hit), stay by ``has_card``
(flip7.stay, flip7.stay-needs-a-card, F10, F18); a move that names a player by
``_action_choice`` (the move's class, its card and the seats allowed: flip7.freeze,
flip7.flip-three, flip7.freeze-self, flip7.deferred-after-bust, flip7.second-chance-limit),
and whether the card takes effect at once or once every card waiting has its player by
``_aims_first`` (flip7.set-aside-targets).
They are methods of :class:`Flip7Verdicts`, a part of ``Flip7State``, with
``legal_moves``, ``candidate_moves`` and ``check``. ``check`` words the decision with
``_verdict`` (and ``_card_verdict`` for a card outcome); the words are built only when
asked.

Also the words the verdicts and the events share: a card with its article ("a 7", "an 8",
« la carte Gel »), a number of points.

Imports the core's verdicts, the errors, ``record.py``, ``moves.py`` and ``rules.py``.
"""

from __future__ import annotations

from ..core.state import NamedVerdict, Verdict
from ..errors import NotationError
from .moves import DRAW, HIT, STAY, Give, Target, parse_move
from .record import (
    BUSTED,
    DEALT,
    DEFERRED,
    FLIPS,
    FROZEN,
    GIVEN,
    HITS,
    R_STACK,
    STAYED,
    T_DEAL,
    T_DRAW,
    T_OFFER,
    T_SC,
    _winner,
)
from .rules import (
    ACTION_WORDS_EN,
    ACTION_WORDS_FR,
    ACTIONS,
    FLIP_THREE,
    FREEZE,
    NAMES_EN,
    NAMES_FR,
    SECOND_CHANCE,
    Flip7Card,
)

_DRAW_ONLY = (DRAW,)
_HIT_STAY = (HIT, STAY)
_HIT_ONLY = (HIT,)


def _action_choice(s, top) -> tuple:
    """The one decision of a move that names a player, for the task ``top`` of ``s`` (an
    action card to play, T_QUEUE, or a Second Chance to give, T_SC): (the move's class,
    Target or Give; the card; the seats that may be named, as a mask). An action card is
    played on an active player (flip7.freeze, flip7.flip-three; given when its owner busted,
    flip7.deferred-after-bust); an extra Second Chance goes to another active player with
    none (flip7.second-chance-limit)."""
    active = s.active
    if top[0] == T_SC:
        return Give, SECOND_CHANCE, active & ~s.chances & ~(1 << top[1])
    kind, _, mode = top[1][0]
    return (Give if mode == GIVEN else Target), kind, active


def _aims_first(s, entries) -> bool:
    """Whether the player chosen for the first of a queue's ``entries`` only receives the
    card, which takes effect once every card of the queue has its player
    (flip7.set-aside-targets: ``set_aside_targets="all-first"``, the Edge Cases file's Case
    16); otherwise the card takes effect at once. The one decision ``play`` and ``check``
    read."""
    return len(entries) > 1 and s.rules.set_aside_targets == "all-first"


class Flip7Verdicts:
    """Which Flip 7 moves are legal, and why: a part of ``Flip7State`` (``state.py``), which
    holds the fields these methods read."""

    __slots__ = ()

    def has_card(self, seat: int) -> bool:
        """Whether ``seat`` has a card in front of them, as staying needs (F10, F18)."""
        return bool(self.nums[seat] or self.mods[seat] or self.chances >> seat & 1)

    def _can_draw(self, kind: int) -> bool:
        """Whether the card ``kind`` can come next: the one decision of a card outcome at a
        chance step (the stacked deck's next card, or a card left in the deck)."""
        if self.stack:
            return self.stack[0] == kind
        return self.deck[kind] > 0

    def legal_moves(self) -> tuple:
        """The legal moves, sorted. At a chance step, ``draw`` (a card outcome is legal too,
        when it can come: ``check``); after the game, none."""
        tasks = self.tasks
        if not tasks:
            return () if _winner(self.scores) is not None else _DRAW_ONLY
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            return _DRAW_ONLY
        if code == T_OFFER:
            return _HIT_STAY if self.has_card(self.turn) else _HIT_ONLY  # flip7.stay-needs-a-card
        make, kind, seats = _action_choice(self, top)
        return tuple(make(kind, p) for p in range(len(self.names)) if seats >> p & 1)

    def candidate_moves(self) -> tuple:
        """What a try-a-move table lists: hit and stay; every player as the target of an
        action card or the receiver of a card given; draw at a chance step."""
        tasks = self.tasks
        if not tasks:
            return _DRAW_ONLY
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            return _DRAW_ONLY
        if code == T_OFFER:
            return _HIT_STAY
        n = len(self.names)
        if code == T_SC:
            return tuple(Give(SECOND_CHANCE, p) for p in range(n))
        kind, _, mode = top[1][0]
        make = Give if mode == GIVEN else Target
        return tuple(make(kind, p) for p in range(n))

    def check(self, move) -> Verdict:
        """Whether ``move`` is legal now, with the rule and the reason. Never raises."""
        try:
            move = parse_move(move, self.names)
        except NotationError as err:
            return Verdict(move, False, "flip7.deck", err.reason_en, err.reason_fr)
        verdict = _verdict(self, move)
        if move.__class__ in (Target, Give):  # "freeze Bob", not the seat number
            return NamedVerdict(*verdict, self.move_text(move))
        return verdict


# ---------------------------------------------------------------- the words of a verdict

_STATUS_EN = {STAYED: "stayed", FROZEN: "frozen", BUSTED: "busted"}
_STATUS_FR = {STAYED: "a dit stop", FROZEN: "a reçu un Gel", BUSTED: "a sauté"}
_ACTION_RULE = {FREEZE: "flip7.freeze", FLIP_THREE: "flip7.flip-three"}
_DRAW_RULE = {DEALT: "flip7.deal", HITS: "flip7.hit", FLIPS: "flip7.flip-three"}


def _a_card_en(kind: int) -> str:
    """A card in an English sentence, with its article: "a 7", "an 8", "a +4", "a Freeze"."""
    word = NAMES_EN[kind]
    return f"an {word}" if word in ("8", "11") else f"a {word}"


def _a_card_fr(kind: int) -> str:
    """A card in a French sentence, with its article: "un 7", "un +4", "la carte Gel"."""
    return f"la carte {NAMES_FR[kind]}" if kind in ACTIONS else f"un {NAMES_FR[kind]}"


def _points_en(n) -> str:
    """A number of points in English: "1 point", "0 points", "10 points"."""
    return "1 point" if n == 1 else f"{n} points"


def _points_fr(n) -> str:
    """A number of points in French: singular for 0 and 1 ("0 point"), plural from 2."""
    return f"{n} point" if -2 < n < 2 else f"{n} points"


def _yes(move, rule_id, en, fr) -> Verdict:
    return Verdict(move, True, rule_id, en, fr)


def _no(move, rule_id, en, fr) -> Verdict:
    return Verdict(move, False, rule_id, en, fr)


def _card_verdict(s, move, step, rule_id, why_en, why_fr) -> Verdict:
    """A card outcome played at a chance step: legal when it can come next (it stacks it)."""
    kind = move.kind
    if step is not None and step.probability(move):
        return _yes(move, rule_id, f"Stack the deck: {NAMES_EN[kind]} comes next ({why_en}).",
                    f"Paquet arrangé : {_a_card_fr(kind)} vient ensuite ({why_fr}).")
    stack = s[R_STACK] if isinstance(s, list) else s.stack
    if stack:
        return _no(move, "flip7.deck",
                   f"The deck is stacked: the next card is {NAMES_EN[stack[0]]}, not "
                   f"{NAMES_EN[kind]}.",
                   f"Le paquet est arrangé : c'est {_a_card_fr(stack[0])} qui vient ensuite, "
                   f"pas {_a_card_fr(kind)}.")
    return _no(move, "flip7.deck",
               f"No {NAMES_EN[kind]} is left in the deck: it cannot come next.",
               f"Il ne reste aucune carte {NAMES_FR[kind]} dans la pioche : elle ne peut pas "
               "venir.")


def _verdict(s, move) -> Verdict:
    """The verdict of ``move`` (a move value) in the state ``s``: the decisions above, worded."""
    names = s.names
    n = len(names)
    if move.__class__ in (Target, Give) and move.seat >= n:
        return _no(move, "flip7.players",
                   f"There is no player {move.seat}: the players are numbered 0 to {n - 1}.",
                   f"Il n'y a pas de joueur {move.seat} : les joueurs sont numérotés de 0 à "
                   f"{n - 1}.")
    tasks = s.tasks
    if not tasks:
        winner = _winner(s.scores)
        if winner is not None:
            return _no(move, "flip7.game-end",
                       f"The game is over: {names[winner]} won with {s.scores[winner]} points.",
                       f"La partie est terminée : {names[winner]} a gagné avec "
                       f"{s.scores[winner]} points.")
        dealer = names[(s.dealer + 1) % n]
        if move is DRAW:
            return _yes(move, "flip7.dealer-rotates",
                        f"Deal the next round: {dealer} deals, with the rest of the deck.",
                        f"Distribuez les cartes de la manche suivante : c'est à {dealer} de "
                        "donner, avec le reste de la pioche.")
        if move.__class__ is Flip7Card:
            return _card_verdict(s, move, s.chance(), "flip7.dealer-rotates",
                                 "the first card of the next deal",
                                 "la première carte de la donne suivante")
        return _no(move, "flip7.round-end",
                   "The round is over: deal the next round (draw).",
                   "La manche est terminée : distribuez les cartes de la manche suivante (pioche).")
    top = tasks[-1]
    code = top[0]
    if code == T_DRAW:
        seat, context = top[1], top[2]
        rule_id = _DRAW_RULE[context]
        name = names[seat]
        if move is DRAW:
            return _yes(move, rule_id, f"Draw the next card for {name}, face up.",
                        f"Piochez la carte suivante pour {name}, face visible.")
        if move.__class__ is Flip7Card:
            return _card_verdict(s, move, s.chance(), rule_id, f"for {name}", f"pour {name}")
        return _no(move, rule_id,
                   f"A card is being drawn for {name}: draw it first (draw).",
                   f"Une carte est piochée pour {name} : piochez-la d'abord (pioche).")
    if code == T_OFFER:
        turn = s.turn
        name = names[turn]
        if tasks[0][0] == T_DEAL and (move is HIT or move is STAY):  # flip7.deal-card-optional
            if move is HIT:
                return _yes(move, "flip7.deal-card-optional",
                            f"{name} takes the deal card, face up.",
                            f"{name} prend sa carte de la donne, face visible.")
            return _yes(move, "flip7.deal-card-optional",
                        f"{name} already has cards, so may stay instead of taking the deal "
                        f"card: {name} leaves the round, keeping "
                        f"{_points_en(s.score_now(turn))}.",
                        f"{name} a déjà des cartes, et peut donc dire stop au lieu de prendre "
                        f"sa carte de la donne : {name} sort de la manche et marquera "
                        f"{s.score_now(turn)}.")
        if move is HIT:
            return _yes(move, "flip7.hit", f"{name} draws one more card, face up.",
                        f"{name} pioche une carte de plus, face visible.")
        if move is STAY:
            if s.has_card(turn):
                return _yes(move, "flip7.stay",
                            f"{name} leaves the round, keeping "
                            f"{_points_en(s.score_now(turn))}.",
                            f"{name} sort de la manche et marquera {s.score_now(turn)}.")
            return _no(move, "flip7.stay-needs-a-card",
                       f"{name} has no card yet, so {name} cannot stay: {name} must hit.",
                       f"{name} n'a encore aucune carte, donc ne peut pas dire stop : "
                       "il faut dire encore.")
        if move is DRAW or move.__class__ is Flip7Card:
            return _no(move, "flip7.hit", f"{name} must first say hit or stay.",
                       f"{name} doit d'abord dire encore ou stop.")
        action = getattr(move, "action", None)
        card_en = f"No {NAMES_EN[action]}" if action in ACTIONS else "No action card"
        card_fr = f"Aucune carte {NAMES_FR[action]}" if action in ACTIONS else \
            "Aucune carte Action"
        return _no(move, _ACTION_RULE.get(action, "flip7.hit"),
                   f"{card_en} is waiting for a player: {name} is to hit or stay.",
                   f"{card_fr} n'attend de joueur : {name} dit encore ou stop.")
    active = s.active
    make, kind, seats = _action_choice(s, top)  # the decision; the rest finds the words
    if code == T_SC:
        owner = top[1]
        name = names[owner]
        if move.__class__ is make and move.action == kind:
            seat = move.seat
            other = names[seat]
            if seats >> seat & 1:
                return _yes(move, "flip7.second-chance-limit",
                            f"{other} receives the extra Second Chance.",
                            f"{other} reçoit la Seconde Chance en trop.")
            if seat == owner:
                return _no(move, "flip7.second-chance-limit",
                           f"{name} already holds a Second Chance, and may hold only one: "
                           "give this one to another active player.",
                           f"{name} a déjà une Seconde Chance, et ne peut en avoir qu'une : "
                           "donnez celle-ci à un autre joueur actif.")
            if not active >> seat & 1:
                status = s.status(seat)
                return _no(move, "flip7.second-chance-limit",
                           f"{other} is out of the round ({_STATUS_EN[status]}): the Second "
                           "Chance goes to an active player.",
                           f"{other} est hors de la manche ({_STATUS_FR[status]}) : la "
                           "Seconde Chance va à un joueur actif.")
            return _no(move, "flip7.second-chance-limit",
                       f"{other} already has a Second Chance: at most one each.",
                       f"{other} a déjà une Seconde Chance : une au plus par joueur.")
        return _no(move, "flip7.second-chance-limit",
                   f"{name} must first give the extra Second Chance to another active player "
                   "who has none.",
                   f"{name} doit d'abord donner la Seconde Chance en trop à un autre joueur "
                   "actif qui n'en a pas.")
    _, owner, mode = top[1][0]
    given = make is Give
    name = names[owner]
    card_en, card_fr = NAMES_EN[kind], NAMES_FR[kind]
    rule_id = "flip7.deferred-after-bust" if given else _ACTION_RULE[kind]
    if given:
        how_en, how_fr = f"give {ACTION_WORDS_EN[kind]} <player>", \
            f"donner {ACTION_WORDS_FR[kind]} <joueur>"
    else:
        how_en, how_fr = f"{ACTION_WORDS_EN[kind]} <player>", f"{ACTION_WORDS_FR[kind]} <joueur>"
    if move.__class__ not in (Target, Give) or move.action == SECOND_CHANCE:
        return _no(move, rule_id,
                   f"{name} must first play the {card_en} on an active player ({how_en}).",
                   f"{name} doit d'abord jouer la carte {card_fr} sur un joueur actif "
                   f"({how_fr}).")
    if move.__class__ is not make:
        if given:
            return _no(move, rule_id,
                       f"{name} busted: {name} gives the {card_en} set aside to an active "
                       f"player ({how_en}).",
                       f"{name} a sauté : {name} donne la carte {card_fr} mise de côté à un "
                       f"joueur actif ({how_fr}).")
        return _no(move, rule_id,
                   f"{name} plays the {card_en} on an active player of their choice ({how_en}).",
                   f"{name} joue la carte {card_fr} sur un joueur actif de son choix "
                   f"({how_fr}).")
    if move.action != kind:
        return _no(move, rule_id, f"The card to play is the {card_en}, not the "
                                  f"{NAMES_EN[move.action]}.",
                   f"Il faut jouer {_a_card_fr(kind)}, pas {_a_card_fr(move.action)}.")
    seat = move.seat
    other = names[seat]
    alone = kind == FREEZE and not given and active == 1 << owner
    if not seats >> seat & 1:
        if alone:
            return _no(move, "flip7.freeze-self",
                       f"{name} is the only active player, so {name} must take the Freeze.",
                       f"{name} est le seul joueur actif, et doit donc se geler.")
        status = s.status(seat)
        return _no(move, rule_id,
                   f"{other} is out of the round ({_STATUS_EN[status]}): the {card_en} is "
                   "played on an active player.",
                   f"{other} est hors de la manche ({_STATUS_FR[status]}) : la carte "
                   f"{card_fr} se joue sur un joueur actif.")
    if alone:
        rule_id = "flip7.freeze-self"
    elif not given and not active >> owner & 1:
        rule_id = "flip7.frozen-target-deferred"
    elif mode == DEFERRED:
        rule_id = "flip7.flip-three-deferred"
    if _aims_first(s, top[1]):
        return _yes(move, "flip7.set-aside-targets",
                    f"{other} is given the {card_en}: it takes effect once every card set "
                    "aside has its player.",
                    f"La carte {card_fr} est attribuée à {other} : elle prendra effet quand "
                    "toutes les cartes mises de côté auront leur joueur.")
    if kind == FREEZE and seat == owner:
        return _yes(move, rule_id,
                    f"{name} takes the Freeze: out of the round, keeping "
                    f"{_points_en(s.score_now(seat))}.",
                    f"{name} se gèle : hors de la manche, avec "
                    f"{_points_fr(s.score_now(seat))} acquis.")
    if kind == FREEZE:
        return _yes(move, rule_id,
                    f"{other} is frozen: out of the round, keeping "
                    f"{_points_en(s.score_now(seat))}.",
                    f"Gel pour {other} : hors de la manche, avec "
                    f"{_points_fr(s.score_now(seat))} acquis.")
    return _yes(move, rule_id, f"{other} flips three cards, one at a time.",
                f"{other} retourne trois cartes, une par une.")

