"""Sevens' events: what a move brought about, told from one table (``EVENTS``).

``state.events`` is built in two steps. :class:`SevensEvents`, a part of ``SevensState``,
lists the log entries of the last move: plain tuples ``(entry_kind, value, ...)`` such as
``("went-out", 2)``; nothing is worded there. Then each entry is told by its row of
``EVENTS`` (entry kind → :class:`doublesept.core.events.EventWords`: the event's kind, rule
id, fields, seats, and the English and French templates) with
:func:`doublesept.core.events.tell` and the speller ``_Speller`` (which writes the players'
names, chips, ordinals and cards, and the words of the rules: « posées », « n'importe
quelle dame »).

An event whose rule depends on the variant has a row for each rule, its entry kind
``kind/variant``: ``out`` (sevens.three-pass-elimination) and ``out/last-pass``
(sevens.last-pass), ``penalties/<scoring option>`` (sevens.penalty, sevens.face-value,
sevens.court-cards-ten, sevens.hand-winner). The events: a deal (sevens.deal-rotates,
sevens.tie-break-deal), the antes (sevens.ante) and who opens (sevens.opening,
sevens.german-start, sevens.all-sevens-first, sevens.flexible-opener); a pass paid for
(sevens.pass-chip, sevens.voluntary-pass) or a player out (sevens.three-pass-elimination,
sevens.last-pass); the end of a round (sevens.round-end), its penalties, the pot and the
payments (sevens.pot, sevens.chip-payments); a tie, and the end of the match
(sevens.match-winner, sevens.chip-match, sevens.tie-break-deal).

Imports the core's events and names, ``moves.py``, ``words.py`` and ``transitions.py``
(``_settle``: what each loser pays).
"""

from __future__ import annotations

from ..cards import Card
from ..core.events import Event, EventWords, Name, tell
from ..core.names import join_names
from .moves import PASS, Dealt
from .transitions import _settle
from .words import _capital, _chips_en, _chips_fr, _laid_fr, _ordinal_en, _ordinal_fr

# the rule of the penalties under each scoring option (ruling S5)
_SCORING_RULES = {"cards": "sevens.penalty", "face": "sevens.face-value",
                  "face-ace-15": "sevens.face-value", "face-court-10": "sevens.court-cards-ten",
                  "winner": "sevens.hand-winner"}

# the words of the events that two or more rules share
_LAST_IN = (("p",), ("p",), "Only {p} is left in the hand: {p} wins the round.",
            "Il ne reste que {p} dans la main : {p} gagne la manche.")
_OUT = (("p", "count"), ("p",),
        ("{p} passes for the {count} time and is out of the hand; the cards in hand still "
         "count."),
        ("{p} passe pour la {count} fois et sort de la main ; les cartes en main comptent "
         "toujours."))
_OPENS = (("p", "card"), ("p",), "{p} holds {card} and opens.", "{p} a {card} et ouvre.")
_PENALTIES = (("listed", "amounts"), ("listed",), "Penalty points: {listed}.",
              "Points de pénalité : {listed}.")

# entry kind -> how it is told; the fields are written by _Speller
EVENTS = {
    # ---- a deal
    "dealt": EventWords("dealt", "sevens.deal-rotates", ("dealer", "round"), ("dealer",),
                        "Round {round} is dealt by {dealer}.",
                        "La manche {round} est distribuée par {dealer}."),
    "dealt/tie-break": EventWords(
        "dealt", "sevens.tie-break-deal", ("dealer", "playing"), ("dealer",),
        "The tie-break deal between {playing} is dealt by {dealer}; the others sit out.",
        "La donne de départage entre {playing} est distribuée par {dealer} ; les autres ne "
        "jouent pas."),
    "antes": EventWords("antes", "sevens.ante", ("payers", "pot"), ("payers",),
                        "Each player puts 1 chip into the pot: the pot holds {pot}.",
                        "Chaque joueur met 1 jeton au pot : le pot contient {pot}."),
    "sevens-laid-out": EventWords(
        "sevens-laid-out", "sevens.all-sevens-first", ("p", "card"), ("p",),
        "The four {starts} are laid out; {p}, who held {card}, plays first.",
        "Les quatre {starts} sont {laid} ; {p}, qui avait {card}, joue en premier."),
    "starts": EventWords("starts", "sevens.flexible-opener", ("p",), ("p",),
                         "{p}, left of the dealer, starts with any {start}.",
                         "{p}, à gauche du donneur, commence avec {any_start}."),
    "opens": EventWords("opens", "sevens.opening", *_OPENS),
    "opens/german": EventWords("opens", "sevens.german-start", *_OPENS),
    # ---- a pass
    "pass-paid": EventWords("pass-paid", "sevens.pass-chip", ("p", "paid", "pot"), ("p",),
                            "{p} pays {paid} into the pot; the pot holds {pot}.",
                            "{p} verse {paid} au pot ; le pot contient {pot}."),
    "pass-paid/voluntary": EventWords(
        "pass-paid", "sevens.voluntary-pass", ("p", "paid", "pot"), ("p",),
        "{p} pays {paid} into the pot for a voluntary pass; the pot holds {pot}.",
        "{p} verse {paid} au pot pour une passe volontaire ; le pot contient {pot}."),
    "pass-paid/fault": EventWords(
        "pass-paid", "sevens.voluntary-pass-turn-lost", ("p", "paid", "pot"), ("p",),
        "{p} pays {paid} into the pot for passing with a card that fits; the pot holds {pot}.",
        "{p} verse {paid} au pot pour avoir passé avec une carte qui convient ; le pot "
        "contient {pot}."),
    "fault-pass": EventWords(
        "fault-pass", "sevens.voluntary-pass-turn-lost", ("p",), ("p",),
        "{p} passed with a card that fits: a fault, and {p} loses the turn.",
        "{p} a passé avec une carte qui convient : une faute, et {p} perd le tour."),
    "wrong-card": EventWords(
        "wrong-card", "sevens.wrong-card-turn-lost", ("p", "card"), ("p",),
        "{p} laid {card}, which does not fit: it goes back to the hand, and {p} loses the "
        "turn.",
        "{p} a posé {card}, qui ne convient pas : la carte revient dans sa main, et {p} perd "
        "le tour."),
    "out": EventWords("out", "sevens.three-pass-elimination", *_OUT),
    "out/last-pass": EventWords("out", "sevens.last-pass", *_OUT),
    # ---- the end of a round
    "went-out": EventWords("went-out", "sevens.round-end", ("p",), ("p",),
                           "{p} went out: the round is over.",
                           "{p} a posé sa dernière carte : la manche est terminée."),
    "last-in": EventWords("last-in", "sevens.three-pass-elimination", *_LAST_IN),
    "last-in/last-pass": EventWords("last-in", "sevens.last-pass", *_LAST_IN),
    **{f"penalties/{scoring}": EventWords("penalties", rule, *_PENALTIES)
       for scoring, rule in _SCORING_RULES.items()},
    "pot": EventWords("pot", "sevens.pot", ("p", "taken"), ("p",), "{p} takes the pot: {taken}.",
                      "{p} prend le pot : {taken}."),
    "chip-payments": EventWords("chip-payments", "sevens.chip-payments",
                                ("p", "listed", "amounts"), ("listed",),
                                "Chips paid to {p}: {listed}.", "Jetons payés à {p} : {listed}."),
    # ---- the end of the match
    "tie": EventWords("tie", "sevens.tie-break-deal", ("tied",), ("tied",),
                      "{tied} are tied for the win: one more deal between them decides the "
                      "match.",
                      "{tied} sont à égalité : une donne de plus entre eux décide de la partie."),
    "match-over": EventWords("match-over", "sevens.match-winner", ("winners", "best"),
                             ("winners",),
                             "The match is over: {winners} {wins} with the lowest total, {best}.",
                             "La partie est terminée : {winners} {wins} avec le total le plus "
                             "bas, {best}."),
    "match-over/chips": EventWords(
        "match-over", "sevens.chip-match", ("winners", "best"), ("winners",),
        "The match is over: {winners} {wins} with the most chips, {best}.",
        "La partie est terminée : {winners} {wins} avec le plus de jetons, {best}."),
    "match-over/no-chips-left": EventWords(
        "match-over", "sevens.chip-match", ("winners", "best", "broke"), ("winners",),
        "{broke:capital} {have} no chips left, so the match is over: {winners} {wins} with the "
        "most chips, {best}.",
        "{broke:capital} {have} plus de jetons, donc la partie est terminée : {winners} {wins} "
        "avec le plus de jetons, {best}."),
    "match-over/tie-break": EventWords(
        "match-over", "sevens.tie-break-deal", ("p",), ("p",),
        "The match is over: {p} wins the tie-break deal, and the match.",
        "La partie est terminée : {p} gagne la donne de départage, et la partie."),
}

_SEATS = frozenset(("p", "dealer"))  # a seat: the player's name
_GROUPS = frozenset(("payers", "playing", "tied", "winners", "broke"))  # seats: names joined
_CHIPS = frozenset(("paid", "taken"))  # a number of chips: "1 chip", « 3 jetons »


class _Group(str):
    """Players' names joined in an event template ("Ann and Bob", « Ann et Bob »);
    ``{broke:capital}`` starts a sentence with them."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "capital":
            return _capital(str(self))
        return format(str(self), spec)


class _Speller:
    """How the fields of a Sevens entry are written in ``lang`` (``tell``'s ``spell``): a
    seat (``p``, ``dealer``) as the player's :class:`Name`; a group of seats (``payers``,
    ``playing``, ``tied``, ``winners``, ``broke``) as their names joined; ``listed`` as each
    of its seats' names with its amount ("Ann 3, Bob 2", from ``amounts``, one per seat);
    chips (``paid``, ``taken``), an ordinal (``count``) and a card (``card``) as words;
    a number as itself. It adds the verbs that agree with a group (``wins``, ``have``) and
    the words of the rules' start card (``start``, ``starts``, ``laid``, ``any_start``)."""

    __slots__ = ("names", "rules")

    def __init__(self, names: tuple, rules) -> None:
        self.names = names
        self.rules = rules

    def __call__(self, values: dict, lang: str) -> dict:
        names, rules, fr = self.names, self.rules, lang == "fr"
        words = {}
        for field, value in values.items():
            if field in _SEATS:
                value = Name(names[value])
            elif field in _GROUPS:
                value = _Group(join_names(names, value, lang))
            elif field in _CHIPS:
                value = _chips_fr(value) if fr else _chips_en(value)
            elif field == "count":
                value = _ordinal_fr(value) if fr else _ordinal_en(value)
            elif field == "card":
                value = value.words_fr() if fr else str(value)
            elif field == "listed":
                amounts = values["amounts"]
                value = ", ".join(f"{names[p]} {amounts[p]}" for p in value)
            words[field] = value
        if "winners" in values:
            one = len(values["winners"]) == 1
            words["wins"] = ("gagne" if one else "partagent la victoire") if fr \
                else ("wins" if one else "share the win")
        if "broke" in values:
            many = len(values["broke"]) > 1
            words["have"] = ("n'ont" if many else "n'a") if fr else ("have" if many else "has")
        if fr:
            words["starts"] = rules.starts_fr
            words["laid"] = _laid_fr(rules)
            start = rules.start_fr  # "un 7", "une dame (Ober)": after « n'importe quel(le) »
            words["any_start"] = ("n'importe quelle " if rules.start_rank == 12
                                  else "n'importe quel ") + start[start.index(" ") + 1:]
        else:
            words["starts"] = rules.starts_en
            words["start"] = rules.start_en
        return words


def _told(entry: tuple, spell: _Speller) -> Event:
    """The :class:`Event` of a log entry, told by its row of ``EVENTS``. A row whose seats
    field holds a group of seats (the losers, the winners, the payers) has them as its
    players."""
    event = tell(EVENTS[entry[0]], entry, spell)
    players = event.players
    if len(players) == 1 and players[0].__class__ is tuple:
        return event._replace(players=players[0])
    return event


class SevensEvents:
    """What a Sevens move brought about, as log entries told by ``EVENTS``: a part of
    ``SevensState`` (``state.py``), which holds the fields these methods read."""

    __slots__ = ()

    @property
    def events(self) -> tuple:
        """What the last move brought about, automatically (a tuple of Event): a player
        going out ends the round and scores the penalties, and the last round ends the
        match; a deal names who opens. Empty at the root and after most moves."""
        parent = self.parent
        if parent is None:
            return ()
        spell = _Speller(self.names, self.rules)
        return tuple(_told(entry, spell) for entry in self._log(parent))

    def _log(self, parent) -> list:
        """The log entries of the last move (``parent`` is the state before it), in order."""
        move, rules = self.last_move, self.rules
        if move.__class__ is Dealt:
            return self._deal_log()
        if parent.turn is None or (self.turn is not None and rules.plain_passes):
            return []
        log = self._pass_log(parent) if move is PASS and not rules.plain_passes else []
        if rules.faults_on and move.__class__ is Card and not parent._fits & move.bit:
            log.append(("wrong-card", parent.turn, move))  # sevens.wrong-card-turn-lost
        if self.turn is not None:
            return log
        winner = self.round_winner
        if self._hands[winner]:  # the others are out of the hand
            log.append(("last-in/last-pass" if rules.free_passes else "last-in", winner))
        else:
            log.append(("went-out", winner))
        penalties = self.round_penalties()
        log.append((f"penalties/{rules.scoring}",
                    tuple(p for p, points in enumerate(penalties) if points), penalties))
        if self.chips:
            log += self._chip_log(parent, winner, penalties)
        tied = self.tied
        if self.is_over and self.round > rules.rounds:
            log.append(("match-over/tie-break", winner))
        elif tied:
            log.append(("tie", tied))
        elif self.is_over and self.chips:
            winners = self.winners
            best = self.chips[winners[0]]
            broke = tuple(p for p, c in enumerate(self.chips) if not c)
            if broke and self.round < rules.rounds:
                log.append(("match-over/no-chips-left", winners, best, broke))
            else:
                log.append(("match-over/chips", winners, best))
        elif self.is_over:
            winners = self.winners
            log.append(("match-over", winners, self.scores[winners[0]]))
        return log

    def _pass_log(self, parent) -> list:
        """What a pass brought about under the passing variants: chips paid, a player out."""
        turn, rules = parent.turn, self.rules
        log = []
        voluntary = bool(parent._hands[turn] & parent._fits)
        # seed 002's table rule under must-play (sevens.voluntary-pass-turn-lost)
        fault = voluntary and rules.faults_on and not rules.pass_cost and not rules.free_passes
        if fault:
            log.append(("fault-pass", turn))
        if self.chips:
            paid = parent.chips[turn] - self.chips[turn]
            kind = "pass-paid/fault" if fault else \
                "pass-paid/voluntary" if voluntary else "pass-paid"
            if paid or not fault:
                log.append((kind, turn, paid, self.pot))
        if rules.eliminated_at and self.out >> turn & 1:
            log.append(("out/last-pass" if rules.free_passes else "out", turn,
                        self.passes[turn]))
        return log

    def _chip_log(self, parent, winner: int, penalties) -> list:
        """The pot to the winner (sevens.pot), then each loser's payment
        (sevens.chip-payments)."""
        chips, pot = list(parent.chips), parent.pot
        if self.last_move is PASS:  # the pass that ended the round was paid first
            paid = parent._pass_payment(parent.turn)
            chips[parent.turn] -= paid
            pot += paid
        payments = _settle(chips, pot, winner, penalties)[1]
        log = [("pot", winner, pot)]
        payers = tuple(p for p, paid in enumerate(payments) if paid)
        if payers:
            log.append(("chip-payments", winner, payers, payments))
        return log

    def _deal_log(self) -> list:
        """A deal: who dealt it, the antes, and who opens (by the opening rule, ruling S1)."""
        dealer, rules = self.dealer, self.rules
        if self.round > rules.rounds:
            log = [("dealt/tie-break", dealer, self.tie_break_players)]
        else:
            log = [("dealt", dealer, self.round)]
        if self.chips:
            log.append(("antes", self.tie_break_players or tuple(range(len(self.names))),
                        self.pot))
        if rules.opening == "all-sevens":
            log.append(("sevens-laid-out", self.turn, rules.opening_card))
        elif rules.opening == "any":
            log.append(("starts", self.turn))
        else:
            log.append(("opens" if rules.start_rank == 7 else "opens/german", self.turn,
                        rules.opening_card))
        return log
