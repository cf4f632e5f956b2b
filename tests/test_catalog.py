"""The rule catalog: quotes are word for word, rulings exist, every id is tested."""

import re
from pathlib import Path

import pytest

import doublesept
from doublesept.catalog import RULES, SEED_FILES, EngineChoice, Quote, Ruling, rule

ROOT = Path(__file__).resolve().parents[1]


def all_sources():
    for r in RULES.values():
        for source in r.sources:
            yield r, source


def test_catalog_has_sevens_rules():
    assert len(doublesept.rules_for("sevens")) >= 15


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_catalog_rule_has_statements_and_sources(rule_id):
    r = RULES[rule_id]
    assert re.fullmatch(r"[a-z0-9]+\.[a-z0-9-]+", r.id)
    assert r.en.strip() and r.fr.strip() and r.en != r.fr
    assert r.sources


def test_catalog_quotes_appear_word_for_word_in_their_seed():
    missing = []
    for r, source in all_sources():
        if isinstance(source, Quote):
            text = (ROOT / "seeds" / SEED_FILES[source.seed]).read_text("utf-8")
            if source.text not in text:
                missing.append(f"{r.id}: {source.text!r} not in seed {source.seed}")
    assert not missing, "\n".join(missing)


def test_catalog_rulings_exist_in_rulings_page():
    page = (ROOT / "docs" / "rulings.md").read_text("utf-8")
    numbers = set(re.findall(r"^\| ([DSF]\d+) \|", page, re.MULTILINE))
    for r, source in all_sources():
        if isinstance(source, Ruling):
            assert source.number in numbers, f"{r.id} cites unknown ruling {source.number}"


def test_catalog_engine_choices_exist_in_engine_choices_page():
    page = (ROOT / "docs" / "engine-choices.md").read_text("utf-8")
    questions = re.findall(r"^\| ([^|]+?) \|", page, re.MULTILINE)
    cited = 0
    for r, source in all_sources():
        if isinstance(source, EngineChoice):
            cited += 1
            assert source.question in questions, (
                f"{r.id} cites an engine choice that is not a row of docs/engine-choices.md: "
                f"{source.question!r}")
    assert cited, "no rule cites an engine choice: the check above checked nothing"


def test_catalog_every_rule_id_has_a_test_named_after_it():
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^\s*def (test_\w+)", path.read_text("utf-8"), re.MULTILINE))
    untested = [
        rid for rid in RULES
        if not any(n.startswith("test_" + re.sub(r"[.-]", "_", rid)) for n in names)
    ]
    assert not untested, f"rule ids with no test named after them: {untested}"


def test_catalog_rule_card_renders_quote_and_french():
    card = rule("sevens.must-play")
    html = card._repr_html_()
    assert "sevens.must-play" in html and "vous ne pouvez pas passer" in html
    assert "seed 003" in card._repr_markdown_()


def test_catalog_unknown_rule_id_is_a_clear_error():
    with pytest.raises(LookupError, match="no rule 'sevens.nope'"):
        rule("sevens.nope")


def test_catalog_rulings_page_matches_the_shared_one_when_present():
    # CI and developers have the project's shared/ folder beside the clone; a user may not.
    shared = ROOT.parent / "shared" / "rulings.md"
    if shared.is_file():
        assert (ROOT / "docs" / "rulings.md").read_bytes() == shared.read_bytes(), (
            "docs/rulings.md differs from shared/rulings.md: copy the new one and check the "
            "catalog's ruling citations")
