"""Sevens' verdicts: which moves are legal, and the rule and the words that say why.

Each kind of move is decided in one method of :class:`SevensVerdicts`, a part of
``SevensState``: a card by ``_playable`` (the cards of the hand that fit the table:
sevens.build, sevens.seven-starts-row, sevens.opening, sevens.flexible-opener,
sevens.aces-low, sevens.german-start, ruling S7), a pass by ``_may_pass`` (sevens.pass,
sevens.voluntary-pass, sevens.free-passes; rulings S3, S4), a run by ``_runs`` (sevens.runs,
ruling S6); the deal's own decision is ``DealStep.problem`` (``chance.py``).
``legal_moves``, ``candidate_moves`` and ``check`` read them; ``play`` (``transitions.py``)
reads the same ones. ``check`` words a card with ``_fit_words`` / ``_misfit_words``, a pass
with ``_pass_verdict``, a run with ``_run_verdict``; words are built only when asked.

The legal moves of a mask of fitting cards come from memos (``_LEGAL_CACHE``,
``_LEGAL_PASS_CACHE``), bounded and keyed by the mask alone.

Imports the cards, the core's names and verdicts, ``rules.py``, ``moves.py`` and
``words.py``.
"""

from __future__ import annotations

from ..cards import (
    RANK_WORDS_EN,
    RANK_WORDS_FR,
    SUIT_NAMES_EN,
    SUIT_NAMES_FR,
    Card,
    card,
    cards_in,
    join_en,
    join_fr,
)
from ..core.names import join_names
from ..core.state import Verdict
from ..errors import NotationError
from .moves import DEAL, PASS, Dealt, Run, parse_move
from .rules import card_at
from .words import _above_fr, _article_fr, _capital, _laid_fr, _of_fr

# the legal cards of a mask of fitting cards in a hand, memoised: there are few
_LEGAL_CACHE: dict[int, tuple] = {}
_PASS_ONLY = (PASS,)
_DEAL_ONLY = (DEAL,)


def _legal_cards(mask: int) -> tuple:
    found = _LEGAL_CACHE.get(mask)
    if found is None:
        found = tuple(cards_in(mask))
        if len(_LEGAL_CACHE) < 200_000:
            _LEGAL_CACHE[mask] = found
    return found


_LEGAL_PASS_CACHE: dict[int, tuple] = {}


def _legal_cards_and_pass(mask: int) -> tuple:
    """The legal cards of ``mask`` and a pass (a voluntary pass is allowed), memoised."""
    found = _LEGAL_PASS_CACHE.get(mask)
    if found is None:
        found = (*_legal_cards(mask), PASS)
        if len(_LEGAL_PASS_CACHE) < 200_000:
            _LEGAL_PASS_CACHE[mask] = found
    return found


class SevensVerdicts:
    """The decisions and the verdicts of a Sevens state: a part of ``SevensState``
    (``state.py``), which holds the fields these methods read."""

    __slots__ = ()


    def legal_moves(self) -> tuple:
        """The legal moves, sorted: the cards that fit (``_playable``), the runs with the runs
        option, then pass when ``_may_pass`` allows it; just pass when nothing fits; just
        deal between rounds; none after the match."""
        turn = self.turn
        if turn is None:
            return () if self.is_over else _DEAL_ONLY
        mask = self._hands[turn] & self._fits  # _playable, inlined on the hottest path
        if not mask:
            return self._fault_moves(turn, mask) if self.rules.faults_on else _PASS_ONLY
        rules = self.rules
        if rules.runs_on:
            if rules.faults_on:
                return self._fault_moves(turn, mask)
            moves = tuple(sorted((*_legal_cards(mask), *self._runs(turn, mask))))
            return (*moves, PASS) if self._may_pass(turn) else moves
        if rules.voluntary_passes and self._may_pass(turn):
            if rules.faults_on:
                return self._fault_moves(turn, mask)
            found = _LEGAL_PASS_CACHE.get(mask)
            return _legal_cards_and_pass(mask) if found is None else found
        found = _LEGAL_CACHE.get(mask)
        return _legal_cards(mask) if found is None else found

    def _playable(self, turn: int) -> int:
        """The cards ``turn`` may lay now, as a mask: those in their hand that fit the table
        (``fit_mask``, from the rows' ends by ``SevensRules.fits_table``: sevens.build,
        sevens.seven-starts-row, sevens.opening, sevens.aces-low, ruling S7). The one
        decision of a card: ``legal_moves``, ``play`` and ``check`` all read it."""
        return self._hands[turn] & self._fits

    def _faulty(self, turn: int) -> int:
        """The cards ``turn`` may lay although they do not fit, as a mask: with
        ``faults="turn-lost"`` every card of their hand that does not fit (seed 002's table
        rule, sevens.wrong-card-turn-lost: the card goes back to the hand and the turn
        passes), none otherwise. With ``_playable``, the one decision of a card."""
        return self._hands[turn] & ~self._fits if self.rules.faults_on else 0

    def _fault_moves(self, turn: int, mask: int) -> tuple:
        """The legal moves with ``faults="turn-lost"``: every card of the hand (those that
        fit, ``mask``, and the ``_faulty`` ones), the runs with the runs option, and pass
        when no card fits or ``_may_pass`` allows it."""
        cards = _legal_cards(self._hands[turn])
        if mask and self.rules.runs_on:
            cards = tuple(sorted((*cards, *self._runs(turn, mask))))
        return (*cards, PASS) if not mask or self._may_pass(turn) else cards

    def _may_pass(self, turn: int) -> bool:
        """Whether the player to move may pass although a card fits (sevens.voluntary-pass:
        their stack pays its cost; sevens.free-passes: a free pass is left;
        sevens.voluntary-pass-turn-lost: under must-play with ``faults="turn-lost"``, the
        pass stands and costs the turn). With no card that fits, a pass is always legal
        (sevens.pass). The one decision of a pass."""
        rules = self.rules
        if rules.pass_cost:
            return self.chips[turn] >= rules.pass_cost
        if rules.free_passes:
            return self.passes[turn] < rules.free_passes
        return rules.faults_on

    def _runs(self, turn: int, mask: int) -> tuple:
        """The runs of two cards or more the player to move may lay (sevens.runs): from each
        card that fits, outwards, while the next card is in their hand."""
        hand = self._hands[turn]
        ends = self._ends
        rules = self.rules
        bottom, top = rules.bottom, rules.top
        found = []
        for c in _legal_cards(mask):
            suit, rank = c.suit, rules.position(c)
            low = ends[2 * suit]
            if low == 0:
                steps = (1, -1)  # a 7 starting its row: up or down
            elif rank == low - 1:
                steps = (-1,)
            else:
                steps = (1,)
            for step in steps:
                cards = [c]
                nxt = rank + step
                while bottom <= nxt <= top and hand & card_at(nxt, suit).bit:
                    cards.append(card_at(nxt, suit))
                    found.append(Run(cards))
                    nxt += step
        return tuple(found)

    def check(self, move) -> Verdict:
        """Whether ``move`` is legal for the player to move, with the rule and the reason. Never raises."""
        try:
            move = parse_move(move)
        except NotationError as err:
            return Verdict(move, False, "cards.notation", err.reason_en, err.reason_fr)
        if self.is_over:
            return Verdict(move, False, "sevens.chip-match" if self.chips else "sevens.match-winner",
                           "The match is over: no more moves.",
                           "La partie est terminée : plus aucun coup.")
        if self.turn is None:
            if move.__class__ is Dealt:
                problem = self.chance().problem(move)
                if problem:
                    return Verdict(move, False, "sevens.deal",
                                   f"This deal cannot happen: {problem}.",
                                   f"Cette donne est impossible : il faut distribuer les "
                                   f"{self.rules.deck_size} cartes une à une depuis la gauche "
                                   "du donneur.")
            if (move is DEAL or move.__class__ is Dealt) and self.tied:
                who_en = join_names(self.names, self.tied, "en")
                who_fr = join_names(self.names, self.tied, "fr")
                return Verdict(move, True, "sevens.tie-break-deal",
                               f"Deal the tie-break: {who_en} are tied for the win and play one "
                               "more deal; its winner wins the match.",
                               f"Distribuez la donne de départage : {who_fr} sont à égalité et "
                               "jouent une donne de plus ; son gagnant gagne la partie.")
            if move is DEAL or move.__class__ is Dealt:
                opening = self.rules.opening
                if opening == "any":
                    then_en, then_fr = ("the player left of the new dealer starts",
                                        "le joueur à gauche du nouveau donneur commence")
                elif opening == "all-sevens":
                    rules, first = self.rules, self.rules.opening_card
                    then_en = (f"the {rules.starts_en} are laid out and the holder of "
                               f"{first} starts")
                    then_fr = (f"les {rules.starts_fr} sont {_laid_fr(rules)} et le détenteur "
                               f"{_of_fr(first)} commence")
                else:
                    first = self.rules.opening_card
                    then_en = f"the holder of {first} opens again"
                    then_fr = f"le détenteur {_of_fr(first)} ouvre de nouveau"
                return Verdict(move, True, "sevens.deal-rotates",
                               "Deal the next round: the deal passes one place to the left, "
                               f"and {then_en}.",
                               "Distribuez les cartes de la manche suivante : la donne passe "
                               f"d'une place vers la gauche, et {then_fr}.")
            return Verdict(move, False, "sevens.round-end",
                           "The round is over: deal the next round.",
                           "La manche est terminée : distribuez la manche suivante.")
        if move is DEAL or move.__class__ is Dealt:
            return Verdict(move, False, "sevens.round-end",
                           "The round is still on: the next deal comes once a hand is empty.",
                           "La manche continue : la donne suivante vient quand une main est vide.")
        name = self.names[self.turn]
        hand = self._hands[self.turn]
        if move is PASS:
            return self._pass_verdict(move, hand)
        if move.__class__ is Run:
            return self._run_verdict(move, name, hand)
        return self._card_verdict(move, name, hand)

    def _pass_verdict(self, move, hand: int) -> Verdict:
        """A pass: legal when no card fits, or when ``_may_pass`` allows it (the decision);
        the rule and the words say which pass it is: a forced pass, Fan Tan's chips,
        Shichi Narabe's free passes, three-pass elimination (rulings S3, S4)."""
        rules, turn = self.rules, self.turn
        fitting = cards_in(hand & self._fits)
        legal = not fitting or self._may_pass(turn)
        if fitting:
            fit_en = join_en([str(c) for c in fitting])
            fit_fr = join_fr([c.words_fr() for c in fitting])
            fits_en = "fits" if len(fitting) == 1 else "fit"
            fits_fr = "convient" if len(fitting) == 1 else "conviennent"
        if not legal:
            if rules.pass_cost:
                cost, stack = rules.pass_cost, self.chips[turn]
                return Verdict(move, False, "sevens.voluntary-pass",
                               f"You cannot pass: {fit_en} {fits_en}, and a voluntary pass "
                               f"costs {cost} chips; you have {stack}.",
                               f"Vous ne pouvez pas passer : {fit_fr} {fits_fr}, et une passe "
                               f"volontaire coûte {cost} jetons ; vous en avez {stack}.")
            if rules.free_passes:
                return Verdict(move, False, "sevens.free-passes",
                               f"You cannot pass: you have used your {rules.free_passes} "
                               f"passes, and {fit_en} {fits_en}, so you must play.",
                               f"Vous ne pouvez pas passer : vous avez épuisé vos "
                               f"{rules.free_passes} passes, et {fit_fr} {fits_fr}, vous "
                               "devez jouer.")
            return Verdict(move, False, "sevens.must-play",
                           f"You cannot pass: {fit_en} {fits_en}, so you must play.",
                           f"Vous ne pouvez pas passer : {fit_fr} {fits_fr}, vous devez jouer.")
        passes = self.passes[turn] + 1 if rules.eliminated_at else 0
        if fitting and rules.pass_cost and rules.voluntary_pass_chip == "added":
            cost = rules.pass_cost
            rule, en, fr = ("sevens.voluntary-pass-chip-added",
                            (f"You pass although {fit_en} {fits_en}: 1 chip for the pass and "
                            f"{cost - 1} for passing when able, {cost} chips into the pot"),
                            (f"Vous passez alors que {fit_fr} {fits_fr} : 1 jeton pour la "
                            f"passe et {cost - 1} pour avoir passé en pouvant jouer, {cost} "
                            "jetons au pot"))
        elif fitting and rules.pass_cost:
            cost = rules.pass_cost
            rule, en, fr = ("sevens.voluntary-pass",
                            (f"You pass although {fit_en} {fits_en}: a voluntary pass costs "
                            f"{cost} chips, paid into the pot"),
                            (f"Vous passez alors que {fit_fr} {fits_fr} : une passe volontaire "
                            f"coûte {cost} jetons, versés au pot"))
        elif fitting and not rules.free_passes:  # faults="turn-lost", under must-play
            paid = min(rules.voluntary_charge, self.chips[turn]) if self.chips else 0
            rule, en, fr = ("sevens.voluntary-pass-turn-lost",
                            (f"You pass although {fit_en} {fits_en}: a fault under must-play, "
                            "and the pass stands: you lose the turn"
                            + (f" and pay {paid} chip{'' if paid == 1 else 's'} into the pot"
                               if paid else "")),
                            (f"Vous passez alors que {fit_fr} {fits_fr} : une faute avec "
                            "l'obligation de jouer, et la passe compte : vous perdez le tour"
                            + (f" et versez {paid} jeton{'' if paid == 1 else 's'} au pot"
                               if paid else "")))
        elif fitting:  # a free pass (the only other pass allowed with a card that fits)
            left = rules.free_passes - passes
            rule, en, fr = ("sevens.free-passes",
                            f"You pass although {fit_en} {fits_en}: a free pass, {left} left",
                            (f"Vous passez alors que {fit_fr} {fits_fr} : une passe libre, "
                            + (f"il en reste {left}" if left else "il n'en reste plus")))
        elif self.chips and not self.chips[turn]:
            rule, en, fr = ("sevens.pass-chip",
                            ("You pass, as no card fits; you have no chips left, so you pay "
                            "nothing"),
                            ("Vous passez, aucune carte ne convient ; vous n'avez plus de "
                            "jetons, vous ne payez rien"))
        elif self.chips:
            rule, en, fr = ("sevens.pass-chip",
                            "You pass, as no card fits: 1 chip into the pot",
                            "Vous passez, aucune carte ne convient : 1 jeton au pot")
        elif rules.free_passes:
            left = max(rules.free_passes - passes, 0)
            rule, en, fr = ("sevens.free-passes",
                            (f"You pass, as no card fits: {left} free pass"
                            f"{'' if left == 1 else 'es'} left"),
                            ("Vous passez, aucune carte ne convient : "
                            + (f"il reste {left} passe{'' if left == 1 else 's'} libre"
                               f"{'' if left == 1 else 's'}" if left
                               else "il ne reste aucune passe libre")))
        else:
            rule, en, fr = ("sevens.pass", "You pass; with a card that fits, you must play",
                            "Vous passez ; avec une carte qui convient, vous devez jouer")
        if rules.eliminated_at and passes >= rules.eliminated_at:
            rule = "sevens.last-pass" if rules.free_passes else "sevens.three-pass-elimination"
            en += f"; it is your pass number {passes}, so you are out of the hand"
            fr += f" ; c'est votre passe numéro {passes}, vous sortez de la main"
        return Verdict(move, True, rule, en, fr)

    def _read_run(self, run: Run) -> Run:
        """``run`` read by its two ends under this game's deck (an ace high in the German
        deck, ruling S7)."""
        return Run.between(run.cards[0], run.cards[-1], self.rules.ace_high)

    def _run_verdict(self, run: Run, name: str, hand: int) -> Verdict:
        """A run of cards in one turn (sevens.runs, ruling S6): legal when it is one of
        ``_runs`` (the decision); the words of a refusal say what is wrong with it."""
        run = self._read_run(run)
        text = run.text()
        if self.rules.runs != "on":
            return Verdict(run, False, "sevens.runs",
                           f"One card a turn: {text} is a run, and runs are a variant this game "
                           "does not play (runs=on turns it on).",
                           f"Une carte par tour : {text} est une suite, et les suites sont une "
                           "variante que cette partie ne joue pas (runs=on l'active).")
        if run in self._runs(self.turn, self._playable(self.turn)):
            return Verdict(run, True, "sevens.runs",
                           f"Fits: {len(run.cards)} cards in one turn, {text}",
                           f"Se pose : {len(run.cards)} cartes en un tour, {run.text('fr')}")
        first = run.cards[0]
        if not first.bit & hand & self._fits:
            rule, en, fr = self._misfit_words(first, name, hand)
            return Verdict(run, False, rule, en, fr)
        missing = [c for c in run.cards if not hand & c.bit]
        if missing:
            return Verdict(run, False, "sevens.runs",
                           f"{name} does not hold {join_en([str(c) for c in missing])}: a run "
                           "is laid from your own hand.",
                           f"{name} n'a pas {join_fr([c.words_fr() for c in missing])} en "
                           "main : une suite se pose de votre main.")
        return Verdict(run, False, "sevens.runs",
                       f"Does not fit: a run goes outwards from the end where {first} fits.",
                       f"Ne convient pas : une suite part vers l'extérieur depuis "
                       f"l'extrémité où se pose {first.words_fr()}.")

    def _card_verdict(self, c: Card, name: str, hand: int) -> Verdict:
        """A card: legal when it is in ``_playable`` (the decision); the rule and the words
        say where it goes, or why it does not fit."""
        if c.bit & hand & self._fits:
            return Verdict(c, True, *self._fit_words(c))
        rule, en, fr = self._misfit_words(c, name, hand)
        if c.bit & self._faulty(self.turn):  # seed 002's table rule: a fault, played
            return Verdict(c, True, "sevens.wrong-card-turn-lost",
                           f"{en.rstrip('.')}; laid all the same, it goes back to your hand "
                           "and you lose the turn",
                           f"{fr.rstrip('.')} ; posée quand même, la carte revient dans "
                           "votre main et vous perdez le tour")
        return Verdict(c, False, rule, en, fr)

    def _fit_words(self, c: Card) -> tuple:
        """(rule id, English, French) for a card that fits (see ``_card_verdict``)."""
        rules = self.rules
        if not self._table:
            if rules.opening == "any":
                return ("sevens.flexible-opener",
                        f"Fits: with the flexible opener, any {rules.start_en} opens the round",
                        (f"Se pose : avec l'ouvreur flexible, {rules.every_start_fr} ouvre la "
                        "manche"))
            opening = rules.opening_card
            return ("sevens.german-start" if rules.start_rank != 7 else "sevens.opening",
                    f"Fits: {opening} opens the round",
                    f"Se pose : {opening.words_fr()} ouvre la manche")
        suit, rank = c.suit, rules.position(c)
        low, high = self._ends[2 * suit], self._ends[2 * suit + 1]
        if low == 0:  # the start card of its row
            if rules.start_rank == 7 and not rules.ace_high:
                return ("sevens.seven-starts-row", "Fits: any 7 starts its suit's row",
                        "Se pose : tout 7 lance la rangée de sa couleur")
            return ("sevens.german-start", f"Fits: any {rules.start_en} starts its suit's row",
                    f"Se pose : {rules.every_start_fr} lance la rangée de sa couleur")
        if rank == low - 1 and rank == 1:
            return ("sevens.aces-low", "Fits: the ace goes under the 2, never above the king",
                    "Se pose : l'as va sous le 2, jamais au-dessus du roi")
        if rank == low - 1:
            return ("sevens.build", f"Fits: just below the {RANK_WORDS_EN[low]}",
                    f"Se pose : juste sous {_article_fr(low)}{RANK_WORDS_FR[low]}")
        return ("sevens.build", f"Fits: just above the {RANK_WORDS_EN[high]}",
                f"Se pose : juste au-dessus {_above_fr(high)}{RANK_WORDS_FR[high]}")

    def _misfit_words(self, c: Card, name: str, hand: int) -> tuple:
        """(rule id, English, French) for a card that cannot be laid (see
        ``_card_verdict``): not in the deck, not in the hand, or not fitting the table."""
        rules = self.rules
        if not c.bit & rules.deck_mask:
            return ("sevens.german-deck",
                    f"{c} is not in the German 32-card deck, which runs from 7 to ace.",
                    (f"{_capital(c.words_fr())} n'est pas dans le jeu allemand de 32 cartes, "
                    "qui va du 7 à l'as."))
        if not hand & c.bit:
            if self._table & c.bit:
                return ("sevens.from-hand", f"{c} is already on the table.",
                        f"{_capital(c.words_fr())} est déjà sur la table.")
            return ("sevens.from-hand",
                    f"{name} does not hold {c}: play a card from your own hand.",
                    f"{name} n'a pas {c.words_fr()} en main : posez une carte de votre main.")
        if not self._table:
            if rules.opening == "any":
                return ("sevens.flexible-opener",
                        f"Does not fit yet: the round opens with a {rules.start_en}.",
                        f"Ne convient pas encore : la manche s'ouvre avec {rules.start_fr}.")
            opening = rules.opening_card
            return ("sevens.german-start" if rules.start_rank != 7 else "sevens.opening",
                    (f"Does not fit yet: {opening} opens every round, so it must be played "
                    "first."),
                    (f"Ne convient pas encore : {opening.words_fr()} ouvre chaque manche, "
                    f"{'elle' if opening.rank == 12 else 'il'} se pose en premier."))
        suit, rank = c.suit, rules.position(c)
        start = rules.start_rank
        low, high = self._ends[2 * suit], self._ends[2 * suit + 1]
        if low == 0:
            seven = card(start, suit)
            if rank in (start - 1, start + 1):
                return ("sevens.build", f"Does not fit: {c} waits for {seven}",
                        f"Ne convient pas : {c.words_fr()} attend {seven.words_fr()}")
            reach = rank + 1 if rank < start else rank - 1
            return ("sevens.build",
                    (f"Does not fit: {c} waits for a {SUIT_NAMES_EN[suit][:-1]} row that "
                    f"reaches the {RANK_WORDS_EN[reach]}"),
                    (f"Ne convient pas : {c.words_fr()} attend une rangée de "
                    f"{SUIT_NAMES_FR[suit]} qui atteigne {_article_fr(reach)}"
                    f"{RANK_WORDS_FR[reach]}"))
        if rank == 1 and high == 13:
            return ("sevens.aces-low",
                    (f"Does not fit: aces are low, so {c} goes under the 2, never above the "
                    "king"),
                    (f"Ne convient pas : les as sont bas, {c.words_fr()} va sous le 2, jamais "
                    "au-dessus du roi"))
        if rank > high:
            nxt = card_at(high + 1, suit)
            return ("sevens.build",
                    f"Does not fit: the next {SUIT_NAMES_EN[suit][:-1]} up is {nxt}",
                    (f"Ne convient pas : le {SUIT_NAMES_FR[suit]} suivant vers le haut est "
                    f"{nxt.words_fr()}"))
        nxt = card_at(low - 1, suit)
        return ("sevens.build",
                f"Does not fit: the next {SUIT_NAMES_EN[suit][:-1]} down is {nxt}",
                (f"Ne convient pas : le {SUIT_NAMES_FR[suit]} suivant vers le bas est "
                f"{nxt.words_fr()}"))

    def candidate_moves(self) -> tuple:
        """What a try-a-move table lists: every card in the mover's hand (and the runs that
        may be laid, with the runs option), then passing; the deal between rounds, and after
        the match (where it is refused)."""
        if self.turn is None:  # at the end of the match, deal shows why nothing is left
            return _DEAL_ONLY
        cards = _legal_cards(self._hands[self.turn])
        if self.rules.runs == "on":
            mask = self._hands[self.turn] & self._fits
            if mask:
                cards = tuple(sorted((*cards, *self._runs(self.turn, mask))))
        return (*cards, PASS)
