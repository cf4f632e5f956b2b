"""JSON save and load: exact round trips, and the engine's own error for bad input."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesept import SaveFormatError, load, save, sevens


def sample_game(moves=40):
    state = sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=21, rounds=2)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(state.legal_moves()[-1])
    return state


def test_save_load_round_trip_is_exact():
    state = sample_game()
    text = save(state)
    again = load(text)
    assert again == state
    assert again.history == state.history
    assert save(again) == text
    record = json.loads(text)
    assert record["format"] == "doublesept" and record["version"] == 2 \
        and record["game_version"] == 2
    assert record["game"] == "sevens" and len(record["moves"]) == 40


def test_save_load_across_rounds_and_from_a_position(seed_003_example):
    state = sample_game(80)
    assert state.round == 2
    assert load(save(state)) == state
    after = seed_003_example.play("8♠")
    assert load(save(after)) == after and load(save(after)).history == after.history


def mutate(record, path, value):
    target = record
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(record)


@pytest.mark.parametrize("path,value,message", [
    (("format",), "chess", "format: expected 'doublesept'"),
    (("version",), 3, "version: this engine reads versions 1, 2"),
    (("version",), "1", "version: must be a whole number"),
    (("version",), KeyError, "version: missing"),
    (("game",), "go", "game: 'go' is not one of"),
    (("start",), KeyError, "start: missing"),
    (("start",), [], "start: must be a JSON dict"),
    (("start", "hands"), KeyError, "start.hands: missing"),
    (("start", "hands"), "7♦", "start.hands: must be a JSON list"),
    (("start", "hands", 0), [1, 2], r"start.hands\[0\]: must be a list of card texts"),
    (("start", "hands", 0, 0), "7X", "start: '7X' is not a card"),
    (("start", "table"), ["7♦", "9♦"], "start: .*hole|start: .* in two places"),
    (("start", "turn"), KeyError, "start.turn: missing"),
    (("start", "turn"), 9, "start: turn: player number 9 does not exist"),
    (("start", "seed"), 1.5, "start.seed: must be a whole number"),
    (("start", "players"), ["A", "B"], "start: .*3 to 8 players"),
    (("start", "rules", "rounds"), 0, "start: .*rounds.*from 1 to 10"),
    (("start", "rules", "opening"), "8♦", "start: .*the opening is one of"),
    (("start", "rules", "scoring"), KeyError, "start.rules.scoring: missing"),
    (("start", "rules", "colour"), "red", "start.rules.colour: not a rule option"),
    (("moves",), KeyError, "moves: missing"),
    (("moves",), "7♦", "moves: must be a JSON list"),
    (("moves", 3), 7, r"moves\[3\]: a move is text such as '8♠'"),
    (("moves", 3), "pass", r"moves\[3\]: 'pass' cannot be played here"),
    (("moves", 0), "J♣", r"moves\[0\]: 'J♣' cannot be played here: \[sevens.opening\]"),
])
def test_tampered_save_names_the_field(path, value, message):
    record = json.loads(save(sample_game(10)))
    with pytest.raises(SaveFormatError, match=message):
        load(mutate(record, path, value))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", b"\xff\xfe", 3.5, "[" * 100_000,
                                  '{"format": "doublesept", "version": ' + "1" * 5000 + "}"])
def test_malformed_save_raises_engine_error(text):
    with pytest.raises(SaveFormatError):
        load(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4)
    | st.sampled_from(["7♦", "pass", "deal", "Ann"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, prefix + (index,))


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_fuzzed_save_only_ever_raises_save_format_error(data):
    record = json.loads(save(sample_game(12)))
    all_paths = [p for p in paths(record) if p]
    path = data.draw(st.sampled_from(all_paths))
    value = data.draw(json_values | st.just(KeyError))
    text = mutate(record, path, value)
    try:
        state = load(text)
    except SaveFormatError:
        return
    assert load(save(state)) == state
