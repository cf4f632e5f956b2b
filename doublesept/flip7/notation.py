"""Flip 7 positions written as text, and the records of a save file.

A position can stack the deck ("deck: 7, Flip Three, 7, Second Chance, ..."): the cards
listed come next, in that order, and ``...`` stands for every card not written anywhere
else, shuffled. A position that cannot happen (95 cards, a card in two places, two Second
Chances in front of one player, a duplicate number in front of a player who has not
busted) is refused with an error that names the problem.
"""

from __future__ import annotations

from ..core.notation import position_lines
from ..core.numbers import MAX_WHOLE, check_whole, read_whole
from ..core.saveload import field
from ..errors import NotationError, PositionError, SaveFormatError, shown
from .rules import (
    COPIES,
    DECK_SIZE,
    FLIP_THREE,
    FREEZE,
    KINDS,
    NAMES_EN,
    OPTIONS,
    SECOND_CHANCE,
    TARGET,
    Flip7Card,
    Flip7Rules,
    card,
    line_score,
)
from .state import (
    BUSTED,
    DEALT,
    DEFERRED,
    DRAWN,
    FIELDS,
    FLIPS,
    FROZEN,
    GIVEN,
    HITS,
    MAX_SEED,
    STAYED,
    T_ADVANCE,
    T_DEAL,
    T_DRAW,
    T_FLIP,
    T_OFFER,
    T_QUEUE,
    T_SC,
    Flip7State,
    _winner,
    build,
    names_of,
    parse_move,
)

MAX_SCORE = 10**9
REST = ("...", "…")
_STATUSES = {"stayed": STAYED, "frozen": FROZEN, "busted": BUSTED, "stop": STAYED,
             "gel": FROZEN, "gelé": FROZEN, "sauté": BUSTED, "bust": BUSTED}
_DRAW_WORDS = {"deal": DEALT, "draw": HITS, "flip": FLIPS}
_MODE_WORDS = {DRAWN: "", DEFERRED: " aside", GIVEN: " given"}


# ---------------------------------------------------------------- writing


def to_text(state: Flip7State) -> str:
    """The position of ``state`` in the notation ``position()`` reads back."""
    names = state.names
    stack = state.stack
    if len(stack) == state.deck_size:
        deck = [NAMES_EN[k] for k in stack]
    else:
        deck = [*(NAMES_EN[k] for k in stack), "..."]
    tasks = state.tasks
    return position_text(
        names=names, dealer=state.dealer, round=state.round,
        rules=state.rules.to_text() if state.rules.changes() else "", scores=state.scores,
        deck=deck, discards=[NAMES_EN[k] for k in range(KINDS)
                             for _ in range(state.discards[k])],
        lines=[([NAMES_EN[c.kind] for c in line.cards], line.status)
               for line in map(state.line, range(len(names)))],
        turn=state.turn if tasks else None, dealing=bool(tasks) and tasks[0][0] == T_DEAL,
        pending="; ".join(_task_text(names, t) for t in tasks[1:]), seed=state.seed,
        draws=state.draws)


def position_text(*, names, dealer: int, round: int, rules: str, scores, deck, discards,
                  lines, turn: int | None, dealing: bool, pending: str, seed: int,
                  draws: int) -> str:
    """The lines of a written position, from its fields, in the order ``position()`` reads
    them: the one writer of the notation, used by ``to_text`` and by the position editor
    (whose draft may hold a position the engine refuses, so it is written field by field).

    ``names``: the players' names; ``dealer`` and ``turn`` (None: nobody, the round is
    over) are seats; ``dealing``: the turn is in the deal (``turn: Ann (deal)``); ``rules``:
    the ``rules:`` line ('' for none); ``deck`` and ``discards``: card names in order (with
    ``...`` where the rest goes); ``lines``: one (card names, status) per seat; ``pending``:
    the ``pending:`` line ('' for none); ``draws``: 0 leaves its line out."""
    written = [
        "players: " + ", ".join(names),
        f"dealer: {names[dealer]}",
        f"round: {round}",
        *(["rules: " + rules] if rules else []),
        "scores: " + ", ".join(str(s) for s in scores),
        "deck: " + (", ".join(deck) or "-"),
        "discards: " + (", ".join(discards) or "-"),
    ]
    for name, (cards, status) in zip(names, lines, strict=True):
        written.append(f"{name}: " + (", ".join(cards) or "-")
                       + ("" if status == "active" else f" ({status})"))
    written.append("turn: " + ("-" if turn is None else names[turn])
                   + (" (deal)" if dealing else ""))
    if pending:
        written.append("pending: " + pending)
    written.append(f"seed: {seed}")
    if draws:
        written.append(f"draws: {draws}")
    return "\n".join(written)


def _task_text(names, task) -> str:
    code = task[0]
    if code == T_DRAW:
        word = {DEALT: "deal", HITS: "draw", FLIPS: "flip"}[task[2]]
        return f"{word} {names[task[1]]}"
    if code == T_FLIP:
        _, seat, left, entries = task
        text = f"flip-three {names[seat]} {left}"
        if entries:
            text += " aside " + ", ".join(NAMES_EN[e[0]] for e in entries)
        return text
    if code == T_QUEUE:  # "on <player>": its player already chosen (flip7.set-aside-targets)
        return "play " + ", ".join(f"{NAMES_EN[e[0]]}{_MODE_WORDS[e[2]]} by {names[e[1]]}"
                                   + (f" on {names[e[3]]}" if len(e) == 4 else "")
                                   for e in task[1])
    if code == T_SC:
        return f"second-chance {names[task[1]]}"
    if code == T_OFFER:  # in the deal: flip7.deal-card-optional
        return "hit-or-stay"
    raise AssertionError(f"a task that is never pending: {task!r}")


# ---------------------------------------------------------------- reading


def position(text: str) -> Flip7State:
    """Read a position written in the notation of ``Flip7State.to_text``::

        players: Ann, Bob, Cy
        dealer: Ann
        round: 1
        scores: 0, 0, 0
        deck: 7, Flip Three, 7, Second Chance, ...
        discards: -
        Ann: 3, 7, 12, ×2, +4
        Bob: 5, Second Chance (stayed)
        Cy: 4, 9, 9 (busted)
        turn: Ann
        seed: 0

    Only ``players``, each player's line and ``turn`` are required; ``deck`` defaults to
    ``...`` (every card not written elsewhere, shuffled). Cards are separated by commas;
    ``-`` is none. A player's status (stayed, frozen, busted) follows in brackets.
    ``turn`` names the player offered hit or stay, ``Name (deal)`` the player the deal
    has reached, or ``-`` once the round is over. ``pending`` lists what is under way,
    bottom first: ``flip-three Bob 2 aside Freeze``, ``play Freeze by Ann``, ``play Flip
    Three aside by Bob``, ``play Freeze given by Cy``, ``second-chance Ann``, and a card
    to draw: ``deal Bob``, ``draw Bob`` or ``flip Bob``.
    """
    fields, line_texts = position_lines(text, FIELDS)
    if "players" not in fields:
        raise NotationError("the position needs a 'players:' line naming the players")
    names = names_of([n.strip() for n in fields["players"].split(",") if n.strip()])
    n = len(names)
    for name in line_texts:
        if name not in names:
            raise NotationError(f"{shown(name)} has a line but is not in 'players: "
                                f"{shown(fields['players'], 60)}'")
    placed = [0] * KINDS
    where: dict[int, list] = {}

    def place(kind: int, place_name: str) -> None:
        placed[kind] += 1
        where.setdefault(kind, []).append(place_name)

    rules = Flip7Rules(**OPTIONS.read_text(fields["rules"])) if "rules" in fields \
        else Flip7Rules()
    kept = rules.freeze_placement == "in-front"  # flip7.freeze-placement
    # the players' lines
    nums, mods, dups = [0] * n, [0] * n, [-1] * n
    chances = stayed = frozen = busted = freezes = 0
    for p, name in enumerate(names):
        if name not in line_texts:
            raise NotationError(f"{name}'s line is missing: write '{name}: -' for no card")
        body, status = _split_status(line_texts[name], name)
        bit = 1 << p
        if status == STAYED:
            stayed |= bit
        elif status == FROZEN:
            frozen |= bit
        elif status == BUSTED:
            busted |= bit
        for kind in _read_cards(body, f"{name}'s line"):
            place(kind, f"{name}'s line")
            if kind <= 12:
                if nums[p] >> kind & 1:
                    if dups[p] >= 0:
                        raise PositionError(f"[flip7.bust] {name} has two duplicate numbers: a "
                                            "player busts on the first one")
                    dups[p] = kind
                else:
                    nums[p] |= 1 << kind
            elif kind <= 18:
                mods[p] |= 1 << (kind - 13)
            elif kind == SECOND_CHANCE:
                if chances & bit:
                    raise PositionError(f"[flip7.second-chance-limit] {name} has two Second "
                                        "Chances: a player holds at most one")
                chances |= bit
            elif kind == FREEZE and kept and status == FROZEN and not freezes & bit:
                freezes |= bit
            else:
                raise PositionError(f"[flip7.stay-needs-a-card] {name} has a {NAMES_EN[kind]} "
                                    "in front of them: a Freeze or Flip Three is played at once "
                                    "and then discarded, never kept"
                                    + (" (with freeze_placement=in-front, a frozen player "
                                       "keeps the one Freeze that froze them)" if kept else ""))
        if kept and status == FROZEN and not freezes & bit:
            raise PositionError(f"[flip7.freeze-placement] {name} is frozen, and with "
                                "freeze_placement=in-front the Freeze stays in front of them: "
                                "write it in their line")
    # whose turn, and what is pending
    if "turn" not in fields:
        raise NotationError("the position needs a 'turn:' line: a player's name, 'Name "
                            "(deal)', or '-' once the round is over")
    turn_text = fields["turn"]
    dealing = False
    if turn_text.endswith("(deal)"):
        dealing = True
        turn_text = turn_text[:-len("(deal)")].strip()
    turn = None if turn_text in ("-", "") else _seat(turn_text, names, "turn")
    if turn is None and dealing:
        raise NotationError("turn: '(deal)' follows the name of the player the deal has "
                            "reached")
    pending = []
    if "pending" in fields and fields["pending"].strip() not in ("", "-"):
        if turn is None:
            raise PositionError("pending: the round is over (turn: -), so nothing can be "
                                "pending")
        pending = [_read_task(part.strip(), names) for part in fields["pending"].split(";")]
    for task in pending:
        if task[0] == T_FLIP:
            for entry in task[3]:
                place(entry[0], "a Flip Three's cards set aside")
        elif task[0] == T_QUEUE:
            for entry in task[1]:
                place(entry[0], "the action cards waiting to be played")
        elif task[0] == T_SC:
            place(SECOND_CHANCE, "the Second Chance being passed on")
    # the discards and the deck
    discard_kinds, discard_rest = _read_pile(fields.get("discards", "-"), "discards")
    for kind in discard_kinds:
        place(kind, "the discards")
    default_deck = "-" if discard_rest else "..."
    stack, deck_rest = _read_pile(fields.get("deck", default_deck), "deck")
    if deck_rest and discard_rest:
        raise NotationError("deck and discards: only one of them may end with '...' (the "
                            "rest of the cards)")
    for kind in stack:
        place(kind, "the deck")
    for kind in range(KINDS):
        if placed[kind] > COPIES[kind]:
            places = ", ".join(sorted(set(where[kind])))
            raise PositionError(f"[flip7.deck] {placed[kind]} cards {NAMES_EN[kind]} are "
                                f"placed ({places}), but the deck has {COPIES[kind]}: a card "
                                "cannot be in two places")
    rest = [COPIES[k] - placed[k] for k in range(KINDS)]
    if sum(rest) and not (deck_rest or discard_rest):
        missing = [NAMES_EN[k] for k in range(KINDS) if rest[k]]
        raise PositionError(f"[flip7.deck] {sum(placed)} cards are placed, but all "
                            f"{DECK_SIZE} must be: missing {', '.join(missing[:8])}"
                            f"{' …' if len(missing) > 8 else ''}; write 'deck: ...' to put "
                            "the rest in the deck")
    deck = [0] * KINDS
    for kind in stack:
        deck[kind] += 1
    discards = [0] * KINDS
    for kind in discard_kinds:
        discards[kind] += 1
    for kind in range(KINDS):
        if deck_rest:
            deck[kind] += rest[kind]
        else:
            discards[kind] += rest[kind]
    # without '...' the whole deck is written, so its whole order is known (the stack)
    # the numbers
    round_number = read_whole(fields.get("round", "1"), "round", 1, MAX_WHOLE)
    scores = [0] * n
    if "scores" in fields:
        scores = [read_whole(s, "scores", 0, MAX_SCORE) for s in fields["scores"].split(",")]
        if len(scores) != n:
            raise PositionError(f"scores: need {n} whole numbers, one per player")
    dealer = _seat(fields["dealer"], names, "dealer") if "dealer" in fields else 0
    seed = read_whole(fields.get("seed", "0"), "seed", 0, MAX_SEED)
    draws = read_whole(fields.get("draws", "0"), "draws", 0, MAX_WHOLE)
    return from_parts(rules=rules, names=names, dealer=dealer, round_number=round_number,
                      scores=scores, seed=seed, draws=draws, deck=deck, stack=stack,
                      discards=discards, nums=nums, mods=mods, dups=dups, chances=chances,
                      stayed=stayed, frozen=frozen, busted=busted, turn=turn,
                      dealing=dealing, pending=pending)


def _split_status(text: str, name: str) -> tuple[str, str | None]:
    body = text.strip()
    if body.endswith(")") and "(" in body:
        cut = body.rindex("(")
        word = body[cut + 1:-1].strip().lower()
        if word not in _STATUSES:
            raise NotationError(f"{name}'s status {shown(word)} is one of stayed, frozen or "
                                "busted")
        return body[:cut].strip(), _STATUSES[word]
    return body, None


def _read_cards(text: str, where: str) -> list[int]:
    text = text.strip()
    if text in ("-", ""):
        return []
    kinds = []
    for token in text.split(","):
        token = token.strip()
        if token in REST:
            raise NotationError(f"{where}: '...' (the rest of the cards) goes in the deck or "
                                "the discards only")
        try:
            kinds.append(card(token).kind)
        except NotationError as err:
            raise NotationError(f"{where}: {err}", f"{where} : {err.reason_fr}") from None
    return kinds


def _read_pile(text: str, where: str) -> tuple[tuple, bool]:
    """The cards of a pile in order, and whether it ends with '...' (the rest)."""
    tokens = [t.strip() for t in text.split(",")]
    rest = bool(tokens) and tokens[-1] in REST
    if rest:
        tokens.pop()
    return tuple(_read_cards(", ".join(tokens), where)), rest


def _seat(text: str, names, where: str) -> int:
    text = text.strip()
    if text in names:
        return names.index(text)
    raise PositionError(f"{where}: {shown(text)} is not one of the players "
                        f"({', '.join(names)})")


def _take_name(text: str, names, where: str) -> tuple[int, str]:
    """The player named at the start of ``text``, and what follows."""
    best = None
    for seat, name in enumerate(names):
        if (text == name or text.startswith(name + " ")) and \
                (best is None or len(name) > len(names[best])):
            best = seat
    if best is None:
        raise NotationError(f"pending: {shown(where)} should name a player "
                            f"({', '.join(names)})")
    return best, text[len(names[best]):].strip()


def _read_task(text: str, names) -> tuple:
    word, _, rest = text.partition(" ")
    word = word.lower()
    if word in _DRAW_WORDS:
        seat, tail = _take_name(rest.strip(), names, text)
        if tail:
            raise NotationError(f"pending: {shown(text)} should read '{word} <player>'")
        return (T_DRAW, seat, _DRAW_WORDS[word])
    if word == "flip-three":
        head, _, aside = rest.partition(" aside ")
        who, _, left = head.strip().rpartition(" ")
        seat, tail = _take_name(who, names, text)
        if tail:
            raise NotationError(f"pending: {shown(text)} should read 'flip-three <player> "
                                "<cards left> [aside <cards>]'")
        left_n = read_whole(left, "pending: the cards left to flip", 0, 3)
        entries = tuple((k, seat, DEFERRED) for k in _read_cards(aside, "pending"))
        _check_actions(entries, text)
        return (T_FLIP, seat, left_n, entries)
    if word == "play":
        entries = []
        for part in rest.split(","):
            what, sep, who = part.strip().partition(" by ")
            if not sep:
                raise NotationError(f"pending: {shown(part.strip())} should read '<card> by "
                                    "<player>' (or '<card> aside by', '<card> given by')")
            mode = DRAWN
            what = what.strip()
            for word_mode, suffix in ((DEFERRED, " aside"), (GIVEN, " given")):
                if what.lower().endswith(suffix):
                    mode, what = word_mode, what[:-len(suffix)]
            seat, tail = _take_name(who.strip(), names, text)
            if tail[:3] == "on ":  # its player chosen (flip7.set-aside-targets, all-first)
                target, rest_ = _take_name(tail[3:].strip(), names, text)
                if not rest_:
                    entries.append((card(what).kind, seat, mode, target))
                    continue
            if tail:
                raise NotationError(f"pending: {shown(part.strip())} should read '<card> by "
                                    "<player>' (or '<card> by <player> on <player>')")
            entries.append((card(what).kind, seat, mode))
        _check_actions(entries, text)
        return (T_QUEUE, tuple(entries))
    if word == "hit-or-stay" and not rest.strip():  # in the deal (flip7.deal-card-optional)
        return (T_OFFER,)
    if word == "second-chance":
        seat, tail = _take_name(rest.strip(), names, text)
        if tail:
            raise NotationError(f"pending: {shown(text)} should read 'second-chance <player>'")
        return (T_SC, seat)
    raise NotationError(f"pending: {shown(text)} is not a pending step: use deal, draw, flip, "
                        "flip-three, play, second-chance or hit-or-stay")


def _check_actions(entries, text: str) -> None:
    for entry in entries:
        if entry[0] not in (FREEZE, FLIP_THREE):
            raise PositionError(f"pending: {shown(text)}: only a Freeze or a Flip Three waits "
                                "to be played on a player")


def from_parts(*, rules, names, dealer, round_number, scores, seed, draws, deck, stack,
               discards, nums, mods, dups, chances, stayed, frozen, busted, turn, dealing,
               pending) -> Flip7State:
    """Build a position from its parts, refusing any that cannot happen."""
    n = len(names)
    if not isinstance(rules, Flip7Rules):
        raise PositionError(f"rules: expected Flip7Rules, not {shown(rules)}")
    check_whole(dealer, "dealer", 0, n - 1)
    check_whole(round_number, "round", 1, MAX_WHOLE)
    check_whole(seed, "seed", 0, MAX_SEED)
    check_whole(draws, "draws", 0, MAX_WHOLE)
    for s in scores:
        check_whole(s, "scores", 0, MAX_SCORE)
    if sum(deck) + sum(discards) + sum(nums[p].bit_count() + (dups[p] >= 0)
                                       + mods[p].bit_count() for p in range(n)) \
            + chances.bit_count() + _pending_count(pending) \
            + (frozen.bit_count() if rules.freeze_placement == "in-front" else 0) != DECK_SIZE:
        raise PositionError(f"[flip7.deck] the cards do not add up to {DECK_SIZE}")
    out = stayed | frozen | busted
    if (stayed & frozen) or (stayed & busted) or (frozen & busted):
        raise PositionError("a player has two statuses")
    flip7 = [p for p in range(n) if nums[p].bit_count() >= 7]
    for p in range(n):
        name = names[p]
        bit = 1 << p
        if (busted & bit) and dups[p] < 0:
            raise PositionError(f"[flip7.bust] {name} is busted but has no duplicate number: "
                                "write the number drawn twice")
        if not (busted & bit) and dups[p] >= 0:
            raise PositionError(f"[flip7.bust] {name} has the number {dups[p]} twice, so has "
                                "busted: write '(busted)' (a Second Chance would have set both "
                                "aside)")
        if nums[p].bit_count() > 7:
            raise PositionError(f"[flip7.flip-7] {name} has {nums[p].bit_count()} different "
                                "numbers, but the round ends at the seventh")
        if nums[p].bit_count() == 7 and busted & bit:
            raise PositionError(f"[flip7.flip-7] {name} has seven different numbers and a "
                                "duplicate, but the round ended at the seventh")
        if (stayed & bit) and not (nums[p] or mods[p] or chances & bit):
            raise PositionError(f"[flip7.stay-needs-a-card] {name} stayed with no card in "
                                "front of them, which is not allowed")
    if len(flip7) > 1:
        raise PositionError("[flip7.flip-7] two players have seven different numbers, but the "
                            "round ends at the first Flip 7")
    active = ((1 << n) - 1) & ~out
    if turn is None:
        if pending:
            raise PositionError("pending: nothing is pending once the round is over")
        if not flip7 and active and (sum(deck) or sum(discards)):
            still = ", ".join(names[p] for p in range(n) if active >> p & 1)
            raise PositionError(f"[flip7.round-end] turn: - says the round is over, but "
                                f"{still} {'is' if active.bit_count() == 1 else 'are'} still "
                                "in play and nobody made a Flip 7")
        if round_number == 1:
            points = _points(rules, nums, mods, busted, n)
            if list(scores) != points:
                raise PositionError(f"scores: after round 1 the totals are that round's "
                                    f"points, {', '.join(map(str, points))}")
    else:
        if flip7:
            raise PositionError(f"[flip7.flip-7] {names[flip7[0]]} has seven different "
                                "numbers, so the round is over: write 'turn: -'")
        if round_number == 1 and any(scores):
            raise PositionError("scores: no round has finished yet in round 1, so every score "
                                "is 0")
        if _winner(scores) is not None:
            raise PositionError("[flip7.game-end] a player is alone at the top with 200 or "
                                f"more ({TARGET}), so the game is over: no round is played")
        if not dealing and not pending and not active >> turn & 1:
            raise PositionError(f"[flip7.turn-order] turn: {names[turn]} is out of the round, "
                                "so cannot be offered hit or stay")
    for i, task in enumerate(pending):
        _check_task(task, i == len(pending) - 1, pending, names, active, busted, chances,
                    turn, dealing)
        if task[0] == T_QUEUE:
            _check_aimed(task[1], rules)
        elif task[0] == T_OFFER and not (
                dealing and len(pending) == 1 and rules.deal_card_when_holding == "hit-or-stay"
                and active >> turn & 1 and (nums[turn] or mods[turn] or chances >> turn & 1)):
            raise PositionError("[flip7.deal-card-optional] pending: 'hit-or-stay' is the only "
                                "step pending while the deal reaches a player who already has "
                                "cards, under deal_card_when_holding=hit-or-stay")
    if dealing:
        start = rules.deal_start_seat(dealer, n)
        index = (turn - start) % n
        bottom = (T_DEAL, index + 1 if pending else index)
    else:
        bottom = (T_OFFER,) if not pending else (T_ADVANCE,)
    tasks = () if turn is None else (bottom, *pending)
    return build(rules, names, dealer=dealer, round_number=round_number, scores=scores,
                 seed=seed, draws=draws, deck=deck, stack=stack, discards=discards, nums=nums,
                 mods=mods, dups=dups, chances=chances, stayed=stayed, frozen=frozen,
                 busted=busted, turn=turn, tasks=tasks)


def _pending_count(pending) -> int:
    total = 0
    for task in pending:
        if task[0] == T_FLIP:
            total += len(task[3])
        elif task[0] == T_QUEUE:
            total += len(task[1])
        elif task[0] == T_SC:
            total += 1
    return total


def _points(rules, nums, mods, busted, n) -> list:
    return [0 if busted >> p & 1 else
            line_score(nums[p], mods[p], nums[p].bit_count() == 7, rules.flip7_bonus)
            for p in range(n)]


def _check_task(task, is_top, pending, names, active, busted, chances, turn, dealing) -> None:
    code = task[0]
    if code == T_DRAW:
        seat, context = task[1], task[2]
        if not is_top:
            raise PositionError("pending: a card to draw is drawn at once, so it can only be "
                                "the last step pending")
        if not active >> seat & 1:
            raise PositionError(f"pending: {names[seat]} is out of the round and draws no card")
        if context == DEALT and (not dealing or len(pending) != 1 or seat != turn):
            raise PositionError("pending: 'deal <player>' is the only step pending while the "
                                "deal reaches that player (turn: <player> (deal))")
        if context == HITS and (dealing or len(pending) != 1 or seat != turn):
            raise PositionError("pending: 'draw <player>' is the only step pending, for the "
                                "player whose turn it is")
        if context == FLIPS and (len(pending) < 2 or pending[-2][0] != T_FLIP
                                 or pending[-2][1] != seat):
            raise PositionError("pending: 'flip <player>' follows that player's flip-three")
    elif code == T_FLIP:
        seat = task[1]
        if len(task[3]) + task[2] > 3:
            raise PositionError(f"[flip7.flip-three] pending: {names[seat]} sets aside "
                                f"{len(task[3])} cards with {task[2]} left to flip, but a Flip "
                                "Three flips 3 cards")
        if not (active | busted) >> seat & 1:
            raise PositionError(f"pending: {names[seat]} is out of the round and flips no card")
    elif code == T_SC and not chances >> task[1] & 1:
        raise PositionError(f"[flip7.second-chance-limit] pending: {names[task[1]]} passes "
                            "on a Second Chance only when already holding one")


def _check_aimed(entries, rules) -> None:
    """A queue's cards given their player (``on <player>``): only under
    set_aside_targets=all-first (flip7.set-aside-targets), and after every card still
    waiting for one."""
    lengths = [len(e) for e in entries]
    if 4 not in lengths:
        return
    if rules.set_aside_targets != "all-first":
        raise PositionError("[flip7.set-aside-targets] pending: a card given its player "
                            "('on <player>') waits only under set_aside_targets=all-first")
    if lengths != sorted(lengths):
        raise PositionError("[flip7.set-aside-targets] pending: the cards given their player "
                            "('on <player>') come after the cards still waiting for one")


# ---------------------------------------------------------------- save and load


def start_record(state: Flip7State) -> dict:
    """The root position of ``state`` as JSON-safe data: its text notation."""
    return {"position": state.root.to_text()}


def from_record(start: dict) -> Flip7State:
    """Rebuild a root position from ``start_record`` data; errors name the field."""
    return position(field(start, "start.position", str))


def move_record(move):
    """One move of a save: text for a player's move; a card drawn is recorded as
    ``{"draw": "7"}``, so loading does not depend on a generator."""
    if move.__class__ is Flip7Card:
        return {"draw": str(move)}
    return move.text()


def move_from_record(entry):
    """The move written by ``move_record``. Raises NotationError or SaveFormatError."""
    if isinstance(entry, str):
        move = parse_move(entry)
        if move.__class__ is Flip7Card:
            raise SaveFormatError(f"a card drawn is recorded as {{\"draw\": ...}}, not "
                                  f"{shown(entry)}")
        return move
    if isinstance(entry, dict) and set(entry) == {"draw"} and isinstance(entry["draw"], str):
        return card(entry["draw"])
    raise SaveFormatError(f"a move is text such as 'hit' or 'freeze 1', or a card drawn "
                          f"written as {{\"draw\": \"7\"}}, not {shown(entry)}")
