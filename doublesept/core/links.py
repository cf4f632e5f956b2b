"""Links that carry a position: the referee's "copy link" (issue 24).

A link holds a game's position in its notation (``state.to_text()``: the players, the rule
options, every hand or rack, whose turn, the seed), and optionally a move asked about, as
the move's text. It is written as one URL-safe token::

    ds1.sevens.eNqrVkrOz8nPz1GyUkrOyM...

``ds`` names the project, ``1`` is the link format's version (``LINK_VERSION``), then the
game's registry name, then the position and the move as JSON, compressed with zlib and
written in URL-safe base64 without padding. A page carries the token after ``#`` (the
fragment never reaches a server) or as ``?position=``; ``read_link`` takes the token or any
URL holding it.

A link is read strictly. A token that is too long, cut, tampered with, of another format
version, for a game this engine does not have, or whose position cannot happen raises the
engine's own error (``LinkError``, or the game's ``NotationError`` / ``PositionError`` for
the position inside), naming what is wrong; nothing in it is ever run or rendered as HTML,
and it cannot make the reader decompress more than ``MAX_TEXT`` bytes.

Imports: the registry (each game's ``to_text`` and ``position``); no game.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import NamedTuple
from urllib.parse import parse_qs, urlsplit

from ..errors import DoubleseptError, LinkError, shown
from .numbers import read_whole
from .registry import game_spec, spec_of

LINK_VERSION = 1
MAX_LINK = 4096  # characters: the longest token read (a URL of 8 players' hands is ~1,000)
MAX_TEXT = 16_384  # bytes: the most a token may decompress to
MAX_MOVE = 100  # characters: the longest move text ("retrieve clover from Bob's 2 with ...")
_TOKEN = re.compile(r"ds([0-9]{1,3})\.([a-z0-9-]{1,20})\.([A-Za-z0-9_-]+)")
_KEYS = {"position", "move"}


class Link(NamedTuple):
    """What a link holds: ``state`` (the position, a game state) and ``move``, the text of
    the move asked about (``None`` when none was)."""

    state: object
    move: str | None


def to_link(state, move=None) -> str:
    """The token of ``state``'s position and, optionally, of ``move`` (a move or its text,
    legal or not: asking about a refused move is what a referee is for). Raises LinkError
    when the move's text is longer than ``MAX_MOVE`` or the token longer than
    ``MAX_LINK``; TypeError for something that is not a game state."""
    spec = spec_of(state)
    record = {"position": spec.to_text(state)}
    if move is not None:
        text = move if isinstance(move, str) else spec.move_record(move)
        if not isinstance(text, str):  # a chance outcome is no question for a referee
            raise LinkError("a link asks about a player's move, not a chance outcome",
                            "un lien porte sur le coup d'un joueur, pas sur un tirage")
        if len(text) > MAX_MOVE:
            raise LinkError(f"the move's text is longer than {MAX_MOVE} characters",
                            f"le texte du coup dépasse {MAX_MOVE} caractères")
        record["move"] = text
    packed = zlib.compress(json.dumps(record, ensure_ascii=False, separators=(",", ":"))
                           .encode("utf-8"), 9)
    token = f"ds{LINK_VERSION}.{spec.name}." + \
        base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    if len(token) > MAX_LINK:
        raise LinkError(f"this position makes a link of {len(token)} characters, more than "
                        f"{MAX_LINK}", f"cette position donne un lien de {len(token)} "
                        f"caractères, plus de {MAX_LINK}")
    return token


def read_link(text) -> Link:
    """The position and the move a link holds. ``text`` is the token (``to_link``) or a URL
    holding it after ``#`` or in ``?position=``. Raises LinkError for a link that does not
    read (naming why: its length, its shape, its version, its game, its compressed part,
    its fields), and the game's NotationError or PositionError for a position that does not
    read or cannot happen."""
    token = _token_of(text)
    found = _TOKEN.fullmatch(token)
    if found is None:
        raise LinkError(f"{shown(token)} is not a doublesept link (it should read "
                        "'ds1.<game>.<letters>')", f"{shown(token)} n'est pas un lien doublesept "
                        "(il devrait se lire « ds1.<jeu>.<lettres> »)")
    version, game, payload = read_whole(found[1], "link format"), found[2], found[3]
    if version > LINK_VERSION:
        raise LinkError(f"this link was made by a newer doublesept (link format {version}; "
                        f"this one reads up to {LINK_VERSION}): update doublesept to open it",
                        f"ce lien vient d'une version plus récente de doublesept (format "
                        f"{version} ; celle-ci lit jusqu'au {LINK_VERSION}) : mettez-la à jour")
    if version < 1:
        raise LinkError(f"link format {version} does not exist", f"le format de lien {version} "
                        "n'existe pas")
    try:
        spec = game_spec(game)
    except DoubleseptError:
        raise LinkError(f"this link is for a game this doublesept does not have: {shown(game)}",
                        f"ce lien est pour un jeu que ce doublesept n'a pas : {shown(game)}") \
            from None
    record = _record(payload)
    state = spec.position(record["position"])
    return Link(state, record.get("move"))


def _token_of(text) -> str:
    if not isinstance(text, str):
        raise LinkError(f"a link is text, not {type(text).__name__}",
                        f"un lien est un texte, pas {type(text).__name__}")
    text = text.strip()
    if len(text) > MAX_LINK + 2048:  # the token, and an address around it
        raise LinkError(f"this link is {len(text)} characters long, more than a link can be",
                        f"ce lien fait {len(text)} caractères, plus qu'un lien ne peut en avoir")
    if "#" in text or "?" in text or "://" in text:
        parts = urlsplit(text)
        asked = parse_qs(parts.query).get("position")
        text = parts.fragment or (asked[0] if asked else "")
        if not text:
            raise LinkError("this address holds no position (after '#' or in '?position=')",
                            "cette adresse ne contient aucune position (après « # » ou dans "
                            "« ?position= »)")
    if len(text) > MAX_LINK:
        raise LinkError(f"this link is {len(text)} characters long, more than {MAX_LINK}",
                        f"ce lien fait {len(text)} caractères, plus de {MAX_LINK}")
    return text


def _record(payload: str) -> dict:
    """The JSON record of a token's last part; LinkError for anything else."""
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_TEXT)
        if unpacker.unconsumed_tail:
            raise LinkError(f"this link holds more than {MAX_TEXT} bytes",
                            f"ce lien contient plus de {MAX_TEXT} octets")
        if not unpacker.eof or unpacker.unused_data:
            raise LinkError("this link is cut or has letters too many: copy all of it again",
                            "ce lien est coupé ou a des lettres en trop : recopiez-le en entier")
        record = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError,
            RecursionError, ValueError) as error:
        if isinstance(error, LinkError):
            raise
        raise LinkError("this link is damaged (a letter changed, or part of it is missing): "
                        "copy all of it again", "ce lien est abîmé (une lettre a changé, ou il "
                        "en manque une partie) : recopiez-le en entier") from None
    if not isinstance(record, dict) or not set(record) <= _KEYS or "position" not in record:
        raise LinkError("this link's fields are not a position and a move",
                        "les champs de ce lien ne sont pas une position et un coup")
    if not isinstance(record["position"], str):
        raise LinkError("this link's position is not text", "la position de ce lien n'est pas "
                        "un texte")
    move = record.get("move")
    if move is not None and (not isinstance(move, str) or len(move) > MAX_MOVE
                             or not move.isprintable()):
        raise LinkError(f"this link's move is not a move's text: {shown(move)}",
                        f"le coup de ce lien n'est pas le texte d'un coup : {shown(move)}")
    return record


__all__ = ["LINK_VERSION", "MAX_LINK", "Link", "read_link", "to_link"]
