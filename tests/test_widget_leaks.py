"""Nothing hidden reaches the browser (issue 20): what a seat's widget sends is what that seat
may see, ``state.observation(seat)``, and the teacher's view with the hands hidden sends no hand.

Every widget class of ``doublesept.widgets`` (the tables, the try-a-move tables, the games
against the computer) plays full games with a seat set (and as the teacher's view with the
hands hidden, or watching the computers), through its own intents: each click is the
message the page would send, through the same handler (``_on_msg``); a table, which has no
moves of its own, is given each next position through ``.state``, as a lesson does. After
every step, what reaches the page and the notebook file (every ``sync=True`` trait, which
the page reads and an exported notebook saves as the widget state, and the output's
``text/html`` and ``text/plain``, which nbconvert keeps) must be the same as for a *twin*.

The twin is the same widget, sent the same messages, on a game that differs only in what
the viewer may not see. Each state of the game has an image, made once, with:

- the other seats' hidden cards dealt again among the places that hide them (Double
  Seven: the other racks and the hidden reserve, each rack keeping its size; Sevens: the
  other hands, keeping what is public: the opening card's holder while it opens, each
  hand's penalty once the round is over); the seed, and the stacked top of the reserve
  or the deck, changed too (Flip 7: every card lies face up, so only those);
- the last move, when the viewer's observation does not name it (a tile dealt or drawn
  hidden to another seat), replaced by another tile; a deal's outcome by the image's own
  hands.

The engine itself vouches for each image: the viewer's ``observation`` of it is that of
the state it stands for. The twin's states play through the real ones (an image's
``play`` plays its original and images the result) and its computers choose on the real
states, so the two games go the same way; only what the viewer cannot see differs. A
widget that sends one hidden card (a move text, a message, a history line, a rack, the
order of the deck) sends a different payload from its twin's, and the test names the
first field that differs. While a teacher's switch shows every hand, nothing is compared
(everything is to be seen); once it is off again, everything is.

The check fails on the issue's bug (``view["moves"]``, the plain move texts).
"""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from doublesept import CHANCE, double_seven, flip7, sevens
from doublesept.cards import parse_card
from doublesept.double_seven import ANIMALS, KINDS, TILES, DoubleSevenState
from doublesept.double_seven import players as d7_players
from doublesept.double_seven.moves import Exchange, Expand, Retrieve, Start, TwoForOne
from doublesept.flip7 import Flip7State
from doublesept.flip7 import players as f7_players
from doublesept.sevens import SevensState
from doublesept.sevens import players as s7_players
from doublesept.sevens.state import Dealt
from doublesept.widgets import (
    LANGS,
    DoubleSevenPlay,
    DoubleSevenTable,
    DoubleSevenTryMoves,
    Flip7Play,
    Flip7Table,
    Flip7TryMoves,
    PlayWidget,
    SevensPlay,
    SevensTable,
    SevensTryMoves,
)

ALL = "every seat"  # what a view shows when it shows every hand

# ---------------------------------------------------------------- the images of the states

_IMAGES: dict = {}  # id(image) -> (image, original, twins): every image alive


def _play_through(self, move):
    """An image plays its original, and the result is imaged in turn."""
    _, original, twins = _IMAGES[id(self)]
    return twins.image(original.play(move), parent=self)


_TWIN_CLASS = {base: type(f"Twin{base.__name__}", (base,), {"__slots__": (),
                                                             "play": _play_through})
               for base in (DoubleSevenState, SevensState, Flip7State)}

_ANY_CARD = ((1 << 52) - 1,)
_EACH_RANK = tuple(sum(1 << (suit * 13 + rank - 1) for suit in range(4)) for rank in range(1, 14))
_UNSET = object()


def _last_move_hidden(state, shown) -> bool:
    """True when the viewer (who sees the hands ``shown``) may not see the last move: its
    observation writes it as a spectator's does, and some seat's observation otherwise."""
    if state.last_move is None or shown == ALL:
        return False
    spectator = state.observation(None)["last_move"]
    viewer = state.observation(next(iter(shown)))["last_move"] if shown else spectator
    return viewer == spectator and any(state.observation(q)["last_move"] != spectator
                                       for q in range(len(state.names)))


def _double_seven_changes(state, hidden, rng, last_hidden) -> dict:
    racks, reserve = list(state.racks), list(state.reserve)
    if hidden:
        pool = [k for k in range(KINDS) for _ in range(reserve[k])]
        for p in hidden:
            pool += [k for k in range(KINDS) for _ in range(racks[p][k])]
        rng.shuffle(pool)
        for p in hidden:
            size = sum(racks[p])
            taken, pool = pool[:size], pool[size:]
            racks[p] = tuple(taken.count(k) for k in range(KINDS))
        reserve = [pool.count(k) for k in range(KINDS)]
    left = [k for k in range(KINDS) for _ in range(reserve[k])]
    changes = {"racks": tuple(racks), "reserve": tuple(reserve), "seed": rng.getrandbits(63),
               "stack": tuple(rng.sample(left, min(len(left), rng.randrange(3)))),
               "raw_log": state.log}  # the events stay those of the game played
    if last_hidden:
        move = state.last_move
        assert move.__class__ is TILES[0].__class__, f"a hidden move that is not a tile: {move}"
        changes["last_move"] = TILES[(move.kind + 1 + rng.randrange(KINDS - 1)) % KINDS]
    return changes


def _sevens_changes(state, hidden, rng, last_hidden) -> dict:
    assert not last_hidden, f"a hidden Sevens move: {state.last_move}"
    masks = list(state.hand_masks)
    keep = 0
    if not state.table_mask and state.turn is not None and state.rules.opening in ("7♦", "7♥"):
        keep = parse_card(state.rules.opening).bit  # who opens holds it: public
    for group in (_ANY_CARD if state.turn is not None else _EACH_RANK):
        holders, bits = [], []
        for p in hidden:
            mask = masks[p] & group & ~keep
            masks[p] ^= mask
            while mask:
                low = mask & -mask
                holders.append(p)
                bits.append(low)
                mask ^= low
        rng.shuffle(bits)
        for p, bit in zip(holders, bits, strict=True):
            masks[p] |= bit
    changes = {"hand_masks": tuple(masks), "seed": rng.getrandbits(63)}
    if state.last_move.__class__ is Dealt:  # the outcome of a deal holds every hand
        changes["last_move"] = Dealt(masks)
    return changes


def _flip7_changes(state, hidden, rng, last_hidden) -> dict:
    assert not last_hidden, f"a hidden Flip 7 move: {state.last_move}"
    stack = list(state.stack)
    rng.shuffle(stack)
    return {"seed": rng.getrandbits(63), "stack": tuple(stack)}


_CHANGES = {DoubleSevenState: _double_seven_changes, SevensState: _sevens_changes,
            Flip7State: _flip7_changes}


class Twins:
    """The images of one game's states for a viewer who sees the hands ``shown`` (a set of
    seats, or ALL); ``rng`` draws the hidden cards again."""

    def __init__(self, shown, rng: random.Random):
        self.shown = shown
        self.rng = rng

    def original(self, image):
        return _IMAGES[id(image)][1]

    def image(self, original, parent=_UNSET):
        """The image of ``original``, whose parent is ``parent`` (by default, the images of
        the whole line from the root are made)."""
        if parent is _UNSET:
            line = []
            while original is not None:
                line.append(original)
                original = original.parent
            made = None
            for state in reversed(line):
                made = self.image(state, made)
            return made
        base = next(b for b in _CHANGES if isinstance(original, b))
        seats = range(len(original.names))
        hidden = [] if self.shown == ALL else [p for p in seats if p not in self.shown]
        last_hidden = original.parent is not None and _last_move_hidden(original, self.shown)
        changes = _CHANGES[base](original, hidden, self.rng, last_hidden)
        made = tuple.__new__(_TWIN_CLASS[base],
                             original._replace(parent=parent, **changes))
        _IMAGES[id(made)] = (made, original, self)
        # the engine vouches for the image: the viewer cannot tell the two apart
        viewers = [None, *seats] if self.shown == ALL else \
            [next(iter(self.shown))] if self.shown else [None]
        for viewer in viewers:
            assert made.observation(viewer) == original.observation(viewer), \
                f"the test's image of a state differs for seat {viewer}"
        return made


@pytest.fixture(autouse=True)
def _forget_images():
    yield
    _IMAGES.clear()


# ---------------------------------------------------------------- the widget and its twin


def shown_hands(widget):
    """The hands ``widget`` may show now, from its settings: ALL, or a set of seats."""
    if isinstance(widget, (Flip7Table,)):
        return ALL  # every card face up: only the deck's order is hidden
    if isinstance(widget, PlayWidget):
        teacher = widget.show_all_racks if isinstance(widget, DoubleSevenPlay) \
            else widget.show_all_hands
        if teacher:
            return ALL
        return frozenset() if widget.seat is None else frozenset({widget.seat})
    if not widget.show_hands:
        return frozenset()
    return ALL if widget.seat is None else frozenset({widget.seat})


def payload(widget) -> dict:
    """What reaches the page and the notebook file: every synced trait (the widget state
    the page reads and an exported notebook saves; ``layout`` is another widget, named by
    its model id) and the output's pictures (``text/html``, ``text/plain``)."""
    traits = widget.get_state()
    traits.pop("layout")
    data = widget._repr_mimebundle_()[0]
    return {**traits, "text/html": data["text/html"], "text/plain": data["text/plain"]}


def first_difference(a, b, path="view"):
    if type(a) is not type(b):
        return f"{path}: {a!r} / {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}[{key!r}] is in one payload only"
            found = first_difference(a[key], b[key], f"{path}[{key!r}]")
            if found:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None if len(a) == len(b) else f"{path}: {len(a)} items / {len(b)}"
    return None if a == b else f"{path}: {a!r} / {b!r}"


class Pair:
    """A widget and its twin, sent the same messages."""

    def __init__(self, widget, twin, twins: Twins, label: str):
        self.widget, self.twin, self.twins, self.label = widget, twin, twins, label
        self.compared = 0

    def send(self, content: dict) -> None:
        for w in (self.widget, self.twin):
            w._on_msg(w, dict(content), None)  # the handler the page's messages reach

    def set_next(self, move) -> None:
        """The next position given through ``.state``, as a lesson gives it."""
        self.widget.state = self.widget.state.play(move)
        self.twin.state = self.twin.state.play(move)

    def check(self, step: str) -> None:
        now, shown = shown_hands(self.widget), self.twins.shown
        if not (shown == ALL or (now != ALL and now <= shown)):
            return  # a teacher's switch shows more hands now: they are to be seen
        mine, theirs = payload(self.widget), payload(self.twin)
        if mine != theirs:
            where = next(k for k in mine if mine[k] != theirs.get(k))
            if where == "_view":
                where = first_difference(json.loads(mine["_view"]), json.loads(theirs["_view"]))
            pytest.fail(f"{self.label}, after {step}: what reaches the page depends on a "
                        f"hidden card: {where}")
        self.compared += 1


def play_pair(make, start, shown, seed: int, label: str, computers=None) -> Pair:
    """A widget (``make(start)``, or ``make()`` for a game against the computer) and its
    twin; ``computers`` the game's players module, which the twin's computers ask about
    the real states."""
    rng = random.Random(seed)
    twins = Twins(shown, rng)
    if start is None:
        widget, twin = make(), make()
        assert not twin.state.events
        twin.computers = SimpleNamespace(
            LEVELS=computers.LEVELS,
            computer_move=lambda s, level, rng_seed: computers.computer_move(
                twins.original(s), level, rng_seed))
        twin.state = twins.image(twin.state)
    else:
        widget, twin = make(start), make(twins.image(start))
    pair = Pair(widget, twin, twins, label)
    pair.check("the start")
    return pair


# ---------------------------------------------------------------- the reader's clicks


LEVEL = {DoubleSevenState: (d7_players, "greedy"), SevensState: (s7_players, "medium"),
         Flip7State: (f7_players, "medium")}


def next_move(state, rng):
    """The next move of the game: chance's request, or a computer's choice for the seat to
    move (on the real state)."""
    if state.to_move is CHANCE:
        return state.legal_moves()[0]
    module, level = next(v for k, v in LEVEL.items() if isinstance(state, k))
    return module.computer_move(state, level, rng.getrandbits(32))


def legal_buttons(view) -> list:
    table = view.get("candidates")
    if not table or not table["can_act"]:
        return []
    return [m["send"] for g in table["groups"] if g["legal"] for m in g["moves"]]


def builder_clicks(widget, move) -> list:
    """The clicks of the Double Seven builder that put ``move`` together, then confirm."""
    state = widget.state
    mover = state.to_move
    cls = move.__class__
    kind = {Start: "start", Expand: "expand", Exchange: "exchange", Retrieve: "retrieve",
            TwoForOne: "two-for-one"}.get(cls)
    if kind is None:
        return []
    clicks = [{"intent": "pick_kind", "kind": kind}]
    if cls is Expand:
        clicks.append({"intent": "pick_family", "seat": mover, "number": move.family})
    elif cls is Exchange:
        clicks += [{"intent": "pick_family", "seat": mover, "number": move.mine},
                   {"intent": "pick_family", "seat": move.seat, "number": move.theirs}]
    elif cls is Retrieve:
        clicks.append({"intent": "pick_family", "seat": move.owner, "number": move.family})
    kinds = (move.kind,) if cls is Retrieve else getattr(move, "kinds", ())
    clicks += [{"intent": "pick", "tile": ANIMALS[k].en} for k in kinds]
    return [*clicks, {"intent": "confirm"}]


def click_move(pair, move, rng) -> str:
    """Click ``move`` as the reader would: its row's button, or the builder's clicks."""
    widget = pair.widget
    view = widget.view
    if view.get("build") and rng.random() < 0.5:
        clicks = builder_clicks(widget, move)
        if clicks:
            for click in clicks:
                pair.send(click)
                pair.check(f"the click {click}")
            return "the builder"
    buttons = legal_buttons(view)
    for send in buttons:
        if widget.state.check(send).move == move:
            pair.send({"intent": "play", "move": send})
            return f"play {send}"
    send = rng.choice(buttons)
    pair.send({"intent": "play", "move": send})
    return f"play {send}"


def run_game(pair, rng, *, budget: int = 3000, undo: int = 4, reset: int = 1) -> None:
    """Play ``pair``'s game to its end through the widget's own intents (and ``.state``
    for a table, or for the seats a try-a-move table does not play), comparing the twins
    after every step."""
    widget = pair.widget
    toggled = None  # the toggle to send back next
    for _ in range(budget):
        state = widget.state
        if state.to_move is None and not toggled:
            break
        view = widget.view
        luck = rng.random()
        hands_intent = "show_hands" in widget.intents
        switch = getattr(widget, "TEACHER_INTENT", None)
        if isinstance(widget, PlayWidget) and switch not in widget.intents:
            switch = None
        if toggled:  # the teacher's switch, or the hands toggle: back as it was
            intent, show = toggled
            toggled = None
            step = f"{intent} {show}"
            pair.send({"intent": intent, "show": show})
        elif luck < 0.04:
            lang = rng.choice(LANGS)
            step = f"lang {lang}"
            pair.send({"intent": "lang", "lang": lang})
        elif luck < 0.07 and (switch or hands_intent):
            intent = switch or "show_hands"
            show = True if switch else not widget.show_hands
            toggled = (intent, not show)
            step = f"{intent} {show}"
            pair.send({"intent": intent, "show": show})
        elif view.get("can_undo") and undo and (luck < 0.12 or (
                luck < 0.5 and _last_move_hidden(state, pair.twins.shown))):
            undo -= 1
            step = "undo"
            pair.send({"intent": "undo"})
        elif luck < 0.13 and view.get("try") and not isinstance(widget, PlayWidget) and reset:
            reset -= 1
            step = "reset"
            pair.send({"intent": "reset"})
        elif state.to_move is None:
            continue
        elif isinstance(widget, PlayWidget):
            if widget.state.to_move is not CHANCE and widget.state.to_move == widget.seat:
                step = click_move(pair, next_move(state, rng), rng)
            else:
                # run goes to the end of the round: once many steps are compared
                step = "run" if rng.random() < 0.1 and pair.compared > 30 else "step"
                pair.send({"intent": step})
        elif view.get("try") and legal_buttons(view):
            step = click_move(pair, next_move(state, rng), rng)
        else:
            move = next_move(state, rng)
            step = f"the position after {move.text()}"
            pair.set_next(move)
        pair.check(step)
    assert widget.state.to_move is None, f"{pair.label}: the game did not end"
    assert pair.compared >= 20, f"{pair.label}: only {pair.compared} steps compared"


# ---------------------------------------------------------------- every widget, every game


def _d7(seed):
    return double_seven.new_game(["Ann", "Bob"], seed=seed)


def _s7(seed):
    return sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=seed, rounds=1)


def _f7(seed):
    return flip7.new_game(["Ann", "Bob", "Cy"], seed=seed)


TABLES = [
    # (label, widget class, keyword arguments, new game, hands the view shows)
    ("DoubleSevenTable seat 0", DoubleSevenTable, {"seat": 0}, _d7, {0}),
    ("DoubleSevenTable seat 1", DoubleSevenTable, {"seat": 1, "lang": "fr"}, _d7, {1}),
    ("DoubleSevenTable teacher, racks hidden", DoubleSevenTable, {}, _d7, set()),
    ("DoubleSevenTryMoves seat 0", DoubleSevenTryMoves, {"seat": 0}, _d7, {0}),
    ("DoubleSevenTryMoves teacher, racks hidden", DoubleSevenTryMoves,
     {"show_hands": False}, _d7, set()),
    ("SevensTable seat 0", SevensTable, {"seat": 0, "show_hands": True}, _s7, {0}),
    ("SevensTable teacher, hands hidden", SevensTable, {}, _s7, set()),
    ("SevensTryMoves seat 2", SevensTryMoves, {"seat": 2}, _s7, {2}),
    ("SevensTryMoves teacher, hands hidden", SevensTryMoves, {"show_hands": False}, _s7, set()),
    ("Flip7Table seat 0", Flip7Table, {"seat": 0}, _f7, ALL),
    ("Flip7Table teacher", Flip7Table, {}, _f7, ALL),
    ("Flip7TryMoves seat 1", Flip7TryMoves, {"seat": 1}, _f7, ALL),
    ("Flip7TryMoves teacher", Flip7TryMoves, {}, _f7, ALL),
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("label", "cls", "kwargs", "start", "shown"), TABLES,
                         ids=[t[0] for t in TABLES])
def test_a_table_sends_only_what_its_viewer_sees(label, cls, kwargs, start, shown, seed):
    shown = shown if shown == ALL else frozenset(shown)
    pair = play_pair(lambda s: cls(s, **kwargs), start(seed), shown, seed, label)
    run_game(pair, random.Random(seed))


GAMES = [
    # (label, widget class, keyword arguments, players module, hands the view shows)
    ("DoubleSevenPlay seat 0", DoubleSevenPlay, {"players": ["Ann", "Bob"], "seat": 0},
     d7_players, {0}),
    ("DoubleSevenPlay 3 players, seat 1", DoubleSevenPlay,
     {"players": 3, "seat": 1, "levels": ("random", "strategy"), "lang": "fr"}, d7_players, {1}),
    ("DoubleSevenPlay watching", DoubleSevenPlay, {"players": ["Ann", "Bob"], "seat": None},
     d7_players, set()),
    ("SevensPlay seat 0", SevensPlay, {"players": 4, "seat": 0, "rounds": 1}, s7_players,
     {0}),
    ("SevensPlay watching", SevensPlay, {"players": 3, "seat": None, "rounds": 1},
     s7_players, set()),
    ("Flip7Play seat 0", Flip7Play, {"players": 3, "seat": 0}, f7_players, ALL),
    ("Flip7Play watching", Flip7Play, {"players": 3, "seat": None, "lang": "fr"}, f7_players,
     ALL),
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("label", "cls", "kwargs", "computers", "shown"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_a_game_against_the_computer_sends_only_what_its_reader_sees(label, cls, kwargs,
                                                                     computers, shown, seed):
    shown = shown if shown == ALL else frozenset(shown)
    pair = play_pair(lambda: cls(seed=seed, **kwargs), None, shown, seed, label, computers)
    run_game(pair, random.Random(seed))


# ---------------------------------------------------------------- the issue's example


def test_the_issues_example_sends_no_tile_of_bobs_rack():
    """DoubleSevenPlay(["Ann", "Bob"], seat=0, seed=1) after "run": the view named every
    tile dealt to Bob in its ``moves``; now the steps that dealt them are "a hidden tile"
    (or "Bob is dealt a tile.") wherever the view lists the steps, and the payload is the
    same as for a game in which Bob holds other tiles."""
    widget = DoubleSevenPlay(["Ann", "Bob"], seat=0, seed=1)
    assert widget.run()
    view = json.loads(widget._view)
    line = []
    s = widget.state
    while s.parent is not None:
        line.append(s)
        s = s.parent
    line.reverse()
    to_bob = [i for i, s in enumerate(line)
              if s.events and s.events[0].kind == "dealt" and s.events[0].players == (1,)]
    assert len(to_bob) == 3 and all(line[i].observation(1)["last_move"] != "a hidden tile"
                                    for i in to_bob)
    for key in ("moves", "moves_shown"):  # the lists of move texts the view may carry
        texts = view.get(key) or []
        assert not texts or [texts[i] for i in to_bob] == ["a hidden tile"] * 3, key
    history = view["play"]["history"]
    assert [history[i]["what"]["text"] for i in to_bob] == ["Bob is dealt a tile."] * 3
    # the same payload as a twin whose Bob was dealt other tiles
    twins = Twins(frozenset({0}), random.Random(7))
    twin = DoubleSevenPlay(["Ann", "Bob"], seat=0, seed=1)
    twin.computers = SimpleNamespace(
        LEVELS=d7_players.LEVELS,
        computer_move=lambda s, level, rng_seed: d7_players.computer_move(
            twins.original(s), level, rng_seed))
    twin.state = twins.image(twin.state)
    assert twin.run()
    assert [twin.state.parent.racks[1], twin.state.racks[1]] != \
        [widget.state.parent.racks[1], widget.state.racks[1]]
    assert payload(twin) == payload(widget)


# ---------------------------------------------------------------- hidden hands, asked about


def test_a_refusal_while_the_hands_are_hidden_names_the_rule_not_the_hand():
    """The teacher's table with the hands hidden offers pass with its verdict hidden ("click
    to ask the engine"): the reply says it is illegal and which rule, in the catalog's
    words, not the engine's reason, which names the card that fits."""
    state = sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=3)
    held = [str(c) for c in state.hands[state.to_move]]
    verdict = state.check("pass")
    assert not verdict.legal and [c for c in held if c in verdict.reason_en]  # it names one
    for lang in LANGS:
        widget = SevensTryMoves(state, show_hands=False, lang=lang)
        widget._on_msg(widget, {"intent": "play", "move": "pass"}, None)
        reply = json.dumps(widget.view["message"], ensure_ascii=False)
        assert widget.state is state and not [c for c in held if c in reply], reply
        assert widget.view["message"]["rule_id"] == verdict.rule_id
        # the same reply as for a twin whose hands are dealt again (Bob keeps the 7♦, which
        # he opens with: public)
        twin = SevensTryMoves(Twins(frozenset(), random.Random(5)).image(state), show_hands=False,
                        lang=lang)
        assert twin.state.hands[state.to_move] != state.hands[state.to_move]
        twin._on_msg(twin, {"intent": "play", "move": "pass"}, None)
        assert payload(twin) == payload(widget)
        typed = held[0]  # a card typed by hand: the rule, not the engine's reason
        widget._on_msg(widget, {"intent": "play", "move": typed}, None)
        assert widget.state is state and widget.message.startswith(f"{typed} is illegal")
        assert state.check(typed).reason_en not in widget.message
    shown = SevensTryMoves(state, lang="en")  # the hands shown: the engine's reason, as before
    assert not shown.play("pass") and verdict.reason_en in shown.message


def test_a_double_seven_move_typed_for_a_hidden_rack_is_refused_without_its_tiles():
    state = double_seven.position("""
        players: Ann, Bob
        turn: Ann
        Ann: rack bird, bird, squirrel
        Bob: rack bear, frog
        """)
    typed = "start bird bird bird"
    verdict = state.check(typed)
    assert not verdict.legal and "Ann" in verdict.reason_en  # the reason reads Ann's rack
    widget = DoubleSevenTryMoves(state, show_hands=False, lang="en")
    widget._on_msg(widget, {"intent": "play", "move": typed}, None)
    assert widget.state is state and widget.view["message"]["rule_id"] == verdict.rule_id
    assert verdict.reason_en not in widget.message
    twin = DoubleSevenTryMoves(Twins(frozenset(), random.Random(3)).image(state),
                               show_hands=False, lang="en")
    assert twin.state.racks[0] != state.racks[0]
    twin._on_msg(twin, {"intent": "play", "move": typed}, None)
    assert payload(twin) == payload(widget)  # the same reply, whatever Ann holds
