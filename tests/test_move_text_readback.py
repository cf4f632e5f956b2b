"""Every move text the engine writes reads back to the same move (issue 20).

For each game, a Hypothesis property draws players' names from a hostile set (digits, names
that start with a digit, spaces, the games' own move words in English and French, animals
and cards, accents, right-to-left text, emoji, apostrophes, names that differ only by case
or by a space and an underscore, a name that is a prefix of another), keeps the lists the
engine accepts, plays a random number of random steps (legal moves, chance included), and
at every state reached writes every legal move, every candidate move and every chance
outcome (plus, for the games whose moves name players, every such move for every seat) in
English and in French, with ``state.move_text`` and with ``move.text``. Each text must read
back to the same move with the game's ``parse_move`` and the state's names, and a legal
move played as text must give the same state as the move value.
"""

import itertools
import random
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import CHANCE, NotationError, PositionError, flip7, sevens
from doublesept import double_seven as ds
from doublesept.double_seven.moves import Exchange, Retrieve
from doublesept.double_seven.moves import parse_move as ds_parse_move
from doublesept.flip7.rules import FLIP_THREE, FREEZE, SECOND_CHANCE
from doublesept.flip7.state import Give, Target
from doublesept.flip7.state import parse_move as flip7_parse_move
from doublesept.sevens.state import parse_move as sevens_parse_move

# names alone, then joined two by two: a name that is another name with words around it
PIECES = (
    "2", "7", "12", "2 Bob", "Bob 2", "3 Bob", "Bob", "bob", "BOB", "Cy", "Ann", "ann", "Eve",
    "Éve", "Ève", "Zoé", "Zoe\u0301", "Ünal", "İsmail", "ΟΔΟΣ", "Σ", "שרה", "علي", "שרה 2",
    "علي Bob", "😀", "🦊", "O'Neil", "d'Ann", "'Ann", "Ann's", "Bob's", "’s", "'s", "Bob's 2",
    "Bob_Cy", "Bob Cy", "Bob-Cy", "Bob  Cy",
    # Flip 7's words
    "hit", "stay", "give", "freeze", "flip-three", "flip three", "Flip", "Three", "flip 3",
    "second-chance", "Second", "Chance", "Chance Bob", "give second", "give freeze", "pass",
    "gel", "Gel Bob", "geler", "encore", "stop", "donner", "donne", "trois-à-la-suite",
    "trois à la suite", "à la suite", "la suite", "Suite", "seconde", "×2", "x2", "+4",
    "Freeze Bob", "Bob Freeze",
    # Double Seven's words
    "my", "ma", "la", "de", "du", "d'", "for", "from", "with", "avec", "contre", "player",
    "joueur", "player 1", "joueur 2", "du joueur 1", "u joueur 1", "de Bob", "la 2", "my 1",
    "clover", "trèfle", "joker", "fox", "renard", "Fox Bob", "bird", "ours", "exchange",
    "échanger", "retrieve", "récupérer", "with fox", "avec renard", "Cy's 1 with fox",
    "1 with fox", "2 avec renard", "start", "rainbow", "arc-en-ciel", "draw hidden",
    # Sevens' words and cards
    "deal", "donne", "passe", "7♦", "8♠", "R♦", "10♥-J♥", "V♦",
)
NAMES = PIECES + tuple(f"{a} {b}" for a, b in itertools.permutations(PIECES[:60], 2)
                       if len(f"{a} {b}") <= 40)[::7]


FILLER = ("Zq", "Zr")


def accepted(names_of, filler) -> tuple:
    """The names of PIECES, and of NAMES, the game accepts next to ``filler``."""
    kept = []
    for name in NAMES:
        try:
            names_of([name, *filler])
        except PositionError:
            continue
        kept.append(name)
    return tuple(name for name in PIECES if name in kept), tuple(kept)


FLIP7_NAMES = accepted(flip7.state.names_of, ("Zq", "Zr"))
DS_NAMES = accepted(ds.state.names_of, ("Zq",))
SEVENS_NAMES = accepted(sevens.state._names, ("Zq", "Zr"))

SETTINGS = settings(max_examples=80, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


VARIANTS = (str.lower, str.upper, str.title, lambda name: name.replace(" ", "_"),
            lambda name: name.replace(" ", "  "), lambda name: name.replace(" ", "-"),
            lambda name: f"{name}'s", lambda name: f"{name} 2", lambda name: f"2 {name}",
            lambda name: f"Chance {name}", lambda name: f"{name} Bob", lambda name: f"de {name}",
            lambda name: f"{name} ΟΔΟΣ", lambda name: f"{name} שרה")


@st.composite
def players(draw, pool, low, high, names_of):
    """From ``low`` to ``high`` names from ``pool`` that ``names_of`` accepts together, each
    next one often a variant of an earlier one: the same letters in another case, with
    words before or after, underscores or two spaces for a space."""
    pieces, pool = pool
    names = [draw(st.sampled_from(pieces))]
    wanted = draw(st.integers(low, high))
    for _ in range(3 * wanted):
        if len(names) == wanted:
            break
        if draw(st.booleans()):
            name = draw(st.sampled_from(VARIANTS))(draw(st.sampled_from(names)))
        else:
            name = draw(st.sampled_from(pieces) if draw(st.booleans()) else st.sampled_from(pool))
        try:
            names_of([*names, name, *FILLER][:max(low, len(names) + 1)])
        except PositionError:  # a name the game refuses, or one it counts as the same
            continue
        names.append(name)
    return [*names, *FILLER][:max(low, len(names))]


def start(new_game, names, seed):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", flip7.Flip7Warning)  # 2 players with seed 004
        return new_game(names, seed=seed)


def walk(state, steps, rng):
    """The states of ``steps`` random moves from ``state`` (legal moves; chance draws)."""
    yield state
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            return
        state = state.play(rng.choice(moves))
        yield state


def outcomes(state) -> tuple:
    if state.to_move is not CHANCE:
        return ()
    step = state.chance()
    try:
        return tuple(move for move, _ in step.outcomes())
    except OverflowError:  # a deal of Sevens: too many hands to list
        return ()


def reads_back(state, moves, parse, rng, writers):
    """Every text of every move reads back; legal ones played as text give the same state."""
    for move in moves:
        for write in writers:
            for lang in ("en", "fr"):
                text = write(move, lang)
                assert parse(text, state.names) == move, (state.names, move, lang, text)
        if rng.random() < 0.3 and state.check(move).legal:
            for write in writers:
                text = write(move, rng.choice(("en", "fr")))
                assert state.play(text) == state.play(move), (state.names, text)


# ---------------------------------------------------------------- Flip 7


def flip7_named_moves(n) -> tuple:
    """Every Freeze or Flip Three target and every card given, to each of ``n`` seats."""
    return (*(Target(k, p) for k in (FREEZE, FLIP_THREE) for p in range(n)),
            *(Give(k, p) for k in (FREEZE, FLIP_THREE, SECOND_CHANCE) for p in range(n)))


@SETTINGS
@given(players(FLIP7_NAMES, 2, 5, flip7.state.names_of), st.integers(0, 2**32), st.integers(0, 60))
def test_flip7_every_move_text_reads_back(names, seed, steps):
    rng = random.Random(seed)
    root = start(flip7.new_game, names, seed)
    named = flip7_named_moves(len(names))
    for state in walk(root, steps, rng):
        writers = (state.move_text, lambda move, lang: move.text(lang))
        moves = {*state.legal_moves(), *state.candidate_moves(), *outcomes(state)}
        reads_back(state, sorted(moves), flip7_parse_move, rng, writers)
        reads_back(state, named, flip7_parse_move, rng, writers)
        for move in named:
            assert state.parse_move(state.move_text(move)) == move


def test_flip7_issue_20_give_to_2_bob_reads_back():
    names = ["2 Bob", "Bob", "Cy"]
    texts = {"give flip-three 2 Bob": Give(FLIP_THREE, 0),
             "donner trois-à-la-suite 2 Bob": Give(FLIP_THREE, 0),
             "give second-chance 2 Bob": Give(SECOND_CHANCE, 0),
             "donner seconde-chance 2 Bob": Give(SECOND_CHANCE, 0),
             "give second-chance Bob": Give(SECOND_CHANCE, 1),
             "freeze 2 Bob": Target(FREEZE, 0), "freeze Bob": Target(FREEZE, 1),
             "give second-chance 2": Give(SECOND_CHANCE, 2)}
    for text, move in texts.items():
        assert flip7_parse_move(text, names) == move, text
    state = flip7.new_game(names, seed=1)
    assert state.move_text(Give(FLIP_THREE, 0)) == "give flip-three 2 Bob"
    # Bob passes on a second Second Chance: to 2 Bob, by name
    passing = flip7.position("players: 2 Bob, Bob, Cy\n2 Bob: 4\nBob: Second Chance\nCy: 5\n"
                             "turn: Bob\npending: second-chance Bob\nseed: 3")
    assert passing.play("give second-chance 2 Bob") == passing.play(Give(SECOND_CHANCE, 0))
    assert passing.check("give second-chance 2 Bob").legal


def test_flip7_a_name_that_is_a_prefix_of_another_reads_back():
    # "Chance Bob" could swallow "give second" (an alias of Second Chance) before "Bob"
    names = ["Chance Bob", "Bob", "Three"]
    state = flip7.new_game(names, seed=1)
    for move in flip7_named_moves(3):
        for lang in ("en", "fr"):
            assert state.parse_move(state.move_text(move, lang)) == move


# ---------------------------------------------------------------- Double Seven


def ds_named_moves(n) -> tuple:
    """Exchanges with each of ``n`` seats, retrievals from each (and from one's own, -1)."""
    return (*(Exchange(m, p, t) for m in (1, 2) for t in (1, 12) for p in range(n)),
            *(Retrieve(p, f, k) for p in range(-1, n) for f in (1, 3) for k in (0, 7)))


@SETTINGS
@given(players(DS_NAMES, 2, 4, ds.state.names_of), st.integers(0, 2**32), st.integers(0, 120))
def test_double_seven_every_move_text_reads_back(names, seed, steps):
    rng = random.Random(seed)
    root = start(ds.new_game, names, seed)
    named = ds_named_moves(len(names))
    states = list(walk(root, steps, rng))
    for state in states[-6:] + rng.sample(states, min(4, len(states))):
        writers = (state.move_text, lambda move, lang: move.text(lang))
        moves = {*state.legal_moves(), *state.candidate_moves(), *outcomes(state)}
        reads_back(state, sorted(moves), ds_parse_move, rng, writers)
        reads_back(state, named, ds_parse_move, rng, writers)


@pytest.mark.parametrize("names", [["Bob", "bob"], ["Bob Cy", "Bob_Cy"], ["Bob Cy", "Bob  Cy"],
                                   ["ΟΔΟΣ", "Ann"], ["Ann", "Bob's"], ["Cy's 1 with fox", "Cy"],
                                   ["d'Ann", "Ann"], ["u joueur 1", "Cy"], ["for", "FOR"],
                                   ["With", "with"], ["contre", "Contre"], ["Bob ΟΔΟΣ", "Σ"]])
def test_double_seven_names_alike_read_back(names):
    state = ds.new_game(names, seed=1)
    for move in ds_named_moves(2):
        for lang in ("en", "fr"):
            text = state.move_text(move, lang)
            assert state.parse_move(text) == move, text


def test_double_seven_a_name_that_could_be_two_players_is_refused():
    state = ds.new_game(["Bob", "bob", "Cy"], seed=1)
    assert state.parse_move("exchange my 1 for bob's 2") == Exchange(1, 1, 2)
    assert state.parse_move("échanger ma 1 contre la 2 de Bob") == Exchange(1, 0, 2)
    assert state.parse_move("EXCHANGE my 1 for bob's 2") == Exchange(1, 1, 2)
    assert state.parse_move("exchange my 1 for CY's 2") == Exchange(1, 2, 2)
    with pytest.raises(NotationError, match="'bob' could be Bob or bob") as refused:
        state.parse_move("exchange my 1 for BOB's 2")
    assert "peut être Bob ou bob" in refused.value.reason_fr
    verdict = state.check("exchange my 1 for BOB's 2")
    assert not verdict.legal and "could be Bob or bob" in verdict.reason_en


# ---------------------------------------------------------------- Sevens


@SETTINGS
@given(players(SEVENS_NAMES, 3, 5, sevens.state._names), st.integers(0, 2**32), st.integers(0, 40),
       st.sampled_from([{}, {"runs": "on"}, {"preset": "german"}]))
def test_sevens_every_move_text_reads_back(names, seed, steps, options):
    rng = random.Random(seed)
    root = sevens.new_game(names, seed=seed, **options)
    for state in walk(root, steps, rng):
        moves = {*state.legal_moves(), *state.candidate_moves(), *outcomes(state)}
        reads_back(state, sorted(moves), lambda text, _names: sevens_parse_move(text), rng,
                   (lambda move, lang: move.text(lang),))
