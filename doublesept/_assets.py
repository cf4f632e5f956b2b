"""Find the browser-side widget files (ES modules and CSS), installed or in a checkout."""

from importlib import resources
from pathlib import Path


def _widget_dir() -> Path:
    # A wheel carries widgets/ inside the package as _widgets/ (see pyproject.toml);
    # an editable install or a plain checkout reads the top-level widgets/ folder.
    packaged = Path(str(resources.files("doublesept"))) / "_widgets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "widgets"


def widget_asset(name: str) -> Path:
    """Path of the widget file `name` (e.g. "board.js"); FileNotFoundError if it is missing."""
    path = _widget_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"widget asset {name!r} not found at {path}")
    return path
