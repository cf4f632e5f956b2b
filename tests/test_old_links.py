"""Links and rule ids written by an earlier main still open (issue 22: "old saves, positions
and rule-id links keep loading"). tests/fixtures/links-f0f18d4/ was made by main at f0f18d4:
``links.json`` holds a referee link of each game (a position and a move asked about, as
``core.links.to_link`` wrote them) with the position's text and the verdict then, and
``rule-ids.txt`` every rule id of the catalog then (the ids a lesson, a rule card or a link
names). Each link reads back to the same position and the same verdict, and each id still
names a rule."""

import json
from pathlib import Path

import pytest

import doublesept  # noqa: F401  (registers every game's rules)
from doublesept import catalog
from doublesept.core.links import read_link
from doublesept.core.registry import spec_of

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "links-f0f18d4"
LINKS = json.loads((FIXTURES / "links.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("record", LINKS, ids=[r["name"] for r in LINKS])
def test_a_link_of_an_earlier_main_opens_the_same_position_and_verdict(record):
    opened = read_link(record["link"])
    state = opened.state
    assert spec_of(state).to_text(state) == record["position"]
    assert opened.move == record["move"]
    verdict = state.check(state.parse_move(opened.move) if hasattr(state, "parse_move")
                          else opened.move)
    assert (verdict.legal, verdict.rule_id) == (record["legal"], record["rule_id"])


def test_every_game_has_an_old_link():
    assert {r["name"] for r in LINKS} == {"sevens", "sevens-fan-tan", "flip7", "double-seven"}


def test_every_rule_id_of_an_earlier_main_still_names_a_rule():
    ids = (FIXTURES / "rule-ids.txt").read_text(encoding="utf-8").split()
    assert len(ids) > 100
    missing = [rule_id for rule_id in ids if rule_id not in catalog.RULES]
    assert not missing, f"rule ids gone since f0f18d4 (keep them, or map them): {missing}"
    for rule_id in ids:
        assert catalog.rule(rule_id).id == rule_id
