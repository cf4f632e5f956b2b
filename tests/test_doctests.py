"""The examples in the engine's docstrings run as written."""

import doctest
import importlib
import pkgutil

import doublesept

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(doublesept.__path__, "doublesept.")
    if info.name != "doublesept.widgets"  # needs a kernel's comm; tested in test_widgets.py
)


def test_docstring_examples():
    failed, attempted = 0, 0
    for name in ["doublesept", *MODULES]:
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        failed += result.failed
        attempted += result.attempted
    assert failed == 0
    assert attempted >= 6  # the examples exist: this is not an empty check
