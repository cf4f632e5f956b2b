"""A plain wheel carries the engine and the widgets' browser files, and finds them installed."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_widgets_and_finds_them_when_installed(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path / "dist"), str(ROOT)], check=True)
    wheel = next((tmp_path / "dist").glob("doublesept-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for asset in (ROOT / "widgets").iterdir():
        assert f"doublesept/_widgets/{asset.name}" in names
    assert "doublesept/sevens/state.py" in names
    assert {"doublesept/widgets/__init__.py", "doublesept/widgets/base.py",
            "doublesept/widgets/sevens.py", "doublesept/_widgets/common.js"} <= names
    assert not any(n.startswith(("notebooks/", "tests/", "seeds/")) for n in names)

    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True)
    # the installed widgets read their ES modules from the wheel: common.js, then sevens.js
    probe = ("import doublesept, doublesept._assets as a, doublesept.widgets as w; "
             "assert w.SevensTryMoves._esm.index('export function createWidget') "
             "< w.SevensTryMoves._esm.rindex('export default createWidget'); "
             "print(doublesept.__file__); print(a.widget_asset('sevens.js')); "
             "print(a.widget_asset('common.js')); print(w.__file__)")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, check=True, text=True,
                         capture_output=True, env={"PYTHONPATH": str(target)}).stdout.split()
    assert all(line.startswith(str(target)) for line in out), out
