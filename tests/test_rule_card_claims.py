"""A rule card claims only what its sources say (issue 23, part 4).

Where the seeds and the rulings are silent the engine makes a choice, and each choice is a
row of docs/engine-choices.md. ``CLAIMS`` marks the words by which a card's statement states
one of those choices: a card whose statement (English or French) says them must cite that
row as an ``EngineChoice``, not pass it off as a seed's or a ruling's word.
"""

import re
from pathlib import Path

import pytest

from doublesept.catalog import RULES, EngineChoice

ROOT = Path(__file__).resolve().parents[1]

# The first cell of a row of docs/engine-choices.md -> the patterns (case-insensitive, read
# in the English and the French statement) that state what that row chose.
CLAIMS = {
    "Who plays first with all sevens laid out first (ruling S1, Shichi Narabe)": (
        r"\bheld (the )?7♦", r"\b(avait|tenait) (le )?7♦"),
    'Who plays first with the flexible opener (ruling S1, "any 7")': (
        r"play starts at the dealer's left", r"with no 7 passes",
        r"le jeu part de la gauche du donneur", r"sans 7 passe"),
    "The international preset's scoring": (
        r"\b1 point (for|per|a) (the |each )?hand lost",
        r"\b1 point (pour|par) (la |chaque )?main perdue"),
    "Which passes use a Shichi Narabe free pass": (
        r"forced or chosen", r"forcée ou choisie"),
    "The starting stack of a chip game": (
        r"\bsame (starting )?stack", r"\bmême pile"),
    "Paying more than one has": (
        r"more than (their|his|her) stack", r"as much as (their|the) stack",
        r"cannot pay it must play",
        r"plus que sa pile", r"autant que sa pile", r"ne peut pas le payer doit jouer"),
    "Court cards at 10": (
        r"\b(jacks?|queens?|kings?|court cards?)\b[^.;]*\b10\b",
        r"\b(valets?|dames?|rois?|figures?)\b[^.;]*\b10\b"),
    "Seats of the app preset": (
        r"\bapp\b[^.;]*\b3 to 7\b", r"\bappli\w*\b[^.;]*\b3 à 7\b"),
    "No card left anywhere to draw, or discards that could only go round for ever": (
        r"discards hold no modifier", r"aucune carte Bonus"),
    "What a seat observes": (r"\bspectator\b", r"\bspectat(eur|rice)\b"),
    "An illegal card is laid": (r"engine refuses it", r"moteur la refuse"),
    "A voluntary pass under must-play": (r"engine refuses that pass", r"moteur refuse cette passe"),
    "What a voluntary pass costs in Fan Tan": (r"\b5 chips in all", r"\b5 jetons en tout"),
    "Cards set aside when the flipper busts (which source says what)": (
        r"official change from the first printing", r"changement officiel"),
    "A card given away: « donner la ou les cartes Action »": (r"is played on them", r"jouée sur lui"),
    "Where a played Freeze or Flip Three goes": (
        r"stays in front of the frozen player", r"reste devant le joueur gelé"),
    "When the cards set aside take effect": (
        r"none takes effect until", r"aucune ne prend effet"),
    "A deal card for a player who already has cards": (
        r"asks them hit or stay", r"demande encore ou stop"),
    "Seed 001's \"the first and second players to make a set of seven\"": (
        r"first and second players?", r"premier et (le )?(deuxième|second) joueurs?"),
}


def _questions() -> list:
    page = (ROOT / "docs" / "engine-choices.md").read_text("utf-8")
    return re.findall(r"^\| ([^|]+?) \|", page, re.MULTILINE)


def _states(card, question) -> list:
    """The patterns of ``question`` that the card's statement says."""
    return [p for p in CLAIMS[question]
            if re.search(p, card.en, re.IGNORECASE) or re.search(p, card.fr, re.IGNORECASE)]


def _cites(card, question) -> bool:
    return any(isinstance(s, EngineChoice) and s.question == question for s in card.sources)


def test_rule_card_claims_are_rows_of_engine_choices():
    questions = _questions()
    missing = [q for q in CLAIMS if q not in questions]
    assert not missing, f"not a row of docs/engine-choices.md: {missing}"


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_card_claims_an_engine_choice_only_citing_it(rule_id):
    card = RULES[rule_id]
    uncited = [f"{q!r} (said by {_states(card, q)})" for q in CLAIMS
               if _states(card, q) and not _cites(card, q)]
    assert not uncited, (f"{rule_id} states an engine choice without citing it as one "
                         f"(EngineChoice, docs/engine-choices.md): {uncited}")


def test_rule_card_claims_every_marked_claim_is_stated_by_a_card():
    # A pattern no card says any more checks nothing: reword it with the card.
    unused = [q for q in CLAIMS if not any(_states(c, q) for c in RULES.values())]
    assert not unused, f"no card states these marked choices: {unused}"


def test_rule_card_claims_every_cited_choice_is_marked():
    # A card citing a choice is held to it: its claim is marked here too.
    cited = {s.question for c in RULES.values() for s in c.sources if isinstance(s, EngineChoice)}
    assert not cited - set(CLAIMS), f"cited but not marked in CLAIMS: {cited - set(CLAIMS)}"
