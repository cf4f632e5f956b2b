"""The Sevens game state: moves, legality, the deal and new games.

The state keeps each hand and the table as 52-bit masks (bit = suit*13 +
rank-1) and, per suit, the low and high end of its row, so ``legal_moves``
is one AND between the hand and the cards that fit.
"""

from __future__ import annotations

import random
from operator import itemgetter

from ..cards import (
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
)
from ..core import GameState, Verdict
from ..errors import IllegalMove, NotationError, PositionError
from .rules import (
    _ALL_SEVENS,
    _FIELDS,
    _FITS,
    _SUIT_MASK,
    DEFAULT_NAMES,
    DEFAULT_ROUNDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPENING,
    SevensRules,
)

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
    """A move as text: a card in ``style`` ("symbol", "letter" or "fr"), or pass / deal
    (passe / donne in the "fr" style)."""
    if move.__class__ is Card:
        return move.text(style)
    return move.fr if style == "fr" else move.name



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
            # the cards that may open are the fits of the empty table (SevensRules.opening_cards)
            if self.rules.opening == "any":
                if c.bit & self._fits:
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
                           f"Ne convient pas : le {SUIT_NAMES_FR[suit]} suivant vers le haut est {nxt.words_fr()}")
        nxt = card(low - 1, suit)
        return Verdict(c, False, "sevens.build",
                       f"Does not fit: the next {SUIT_NAMES_EN[suit][:-1]} down is {nxt}",
                       f"Ne convient pas : le {SUIT_NAMES_FR[suit]} suivant vers le bas est {nxt.words_fr()}")

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
        on_table = self._table.bit_count()
        return (f"<Sevens round {self.round}/{self.rules.rounds}, {where}, "
                f"{on_table} card{'' if on_table == 1 else 's'} on the table>")

    def _repr_html_(self) -> str:
        from .render import render_html  # display only: the engine itself never needs it

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
    if isinstance(players, str):
        raise PositionError(f"players must be a count or a list of names, not the text {players!r}")
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
        if any(ch in name for ch in ",:") or len(name.splitlines()) != 1 \
                or name.strip() != name or name.startswith("#"):
            raise PositionError(f"the name {name!r} may not contain ',', ':' or a line break, "
                                "nor start with '#', nor start or end with a space")
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
