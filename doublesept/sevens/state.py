"""The Sevens game state: the record, what it reads, the deal of each round and new games.

The state keeps each hand and the table as 52-bit masks (bit = suit*13 +
rank-1) and, per suit, the low and high end of its row, so ``legal_moves``
is one AND between the hand and the cards that fit.

``SevensState`` is assembled from its parts, each in its own module, along the rules:
``moves.py`` (the move values and ``parse_move``) ← ``chance.py`` (the deal, sevens.deal)
← ``words.py`` (French and English helpers) ← ``verdicts.py`` (the one decision of each
move kind, and ``check``'s words) ← ``transitions.py`` (``play`` and the end of a round) ←
``events.py`` (the events table) ← this module: the record and what it reads (the turn,
the decision awaited, the match's end: sevens.match-winner, sevens.chip-match,
sevens.tie-break-deal), the observation, the start of a round (the antes, sevens.ante, and
who opens, sevens.opening, sevens.all-sevens-first, sevens.flexible-opener, ruling S1) and
``new_game``. Every name other code imports from ``doublesept.sevens.state`` is here.

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

import secrets
from typing import NamedTuple

from ..cards import SUITS, Card, cards_in, parse_card
from ..core.names import join_names, player_names
from ..core.numbers import check_whole
from ..core.state import CHANCE, OBSERVED_FIELDS, Decision, GameState
from ..errors import NotationError, PositionError
from .chance import MAX_SEED, DealStep, _deal_generator, deal
from .events import SevensEvents
from .moves import DEAL, PASS, Dealt, Run, _short, _suit_index, move_text, parse_move
from .rules import (
    _FIELDS,
    DEFAULT_NAMES,
    DEFAULT_ROUNDS,
    FREE_PASSES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESET_PLAYERS,
    SevensRules,
    card_at,
    next_seat,
)
from .transitions import SevensTransitions, _check_chips, _tuple_new
from .verdicts import SevensVerdicts
from .words import _POSITION_TEXTS, _card_texts, _free_passes_left_fr

# what other code imports from here: the moves, the deal, the state and new games
__all__ = [
    "DEAL",
    "MAX_SEED",
    "OBSERVATION_FIELDS",
    "OBSERVATION_RULE_FIELDS",
    "PASS",
    "Card",
    "DealStep",
    "Dealt",
    "FanTanState",
    "Run",
    "SevensState",
    "SevensVariantState",
    "deal",
    "move_text",
    "new_game",
    "parse_move",
]

# ---------------------------------------------------------------- the observation's schema

# Every field of SevensState.observation(seat): the ones every game writes (core), then the
# table's. The computer players read these (sevens/players.py).
OBSERVATION_FIELDS = OBSERVED_FIELDS + ("rows", "table", "hand_sizes", "deck_size", "hand")
# The fields a rule adds, and the rule: the chips and the pot (sevens.chips), the passes and
# who is out (sevens.free-passes, sevens.three-pass-elimination), the tie-break deal's players.
OBSERVATION_RULE_FIELDS = {"chips": "sevens.chips", "pot": "sevens.chips",
                           "passes": "sevens.free-passes", "out": "sevens.free-passes",
                           "tie_break": "sevens.tie-break-deal"}

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


class SevensState(SevensVerdicts, SevensTransitions, SevensEvents, _SevensRecord,
                  GameState):
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
                cost = rules.pass_cost
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

    def chance(self) -> DealStep | None:
        """The deal of the next round, once a round is over (None otherwise)."""
        if self.turn is None and not self.is_over:
            return DealStep(len(self.names), next_seat(self.dealer, len(self.names)),
                            self.tied or None, self.rules.deck_mask)
        return None

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

    def _next_round(self, dealt: Dealt) -> SevensState:
        dealer = next_seat(self.dealer, len(self.names))
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


def _holder(hands, bit: int) -> int:
    for player, hand in enumerate(hands):
        if hand & bit:
            return player
    raise PositionError("nobody holds the opening card")


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


# the names of the classes a state had before one class played every variant (issue 22):
# old code that names them keeps working
SevensVariantState = FanTanState = SevensState


def _new(rules, names, hands, ends, table, fits, turn, dealer, round_number, scores, chips,
         pot, passes, out, seed, parent, last_move) -> SevensState:
    """The one place a state is built; it cannot change afterwards."""
    return _tuple_new(SevensState,
                      (rules, names, hands, ends, table, fits, turn, dealer, round_number,
                       scores, chips, pot, passes, out, seed, parent, last_move))
