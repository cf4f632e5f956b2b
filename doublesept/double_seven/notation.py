"""Double Seven positions written as text, and the records of a save file.

A position is a few lines, ``field: value``, and one line per player::

    players: Ann, Bob
    turn: Ann
    phase: act
    Ann: rack fox, bird; families squirrel 4
    Bob: rack -; families butterfly 4

Only ``players``, ``turn`` and the players' lines are needed. A player's line has
sections separated by ``;``: ``rack`` (tiles, ``-`` for none), ``families`` (each
``<animal> <tiles>``, with ``+ clover`` or ``+ clover 2`` for clovers: ``bird 6 + clover``
is 6 birds and a clover), ``tokens`` (``7, 7, 77``), and, when they differ from the
tokens, ``septs`` (the Sept! calls made, D7) and ``earned`` (the animals that earned a
'7', under the per-animal option, D5). The other fields:

- ``phase``: deal, flip, draw, hidden (a hidden tile being drawn), rainbow (the actions,
  with the Rainbow window open), act, discard or over (default: act);
- ``draw``: while drawing, the tiles still to draw and what for: ``2``, ``1 rainbow``,
  ``1 two-for-one`` (default: 3 with an empty rack, else 2);
- ``just-discarded``: the two tiles Two for One just discarded (D4);
- ``used``: ``rainbow``, ``two-for-one`` (what was used this turn);
- ``face-up``, ``out`` (out of the game) and ``reserve`` (the hidden tiles): tiles
  separated by commas. ``reserve`` lists its known top first; ``...`` ends it with every
  tile not written anywhere else, shuffled (the default). ``out`` may end with ``...``
  instead, and the reserve is then exactly what is written, in that order;
- ``first`` (the first player), ``trigger`` (who triggered the end, D8), ``rules``
  (options, ``token_award=per-animal``), ``seed`` and ``draws`` (chance steps so far).

A position that cannot happen (92 tiles, a family of clovers alone, a '77' with no
trigger, a phase that does not fit) is refused with a PositionError naming the rule.
"""

from __future__ import annotations

from ..core.notation import position_lines
from ..core.numbers import MAX_WHOLE, check_whole, read_whole
from ..core.saveload import field
from ..errors import NotationError, PositionError, SaveFormatError, shown
from .moves import parse_move
from .record import (
    ACT_PHASE,
    DEAL_PHASE,
    DISCARD_PHASE,
    DRAW_FOR,
    DRAW_PHASE,
    FIELDS,
    FLIP_PHASE,
    HIDDEN_PHASE,
    MAX_SEED,
    NO_ONE,
    OVER_PHASE,
    RAINBOW_USED,
    TWO_FOR_ONE_USED,
    WINDOW,
)
from .rules import (
    ANIMALS,
    CLOVER,
    COPIES,
    KINDS,
    OPTIONS,
    SEVEN_TOKENS,
    START_TILES,
    TILE_COUNT,
    TILES,
    DoubleSevenRules,
    Tile,
    tile_kind,
    tiles_to_draw,
)
from .state import DoubleSevenState, build, names_of

REST = ("...", "…")
_PHASES = {"deal": DEAL_PHASE, "flip": FLIP_PHASE, "draw": DRAW_PHASE, "hidden": HIDDEN_PHASE,
           "rainbow": ACT_PHASE, "act": ACT_PHASE, "discard": DISCARD_PHASE,
           "over": OVER_PHASE}
_SECTIONS = ("rack", "families", "tokens", "septs", "earned")


def _tiles_text(kinds) -> str:
    return ", ".join(ANIMALS[k].en for k in kinds) or "-"


def _counts_text(counts) -> str:
    return _tiles_text(k for k in range(KINDS) for _ in range(counts[k]))


def _family_text(family) -> str:
    animal, a, c = family
    text = f"{ANIMALS[animal].en} {a}"
    if c == 1:
        text += " + clover"
    elif c:
        text += f" + clover {c}"
    return text


# ---------------------------------------------------------------- writing


def to_text(state: DoubleSevenState) -> str:
    """The position of ``state`` in the notation ``position()`` reads back."""
    names = state.names
    lines = ["players: " + ", ".join(names)]
    if state.rules.changes():
        lines.append("rules: " + state.rules.to_text())
    if state.first:
        lines.append(f"first: {names[state.first]}")
    phase = state.phase
    lines.append("turn: " + ("-" if state.turn is None else names[state.turn]))
    lines.append("phase: " + ("rainbow" if phase == ACT_PHASE and state.used & WINDOW
                              else phase))
    if phase in (DRAW_PHASE, HIDDEN_PHASE):
        draw = str(state.to_draw)
        if state.draw_for != "turn":
            draw += " " + state.draw_for
        lines.append("draw: " + draw)
    if state.blocked:
        lines.append("just-discarded: " + _tiles_text(state.blocked))
    used = [word for bit, word in ((RAINBOW_USED, "rainbow"), (TWO_FOR_ONE_USED, "two-for-one"))
            if state.used & bit]
    if used:
        lines.append("used: " + ", ".join(used))
    for p, name in enumerate(names):
        sections = ["rack " + _counts_text(state.racks[p])]
        if state.families[p]:
            sections.append("families " + ", ".join(_family_text(f) for f in state.families[p]))
        tokens = ["7"] * state.tokens[p] + (["77"] if state.holder == p else [])
        if tokens:
            sections.append("tokens " + ", ".join(tokens))
        if state.septs[p] != state.tokens[p]:
            sections.append(f"septs {state.septs[p]}")
        if state.earned[p]:
            sections.append("earned " + ", ".join(ANIMALS[k].en for k in range(KINDS)
                                                  if state.earned[p] >> k & 1))
        lines.append(f"{name}: " + "; ".join(sections))
    lines.append("face-up: " + _counts_text(state.face_up))
    stack = state.stack
    size = sum(state.reserve)
    if not size:
        lines.append("reserve: -")
    elif len(stack) == size:
        lines.append("reserve: " + _tiles_text(stack))
    else:
        lines.append("reserve: " + ", ".join([*(ANIMALS[k].en for k in stack), "..."]))
    lines.append("out: " + _counts_text(state.out))
    if state.trigger != NO_ONE:
        lines.append(f"trigger: {names[state.trigger]}")
    lines.append(f"seed: {state.seed}")
    if state.draws:
        lines.append(f"draws: {state.draws}")
    return "\n".join(lines)


# ---------------------------------------------------------------- reading


def position(text: str) -> DoubleSevenState:
    """Read a position written in the notation of ``DoubleSevenState.to_text`` (see the
    module's docstring)::

        players: Ann, Bob
        turn: Ann
        Ann: rack fox, fox, clover; families bird 7, squirrel 8, fox 2; tokens 7, 7, 77
        Bob: rack -; families butterfly 4
        trigger: Ann

    Raises NotationError for text that does not read, PositionError for a position that
    cannot happen."""
    fields, player_lines = position_lines(text, FIELDS)
    if "players" not in fields:
        raise NotationError("the position needs a 'players:' line naming the players")
    names = names_of([n.strip() for n in fields["players"].split(",") if n.strip()])
    n = len(names)
    for label in player_lines:
        if label not in names:
            raise NotationError(f"{shown(label)} is not a field ({', '.join(FIELDS)}) nor one "
                                f"of the players ({', '.join(names)})")
    rules = DoubleSevenRules(**OPTIONS.read_text(fields["rules"])) if "rules" in fields \
        else DoubleSevenRules()
    racks, families, tokens, septs, earned = [], [], [], [], []
    holder = NO_ONE
    for p, name in enumerate(names):
        parts = _sections(player_lines.get(name, "rack -"), name)
        racks.append(_counts(_read_tiles(parts.get("rack", "-"), f"{name}'s rack")))
        families.append(tuple(_read_family(f.strip(), name)
                              for f in parts.get("families", "-").split(",")
                              if f.strip() not in ("", "-")))
        count = 0
        for token in parts.get("tokens", "-").split(","):
            token = token.strip()
            if token in ("", "-"):
                continue
            if token == "7":
                count += 1
            elif token == "77":
                if holder != NO_ONE:
                    raise PositionError("[doubleseven.tokens] two players hold the '77': there "
                                        "is one")
                holder = p
            else:
                raise NotationError(f"{name}'s tokens: {shown(token)} is not 7 or 77")
        tokens.append(count)
        septs.append(read_whole(parts["septs"], f"{name}'s septs", 0, 99) if "septs" in parts
                     else count)
        mask = 0
        for k in _read_tiles(parts.get("earned", "-"), f"{name}'s earned animals"):
            if k == CLOVER:
                raise PositionError(f"{name}'s earned animals: a clover is no animal")
            mask |= 1 << k
        earned.append(mask)
    face_up = _counts(_read_tiles(fields.get("face-up", "-"), "face-up"))
    out_kinds, out_rest = _read_pile(fields.get("out", "-"), "out")
    stack, reserve_rest = _read_pile(fields.get("reserve", "-" if out_rest else "..."),
                                     "reserve")
    if out_rest and reserve_rest:
        raise NotationError("reserve and out: only one of them may end with '...' (the rest of "
                            "the tiles)")
    placed = [0] * KINDS
    for counts in (*racks, face_up, _counts(out_kinds), _counts(stack)):
        for k in range(KINDS):
            placed[k] += counts[k]
    for fams in families:
        for animal, a, c in fams:
            placed[animal] += a
            placed[CLOVER] += c
    for k in range(KINDS):
        if placed[k] > COPIES[k]:
            raise PositionError(f"[doubleseven.tiles] {placed[k]} {ANIMALS[k].plural_en} are "
                                f"placed, but the game has {COPIES[k]}")
    rest = [COPIES[k] - placed[k] for k in range(KINDS)]
    if sum(rest) and not (out_rest or reserve_rest):
        raise PositionError(f"[doubleseven.tiles] {sum(placed)} tiles are placed, but the game "
                            f"has {TILE_COUNT}: write 'reserve: ...' to put the rest in the "
                            "reserve")
    reserve = list(_counts(stack))
    out = list(_counts(out_kinds))
    for k in range(KINDS):
        if reserve_rest:
            reserve[k] += rest[k]
        else:
            out[k] += rest[k]
    phase_word = fields.get("phase", "act").strip().lower()
    if phase_word not in _PHASES:
        raise NotationError(f"phase: a phase is one of {', '.join(_PHASES)}, not "
                            f"{shown(phase_word)}")
    phase = _PHASES[phase_word]
    turn_text = fields.get("turn")
    if turn_text is None:
        raise NotationError("the position needs a 'turn:' line: a player's name, or '-' once "
                            "the game is over")
    turn = None if turn_text.strip() == "-" else _seat(turn_text, names, "turn")
    first = _seat(fields["first"], names, "first") if "first" in fields else 0
    trigger = _seat(fields["trigger"], names, "trigger") \
        if fields.get("trigger", "-").strip() != "-" else NO_ONE
    used = 0
    for word in fields.get("used", "-").split(","):
        word = word.strip().lower()
        if word in ("", "-"):
            continue
        bit = {"rainbow": RAINBOW_USED, "two-for-one": TWO_FOR_ONE_USED}.get(word)
        if bit is None:
            raise NotationError(f"used: what was used is rainbow or two-for-one, not {shown(word)}")
        used |= bit
    if phase_word == "rainbow":
        used |= WINDOW
    to_draw, draw_for = 0, "turn"
    if phase in (DRAW_PHASE, HIDDEN_PHASE):
        if "draw" in fields:
            count, _, what = fields["draw"].strip().partition(" ")
            to_draw = read_whole(count, "draw", 1, 3)
            draw_for = what.strip().lower() or "turn"
            if draw_for not in DRAW_FOR:
                raise NotationError("draw: what a draw is for is rainbow or two-for-one (nothing for "
                                    f"the turn's draw), not {shown(draw_for)}")
        elif turn is not None:
            to_draw = tiles_to_draw(sum(racks[turn]))
    elif "draw" in fields:
        raise PositionError("draw: only while drawing (phase: draw or hidden)")
    if phase == FLIP_PHASE and turn is not None:
        to_draw = tiles_to_draw(sum(racks[turn]))
    if phase == DEAL_PHASE:
        to_draw = START_TILES * n - sum(sum(r) for r in racks)
    blocked = tuple(_read_tiles(fields.get("just-discarded", "-"), "just-discarded"))
    seed = read_whole(fields.get("seed", "0"), "seed", 0, MAX_SEED)
    draws = read_whole(fields.get("draws", "0"), "draws", 0, MAX_WHOLE)
    return from_parts(rules=rules, names=names, first=first, seed=seed, draws=draws,
                      reserve=reserve, stack=stack, face_up=face_up, out=out, racks=racks,
                      families=families, tokens=tokens, septs=septs, earned=earned,
                      holder=holder, trigger=trigger, turn=turn, phase=phase, to_draw=to_draw,
                      draw_for=draw_for, used=used, blocked=blocked)


def _sections(text: str, name: str) -> dict:
    found = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        word, _, value = part.partition(" ")
        word = word.lower()
        if word not in _SECTIONS:
            raise NotationError(f"{name}'s line: {shown(part)} should start with one of "
                                f"{', '.join(_SECTIONS)}")
        if word in found:
            raise NotationError(f"{name}'s line: {word} is given twice")
        found[word] = value.strip() or "-"
    return found


def _read_tiles(text: str, where: str) -> list:
    text = text.strip()
    if text in ("-", ""):
        return []
    kinds = []
    for token in text.split(","):
        token = token.strip()
        if token in REST:
            raise NotationError(f"{where}: '...' (the rest of the tiles) goes in the reserve or "
                                "out only")
        kind = tile_kind(token)
        if kind is None:
            words = token.split()
            if len(words) > 1 and all(tile_kind(w) is not None for w in words):
                raise NotationError(f"{where}: {shown(token)} is not a tile: separate the "
                                    f"tiles with commas, as in {shown(', '.join(words))}")
            raise NotationError(f"{where}: {shown(token)} is not a tile: write "
                                + ", ".join(a.en for a in ANIMALS))
        kinds.append(kind)
    return kinds


def _read_pile(text: str, where: str) -> tuple:
    tokens = [t.strip() for t in text.split(",")]
    rest = bool(tokens) and tokens[-1] in REST
    if rest:
        tokens.pop()
    return tuple(_read_tiles(", ".join(tokens), where)), rest


def _counts(kinds) -> tuple:
    counts = [0] * KINDS
    for k in kinds:
        counts[k] += 1
    return tuple(counts)


def _read_family(text: str, name: str) -> tuple:
    """``bird 6``, ``bird 6 + clover``, ``bird 5 + clover 2`` (or ``6 birds + 2 clovers``)."""
    parts = [p.strip() for p in text.split("+")]
    if len(parts) > 2:
        raise NotationError(f"{name}'s family {shown(text)}: write '<animal> <tiles>' and "
                            "'+ clover <n>' for clovers")
    animal, animals = _word_number(parts[0], name, text)
    clovers = 0
    if len(parts) == 2:
        kind, clovers = _word_number(parts[1], name, text, default=1)
        if kind != CLOVER:
            raise PositionError(f"[doubleseven.golden-rule] {name}'s family {shown(text)} mixes "
                                "two animals: a family has one animal, and clovers")
    if animal == CLOVER:
        raise PositionError(f"[doubleseven.start-family] {name}'s family {shown(text)} is "
                            "clovers alone, which no family may be")
    return (animal, animals, clovers)


def _word_number(text: str, name: str, whole: str, default: int | None = None) -> tuple:
    words = text.split()
    kind = number = None
    for word in words:
        if word.isascii() and word.isdigit():
            if number is not None:
                break
            number = read_whole(word, f"{name}'s family", 0, 99)
        elif kind is None:
            kind = tile_kind(word)
            if kind is None:
                break
        else:
            kind = None
            break
    else:
        if kind is not None and (number is not None or default is not None):
            return kind, number if number is not None else default
    raise NotationError(f"{name}'s family {shown(whole)}: write '<animal> <tiles>', such as "
                        "'bird 6 + clover'")


def _seat(text: str, names, where: str) -> int:
    text = text.strip()
    if text in names:
        return names.index(text)
    raise PositionError(f"{where}: {shown(text)} is not one of the players "
                        f"({', '.join(names)})")


def _hidden_left(n: int) -> str:
    return "1 hidden tile is left" if n == 1 else f"{n} hidden tiles are left"


def from_parts(*, rules, names, first, seed, draws, reserve, stack, face_up, out, racks,
               families, tokens, septs, earned, holder, trigger, turn, phase, to_draw,
               draw_for, used, blocked) -> DoubleSevenState:
    """Build a position from its parts, refusing any that cannot happen."""
    n = len(names)
    name_of = names.__getitem__
    check_whole(first, "first", 0, n - 1)
    check_whole(seed, "seed", 0, MAX_SEED)
    check_whole(draws, "draws", 0, MAX_WHOLE)
    total = (sum(reserve) + sum(face_up) + sum(out) + sum(sum(r) for r in racks)
             + sum(a + c for fams in families for _, a, c in fams))
    if total != TILE_COUNT:
        raise PositionError(f"[doubleseven.tiles] the tiles add up to {total}, not "
                            f"{TILE_COUNT}")
    for p, fams in enumerate(families):
        for animal, a, c in fams:
            if a < 1:
                raise PositionError(f"[doubleseven.start-family] {name_of(p)}'s family of "
                                    f"{ANIMALS[animal].plural_en} has no {ANIMALS[animal].en}, "
                                    "only clovers: clovers alone are never a family")
            if a + c < 2:
                raise PositionError(f"[doubleseven.start-family] {name_of(p)} has a family of "
                                    f"1 {ANIMALS[animal].en}: a family has at least 2 tiles")
    if rules.token_supply == "eight" and sum(tokens) > SEVEN_TOKENS:
        raise PositionError(f"[doubleseven.token-supply] {sum(tokens)} '7' tokens are held, "
                            f"but there are {SEVEN_TOKENS}")
    for p in range(n):
        if septs[p] < tokens[p]:
            raise PositionError(f"[doubleseven.sept] {name_of(p)} holds {tokens[p]} '7' tokens "
                                f"but made only {septs[p]} Sept! calls")
        if septs[p] > tokens[p] and (rules.token_supply == "unlimited"
                                     or sum(tokens) < SEVEN_TOKENS):
            raise PositionError(f"[doubleseven.token-supply] {name_of(p)} made {septs[p]} Sept! "
                                f"calls but holds {tokens[p]} tokens, though the supply has "
                                "not run out")
        if earned[p] and rules.token_award != "per-animal":
            raise PositionError(f"[doubleseven.sept] {name_of(p)}: earned animals are kept only "
                                "under token_award=per-animal")
        if earned[p].bit_count() > septs[p]:
            raise PositionError(f"[doubleseven.sept] {name_of(p)} earned a '7' with "
                                f"{earned[p].bit_count()} animals but made {septs[p]} Sept! "
                                "calls")
    if holder != NO_ONE:
        if septs[holder] < 2:
            raise PositionError(f"[doubleseven.double-sept] {name_of(holder)} holds the '77' "
                                "but made fewer than 2 Sept! calls: the '77' comes with the "
                                "second")
        if trigger == NO_ONE:
            raise PositionError("[doubleseven.game-end] the '77' has been taken, so the end is "
                                "triggered: write 'trigger: <player>'")
    elif any(s >= 2 for s in septs):
        raise PositionError("[doubleseven.double-sept] a player made 2 Sept! calls, so the "
                            "'77' has been taken: write 77 in someone's tokens")
    if trigger != NO_ONE and holder == NO_ONE and sum(reserve):
        raise PositionError(f"[doubleseven.game-end] {name_of(trigger)} triggered the end, but "
                            f"nobody holds the '77' and {_hidden_left(sum(reserve))}: "
                            "the end comes with the '77' or with the last tile drawn (D8)")
    available = sum(reserve) + sum(face_up)
    if phase != DEAL_PHASE and not available and trigger == NO_ONE:
        raise PositionError("[doubleseven.game-end] no tile is left to draw, so someone drew "
                            "the last one and triggered the end: write 'trigger: <player>'")
    if phase == OVER_PHASE:
        if turn is not None:
            raise PositionError("turn: the game is over (phase: over), so write 'turn: -'")
        if trigger == NO_ONE:
            raise PositionError("[doubleseven.game-end] the game is over, so someone triggered "
                                "the end: write 'trigger: <player>'")
        if used or blocked:
            raise PositionError("used: nothing is used once the game is over")
    else:
        if turn is None:
            raise PositionError("turn: '-' means the game is over: write 'phase: over', or "
                                "name the player whose turn it is")
        if trigger != NO_ONE and turn == trigger and phase in (FLIP_PHASE, DEAL_PHASE):
            raise PositionError(f"[doubleseven.final-turns] {name_of(turn)} triggered the end, "
                                "so does not start another turn")
    if phase == DEAL_PHASE:
        if any(families) or any(face_up) or any(out) or any(tokens) or holder != NO_ONE \
                or trigger != NO_ONE or used or blocked:
            raise PositionError("[doubleseven.setup] during the deal only racks hold tiles")
        dealt = START_TILES * n - to_draw
        if not 0 <= dealt < START_TILES * n:
            raise PositionError("[doubleseven.setup] the deal gives 3 tiles each: "
                                f"{dealt} are dealt")
        for p in range(n):
            expected = sum(1 for i in range(dealt) if (first + i) % n == p)
            if sum(racks[p]) != expected:
                raise PositionError(f"[doubleseven.setup] the deal goes round from "
                                    f"{name_of(first)}, one tile at a time: {name_of(p)} should "
                                    f"have {expected} tiles")
        if turn != first:
            raise PositionError(f"turn: during the deal, write the first player "
                                f"({name_of(first)})")
    elif phase == FLIP_PHASE:
        if sum(face_up) or not sum(reserve):
            raise PositionError("[doubleseven.flip] a tile is flipped only when none is face up "
                                "and hidden tiles are left")
        if used or blocked:
            raise PositionError("[doubleseven.flip] the flip starts a turn: nothing is used yet")
    elif phase in (DRAW_PHASE, HIDDEN_PHASE):
        if draw_for == "two-for-one" and not used & TWO_FOR_ONE_USED:
            raise PositionError("[doubleseven.two-for-one] a Two for One draw needs 'used: "
                                "two-for-one'")
        if draw_for == "rainbow" and not used & RAINBOW_USED:
            raise PositionError("[doubleseven.rainbow] a Rainbow draw needs 'used: rainbow'")
        if draw_for != "turn" and to_draw != 1:
            raise PositionError("[doubleseven.draw] Rainbow and Two for One draw 1 tile")
        if blocked:
            if draw_for != "two-for-one" or rules.two_for_one_take_back == "allowed" \
                    or len(blocked) != 2:
                raise PositionError("[doubleseven.two-for-one] just-discarded: the two tiles of "
                                    "a Two for One being drawn for, when they may not be taken "
                                    "back")
            counts = _counts(blocked)
            if any(face_up[k] < counts[k] for k in range(KINDS)):
                raise PositionError("[doubleseven.two-for-one] just-discarded: those tiles are "
                                    "face up")
        elif draw_for == "two-for-one" and rules.two_for_one_take_back == "forbidden":
            raise PositionError("[doubleseven.two-for-one] write the two tiles just discarded: "
                                "'just-discarded: <tile>, <tile>'")
        if phase == HIDDEN_PHASE and not sum(reserve):
            raise PositionError("[doubleseven.short-reserve] a hidden tile is drawn, but none is "
                                "left")
        takeable = available - len(blocked)
        if takeable < 1:
            raise PositionError("[doubleseven.short-reserve] the draw goes on only while a tile "
                                "is left to take")
    else:
        if blocked:
            raise PositionError("just-discarded: only while Two for One's tile is drawn")
    if used & WINDOW and used & (RAINBOW_USED | TWO_FOR_ONE_USED):
        raise PositionError("[doubleseven.rainbow-timing] the Rainbow window is open only "
                            "straight after the draw, before Rainbow or any action")
    if phase == DISCARD_PHASE and sum(racks[turn]) < 6:
        raise PositionError(f"[doubleseven.discard] {name_of(turn)} discards only with 6 or "
                            "more tiles on the rack")
    if not isinstance(rules, DoubleSevenRules):
        raise PositionError(f"rules: expected DoubleSevenRules, not {shown(rules)}")
    return build(rules, names, first=first, seed=seed, draws=draws, reserve=reserve,
                 stack=stack, face_up=face_up, out=out, racks=racks, families=families,
                 tokens=tokens, septs=septs, earned=earned, holder=holder, trigger=trigger,
                 turn=turn, phase=phase, to_draw=to_draw, draw_for=draw_for, used=used,
                 blocked=blocked)


# ---------------------------------------------------------------- save and load


def start_record(state: DoubleSevenState) -> dict:
    """The root position of ``state`` as JSON-safe data: its text notation."""
    return {"position": state.root.to_text()}


def from_record(start: dict) -> DoubleSevenState:
    """Rebuild a root position from ``start_record`` data; errors name the field."""
    return position(field(start, "start.position", str))


def move_record(move):
    """One move of a save: its text; a tile chance picked is recorded as ``{"tile":
    "fox"}``, so loading does not depend on a generator."""
    if move.__class__ is Tile:
        return {"tile": move.text()}
    return move.text()


def move_from_record(entry):
    """The move written by ``move_record``. Raises NotationError or SaveFormatError."""
    if isinstance(entry, str):
        move = parse_move(entry)
        if move.__class__ is Tile:
            raise SaveFormatError(f"a tile picked by chance is recorded as {{\"tile\": ...}}, "
                                  f"not {shown(entry)}")
        return move
    if isinstance(entry, dict) and set(entry) == {"tile"} and isinstance(entry["tile"], str):
        kind = tile_kind(entry["tile"])
        if kind is None:
            raise SaveFormatError(f"a tile picked by chance: {shown(entry['tile'])} is not a "
                                  "tile: write " + ", ".join(a.en for a in ANIMALS))
        return TILES[kind]
    raise SaveFormatError(f"a move is text such as 'draw hidden', or a tile picked by chance "
                          f"written as {{\"tile\": \"fox\"}}, not {shown(entry)}")
