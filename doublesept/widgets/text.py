"""Safe text for the widgets: printable lines, numbers, labels, JSON for HTML, rule citations.

Everything a widget shows passes through here: a player's name, a move typed in, a
number too large to write, a label with its values. Nothing is rendered as HTML; the JSON
of a view is escaped so that it can sit in a ``<script>`` element of an exported notebook.
``citation`` and ``statement`` read a rule's source and statement from the catalog, and
``rulings_in`` finds the rulings ("(D2)") a text cites.

Imports: the catalog and ``core.french``; no widget module.
"""

from __future__ import annotations

import json
import re

from .. import catalog
from ..core.french import de

MAX_MESSAGE = 200  # longest line a widget shows for a message


def printable(text, limit: int = MAX_MESSAGE) -> str:
    """``text`` as a short line that can be shown: every character that cannot be printed
    (a control character, a lone surrogate, a bidi override) is written as its escape, line
    breaks become spaces, and the line is cut to ``limit`` characters.

    >>> printable("8\\x00\\u202e")
    '8\\\\x00\\\\u202e'
    >>> len(printable("x" * 500))
    200
    """
    text = str(text)
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif ch in "\n\r\t":
            out.append(" ")
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else
                       f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        if len(out) > limit:  # a long text is cut anyway: stop early
            break
    line = "".join(out)
    return line if len(line) <= limit else line[:limit - 1] + "…"


def short(value, limit: int = 40) -> str:
    """``value`` written for a message: its repr, printable, at most ``limit`` characters;
    never raises (a huge int, a broken ``__repr__``)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return "a very large number"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__
        text = f"<{type(value).__name__}>"
    return printable(text, limit)


def number_text(value) -> str:
    """A score or a count as text; a number too large to write is named, never written.

    >>> number_text(12), number_text(10**5000)
    ('12', 'more than 10^18')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if abs(value) < 10**18 else ("more than 10^18" if value > 0
                                                       else "less than -10^18")
    return short(value, 24)


def fill(label: str, **values) -> str:
    """A label of a widget's WORDS with its values (``str.format``); a French label writes
    ``{de_name}`` for "de" and the value of ``name``, elided before a vowel ("chevalet
    d'Ann", "chevalet de Bob")."""
    if "{de_" in label:
        values.update({f"de_{k}": de(str(v)) for k, v in list(values.items())})
    return label.format(**values)


def json_for_html(data) -> str:
    """``data`` as JSON text in which ``<``, ``>`` and ``&`` (and the two line separators)
    are escaped, so the text can sit inside an HTML ``<script>`` element as it is.

    >>> json_for_html({"name": "<!--<script>"})
    '{"name":"\\\\u003c!--\\\\u003cscript\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def citation(rule_id: str) -> str | None:
    try:
        return catalog.rule(rule_id).citation()
    except LookupError:
        return None


def statement(rule_id: str) -> tuple[str, str]:
    """The rule's statement in the catalog (English, French): what a reply says instead of
    a reason that would name hidden cards."""
    try:
        found = catalog.rule(rule_id)
    except LookupError:
        return ("the engine refuses it; its reason is hidden with the hands",
                "le moteur le refuse ; sa raison est cachée avec les mains")
    return found.en, found.fr


# A ruling cited in a text, as the engine writes it: "(D2)", "(D2, D14)". common.js finds
# them with the same pattern and draws each as a button that opens the ruling's words.
RULING_CITE = re.compile(r"\(([DSF][0-9]{1,2}(?:, [DSF][0-9]{1,2})*)\)")


def rulings_in(texts) -> list[str]:
    """The ruling numbers ("D2") that ``texts`` (strings; None is skipped) cite in brackets,
    in the order cited, each once."""
    found: dict = {}
    for text in texts:
        if text and "(" in text:
            for cited in RULING_CITE.findall(text):
                for number in cited.split(", "):
                    found[number] = True
    return list(found)


def sentence(text: str) -> str:
    """``text`` ending as a sentence does: a full stop added unless it ends with one (or
    with "!", "?", "…", a closing quote or bracket after one)."""
    text = text.rstrip()
    if not text or text[-1] in ".!?…" or text.endswith((".)", "!)", "»", ".\"", "!\"")):
        return text
    return text + "."
