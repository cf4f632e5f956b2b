"""Sevens' transitions: the state a legal move leads to, within a round and at its end.

:class:`SevensTransitions`, a part of ``SevensState``, plays a move (``play``: it applies
what the decisions of ``verdicts.py`` allow, and raises IllegalMove with ``check``'s words
otherwise). A card extends its row (sevens.build, sevens.seven-starts-row; the German
deck's high ace, ruling S7) and the next player in turn plays (a player out of the hand is
skipped); a run lays its cards one after another (sevens.runs); a pass is paid for and
counted (sevens.pass-chip, sevens.voluntary-pass, sevens.free-passes,
sevens.three-pass-elimination, sevens.last-pass). The round ends when a hand is empty or
one player is left in it (sevens.round-end): the penalties are scored (sevens.penalty and
the scoring options, ruling S5), and with chips the winner takes the pot and the payments
(``_settle``: sevens.pot, sevens.chip-payments), the chips being conserved
(``_check_chips``: sevens.chips). The next round's deal is ``state.py``'s (it builds a
state from scratch).

Imports the cards, the errors, ``rules.py``, ``moves.py`` and ``chance.py``.
"""

from __future__ import annotations

from ..cards import Card
from ..core.state import GameState
from ..errors import IllegalMove, PositionError
from .chance import _deal_generator
from .moves import DEAL, PASS, Dealt, Run, parse_move
from .rules import _SUIT_MASK, ACE_HIGH, LEFT_OF, next_seat

_CLEAR_SUIT = tuple(~mask for mask in _SUIT_MASK)  # every card but one suit's


_tuple_new = tuple.__new__


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


class SevensTransitions:
    """How a Sevens state moves on: a part of ``SevensState`` (``state.py``), which holds
    the fields these methods read. Each transition builds its state with
    ``tuple.__new__`` of the state's own class, as ``state._new`` does."""

    __slots__ = ()


    def play(self, move) -> GameState:
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
                if bit & self._faulty(turn):
                    return self._after_fault(move, turn)
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

    def _after_card(self, c: Card, bit: int, turn: int) -> GameState:
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
        turn = next_seat(turn, len(hands), out) if out else LEFT_OF[len(hands)][turn]
        return _tuple_new(self.__class__, (rules, names, tuple(hands), tuple(ends), table | bit,
                                        fits, turn, dealer, round_number, scores, chips, pot,
                                        passes, out, seed, self, c))

    def _after_fault(self, c: Card, turn: int) -> GameState:
        """A card that does not fit, laid under ``faults="turn-lost"`` (seed 002's table
        rule, sevens.wrong-card-turn-lost): it goes back to the hand and the turn passes to
        the next player in turn; nothing else changes."""
        n = len(self.names)
        out = self.out
        return self._replace(turn=next_seat(turn, n, out) if out else LEFT_OF[n][turn],
                             parent=self, last_move=c)

    def _after_run(self, run: Run, turn: int) -> GameState:
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
        pass's cost when a card fits (sevens.voluntary-pass; with the pass chip,
        sevens.voluntary-pass-chip-added); never more than the stack."""
        if not self.chips:
            return 0
        cost = self.rules.voluntary_charge if self._hands[turn] & self._fits else 1
        return min(cost, self.chips[turn])

    def _after_pass(self, turn: int) -> GameState:
        """A pass under the passing variants: pay for it (as ``_pass_payment`` says), count
        it, and put the player out at the limit (rulings S3, S4)."""
        (rules, names, hands, ends, table, fits, _, dealer, round_number, scores, chips, pot,
         passes, out, seed, _, _) = self
        if chips:
            paid = self._pass_payment(turn)
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
        turn = next_seat(turn, n, out)
        return _tuple_new(self.__class__, (rules, names, hands, ends, table, fits, turn, dealer,
                                           round_number, scores, chips, pot, passes, out, seed,
                                           self, PASS))

    def _round_over(self, hands, ends, table, fits, winner, chips, pot, passes, move,
                    out=None) -> GameState:
        """The round is over (sevens.round-end): the penalties (sevens.penalty), and with
        chips the pot and the payments to the winner (sevens.pot, sevens.chip-payments)."""
        penalty = self.rules.penalty
        penalties = [0 if p == winner else penalty(h) for p, h in enumerate(hands)]
        scores = tuple(s + x for s, x in zip(self.scores, penalties))
        if chips:
            chips = _settle(chips, pot, winner, penalties)[0]
            pot = 0
            _check_chips(self.rules, chips, pot, len(hands))
        return _tuple_new(self.__class__, (self.rules, self.names, hands, ends, table, fits,
                                           None, self.dealer, self.round, scores, chips, pot,
                                           passes, self.out if out is None else out, self.seed,
                                           self, move))
