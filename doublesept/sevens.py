"""Sevens (Fan Tan, Parliament, Shichi Narabe) with its base rules.

Sources: seed 002 (international rules) and seed 003 (app rules), with
rulings S1-S3 and S5. 3 to 8 players; all 52 cards are dealt; 7♦ opens; any 7
starts its row; a row grows one card at a time at either end, up to the king
and down to the ace; a player who can play must, one who cannot passes; the
round ends when a hand is empty; each other player takes one penalty point a
card; after the last round (3 by default, 1 to 10) the lowest total wins.

The state keeps each hand and the table as 52-bit masks (bit = suit*13 +
rank-1) and, per suit, the low and high end of its row, so ``legal_moves``
is one AND between the hand and the cards that fit.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from operator import itemgetter

from .cards import (
    DECK,
    RANK_WORDS_EN,
    RANK_WORDS_FR,
    SUIT_NAMES_EN,
    SUIT_NAMES_FR,
    SUITS,
    Card,
    card,
    cards_in,
    join_en,
    join_fr,
    parse_card,
    parse_cards,
)
from .catalog import Quote, Rule, Ruling, register
from .core import GameState, Verdict
from .errors import IllegalMove, NotationError, PositionError

GAME = "sevens"
_FIELDS = ("players", "dealer", "round", "rules", "scores", "table", "turn", "seed")
MIN_PLAYERS, MAX_PLAYERS = 3, 8  # seed 002: "De 3 à 8 joueurs"; the app (003) stops at 7
MIN_ROUNDS, MAX_ROUNDS, DEFAULT_ROUNDS = 1, 10, 3  # seed 003: "3 par défaut, de 1 à 10"
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal")
OPENING = card(7, 1)  # 7♦ (ruling S1)

# ---------------------------------------------------------------- the rules

register(
    Rule("sevens.players",
         "Sevens is for 3 to 8 players, each playing alone.",
         "Le Sevens se joue de 3 à 8 joueurs, chacun pour soi.",
         (Quote("002", "De 3 à 8 joueurs ; chaque joueur joue pour lui-même"),
          Quote("003", "De 3 à 7 joueurs avec un jeu standard de 52 cartes."),
          Ruling("S2", "seed 002 allows 3–8 players, seed 003 (the app) 3–7; the engine allows 3–8."))),
    Rule("sevens.deal",
         "All 52 cards are dealt one at a time, starting at the dealer's left; some hands may have one card more.",
         "Les 52 cartes sont distribuées une à une en partant de la gauche du donneur ; "
         "certaines mains ont une carte de plus.",
         (Quote("003", "Tout le jeu est distribué une carte à la fois en partant de la gauche du donneur, "
                       "donc certains joueurs peuvent avoir une carte de plus."),
          Ruling("S2", "all 52 cards are dealt one at a time from the dealer's left."))),
    Rule("sevens.opening",
         "The holder of 7♦ opens every round by playing it (7♥ in some traditions).",
         "Celui qui détient le 7♦ ouvre chaque manche en le jouant (le 7♥ dans d'autres traditions).",
         (Quote("003", "Celui qui détient le 7♦ ouvre chaque manche en le jouant."),
          Ruling("S1", "both seeds open with 7♦; 7♥, any 7 and all 7s first are alternatives."))),
    Rule("sevens.flexible-opener",
         "Variant: any 7 may open; play starts at the dealer's left, and a player with no 7 passes.",
         "Variante : n'importe quel 7 peut ouvrir ; le jeu part de la gauche du donneur, et un "
         "joueur sans 7 passe.",
         (Quote("002", "Ouvreur flexible : Commencez avec n'importe quel 7 au lieu de strictement ; "
                       "le joueur qui tient le premier 7 jouable ouvre."),
          Quote("002", "le joueur à la gauche du donneur commence (n'importe quel 7 ou passe)"),
          Ruling("S1", "'any 7' is an alternative opening."))),
    Rule("sevens.all-sevens-first",
         "Variant (Shichi Narabe): the four 7s are laid out before play; the player who held 7♦ "
         "plays first.",
         "Variante (Shichi Narabe) : les quatre 7 sont posés avant le jeu ; celui qui avait le 7♦ "
         "joue en premier.",
         (Ruling("S1", "in Shichi Narabe all four 7s are laid out first."),
          Quote("002", "Shichi Narabe (japonais) : Joué avec 52 cartes"))),
    Rule("sevens.turn-order",
         "Play passes one place to the left after each card or pass.",
         "Le tour passe d'une place vers la gauche après chaque carte ou passe.",
         (Quote("003", "Le joueur qui détient le 7♦ le pose pour lancer la rangée de carreau, "
                       "puis le tour passe d'une place vers la gauche."),)),
    Rule("sevens.from-hand",
         "On your turn you play one card from your own hand.",
         "À votre tour, vous posez une carte de votre main.",
         (Quote("003", "À votre tour, posez une carte"),
          Quote("002", "La règle de base est une carte par tour."))),
    Rule("sevens.seven-starts-row",
         "Any 7 starts the row of its suit.",
         "Tout 7 lance la rangée de sa couleur.",
         (Quote("003", "Tout autre 7 lance sa propre rangée quand son détenteur le pose."),
          Quote("003", "Se pose : tout 7 lance la rangée de sa couleur"))),
    Rule("sevens.build",
         "Any other card must be the next card up or down at an end of its suit's started row.",
         "Toute autre carte doit être la suivante, vers le haut ou vers le bas, à une extrémité "
         "de la rangée déjà commencée de sa couleur.",
         (Quote("003", "ou la carte suivante vers le haut ou vers le bas à l'une des extrémités "
                       "d'une rangée déjà commencée"),
          Quote("003", "Une rangée grandit d'une carte à la fois par l'une ou l'autre extrémité"))),
    Rule("sevens.aces-low",
         "Aces are low only: an ace goes under a 2, never above a king.",
         "Les as sont uniquement bas : un as se pose sous un 2, jamais au-dessus d'un roi.",
         (Quote("003", "Les as sont uniquement bas : un as se pose sous un 2, jamais au-dessus d'un roi."),)),
    Rule("sevens.must-play",
         "A player who holds a card that fits must play one; passing is then forbidden.",
         "Un joueur qui a une carte qui convient doit en poser une ; il ne peut pas passer.",
         (Quote("003", "Si une carte convient, vous devez en poser une. Vous choisissez laquelle, "
                       "mais vous ne pouvez pas passer."),
          Quote("002", "vous devez jouer s'il existe au moins un jeu légal"),
          Ruling("S3", "base rule: must play; Fan Tan and Shichi Narabe passes are variants."))),
    Rule("sevens.pass",
         "A player with no card that fits passes, and play goes on to the left.",
         "Un joueur sans carte qui convient passe, et le tour continue vers la gauche.",
         (Quote("003", "Si rien dans votre main ne convient, vous passez et le tour continue vers la gauche."),
          Quote("002", "Vous ne perdez rien en passant dans le jeu de base"))),
    Rule("sevens.never-blocks",
         "While a round is on, some player always holds a card that fits, so a round never blocks.",
         "Tant que la manche dure, quelqu'un a toujours une carte qui convient : une manche ne se bloque jamais.",
         (Quote("003", "Quelqu'un a toujours une carte qui convient, donc une manche ne se bloque jamais."),)),
    Rule("sevens.round-end",
         "The round ends the moment a player plays their last card.",
         "La manche s'arrête dès qu'un joueur pose sa dernière carte.",
         (Quote("003", "La manche s'arrête dès qu'un joueur pose sa dernière carte."),
          Quote("002", "La main se termine à l'instant où un joueur joue sa dernière carte."))),
    Rule("sevens.penalty",
         "When a round ends, every other player takes 1 penalty point per card left in hand, whatever its value.",
         "À la fin d'une manche, chacun des autres prend 1 point de pénalité par carte restée en main, "
         "quelle que soit sa valeur.",
         (Quote("003", "Chacun des autres prend 1 point de pénalité par carte restée en main. "
                       "La valeur ne compte pas : un roi et un 2 valent 1 chacun."),
          Ruling("S5", "the app's scoring is the default for a match; seed 002's schemes are variants."))),
    Rule("sevens.face-value",
         "Variant scoring: each card left counts its face value (A = 1, or 15 in some variants; "
         "J = 11, Q = 12, K = 13).",
         "Variante de décompte : chaque carte restée compte sa valeur nominale (As = 1, ou 15 "
         "dans certaines variantes ; Valet = 11, Dame = 12, Roi = 13).",
         (Quote("002", "Chaque perdant compte ses cartes restantes à leur valeur nominale."),
          Quote("002", "Valet = 11, Dame = 12, Roi = 13, As = 1 (ou 15 dans certaines variantes)"),
          Ruling("S5", "face-value count is one of seed 002's schemes."))),
    Rule("sevens.seven-penalty",
         "Variant scoring: a player still holding a 7 when the round ends pays extra points for each.",
         "Variante de décompte : un joueur qui tient encore un 7 à la fin de la manche paie des "
         "points en plus pour chacun.",
         (Quote("002", "Un joueur tenant encore un 7 à la fin de la donne paie une pénalité plus "
                       "importante (par exemple 5 ou 10 jetons chacun)"),
          Ruling("S5", "the seven penalty is one of seed 002's schemes."))),
    Rule("sevens.match-length",
         "A match lasts 3 rounds by default, and may be set from 1 to 10.",
         "Une partie dure 3 manches par défaut, et se règle de 1 à 10.",
         (Quote("003", "Réglez les manches : 3 par défaut, de 1 à 10."),
          Ruling("S5", "app match scoring: 3 rounds by default, 1 to 10."))),
    Rule("sevens.deal-rotates",
         "The deal passes one place to the left each round, but the holder of 7♦ still opens.",
         "La donne passe d'une place vers la gauche à chaque manche, mais c'est encore le détenteur "
         "du 7♦ qui ouvre.",
         (Quote("003", "La donne passe d'une place vers la gauche à chaque manche, et le détenteur "
                       "du 7♦ ouvre de nouveau."),
          Ruling("S2", "the deal passes left each round; the holder of the opening card still opens."))),
    Rule("sevens.match-winner",
         "After the last round the lowest total wins the match; players tied for lowest share the win.",
         "Après la dernière manche, le total le plus bas gagne ; les joueurs à égalité au plus bas "
         "partagent la victoire.",
         (Quote("003", "Après la dernière manche, le total le plus bas gagne la partie ; les joueurs "
                       "à égalité au plus bas partagent la victoire."),
          Ruling("S5", "lowest total wins, ties shared."))),
)


OPENINGS = ("7♦", "7♥", "any", "all-sevens")  # ruling S1: the default, then the alternatives
SCORINGS = ("cards", "face", "face-ace-15")  # ruling S5: 1 a card, or the face value
# the penalty of each card index under each scoring: suit * 13 + rank - 1 -> points
_CARD_POINTS = {
    "cards": (1,) * 52,
    "face": tuple(rank for _ in range(4) for rank in range(1, 14)),
    "face-ace-15": tuple(15 if rank == 1 else rank for _ in range(4) for rank in range(1, 14)),
}


@dataclass(frozen=True)
class SevensRules:
    """The options of a match; the defaults are the app's rules (seed 003).

    ``opening``: "7♦" (default), "7♥", "any" (flexible opener) or "all-sevens"
    (Shichi Narabe). ``scoring``: "cards" (1 a card, default), "face" or
    "face-ace-15". ``seven_penalty``: extra points for each 7 left in a hand.
    """

    rounds: int = DEFAULT_ROUNDS
    opening: str = "7♦"
    scoring: str = "cards"
    seven_penalty: int = 0

    def __post_init__(self):
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) \
                or not MIN_ROUNDS <= self.rounds <= MAX_ROUNDS:
            raise PositionError(
                f"[sevens.match-length] a match has 1 to 10 rounds, not {self.rounds!r}")
        opening = self.opening
        if isinstance(opening, str) and opening not in OPENINGS:
            try:  # accept any notation of 7♦ and 7♥
                opening = parse_card(opening).text()
            except NotationError:
                pass
        if opening not in OPENINGS:
            raise PositionError(f"[sevens.opening] the opening is one of {', '.join(OPENINGS)}, "
                                f"not {self.opening!r}")
        object.__setattr__(self, "opening", opening)
        if self.scoring not in SCORINGS:
            raise PositionError(f"[sevens.penalty] the scoring is one of {', '.join(SCORINGS)}, "
                                f"not {self.scoring!r}")
        if not isinstance(self.seven_penalty, int) or isinstance(self.seven_penalty, bool) \
                or not 0 <= self.seven_penalty <= 100:
            raise PositionError(f"[sevens.seven-penalty] the seven penalty is a whole number "
                                f"from 0 to 100, not {self.seven_penalty!r}")

    @property
    def opening_cards(self) -> int:
        """The cards that may open a round on an empty table, as a mask."""
        if self.opening == "any":
            return _ALL_SEVENS
        if self.opening == "all-sevens":
            return 0  # the table is never empty: the 7s are laid out at the deal
        return parse_card(self.opening).bit

    def penalty(self, hand: int) -> int:
        """The penalty points of a hand left when the round ends (sevens.penalty)."""
        if self.scoring == "cards":
            points = hand.bit_count()
        else:
            values = _CARD_POINTS[self.scoring]
            points = sum(values[c.index] for c in cards_in(hand))
        if self.seven_penalty:
            points += self.seven_penalty * (hand & _ALL_SEVENS).bit_count()
        return points

    def changes(self) -> dict:
        """The options that differ from the defaults, other than the number of rounds."""
        base = SevensRules(self.rounds)
        return {k: v for k, v in self.as_dict().items() if getattr(base, k) != v}

    def as_dict(self) -> dict:
        return {"rounds": self.rounds, "opening": self.opening, "scoring": self.scoring,
                "seven_penalty": self.seven_penalty}


# ---------------------------------------------------------------- moves


class _Word:
    """A move that is not a card: passing, or dealing the next round."""

    __slots__ = ("fr", "name")

    def __init__(self, name: str, fr: str):
        self.name = name
        self.fr = fr

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name.upper()

    def __reduce__(self):
        return (_word, (self.name,))


PASS = _Word("pass", "passe")
DEAL = _Word("deal", "donne")
_WORDS = {"pass": PASS, "passe": PASS, "passer": PASS, "deal": DEAL, "donne": DEAL}


def _word(name: str) -> _Word:
    return _WORDS[name]


def parse_move(move) -> Card | _Word:
    """Read a move: a card (``8♠``, ``8S``, ``V♦``), ``pass`` or ``deal``."""
    if move.__class__ is Card or move.__class__ is _Word:
        return move
    if isinstance(move, str):
        word = _WORDS.get(move.strip().lower())
        if word is not None:
            return word
        return parse_card(move)
    raise NotationError(f"a move is a card such as '8♠', or 'pass' or 'deal'; not {move!r}",
                        f"un coup est une carte comme « 8♠ », ou « passe » ou « donne » ; "
                        f"pas {move!r}")


def move_text(move, style: str = "symbol") -> str:
    return move.text(style) if move.__class__ is Card else move.name


# ---------------------------------------------------------------- tables

_SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_SEVEN_BITS = tuple(card(7, s).bit for s in range(4))


def _row_fits(suit: int, low: int, high: int) -> int:
    """The cards that fit a suit's row with ends low..high (0, 0 if not started)."""
    if low == 0:
        return _SEVEN_BITS[suit]
    fits = 0
    if low > 1:
        fits |= card(low - 1, suit).bit
    if high < 13:
        fits |= card(high + 1, suit).bit
    return fits


# _FITS[suit][low][high], precomputed so a move updates the fits with a lookup
_FITS = tuple(
    tuple(tuple(_row_fits(s, lo, hi) for hi in range(14)) for lo in range(14)) for s in range(4)
)
_ALL_SEVENS = _SEVEN_BITS[0] | _SEVEN_BITS[1] | _SEVEN_BITS[2] | _SEVEN_BITS[3]

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


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _article_fr(rank: int) -> str:
    return "la " if rank == 12 else "le "


def _above_fr(rank: int) -> str:
    return "de la " if rank == 12 else "du "


# ---------------------------------------------------------------- the state


class SevensState(GameState, tuple):
    """One moment of a Sevens match. Immutable: ``play`` returns a new state."""

    # A tuple underneath: built in one call and truly read-only. The fields are
    # named by the properties below, in the order _new() lays them out.
    __slots__ = ()
    rules = property(itemgetter(0), doc="the SevensRules of the match")
    names = property(itemgetter(1), doc="the players' names, in seating order")
    _hands = property(itemgetter(2))
    _ends = property(itemgetter(3))
    _table = property(itemgetter(4))
    _fits = property(itemgetter(5))
    turn = property(itemgetter(6), doc="the player to move, or None once the round is over")
    dealer = property(itemgetter(7))
    round = property(itemgetter(8), doc="the round being played, from 1")
    scores = property(itemgetter(9), doc="penalty totals of the rounds finished so far")
    seed = property(itemgetter(10), doc="the match seed every deal is drawn from")
    parent = property(itemgetter(11), doc="the state before the last move (None at the root)")
    last_move = property(itemgetter(12))

    # ---- reading the state

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def to_move(self) -> int | None:
        """The index of the player to move, or None when the round or match is over."""
        return self.turn

    @property
    def last_mover(self) -> int | None:
        """The player who made the last move (None at the root or after a deal)."""
        if self.parent is None or self.last_move is DEAL:
            return None
        return self.parent.turn

    @property
    def is_round_over(self) -> bool:
        return self.turn is None

    @property
    def is_over(self) -> bool:
        """True when the last round of the match has ended."""
        return self.turn is None and self.round == self.rules.rounds

    def hand(self, player: int) -> list[Card]:
        return cards_in(self._hands[player])

    @property
    def hands(self) -> list[list[Card]]:
        return [cards_in(h) for h in self._hands]

    def hand_sizes(self) -> list[int]:
        return [h.bit_count() for h in self._hands]

    @property
    def table(self) -> list[Card]:
        return cards_in(self._table)

    def row(self, suit: int | str) -> tuple[Card, Card] | None:
        """The low and high card of a suit's row, or None if it has not started."""
        if isinstance(suit, str):
            suit = _suit_index(suit)
        low, high = self._ends[2 * suit], self._ends[2 * suit + 1]
        return None if low == 0 else (card(low, suit), card(high, suit))

    @property
    def rows(self) -> dict[str, tuple[Card, Card] | None]:
        return {SUITS[s]: self.row(s) for s in range(4)}

    def fitting_cards(self) -> list[Card]:
        """Every card that would fit the table now, wherever it is."""
        return cards_in(self._fits)

    def fits(self, c) -> bool:
        return bool(parse_card(c).bit & self._fits)

    def holder(self, c) -> int | None:
        bit = parse_card(c).bit
        for player, hand in enumerate(self._hands):
            if hand & bit:
                return player
        return None

    @property
    def round_winner(self) -> int | None:
        """The player who emptied their hand, once the round is over."""
        if self.turn is not None:
            return None
        for player, hand in enumerate(self._hands):
            if not hand:
                return player
        return None

    def round_penalties(self) -> list[int]:
        """Penalty points of the round just ended: one per card left (sevens.penalty), or
        as the scoring option says (sevens.face-value, sevens.seven-penalty)."""
        if self.turn is not None:
            return [0] * len(self.names)
        return [self.rules.penalty(h) for h in self._hands]

    @property
    def winners(self) -> tuple:
        """Players with the lowest total after the last round (ties share it); () before."""
        if not self.is_over:
            return ()
        best = min(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == best)

    def key(self) -> tuple:
        return (self.rules, self.names, self._hands, self._ends, self.turn, self.dealer,
                self.round, self.scores, self.seed)

    def __eq__(self, other) -> bool:
        return isinstance(other, SevensState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __ne__(self, other) -> bool:
        return not self == other

    def __bool__(self) -> bool:
        return True

    # ---- moves

    def legal_moves(self) -> tuple:
        """The legal moves, sorted: cards by suit then rank; or just pass, or just deal."""
        turn = self.turn
        if turn is None:
            return () if self.round == self.rules.rounds else _DEAL_ONLY
        mask = self._hands[turn] & self._fits
        return _legal_cards(mask) if mask else _PASS_ONLY

    def play(self, move) -> SevensState:
        """The state after ``move``; raises IllegalMove (naming the rule) if it is not legal."""
        if move.__class__ is not Card:
            move = parse_move(move)
        turn = self.turn
        if move.__class__ is Card:
            bit = move.bit
            if turn is not None and bit & self._hands[turn] & self._fits:
                return self._after_card(move, bit, turn)
        elif move is PASS:
            if turn is not None and not self._hands[turn] & self._fits:
                return self._derive(PASS, turn=(turn + 1) % len(self.names))
        elif turn is None and self.round < self.rules.rounds:
            return self._next_round()
        verdict = self.check(move)
        raise IllegalMove(verdict.rule_id, verdict.reason_en, verdict.reason_fr, move)

    def check(self, move) -> Verdict:
        """Whether ``move`` is legal for the player to move, with the rule and the reason. Never raises."""
        try:
            move = parse_move(move)
        except NotationError as err:
            return Verdict(move, False, "cards.notation", err.reason_en, err.reason_fr)
        if self.is_over:
            return Verdict(move, False, "sevens.match-winner",
                           "The match is over: no more moves.",
                           "La partie est terminée : plus aucun coup.")
        if self.turn is None:
            if move is DEAL:
                opening = self.rules.opening
                if opening == "any":
                    then_en, then_fr = ("the player left of the new dealer starts",
                                        "le joueur à gauche du nouveau donneur commence")
                elif opening == "all-sevens":
                    then_en, then_fr = ("the 7s are laid out and the holder of 7♦ starts",
                                        "les 7 sont posés et le détenteur du 7♦ commence")
                else:
                    then_en = f"the holder of {opening} opens again"
                    then_fr = f"le détenteur du {opening} ouvre de nouveau"
                return Verdict(move, True, "sevens.deal-rotates",
                               "Deal the next round: the deal passes one place to the left, "
                               f"and {then_en}.",
                               "Donnez la manche suivante : la donne passe d'une place vers la "
                               f"gauche, et {then_fr}.")
            return Verdict(move, False, "sevens.round-end",
                           "The round is over: deal the next round.",
                           "La manche est terminée : donnez la manche suivante.")
        if move is DEAL:
            return Verdict(move, False, "sevens.round-end",
                           "The round is still on: the next deal comes once a hand is empty.",
                           "La manche continue : la donne suivante vient quand une main est vide.")
        name = self.names[self.turn]
        hand = self._hands[self.turn]
        if move is PASS:
            fitting = cards_in(hand & self._fits)
            if fitting:
                return Verdict(move, False, "sevens.must-play",
                               f"You cannot pass: {join_en([str(c) for c in fitting])} "
                               f"{'fits' if len(fitting) == 1 else 'fit'}, so you must play.",
                               f"Vous ne pouvez pas passer : {join_fr([c.words_fr() for c in fitting])} "
                               f"{'convient' if len(fitting) == 1 else 'conviennent'}, vous devez jouer.")
            return Verdict(move, True, "sevens.pass",
                           "You pass; with a card that fits, you must play",
                           "Vous passez ; avec une carte qui convient, vous devez jouer")
        return self._card_verdict(move, name, hand)

    def _card_verdict(self, c: Card, name: str, hand: int) -> Verdict:
        if not hand & c.bit:
            if self._table & c.bit:
                return Verdict(c, False, "sevens.from-hand",
                               f"{c} is already on the table.",
                               f"{_capital(c.words_fr())} est déjà sur la table.")
            return Verdict(c, False, "sevens.from-hand",
                           f"{name} does not hold {c}: play a card from your own hand.",
                           f"{name} n'a pas {c.words_fr()} en main : posez une carte de votre main.")
        if not self._table:
            if self.rules.opening == "any":
                if c.rank == 7:
                    return Verdict(c, True, "sevens.flexible-opener",
                                   "Fits: with the flexible opener, any 7 opens the round",
                                   "Se pose : avec l'ouvreur flexible, tout 7 ouvre la manche")
                return Verdict(c, False, "sevens.flexible-opener",
                               "Does not fit yet: the round opens with a 7.",
                               "Ne convient pas encore : la manche s'ouvre avec un 7.")
            opening = self.rules.opening
            if c.bit & self._fits:
                return Verdict(c, True, "sevens.opening",
                               f"Fits: {opening} opens the round",
                               f"Se pose : le {opening} ouvre la manche")
            return Verdict(c, False, "sevens.opening",
                           f"Does not fit yet: {opening} opens every round, so it must be played first.",
                           f"Ne convient pas encore : le {opening} ouvre chaque manche, il se pose "
                           "en premier.")
        suit, rank = c.suit, c.rank
        low, high = self._ends[2 * suit], self._ends[2 * suit + 1]
        if low == 0:
            if rank == 7:
                return Verdict(c, True, "sevens.seven-starts-row",
                               "Fits: any 7 starts its suit's row",
                               "Se pose : tout 7 lance la rangée de sa couleur")
            seven = card(7, suit)
            if rank in (6, 8):
                return Verdict(c, False, "sevens.build",
                               f"Does not fit: {c} waits for {seven}",
                               f"Ne convient pas : {c.words_fr()} attend le {seven}")
            reach = rank + 1 if rank < 7 else rank - 1
            return Verdict(c, False, "sevens.build",
                           f"Does not fit: {c} waits for a {SUIT_NAMES_EN[suit][:-1]} row "
                           f"that reaches the {RANK_WORDS_EN[reach]}",
                           f"Ne convient pas : {c.words_fr()} attend une rangée de "
                           f"{SUIT_NAMES_FR[suit]} qui atteigne {_article_fr(reach)}"
                           f"{RANK_WORDS_FR[reach]}")
        if rank == low - 1:
            if rank == 1:
                return Verdict(c, True, "sevens.aces-low",
                               "Fits: the ace goes under the 2, never above the king",
                               "Se pose : l'as va sous le 2, jamais au-dessus du roi")
            return Verdict(c, True, "sevens.build",
                           f"Fits: just below the {RANK_WORDS_EN[low]}",
                           f"Se pose : juste sous {_article_fr(low)}{RANK_WORDS_FR[low]}")
        if rank == high + 1:
            return Verdict(c, True, "sevens.build",
                           f"Fits: just above the {RANK_WORDS_EN[high]}",
                           f"Se pose : juste au-dessus {_above_fr(high)}{RANK_WORDS_FR[high]}")
        if rank == 1 and high == 13:
            return Verdict(c, False, "sevens.aces-low",
                           f"Does not fit: aces are low, so {c} goes under the 2, never above the king",
                           f"Ne convient pas : les as sont bas, {c.words_fr()} va sous le 2, "
                           "jamais au-dessus du roi")
        if rank > high:
            nxt = card(high + 1, suit)
            return Verdict(c, False, "sevens.build",
                           f"Does not fit: the next {SUIT_NAMES_EN[suit][:-1]} up is {nxt}",
                           f"Ne convient pas : le {SUIT_NAMES_FR[suit]} suivant vers le haut est le {nxt}")
        nxt = card(low - 1, suit)
        return Verdict(c, False, "sevens.build",
                       f"Does not fit: the next {SUIT_NAMES_EN[suit][:-1]} down is {nxt}",
                       f"Ne convient pas : le {SUIT_NAMES_FR[suit]} suivant vers le bas est le {nxt}")

    def verdicts(self) -> list[Verdict]:
        """A verdict for every card in the mover's hand, then for passing: the try-a-move table."""
        if self.turn is None:
            return [self.check(DEAL)]
        return [self.check(c) for c in cards_in(self._hands[self.turn])] + [self.check(PASS)]

    # ---- building new states

    def _derive(self, move, **changes) -> SevensState:
        return _new(self.rules, self.names, changes.get("hands", self._hands),
                    changes.get("ends", self._ends), changes.get("table", self._table),
                    changes.get("fits", self._fits), changes["turn"],
                    changes.get("dealer", self.dealer), changes.get("round", self.round),
                    changes.get("scores", self.scores), self.seed, self, move)

    def _after_card(self, c: Card, bit: int, turn: int) -> SevensState:
        hands = list(self._hands)
        hands[turn] ^= bit
        suit, rank = c.suit, c.rank
        ends = list(self._ends)
        if ends[2 * suit] == 0:
            ends[2 * suit] = ends[2 * suit + 1] = rank
        elif rank < ends[2 * suit]:
            ends[2 * suit] = rank
        else:
            ends[2 * suit + 1] = rank
        fits = (self._fits & ~_SUIT_MASK[suit]) | _FITS[suit][ends[2 * suit]][ends[2 * suit + 1]]
        if not self._table:
            # the opening card is down: every other 7 may now start its row
            fits |= _ALL_SEVENS & ~bit
        if hands[turn]:
            turn, scores = (turn + 1) % len(hands), self.scores
        else:  # sevens.round-end, then sevens.penalty
            turn = None
            penalty = self.rules.penalty
            scores = tuple(s + penalty(h) for s, h in zip(self.scores, hands))
        return _new(self.rules, self.names, tuple(hands), tuple(ends), self._table | bit, fits,
                    turn, self.dealer, self.round, scores, self.seed, self, c)

    def _next_round(self) -> SevensState:
        dealer = (self.dealer + 1) % len(self.names)
        start = _start_round(self.rules, self.names, dealer, self.seed, self.round + 1,
                             self.scores)
        return self._derive(DEAL, hands=start._hands, ends=start._ends, table=start._table,
                            fits=start._fits, turn=start.turn, dealer=dealer,
                            round=self.round + 1)

    # ---- notation and display

    def to_text(self, style: str = "symbol") -> str:
        """The position in the notation ``position()`` reads back."""
        lines = [
            "players: " + ", ".join(self.names),
            f"dealer: {self.names[self.dealer]}",
            f"round: {self.round} of {self.rules.rounds}",
        ]
        if self.rules.changes():
            lines.append("rules: " + ", ".join(f"{k}={v}" for k, v in self.rules.changes().items()))
        lines += [
            "scores: " + ", ".join(str(s) for s in self.scores),
            "table: " + (" ".join(_row_text(self.row(s), style) for s in range(4)
                                  if self.row(s)) or "-"),
        ]
        for name, hand in zip(self.names, self._hands):
            lines.append(f"{name}: " + (" ".join(c.text(style) for c in cards_in(hand)) or "-"))
        lines.append("turn: " + ("-" if self.turn is None else self.names[self.turn]))
        lines.append(f"seed: {self.seed}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self.is_over:
            where = "match over"
        elif self.turn is None:
            where = "round over"
        else:
            where = f"{self.names[self.turn]} to play"
        return (f"<Sevens round {self.round}/{self.rules.rounds}, {where}, "
                f"{self._table.bit_count()} cards on the table>")

    def _repr_html_(self) -> str:
        return render_html(self, show_hands=True)


def _suit_index(text: str) -> int:
    token = text.strip().upper()
    for index, names in enumerate(zip(SUITS, "CDHS", SUIT_NAMES_EN, SUIT_NAMES_FR)):
        if token in {n.upper() for n in names}:
            return index
    raise NotationError(f"{text!r} is not a suit: use ♣ ♦ ♥ ♠ or C D H S")


def _row_text(ends, style: str) -> str:
    low, high = ends
    return low.text(style) if low is high else f"{low.text(style)}-{high.text(style)}"


def _holder(hands, bit: int) -> int:
    for player, hand in enumerate(hands):
        if hand & bit:
            return player
    raise PositionError("nobody holds the opening card")


# ---------------------------------------------------------------- chance


def deal(players: int, dealer: int, seed: int, round_number: int) -> tuple:
    """The hands of one round: a shuffled deck dealt one card at a time from the dealer's left.

    The shuffle comes from a generator seeded by the match seed and the round
    number, so the same seed gives the same deals (sevens.deal).
    """
    order = list(range(52))
    random.Random(f"sevens/{seed}/{round_number}").shuffle(order)
    hands = [0] * players
    first = (dealer + 1) % players
    for i, index in enumerate(order):
        hands[(first + i) % players] |= 1 << index
    return tuple(hands)


def new_game(players=4, seed: int = 0, rounds: int = DEFAULT_ROUNDS,
             dealer: int | None = None, **options) -> SevensState:
    """Deal round 1 of a new match. ``players`` is a count or a list of names.

    ``options`` are the variant rules of SevensRules (opening, scoring, seven_penalty).

    >>> game = new_game(4, seed=1)
    >>> game.legal_moves()
    (Card('7♦'),)
    """
    names = _names(players)
    try:
        rules = SevensRules(rounds, **options)
    except TypeError:
        raise PositionError(f"unknown rule option among {sorted(options)}: the options are "
                            "opening, scoring and seven_penalty") from None
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PositionError(f"the seed must be a whole number, not {seed!r}")
    if dealer is None:
        dealer = len(names) - 1  # so the first card goes to the first player named
    if not isinstance(dealer, int) or not 0 <= dealer < len(names):
        raise PositionError(f"the dealer must be a player number from 0 to {len(names) - 1}")
    return _start_round(rules, names, dealer, seed, 1, (0,) * len(names))


def _start_round(rules, names, dealer, seed, round_number, scores) -> SevensState:
    """Deal a round and set who opens, by the opening rule (sevens.opening, ruling S1)."""
    hands = deal(len(names), dealer, seed, round_number)
    ends = (0,) * 8
    if rules.opening == "all-sevens":  # sevens.all-sevens-first
        turn = _holder(hands, OPENING.bit)
        hands = tuple(h & ~_ALL_SEVENS for h in hands)
        ends = (7,) * 8
    elif rules.opening == "any":  # sevens.flexible-opener: the dealer's left starts
        turn = (dealer + 1) % len(names)
    else:
        turn = _holder(hands, rules.opening_cards)
    return _make(rules, names, hands, ends, turn, dealer, round_number, scores, seed)


def _names(players) -> tuple:
    if isinstance(players, int) and not isinstance(players, bool):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise PositionError(f"[sevens.players] Sevens is for 3 to 8 players, not {players}")
        return DEFAULT_NAMES[:players]
    try:
        names = tuple(players)
    except TypeError:
        raise PositionError(f"players must be a count or a list of names, not {players!r}") from None
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PositionError(f"[sevens.players] Sevens is for 3 to 8 players, not {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise PositionError(f"a player's name must be non-empty text, not {name!r}")
        if any(ch in name for ch in ",:\n") or name.strip() != name:
            raise PositionError(f"the name {name!r} may not contain ',', ':' or a line break, "
                                "nor start or end with a space")
        if name.lower() in _FIELDS:
            raise PositionError(f"{name!r} is a word of the notation and cannot be a name")
    if len(set(names)) != len(names):
        raise PositionError("two players have the same name: names must differ")
    return names


def _make(rules, names, hands, ends, turn, dealer, round_number, scores, seed) -> SevensState:
    table = 0
    fits = 0
    for s in range(4):
        low, high = ends[2 * s], ends[2 * s + 1]
        if low:
            for rank in range(low, high + 1):
                table |= card(rank, s).bit
        fits |= _FITS[s][low][high]
    return _new(rules, names, tuple(hands), tuple(ends), table,
                fits if table else rules.opening_cards,
                turn, dealer, round_number, tuple(scores), seed, None, None)


_tuple_new = tuple.__new__


def _new(rules, names, hands, ends, table, fits, turn, dealer, round_number, scores, seed,
         parent, last_move) -> SevensState:
    """The one place a state is built; it cannot change afterwards."""
    return _tuple_new(SevensState, (rules, names, hands, ends, table, fits, turn, dealer,
                                    round_number, scores, seed, parent, last_move))


# ---------------------------------------------------------------- positions


def from_parts(*, players, hands, table=(), turn, dealer=None, round=1, rounds=DEFAULT_ROUNDS,
               scores=None, seed=0, rules=None) -> SevensState:
    """Build a position from its parts, refusing any that cannot happen.

    ``hands`` is a list (one per player) of cards or card texts; ``table`` is the
    cards on the table; ``turn`` and ``dealer`` are player indices or names
    (``turn`` is None once a hand is empty). ``rules`` is a SevensRules, or a
    dict of its options; without it, the default rules with ``rounds`` rounds.
    """
    names = _names(players)
    n = len(names)
    if rules is None:
        rules = SevensRules(rounds)
    elif isinstance(rules, dict):
        unknown = sorted(set(rules) - set(SevensRules().as_dict()))
        if unknown:
            raise PositionError(f"rules: unknown option {unknown[0]!r}; the options are rounds, "
                                "opening, scoring and seven_penalty")
        rules = SevensRules(**rules)
    elif not isinstance(rules, SevensRules):
        raise PositionError(f"rules: expected SevensRules or a dict, not {rules!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PositionError(f"seed: must be a whole number, not {seed!r}")
    if len(hands) != n:
        raise PositionError(f"hands: there are {n} players but {len(hands)} hands")
    where: dict[Card, str] = {}

    def place(c, place_name):
        c = parse_card(c)
        if c in where:
            raise PositionError(f"{c} is in two places: {where[c]} and {place_name}")
        where[c] = place_name
        return c

    hand_masks = []
    for name, hand in zip(names, hands):
        if isinstance(hand, str):
            hand = parse_cards(hand)
        hand_masks.append(sum(place(c, f"{name}'s hand").bit for c in hand))
    table_cards = [place(c, "the table") for c in table]
    if len(where) != 52:
        missing = [str(c) for c in DECK if c not in where]
        raise PositionError(
            f"{len(where)} cards are placed, but all 52 must be: missing "
            f"{' '.join(missing[:8])}{' …' if len(missing) > 8 else ''}; "
            "write 'Name: ...' to give the rest to that player")
    ends = [0] * 8
    for s in range(4):
        ranks = sorted(c.rank for c in table_cards if c.suit == s)
        if not ranks:
            continue
        if 7 not in ranks:
            raise PositionError(f"[sevens.seven-starts-row] the {SUITS[s]} row "
                                f"{' '.join(str(card(r, s)) for r in ranks)} has no 7: "
                                "every row grows from its 7")
        for r in range(ranks[0], ranks[-1] + 1):
            if r not in ranks:
                raise PositionError(f"[sevens.build] the {SUITS[s]} row has a hole: "
                                    f"{card(r, s)} is missing between {card(ranks[0], s)} "
                                    f"and {card(ranks[-1], s)}")
        ends[2 * s], ends[2 * s + 1] = ranks[0], ranks[-1]
    opening = rules.opening
    if opening == "all-sevens":
        if any(not ends[2 * s] for s in range(4)):
            raise PositionError("[sevens.all-sevens-first] with all sevens laid out first, the "
                                "four 7s are on the table from the deal on")
    elif opening != "any" and table_cards and parse_card(opening) not in table_cards:
        raise PositionError(f"[sevens.opening] {opening} opens every round, so no card can be "
                            "on the table before it")

    def player_index(value, field):
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < n:
                return value
            raise PositionError(f"{field}: player number {value} does not exist "
                                f"(there are {n} players, numbered 0 to {n - 1})")
        if isinstance(value, str) and value in names:
            return names.index(value)
        raise PositionError(f"{field}: {value!r} is not one of the players ({', '.join(names)})")

    dealer_index = n - 1 if dealer is None else player_index(dealer, "dealer")
    empty = [names[p] for p, h in enumerate(hand_masks) if not h]
    if len(empty) > 1:
        raise PositionError(f"{' and '.join(empty)} both have empty hands, but the round ends "
                            "as soon as one hand is empty (sevens.round-end)")
    if empty:
        if turn is not None:
            raise PositionError(f"turn: {empty[0]} has no cards left, so the round is over and "
                                "nobody is to play; write 'turn: -'")
        turn_index = None
    else:
        if turn is None:
            raise PositionError("turn: the round is on (no hand is empty), so the turn must "
                                "belong to one of the players")
        turn_index = player_index(turn, "turn")
        if not table_cards and opening != "any" \
                and not hand_masks[turn_index] & rules.opening_cards:
            holder = names[_holder(hand_masks, rules.opening_cards)]
            raise PositionError(f"[sevens.opening] the table is empty, so the turn belongs to "
                                f"{holder}, who holds {opening}")
    if not isinstance(round, int) or isinstance(round, bool) or not 1 <= round <= rules.rounds:
        raise PositionError(f"round: must be from 1 to {rules.rounds}, not {round!r}")
    if scores is None:
        scores = [0] * n
    scores = list(scores)
    if len(scores) != n or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0
                                   for s in scores):
        raise PositionError(f"scores: need {n} whole numbers of 0 or more, one per player")
    return _make(rules, names, hand_masks, ends, turn_index, dealer_index, round, scores, seed)


def position(text: str) -> SevensState:
    """Read a position written in the notation of ``SevensState.to_text``::

        players: Ann, Bob, Cy
        dealer: Cy
        round: 1 of 3
        scores: 0, 0, 0
        table: 6♦-8♦ 7♠
        Ann: 5♦ 9♦ 8♠ 6♣ R♥
        Bob: ...
        Cy: ...
        turn: Ann
        seed: 0

    Only ``players``, the hands and ``turn`` are required. A hand that ends with
    ``...`` also receives its share of the cards not written anywhere else:
    they are handed out one at a time, in deck order, to the players so marked.
    ``-`` is an empty hand or an empty table.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    fields: dict[str, str] = {}
    hand_lines: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise NotationError(f"line {number}: {line!r} should read 'field: value'")
        label, value = (part.strip() for part in line.split(":", 1))
        if label.lower() in _FIELDS:
            if label.lower() in fields:
                raise NotationError(f"line {number}: {label!r} is given twice")
            fields[label.lower()] = value
        else:
            if label in hand_lines:
                raise NotationError(f"line {number}: {label}'s hand is given twice")
            hand_lines[label] = value
    if "players" not in fields:
        raise NotationError("the position needs a 'players:' line naming the players")
    names = [n.strip() for n in fields["players"].split(",") if n.strip()]
    for name in hand_lines:
        if name not in names:
            raise NotationError(f"{name!r} has a hand but is not in 'players: {fields['players']}'")
    table = _read_table(fields.get("table", "-"))
    hands: list = []
    rest_players = []
    for index, name in enumerate(names):
        if name not in hand_lines:
            raise NotationError(f"{name}'s hand is missing: write '{name}: ...' for the rest "
                                "of the cards, or '-' for an empty hand")
        tokens = hand_lines[name].split()
        if tokens and tokens[-1] in ("...", "…"):
            rest_players.append(index)
            tokens.pop()
        if tokens == ["-"]:
            tokens = []
        hands.append(parse_cards(" ".join(tokens)))
    if rest_players:
        used = {c for hand in hands for c in hand} | set(table)
        rest = [c for c in DECK if c not in used]
        for i, c in enumerate(rest):
            hands[rest_players[i % len(rest_players)]].append(c)
    rounds, round_number = DEFAULT_ROUNDS, 1
    if "round" in fields:
        parts = fields["round"].replace("/", " of ").split("of")
        try:
            round_number = int(parts[0])
            if len(parts) > 1:
                rounds = int(parts[1])
        except ValueError:
            raise NotationError(f"round: {fields['round']!r} should read like '1 of 3'") from None
    scores = None
    if "scores" in fields:
        try:
            scores = [int(s) for s in fields["scores"].split(",")]
        except ValueError:
            raise NotationError(f"scores: {fields['scores']!r} should be whole numbers "
                                "separated by commas") from None
    rules = None
    if "rules" in fields:
        rules = {"rounds": rounds}
        for item in fields["rules"].split(","):
            key, _, value = (part.strip() for part in item.partition("="))
            key = key.replace("-", "_")
            if not value:
                raise NotationError(f"rules: {item.strip()!r} should read 'option=value', such as "
                                    "'opening=any'")
            rules[key] = int(value) if key == "seven_penalty" and value.isdigit() else value
    seed = 0
    if "seed" in fields:
        try:
            seed = int(fields["seed"])
        except ValueError:
            raise NotationError(f"seed: {fields['seed']!r} is not a whole number") from None
    if "turn" not in fields:
        raise NotationError("the position needs a 'turn:' line: a player's name, or '-' once "
                            "the round is over")
    turn = None if fields["turn"] in ("-", "") else fields["turn"]
    return from_parts(players=names, hands=hands, table=table, turn=turn,
                      dealer=fields.get("dealer"), round=round_number, rounds=rounds, rules=rules,
                      scores=scores, seed=seed)


def _read_table(text: str) -> list[Card]:
    if text.strip() in ("-", ""):
        return []
    cards: list[Card] = []
    for token in text.replace(",", " ").split():
        if "-" in token[1:]:
            cut = token.index("-", 1)
            low, high = parse_card(token[:cut]), parse_card(token[cut + 1:])
            if low.suit != high.suit or low.rank > high.rank:
                raise NotationError(f"table: {token!r} should be a run of one suit, low to high, "
                                    "such as '6♦-8♦'")
            run = [card(r, low.suit) for r in range(low.rank, high.rank + 1)]
        else:
            run = [parse_card(token)]
        for c in run:
            if c in cards:
                raise PositionError(f"{c} is on the table twice")
            cards.append(c)
    return cards


# ---------------------------------------------------------------- display


def render_html(state: SevensState, show_hands: bool = True) -> str:
    """The table as HTML: the four rows, the hands (or their sizes), whose turn.

    Names are escaped, so they always show as text.
    """
    esc = html.escape
    fit = state._fits
    mover_hand = state._hands[state.turn] if state.turn is not None else 0
    rows = []
    for s in range(4):
        cells = []
        for rank in range(1, 14):
            c = card(rank, s)
            if state._table & c.bit:
                style = "background:#fff;border:1px solid #555"
            elif fit & c.bit and mover_hand & c.bit:
                style = "background:#ffe98a;border:1px dashed #a80"
            else:
                style = "color:#ccc;border:1px dotted #ddd"
            text = str(c) if state._table & c.bit else "·"
            color = "#b00" if s in (1, 2) else "#000"
            if state._table & c.bit:
                style += f";color:{color}"
            cells.append(f'<td style="{style};width:2.2em;text-align:center">{text}</td>')
        rows.append(f"<tr><th>{SUITS[s]}</th>{''.join(cells)}</tr>")
    hands = []
    for p, name in enumerate(state.names):
        cards = cards_in(state._hands[p])
        shown = " ".join(str(c) for c in cards) if show_hands else f"{len(cards)} cards"
        marker = " ◀ to play" if p == state.turn else ""
        hands.append(f"<li><b>{esc(name)}</b>{esc(marker)}: {esc(shown)} "
                     f"(score {state.scores[p]})</li>")
    return (f'<div class="ds-sevens"><div>{esc(repr(state))}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
            f'<ul>{"".join(hands)}</ul></div>')


# ---------------------------------------------------------------- save and load


def start_record(state: SevensState) -> dict:
    """The root position of ``state`` as plain JSON data."""
    root = state.root
    return {
        "players": list(root.names),
        "rules": root.rules.as_dict(),
        "round": root.round,
        "dealer": root.dealer,
        "scores": list(root.scores),
        "table": [str(c) for c in root.table],
        "hands": [[str(c) for c in hand] for hand in root.hands],
        "turn": root.turn,
        "seed": root.seed,
    }


def _rules_record(record: dict) -> SevensRules:
    from .saveload import field

    expected = SevensRules().as_dict()
    unknown = sorted(set(record) - set(expected))
    if unknown:
        raise PositionError(f"start.rules.{unknown[0]}: not a rule option")
    return SevensRules(**{key: field(record, f"start.rules.{key}", type(default))
                          for key, default in expected.items()})


def from_record(start: dict) -> SevensState:
    """Rebuild a root position from ``start_record`` data; errors name the field."""
    from .saveload import field

    hands = field(start, "start.hands", list)
    for i, hand in enumerate(hands):
        if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
            raise PositionError(f"start.hands[{i}]: must be a list of card texts")
    table = field(start, "start.table", list)
    if not all(isinstance(c, str) for c in table):
        raise PositionError("start.table: must be a list of card texts")
    turn = start.get("turn", "missing")
    if turn == "missing":
        raise PositionError("start.turn: missing")
    return from_parts(
        players=field(start, "start.players", list),
        hands=[[parse_card(c) for c in hand] for hand in hands],
        table=[parse_card(c) for c in table],
        turn=turn,
        dealer=field(start, "start.dealer", int),
        round=field(start, "start.round", int),
        rules=_rules_record(field(start, "start.rules", dict)),
        scores=field(start, "start.scores", list),
        seed=field(start, "start.seed", int),
    )
