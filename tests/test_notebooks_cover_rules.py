"""Every rule of the three games (Sevens, Flip 7, Double Seven) is taught in a lesson, with its
rule card and its source quoted word for word.

A lesson shows a rule by its card: a code cell with ``rule("sevens.xxx")``. Before that, a
blockquote gives the French words of the source between « and »; those words must be one of
the rule's catalog quotes, and every quote in a lesson must be found in the seed files as is.
"""

import re
from functools import cache
from pathlib import Path

import jupytext
import pytest

from doublesept import rules_for
from doublesept.catalog import SEED_FILES, Quote

REPO = Path(__file__).resolve().parent.parent
# each lesson once, not under an old name kept as a symbolic link (index.md -> 0-index.md)
LESSONS = sorted(p for p in (REPO / "notebooks").glob("*.md") if not p.is_symlink())
# Rules the engine has whose lessons are still due; test_lessons_still_due fails once a
# lesson shows one, so it must then be removed from here. (Empty: every rule has its lesson.)
LESSONS_DUE: set[str] = set()
TAUGHT = ("sevens", "flip7", "doubleseven")
TAUGHT_RULES = [r for game in TAUGHT for r in rules_for(game) if r.id not in LESSONS_DUE]
RULE_CARD = re.compile(r"""\brule\(\s*["']([\w.-]+)["']\s*\)""")
GUILLEMETS = re.compile(r"«\s*(.+?)\s*»", re.DOTALL)


def _words(text: str) -> str:
    return " ".join(text.split())


def _blockquotes(markdown: str) -> list[str]:
    """Each blockquote of a markdown cell, as one line of text."""
    quotes, current = [], []
    for line in markdown.splitlines() + [""]:
        if line.startswith(">"):
            current.append(line[1:].strip())
        elif current:
            quotes.append(_words(" ".join(current)))
            current = []
    return quotes


def _lessons():
    for path in LESSONS:
        yield path, jupytext.read(path)


@cache
def _rule_cards() -> dict[str, list[str]]:
    """rule id -> the lessons that show its card."""
    shown: dict[str, list[str]] = {}
    for path, nb in _lessons():
        for cell in nb.cells:
            if cell.cell_type == "code":
                for rule_id in RULE_CARD.findall(cell.source):
                    shown.setdefault(rule_id, []).append(path.stem)
    return shown


@cache
def _quoted() -> list[tuple[str, str]]:
    """(lesson, French words) for every « … » inside a blockquote of a lesson."""
    found = []
    for path, nb in _lessons():
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                for quote in _blockquotes(cell.source):
                    found += [(path.stem, _words(q)) for q in GUILLEMETS.findall(quote)]
    return found


SEEDS = {
    number: _words((REPO / "seeds" / name).read_text(encoding="utf-8"))
    for number, name in SEED_FILES.items()
}


def test_there_are_lessons():
    assert LESSONS, "no lesson notebooks/*.md besides the index"


@pytest.mark.parametrize("rule_id", [r.id for r in TAUGHT_RULES])
def test_rule_has_a_card_in_a_lesson(rule_id):
    assert rule_id in _rule_cards(), (
        f'no lesson shows rule("{rule_id}"): give it a section with its rule card'
    )


@pytest.mark.parametrize("rule", [r for r in TAUGHT_RULES
                                  if any(isinstance(s, Quote) for s in r.sources)],
                         ids=lambda r: r.id)
def test_rule_source_is_quoted_in_a_lesson(rule):
    catalog_quotes = {_words(s.text) for s in rule.sources if isinstance(s, Quote)}
    quoted = {words for _, words in _quoted()}
    assert catalog_quotes & quoted, (
        f"no lesson quotes the source of {rule.id} in a blockquote; "
        f"use one of: {' | '.join(sorted(catalog_quotes))}"
    )


def test_lessons_still_due_are_rules_no_lesson_shows_yet():
    due = {r.id for game in TAUGHT for r in rules_for(game)} & LESSONS_DUE
    assert due == LESSONS_DUE, f"not rule ids: {LESSONS_DUE - due}"
    shown = set(_rule_cards())
    assert not due & shown, f"lessons now show {due & shown}: remove them from LESSONS_DUE"


def test_every_rule_card_names_a_known_rule():
    known = {r.id for game in TAUGHT for r in rules_for(game)}
    unknown = {
        rule_id: lessons
        for rule_id, lessons in _rule_cards().items()
        if rule_id.startswith(tuple(f"{game}." for game in TAUGHT)) and rule_id not in known
    }
    assert not unknown, f"rule cards for ids the catalog does not have: {unknown}"


def test_every_quote_is_word_for_word_in_a_seed():
    quotes = _quoted()
    assert quotes
    misquoted = [
        (lesson, words)
        for lesson, words in quotes
        if not any(words in seed for seed in SEEDS.values())
    ]
    assert not misquoted, f"quoted words not found in any seed file: {misquoted}"


def test_every_quote_of_another_source_is_word_for_word_in_engine_choices():
    # A blockquote with no « … » quotes a source other than the seeds (the "Flip 7 FAQ /
    # Edge Cases" file): docs/rulings.md keeps their text out, so the project quotes them in
    # docs/engine-choices.md, beside the choice they settle; each part between […] is there.
    page = _words((REPO / "docs" / "engine-choices.md").read_text(encoding="utf-8"))
    others = [(path.stem, quote) for path, nb in _lessons() for cell in nb.cells
              if cell.cell_type == "markdown" for quote in _blockquotes(cell.source)
              if "«" not in quote]
    assert len(others) >= 2  # Cases 16 and 18, in lessons flip7-8 and flip7-2
    misquoted = [(lesson, part) for lesson, quote in others
                 for part in re.split(r"\s*\[…\]\s*", quote) if part and part not in page]
    assert not misquoted, f"quoted words not in docs/engine-choices.md: {misquoted}"
