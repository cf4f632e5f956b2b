"""Seed 003's worked examples, reproduced by the engine word for word.

The five-row table ("Carte en main | Résultat") is read from the seed file
itself, so a changed seed or a changed engine reason both fail here.
"""

from pathlib import Path

from doublesept import sevens
from doublesept.catalog import SEED_FILES

SEED_003 = (Path(__file__).resolve().parents[1] / "seeds" / SEED_FILES["003"]).read_text("utf-8")

# One position per row of the seed's table; the card is in Ann's hand, Ann to play.
ROW_POSITIONS = {
    "7♣, aucun trèfle sur la table": ("7♦", "7♣ 9♠", "7♣"),
    "6♦, seul le 7♦ est posé": ("7♦", "6♦", "6♦"),
    "A♠, le pique va du 2♠ au 9♠": ("7♦ 2♠-9♠", "A♠", "A♠"),
    "9♥, le cœur va du 6♥ au 7♥": ("7♦ 6♥-7♥", "9♥ 4♦", "9♥"),
    "Aucune carte de votre main ne convient": ("7♦", "K♥ 2♣ 9♠", "pass"),
}


def seed_table_rows():
    rows = {}
    for line in SEED_003.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and cells[0] in ROW_POSITIONS:
            rows[cells[0]] = cells[1]
    return rows


def position_for(table, ann):
    return sevens.position(f"""
        players: Ann, Bob, Cy
        table: {table}
        Ann: {ann}
        Bob: ...
        Cy: ...
        turn: Ann
    """)


def test_seed_003_five_row_table_reproduced_exactly():
    rows = seed_table_rows()
    assert len(rows) == 5, "the seed's five-row table was not found"
    for situation, result in rows.items():
        table, ann, move = ROW_POSITIONS[situation]
        verdict = position_for(table, ann).check(move)
        assert verdict.reason_fr == result, situation
        assert verdict.legal is not result.startswith("Ne convient pas")


def test_seed_003_what_fits_this_table(seed_003_example):
    # "Trois cartes conviennent : le 5♦ et le 9♦ prolongent le carreau à chaque
    #  extrémité, et le 8♠ se pose au-dessus du 7♠. [...] vous ne pouvez pas passer."
    assert "Trois cartes conviennent" in SEED_003
    assert [str(m) for m in seed_003_example.legal_moves()] == ["5♦", "9♦", "8♠"]
    assert not seed_003_example.check("6♣").legal
    assert "attend le 7♣" in seed_003_example.check("6♣").reason_fr
    assert "Le 6♣ attend le 7♣" in SEED_003
    king = seed_003_example.check("R♥")
    assert not king.legal
    assert "une rangée de cœur qui atteigne la dame" in king.reason_fr
    assert "le R♥ une rangée de cœur qui atteigne la dame" in SEED_003
    assert seed_003_example.check("pass").rule_id == "sevens.must-play"
    assert "vous ne pouvez pas passer" in SEED_003


def test_seed_003_never_more_than_eight_cards_fit():
    # "il n'y en a jamais plus de 8 dans tout le jeu : deux extrémités par rangée"
    assert "il n'y en a jamais plus de 8 dans tout le jeu" in SEED_003
    state = sevens.new_game(4, seed=3).play("7♦")
    while not state.is_round_over:
        assert len(state.fitting_cards()) <= 8
        state = state.play(state.legal_moves()[-1])
