"""The rule catalog: every rule has a stable id, a statement in English and
French, and its sources (a seed file with a word-for-word quote, a ruling
from the project's rulings page, or, where both are silent, one of the engine's
choices in docs/engine-choices.md).

The catalog is plain data. The engine names these ids in its verdicts; the
notebooks render rule cards from here; a test checks every quote against its
seed file and that every id has a test named after it.
"""

from __future__ import annotations

import html
import sys
from dataclasses import dataclass

from .errors import UnknownGame, UnknownRule, shown

SEED_FILES = {
    "000": "000_159c42a47f029a75.txt",
    "001": "001_c68718cb2a4cbc32.txt",
    "002": "002_4d2065b8497f5bae.txt",
    "003": "003_52631bd6913f1f3c.txt",
    "004": "004_ffbe80a61fda0174.txt",
}


@dataclass(frozen=True)
class Quote:
    """Words copied exactly from a seed document."""

    seed: str  # the seed's number, "000" to "004"
    text: str

    @property
    def file(self) -> str:
        return SEED_FILES[self.seed]

    def cite(self, short: bool = False) -> str:
        if short:
            return f"seed {self.seed}: « {self.text} »"
        return f"seed {self.seed} ({self.file}): « {self.text} »"


@dataclass(frozen=True)
class Ruling:
    """A numbered ruling of shared/rulings.md (D1…, S1…, F1…)."""

    number: str
    summary: str

    def cite(self, short: bool = False) -> str:
        return f"ruling {self.number} (rulings.md): {self.summary}"


@dataclass(frozen=True)
class EngineChoice:
    """A choice the engine makes where the seeds and the rulings are silent: a row of
    docs/engine-choices.md, named by the words that open its first cell."""

    question: str  # the row's question, word for word as it opens the row
    summary: str

    def cite(self, short: bool = False) -> str:
        return f"engine choice (engine-choices.md): {self.summary}"


@dataclass(frozen=True)
class Rule:
    id: str
    en: str
    fr: str
    sources: tuple

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    def citation(self) -> str:
        """The first source, in one short line: what a verdict table shows."""
        return self.sources[0].cite(short=True)

    def _repr_markdown_(self) -> str:
        lines = [f"**`{self.id}`** — {self.en}", "", f"*{self.fr}*", ""]
        for source in self.sources:
            lines.append(f"- {source.cite()}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        items = "".join(f"<li>{esc(s.cite())}</li>" for s in self.sources)
        return (
            '<div class="ds-rule-card" style="border-left:4px solid #3b6ea8;'
            'padding:4px 10px;margin:6px 0">'
            f"<div><code>{esc(self.id)}</code> — <b>{esc(self.en)}</b></div>"
            f'<div lang="fr"><i>{esc(self.fr)}</i></div>'
            f'<ul style="margin:4px 0">{items}</ul></div>'
        )

    def __str__(self) -> str:
        return f"{self.id}: {self.en}"


RULES: dict[str, Rule] = {}
_REGISTERED_BY: dict[str, str] = {}  # rule id -> the module that registered it


def register(*rules: Rule) -> None:
    """Add rules to the catalog. A module registering its own ids again (a reload, as with
    IPython's autoreload) replaces them; an id registered by two modules is a bug."""
    module = sys._getframe(1).f_globals.get("__name__", "?")
    for rule in rules:
        if rule.id in RULES and _REGISTERED_BY[rule.id] != module:
            raise ValueError(f"rule id {rule.id!r} is registered twice "
                             f"({_REGISTERED_BY[rule.id]} and {module})")
        if not rule.sources:
            raise ValueError(f"rule {rule.id!r} has no source")
        RULES[rule.id] = rule
        _REGISTERED_BY[rule.id] = module


def rule(rule_id: str) -> Rule:
    """The rule with this id; UnknownRule (a LookupError), naming what exists, otherwise."""
    found = RULES.get(rule_id) if isinstance(rule_id, str) else None
    if found is None:
        raise UnknownRule(f"no rule {shown(rule_id)}; known ids start with: "
                          + ", ".join(sorted({r.game for r in RULES.values()})))
    return found


def ruling_summary(number: str) -> str:
    """What ruling ``number`` ("D2") settles, in the catalog's words: the summaries the
    rules citing it give (``Ruling.summary``), in catalog order, each once and capitalised,
    joined with " "; "" for a number no rule cites. English only, as the rulings page is."""
    seen: dict = {}
    for found in RULES.values():
        for source in found.sources:
            if isinstance(source, Ruling) and source.number == number:
                summary = source.summary
                seen[summary[:1].upper() + summary[1:]] = True
    return " ".join(seen)


def rules_for(game: str) -> list[Rule]:
    """The rules of ``game`` ("sevens", "doubleseven", "flip7", or "cards" for the card
    notation), in catalog order. Case, spaces, hyphens and underscores are ignored, so the
    module's name ("double_seven") and the benchmark's ("double-seven") work too.

    Raises UnknownGame, listing the games, for a name with no rules."""
    name = (game.lower().replace("_", "").replace("-", "").replace(" ", "")
            if isinstance(game, str) else None)
    found = [r for r in RULES.values() if r.game == name] if name else []
    if not found:
        known = ", ".join(sorted({r.game for r in RULES.values()}))
        raise UnknownGame(f"no game {shown(game)} in the rule catalog; the games are {known}")
    return found
