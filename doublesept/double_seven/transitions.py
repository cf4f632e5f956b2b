"""Double Seven's transitions: what a legal move does to the state, deciding nothing.

Each move class has one transition (``_PLAY``), given the parent state and a move that
``verdicts._verdict`` found legal; it writes the next state's fields into a record (a list
read by the ``R_`` names) and, when asked (``log`` a list, not None), the raw records of
what happened, which ``events.py`` tells. ``play`` calls it without a log (the next state's
``raw_log`` is None) and ``DoubleSevenState.log`` asks the same transition again from the
parent with one (``_apply``): one transition a move, the log written beside the fields.
The automatic consequences are here: the draw and its end (D3, D14, D16: ``_after_draw``,
``_setup_draw``), Sept!, the token supply, Double Sept! and the end they trigger (D5, D6,
D7, D8, D18: ``_sept``), Vide! (D9, D15: ``_vide``), the turns and the final turns (D8:
``_begin_turn``, ``_end_turn``) and the winners (D12: ``_winners``). A hidden tile comes
from the stack or the generator (``_pick``).

A next state is of its parent's class (``type(s)``), built with ``tuple.__new__``; the fields
derived from the families (``sizes``, ``clovered``) are kept up to date by the transitions
that change families. Imports ``record.py``, ``legal.py`` (the parts of an act state's legal
moves, carried over an exchange), ``verdicts.py`` (``_skips_discard``), ``moves.py`` and
``rules.py``.
"""

from __future__ import annotations

from ..core.moves import Word
from .legal import P_ANIMALS, P_EXPANDS, P_RACK_MOVES, _exchanged_parts, _retrieves
from .moves import (
    DRAW_HIDDEN,
    MOVE_CLASSES,
    PASS,
    RAINBOW,
    Discard,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
)
from .record import (
    _TO_MOVE,
    ACT_PHASE,
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
    R_EARNED,
    R_FACE_UP,
    R_FAMILIES,
    R_FIRST,
    R_HOLDER,
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
    R_SEPTS,
    R_SIZES,
    R_STACK,
    R_TO_DRAW,
    R_TO_MOVE,
    R_TOKENS,
    R_TRIGGER,
    R_TURN,
    R_USED,
    RAINBOW_USED,
    TWO_FOR_ONE_USED,
    WINDOW,
    _clovered,
    _derive,
    _new,
    _set,
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


# record._TO_MOVE's own get (an imported dict's method is looked up at every call otherwise)
_to_move_of = _TO_MOVE.get


def _after(s, transition, move, log):
    """The state after ``move`` (legal, parsed) in ``s``, by ``transition`` (its class's, in
    ``_PLAY``), with its log when ``log`` is a list (None: not asked): the one place a next
    state is built. Its record starts as the fields of ``s`` with a memo of its own (empty);
    the transition changes it (a chance step names its tile as the last move)."""
    record = list(s)
    record[R_MEMO] = {}
    record[R_PARENT], record[R_LAST_MOVE] = s, move
    transition(s, record, move, log)
    record[R_LOG] = None if log is None else tuple(log)
    record[R_TO_MOVE] = _to_move_of(record[R_PHASE], record[R_TURN])  # record._to_move
    return _new(s.__class__, record)


def _apply(s, move):
    """The state after ``move`` (legal, parsed) with its log: ``play``'s transition, asked
    for the log (``DoubleSevenState.log``)."""
    return _after(s, _PLAY[move.__class__], move, [])


def _add_tile(counts: tuple, kind: int) -> tuple:
    """``counts`` (by kind) with one tile of ``kind`` more."""
    counts = list(counts)
    counts[kind] += 1
    return tuple(counts)


def _take_tile(counts: tuple, kind: int) -> tuple:
    """``counts`` (by kind) with one tile of ``kind`` less."""
    counts = list(counts)
    counts[kind] -= 1
    return tuple(counts)


def _with_tile(racks: tuple, seat: int, kind: int) -> tuple:
    """``racks`` with one tile of ``kind`` more on ``seat``'s rack."""
    racks = list(racks)
    rack = list(racks[seat])
    rack[kind] += 1
    racks[seat] = tuple(rack)
    return tuple(racks)


# ---------------------------------------------------------------- chance steps


def _play_tile(s, record, move, log):
    """A hidden tile, named (a stacked reserve's top, or a chance outcome chosen)."""
    _hidden(s, record, move.kind, log)


def _hidden(s, record, kind: int, log):
    """A hidden tile of ``kind`` leaves the reserve (the generator's counter moves on): dealt
    (doubleseven.setup), turned face up (doubleseven.flip) or drawn (doubleseven.draw-source)."""
    reserve = list(record[R_RESERVE])  # _take_tile, inline (every hidden tile)
    reserve[kind] -= 1
    record[R_RESERVE] = tuple(reserve)
    record[R_DRAWS] += 1
    if record[R_STACK]:
        record[R_STACK] = record[R_STACK][1:]
    phase, turn = record[R_PHASE], record[R_TURN]
    if phase == HIDDEN_PHASE:
        record[R_RACKS] = _with_tile(record[R_RACKS], turn, kind)
        if log is not None:
            log.append(("drew-hidden", turn))
        _after_draw(record, log)
    elif phase == FLIP_PHASE:
        record[R_FACE_UP] = _add_tile(record[R_FACE_UP], kind)
        if log is not None:
            log.append(("flipped", turn, kind))
        _setup_draw(record, log)
    else:  # the deal, one tile at a time (the last begins the first turn)
        seat = deal_seat(record[R_FIRST], len(record[R_NAMES]), record[R_TO_DRAW])
        record[R_RACKS] = _with_tile(record[R_RACKS], seat, kind)
        record[R_TO_DRAW] -= 1
        if log is not None:
            log.append(("dealt", seat))
        if not record[R_TO_DRAW]:
            _begin_turn(record, record[R_FIRST], log)
    record[R_LAST_MOVE] = TILES[kind]


# ---------------------------------------------------------------- the draw and the discard


def _play_word(s, record, move, log):
    """Pass, Rainbow, draw hidden, or a chance step's request (deal, flip, reveal)."""
    if move is PASS:
        _pass(s, record, log)
    elif move is DRAW_HIDDEN:  # chance reveals the tile next (the hidden phase)
        record[R_PHASE] = HIDDEN_PHASE
    elif move is RAINBOW:
        _rainbow(s, record, log)
    else:  # deal, flip, reveal: chance picks the tile
        _hidden(s, record, _pick(s), log)


def _play_draw_face_up(s, record, move, log):
    """A face-up tile taken in a draw (doubleseven.draw-source)."""
    kind = move.kind
    seat = record[R_TURN]
    face_up = list(record[R_FACE_UP])  # _take_tile, inline (every face-up tile drawn)
    face_up[kind] -= 1
    record[R_FACE_UP] = tuple(face_up)
    record[R_RACKS] = _with_tile(record[R_RACKS], seat, kind)
    if log is not None:
        log.append(("drew-face-up", seat, kind))
    _after_draw(record, log)


def _play_discard(s, record, move, log):
    """A tile discarded out of the game at the end of a turn (doubleseven.discard, D9)."""
    kind = move.kind
    seat = record[R_TURN]
    racks = list(record[R_RACKS])
    racks[seat] = _take_tile(racks[seat], kind)
    record[R_RACKS] = tuple(racks)
    record[R_OUT] = _add_tile(record[R_OUT], kind)
    if log is not None:
        log.append(("discarded", seat, kind))
    _end_turn(record, log)


# ---------------------------------------------------------------- the actions


def _pass(s, record, log):
    """Pass (doubleseven.pass): a discard follows at 6 tiles or more (D9, D19), else the
    turn ends."""
    seat = record[R_TURN]
    record[R_USED] &= ~WINDOW
    if log is not None:
        log.append(("passed", seat))
    if sum(record[R_RACKS][seat]) >= DISCARD_AT and not _skips_discard(s):
        record[R_PHASE] = DISCARD_PHASE
    else:
        _end_turn(record, log)


def _rainbow(s, record, log):
    """Rainbow (doubleseven.rainbow): the rack is shown, and 1 tile more is drawn."""
    seat = record[R_TURN]
    record[R_USED] = record[R_USED] & ~WINDOW | RAINBOW_USED
    if log is not None:
        log.append(("rainbow", seat, record[R_RACKS][seat]))
    record[R_PHASE], record[R_TO_DRAW], record[R_DRAW_FOR] = DRAW_PHASE, 1, "rainbow"


def _placed(record: list, seat: int, kinds: tuple, animal: int) -> None:
    """``kinds`` (tiles of ``animal`` and clovers) leave ``seat``'s rack in ``record``."""
    have = kinds.count(animal)
    racks = list(record[R_RACKS])
    rack = list(racks[seat])
    rack[animal] -= have
    rack[CLOVER] -= len(kinds) - have
    racks[seat] = tuple(rack)
    record[R_RACKS] = tuple(racks)


def _play_start(s, record, move, log):
    """A family started (doubleseven.start-family), then Sept! (D5) and Vide! (D9)."""
    kinds = move.kinds
    animal = kinds[0]  # a start is sorted: its animal, then its clovers
    have = kinds.count(animal)
    seat = record[R_TURN]
    record[R_USED] &= ~WINDOW
    _placed(record, seat, kinds, animal)
    family = (animal, have, len(kinds) - have)
    families = list(record[R_FAMILIES])
    mine = families[seat]
    families[seat] = (*mine, family)
    record[R_FAMILIES] = families = tuple(families)
    if have < len(kinds):  # with clovers: the clovered families change too
        record[R_SIZES], record[R_CLOVERED] = _derive(families)
    else:
        sizes = list(record[R_SIZES])
        sizes[seat] = (*sizes[seat], len(kinds))
        record[R_SIZES] = tuple(sizes)
    if log is not None:
        log.append(("started", seat, len(mine), family))
    _sept(record, seat, animal, FAMILY_START, len(kinds), log)
    _vide(record, seat, log)


def _play_expand(s, record, move, log):
    """A family expanded (doubleseven.expand-family), then Sept! (D5) and Vide! (D9)."""
    kinds = move.kinds
    index = move.family - 1
    seat = record[R_TURN]
    record[R_USED] &= ~WINDOW
    families = list(record[R_FAMILIES])
    mine = list(families[seat])
    animal, a, c = mine[index]
    have = kinds.count(animal)
    _placed(record, seat, kinds, animal)
    mine[index] = family = (animal, a + have, c + len(kinds) - have)
    families[seat] = tuple(mine)
    record[R_FAMILIES] = families = tuple(families)
    if have < len(kinds):  # with clovers: the clovered families change too
        record[R_SIZES], record[R_CLOVERED] = _derive(families)
    else:
        sizes = list(record[R_SIZES])
        row = list(sizes[seat])
        row[index] = a + c + len(kinds)
        sizes[seat] = tuple(row)
        record[R_SIZES] = tuple(sizes)
    if log is not None:
        log.append(("expanded", seat, index, family))
    _sept(record, seat, animal, a + c, a + c + len(kinds), log)
    _vide(record, seat, log)


def _play_exchange(s, record, move, log):
    """Two families of the same size exchanged (doubleseven.exchange): the sizes stay; an
    exchange played from a state whose legal moves were asked makes the next state's from
    them (``legal._exchanged_parts``)."""
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
    if log is not None:
        log.append(("exchanged", seat, mine, other, theirs, given, taken))
    retrieves = None
    # the parts of s's legal moves, if ``play`` asks (no log) and they were asked and no
    # move played from s took them yet (pop is atomic: one thread gets them); copied, as
    # another thread may still read them as s's legal moves
    parts = s[R_MEMO].pop("parts", None) if log is None else None
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
        record[R_MEMO] = {"parts": _exchanged_parts(parts, mine, given[0], taken[0], retrieves)}


def _play_retrieve(s, record, move, log):
    """A clover retrieved with its family's animal (doubleseven.retrieve-clover)."""
    seat = record[R_TURN]
    owner = seat if move.owner == NO_ONE else move.owner
    index = move.family - 1
    families = list(record[R_FAMILIES])
    fams = list(families[owner])
    animal, a, c = fams[index]
    fams[index] = (animal, a + 1, c - 1)
    families[owner] = tuple(fams)
    record[R_FAMILIES] = families = tuple(families)
    record[R_CLOVERED] = _clovered(families)  # the sizes stay
    racks = list(record[R_RACKS])
    racks[seat] = _add_tile(_take_tile(racks[seat], animal), CLOVER)
    record[R_RACKS] = tuple(racks)
    record[R_USED] &= ~WINDOW
    if log is not None:
        log.append(("retrieved", seat, owner, index, animal))


def _play_two_for_one(s, record, move, log):
    """Two for One (doubleseven.two-for-one): two tiles discarded face up, blocked from
    being taken back under D4's default, then 1 tile drawn."""
    a, b = move.kinds
    seat = record[R_TURN]
    racks = list(record[R_RACKS])
    racks[seat] = _take_tile(_take_tile(racks[seat], a), b)
    record[R_RACKS] = tuple(racks)
    record[R_FACE_UP] = _add_tile(_add_tile(record[R_FACE_UP], a), b)
    record[R_USED] = record[R_USED] & ~WINDOW | TWO_FOR_ONE_USED
    record[R_BLOCKED] = (a, b) if record[R_RULES].two_for_one_take_back == "forbidden" else ()
    if log is not None:
        log.append(("two-for-one", seat, a, b))
    record[R_PHASE], record[R_TO_DRAW], record[R_DRAW_FOR] = DRAW_PHASE, 1, "two-for-one"


_PLAY = {Word: _play_word, Tile: _play_tile, DrawFaceUp: _play_draw_face_up,
         Exchange: _play_exchange, Start: _play_start, Expand: _play_expand,
         Retrieve: _play_retrieve, TwoForOne: _play_two_for_one, Discard: _play_discard}
if set(_PLAY) != set(MOVE_CLASSES):  # every move class the game reads has its transition
    raise AssertionError("_PLAY and MOVE_CLASSES differ")


# ---------------------------------------------------------------- the consequences


def _sept(record: list, seat: int, animal: int, before: int, after: int, log) -> None:
    """Sept! (D5), the token supply (D7), Double Sept! (D6) and the end it triggers (D8)."""
    rules = record[R_RULES]
    if rules.token_award == "crossing":
        if is_sept(before) or not is_sept(after):  # the family crosses 7 now
            return
    elif not is_sept(after) or record[R_EARNED][seat] >> animal & 1:
        return
    else:
        record[R_EARNED] = _set(record[R_EARNED], seat, record[R_EARNED][seat] | 1 << animal)
    record[R_SEPTS] = septs = _set(record[R_SEPTS], seat, record[R_SEPTS][seat] + 1)
    tokens = record[R_TOKENS]
    if rules.token_supply == "unlimited" or sum(tokens) < SEVEN_TOKENS:
        record[R_TOKENS] = _set(tokens, seat, tokens[seat] + 1)
        if log is not None:
            log.append(("sept", seat, animal))
    elif log is not None:
        log.append(("sept-no-token", seat, animal))
    if septs[seat] >= 2 and record[R_HOLDER] == NO_ONE:
        record[R_HOLDER] = seat
        if log is not None:
            log.append(("double-sept", seat))
        if record[R_TRIGGER] == NO_ONE:
            record[R_TRIGGER] = seat
            if log is not None:
                log.append(("end-77", seat))
        elif log is not None:
            log.append(("first-trigger-stands", seat, record[R_TRIGGER]))


def _vide(record: list, seat: int, log) -> None:
    """Vide! (D9, D15): the rack is empty, and the turn ends."""
    if not sum(record[R_RACKS][seat]):
        if log is not None:
            log.append(("vide", seat))
        _end_turn(record, log)


def _after_draw(record: list, log) -> None:
    """One tile of a draw is in: the draw goes on, or ends (D3, D14: nothing left; the last
    tile taken triggers the end, D8); after the turn's draw, Rainbow's window opens."""
    to_draw = record[R_TO_DRAW] - 1
    available = sum(record[R_RESERVE]) + sum(record[R_FACE_UP])
    if to_draw > 0 and available:
        record[R_PHASE], record[R_TO_DRAW] = DRAW_PHASE, to_draw
        return
    turn = record[R_TURN]
    if log is not None and to_draw > 0:  # told first: the draw stops, then what it brings
        log.append(("nothing-left", turn))
    if not available and record[R_TRIGGER] == NO_ONE:
        record[R_TRIGGER] = turn
        if log is not None:
            log.append(("end-last-tile", turn))
    if record[R_DRAW_FOR] == "turn":
        record[R_USED] |= WINDOW
    record[R_PHASE], record[R_TO_DRAW], record[R_DRAW_FOR], record[R_BLOCKED] = \
        ACT_PHASE, 0, "turn", ()


def _begin_turn(record: list, seat: int, log) -> None:
    """``seat``'s turn begins: a tile is turned face up when none is (doubleseven.flip),
    then the draw (D3)."""
    record[R_TURN] = seat
    record[R_USED], record[R_BLOCKED], record[R_DRAW_FOR] = 0, (), "turn"
    if log is not None and record[R_TRIGGER] != NO_ONE:
        log.append(("final-turn", seat))
    if sum(record[R_FACE_UP]):
        record[R_PHASE] = DRAW_PHASE
        record[R_TO_DRAW] = tiles_to_draw(sum(record[R_RACKS][seat]))
    elif sum(record[R_RESERVE]):  # none face up: one is turned first
        record[R_PHASE] = FLIP_PHASE
        record[R_TO_DRAW] = tiles_to_draw(sum(record[R_RACKS][seat]))
    else:
        _setup_draw(record, log)  # nothing left to draw


def _setup_draw(record: list, log) -> None:
    """The turn's draw: 2 tiles, 3 from an empty rack (D3); none when none is left."""
    seat = record[R_TURN]
    record[R_DRAW_FOR] = "turn"
    if not (sum(record[R_RESERVE]) or sum(record[R_FACE_UP])):
        record[R_PHASE], record[R_TO_DRAW] = ACT_PHASE, 0
        if log is not None:
            log.append(("no-draw", seat))
        return
    record[R_PHASE] = DRAW_PHASE
    record[R_TO_DRAW] = tiles_to_draw(sum(record[R_RACKS][seat]))


def _end_turn(record: list, log) -> None:
    """The turn ends: the next player's begins, or the game ends when the turn comes back
    to the player who triggered the end (D8), with the scores and the winners (D12)."""
    names = record[R_NAMES]
    n = len(names)
    following = next_seat(record[R_TURN], n)
    record[R_USED], record[R_BLOCKED], record[R_TO_DRAW], record[R_DRAW_FOR] = 0, (), 0, "turn"
    trigger = record[R_TRIGGER]
    if trigger != NO_ONE and following == trigger:
        record[R_TURN], record[R_PHASE] = None, OVER_PHASE
        if log is not None:
            families, tokens, holder = record[R_FAMILIES], record[R_TOKENS], record[R_HOLDER]
            scores = tuple(points(families[p], tokens[p], holder == p) for p in range(n))
            log.append(("game-over", scores, _winners(scores, holder), holder))
        return
    _begin_turn(record, following, log)


def _winners(scores, holder) -> tuple:
    best = max(scores)
    tied = tuple(p for p, s in enumerate(scores) if s == best)
    if len(tied) > 1 and holder in tied:
        return (holder,)
    return tied
