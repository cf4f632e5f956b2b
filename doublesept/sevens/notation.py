"""Sevens positions written as text, built from parts, and recorded for save files.

A position that cannot happen (a card twice, 53 cards, a row with a hole, a
turn that belongs to nobody) is refused with an error that names the problem.
"""

from __future__ import annotations

from ..cards import (
    CARD_STYLES,
    DECK,
    SUITS,
    Card,
    card,
    cards_in,
    join_spaced_cards,
    parse_card,
    parse_cards,
)
from ..core.notation import position_lines
from ..core.numbers import MAX_WHOLE, check_whole, read_whole
from ..core.saveload import field
from ..errors import NotationError, OptionError, PositionError, SaveFormatError, shown
from .rules import (
    _FIELDS,
    ACE_HIGH,
    DEFAULT_ROUNDS,
    FIRST_OPTIONS,
    MAX_ROUNDS,
    MIN_ROUNDS,
    OPTIONS,
    SevensRules,
    card_at,
)
from .state import (
    MAX_SEED,
    Dealt,
    SevensState,
    _holder,
    _make,
    _names,
    parse_move,
)

_short = shown  # how an error message quotes a bad value: short, and never an error itself

MAX_SCORE = 10**9  # penalty points: far beyond any match, and short enough to print

# ---------------------------------------------------------------- positions


def to_text(state: SevensState, style: str = "symbol") -> str:
    """The position in the notation ``position()`` reads back; cards in ``style``
    ("symbol", "letter" or "fr"). Raises NotationError for another style."""
    if style not in CARD_STYLES:
        raise NotationError(f"the card style is one of {', '.join(CARD_STYLES)}, "
                            f"not {_short(style)}",
                            f"le style des cartes est {', '.join(CARD_STYLES)}, "
                            f"pas {_short(style)}")
    return position_text(
        names=state.names, dealer=state.dealer, round=state.round, rounds=state.rules.rounds,
        tie_break=state.tie_break_players if state.round > state.rules.rounds else None,
        rules=state.rules.to_text(skip=("rounds",)) if state.rules.changes() else "",
        scores=state.scores, chips=state.chips or None,
        pot=state.pot if state.chips else None, passes=state.passes or None,
        table=" ".join(_row_text(state.row(s), style) for s in range(4) if state.row(s)),
        hands=[[c.text(style) for c in cards_in(hand)] for hand in state.hand_masks],
        turn=state.turn, seed=state.seed)


def position_text(*, names, dealer: int, round: int, rounds: int, tie_break, rules: str,
                  scores, chips, pot, passes, table: str, hands, turn: int | None,
                  seed: int) -> str:
    """The lines of a written position, from its fields, in the order ``position()`` reads
    them: the one writer of the notation, used by ``to_text`` and by the position editor
    (whose draft may hold a position the engine refuses, so it is written field by field).

    ``names``: the players' names; ``dealer``, ``turn`` (None once the round is over) and
    ``tie_break`` (seats, or None) are seats; ``rules``: the ``rules:`` line without the
    rounds ('' for none); ``scores``, ``chips``, ``pot``, ``passes``: None to leave the line
    out; ``table``: the table's line ('' for an empty table); ``hands``: one list of card
    texts per seat (``...`` included where a hand receives the unplaced cards)."""
    lines = ["players: " + ", ".join(names), f"dealer: {names[dealer]}",
             f"round: {round} of {rounds}"]
    if tie_break is not None:
        lines.append("tie-break: " + ", ".join(names[p] for p in tie_break))
    if rules:
        lines.append("rules: " + rules)
    for label, values in (("scores", scores), ("chips", chips)):
        if values is not None:
            lines.append(f"{label}: " + ", ".join(str(v) for v in values))
    if pot is not None:
        lines.append(f"pot: {pot}")
    if passes is not None:
        lines.append("passes: " + ", ".join(str(p) for p in passes))
    lines.append("table: " + (table or "-"))
    for name, hand in zip(names, hands):
        lines.append(f"{name}: " + (" ".join(hand) or "-"))
    lines.append("turn: " + ("-" if turn is None else names[turn]))
    lines.append(f"seed: {seed}")
    return "\n".join(lines)



def _row_text(ends, style: str) -> str:
    low, high = ends
    return low.text(style) if low is high else f"{low.text(style)}-{high.text(style)}"


def from_parts(*, players, hands, table=(), turn, dealer=None, round=1, rounds=DEFAULT_ROUNDS,
               scores=None, seed=0, rules=None, chips=None, pot=None,
               passes=None, tie_break=None) -> SevensState:
    """Build a position from its parts, refusing any that cannot happen.

    ``hands`` is a list (one per player) of cards or card texts; ``table`` is the
    cards on the table; ``turn`` and ``dealer`` are player indices or names
    (``turn`` is None once the round is over). ``rules`` is a SevensRules, or a
    dict of its options; without it, the default rules with ``rounds`` rounds.
    With the ``chips`` option, ``chips`` is each player's stack and ``pot`` the
    pot (default: every stack less the ante, which is in the pot); they must hold
    the players' starting chips between them (sevens.chips). When passes are
    counted (``passing="shichi-narabe"``, ``elimination="three-passes"``),
    ``passes`` is each player's passes this hand (default 0); a player at the limit
    is out of the hand. ``tie_break`` lists the players (indices or names) of a
    tie-break deal (``tie_break="extra-deal"``), played as round ``rounds + 1``; the
    others sit out with empty hands.
    """
    names = _names(players)
    n = len(names)
    if rules is None:
        rules = SevensRules(check_whole(rounds, "[sevens.match-length] rounds", MIN_ROUNDS,
                                        MAX_ROUNDS, error=OptionError))
    elif isinstance(rules, dict):
        for key in rules:
            if not isinstance(key, str):
                raise OptionError(f"rules: an option is named by text, not {_short(key)}; "
                                  f"the options of sevens are {', '.join(OPTIONS.names)}")
        rules = SevensRules(**rules)
    elif not isinstance(rules, SevensRules):
        raise PositionError(f"rules: expected SevensRules or a dict, not {_short(rules)}")
    seed = check_whole(seed, "seed", 0, MAX_SEED)
    hands = _sequence(hands, "hands", "one hand per player")
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
        hand = _sequence(hand, f"{name}'s hand", "cards such as '7♦' or ['7♦', '8♠']")
        hand_masks.append(sum(place(c, f"{name}'s hand").bit for c in hand))
    if isinstance(table, str):
        table = _read_table(table, rules.ace_high)
    table = _sequence(table, "table", "cards such as ['6♦', '7♦']")
    table_cards = [place(c, "the table") for c in table]
    outside = [str(c) for c in where if not c.bit & rules.deck_mask]
    if outside:
        raise PositionError(f"[sevens.german-deck] {' '.join(outside[:8])} "
                            f"{'is' if len(outside) == 1 else 'are'} not in the German 32-card "
                            "deck, which runs from 7 to ace in each suit")
    size = rules.deck_size
    if len(where) != size:
        missing = [str(c) for c in DECK if c not in where and c.bit & rules.deck_mask]
        raise PositionError(
            f"{len(where)} cards are placed, but all {size} must be: missing "
            f"{' '.join(missing[:8])}{' …' if len(missing) > 8 else ''}; "
            "write 'Name: ...' to give the rest to that player")
    ends = [0] * 8
    start = rules.start_rank
    start_rule = "sevens.seven-starts-row" if start == 7 else "sevens.german-start"
    for s in range(4):
        ranks = sorted(rules.position(c) for c in table_cards if c.suit == s)
        if not ranks:
            continue
        if start not in ranks:
            first = card(start, s)
            raise PositionError(f"[{start_rule}] the {SUITS[s]} row "
                                f"{' '.join(str(card_at(r, s)) for r in ranks)} has no "
                                f"{'7' if start == 7 else first}: every row grows from its "
                                f"{rules.start_en}")
        for r in range(ranks[0], ranks[-1] + 1):
            if r not in ranks:
                raise PositionError(f"[sevens.build] the {SUITS[s]} row has a hole: "
                                    f"{card_at(r, s)} is missing between "
                                    f"{card_at(ranks[0], s)} and {card_at(ranks[-1], s)}")
        ends[2 * s], ends[2 * s + 1] = ranks[0], ranks[-1]
    opening = rules.opening
    if opening == "all-sevens":
        if any(not ends[2 * s] for s in range(4)):
            raise PositionError(f"[sevens.all-sevens-first] with all sevens laid out first, the "
                                f"four {rules.starts_en} are on the table from the deal on")
    elif opening != "any" and table_cards and rules.opening_card not in table_cards:
        raise PositionError(f"[sevens.opening] {rules.opening_card} opens every round, so no "
                            "card can be on the table before it")
    chips, pot = _chips_part(rules, n, chips, pot)
    passes, out = _passes_part(rules, n, passes)

    def player_index(value, field):
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < n:
                return check_whole(value, field, 0, n - 1)  # a plain int, even from a subclass
            raise PositionError(f"{field}: player number {_short(value)} does not exist "
                                f"(there are {n} players, numbered 0 to {n - 1})")
        if isinstance(value, str) and value in names:
            return names.index(value)
        raise PositionError(f"{field}: {_short(value)} is not one of the players "
                            f"({', '.join(names)})")

    dealer_index = n - 1 if dealer is None else player_index(dealer, "dealer")
    sitting_out = 0
    if tie_break is not None:
        if rules.tie_break != "extra-deal":
            raise PositionError("tie-break: ties are shared under these rules; a tie-break "
                                "deal needs tie_break=extra-deal (sevens.tie-break-deal)")
        seats = _sequence(tie_break, "tie-break", "the players of the tie-break deal")
        if len(seats) < 2:
            raise PositionError("tie-break: a tie-break deal is between 2 players or more")
        seats = {player_index(s, "tie-break") for s in seats}
        for p in range(n):
            if p not in seats:
                sitting_out |= 1 << p
                if hand_masks[p] or passes and passes[p]:
                    raise PositionError(f"tie-break: {names[p]} sits out the tie-break deal, "
                                        "so has no cards and no passes")
        out |= sitting_out
    empty = [names[p] for p, h in enumerate(hand_masks) if not h and not sitting_out >> p & 1]
    if len(empty) > 1:
        raise PositionError(f"{' and '.join(empty)} both have empty hands, but the round ends "
                            "as soon as one hand is empty (sevens.round-end)")
    left_in = [p for p in range(n) if not out >> p & 1]
    if empty and out >> names.index(empty[0]) & 1:
        raise PositionError(f"{empty[0]} has no cards left but is out of the hand: a player "
                            "who is out keeps their cards")
    if not empty and len(left_in) == 1:  # the others are out: the round is over
        if turn is not None:
            raise PositionError(f"turn: only {names[left_in[0]]} is left in the hand, so the "
                                "round is over and nobody is to play; write 'turn: -'")
        turn_index = None
    elif empty:
        if not table_cards or (opening == "all-sevens" and len(table_cards) == 4):
            raise PositionError(f"{empty[0]} has no cards, but no card has been played yet: "
                                "every player starts a round with cards")
        if turn is not None:
            raise PositionError(f"turn: {empty[0]} has no cards left, so the round is over and "
                                "nobody is to play; write 'turn: -'")
        turn_index = None
    else:
        if turn is None:
            raise PositionError("turn: the round is on (no hand is empty), so the turn must "
                                "belong to one of the players")
        turn_index = player_index(turn, "turn")
        if out >> turn_index & 1:
            raise PositionError(f"turn: {names[turn_index]} is out of the hand, so the turn "
                                "cannot be theirs")
        if not table_cards and opening != "any" and rules.passing == "must-play" \
                and not hand_masks[turn_index] & rules.opening_cards:
            holder = names[_holder(hand_masks, rules.opening_cards)]
            raise PositionError(f"[sevens.opening] the table is empty, so the turn belongs to "
                                f"{holder}, who holds {rules.opening_card}")
    if tie_break is None:
        round = check_whole(round, "round", 1, rules.rounds)
    elif round != rules.rounds + 1:
        raise PositionError(f"tie-break: the tie-break deal comes after the last round, as "
                            f"round {rules.rounds + 1} of {rules.rounds}")
    if scores is None:
        scores = [0] * n
    scores = _sequence(scores, "scores", f"{n} whole numbers of 0 or more, one per player")
    if len(scores) != n:
        raise PositionError(f"scores: need {n} whole numbers of 0 or more, one per player")
    scores = [check_whole(s, "scores", 0, MAX_SCORE) for s in scores]
    if round == 1 and turn_index is not None and any(scores):
        raise PositionError("scores: no round has finished yet in round 1, so every score is 0; "
                            "write 'round: 2 of 3' (or later) to bring totals to the table")
    if round == 1 and turn_index is not None and chips and max(chips) > rules.chips - 1:
        raise PositionError(f"[sevens.ante] chips: in round 1 every player has paid the "
                            f"1-chip ante from the {rules.chips} chips they started with, and "
                            f"chips only go into the pot until the round ends, so no stack "
                            f"holds more than {rules.chips - 1}, not {max(chips)}; write "
                            f"'round: 2 of {rules.rounds}' (or later) for bigger stacks")
    if chips and turn_index is None and pot:
        raise PositionError("pot: the round is over and its winner has taken the pot "
                            "(sevens.pot), so the pot is 0")
    return _make(rules, names, hand_masks, ends, turn_index, dealer_index, round, scores, seed,
                 chips, pot, passes, sitting_out)


def _chips_part(rules: SevensRules, n: int, chips, pot) -> tuple:
    """The stacks and the pot of a position, checked (sevens.chips)."""
    if not rules.chips:
        if chips is not None and list(_sequence(chips, "chips", "a list")) or pot:
            raise PositionError("chips: this game is not played for chips (the chips option "
                                "is 0), so it has no stacks and no pot")
        return (), 0
    if chips is None:
        chips = [rules.chips - 1] * n
        if pot is None:
            pot = n
    chips = _sequence(chips, "chips", f"{n} whole numbers of 0 or more, one per player")
    if len(chips) != n:
        raise PositionError(f"chips: need {n} whole numbers of 0 or more, one per player")
    limit = n * rules.chips
    chips = tuple(check_whole(c, "chips", 0, limit) for c in chips)
    pot = check_whole(0 if pot is None else pot, "pot", 0, limit)
    total = sum(chips) + pot
    if total != limit:
        raise PositionError(f"[sevens.chips] the stacks and the pot hold {total} chips, but "
                            f"{n} players starting with {rules.chips} chips hold {limit}: "
                            "chips never appear or vanish")
    return chips, pot


def _passes_part(rules: SevensRules, n: int, passes) -> tuple:
    """Each player's passes this hand and the players out of it (sevens.free-passes,
    sevens.last-pass, sevens.three-pass-elimination)."""
    limit = rules.eliminated_at
    if not limit:
        if passes is not None and any(_sequence(passes, "passes", "a list")):
            raise PositionError("passes: passes are counted only with passing=shichi-narabe or "
                                "elimination=three-passes")
        return (), 0
    if passes is None:
        passes = [0] * n
    passes = _sequence(passes, "passes", f"{n} whole numbers from 0 to {limit}, one per player")
    if len(passes) != n:
        raise PositionError(f"passes: need {n} whole numbers from 0 to {limit}, one per player")
    passes = tuple(check_whole(p, "passes", 0, limit) for p in passes)
    out = 0
    for player, count in enumerate(passes):
        if count >= limit:
            out |= 1 << player
    if out.bit_count() >= n:
        raise PositionError("passes: every player is out of the hand, but the round ends when "
                            "one player is left in")
    return passes, out


def _sequence(value, what: str, expected: str) -> list:
    """``value`` as a list, if it is a list, a tuple or another sequence of items (not text);
    PositionError naming ``what`` otherwise."""
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, (str, bytes, bytearray, dict)) or not hasattr(value, "__iter__") \
            or isinstance(value, type):
        raise PositionError(f"{what}: expected {expected}, as a list; not {_short(value)}")
    try:
        return list(value)
    except Exception:  # noqa: BLE001 - an iterable that fails while it is read
        raise PositionError(f"{what}: expected {expected}, as a list; not {_short(value)}") \
            from None


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
    fields, hand_lines = position_lines(text, _FIELDS)
    if "players" not in fields:
        raise NotationError("the position needs a 'players:' line naming the players")
    names = [n.strip() for n in fields["players"].split(",") if n.strip()]
    for name in hand_lines:
        if name not in names:
            raise NotationError(f"{name!r} has a hand but is not in 'players: {fields['players']}'")
    rules = None
    if "rules" in fields:
        rules = OPTIONS.read_text(fields["rules"])
        if "rounds" in rules:
            raise NotationError("rules: the number of rounds goes on the round line, "
                                "as in 'round: 1 of 5'")
    german = rules is not None and rules.get("deck") == "german"  # ruling S7
    table = _read_table(fields.get("table", "-"), german)
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
        rest = [c for c in DECK if c not in used and (not german or c.rank in _GERMAN_RANKS)]
        for i, c in enumerate(rest):
            hands[rest_players[i % len(rest_players)]].append(c)
    rounds, round_number = DEFAULT_ROUNDS, 1
    if "round" in fields:
        parts = fields["round"].replace("/", " of ").split("of")
        try:
            if len(parts) > 2:
                raise NotationError("too many parts")
            round_number = read_whole(parts[0], "round", 1, MAX_WHOLE)
            if len(parts) > 1:
                rounds = read_whole(parts[1], "round (the number of rounds)", 1, MAX_WHOLE)
        except NotationError as err:
            raise NotationError(f"round: {_short(fields['round'])} should read like '1 of 3', "
                                f"in the digits 0-9 ({err})") from None
    scores = None
    if "scores" in fields:
        scores = [read_whole(s, "scores", 0, MAX_SCORE) for s in fields["scores"].split(",")]
    chips = pot = passes = None
    if "chips" in fields:
        chips = [read_whole(c, "chips", 0, MAX_SCORE) for c in fields["chips"].split(",")]
    if "pot" in fields:
        pot = read_whole(fields["pot"], "pot", 0, MAX_SCORE)
    if "passes" in fields:
        passes = [read_whole(c, "passes", 0, MAX_SCORE) for c in fields["passes"].split(",")]
    tie_break = None
    if "tie-break" in fields:
        tie_break = [name.strip() for name in fields["tie-break"].split(",") if name.strip()]
    if rules is not None:
        rules["rounds"] = rounds
    seed = 0
    if "seed" in fields:
        seed = read_whole(fields["seed"], "seed", 0, MAX_SEED)
    if "turn" not in fields:
        raise NotationError("the position needs a 'turn:' line: a player's name, or '-' once "
                            "the round is over")
    turn = None if fields["turn"] in ("-", "") else fields["turn"]
    return from_parts(players=names, hands=hands, table=table, turn=turn,
                      dealer=fields.get("dealer"), round=round_number, rounds=rounds, rules=rules,
                      scores=scores, seed=seed, chips=chips, pot=pot, passes=passes,
                      tie_break=tie_break)


_GERMAN_RANKS = (1, 7, 8, 9, 10, 11, 12, 13)  # the German 32-card deck (ruling S7)


def _read_table(text: str, ace_high: bool = False) -> list[Card]:
    """The table's cards from rows such as '6♦-8♦ 7♠'; with ``ace_high`` (the German deck)
    a row may end with its ace: 'J♦-A♦'."""
    if text.strip() in ("-", ""):
        return []
    cards: list[Card] = []
    for token in join_spaced_cards(text).replace(",", " ").split():
        if "-" in token[1:]:
            cut = token.index("-", 1)
            low, high = parse_card(token[:cut]), parse_card(token[cut + 1:])
            a, b = low.rank, high.rank
            if ace_high:
                a, b = (ACE_HIGH if a == 1 else a), (ACE_HIGH if b == 1 else b)
            if low.suit != high.suit or a > b:
                raise NotationError(f"table: {token!r} should be a run of one suit, low to high, "
                                    "such as '6♦-8♦'")
            run = [card_at(r, low.suit) for r in range(a, b + 1)]
        else:
            run = [parse_card(token)]
        for c in run:
            if c in cards:
                raise PositionError(f"{c} is on the table twice")
            cards.append(c)
    return cards


# ---------------------------------------------------------------- save and load


def start_record(state: SevensState) -> dict:
    """The root position of ``state`` as plain JSON data."""
    root = state.root
    record = {
        "players": list(root.names),
        "rules": root.rules.record(),
        "round": root.round,
        "dealer": root.dealer,
        "scores": list(root.scores),
        "table": [str(c) for c in root.table],
        "hands": [[str(c) for c in hand] for hand in root.hands],
        "turn": root.turn,
        "seed": root.seed,
    }
    if root.chips:
        record["chips"] = list(root.chips)
        record["pot"] = root.pot
    if root.passes:
        record["passes"] = list(root.passes)
    if root.tie_break_players:
        record["tie_break"] = list(root.tie_break_players)
    return record


def _rules_record(record: dict) -> SevensRules:
    expected = SevensRules().as_dict()
    unknown = sorted(set(record) - set(expected))
    if unknown:
        raise SaveFormatError(f"start.rules.{str(unknown[0])[:40]}: not a rule option")
    values = {key: field(record, f"start.rules.{key}", type(default))
              for key, default in expected.items() if key in FIRST_OPTIONS or key in record}
    for key, option in OPTIONS.options.items():
        if option.is_number and key in values:  # no huge number reaches the options (their message names the rule)
            check_whole(values[key], f"start.rules.{key}", -MAX_WHOLE, MAX_WHOLE,
                        error=SaveFormatError)
    return SevensRules(**values)


def from_record(start: dict) -> SevensState:
    """Rebuild a root position from ``start_record`` data; errors name the field."""
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
        chips=field(start, "start.chips", list) if "chips" in start else None,
        pot=field(start, "start.pot", int) if "pot" in start else None,
        passes=field(start, "start.passes", list) if "passes" in start else None,
        tie_break=field(start, "start.tie_break", list) if "tie_break" in start else None,
    )


def move_record(move):
    """One move of a save: text for a card or a pass; for a deal, the hands dealt
    (``{"deal": [["A♣", ...], ...]}``), so loading does not depend on a generator."""
    if move.__class__ is Dealt:
        return {"deal": [[str(c) for c in hand] for hand in move.hands]}
    return move.text()


def move_from_record(entry):
    """The move written by ``move_record`` (or, in a version 1 save, "deal" as text).

    Raises NotationError or SaveFormatError saying what is wrong."""
    if isinstance(entry, str):
        return parse_move(entry)
    if isinstance(entry, dict) and set(entry) == {"deal"}:
        hands = entry["deal"]
        if isinstance(hands, list) and all(
                isinstance(hand, list) and all(isinstance(c, str) for c in hand)
                for hand in hands):
            return Dealt.of(hands)
    raise SaveFormatError(f"a move is text such as '8♠', or a deal written as "
                          f"{{\"deal\": [[cards], ...]}}, not {_short(entry)}")
