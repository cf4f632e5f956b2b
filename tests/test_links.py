"""Links that carry a position and a move asked about (issue 24, item 3): written by
``core.links.to_link``, read back strictly by ``read_link``, for every game; every damaged,
cut, tampered, future-version or foreign link gets the engine's own error, never another
exception or a hang."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from doublesept import CHANCE, double_seven, flip7, sevens
from doublesept.core.links import LINK_VERSION, MAX_LINK, read_link, to_link
from doublesept.errors import DoubleseptError, LinkError


def _to_a_player(state):
    while state.to_move is CHANCE:
        state = state.play(state.legal_moves()[0])
    return state


POSITIONS = {
    "sevens": lambda: _to_a_player(sevens.new_game(4, seed=3)),
    "fan-tan": lambda: _to_a_player(sevens.new_game(5, seed=4, preset="fan-tan")),
    "sevens-8": lambda: _to_a_player(sevens.new_game(8, seed=5)),
    "flip7": lambda: _to_a_player(flip7.new_game(4, seed=6)),
    "doubleseven": lambda: _to_a_player(double_seven.new_game(3, seed=7)),
}


def _midgame(make, moves: int, seed: int):
    state, rng = make(), random.Random(seed)
    for _ in range(moves):
        if state.to_move is None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_position_and_a_move_asked_come_back_from_their_link(name):
    for moves in (0, 7, 25):
        state = _midgame(POSITIONS[name], moves, seed=moves)
        for move in (None, *state.legal_moves()[:2], "pass", "5♦"):
            token = to_link(state, move)
            assert len(token) <= MAX_LINK and token.startswith(f"ds{LINK_VERSION}.")
            assert all(c.isalnum() or c in "._-" for c in token)  # URL-safe as it is
            back = read_link(token)
            assert back.state == state
            assert back.state.to_text() == state.to_text()
            asked = None if move is None else (move if isinstance(move, str)
                                               else state.check(move).move.text("en")
                                               if hasattr(move, "text") else str(move))
            assert back.move == asked
            if asked is not None:  # the same verdict, legal or refused, on either side
                assert back.state.check(asked) == state.check(asked)


@pytest.mark.parametrize("address", ["https://example.org/lite/lab/index.html#{}",
                                     "http://127.0.0.1:8866/voila/render/referee.ipynb?position={}",
                                     "  {}  "])
def test_a_link_is_read_from_the_address_that_carries_it(address):
    state = POSITIONS["sevens"]()
    assert read_link(address.format(to_link(state, "7♦"))) == (state, "7♦")


def _packed(record) -> str:
    raw = json.dumps(record).encode() if not isinstance(record, bytes) else record
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize(("token", "words"), [
    ("", "is not a doublesept link"),
    ("ds1.sevens.", "is not a doublesept link"),
    ("https://example.org/page", "holds no position"),
    ("ds9.sevens.abc", "made by a newer doublesept"),
    ("ds0.sevens.abc", "link format 0 does not exist"),
    ("ds1.chess.abcd", "a game this doublesept does not have"),
    ("ds1.sevens.%%%", "is not a doublesept link"),
    ("ds1.sevens.abcd", "damaged"),
    ("ds1.sevens." + "A" * (MAX_LINK + 10), "characters long"),
    ("ds1.sevens." + _packed([1, 2]), "fields are not a position and a move"),
    ("ds1.sevens." + _packed({"position": 7}), "position is not text"),
    ("ds1.sevens." + _packed({"position": "x", "extra": 1}), "fields are not"),
    ("ds1.sevens." + _packed({"position": "x", "move": "\u202e5♦"}), "move is not a move's text"),
    ("ds1.sevens." + _packed({"position": "x", "move": "x" * 101}), "move is not a move's text"),
    ("ds1.sevens." + _packed(b"\xff\xfe"), "damaged"),
    ("ds1.sevens." + base64.urlsafe_b64encode(zlib.compress(b" " * 100_000)).decode().rstrip("="),
     "more than 16384 bytes"),
])
def test_a_link_that_does_not_read_says_why(token, words):
    with pytest.raises(LinkError, match=words.replace("(", r"\(")):
        read_link(token)


def test_a_link_whose_position_cannot_happen_gets_the_game_s_own_error():
    text = POSITIONS["sevens"]().to_text().replace("turn: ", "turn: Zed, ")
    with pytest.raises(DoubleseptError) as refused:
        read_link("ds1.sevens." + _packed({"position": text}))
    assert not isinstance(refused.value, LinkError)


@pytest.mark.parametrize("bad", [None, 7, b"ds1.sevens.x", ["ds1"]])
def test_a_link_is_text(bad):
    with pytest.raises(LinkError, match="a link is text"):
        read_link(bad)


def test_a_cut_link_is_refused():
    token = to_link(POSITIONS["doubleseven"](), "pass")
    for cut in range(len(token) - 1, len(token) // 2, -7):
        with pytest.raises(DoubleseptError):
            read_link(token[:cut])


FUZZ_LINKS = 3_000  # benchmarks/fuzz_links.py runs more


def mutated(tokens: list, rng: random.Random) -> str:
    """A link damaged the ways a chat, a hand or a tamperer damage one."""
    token = rng.choice(tokens)
    head, _, body = token.rpartition(".")
    kind = rng.randrange(9)
    if kind == 0:  # a letter changed
        i = rng.randrange(len(body))
        body = body[:i] + rng.choice("AZaz09-_") + body[i + 1:]
    elif kind == 1:  # cut
        body = body[:rng.randrange(len(body))]
    elif kind == 2:  # a bit flipped in the bytes
        raw = bytearray(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        body = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    elif kind == 3:  # another game's name
        head = rng.choice(["ds1.sevens", "ds1.flip7", "ds1.doubleseven", "ds2.sevens",
                           "ds1.Sevens", "ds01.flip7", "ds999999.flip7"])
    elif kind == 4:  # a Unicode lookalike
        i = rng.randrange(len(body))
        body = body[:i] + rng.choice("АаОоЕеіѕ０１－＿") + body[i + 1:]
    elif kind == 5:  # a record re-packed with a field changed
        record = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * 3)))
        field = rng.choice(["position", "move", "extra"])
        record[field] = rng.choice([10**400, -1, None, [], {}, "", "x" * 5000, "7♦", "\x00"])
        body = _packed(record)
    elif kind == 6:  # the position's text changed in one place
        record = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * 3)))
        text = record["position"]
        i = rng.randrange(len(text))
        record["position"] = text[:i] + rng.choice(["9", ",", "\n", "-", "Zed", ":", "…"]) + text[i:]
        body = _packed(record)
    elif kind == 7:  # doubled, or glued to another
        body = body + rng.choice(tokens).rpartition(".")[2]
    else:  # a zip bomb
        body = base64.urlsafe_b64encode(zlib.compress(b"[" * 10**6)).decode().rstrip("=")
    return f"{head}.{body}"


def fuzz_links(count: int, seed: int = 0) -> dict:
    """Read ``count`` damaged links: how many were refused with the engine's own errors,
    how many still read (a change the notation accepts), and the escapes (any other
    exception), as {"refused", "read", "escapes"}."""
    rng = random.Random(seed)
    tokens = [to_link(_midgame(make, moves, moves), move)
              for make in POSITIONS.values() for moves in (0, 12)
              for move in (None, "pass")]
    counts = {"refused": 0, "read": 0, "escapes": []}
    for _ in range(count):
        token = mutated(tokens, rng)
        try:
            read_link(token)
        except DoubleseptError:
            counts["refused"] += 1
        except Exception as error:  # noqa: BLE001 - what the fuzz looks for
            counts["escapes"].append(f"{type(error).__name__}: {error} <- {token[:80]}")
        else:
            counts["read"] += 1
    return counts


def test_damaged_links_get_only_the_engine_s_errors():
    counts = fuzz_links(FUZZ_LINKS)
    assert counts["escapes"] == []
    assert counts["refused"] > FUZZ_LINKS // 2
