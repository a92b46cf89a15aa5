"""The code's shape (issue 22): no import cycles among the box's and the engines' modules,
counting imports inside functions too (a lazy import still ties two modules together)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> dict[str, Path]:
    found = {}
    for path in [*ROOT.glob("device/**/*.py"), *ROOT.glob("engine/**/*.py")]:
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            out |= {base, *(f"{base}.{a.name}" for a in node.names)}
    return {m for m in out if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_one_that_imports_it_back():
    known = modules()
    graph = {name: imports(name, path, set(known)) for name, path in known.items()}
    assert "device.cli.main" in graph and graph["device.cli.run"]  # the scan sees the imports
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_error_the_project_defines_is_in_one_tree_and_says_its_exit_status():
    """One root (engine/core.py TabletopError); bad input exits 2, a bad configuration 78,
    a failure while running 1."""
    import importlib
    import inspect

    from engine.core import ConfigurationError, InputError, TabletopError

    found = {}
    for name in modules():
        if name.startswith(("device.cli.bench", "device.sim.terminal")):
            continue  # nothing of its own to raise; importing them starts parts of the box
        module = importlib.import_module(name)
        for cls_name, cls in vars(module).items():
            error = inspect.isclass(cls) and issubclass(cls, BaseException)
            if error and cls.__module__ == name:
                found[f"{name}.{cls_name}"] = cls
    assert len(found) >= 15
    strays = [n for n, cls in found.items() if not issubclass(cls, TabletopError)]
    assert strays == []
    assert all(cls.exit_status in (0, 1, 2, 78) for cls in found.values())
    from device.app.config import ConfigError
    from device.app.messages import CardError
    from device.storage.store import StoreError

    assert issubclass(ConfigError, ConfigurationError) and ConfigError.exit_status == 78
    assert issubclass(CardError, InputError) and CardError.exit_status == 2
    assert StoreError.exit_status == 1


def test_every_text_a_module_names_is_the_box_s_own_or_its_own_games():
    """A game's screens find their texts without another game's being imported: each key a
    module names literally is in the shared catalog, or in its own game's `texts.py`
    (Feuer und Wasser once named Zweimal's round texts, which the whole suite hid)."""
    import importlib
    import re

    from device.ui import catalog

    games = [p.name for p in (ROOT / "device" / "games").iterdir() if (p / "texts.py").exists()]
    own = {g: importlib.import_module(f"device.games.{g}.texts").TEXTS for g in games}
    shared = {k for k in catalog.TEXTS if not any(k in texts for texts in own.values())}
    named = re.compile(r"""(?:text|refusal)\(\s*f?["']([a-z_]+\.[a-z_.0-9]+)["']""")
    strays = []
    for path in (ROOT / "device").rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        game = parts[2] if len(parts) > 3 and parts[1] == "games" else None
        for key in named.findall(path.read_text(encoding="utf-8")):
            if key not in shared and not (game and key in own[game]):
                strays.append((str(path.relative_to(ROOT)), key))
    assert len(games) == 4 and strays == []
