"""No two modules of the engine import each other, directly or round a longer loop (issue
22): a state module never imports its notation (which imports the state); the registry
hands a state its ``to_text`` and its picture. Every import counts, a function's lazy one
too; a package's ``__init__.py`` is its face and is left out (it imports its modules)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "doublesept"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set) -> set:
    """The engine modules ``path`` imports (not package faces)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rsplit(".", 1)[0]
            base = (f"{base}.{node.module}" if node.module else base) if node.level \
                else node.module or ""
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        found |= {t for t in targets if t in modules}
    return found


def graph() -> dict:
    files = [p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py"]
    modules = {_module_name(p) for p in files}
    return {_module_name(p): _imports(p, modules) for p in files}


def circles(edges: dict) -> list:
    """Each loop of imports found, as a list of modules (Tarjan's strongly connected parts
    of more than one module)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in edges.get(v, ()):
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_engine_module_imports_one_that_imports_it_back():
    edges = graph()
    assert len(edges) > 30 and "doublesept.double_seven.notation" in edges
    assert "doublesept.double_seven.state" in edges["doublesept.double_seven.notation"]
    assert circles(edges) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
