"""Flip 7's transitions: the state a legal move leads to, and the round's automatic steps.

:class:`Flip7Transitions`, a part of ``Flip7State``, plays a move (``play``: it applies
what the decisions of ``verdicts.py`` allow, and raises IllegalMove with ``check``'s words
otherwise): a card drawn (``_draw``), hit (flip7.hit), stay (flip7.stay), an action card
played on its target (flip7.freeze, flip7.flip-three, flip7.deferred-after-bust:
``_play_action``), a surplus Second Chance given (flip7.second-chance-limit), and the start
of the next round (``_next_round_work``: flip7.dealer-rotates, the reshuffle between
rounds, F9). Then ``_settle`` runs the round's task stack (see ``record.py``) until a
decision is awaited: the deal (flip7.deal, flip7.first-player, F14), the offer of hit or
stay (in the deal too, for a player holding cards: flip7.deal-card-optional), the cards of a
Flip Three (flip7.flip-three-stops, flip7.flip-three-deferred, F6,
F16), the queue of action cards (flip7.nested-flip-three, F15; flip7.frozen-target-deferred,
F20), a surplus Second Chance (F7, F19), and the reshuffle in the middle of a round or the
end of the round instead (flip7.reshuffle-mid-round, flip7.endless-reshuffle: the only
place it is tested). A card arriving in front of a player is ``_receive`` (flip7.new-number,
flip7.bust, flip7.second-chance, F21, flip7.flip-7); the end of a round is ``_end_round``
(flip7.round-end, flip7.scoring, F17, flip7.game-end, flip7.tie). Every automatic
consequence is logged as a raw record that ``events.py`` tells.

A next state is of its parent's class (``parent.__class__``), built with
``tuple.__new__``. Imports the core's state, the errors, ``record.py``, ``moves.py``,
``verdicts.py`` (``_action_choice``) and ``rules.py``.
"""

from __future__ import annotations

from ..core.state import GameState
from ..errors import IllegalMove, NotationError
from .moves import _MOVE_CLASSES, DRAW, HIT, STAY, Give, parse_move
from .record import (
    _ZERO,
    DEALT,
    DEFERRED,
    DRAWN,
    FLIPS,
    GIVEN,
    HITS,
    R_BUSTED,
    R_CHANCES,
    R_DEALER,
    R_DECK,
    R_DISCARDS,
    R_DRAWS,
    R_DUPS,
    R_FROZEN,
    R_LAST,
    R_LOG,
    R_MODS,
    R_NAMES,
    R_NUMS,
    R_PARENT,
    R_ROUND,
    R_RULES,
    R_SCORES,
    R_SIZE,
    R_STACK,
    R_STAYED,
    R_TASKS,
    R_TURN,
    T_ADVANCE,
    T_DEAL,
    T_DRAW,
    T_FLIP,
    T_OFFER,
    T_QUEUE,
    T_SC,
    _chance_of,
    _pick_of,
    _tuple_new,
    _winner,
)
from .rules import CARDS, FREEZE, SECOND_CHANCE, TARGET, Flip7Card, endless_reshuffle, line_score
from .verdicts import _action_choice, _aims_first


class Flip7Transitions:
    """How a Flip 7 state moves on: a part of ``Flip7State`` (``state.py``), which holds the
    fields these methods read."""

    __slots__ = ()

    def play(self, move) -> GameState:
        """The state after ``move``; raises IllegalMove (naming the rule) if it is not legal,
        and leaves this state as it was."""
        if move.__class__ not in _MOVE_CLASSES:
            try:
                move = parse_move(move, self.names)
            except NotationError as err:
                raise IllegalMove("flip7.deck", err.reason_en, err.reason_fr, move) from None
        tasks = self.tasks
        if tasks:
            top = tasks[-1]
            code = top[0]
            if code == T_DRAW:
                if move is DRAW:
                    return self._after_draw(_pick_of(self))
                if move.__class__ is Flip7Card and self._can_draw(move.kind):
                    return self._after_draw(move.kind)
            elif code == T_OFFER:
                if move is HIT:
                    return self._after_hit()
                if move is STAY and self.has_card(self.turn):  # flip7.stay-needs-a-card
                    return self._after_stay()
            else:
                make, kind, seats = _action_choice(self, top)
                if move.__class__ is make and move.action == kind and move.seat >= 0 \
                        and seats >> move.seat & 1:
                    if code == T_QUEUE:
                        return self._after_target(move)
                    return self._after_give_chance(move.seat)
        elif _winner(self.scores) is None and (move is DRAW or move.__class__ is Flip7Card):
            start = self._next_round_work()
            step = _chance_of(start)
            if move is DRAW:
                return _draw(start, self, _pick_of(start), step)
            if step.probability(move):
                return _draw(start, self, move.kind, step)
        verdict = self.check(move)
        raise IllegalMove(verdict.rule_id, verdict.reason_en, verdict.reason_fr, move)

    def _pick(self) -> int:
        return _pick_of(self)

    def _after_draw(self, kind: int) -> GameState:
        return _draw(list(self), self, kind, None)

    def _after_hit(self) -> GameState:
        w = list(self)
        bottom = self.tasks[0]
        if bottom[0] == T_DEAL:  # flip7.deal-card-optional: the deal card, taken
            tasks = [bottom, (T_DRAW, self.turn, DEALT)]
        else:
            tasks = [(T_ADVANCE,), (T_DRAW, self.turn, HITS)]
        log: list = []
        w[R_TASKS] = tasks
        _settle(w, log)
        return _finish(w, tasks, log, self, HIT)

    def _after_stay(self) -> GameState:
        w = list(self)
        w[R_STAYED] = self.stayed | 1 << self.turn
        bottom = self.tasks[0]
        tasks = [bottom if bottom[0] == T_DEAL else (T_ADVANCE,)]  # the deal goes on
        log: list = [("stayed", self.turn)]
        w[R_TASKS] = tasks
        _settle(w, log)
        return _finish(w, tasks, log, self, STAY)

    def _after_target(self, move) -> GameState:
        w = list(self)
        tasks = list(self.tasks)
        entries = tasks[-1][1]
        kind, owner, mode = entries[0]
        log: list
        if _aims_first(self, entries):  # flip7.set-aside-targets: it waits, its player named
            tasks[-1] = (T_QUEUE, (*entries[1:], (kind, owner, mode, move.seat)))
            w[R_TASKS] = tasks
            log = [("aimed", owner, kind, move.seat, mode == GIVEN)]
            _settle(w, log)
            return _finish(w, tasks, log, self, move)
        if len(entries) > 1:
            tasks[-1] = (T_QUEUE, entries[1:])
        else:
            tasks.pop()
        w[R_TASKS] = tasks
        log = []
        _play_action(w, log, kind, owner, move.seat, mode == GIVEN)
        _settle(w, log)
        return _finish(w, tasks, log, self, move)

    def _after_give_chance(self, seat: int) -> GameState:
        w = list(self)
        tasks = list(self.tasks)
        owner = tasks.pop()[1]
        w[R_CHANCES] = self.chances | 1 << seat
        w[R_TASKS] = tasks
        log: list = [("second-chance-passed", owner, seat)]
        _settle(w, log)
        return _finish(w, tasks, log, self, Give(SECOND_CHANCE, seat))

    def _next_round_work(self) -> list:
        """The start of the next round, before its first card: every card played goes to
        the discards, the deal passes left, the deck is reshuffled if it is empty (F9)."""
        w = list(self)
        n = len(self.names)
        discards = list(self.discards)
        for p in range(n):
            nums = self.nums[p]
            for k in range(13):
                if nums >> k & 1:
                    discards[k] += 1
            if self.dups[p] >= 0:
                discards[self.dups[p]] += 1
            mods = self.mods[p]
            for b in range(6):
                if mods >> b & 1:
                    discards[13 + b] += 1
            if self.chances >> p & 1:
                discards[SECOND_CHANCE] += 1
        if self.rules.freeze_placement == "in-front":  # flip7.freeze-placement
            discards[FREEZE] += self.frozen.bit_count()
        log: list = []
        w[R_DEALER] = (self.dealer + 1) % n
        w[R_ROUND] = self.round + 1
        w[R_NUMS] = w[R_MODS] = (0,) * n
        w[R_DUPS] = (-1,) * n
        w[R_CHANCES] = w[R_STAYED] = w[R_FROZEN] = w[R_BUSTED] = 0
        log.append(("new-round", w[R_ROUND], w[R_DEALER], self.deck_size == 0))
        if self.deck_size == 0:
            w[R_DECK] = tuple(discards)
            w[R_SIZE] = sum(discards)
            discards = list(_ZERO)
            log.append(("reshuffle", False, w[R_SIZE]))
        w[R_DISCARDS] = tuple(discards)
        tasks = [(T_DEAL, 0)]
        w[R_TASKS] = tasks
        w[R_LOG] = log
        _settle(w, log)
        return w


def _finish(w, tasks, log, parent, move) -> GameState:
    w[R_TASKS] = tuple(tasks)
    w[R_LOG] = tuple(log)
    w[R_PARENT] = parent
    w[R_LAST] = move
    return _tuple_new(parent.__class__, w)


def _draw(w, parent, kind: int, step) -> GameState:
    """Draw the card ``kind`` for the task on top of ``w`` (a work copy of a state)."""
    deck = list(w[R_DECK])
    deck[kind] -= 1
    w[R_DECK] = tuple(deck)
    w[R_SIZE] -= 1
    if w[R_STACK]:
        w[R_STACK] = w[R_STACK][1:]
    w[R_DRAWS] += 1
    tasks = list(w[R_TASKS])
    _, seat, context = tasks.pop()
    w[R_TASKS] = tasks
    log = list(w[R_LOG]) if parent.tasks == () else []
    if context == DEALT:
        log.append(("dealt", seat, kind))
    elif context == HITS:
        log.append(("drew", seat, kind))
    else:
        log.append(("flipped", seat, kind, 3 - tasks[-1][2]))
    _receive(w, log, seat, kind, context)
    _settle(w, log)
    return _finish(w, w[R_TASKS], log, parent, CARDS[kind])


def _active(w) -> int:
    return ((1 << len(w[R_NAMES])) - 1) & ~(w[R_STAYED] | w[R_FROZEN] | w[R_BUSTED])


def _next_active(active: int, start: int, n: int) -> int | None:
    for i in range(n):
        seat = (start + i) % n
        if active >> seat & 1:
            return seat
    return None


def _receive(w, log, seat: int, kind: int, context: int) -> None:
    """The card ``kind`` arrives in front of ``seat`` (flip7.new-number, flip7.bust,
    flip7.second-chance, flip7.flip-7, the action cards)."""
    if kind <= 12:
        bit = 1 << kind
        nums = w[R_NUMS]
        mine = nums[seat]
        if mine & bit:
            discards = list(w[R_DISCARDS])
            if w[R_CHANCES] >> seat & 1:  # flip7.second-chance, automatic (F21)
                w[R_CHANCES] &= ~(1 << seat)
                discards[kind] += 1
                discards[SECOND_CHANCE] += 1
                w[R_DISCARDS] = tuple(discards)
                log.append(("second-chance-used", seat, kind))
            else:  # flip7.bust
                w[R_BUSTED] |= 1 << seat
                dups = list(w[R_DUPS])
                dups[seat] = kind
                w[R_DUPS] = tuple(dups)
                log.append(("bust", seat, kind))
            return
        mine |= bit
        nums = list(nums)
        nums[seat] = mine
        w[R_NUMS] = tuple(nums)
        if mine.bit_count() == 7:  # flip7.flip-7: the round ends at once for everyone
            log.append(("flip-7", seat))
            _end_round(w, log)
        return
    if kind <= 18:
        mods = list(w[R_MODS])
        mods[seat] |= 1 << (kind - 13)
        w[R_MODS] = tuple(mods)
        return
    tasks = w[R_TASKS]
    if kind == SECOND_CHANCE:
        if w[R_CHANCES] >> seat & 1:  # flip7.second-chance-limit: pass it on (F7, F19)
            tasks.append((T_SC, seat))
        else:
            w[R_CHANCES] |= 1 << seat
            log.append(("second-chance-kept", seat))
        return
    if context == FLIPS:  # flip7.flip-three-deferred: set aside until the 3 cards are out
        _, flipper, left, entries = tasks[-1]
        tasks[-1] = (T_FLIP, flipper, left, (*entries, (kind, seat, DEFERRED)))
        log.append(("set-aside", seat, kind))
        return
    tasks.append((T_QUEUE, ((kind, seat, DRAWN),)))  # the drawer chooses its target


def _play_action(w, log, kind: int, owner: int, target: int, given: bool) -> None:
    """Play a Freeze or a Flip Three on ``target`` (flip7.freeze, flip7.flip-three): it goes
    to the discards, or a Freeze stays in front of its target until the round ends
    (flip7.freeze-placement: ``freeze_placement="in-front"``; ``_next_round_work`` then
    discards one Freeze for each frozen player)."""
    if kind != FREEZE or w[R_RULES].freeze_placement == "discards":
        discards = list(w[R_DISCARDS])
        discards[kind] += 1
        w[R_DISCARDS] = tuple(discards)
    if kind == FREEZE:
        w[R_FROZEN] |= 1 << target
        log.append(("frozen", owner, target, given))
    else:
        w[R_TASKS].append((T_FLIP, target, 3, ()))
        log.append(("flip-three", owner, target, given))


def _discard_entries(w, log, entries, why: str) -> None:
    discards = list(w[R_DISCARDS])
    for entry in entries:
        kind = entry[0]
        discards[kind] += 1
        log.append(("action-discarded", entry[1], kind, why))
    w[R_DISCARDS] = tuple(discards)


def _settle(w, log) -> None:
    """Run the automatic steps until a decision is awaited or the round is over."""
    tasks = w[R_TASKS]
    rules = w[R_RULES]
    n = len(w[R_NAMES])
    while tasks:
        top = tasks[-1]
        code = top[0]
        if code == T_DRAW:
            if w[R_SIZE]:
                return
            discarded = w[R_DISCARDS]
            size = sum(discarded)
            active = _active(w)
            held = 0
            for p in range(n):
                if active >> p & 1:
                    held |= w[R_NUMS][p]
            if endless_reshuffle(discarded, held):  # flip7.endless-reshuffle: the round ends instead
                log.append(("endless-reshuffle", size,
                            sum(discarded[:13])) if size else ("no-cards",))
                _end_round(w, log)
                return
            w[R_DECK] = discarded  # flip7.reshuffle-mid-round
            w[R_SIZE] = size
            w[R_DISCARDS] = _ZERO
            log.append(("reshuffle", True, size))
            return
        if code == T_OFFER or code == T_ADVANCE:
            active = _active(w)
            turn = w[R_TURN]
            seat = _next_active(active, turn if code == T_OFFER else turn + 1, n)
            if seat is None:  # flip7.round-end: nobody is still in play
                _end_round(w, log)
                return
            w[R_TURN] = seat
            if code == T_ADVANCE:
                tasks[-1] = (T_OFFER,)
            return
        if code == T_DEAL:
            k = top[1]
            active = _active(w)
            start = rules.deal_start_seat(w[R_DEALER], n)
            while k < n and not active >> ((start + k) % n) & 1:
                k += 1  # F14: a player frozen or busted before their deal card gets none
            if k == n:  # the deal is over: flip7.first-player
                tasks[-1] = (T_OFFER,)
                w[R_TURN] = rules.first_seat(w[R_DEALER], n)
                continue
            seat = (start + k) % n
            w[R_TURN] = seat
            tasks[-1] = (T_DEAL, k + 1)
            if rules.deal_card_when_holding == "hit-or-stay" and (
                    w[R_NUMS][seat] or w[R_MODS][seat] or w[R_CHANCES] >> seat & 1):
                tasks.append((T_OFFER,))  # flip7.deal-card-optional: a card in front (Case 18)
                return
            tasks.append((T_DRAW, seat, DEALT))
            continue
        if code == T_FLIP:
            _, seat, left, entries = top
            if w[R_BUSTED] >> seat & 1:  # flip7.flip-three-stops
                tasks.pop()
                if entries:
                    if rules.deferred_after_bust == "give":  # F16
                        _queue(tasks, rules, tuple((k, seat, GIVEN) for k, _, _ in entries))
                    else:  # the FAQ reading (F6)
                        _discard_entries(w, log, entries, "faq")
                continue
            if left == 0:
                tasks.pop()
                if entries:
                    _queue(tasks, rules, entries)
                continue
            tasks[-1] = (T_FLIP, seat, left - 1, entries)
            tasks.append((T_DRAW, seat, FLIPS))
            continue
        if code == T_QUEUE:
            entries = top[1]
            active = _active(w)
            while entries:
                entry = entries[0]
                if len(entry) == 4:  # its player chosen (flip7.set-aside-targets, all-first)
                    if active >> entry[3] & 1:
                        break
                    _discard_entries(w, log, entries[:1], "target-out")  # Case 16(a), (b)
                elif not active:
                    _discard_entries(w, log, entries[:1], "nobody")
                elif entry[2] != GIVEN and not active >> entry[1] & 1 \
                        and rules.frozen_target_deferred == "dropped":
                    _discard_entries(w, log, entries[:1], "dropped")
                else:
                    break
                entries = entries[1:]
            if entries:
                entry = entries[0]
                if len(entry) == 4:  # every card has its player: the first takes effect
                    if len(entries) > 1:
                        tasks[-1] = (T_QUEUE, entries[1:])
                    else:
                        tasks.pop()
                    kind, owner, mode, target = entry
                    _play_action(w, log, kind, owner, target, mode == GIVEN)
                    continue
                tasks[-1] = (T_QUEUE, entries)
                return
            tasks.pop()
            continue
        # T_SC: a surplus Second Chance goes to another active player who has none
        owner = top[1]
        if (_active(w) & ~w[R_CHANCES]) & ~(1 << owner):
            return
        tasks.pop()
        discards = list(w[R_DISCARDS])
        discards[SECOND_CHANCE] += 1
        w[R_DISCARDS] = tuple(discards)
        log.append(("second-chance-discarded", owner))


def _queue(tasks, rules, entries) -> None:
    """Queue action cards to play: on top (depth first, F15), or at the end of the queue
    they came from (F15's alternative, one shared queue). In a shared queue the new cards
    are given their players before the cards already given theirs take effect
    (flip7.set-aside-targets, all-first: Case 16(c)), and then take effect after them."""
    if rules.nested_actions == "shared-queue" and tasks and tasks[-1][0] == T_QUEUE:
        old = tasks[-1][1]
        waiting = 0
        while waiting < len(old) and len(old[waiting]) == 3:
            waiting += 1
        tasks[-1] = (T_QUEUE, old[:waiting] + entries + old[waiting:])
    else:
        tasks.append((T_QUEUE, entries))


def _end_round(w, log) -> None:
    """The round is over (flip7.round-end): score it, add the totals, see if the game ends."""
    tasks = w[R_TASKS]
    pending = []
    for task in tasks:
        if task[0] == T_FLIP:
            pending += task[3]
        elif task[0] == T_QUEUE:
            pending += task[1]
        elif task[0] == T_SC:
            pending.append((SECOND_CHANCE, task[1], DRAWN))
    if pending:  # F17: the cards set aside are dropped
        _discard_entries(w, log, pending, "round-over")
    tasks.clear()
    w[R_TASKS] = tasks
    rules = w[R_RULES]
    n = len(w[R_NAMES])
    flip7 = None
    points = []
    for p in range(n):
        nums = w[R_NUMS][p]
        if nums.bit_count() == 7:
            flip7 = p
        points.append(0 if w[R_BUSTED] >> p & 1 else
                      line_score(nums, w[R_MODS][p], nums.bit_count() == 7, rules.flip7_bonus))
    scores = tuple(s + q for s, q in zip(w[R_SCORES], points))
    w[R_SCORES] = scores
    w[R_TURN] = None
    log.append(("round-over", w[R_ROUND], tuple(points), flip7, w[R_BUSTED]))
    top = max(scores)
    if top >= TARGET:
        leaders = tuple(p for p, s in enumerate(scores) if s == top)
        if len(leaders) == 1:
            log.append(("game-over", leaders[0], top))
        else:
            log.append(("tie", leaders, top))
