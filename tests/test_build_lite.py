"""scripts/build_lite.py without the network: the site's Pyodide lock file, and the Python
version the zero-install site runs the engine on (the browser test runs it there:
tests/browser/test_jupyterlite_site.py)."""

import ast
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
build_lite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_lite)

pytest.importorskip("jupyterlite_pyodide_kernel", reason="the `lite` extra is not installed")


def test_the_site_runs_pyodide_314_whose_python_3_14_the_engine_supports():
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION

    assert build_lite.pyodide_version() == PYODIDE_VERSION == "314.0.6"
    assert PYODIDE_PYTHON_VERSION == "3.14"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.11"  # so 3.14 is in
    assert project["dependencies"] == []  # nothing to find for Pyodide but the wheel itself


def _wheel(folder: Path, name: str, version: str, tops=("{name}/__init__.py",)) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for top in tops:
            archive.writestr(top.format(name=name), "")
        archive.writestr(f"{name}-{version}.dist-info/METADATA", f"Name: {name}\n")
    return path


def _fake_pyodide(tmp_path):
    """A Pyodide npm package in miniature: its runtime files and a lock file of 6 wheels,
    one of which (numpy) is not pure and not needed."""
    core = tmp_path / "package"
    core.mkdir()
    for name in build_lite.PYODIDE_CORE[:-1]:
        (core / name).write_text(name)
    deps = {"micropip": [], "ipython": ["traitlets", "prompt_toolkit"], "traitlets": [],
            "prompt-toolkit": [], "jedi": ["parso"], "parso": [], "typing-extensions": []}
    packages = {name: {"name": name, "version": "1.0", "depends": depends,
                       "file_name": f"{name.replace('-', '_')}-1.0-py3-none-any.whl",
                       "sha256": "from-pyodide-cdn", "imports": [name], "install_dir": "site",
                       "package_type": "package", "unvendored_tests": False}
                for name, depends in deps.items()}
    packages["numpy"] = {**packages["parso"], "name": "numpy",
                         "file_name": "numpy-2.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl"}
    lock = {"info": {"python": "3.14.2"}, "packages": packages}
    (core / "pyodide-lock.json").write_text(json.dumps(lock))
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    for name in deps:  # as pip downloads them from PyPI
        _wheel(wheels, name.replace("-", "_"), "1.0")
    return core, wheels


def test_the_site_lock_names_the_wheels_it_serves_with_their_sha256(tmp_path):
    core, wheels = _fake_pyodide(tmp_path)
    extras = tmp_path / "extras"
    extras.mkdir()
    extra_wheels = [_wheel(extras, "doublesept", "0.1.0"), _wheel(extras, "comm", "0.2.3"),
                    _wheel(extras, "psygnal", "0.16.1"), _wheel(extras, "ipywidgets", "8.1.9"),
                    _wheel(extras, "anywidget", "0.11.0", ("anywidget/__init__.py", "x.py"))]
    out = tmp_path / "site" / "static" / "pyodide"
    lock = build_lite.site_lock(core, wheels, extra_wheels, out, offline=True)

    assert lock == json.loads((out / "pyodide-lock.json").read_text())
    assert lock["info"] == {"python": "3.14.2"}
    packages = lock["packages"]
    # the closure of micropip, ipython, jedi and typing-extensions, by the lock's `depends`
    # (prompt_toolkit and prompt-toolkit are one name), plus the extra wheels; not numpy
    assert set(packages) == {"micropip", "ipython", "traitlets", "prompt-toolkit", "jedi",
                             "parso", "typing-extensions", "doublesept", "comm", "psygnal",
                             "ipywidgets", "anywidget"}
    for entry in packages.values():
        served = out / entry["file_name"]
        assert entry["sha256"] == hashlib.sha256(served.read_bytes()).hexdigest()
    assert packages["anywidget"]["depends"] == ["ipywidgets", "psygnal", "typing-extensions"]
    assert packages["anywidget"]["imports"] == ["anywidget", "x"]
    assert packages["doublesept"]["imports"] == ["doublesept"]
    assert packages["doublesept"]["version"] == "0.1.0"
    assert sorted(p.name for p in out.iterdir() if not p.name.endswith(".whl")) == sorted(
        build_lite.PYODIDE_CORE)


def test_a_wheel_missing_from_the_cache_stops_an_offline_build(tmp_path):
    core, wheels = _fake_pyodide(tmp_path)
    (wheels / "parso-1.0-py3-none-any.whl").unlink()
    with pytest.raises(SystemExit, match="parso==1.0"):
        build_lite.site_lock(core, wheels, [], tmp_path / "out", offline=True)


def test_every_preloaded_package_is_one_the_site_serves():
    served = {build_lite.normalize(n) for n in
              (*build_lite.LOCK_ROOTS, *build_lite.PYPI_EXTRAS, "doublesept", "piplite",
               "pyodide-kernel", "ipykernel")}
    assert {build_lite.normalize(n) for n in build_lite.PRELOAD} <= served


def _unguarded_imports(source: str) -> set[str]:
    """The top-level module names a code cell imports outside a `try: ... except
    ImportError` (a guarded import has a fallback where the module is missing)."""
    source = "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                       for line in source.splitlines())  # IPython magics and shell lines
    tree = ast.parse(source)
    guarded = {id(node) for block in ast.walk(tree) if isinstance(block, ast.Try)
               and any(isinstance(h.type, ast.Name)
                       and h.type.id in ("ImportError", "ModuleNotFoundError")
                       for h in block.handlers)
               for statement in block.body for node in ast.walk(statement)}
    names = set()
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_every_lesson_imports_only_what_the_site_serves():
    """matplotlib and SciPy are not in the site (Pyodide serves them only from its CDN): a
    lesson imports them in a `try`, with a fallback (tests/browser/test_jupyterlite_site.py
    runs every lesson there)."""
    served = {build_lite.normalize(name) for name in
              (*build_lite.LOCK_ROOTS, *build_lite.PYPI_EXTRAS, "doublesept")}
    missing = {}
    for lesson in build_lite.site_lessons(ROOT / "notebooks")[0]:
        cells = json.loads(lesson.read_text())["cells"]
        for cell in cells:
            if cell["cell_type"] == "code":
                for name in _unguarded_imports("".join(cell["source"])):
                    if name not in sys.stdlib_module_names and build_lite.normalize(
                            name) not in served:
                        missing.setdefault(name, []).append(lesson.name)
    assert missing == {}


def test_a_guarded_import_is_not_counted():
    cell = ("%xmode Minimal\nimport random\nfrom tqdm.auto import tqdm\n"
            "try:\n    import matplotlib.pyplot as plt\nexcept ImportError:\n    plt = None\n"
            "try:\n    import scipy\nexcept KeyError:\n    pass\n")
    assert _unguarded_imports(cell) == {"random", "tqdm", "scipy"}


def test_the_site_serves_each_lesson_once_not_its_old_names(tmp_path):
    (tmp_path / "0-index.ipynb").write_text("{}")
    (tmp_path / "doubleseven-4-families.ipynb").write_text("{}")
    (tmp_path / "index.ipynb").symlink_to("0-index.ipynb")
    (tmp_path / "double7-4-families.ipynb").symlink_to("doubleseven-4-families.ipynb")
    lessons, old_names = build_lite.site_lessons(tmp_path)
    assert [p.name for p in lessons] == ["0-index.ipynb", "doubleseven-4-families.ipynb"]
    assert old_names == {"notebooks/index.ipynb": "notebooks/0-index.ipynb",
                         "notebooks/double7-4-families.ipynb":
                             "notebooks/doubleseven-4-families.ipynb"}
    (tmp_path / "gone.ipynb").symlink_to("nowhere.ipynb")
    with pytest.raises(SystemExit, match="gone.ipynb"):
        build_lite.site_lessons(tmp_path)


def _lab_page() -> str:
    """JupyterLite's own lab/index.html, from the app the installed jupyterlite-core builds."""
    import jupyterlite_core

    app = next(Path(jupyterlite_core.__file__).parent.glob("jupyterlite-app-*.tgz"))
    with tarfile.open(app) as archive:
        return archive.extractfile("package/lab/index.html").read().decode("utf-8")


@pytest.mark.parametrize(("opened", "sent_to"), [
    ("?path=notebooks/double7-4-families.ipynb",
     "/lab/index.html?path=notebooks/doubleseven-4-families.ipynb"),
    ("?path=%2Fnotebooks%2Findex.ipynb&reset#x",
     "/lab/index.html?path=notebooks/0-index.ipynb&reset#x"),
    ("?path=notebooks/doubleseven-4-families.ipynb", None),  # a lesson's name: the page loads
    ("", None),
])
def test_the_lab_page_sends_an_old_name_on_to_its_lesson(opened, sent_to):
    old_names = {"notebooks/index.ipynb": "notebooks/0-index.ipynb",
                 "notebooks/double7-4-families.ipynb": "notebooks/doubleseven-4-families.ipynb"}
    page = build_lite.lab_page_with_old_names(_lab_page(), old_names)
    script = re.search(r"<script>\s*(\(async function \(\) \{.*?\}\.call\(this\)\);)\s*</script>",
                       page, re.DOTALL)
    assert script and "oldNames" in script.group(1)
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node to run the page's script")
    # the page's script, with a window whose location is the link opened; importing the app
    # is what it does when it stays
    program = f"""
    const location = new URL("http://127.0.0.1:8000/lab/index.html{opened}");
    globalThis.window = {{location: {{...Object.fromEntries(["pathname", "origin", "search",
      "hash"].map((k) => [k, location[k]])), replace: (url) => console.log("sent " + url)}}}};
    const source = {json.dumps(script.group(1))}.replace(/await import\\([^)]*\\);/,
      'console.log("stays");');
    eval(source);
    """
    out = subprocess.run([node, "-e", program], check=True, capture_output=True, text=True,
                         timeout=30).stdout.strip()
    assert out == (f"sent http://127.0.0.1:8000{sent_to}" if sent_to else "stays")


def test_the_lab_page_it_cannot_patch_stops_the_build():
    with pytest.raises(SystemExit, match="LAB_SCRIPT"):
        build_lite.lab_page_with_old_names("<html></html>", {})
