"""Double Seven's transitions: what a legal move does to the state, deciding nothing.

``_apply(state, move)`` is the plain transition of every move, with its log (the raw
records ``events.py`` tells); ``_PLAY`` holds the transitions ``play`` uses, one per move
class, which for the commonest steps (exchanges, draws, reveals, starts and expansions that
call nothing) build the next record directly and leave its log to be worked out when asked,
by ``_apply`` from the parent. Each is given a move that ``verdicts._verdict`` found legal.
The automatic consequences are here: the draw and its end (D3, D14, D16: ``_after_draw``,
``_setup_draw``), Sept!, the token supply, Double Sept! and the end they trigger (D5, D6,
D7, D8, D18: ``_sept``), Vide! (D9, D15: ``_vide``), the turns and the final turns (D8:
``_begin_turn``, ``_end_turn``, ``_next_turn``) and the winners (D12: ``_winners``). A
hidden tile comes from the stack or the generator (``_pick``).

A next state is of its parent's class (``type(s)``), built with ``tuple.__new__``.
Imports ``record.py``, ``legal.py`` (the parts of an act state's legal moves, carried
over an exchange), ``verdicts.py`` (``_skips_discard``), ``moves.py`` and ``rules.py``.
"""

from __future__ import annotations

from operator import attrgetter

from ..core.moves import Word
from ..core.state import CHANCE
from .legal import P_ANIMALS, P_EXPANDS, P_RACK_MOVES, _exchanged_parts, _retrieves
from .moves import (
    DEAL,
    DRAW_HIDDEN,
    FLIP,
    MOVE_CLASSES,
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
    CHANCE_PHASES,
    DEAL_PHASE,
    DISCARD_PHASE,
    DRAW_PHASE,
    FLIP_PHASE,
    HIDDEN_PHASE,
    NO_ONE,
    OVER_PHASE,
    R_BLOCKED,
    R_CLOVERED,
    R_DRAW_FOR,
    R_DRAWS,
    R_FACE_UP,
    R_FAMILIES,
    R_FIRST,
    R_LAST_MOVE,
    R_LOG,
    R_MEMO,
    R_NAMES,
    R_OUT,
    R_PARENT,
    R_PHASE,
    R_RACKS,
    R_RESERVE,
    R_RULES,
    R_SEED,
    R_SIZES,
    R_STACK,
    R_TO_DRAW,
    R_TO_MOVE,
    R_TRIGGER,
    R_TURN,
    R_USED,
    RAINBOW_USED,
    TWO_FOR_ONE_USED,
    WINDOW,
    _add,
    _clovered,
    _count,
    _derive,
    _new,
    _Record,
    _set,
    _sub,
    _to_move,
    draw_index,
)
from .rules import (
    CLOVER,
    DISCARD_AT,
    FAMILY_START,
    KINDS,
    SEVEN_TOKENS,
    TILES,
    Tile,
    deal_seat,
    is_sept,
    next_seat,
    points,
    tiles_to_draw,
)
from .verdicts import _skips_discard

_FIELDS_OF = attrgetter(*_Record._fields[:R_LOG])


class _Work:
    """A state being changed: the fields as attributes, and the events logged."""

    __slots__ = tuple(_Record._fields[:R_LOG]) + ("events",)

    def __init__(self, s):
        (self.rules, self.names, self.first, self.seed, self.draws, self.reserve, self.stack,
         self.face_up, self.out, self.racks, self.families, self.tokens, self.septs,
         self.earned, self.holder, self.trigger, self.turn, self.phase, self.to_draw,
         self.draw_for, self.used, self.blocked) = s[:R_LOG]
        self.events = []

    def build(self, parent, move):
        families = self.families
        derived = (parent[R_SIZES:R_TO_MOVE] if families is parent[R_FAMILIES]
                   else _derive(families))
        return _new(type(parent), (*_FIELDS_OF(self), tuple(self.events), parent, move,
                                   *derived, _to_move(self.phase, self.turn), {}))

    @property
    def available(self) -> int:
        return sum(self.reserve) + sum(self.face_up)


def _pick(s) -> int:
    """The kind of the next hidden tile, as the generator (or the stack) gives it."""
    stack = s[R_STACK]
    if stack:
        return stack[0]
    reserve = s[R_RESERVE]
    i = draw_index(s[R_SEED], s[R_DRAWS], sum(reserve))
    for k in range(KINDS):
        if i < reserve[k]:
            return k
        i -= reserve[k]
    raise AssertionError("unreachable: i < size")


def _take_hidden(w, kind: int) -> None:
    w.reserve = _sub(w.reserve, kind)
    if w.stack:
        w.stack = w.stack[1:]
    w.draws += 1


def _apply(s, move):
    w = _Work(s)
    phase = s.phase
    cls = move.__class__
    if phase in CHANCE_PHASES:
        kind = move.kind if cls is Tile else _pick(s)
        _take_hidden(w, kind)
        if phase == DEAL_PHASE:
            seat = s.dealt_to()
            w.racks = _set(w.racks, seat, _add(w.racks[seat], kind))
            w.to_draw -= 1
            w.events.append(("dealt", seat))
            if not w.to_draw:
                _begin_turn(w, s.first)
        elif phase == FLIP_PHASE:
            w.face_up = _add(w.face_up, kind)
            w.events.append(("flipped", s.turn, kind))
            _setup_draw(w)
        else:
            w.racks = _set(w.racks, s.turn, _add(w.racks[s.turn], kind))
            w.events.append(("drew-hidden", s.turn))
            _after_draw(w)
        return w.build(s, TILES[kind])
    seat = s.turn
    rack = s.racks[seat]
    if phase == DRAW_PHASE:
        if move is DRAW_HIDDEN:
            w.phase = HIDDEN_PHASE
            return w.build(s, move)
        w.face_up = _sub(w.face_up, move.kind)
        w.racks = _set(w.racks, seat, _add(rack, move.kind))
        w.events.append(("drew-face-up", seat, move.kind))
        _after_draw(w)
        return w.build(s, move)
    if phase == DISCARD_PHASE:
        w.racks = _set(w.racks, seat, _sub(rack, move.kind))
        w.out = _add(w.out, move.kind)
        w.events.append(("discarded", seat, move.kind))
        _end_turn(w)
        return w.build(s, move)
    w.used &= ~WINDOW
    if move is PASS:
        w.events.append(("passed", seat))
        if sum(rack) >= DISCARD_AT and not _skips_discard(s):
            w.phase = DISCARD_PHASE
        else:
            _end_turn(w)
    elif move is RAINBOW:
        w.used |= RAINBOW_USED
        w.events.append(("rainbow", seat, rack))
        w.phase, w.to_draw, w.draw_for = DRAW_PHASE, 1, "rainbow"
    elif cls is Start:
        counts = _count(move.kinds)
        animal = next(k for k in range(CLOVER) if counts[k])
        w.racks = _set(w.racks, seat, tuple(r - k for r, k in zip(rack, counts)))
        family = (animal, len(move.kinds) - counts[CLOVER], counts[CLOVER])
        w.families = _set(w.families, seat, (*s.families[seat], family))
        w.events.append(("started", seat, len(s.families[seat]), family))
        _sept(w, seat, animal, FAMILY_START, len(move.kinds))  # D5: a start, then an expansion
        _vide(w, seat)
    elif cls is Expand:
        counts = _count(move.kinds)
        index = move.family - 1
        animal, a, c = s.families[seat][index]
        w.racks = _set(w.racks, seat, tuple(r - k for r, k in zip(rack, counts)))
        family = (animal, a + len(move.kinds) - counts[CLOVER], c + counts[CLOVER])
        w.families = _set(w.families, seat, _set(s.families[seat], index, family))
        w.events.append(("expanded", seat, index, family))
        _sept(w, seat, animal, a + c, a + c + len(move.kinds))
        _vide(w, seat)
    elif cls is Exchange:
        mine, theirs = move.mine - 1, move.theirs - 1
        given, taken = s.families[seat][mine], s.families[move.seat][theirs]
        families = _set(s.families, seat, _set(s.families[seat], mine, taken))
        w.families = _set(families, move.seat, _set(s.families[move.seat], theirs, given))
        w.events.append(("exchanged", seat, mine, move.seat, theirs, given, taken))
    elif cls is Retrieve:
        owner = seat if move.owner == NO_ONE else move.owner
        index = move.family - 1
        animal, a, c = s.families[owner][index]
        w.families = _set(s.families, owner, _set(s.families[owner], index,
                                                  (animal, a + 1, c - 1)))
        w.racks = _set(w.racks, seat, _add(_sub(rack, animal), CLOVER))
        w.events.append(("retrieved", seat, owner, index, animal))
    else:  # TwoForOne
        a, b = move.kinds
        w.racks = _set(w.racks, seat, _sub(_sub(rack, a), b))
        w.face_up = _add(_add(w.face_up, a), b)
        w.used |= TWO_FOR_ONE_USED
        w.blocked = (a, b) if s.rules.two_for_one_take_back == "forbidden" else ()
        w.events.append(("two-for-one", seat, a, b))
        w.phase, w.to_draw, w.draw_for = DRAW_PHASE, 1, "two-for-one"
    return w.build(s, move)


# ---------------------------------------------------------------- the transitions of play
# The transitions of ``play`` (``_PLAY``), one per move class: each is given a move that
# _verdict found legal, and decides nothing. The commonest steps (exchanges, draws,
# reveals, starts and expansions that call nothing) build the next record directly, with
# the events left to be worked out when asked (``log``); the others go through _apply.


def _drawn(s, record: list, move):
    """The state after one tile is drawn (the end of _after_draw), from ``record``: the
    fields of ``s`` with the tile moved."""
    turn = record[R_TURN]  # the record's items read faster than the state's
    to_draw = record[R_TO_DRAW] - 1
    available = sum(record[R_RESERVE]) or sum(record[R_FACE_UP])
    if not available and record[R_TRIGGER] == NO_ONE:
        record[R_TRIGGER] = turn
    if to_draw > 0 and available:
        record[R_PHASE], record[R_TO_DRAW] = DRAW_PHASE, to_draw
    else:
        if record[R_DRAW_FOR] == "turn":
            record[R_USED] |= WINDOW
        record[R_PHASE], record[R_TO_DRAW], record[R_DRAW_FOR], record[R_BLOCKED] = \
            ACT_PHASE, 0, "turn", ()
    record[R_LOG] = None  # built when asked (see DoubleSevenState.log)
    record[R_PARENT], record[R_LAST_MOVE], record[R_TO_MOVE] = s, move, turn
    return _new(type(s), record)


def _record(s) -> list:
    """The fields of ``s`` as a list, to build the next state from: with a memo of its own
    (empty), not the one of ``s``."""
    record = list(s)
    record[R_MEMO] = {}
    return record


def _reveal(s, kind: int):
    """The hidden tile drawn is ``kind`` (phase hidden, known to be possible)."""
    record = _taken_hidden(s, kind)
    record[R_RACKS] = _with_tile(record[R_RACKS], record[R_TURN], kind)
    return _drawn(s, record, TILES[kind])


def _with_tile(racks: tuple, seat: int, kind: int) -> tuple:
    """``racks`` with one tile of ``kind`` more on ``seat``'s rack."""
    racks = list(racks)
    rack = list(racks[seat])
    rack[kind] += 1
    racks[seat] = tuple(rack)
    return tuple(racks)


def _play_tile(s, move):
    """A hidden tile, stacked (a chance outcome named): dealt, flipped or drawn."""
    phase = s[R_PHASE]
    if phase == HIDDEN_PHASE:
        return _reveal(s, move.kind)
    if phase == FLIP_PHASE:
        return _flipped(s, move.kind)
    return _dealt(s, move.kind) if s[R_TO_DRAW] > 1 else _apply(s, move)


def _next_turn(s, record: list, racks) -> bool:
    """Set the fields of ``record`` (from ``turn`` on) for the end of the turn, before the
    end is triggered (_end_turn and _begin_turn on a record); False after the trigger."""
    if s[R_TRIGGER] != NO_ONE:
        return False
    following = next_seat(s[R_TURN], len(s[R_NAMES]))
    if sum(s[R_FACE_UP]):
        record[R_PHASE] = DRAW_PHASE
        record[R_TO_MOVE] = following
    elif sum(s[R_RESERVE]):
        record[R_PHASE] = FLIP_PHASE
        record[R_TO_MOVE] = CHANCE
    else:
        return False
    record[R_TURN], record[R_TO_DRAW], record[R_DRAW_FOR], record[R_USED], record[R_BLOCKED] \
        = following, tiles_to_draw(sum(racks[following])), "turn", 0, ()
    return True


def _play_word(s, move):
    """Pass, Rainbow, draw hidden, or a chance step's request (deal, flip, reveal)."""
    if move is PASS:
        if s[R_PHASE] == ACT_PHASE:
            seat = s[R_TURN]
            record = _record(s)
            record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
            if sum(s[R_RACKS][seat]) >= DISCARD_AT:
                if not _skips_discard(s):
                    record[R_PHASE] = DISCARD_PHASE
                    record[R_USED] = s[R_USED] & ~WINDOW
                    return _new(type(s), record)
            elif _next_turn(s, record, s[R_RACKS]):
                return _new(type(s), record)
        return _apply(s, move)
    if move is DRAW_HIDDEN:
        record = _record(s)
        record[R_PHASE], record[R_LOG], record[R_PARENT], record[R_LAST_MOVE], \
            record[R_TO_MOVE] = HIDDEN_PHASE, (), s, move, CHANCE
        return _new(type(s), record)
    if move is REVEAL:
        return _reveal(s, _pick(s))
    if move is DEAL:
        return _dealt(s, _pick(s)) if s[R_TO_DRAW] > 1 else _apply(s, move)
    if move is FLIP:
        return _flipped(s, _pick(s))
    return _apply(s, move)  # Rainbow


def _taken_hidden(s, kind: int) -> list:
    """The fields of ``s`` with a hidden tile of ``kind`` taken from the reserve (a chance
    step: the generator's counter moves on)."""
    record = _record(s)
    reserve = list(record[R_RESERVE])
    reserve[kind] -= 1
    record[R_RESERVE] = tuple(reserve)
    record[R_DRAWS] += 1
    if record[R_STACK]:
        record[R_STACK] = record[R_STACK][1:]
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, TILES[kind]
    return record


def _dealt(s, kind: int):
    """The state after a tile of the deal, not its last (which begins the first turn)."""
    record = _taken_hidden(s, kind)
    names = s[R_NAMES]
    seat = deal_seat(s[R_FIRST], len(names), s[R_TO_DRAW])
    record[R_RACKS] = _with_tile(s[R_RACKS], seat, kind)
    record[R_TO_DRAW] -= 1
    return _new(type(s), record)


def _flipped(s, kind: int):
    """The state after the tile turned face up at the start of a turn (the draw follows)."""
    record = _taken_hidden(s, kind)
    face_up = list(s[R_FACE_UP])
    face_up[kind] += 1
    record[R_FACE_UP] = tuple(face_up)
    record[R_PHASE], record[R_DRAW_FOR], record[R_TO_MOVE] = DRAW_PHASE, "turn", s[R_TURN]
    record[R_TO_DRAW] = tiles_to_draw(sum(s[R_RACKS][s[R_TURN]]))
    return _new(type(s), record)


def _play_draw_face_up(s, move):
    kind = move.kind
    record = _record(s)  # a list's items read faster than the state's
    face_up = record[R_FACE_UP]
    record[R_RACKS] = _with_tile(record[R_RACKS], record[R_TURN], kind)
    face_up = list(face_up)
    face_up[kind] -= 1
    record[R_FACE_UP] = tuple(face_up)
    return _drawn(s, record, move)


def _play_exchange(s, move):
    record = _record(s)  # a list's items read faster than the state's
    seat, other = record[R_TURN], move.seat
    mine, theirs = move.mine - 1, move.theirs - 1
    families = list(record[R_FAMILIES])
    row, their_row = list(families[seat]), list(families[other])
    given, taken = row[mine], their_row[theirs]
    row[mine], their_row[theirs] = taken, given
    families[seat] = tuple(row)
    families[other] = tuple(their_row)
    record[R_FAMILIES] = tuple(families)
    record[R_USED] &= ~WINDOW
    record[R_LOG] = None  # built when asked (see DoubleSevenState.log)
    record[R_PARENT] = s
    record[R_LAST_MOVE] = move
    retrieves = None
    # the parts of s's legal moves, if they were asked and no move played from s took them
    # yet (pop is atomic: one thread gets them); copied, as another thread may still read
    # them as s's legal moves
    parts = s[R_MEMO].pop("parts", None)
    if given[2] or taken[2]:  # the clovered families move with the exchange
        clovered = list(record[R_CLOVERED])  # (player, family number, animal) each
        if given[2]:
            clovered.remove((seat, move.mine, given[0]))
            clovered.append((other, move.theirs, given[0]))
        if taken[2]:
            clovered.remove((other, move.theirs, taken[0]))
            clovered.append((seat, move.mine, taken[0]))
        clovered.sort()
        record[R_CLOVERED] = clovered = tuple(clovered)
        if parts is not None:
            retrieves = _retrieves(seat, parts[P_RACK_MOVES].rack, clovered)
    if parts is not None:  # the legal moves of s were asked: those after it will be too
        parts = parts.copy()
        parts[P_EXPANDS] = parts[P_EXPANDS].copy()  # the expansions by family, changed in place
        if parts[P_ANIMALS] is not None:  # the animal of each family, changed in place
            parts[P_ANIMALS] = parts[P_ANIMALS].copy()
        parts = _exchanged_parts(parts, mine, given[0], taken[0], retrieves)
        record[R_MEMO] = {"parts": parts}
    return _new(type(s), record)


def _play_start(s, move):
    kinds = move.kinds
    animal = kinds[0]  # a start is sorted: its animal, then its clovers
    seat = s[R_TURN]
    racks = s[R_RACKS]
    rack = racks[seat]
    have = kinds.count(animal)
    clovers = len(kinds) - have
    if is_sept(len(kinds)) or len(kinds) == sum(rack):  # Sept! or Vide!
        return _apply(s, move)
    rack = list(rack)
    rack[animal] -= have
    rack[CLOVER] -= clovers
    family = (animal, have, clovers)
    families = s[R_FAMILIES]
    mine = families[seat]
    families = _set(families, seat, (*mine, family))
    if clovers:
        sizes, clovered = _derive(families)
    else:
        sizes, clovered = _set(s[R_SIZES], seat, (*s[R_SIZES][seat], len(kinds))), None
    return _acted(s, move, _set(racks, seat, tuple(rack)), families, sizes, clovered)


def _acted(s, move, racks, families, sizes, clovered):
    """The state after an action that changed only racks and families (no call, the turn
    goes on); ``clovered`` None keeps that of ``s``."""
    record = _record(s)
    record[R_RACKS], record[R_FAMILIES], record[R_USED] = racks, families, s[R_USED] & ~WINDOW
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
    record[R_SIZES] = sizes
    if clovered is not None:
        record[R_CLOVERED] = clovered
    return _new(type(s), record)


def _play_expand(s, move):
    mine = s[R_FAMILIES][s[R_TURN]]
    index = move.family - 1
    animal, a, c = mine[index]
    kinds = move.kinds
    seat = s[R_TURN]
    racks = s[R_RACKS]
    rack = racks[seat]
    have = kinds.count(animal)
    clovers = len(kinds) - have
    if is_sept(a + c + len(kinds)) or len(kinds) == sum(rack):  # Sept! or Vide!
        return _apply(s, move)
    rack = list(rack)
    rack[animal] -= have
    rack[CLOVER] -= clovers
    family = (animal, a + have, c + clovers)
    families = _set(s[R_FAMILIES], seat, _set(mine, index, family))
    if clovers:
        sizes, clovered = _derive(families)
    else:
        sizes = s[R_SIZES]
        sizes, clovered = _set(sizes, seat, _set(sizes[seat], index, a + c + len(kinds))), None
    return _acted(s, move, _set(racks, seat, tuple(rack)), families, sizes, clovered)


def _play_retrieve(s, move):
    seat = s[R_TURN]
    owner = seat if move.owner == NO_ONE else move.owner
    fams = s[R_FAMILIES][owner]
    index = move.family - 1
    animal, a, clovers = fams[index]
    racks = s[R_RACKS]
    families = _set(s[R_FAMILIES], owner, _set(fams, index, (animal, a + 1, clovers - 1)))
    return _acted(s, move, _set(racks, seat, _add(_sub(racks[seat], animal), CLOVER)), families,
                  s[R_SIZES], _clovered(families))


def _play_two_for_one(s, move):
    a, b = move.kinds
    rack = s[R_RACKS][s[R_TURN]]
    seat = s[R_TURN]
    record = _record(s)
    rack = list(rack)
    rack[a] -= 1
    rack[b] -= 1
    record[R_RACKS] = _set(s[R_RACKS], seat, tuple(rack))
    face_up = list(s[R_FACE_UP])
    face_up[a] += 1
    face_up[b] += 1
    record[R_FACE_UP] = tuple(face_up)
    record[R_PHASE], record[R_TO_DRAW], record[R_DRAW_FOR] = DRAW_PHASE, 1, "two-for-one"
    record[R_USED] = s[R_USED] & ~WINDOW | TWO_FOR_ONE_USED
    record[R_BLOCKED] = (a, b) if s[R_RULES].two_for_one_take_back == "forbidden" else ()
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
    return _new(type(s), record)


def _play_discard(s, move):
    kind = move.kind
    seat = s[R_TURN]
    record = _record(s)
    record[R_RACKS] = racks = _set(s[R_RACKS], seat, _sub(s[R_RACKS][seat], kind))
    if not _next_turn(s, record, racks):
        return _apply(s, move)
    record[R_OUT] = _add(s[R_OUT], kind)
    record[R_LOG], record[R_PARENT], record[R_LAST_MOVE] = None, s, move
    return _new(type(s), record)


_PLAY = {Word: _play_word, Tile: _play_tile, DrawFaceUp: _play_draw_face_up,
         Exchange: _play_exchange, Start: _play_start, Expand: _play_expand,
         Retrieve: _play_retrieve, TwoForOne: _play_two_for_one, Discard: _play_discard}
if set(_PLAY) != set(MOVE_CLASSES):  # every move class the game reads has its transition
    raise AssertionError("_PLAY and MOVE_CLASSES differ")


def _sept(w, seat: int, animal: int, before: int, after: int) -> None:
    """Sept! (D5), the token supply (D7), Double Sept! (D6) and the end it triggers (D8)."""
    rules = w.rules
    if rules.token_award == "crossing":
        if is_sept(before) or not is_sept(after):  # the family crosses 7 now
            return
    elif not is_sept(after) or w.earned[seat] >> animal & 1:
        return
    else:
        w.earned = _set(w.earned, seat, w.earned[seat] | 1 << animal)
    w.septs = _set(w.septs, seat, w.septs[seat] + 1)
    if rules.token_supply == "unlimited" or sum(w.tokens) < SEVEN_TOKENS:
        w.tokens = _set(w.tokens, seat, w.tokens[seat] + 1)
        w.events.append(("sept", seat, animal))
    else:
        w.events.append(("sept-no-token", seat, animal))
    if w.septs[seat] >= 2 and w.holder == NO_ONE:
        w.holder = seat
        w.events.append(("double-sept", seat))
        if w.trigger == NO_ONE:
            w.trigger = seat
            w.events.append(("end-77", seat))
        else:
            w.events.append(("first-trigger-stands", seat, w.trigger))


def _vide(w, seat: int) -> None:
    if not sum(w.racks[seat]):
        w.events.append(("vide", seat))
        _end_turn(w)


def _after_draw(w) -> None:
    w.to_draw -= 1
    if w.to_draw > 0 and w.available:
        w.phase = DRAW_PHASE
        return
    if w.to_draw > 0:  # told first: the draw stops, then what the last tile brings about
        w.events.append(("nothing-left", w.turn))
    if not w.available and w.trigger == NO_ONE:
        w.trigger = w.turn
        w.events.append(("end-last-tile", w.turn))
    w.phase = ACT_PHASE
    w.blocked = ()
    if w.draw_for == "turn":
        w.used |= WINDOW
    w.to_draw, w.draw_for = 0, "turn"


def _begin_turn(w, seat: int) -> None:
    w.turn = seat
    w.used, w.blocked, w.draw_for = 0, (), "turn"
    if w.trigger != NO_ONE:
        w.events.append(("final-turn", seat))
    if not sum(w.face_up) and sum(w.reserve):
        w.phase = FLIP_PHASE
        w.to_draw = tiles_to_draw(sum(w.racks[seat]))
        return
    _setup_draw(w)


def _setup_draw(w) -> None:
    seat = w.turn
    w.draw_for = "turn"
    w.to_draw = tiles_to_draw(sum(w.racks[seat]))
    if not w.available:
        w.phase, w.to_draw = ACT_PHASE, 0
        w.events.append(("no-draw", seat))
        return
    w.phase = DRAW_PHASE


def _end_turn(w) -> None:
    n = len(w.names)
    following = next_seat(w.turn, n)
    w.used, w.blocked, w.to_draw, w.draw_for = 0, (), 0, "turn"
    if w.trigger != NO_ONE and following == w.trigger:
        w.turn, w.phase = None, OVER_PHASE
        scores = tuple(points(w.families[p], w.tokens[p], w.holder == p) for p in range(n))
        w.events.append(("game-over", scores, _winners(scores, w.holder), w.holder))
        return
    _begin_turn(w, following)


def _winners(scores, holder) -> tuple:
    best = max(scores)
    tied = tuple(p for p, s in enumerate(scores) if s == best)
    if len(tied) > 1 and holder in tied:
        return (holder,)
    return tied
