"""Reading an observation for Flip 7's exact odds (``odds.exact_odds``): what the odds need
from ``state.observation(seat)`` or ``state.observation(None)`` (``_Seen``: the seat's
numbers, modifiers and Second Chance, its status, whether it is the only active player, the
counts of the deck and of the discards, the Flip 7 bonus and the ``nested_actions`` rule
option), checked field by field.

A malformed observation is refused with a PositionError naming the field: a card that is
not a Flip 7 card, a count out of range, more copies seen than the deck has, fewer than the
94 cards in all (rule flip7.deck, ruling F1), a missing field, a seat that does not exist.
``_kind`` and ``_field_error`` also read the card texts of the optimal policy's round decks
and holdings (``policy``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotationError, PositionError, shown
from .rules import COPIES, DECK_SIZE, FREEZE, KINDS, NAMES_EN, SECOND_CHANCE, card

_KIND_OF = {name: kind for kind, name in enumerate(NAMES_EN)}
_STATUSES = ("active", "stayed", "frozen", "busted")


@dataclass(frozen=True)
class _Seen:
    """What the odds need from an observation, checked."""

    seat: int
    nums: int  # the seat's number cards, bit n for the number n
    mods: int  # its modifiers, bit 0 for ×2, bits 1-5 for +2 … +10
    chance: int  # 1 if it holds a Second Chance
    status: str
    alone: bool  # the only active player
    deck: tuple  # per kind, the copies in the deck
    discards: tuple  # per kind, the copies in the discards
    bonus: int
    nested: str  # the nested_actions rule option
    flip7: bool  # the seat has seven different numbers
    kept: bool = False  # freeze_placement="in-front": a frozen line holds its Freeze


def _field_error(name: str, why: str) -> PositionError:
    return PositionError(f"observation[{name!r}]: {why}")


def _get(mapping, key, name: str, kind):
    if not isinstance(mapping, dict) or key not in mapping:
        raise _field_error(name, "is missing")
    value = mapping[key]
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _field_error(name, f"must be a whole number, not {shown(value)}")
    elif not isinstance(value, kind):
        raise _field_error(name, f"must be a {kind.__name__}, not {shown(value)}")
    return value


def _kind(text, name: str) -> int:
    kind = _KIND_OF.get(text) if isinstance(text, str) else None
    if kind is None:
        try:
            kind = card(text).kind
        except NotationError:
            raise _field_error(name, f"{shown(text)} is not a Flip 7 card") from None
    return kind


def _counts(observation, name: str) -> list:
    pile = _get(observation, name, name, dict)
    counts = [0] * KINDS
    for text, copies in pile.items():
        kind = _kind(text, name)
        if not isinstance(copies, int) or isinstance(copies, bool) or \
                not 0 <= copies <= COPIES[kind]:
            raise _field_error(name, f"{shown(text)}: {shown(copies)} is not a number of "
                               f"copies from 0 to {COPIES[kind]}")
        counts[kind] += copies
    return counts


def _read(observation, seat, bonus) -> _Seen:
    if not isinstance(observation, dict):
        raise PositionError(f"an observation is a dict (state.observation(seat)), not "
                            f"{shown(observation)}")
    lines = _get(observation, "lines", "lines", list)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(lines):
        raise PositionError(f"seat: must be a player number from 0 to {len(lines) - 1}, not "
                            f"{shown(seat)}")
    deck = _counts(observation, "deck")
    discards = _counts(observation, "discards")
    size = _get(observation, "deck_size", "deck_size", int)
    if size != sum(deck):
        raise _field_error("deck_size", f"{size} is not the number of cards in 'deck' "
                           f"({sum(deck)})")
    placed = [deck[k] + discards[k] for k in range(KINDS)]
    rules = observation.get("rules")
    kept = isinstance(rules, dict) and rules.get("freeze_placement") == "in-front"
    for text in _get(observation, "set_aside", "set_aside", list):
        placed[_kind(text, "set_aside")] += 1
    active = 0
    mine = None
    for p, line in enumerate(lines):
        where = f"lines[{p}]"
        if not isinstance(line, dict):
            raise _field_error(where, f"must be a dict, not {shown(line)}")
        status = _get(line, "status", f"{where}.status", str)
        if status not in _STATUSES:
            raise _field_error(f"{where}.status", f"{shown(status)} is not one of "
                               f"{', '.join(_STATUSES)}")
        nums = mods = 0
        dups = 0
        for text in _get(line, "numbers", f"{where}.numbers", list):
            kind = _kind(text, f"{where}.numbers")
            if kind > 12:
                raise _field_error(f"{where}.numbers", f"{shown(text)} is not a number card")
            placed[kind] += 1
            if nums >> kind & 1:
                dups += 1
            nums |= 1 << kind
        if dups > (status == "busted"):
            raise _field_error(f"{where}.numbers", "a duplicate number is only in front of a "
                               "player who busted, once")
        for text in _get(line, "modifiers", f"{where}.modifiers", list):
            kind = _kind(text, f"{where}.modifiers")
            if not 13 <= kind <= 18 or mods >> (kind - 13) & 1:
                raise _field_error(f"{where}.modifiers", f"{shown(text)} is not a modifier, "
                                   "or is there twice")
            placed[kind] += 1
            mods |= 1 << (kind - 13)
        chance = _get(line, "second_chance", f"{where}.second_chance", bool)
        placed[SECOND_CHANCE] += chance
        if status == "active":
            active += 1
        elif kept and status == "frozen":  # its Freeze is in front of it
            placed[FREEZE] += 1
        if p == seat:
            mine = (nums, mods, 1 if chance else 0, status)
    for kind in range(KINDS):
        if placed[kind] > COPIES[kind]:
            raise _field_error("deck", f"{placed[kind]} cards {NAMES_EN[kind]} are seen, but "
                               f"the deck has {COPIES[kind]}")
    if sum(placed) != DECK_SIZE:  # every card is somewhere a seat can see (flip7.deck)
        missing = [f"{COPIES[k] - placed[k]} × {NAMES_EN[k]}" for k in range(KINDS)
                   if placed[k] < COPIES[k]]
        raise _field_error("deck", f"[flip7.deck] {sum(placed)} cards are seen (lines, deck, "
                           f"discards, set_aside), but all {DECK_SIZE} of the game are always "
                           f"somewhere: missing {', '.join(missing[:6])}"
                           f"{' …' if len(missing) > 6 else ''}")
    if bonus is None:
        rules = _get(observation, "rules", "rules", dict)
        bonus = _get(rules, "flip7_bonus", "rules.flip7_bonus", int)
        nested = rules.get("nested_actions", "depth-first")
    else:
        if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
            raise PositionError(f"bonus: must be a whole number, not {shown(bonus)}")
        rules = observation.get("rules")
        nested = rules.get("nested_actions", "depth-first") if isinstance(rules, dict) \
            else "depth-first"
    if nested not in ("depth-first", "shared-queue"):
        raise _field_error("rules.nested_actions", f"{shown(nested)} is not depth-first or "
                           "shared-queue")
    nums, mods, chance, status = mine
    flip7 = nums.bit_count() == 7
    if observation.get("turn", 0) is None or any(
            line.get("numbers") and len(set(line["numbers"])) == 7 for line in lines):
        status = status if status != "active" else "over"  # the round is over
    return _Seen(seat, nums, mods, chance, status, status == "active" and active == 1,
                 tuple(deck), tuple(discards), bonus, nested, flip7, kept)
