"""Link fuzz (issue 24, "share it as a link"): 10,000 mutated links through
``core.links.read_link``, and a CI-sized share of them through the page's address into a
referee page (``Referee(game, page_link=True)``: ``PageLink`` -> ``open_link``). A link that does not read gets only the
engine's own errors (``DoubleseptError`` and its subclasses: ``LinkError``, the game's
``NotationError`` or ``PositionError``), never another exception; and a referee that refuses
a link keeps its position, its texts and its question exactly as they were.

The mutations are the ways a link gets damaged or forged: bits flipped in the packed bytes,
letters changed, cut anywhere, another game's link, huge numbers in the position, Unicode
lookalikes (in the token and in the position's text), future and odd format versions, a
record re-packed with fields of the wrong kind, a zip bomb, the token glued to itself or
wrapped in an address. ``benchmarks/link_fuzz.py --count N`` runs more.
"""

from __future__ import annotations

import base64
import json
import random
import re
import zlib

import pytest

from doublesept import CHANCE, double_seven, flip7, sevens
from doublesept.core.links import read_link, to_link
from doublesept.errors import DoubleseptError
from doublesept.widgets import Referee
from doublesept.widgets.page_link import link_in

LINKS = 10_000  # through read_link
REFEREE_LINKS = 600  # of them, through a referee's page address
# the module takes about 10 s (5 s on an idle machine); benchmarks/link_fuzz.py runs more

PAGE = "http://127.0.0.1:8866/voila/render/referee-sevens.ipynb"


def _to_a_player(state):
    while state.to_move is CHANCE:
        state = state.play(state.legal_moves()[0])
    return state


def _played(state, moves: int, seed: int):
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_move is None:
            break
        state = _to_a_player(state.play(rng.choice(state.legal_moves())))
    return state


def seed_links() -> dict:
    """game -> the links the mutations start from: positions of each game at several points
    of a game, without a move asked, with a legal one, and with a refused one."""
    starts = {"sevens": [sevens.new_game(4, seed=3), sevens.new_game(7, seed=8),
                         sevens.new_game(5, seed=4, preset="fan-tan")],
              "flip7": [flip7.new_game(4, seed=6), flip7.new_game(3, seed=1, preset="faq")],
              "doubleseven": [double_seven.new_game(3, seed=7), double_seven.new_game(4, seed=2)]}
    links: dict = {}
    for game, games in starts.items():
        for start in games:
            for moves in (0, 9, 30):
                state = _played(_to_a_player(start), moves, seed=moves)
                if state.to_move is None:
                    continue
                legal = state.legal_moves()[0]
                for move in (None, legal, "pass", "5♦"):
                    links.setdefault(game, []).append(to_link(state, move))
    return links


def _body(token: str) -> bytes:
    body = token.rpartition(".")[2]
    return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))


def _pack(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _record(token: str) -> dict:
    return json.loads(zlib.decompress(_body(token)))


# packed once: what a forged link may hold instead of a record, and zip bombs
NOT_RECORDS = [_pack(raw) for raw in (
    b"[" * 100_000, b"null", b"7", b'"text"', b"{" * 5000, b'{"position": "x", "position": 1}',
    b"\xff\xfe\x00", json.dumps({"position": "players: " + "A" * 20_000}).encode())]
ZIP_BOMBS = [_pack(b" " * 2_000_000), _pack(b"a" * 100_000), _pack(b"[" * 10**6)]

LOOKALIKES = {"A": "А", "a": "а", "O": "О", "o": "о", "E": "Е", "e": "е", "i": "і", "s": "ѕ",
              "0": "０", "1": "１", "-": "－", "_": "＿", "c": "с", "p": "р", "x": "х"}
SUIT_LOOKALIKES = {"♦": "♢", "♥": "♡", "♠": "♤", "♣": "♧", "7": "７", ":": "：", ",": "‚"}
NAME_LOOKALIKES = {"Ann": "Аnn", "Bob": "Вob", "Cy": "Сy", "Dee": "Dее"}


def mutate(links: dict, rng: random.Random) -> tuple[str, str]:
    """One damaged or forged link: (kind, link)."""
    game = rng.choice(sorted(links))
    token = rng.choice(links[game])
    head, _, body = token.rpartition(".")
    kind = rng.choice(KINDS)
    if kind == "bit-flip":  # a bit flipped in the packed bytes
        raw = bytearray(_body(token))
        for _ in range(rng.choice((1, 1, 2, 8))):
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        body = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    elif kind == "letter":  # a letter of the token changed, dropped or doubled
        i = rng.randrange(len(body))
        body = body[:i] + rng.choice(["", body[i] * 2, rng.choice("AZaz09-_=+/.%")]) \
            + body[i + 1:]
    elif kind == "cut":  # cut anywhere, the head included
        whole = f"{head}.{body}"
        return kind, whole[:rng.randrange(len(whole))]
    elif kind == "other-game":  # another game's link, or another game's name on this one
        other = rng.choice([g for g in links if g != game])
        if rng.random() < 0.5:
            return kind, rng.choice(links[other])
        head = f"ds1.{other}"
    elif kind == "huge-number":  # a number of the position's text made huge
        record = _record(token)
        numbers = list(re.finditer(r"[0-9]+", record["position"]))
        if numbers:
            found = rng.choice(numbers)
            huge = rng.choice(["9" * rng.choice((19, 40, 400, 5000)), "1" + "0" * 4300,
                               "-1", "0" * 50 + "3"])
            record["position"] = (record["position"][:found.start()] + huge
                                  + record["position"][found.end():])
        body = _pack(json.dumps(record, ensure_ascii=False).encode())
    elif kind == "lookalike-token":  # a letter of the token as its Unicode lookalike
        spots = [i for i, c in enumerate(body) if c in LOOKALIKES]
        i = rng.choice(spots) if spots else 0
        body = body[:i] + LOOKALIKES.get(body[i:i + 1], "А") + body[i + 1:]
    elif kind == "lookalike-text":  # the position's text with a lookalike suit, digit or name
        record = _record(token)
        text = record["position"]
        table = rng.choice([SUIT_LOOKALIKES, NAME_LOOKALIKES])
        spots = [k for k in table if k in text]
        if spots:
            old = rng.choice(spots)
            text = text.replace(old, table[old], rng.choice((1, -1)))
        record["position"] = text
        body = _pack(json.dumps(record, ensure_ascii=False).encode())
    elif kind == "version":  # a future, past or odd format version
        version = rng.choice(["2", "9", "999", "0", "00", "01", "1000", "-1", "1.0", "١", "²",
                              "99999999999999999999"])
        head = f"ds{version}.{game}"
    elif kind == "fields":  # the record re-packed with a field of the wrong kind
        record = _record(token)
        field = rng.choice(["position", "move", "extra", "format"])
        record[field] = rng.choice([10**400, -1, 2.5, None, True, [], {}, [[[]]], "", "x" * 5000,
                                    "\x00", "\u202e7♦", "<script>alert(1)</script>"])
        body = _pack(json.dumps(record, ensure_ascii=False).encode())
    elif kind == "json":  # not a record at all
        body = rng.choice(NOT_RECORDS)
    elif kind == "zip-bomb":
        body = rng.choice(ZIP_BOMBS)
    elif kind == "glued":  # doubled, or glued to another link
        body = body + rng.choice([body, rng.choice(links[game]).rpartition(".")[2], "."])
    elif kind == "address":  # wrapped in an address, possibly damaged around it
        return kind, rng.choice([f"{PAGE}#{token}", f"{PAGE}?position={token}",
                                 f"{PAGE}#", f"{PAGE}?position=", f"{PAGE}#{token}#{token}",
                                 f"{PAGE}?position={token[:40]}&position={token}",
                                 f"javascript:alert(1)#{token}", f"{PAGE}#{token[::-1]}",
                                 f"{PAGE}#%64s1.{game}.{body}", " \n\t" + token + "\u200b"])
    else:  # "case": the token's case changed
        whole = f"{head}.{body}"
        return kind, rng.choice([whole.upper(), whole.lower(), whole.swapcase()])
    return kind, f"{head}.{body}"


KINDS = ("bit-flip", "letter", "cut", "other-game", "huge-number", "lookalike-token",
         "lookalike-text", "version", "fields", "json", "zip-bomb", "glued", "address", "case")


def fuzz(count: int, seed: int = 0, links: dict | None = None) -> dict:
    """``count`` mutated links through read_link: {"count", "refused", "read", "escapes",
    "kinds"} where "kinds" counts the links of each kind and "escapes" lists any exception
    that is not the engine's own."""
    links = links or seed_links()
    rng = random.Random(seed)
    result = {"count": count, "refused": 0, "read": 0, "escapes": [], "kinds": {}}
    for _ in range(count):
        kind, link = mutate(links, rng)
        result["kinds"][kind] = result["kinds"].get(kind, 0) + 1
        try:
            read_link(link)
        except DoubleseptError:
            result["refused"] += 1
        except Exception as error:  # noqa: BLE001 - what the fuzz looks for
            result["escapes"].append(f"{kind}: {type(error).__name__}: {error!s:.100} "
                                     f"<- {link[:80]!r}")
        else:
            result["read"] += 1
    return result


def _shown(referee) -> tuple:
    """Everything a referee shows and keeps: its state (the very object), its texts, its
    question and its link."""
    return (referee.state, referee.text_box.value, referee.move_box.value,
            referee.link_box.value, referee._asked)


def fuzz_referee(count: int, seed: int = 1, links: dict | None = None) -> dict:
    """``count`` mutated links opened from a page's address by a Sevens referee page
    (``Referee("sevens", page_link=True)``: PageLink -> open_link): {"count", "refused", "opened", "escapes", "changed"}. "changed" lists the
    refused links after which the referee did not show exactly what it showed before."""
    links = links or seed_links()
    rng = random.Random(seed)
    referee = Referee("sevens", lang="en", page_link=True)
    result = {"count": count, "refused": 0, "opened": 0, "escapes": [], "changed": []}
    for i in range(count):
        kind, link = mutate(links, rng)
        page = referee.page_link
        page.link = None  # a page opened again with this address: its link is handed on
        before = _shown(referee)
        address = link if "://" in link else f"{PAGE}#{link}"
        try:
            assert page.handle_message({"intent": "address", "href": address, "opened": PAGE})
        except Exception as error:  # noqa: BLE001 - what the fuzz looks for
            result["escapes"].append(f"{kind}: {type(error).__name__}: {error!s:.100}")
            continue
        if referee.message.startswith("This link does not open, the position stays: "):
            result["refused"] += 1
            if _shown(referee) != before or any(before[0] is not now for now in
                                                (referee.state, referee.table.state)):
                result["changed"].append(f"{kind}: {link[:80]!r}")
        elif referee.message.startswith("Link opened") or " is legal: " in referee.message \
                or " is illegal: " in referee.message:
            result["opened"] += 1
            assert referee.state == read_link(page.link).state, (kind, link[:80])
        elif link_in(address) is None:
            pass  # an address with no link: nothing handed on, nothing said
        else:
            result["escapes"].append(f"{kind}: unexpected reply {referee.message[:80]!r}")
        if i % 50 == 49:  # back to a fresh referee now and then: fuzz from several positions
            referee = Referee("sevens", lang="en", page_link=True)
    return result


@pytest.fixture(scope="module")
def links():
    return seed_links()


def test_ten_thousand_mutated_links_get_only_the_engine_s_errors(links):
    result = fuzz(LINKS, seed=0, links=links)
    assert result["escapes"] == []
    assert set(result["kinds"]) == set(KINDS)  # every kind of damage was tried
    assert min(result["kinds"].values()) > LINKS // len(KINDS) // 2
    assert result["refused"] > LINKS * 0.8, result


def test_a_refused_link_leaves_the_referee_exactly_as_it_was(links):
    result = fuzz_referee(REFEREE_LINKS, seed=1, links=links)
    assert result["escapes"] == []
    assert result["changed"] == []
    assert result["refused"] > REFEREE_LINKS * 0.7, result


@pytest.mark.parametrize("link", ["", "ds1.sevens.", "ds2.sevens.eNoDAAAAAAE",
                                  "<img src=x onerror=alert(1)>", "ds1.flip7.eNoDAAAAAAE",
                                  "ds1.sevens." + "A" * 10_000])
def test_a_malformed_link_in_the_address_shows_the_engine_s_message_and_the_first_deal(link):
    referee = Referee("sevens", lang="en", page_link=True)
    before = _shown(referee)
    assert referee.page_link.handle_message({"intent": "address", "href": f"{PAGE}#{link}", "opened": PAGE})
    if link:
        assert referee.message.startswith("This link does not open, the position stays: ")
        with pytest.raises(DoubleseptError) as refused:
            read_link(link)
        assert getattr(refused.value, "reason_en", str(refused.value))[:60] in referee.message
    assert _shown(referee) == before
