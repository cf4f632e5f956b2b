"""One name for each game (issue 22): the registry's names ("doubleseven", "flip7",
"sevens", the spelling of the rule ids) are what every command line reads, and the other
spellings (the package's ``double_seven``, the old ``double-seven``, the lessons'
``double7``) are read as them."""

import subprocess
import sys
from pathlib import Path

import pytest

import doublesept  # noqa: F401 - registers the games
from doublesept.core.registry import GAME_ALIASES, game_name, games
from doublesept.errors import UnknownGame

ROOT = Path(__file__).resolve().parents[1]


def test_the_registry_names_the_games_as_the_rule_ids_do():
    assert games() == ("doubleseven", "flip7", "sevens")
    for name in games():
        assert game_name(name) == name


@pytest.mark.parametrize("spelling", ["double_seven", "double-seven", "double7", "Double-Seven",
                                      " doubleseven "])
def test_every_spelling_of_double_seven_reads_as_its_registry_name(spelling):
    assert game_name(spelling) == "doubleseven"


def test_every_alias_names_a_registered_game():
    assert set(GAME_ALIASES.values()) <= set(games())


@pytest.mark.parametrize("bad", ["chess", "", None, 7, "double seven"])
def test_another_name_is_refused_with_the_list_of_games(bad):
    with pytest.raises(UnknownGame, match="the games are doubleseven, flip7, sevens"):
        game_name(bad)


@pytest.mark.parametrize("script", ["random_games.py", "mutation.py"])
def test_the_benchmarks_read_any_spelling(script):
    for spelling in ("doubleseven", "double-seven", "double_seven"):
        run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--game",
                              spelling, "--help"], capture_output=True, text=True, timeout=60,
                         check=False)
        assert run.returncode == 0, run.stderr
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--game", "chess",
                          "--help"], capture_output=True, text=True, timeout=60,
                         check=False)
    assert run.returncode == 2 and "--game" in run.stderr
