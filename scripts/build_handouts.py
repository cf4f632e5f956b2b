"""Export every lesson to static HTML handouts: read with no kernel and no internet.

    python scripts/build_handouts.py [--out handouts] [--code]

Writes ``index.html`` (the index notebook) and one page per lesson, in the order the index
links them, into ``--out`` (default ``handouts/`` at the top of the repository). Each page
holds the lesson's prose and its stored outputs: the pictures of the tables are the HTML
each widget stores for a notebook opened without a kernel, so no JavaScript is needed. Pages
link to each other (previous, index, next), and links between lessons point to the pages.
Code cells are left out unless ``--code`` is given.

Nothing is fetched from another host: the page template drops nbconvert's require.js,
MathJax, Mermaid and widget-manager scripts, and a check refuses any page that still names
``http://`` or ``https://`` in a ``src`` or stylesheet ``href``. The print stylesheet sets A4
pages and keeps tables inside them; suits and animals carry a symbol or a name as well as a
colour, so they survive black-and-white printing.

Uses nbconvert (installed with JupyterLab) and nbformat; exits 1 with a message when a
lesson cannot be read.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
TEMPLATES = Path(__file__).resolve().parent / "handout_template"
LESSON_LINK = re.compile(r"\]\(([\w.-]+)\.ipynb\)")
HREF_IPYNB = re.compile(r'href="([\w.-]+)\.ipynb(#[^"]*)?"')
# a script, stylesheet or image fetched from another host
REMOTE = re.compile(r"""<(?:script|img|iframe|source)\b[^>]*\bsrc=["']?https?:|"""
                    r"""<link\b[^>]*\bhref=["']?https?:|@import\s+(?:url\()?["']?https?:""",
                    re.IGNORECASE)


class HandoutError(Exception):
    """A lesson could not be exported, or a page would fetch something from the network."""


def lesson_order() -> list[str]:
    """The notebook names (without ``.ipynb``), index first, then as the index links them.
    Lessons the index does not link come last, sorted, so none is left out. The index is
    notebooks/0-index.ipynb, read under its old name, index (a symbolic link to it), so its
    page is the front page, index.html; each notebook file gets one page."""
    index = (NOTEBOOKS / "index.md").read_text(encoding="utf-8")
    order = ["index"]
    for name in LESSON_LINK.findall(index):
        if name not in order and (NOTEBOOKS / f"{name}.ipynb").exists():
            order.append(name)
    ordered = {(NOTEBOOKS / f"{name}.ipynb").resolve() for name in order}
    rest = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.resolve() not in ordered)
    return order + rest


def _title(notebook) -> str:
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return "doublesept"


def _nav(order: list[str], titles: dict[str, str], name: str) -> str:
    at = order.index(name)
    links = []
    if at > 0:
        before = order[at - 1]
        links.append(f'<a rel="prev" href="{before}.html">← {html.escape(titles[before])}</a>')
    if name != "index":
        links.append('<a href="index.html">Index</a>')
    if at + 1 < len(order):
        after = order[at + 1]
        links.append(f'<a rel="next" href="{after}.html">{html.escape(titles[after])} →</a>')
    return '<nav class="ds-handout-nav" aria-label="lessons">' + " · ".join(links) + "</nav>"


def export(out: Path, with_code: bool = False) -> list[Path]:
    """Write every page into ``out``; return the paths written, index first.
    Raises HandoutError naming the lesson that cannot be read or that would fetch from
    another host."""
    out.mkdir(parents=True, exist_ok=True)
    order = lesson_order()
    notebooks = {}
    for name in order:
        try:
            notebooks[name] = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
        except (OSError, nbformat.reader.NotJSONError, ValueError) as error:
            raise HandoutError(f"{name}.ipynb cannot be read: {error}") from error
    titles = {name: _title(nb) for name, nb in notebooks.items()}
    exporter = HTMLExporter(template_name="handout", extra_template_basedirs=[str(TEMPLATES)],
                            exclude_input=not with_code, exclude_input_prompt=True,
                            exclude_output_prompt=True, embed_images=True)
    written = []
    for name in order:
        nb = notebooks[name]
        nb.metadata.pop("widgets", None)  # no widget manager: the stored pictures stand in
        page, _ = exporter.from_notebook_node(
            nb, resources={"metadata": {"name": titles[name]},
                           "ds_nav": _nav(order, titles, name)})
        page = HREF_IPYNB.sub(lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"', page)
        remote = REMOTE.search(page)
        if remote:
            raise HandoutError(f"{name}: the page would fetch from the network: "
                               f"{remote.group(0)[:80]}")
        path = out / f"{name}.html"
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "handouts",
                        help="the folder to write the pages into (default: handouts/)")
    parser.add_argument("--code", action="store_true", help="keep the code cells")
    args = parser.parse_args(argv)
    try:
        pages = export(args.out, with_code=args.code)
    except HandoutError as error:
        print(f"build_handouts: {error}", file=sys.stderr)
        return 1
    print(f"{len(pages)} pages in {args.out} (open {args.out / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
