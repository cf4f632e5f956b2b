"""The Sevens game state: moves, legality, the deal and new games.

The state keeps each hand and the table as 52-bit masks (bit = suit*13 +
rank-1) and, per suit, the low and high end of its row, so ``legal_moves``
is one AND between the hand and the cards that fit.

How long a round lasts. Every round ends: after its deal it takes at most
``rules.round_move_bound(players, rules, chips)`` moves (208 for 4 players under the app's
rules, ``52 * players``), from the deal or from any position in it. Each card is played
once; with a pass limit (Shichi Narabe, three-pass elimination) each player passes at
most 4 (or 3) times; otherwise someone always holds a card that fits, so among any
``players`` moves in a row one is a card or a voluntary pass, and each voluntary pass (Fan
Tan) costs chips that a stack only loses during a round. A match has at most ``rounds``
rounds, plus one tie-break deal among the tied players with ``tie_break="extra-deal"``.
"""

from __future__ import annotations

import math
import random
import secrets
from fractions import Fraction
from typing import NamedTuple

from ..cards import (
    FULL_MASK,
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
from ..core.chance import ChanceStep
from ..core.events import Event
from ..core.moves import MoveValue, Word
from ..core.names import join_names, player_names
from ..core.numbers import MAX_WHOLE, check_whole
from ..core.state import CHANCE, Decision, GameState, Verdict
from ..errors import IllegalMove, NotationError, PositionError, shown
from .rules import (
    _FIELDS,
    _SUIT_MASK,
    ACE_HIGH,
    DEFAULT_NAMES,
    DEFAULT_ROUNDS,
    FREE_PASSES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESET_PLAYERS,
    SevensRules,
    card_at,
)

# ---------------------------------------------------------------- moves


PASS = Word("pass", "passe")  # sevens.pass
DEAL = Word("deal", "donne")  # asks chance for the next round's deal (sevens.deal-rotates)
_WORDS = {"pass": PASS, "passe": PASS, "passer": PASS, "deal": DEAL, "donne": DEAL}


class Dealt(MoveValue):
    """The outcome of a deal: the hands dealt, as one 52-bit mask per player.

    A chance outcome and a move value: playing it at a deal stacks the deck (a lesson
    shows the case it is about); a save records it, so loading needs no generator.
    Written "deal", like the move that asks for it.
    """

    __slots__ = ("hand_masks",)

    def __init__(self, hand_masks):
        object.__setattr__(self, "hand_masks", tuple(hand_masks))

    @classmethod
    def of(cls, hands) -> Dealt:
        """The deal of ``hands``: one list of cards (or card texts, or a text) per player."""
        if isinstance(hands, (str, bytes, dict)) or not hasattr(hands, "__iter__"):
            raise NotationError(f"a deal is one hand per player, not {shown(hands)}")
        masks = []
        for hand in hands:
            if not isinstance(hand, str) and (isinstance(hand, (bytes, dict))
                                              or not hasattr(hand, "__iter__")):
                raise NotationError(f"a hand is a list of cards, not {shown(hand)}")
            cards = parse_cards(hand) if isinstance(hand, str) else [parse_card(c) for c in hand]
            mask = 0
            for c in cards:
                mask |= c.bit
            masks.append(mask)
        return cls(masks)

    @property
    def hands(self) -> list[list[Card]]:
        return [cards_in(mask) for mask in self.hand_masks]

    def text(self, lang: str = "en") -> str:
        return DEAL.text(lang)

    def __str__(self) -> str:
        return "deal"

    def __repr__(self) -> str:
        return f"Dealt({[' '.join(map(str, hand)) for hand in self.hands]!r})"

    def __eq__(self, other) -> bool:
        return other.__class__ is Dealt and other.hand_masks == self.hand_masks

    def __hash__(self) -> int:
        return hash(self.hand_masks)

    def sort_key(self) -> tuple:
        return (2, self.hand_masks)

    def __reduce__(self):
        return (Dealt, (self.hand_masks,))


class Run(MoveValue):
    """Several cards of one suit laid in one turn (sevens.runs, ruling S6): consecutive
    ranks, in the order they are laid, from the end where the first one fits, outwards.

    Written with its first and last card: ``8♦-10♦`` (up) or ``6♦-4♦`` (down).
    """

    __slots__ = ("cards",)

    def __init__(self, cards):
        object.__setattr__(self, "cards", tuple(cards))

    @classmethod
    def between(cls, first: Card, last: Card, ace_high: bool | None = None) -> Run:
        """The run from ``first`` to ``last``; NotationError unless they are two different
        cards of one suit. ``ace_high`` reads an ace as above the king (the German deck,
        ruling S7); None reads it so when the other end is an 8 or more (no run from there
        reaches a low ace). A state reads a run by its two ends under its own deck, and two
        runs with the same ends are equal."""
        if first.suit != last.suit or first.rank == last.rank:
            raise NotationError(
                f"a run is written with its first and last card, two cards of one suit such "
                f"as '8♦-10♦'; not {first}-{last}",
                f"une suite s'écrit avec sa première et sa dernière carte, deux cartes d'une "
                f"couleur comme « 8♦-10♦ » ; pas {first}-{last}")
        a, b = first.rank, last.rank
        if ace_high is None:
            ace_high = (a == 1 and b >= 8) or (b == 1 and a >= 8)
        if ace_high:
            a, b = (ACE_HIGH if a == 1 else a), (ACE_HIGH if b == 1 else b)
        step = 1 if b > a else -1
        return cls(card_at(pos, first.suit) for pos in range(a, b + step, step))

    @property
    def bits(self) -> int:
        mask = 0
        for c in self.cards:
            mask |= c.bit
        return mask

    def text(self, style: str = "symbol") -> str:
        return f"{self.cards[0].text(style)}-{self.cards[-1].text(style)}"

    def __repr__(self) -> str:
        return f"Run({self.text()!r})"

    def __eq__(self, other) -> bool:  # a run is named by its ends (its text)
        return other.__class__ is Run and other.cards[0] is self.cards[0] \
            and other.cards[-1] is self.cards[-1]

    def __hash__(self) -> int:
        return hash(("run", self.cards[0], self.cards[-1]))

    def sort_key(self) -> tuple:
        # right after its first card: (0, index) < (0, index, length, last)
        return (0, self.cards[0].index, len(self.cards), self.cards[-1].index)

    def __reduce__(self):
        return (Run, (self.cards,))


_CLEAR_SUIT = tuple(~mask for mask in _SUIT_MASK)  # every card but one suit's
# the text of the card at each row position, per suit (position 14: the German high ace)
_POSITION_TEXTS = tuple((None, *(str(card_at(p, s)) for p in range(1, ACE_HIGH + 1)))
                        for s in range(4))
_SUIT_TEXTS: tuple = ({}, {}, {}, {})  # per suit: 13-bit part of a mask -> its card texts


def _card_texts(mask: int) -> list:
    """The texts of the cards in ``mask`` ('7♦'), in index order, a suit at a time from a
    memo: an observation writes every hand and the table, and is read at every move by
    the computer players."""
    out = []
    for s in range(4):
        part = mask >> (13 * s) & 0x1FFF
        if part:
            memo = _SUIT_TEXTS[s]
            found = memo.get(part)
            if found is None:
                found = memo[part] = tuple(str(c) for c in cards_in(part << (13 * s)))
            out += found
    return out


_DEAL_SHAPES: dict = {}  # (players, dealer, seats, deck) -> (the seats in order, hand sizes)


class DealStep(ChanceStep):
    """The deal of one round as a chance step (sevens.deal): every way of dealing the 52
    cards one at a time from the dealer's left is equally likely.

    There are 52! / (13!)^4 (about 5.4e28) deals for 4 players, too many to list:
    ``count`` and ``probability`` are exact, ``outcomes()`` raises OverflowError.
    """

    rule_id = "sevens.deal"
    en = "The dealer shuffles and deals every card, one at a time from the dealer's left."
    fr = "Le donneur mélange et distribue toutes les cartes, une à une depuis sa gauche."

    def __init__(self, players: int, dealer: int, seats: tuple | None = None,
                 deck: int = FULL_MASK):
        check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        check_whole(dealer, "dealer (a player number)", 0, players - 1)
        self.players = players
        self.dealer = dealer
        self.deck = deck  # the cards dealt: all 52, or the German 32 (sevens.german-deck)
        self.deck_size = deck.bit_count()
        key = (players, dealer, seats, deck)
        shape = _DEAL_SHAPES.get(key)
        if shape is None:
            # the seats dealt to, from the dealer's left: all of them, or the players of a
            # tie-break deal (sevens.tie-break-deal); and the size of each hand
            order = [(dealer + 1 + i) % players for i in range(players)]
            if seats is not None:
                order = [p for p in order if p in seats]
            sizes = [0] * players
            for i in range(self.deck_size):
                sizes[order[i % len(order)]] += 1
            shape = (tuple(order), tuple(sizes))
            if len(_DEAL_SHAPES) < 10_000:
                _DEAL_SHAPES[key] = shape
        self.order, self.sizes = shape

    @property
    def count(self) -> int:
        return math.factorial(self.deck_size) // math.prod(math.factorial(n) for n in self.sizes)

    def outcomes(self) -> tuple:
        raise OverflowError(f"a deal has {self.count} outcomes, too many to list; "
                            "use count, probability() or sample()")

    def problem(self, outcome) -> str | None:
        """What makes ``outcome`` impossible for this deal, in words; None if it is possible."""
        if outcome.__class__ is not Dealt:
            return "a deal's outcome is the hands dealt"
        masks = outcome.hand_masks
        if len(masks) != self.players:
            return f"there are {self.players} players but {len(masks)} hands"
        seen = 0
        for mask in masks:
            if not isinstance(mask, int) or seen & mask:
                return "a card is dealt twice"
            seen |= mask
        if seen != self.deck:
            return f"every one of the {self.deck_size} cards must be dealt"
        sizes = tuple(mask.bit_count() for mask in masks)
        if sizes != self.sizes:
            return (f"dealt one at a time from the dealer's left, the hands hold "
                    f"{', '.join(map(str, self.sizes))} cards, not {', '.join(map(str, sizes))}")
        return None

    def probability(self, outcome) -> Fraction:
        return Fraction(0) if self.problem(outcome) else Fraction(1, self.count)

    def sample(self, rng: random.Random) -> Dealt:
        # the deck's cards as bits, shuffled (the same permutation as shuffling their
        # indexes), then dealt one at a time to the seats in ``order``, round and round:
        # the seat ``order[k]`` gets every len(order)-th card from the k-th
        bits = list(_FULL_BITS) if self.deck == FULL_MASK else \
            [c.bit for c in cards_in(self.deck)]
        _shuffle(rng, bits)
        hands = [0] * self.players
        seats = self.order
        step = len(seats)
        for k, seat in enumerate(seats):
            hands[seat] = sum(bits[k::step])  # distinct bits: the sum is their union
        return Dealt(hands)


_FULL_BITS = tuple(1 << index for index in range(52))  # the 52 cards' bits, in index order


def _stdlib_shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)`` as the standard library draws it (Fisher-Yates with
    ``getrandbits``), without a method call per card: the same permutation, faster."""
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS[len(cards)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_SHUFFLE_STEPS = {n: tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
                  for n in (32, 52)}


def _check_shuffle() -> bool:
    """Whether _stdlib_shuffle draws what random.Random.shuffle draws here (it does in
    CPython 3.11 to 3.13); otherwise the deal uses rng.shuffle itself."""
    for seed in range(3):
        mine, theirs = list(range(52)), list(range(52))
        _stdlib_shuffle(random.Random(seed), mine)
        random.Random(seed).shuffle(theirs)
        if mine != theirs:
            return False
    return True


_FAST_SHUFFLE = _check_shuffle()


def _shuffle(rng: random.Random, cards: list) -> None:
    if _FAST_SHUFFLE and rng.__class__ is random.Random and len(cards) in _SHUFFLE_STEPS:
        _stdlib_shuffle(rng, cards)
    else:
        rng.shuffle(cards)


def _deal_generator(seed: int, round_number: int) -> random.Random:
    """The generator a round's deal is drawn from: the match seed and the round number,
    so the same seed gives the same deals, and a deal never depends on the moves."""
    return random.Random(f"sevens/{seed}/{round_number}")


def parse_move(move) -> Card | Word | Dealt | Run:
    """Read a move: a card (``8♠``, ``8S``, ``V♦``, ``7 ♦``), ``pass``, ``deal``, or a run
    of cards laid in one turn (``8♦-10♦``, with the ``runs`` option).

    Raises NotationError, saying which notation is expected."""
    if move.__class__ is Card or move.__class__ is Dealt or move.__class__ is Run \
            or (move.__class__ is Word and (move is PASS or move is DEAL)):
        return move  # (another game's word, such as Flip 7's stay, is no Sevens move)
    if isinstance(move, str):
        word = _WORDS.get(move.strip().lower())
        if word is not None:
            return word
        cut = move.find("-", 1)
        if cut > 0 and len(move) < 40:
            return Run.between(parse_card(move[:cut]), parse_card(move[cut + 1:]))
        return parse_card(move)
    raise NotationError(f"a move is a card such as '8♠', or 'pass' or 'deal'; not {_short(move)}",
                        f"un coup est une carte comme « 8♠ », ou « passe » ou « donne » ; "
                        f"pas {_short(move)}")


def move_text(move, style: str = "symbol") -> str:
    """A move as text: a card in ``style`` ("symbol" or "en", "letter", or "fr"), or pass /
    deal (passe / donne in the "fr" style)."""
    return parse_move(move).text(style)



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


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _article_fr(rank: int) -> str:
    return "la " if rank == 12 else "le "


def _of_fr(c: Card) -> str:
    """« du 7♦ », « de la D♦ », « de l'A♦ »."""
    return "de la " + c.text("fr") if c.rank == 12 else "de l'" + c.text("fr") \
        if c.rank == 1 else "du " + c.text("fr")


def _laid_fr(rules: SevensRules) -> str:
    """« posés » after the start cards of the rows, « posées » after the queens (dames)."""
    return "posées" if rules.start_rank == 12 else "posés"


def _free_passes_left_fr(left: int) -> str:
    """« 2 passes libres restantes », « 1 passe libre restante », « plus aucune passe
    libre »."""
    if not left:
        return "plus aucune passe libre"
    plural = "" if left == 1 else "s"
    return f"{left} passe{plural} libre{plural} restante{plural}"


def _above_fr(rank: int) -> str:
    return "de la " if rank == 12 else "du "


# ---------------------------------------------------------------- the state


class _SevensRecord(NamedTuple):
    """The fields of a Sevens state, in the order ``_new()`` lays them out."""

    rules: SevensRules  # the options of the match
    names: tuple  # the players' names, in seating order
    hand_masks: tuple  # one 52-bit mask per player (bit = suit * 13 + rank - 1)
    row_ends: tuple  # per suit, the low and high rank of its row (0, 0 if not started)
    table_mask: int  # the cards on the table
    fit_mask: int  # the cards that would fit the table now, wherever they are
    turn: int | None  # the player to move, or None once the round is over
    dealer: int
    round: int  # the round being played, from 1
    scores: tuple  # penalty totals of the rounds finished so far
    chips: tuple  # each player's stack of chips (sevens.chips); () in a game without chips
    pot: int  # the chips in the pot (sevens.ante, sevens.pass-chip); 0 without chips
    passes: tuple  # each player's passes this hand, when passes are counted (sevens.free-passes,
    #                sevens.three-pass-elimination); () otherwise
    out: int  # the players out of the hand (bit p for player p), from ``passes``
    seed: int  # the match seed every deal is drawn from
    parent: object  # the state before the last move (None at the root)
    last_move: object  # the move that led here: a Card, PASS, or the Dealt outcome


class SevensState(_SevensRecord, GameState):
    """One moment of a Sevens match. Immutable: ``play`` returns a new state.

    A readable record (a NamedTuple). It is built with ``tuple.__new__`` in ``_new``,
    not with the record's keyword constructor, which costs about a tenth of the
    benchmark's speed; reading a field is as fast either way.
    """

    __slots__ = ()
    game = "sevens"
    # the names the engine used before the state became a record
    _hands = _SevensRecord.hand_masks
    _ends = _SevensRecord.row_ends
    _table = _SevensRecord.table_mask
    _fits = _SevensRecord.fit_mask

    # ---- reading the state

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def to_move(self):
        """Who must decide now: the index of the player to move; CHANCE once a round is
        over and the next one is to be dealt; None once the match is over."""
        if self.turn is not None:
            return self.turn
        return None if self.is_over else CHANCE

    @property
    def decision(self) -> Decision | None:
        """What is awaited: a card or a pass (phase "open" or "play"), the next deal (phase
        "deal", by chance), or nothing once the match is over (None)."""
        turn = self.turn
        if turn is not None:
            name = self.names[turn]
            if not self._table:
                rule = "sevens.flexible-opener" if self.rules.opening == "any" \
                    else "sevens.opening" if self.rules.start_rank == 7 else "sevens.german-start"
                return Decision("open", rule, turn, f"{name} to open the round",
                                f"{name} ouvre la manche")
            rules = self.rules
            if rules.passing == "fan-tan":
                cost = rules.voluntary_pass_cost
                return Decision("play", "sevens.voluntary-pass", turn,
                                f"{name} to play a card that fits, or pass (1 chip if none "
                                f"fits, {cost} if one does)",
                                f"{name} pose une carte qui convient, ou passe (1 jeton si "
                                f"aucune ne convient, {cost} sinon)")
            if rules.free_passes:
                left = max(FREE_PASSES - self.passes[turn], 0)
                return Decision("play", "sevens.free-passes", turn,
                                f"{name} to play a card that fits, or pass ({left} free "
                                f"pass{'' if left == 1 else 'es'} left)",
                                f"{name} pose une carte qui convient, ou passe "
                                f"({_free_passes_left_fr(left)})")
            return Decision("play", "sevens.from-hand", turn,
                            f"{name} to play a card that fits, or pass if none does",
                            f"{name} pose une carte qui convient, ou passe si aucune ne convient")
        if self.is_over:
            return None
        tied = self.tied
        if tied:
            who_en = join_names(self.names, tied, "en")
            who_fr = join_names(self.names, tied, "fr")
            return Decision("deal", "sevens.tie-break-deal", CHANCE,
                            f"Deal the tie-break between {who_en}",
                            f"Distribuez la donne de départage entre {who_fr}")
        return Decision("deal", "sevens.deal-rotates", CHANCE,
                        f"Deal round {self.round + 1}",
                        f"Distribuez les cartes de la manche {self.round + 1}")

    @property
    def last_mover(self) -> int | None:
        """The player who made the last move (None at the root or after a deal)."""
        if self.parent is None or self.parent.turn is None:
            return None
        return self.parent.turn

    @property
    def is_round_over(self) -> bool:
        return self.turn is None

    @property
    def is_over(self) -> bool:
        """True when the last round of the match has ended, or (with chips) a round has
        left a player without chips (sevens.chip-match); with ``tie_break="extra-deal"``,
        not while players tied for the win are still to play their extra deal
        (sevens.tie-break-deal)."""
        if self.turn is not None:
            return False
        rules = self.rules
        if self.round > rules.rounds:  # the tie-break deal is over
            return True
        if self.round < rules.rounds and 0 not in self.chips:
            return False
        return rules.tie_break == "shared" or len(self._leaders()) == 1

    def _leaders(self) -> tuple:
        """The players ahead now: the most chips, or the lowest penalty total."""
        if self.chips:
            best = max(self.chips)
            return tuple(p for p, c in enumerate(self.chips) if c == best)
        best = min(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == best)

    @property
    def tied(self) -> tuple:
        """The players tied for the win who are to play one more deal (sevens.tie-break-deal),
        once the last round is over; () otherwise."""
        if self.turn is not None or self.round > self.rules.rounds \
                or self.rules.tie_break == "shared" or self.is_over:
            return ()
        if self.round < self.rules.rounds and 0 not in self.chips:
            return ()
        return self._leaders()

    @property
    def tie_break_players(self) -> tuple:
        """In a tie-break deal, the players who play it (the others sit out); () otherwise."""
        if self.round <= self.rules.rounds:
            return ()
        return tuple(p for p in range(len(self.names)) if self._hands[p] or not self.out >> p & 1)

    def hand(self, player: int) -> list[Card]:
        """The cards of ``player`` (0 to players - 1); PositionError for another value."""
        check_whole(player, "player", 0, len(self._hands) - 1)
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
        """The low and high card of a suit's row, or None if it has not started.

        ``suit`` is 0-3 (♣ ♦ ♥ ♠) or a suit written as text; NotationError otherwise."""
        if isinstance(suit, str):
            suit = _suit_index(suit)
        elif suit.__class__ is not int or not 0 <= suit <= 3:
            raise NotationError(f"a suit is 0 to 3 or one of ♣ ♦ ♥ ♠ (C D H S), not {_short(suit)}",
                                f"une couleur est 0 à 3 ou ♣ ♦ ♥ ♠, pas {_short(suit)}")
        low, high = self._ends[2 * suit], self._ends[2 * suit + 1]
        return None if low == 0 else (card_at(low, suit), card_at(high, suit))

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
        """The player who won the round, once it is over: the one who emptied their hand,
        or the last player left in the hand when the others are out (sevens.last-pass,
        sevens.three-pass-elimination)."""
        if self.turn is not None:
            return None
        out = self.out
        for player, hand in enumerate(self._hands):
            if not hand and not out >> player & 1:  # not a player sitting out a tie-break
                return player
        for player in range(len(self.names)):
            if not out >> player & 1:
                return player
        return None

    def round_penalties(self) -> list[int]:
        """Penalty points of the round just ended: one per card left (sevens.penalty), or
        as the scoring option says (sevens.face-value, sevens.court-cards-ten,
        sevens.hand-winner, sevens.seven-penalty); 0 for the round's winner."""
        if self.turn is not None:
            return [0] * len(self.names)
        winner = self.round_winner
        penalty = self.rules.penalty
        return [0 if p == winner else penalty(h) for p, h in enumerate(self._hands)]

    def is_out(self, player: int) -> bool:
        """Whether ``player`` is out of the hand (sevens.last-pass,
        sevens.three-pass-elimination); PositionError for a player who does not exist."""
        check_whole(player, "player", 0, len(self.names) - 1)
        return bool(self.out >> player & 1)

    @property
    def winners(self) -> tuple:
        """The match's winners once it is over (ties share it), () before: the lowest
        penalty total (sevens.match-winner), or with chips the most chips
        (sevens.chip-match)."""
        if not self.is_over:
            return ()
        if self.round > self.rules.rounds:  # sevens.tie-break-deal
            return (self.round_winner,)
        return self._leaders()

    def key(self) -> tuple:
        return (self.rules, self.names, self._hands, self._ends, self.turn, self.dealer,
                self.round, self.scores, self.chips, self.pot, self.passes, self.seed)

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
        """The legal moves, sorted: the cards that fit (``_playable``), the runs with the runs
        option, then pass when ``_may_pass`` allows it; just pass when nothing fits; just
        deal between rounds; none after the match."""
        turn = self.turn
        if turn is None:
            return () if self.is_over else _DEAL_ONLY
        mask = self._hands[turn] & self._fits  # _playable, inlined on the hottest path
        if not mask:
            return _PASS_ONLY
        rules = self.rules
        if rules.runs_on:
            moves = tuple(sorted((*_legal_cards(mask), *self._runs(turn, mask))))
            return (*moves, PASS) if self._may_pass(turn) else moves
        if rules.voluntary_passes and self._may_pass(turn):
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

    def _may_pass(self, turn: int) -> bool:
        """Whether the player to move may pass although a card fits (sevens.voluntary-pass:
        their stack pays its cost; sevens.free-passes: a free pass is left). With no card
        that fits, a pass is always legal (sevens.pass). The one decision of a pass."""
        rules = self.rules
        if rules.pass_cost:
            return self.chips[turn] >= rules.pass_cost
        if rules.free_passes:
            return self.passes[turn] < rules.free_passes
        return False

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

    def play(self, move) -> SevensState:
        """The state after ``move``; raises IllegalMove (naming the rule) if it is not legal,
        and leaves this state as it was. Legal is what ``legal_moves`` lists: the same
        decisions (``_playable``, ``_may_pass``, ``_runs``, the deal's ``problem``)."""
        if move.__class__ is not Card and move is not PASS:
            move = parse_move(move)
        turn = self.turn
        if turn is not None:
            if move.__class__ is Card:
                bit = move.bit
                if bit & self._hands[turn] & self._fits:  # _playable, inlined
                    return self._after_card(move, bit, turn)
            elif move is PASS:
                if not self._hands[turn] & self._fits or self._may_pass(turn):
                    return self._after_pass(turn)
            elif move.__class__ is Run and self.rules.runs_on:
                move = self._read_run(move)
                if move in self._runs(turn, self._playable(turn)):
                    return self._after_run(move, turn)
        elif not self.is_over:
            if move is DEAL:  # chance resolves the deal, from the match seed and the round
                return self._next_round(self.chance().sample(
                    _deal_generator(self.seed, self.round + 1)))
            if move.__class__ is Dealt and self.chance().problem(move) is None:
                return self._next_round(move)  # a stacked deal
        verdict = self.check(move)
        raise IllegalMove(verdict.rule_id, verdict.reason_en, verdict.reason_fr, move)

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
        if fitting and rules.pass_cost:
            cost = rules.pass_cost
            rule, en, fr = ("sevens.voluntary-pass",
                            (f"You pass although {fit_en} {fits_en}: a voluntary pass costs "
                            f"{cost} chips, paid into the pot"),
                            (f"Vous passez alors que {fit_fr} {fits_fr} : une passe volontaire "
                            f"coûte {cost} jetons, versés au pot"))
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
        verdict = self._card_verdict(first, name, hand)
        if not verdict.legal:
            return Verdict(run, False, verdict.rule_id, verdict.reason_en, verdict.reason_fr)
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
        return Verdict(c, False, *self._misfit_words(c, name, hand))

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

    def chance(self) -> DealStep | None:
        """The deal of the next round, once a round is over (None otherwise)."""
        if self.turn is None and not self.is_over:
            return DealStep(len(self.names), (self.dealer + 1) % len(self.names),
                            self.tied or None, self.rules.deck_mask)
        return None

    @property
    def events(self) -> tuple:
        """What the last move brought about, automatically (a tuple of Event): a player
        going out ends the round and scores the penalties, and the last round ends the
        match; a deal names who opens. Empty at the root and after most moves."""
        parent, move = self.parent, self.last_move
        if parent is None:
            return ()
        if move.__class__ is Dealt:
            return self._deal_events()
        rules = self.rules
        if parent.turn is None or (self.turn is not None and rules.plain_passes):
            return ()
        names = self.names
        out = self._pass_events(parent) if move is PASS and not rules.plain_passes else []
        if self.turn is not None:
            return tuple(out)
        winner = self.round_winner
        if self._hands[winner]:  # the others are out of the hand
            rule = "sevens.last-pass" if rules.free_passes else "sevens.three-pass-elimination"
            out.append(Event("last-in", (winner,), rule,
                             f"Only {names[winner]} is left in the hand: {names[winner]} wins "
                             "the round.",
                             f"Il ne reste que {names[winner]} dans la main : {names[winner]} "
                             "gagne la manche."))
        else:
            out += _went_out(names, winner)
        penalties = self.round_penalties()
        rule = _SCORING_RULES[rules.scoring]
        losers = tuple(p for p, points in enumerate(penalties) if points)
        listed = ", ".join(f"{names[p]} {penalties[p]}" for p in losers)
        out.append(Event("penalties", losers, rule, f"Penalty points: {listed}.",
                         f"Points de pénalité : {listed}."))
        if self.chips:
            out += self._chip_events(parent, winner, penalties)
        tied = self.tied
        if self.is_over and self.round > rules.rounds:
            out.append(Event("match-over", (winner,), "sevens.tie-break-deal",
                             f"The match is over: {names[winner]} wins the tie-break deal, and "
                             "the match.",
                             f"La partie est terminée : {names[winner]} gagne la donne de "
                             "départage, et la partie."))
        elif tied:
            out.append(Event("tie", tied, "sevens.tie-break-deal",
                             f"{join_names(names, tied, 'en')} are tied for the win: one more "
                             "deal between them decides the match.",
                             f"{join_names(names, tied, 'fr')} sont à égalité : une donne de "
                             "plus entre eux décide de la partie."))
        elif self.is_over and self.chips:
            winners = self.winners
            who = join_names(names, winners, "en")
            best = self.chips[winners[0]]
            broke = [p for p, c in enumerate(self.chips) if not c]
            why_en = why_fr = ""
            if broke and self.round < rules.rounds:
                many = len(broke) > 1
                why_en = (f"{join_names(names, broke, 'en')} {'have' if many else 'has'} no "
                          "chips left, so ")
                verb_fr = "n'ont" if many else "n'a"
                why_fr = f"{join_names(names, broke, 'fr')} {verb_fr} plus de jetons, donc "
            out.append(Event(
                "match-over", winners, "sevens.chip-match",
                _capital(f"{why_en}the match is over: {who} "
                         f"{'wins' if len(winners) == 1 else 'share the win'} with the most "
                         f"chips, {best}."),
                _capital(f"{why_fr}la partie est terminée : {join_names(names, winners, 'fr')} "
                         f"{'gagne' if len(winners) == 1 else 'partagent la victoire'} avec le "
                         f"plus de jetons, {best}.")))
        elif self.is_over:
            winners = self.winners
            who = join_names(names, winners, "en")
            best = self.scores[winners[0]]
            out.append(Event(
                "match-over", winners, "sevens.match-winner",
                f"The match is over: {who} {'wins' if len(winners) == 1 else 'share the win'} "
                f"with the lowest total, {best}.",
                f"La partie est terminée : {join_names(names, winners, 'fr')} "
                f"{'gagne' if len(winners) == 1 else 'partagent la victoire'} avec le total "
                f"le plus bas, {best}."))
        return tuple(out)

    def _pass_events(self, parent) -> list:
        """What a pass brought about under the passing variants: chips paid, a player out."""
        names, turn, rules = self.names, parent.turn, self.rules
        name = names[turn]
        out = []
        if self.chips:
            paid = parent.chips[turn] - self.chips[turn]
            voluntary = bool(parent._hands[turn] & parent._fits)
            rule = "sevens.voluntary-pass" if voluntary else "sevens.pass-chip"
            out.append(Event("pass-paid", (turn,), rule,
                             f"{name} pays {_chips_en(paid)} into the pot"
                             f"{' for a voluntary pass' if voluntary else ''}; the pot holds "
                             f"{self.pot}.",
                             f"{name} verse {_chips_fr(paid)} au pot"
                             f"{' pour une passe volontaire' if voluntary else ''} ; le pot "
                             f"contient {self.pot}."))
        if rules.eliminated_at and self.out >> turn & 1:
            rule = "sevens.last-pass" if rules.free_passes else "sevens.three-pass-elimination"
            count = self.passes[turn]
            out.append(Event("out", (turn,), rule,
                             f"{name} passes for the {_ordinal_en(count)} time and is out of "
                             "the hand; the cards in hand still count.",
                             f"{name} passe pour la {_ordinal_fr(count)} fois et sort de la "
                             "main ; les cartes en main comptent toujours."))
        return out

    def _chip_events(self, parent, winner: int, penalties) -> list:
        """The pot to the winner (sevens.pot), then each loser's payment
        (sevens.chip-payments)."""
        names = self.names
        chips, pot = list(parent.chips), parent.pot
        if self.last_move is PASS:  # the pass that ended the round was paid first
            paid = parent._pass_payment(parent.turn)
            chips[parent.turn] -= paid
            pot += paid
        payments = _settle(chips, pot, winner, penalties)[1]
        out = [Event("pot", (winner,), "sevens.pot",
                     f"{names[winner]} takes the pot: {_chips_en(pot)}.",
                     f"{names[winner]} prend le pot : {_chips_fr(pot)}.")]
        payers = tuple(p for p, paid in enumerate(payments) if paid)
        if payers:
            listed = ", ".join(f"{names[p]} {payments[p]}" for p in payers)
            out.append(Event("chip-payments", payers, "sevens.chip-payments",
                             f"Chips paid to {names[winner]}: {listed}.",
                             f"Jetons payés à {names[winner]} : {listed}."))
        return out

    def _deal_events(self) -> tuple:
        names, dealer = self.names, self.dealer
        if self.round > self.rules.rounds:
            playing = self.tie_break_players
            out = [Event("dealt", (dealer,), "sevens.tie-break-deal",
                         f"The tie-break deal between {join_names(names, playing, 'en')} is "
                         f"dealt by {names[dealer]}; the others sit out.",
                         f"La donne de départage entre {join_names(names, playing, 'fr')} est "
                         f"distribuée par {names[dealer]} ; les autres ne jouent pas.")]
        else:
            out = [Event("dealt", (dealer,), "sevens.deal-rotates",
                         f"Round {self.round} is dealt by {names[dealer]}.",
                         f"La manche {self.round} est distribuée par {names[dealer]}.")]
        if self.chips:
            payers = self.tie_break_players or tuple(range(len(names)))
            out.append(Event("antes", payers, "sevens.ante",
                             f"Each player puts 1 chip into the pot: the pot holds {self.pot}.",
                             f"Chaque joueur met 1 jeton au pot : le pot contient {self.pot}."))
        rules = self.rules
        if rules.opening == "all-sevens":
            first = rules.opening_card
            out.append(Event("sevens-laid-out", (self.turn,), "sevens.all-sevens-first",
                             f"The four {rules.starts_en} are laid out; {names[self.turn]}, "
                             f"who held {first}, plays first.",
                             f"Les quatre {rules.starts_fr} sont {_laid_fr(rules)} ; "
                             f"{names[self.turn]}, qui avait {first.words_fr()}, joue en premier."))
        elif rules.opening == "any":
            any_fr = "n'importe quelle " if rules.start_rank == 12 else "n'importe quel "
            out.append(Event("starts", (self.turn,), "sevens.flexible-opener",
                             f"{names[self.turn]}, left of the dealer, starts with any "
                             f"{rules.start_en}.",
                             f"{names[self.turn]}, à gauche du donneur, commence avec "
                             f"{any_fr}{rules.start_fr[rules.start_fr.index(' ') + 1:]}."))
        else:
            first = rules.opening_card
            out.append(Event("opens", (self.turn,),
                             "sevens.opening" if rules.start_rank == 7 else "sevens.german-start",
                             f"{names[self.turn]} holds {first} and opens.",
                             f"{names[self.turn]} a {first.words_fr()} et ouvre."))
        return tuple(out)

    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` sees, as JSON-safe data: its own hand, the table, every hand's size,
        the scores, whose turn, and its legal moves when it is to move. ``seat=None`` is a
        spectator, who sees no hand. Never the other hands, nor the seed (which would tell
        the next deals). Raises PositionError for a seat that does not exist."""
        if seat is not None:
            check_whole(seat, "seat", 0, len(self.names) - 1)
        ends = self.row_ends
        table = {
            "rows": [None if not ends[2 * s] else
                     [_POSITION_TEXTS[s][ends[2 * s]], _POSITION_TEXTS[s][ends[2 * s + 1]]]
                     for s in range(4)],
            "table": _card_texts(self.table_mask),
            "hand_sizes": [h.bit_count() for h in self.hand_masks],
            "deck_size": 0,  # all the cards are dealt (sevens.deal, sevens.german-deck)
            "hand": None if seat is None else _card_texts(self.hand_masks[seat]),
        }
        if self.chips:  # public: every stack and the pot (sevens.chips)
            table["chips"] = list(self.chips)
            table["pot"] = self.pot
        if self.passes:  # public: the passes of this hand, and who is out
            table["passes"] = list(self.passes)
            table["out"] = [p for p in range(len(self.names)) if self.out >> p & 1]
        if self.round > self.rules.rounds:  # sevens.tie-break-deal: who plays it
            table["tie_break"] = list(self.tie_break_players)
        seen = self.observed(seat, table)
        seen["rules"] = dict(self.rules.recorded)  # as a save writes them
        return seen

    # ---- building new states

    def _derive(self, move, **changes) -> SevensState:
        return _new(self.rules, self.names, changes.get("hands", self._hands),
                    changes.get("ends", self._ends), changes.get("table", self._table),
                    changes.get("fits", self._fits), changes["turn"],
                    changes.get("dealer", self.dealer), changes.get("round", self.round),
                    changes.get("scores", self.scores), changes.get("chips", self.chips),
                    changes.get("pot", self.pot), changes.get("passes", self.passes),
                    changes.get("out", self.out), self.seed, self, move)

    def _after_card(self, c: Card, bit: int, turn: int) -> SevensState:
        # one unpacking reads every field: the hot path of every game
        (rules, names, hands, ends, table, fits, _, dealer, round_number, scores, chips, pot,
         passes, out, seed, _, _) = self
        hands = list(hands)
        left = hands[turn] ^ bit
        hands[turn] = left
        suit = c.suit
        rank = c.rank
        if rank == 1 and rules.ace_high:  # the German deck's ace is above the king (S7)
            rank = ACE_HIGH
        i = suit + suit
        ends = list(ends)
        low = ends[i]
        if low == 0:  # a 7 (the start card) starts its row
            ends[i] = ends[i + 1] = low = high = rank
        elif rank < low:
            ends[i] = low = rank
            high = ends[i + 1]
        else:
            ends[i + 1] = high = rank
        fits = (fits & _CLEAR_SUIT[suit]) | rules.fits_table[suit][low][high]
        if not table:
            # the opening card is down: every other 7 (start card) may now start its row
            fits |= rules.start_mask & ~bit
        if not left:  # sevens.round-end
            return self._round_over(tuple(hands), tuple(ends), table | bit, fits, turn,
                                    chips, pot, passes, c)
        turn += 1
        if turn == len(hands):
            turn = 0
        if out:
            while out >> turn & 1:  # a player out of the hand is skipped
                turn = (turn + 1) % len(hands)
        return _tuple_new(self.__class__, (rules, names, tuple(hands), tuple(ends), table | bit,
                                        fits, turn, dealer, round_number, scores, chips, pot,
                                        passes, out, seed, self, c))

    def _after_run(self, run: Run, turn: int) -> SevensState:
        """Lay the cards of ``run`` one after another, as one move (sevens.runs)."""
        state = self
        for c in run.cards[:-1]:
            state = state._after_card(c, c.bit, turn)
            state = state._replace(turn=turn)  # the same player goes on laying
        last = run.cards[-1]
        after = state._after_card(last, last.bit, turn)
        return after._replace(parent=self, last_move=run)

    def _pass_payment(self, turn: int) -> int:
        """The chips ``turn`` pays for passing now: 1 (sevens.pass-chip), or the voluntary
        pass's cost when a card fits (sevens.voluntary-pass); never more than the stack."""
        if not self.chips:
            return 0
        cost = self.rules.voluntary_pass_cost if self._hands[turn] & self._fits else 1
        return min(cost, self.chips[turn])

    def _after_pass(self, turn: int) -> SevensState:
        """A pass under the passing variants: pay for it (as ``_pass_payment`` says), count
        it, and put the player out at the limit (rulings S3, S4)."""
        (rules, names, hands, ends, table, fits, _, dealer, round_number, scores, chips, pot,
         passes, out, seed, _, _) = self
        if chips:
            paid = rules.voluntary_pass_cost if hands[turn] & fits else 1
            paid = min(paid, chips[turn])  # nobody pays more than their stack
            if paid:
                chips = (*chips[:turn], chips[turn] - paid, *chips[turn + 1:])
                pot += paid
        limit = rules.eliminated_at
        if limit:
            count = passes[turn] + 1
            passes = (*passes[:turn], count, *passes[turn + 1:])
            if count >= limit:
                out |= 1 << turn
        n = len(names)
        if out and out.bit_count() == n - 1:  # one player left in: the round is over
            winner = next(p for p in range(n) if not out >> p & 1)
            return self._round_over(hands, ends, table, fits, winner, chips, pot, passes,
                                    PASS, out)
        turn += 1
        if turn == n:
            turn = 0
        while out >> turn & 1:
            turn = (turn + 1) % n
        return _tuple_new(self.__class__, (rules, names, hands, ends, table, fits, turn, dealer,
                                           round_number, scores, chips, pot, passes, out, seed,
                                           self, PASS))

    def _round_over(self, hands, ends, table, fits, winner, chips, pot, passes, move,
                    out=None) -> SevensState:
        """The round is over (sevens.round-end): the penalties (sevens.penalty), and with
        chips the pot and the payments to the winner (sevens.pot, sevens.chip-payments)."""
        penalty = self.rules.penalty
        penalties = [0 if p == winner else penalty(h) for p, h in enumerate(hands)]
        scores = tuple(s + x for s, x in zip(self.scores, penalties))
        if chips:
            chips = _settle(chips, pot, winner, penalties)[0]
            pot = 0
            _check_chips(self.rules, chips, pot, len(hands))
        return _new(self.rules, self.names, hands, ends, table, fits, None, self.dealer,
                    self.round, scores, chips, pot, passes, self.out if out is None else out,
                    self.seed, self, move)

    def _next_round(self, dealt: Dealt) -> SevensState:
        dealer = (self.dealer + 1) % len(self.names)
        start = _start_round(self.rules, self.names, dealer, self.seed, self.round + 1,
                             self.scores, dealt, self.chips, self.tied or None)
        return self._derive(dealt, hands=start._hands, ends=start._ends, table=start._table,
                            fits=start._fits, turn=start.turn, dealer=dealer,
                            round=self.round + 1, chips=start.chips, pot=start.pot,
                            passes=start.passes, out=start.out)

    # ---- notation and display

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


def _suit_index(text: str) -> int:
    token = text.strip().upper()
    for index, names in enumerate(zip(SUITS, "CDHS", SUIT_NAMES_EN, SUIT_NAMES_FR)):
        if token in {n.upper() for n in names}:
            return index
    raise NotationError(f"{_short(text)} is not a suit: use ♣ ♦ ♥ ♠ or C D H S")


def _holder(hands, bit: int) -> int:
    for player, hand in enumerate(hands):
        if hand & bit:
            return player
    raise PositionError("nobody holds the opening card")


# ---------------------------------------------------------------- chance


_SCORING_RULES = {"cards": "sevens.penalty", "face": "sevens.face-value",
                  "face-ace-15": "sevens.face-value", "face-court-10": "sevens.court-cards-ten",
                  "winner": "sevens.hand-winner"}


def _chips_en(n: int) -> str:
    return "1 chip" if n == 1 else f"{n} chips"


def _chips_fr(n: int) -> str:
    return "1 jeton" if n == 1 else f"{n} jetons"


def _ordinal_en(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def _ordinal_fr(n: int) -> str:
    return {1: "première", 2: "deuxième", 3: "troisième", 4: "quatrième"}.get(n, f"{n}e")


def _settle(chips, pot: int, winner: int, penalties) -> tuple:
    """The stacks after a round: the winner takes the pot (sevens.pot), then each other
    player pays the winner their penalty, as much as their stack allows
    (sevens.chip-payments). Returns (stacks, what each player paid)."""
    chips = list(chips)
    chips[winner] += pot
    paid = [0] * len(chips)
    for p, owed in enumerate(penalties):
        if p != winner and owed:
            paid[p] = min(owed, chips[p])
            chips[p] -= paid[p]
            chips[winner] += paid[p]
    return tuple(chips), paid


def _check_chips(rules, chips, pot: int, players: int) -> None:
    """The chips invariant (sevens.chips): stacks and pot are never negative and always hold
    what the players started with. PositionError, naming the totals, otherwise."""
    total = players * rules.chips
    if pot < 0 or min(chips) < 0 or sum(chips) + pot != total:
        raise PositionError(
            f"[sevens.chips] chips are not conserved: the stacks "
            f"({', '.join(map(str, chips))}) and the pot ({pot}) hold {sum(chips) + pot} "
            f"chips, but {players} players starting with {rules.chips} hold {total}, none "
            "of them below 0")


def _went_out(names, player: int) -> list:
    return [Event("went-out", (player,), "sevens.round-end",
                  f"{names[player]} went out: the round is over.",
                  f"{names[player]} a posé sa dernière carte : la manche est terminée.")]


def deal(players: int, dealer: int, seed: int, round_number: int) -> tuple:
    """The hands of one round (one 52-bit mask per player): the deal step resolved by the
    generator seeded from the match seed and the round number (sevens.deal).

    >>> [bin(h).count("1") for h in deal(3, 2, seed=1, round_number=1)]
    [18, 17, 17]
    """
    check_whole(seed, "seed", 0, MAX_SEED)
    check_whole(round_number, "round", 1, MAX_WHOLE)
    return DealStep(players, dealer).sample(_deal_generator(seed, round_number)).hand_masks


def new_game(players=4, seed: int | None = None, rounds: int = DEFAULT_ROUNDS,
             dealer: int | None = None, preset: str | None = None, **options) -> SevensState:
    """Deal round 1 of a new match. ``players`` is a count (3 to 8) or a list of names.

    ``seed`` (a whole number from 0 to 2**64 - 1) chooses every deal of the match;
    without one, a fresh seed is picked and kept in the state (``state.seed``) and
    in saves, so the game replays. ``dealer`` is a player number (default: the
    last player, so the first card goes to the first player named). ``preset``
    ("app", "international", "fan-tan", "shichi-narabe", "german") and ``options`` are
    rule options (``SevensRules``: opening, scoring, seven_penalty, chips, passing,
    voluntary_pass_cost, elimination, runs, tie_break, deck, row_start); the German deck
    deals 32 cards (ruling S7); a preset also bounds the players
    (``PRESET_PLAYERS``: the app seats 3 to 7). With chips, each player has put the
    ante of round 1 into the pot already. Raises PositionError (OptionError for an
    option) naming what is wrong.

    >>> game = new_game(4, seed=1)
    >>> game.legal_moves()
    (Card('7♦'),)
    """
    names = _names(players)
    rules = _rules(rounds, preset, options)
    if preset is not None:
        low, high = PRESET_PLAYERS[preset]
        if not low <= len(names) <= high:
            raise PositionError(f"[sevens.players] the {preset} preset seats {low} to {high} "
                                f"players, not {len(names)}")
    if seed is None:
        seed = secrets.randbits(63)
    check_whole(seed, "seed", 0, MAX_SEED)
    if dealer is None:
        dealer = len(names) - 1  # so the first card goes to the first player named
    check_whole(dealer, "dealer (a player number)", 0, len(names) - 1)
    return _start_round(rules, names, dealer, seed, 1, (0,) * len(names), None,
                        (rules.chips,) * len(names) if rules.chips else ())


MAX_SEED = 2**64 - 1  # any seed a generator would be given in practice

_RULES_SEEN: dict = {}


def _rules(rounds, preset, options: dict) -> SevensRules:
    """``SevensRules(rounds, preset=preset, **options)``, remembered: the rules are an
    immutable value, and resolving ten options costs a new game a tenth of a round."""
    try:
        key = (rounds.__class__, rounds, preset.__class__, preset,
               tuple((k, v.__class__, v) for k, v in sorted(options.items())))
        found = _RULES_SEEN.get(key)
    except Exception:  # noqa: BLE001 - an unhashable value: SevensRules says what is wrong
        return SevensRules(rounds, preset=preset, **options)
    if found is None:
        found = SevensRules(rounds, preset=preset, **options)
        if len(_RULES_SEEN) < 1000:
            _RULES_SEEN[key] = found
    return found


_DEAL_STEPS: dict = {}  # (players, dealer, seats, deck) -> its DealStep, which never changes


def _start_round(rules, names, dealer, seed, round_number, scores, dealt=None,
                 chips=(), seats=None) -> SevensState:
    """Deal a round (from the seed, unless ``dealt`` stacks it), take the antes from
    ``chips`` (sevens.ante), and set who opens, by the opening rule (sevens.opening,
    ruling S1)."""
    key = (len(names), dealer, seats, rules.deck_mask)
    step = _DEAL_STEPS.get(key)
    if step is None:
        step = DealStep(*key)
        if len(_DEAL_STEPS) < 10_000:
            _DEAL_STEPS[key] = step
    if dealt is None:
        dealt = step.sample(_deal_generator(seed, round_number))
    hands = dealt.hand_masks
    sitting_out = 0  # sevens.tie-break-deal: the players who are not tied
    if seats is not None:
        for player in range(len(names)):
            if player not in seats:
                sitting_out |= 1 << player
    ends = (0,) * 8
    if rules.opening == "all-sevens":  # sevens.all-sevens-first
        turn = _holder(hands, rules.opening_card.bit)
        hands = tuple(h & ~rules.start_mask for h in hands)
        ends = (rules.start_rank,) * 8
    elif rules.opening == "any":  # sevens.flexible-opener: the dealer's left starts
        turn = step.order[0]
    else:
        turn = _holder(hands, rules.opening_cards)
    pot = 0
    if chips:
        pot = sum(1 for p, c in enumerate(chips) if c and not sitting_out >> p & 1)
        chips = tuple(c - 1 if c and not sitting_out >> p & 1 else c for p, c in enumerate(chips))
    passes = (0,) * len(names) if rules.eliminated_at else ()
    return _make(rules, names, hands, ends, turn, dealer, round_number, scores, seed,
                 chips, pot, passes, sitting_out)




def _names(players) -> tuple:
    """The players' names from a count (3 to 8) or a list (sevens.players); see
    ``core.names.player_names`` for what a name may be."""
    return player_names(players, rule_id="sevens.players", title="Sevens", low=MIN_PLAYERS,
                        high=MAX_PLAYERS, default_names=DEFAULT_NAMES, fields=_FIELDS)


_short = shown  # how an error message quotes a bad value: short, and never an error itself


def _make(rules, names, hands, ends, turn, dealer, round_number, scores, seed, chips=(),
          pot=0, passes=(), sitting_out=0) -> SevensState:
    if chips:
        _check_chips(rules, chips, pot, len(names))
    out = sitting_out
    for player, count in enumerate(passes):
        if count >= rules.eliminated_at:
            out |= 1 << player
    table = 0
    fits = 0
    fits_table = rules.fits_table
    for s in range(4):
        low, high = ends[2 * s], ends[2 * s + 1]
        if low:
            for rank in range(low, high + 1):
                table |= card_at(rank, s).bit
        fits |= fits_table[s][low][high]
    return _new(rules, names, tuple(hands), tuple(ends), table,
                fits if table else rules.opening_cards,
                turn, dealer, round_number, tuple(scores), tuple(chips), pot, tuple(passes),
                out, seed, None, None)


_tuple_new = tuple.__new__


# the names of the classes a state had before one class played every variant (issue 22):
# old code that names them keeps working
SevensVariantState = FanTanState = SevensState


def _new(rules, names, hands, ends, table, fits, turn, dealer, round_number, scores, chips,
         pot, passes, out, seed, parent, last_move) -> SevensState:
    """The one place a state is built; it cannot change afterwards."""
    return _tuple_new(SevensState,
                      (rules, names, hands, ends, table, fits, turn, dealer, round_number,
                       scores, chips, pot, passes, out, seed, parent, last_move))
