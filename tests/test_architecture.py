"""The code's shape (issue 22): no import cycles among the box's and the engines' modules,
counting imports inside functions too (a lazy import still ties two modules together)."""

from __future__ import annotations

import ast
import inspect
import io
import re
import tokenize
from pathlib import Path

import pytest

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
    from device.errors import CardError
    from device.settings import ConfigError
    from device.storage.records import StoreError

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
    assert sorted(games) == sorted(registered_packages()) and strays == []


def test_no_key_of_the_box_s_catalog_is_one_game_s_alone():
    """A key the box's catalog holds is the box's: named by a shared module, or by more than
    one game. One only a game says belongs in that game's `texts.py` (where Zweimal's supply
    question once sat in the box's catalog, hidden from a new game's scan of its words)."""
    from device import games
    from device.ui import catalog

    sources = {}
    for path in (ROOT / "device").rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[1:] == ("ui", "catalog.py") or path.name == "texts.py":  # (words, not uses)
            continue
        game = parts[2] if len(parts) > 3 and parts[1] == "games" else ""
        sources[path] = (game, path.read_text(encoding="utf-8"))
    refusing = {  # a refusal's text is used by every game whose engine refuses with its code
        e.screens_module.split(".")[2]: set(e.game.refusal_codes)
        for e in games.playable().values()
        if e.screens_module.startswith("device.games.")
    }
    alone = []
    for key in catalog.TEXTS:
        base = re.sub(r"\.(one|short)$", "", key)
        named = re.compile(rf"[\"']{re.escape(base)}[\"']")
        users = {game for game, text in sources.values() if named.search(text)}
        users |= {g for g, codes in refusing.items() if base.removeprefix("refuse.") in codes}
        if len(users) == 1 and "" not in users:
            alone.append((key, *users))
    assert alone == []


def registered_packages() -> list[str]:
    """The games' box packages' folder names, as the registry lists them."""
    from device.games import PACKAGES

    return [p.rpartition(".")[2] for p in PACKAGES]


def game_words() -> re.Pattern[str]:
    """Every way the code may name a registered game: its id, its package's folder name, its
    name and the longer words of it (e.g. "Druiden"), separators taken loosely."""
    from device.games import GAMES

    phrases = set()
    for entry in GAMES.values():
        package = entry.screens_module.split(".")[2] if entry.screens_module else entry.id
        phrases |= {entry.id, package, entry.name}
        phrases |= {w for w in entry.name.split() if len(w) >= 6}
    loose = (".".join(map(re.escape, re.split(r"[-_ ]", p))) for p in phrases)
    return re.compile("|".join(sorted(loose, key=len, reverse=True)), re.I)


GAME_WORDS = game_words()


def names_a_game(path: Path) -> list[tuple[int, str]]:
    """The places in a module's code (not its docstrings or comments) that name a game: ids,
    module names, names of functions and variables."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = [] if id(node) in docstrings else [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or "", *(a.name for a in node.names)]
        elif isinstance(node, ast.Import):
            words = [a.name for a in node.names]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            words = [node.name]
        found += [(node.lineno, w) for w in words if GAME_WORDS.search(w)]
    return found


def test_no_shared_module_names_a_game():
    """Only a game's own folders (`engine/<game>/`, `device/games/<game>/`) name it, and the
    registry lists the games' packages: adding a game changes nothing shared."""
    strays = {}
    for name, path in modules().items():
        folder = path.relative_to(ROOT).parent.parts
        own = folder[:1] == ("engine",) and len(folder) == 2 or folder[:2] == ("device", "games")
        own = own and len(folder) >= (2 if folder[0] == "engine" else 3)
        if own or name == "device.games":
            continue
        found = names_a_game(path)
        if found:
            strays[name] = found
    from device.games import PACKAGES

    registry = names_a_game(ROOT / "device/games/__init__.py")
    assert {w for _, w in registry} == set(PACKAGES)  # one line per game, its package's name
    assert len(PACKAGES) >= 4 and strays == {}


def test_the_scan_finds_a_game_named_in_code(tmp_path):
    path = tmp_path / "shared.py"
    path.write_text(
        '"""Zweimal in a docstring is fine."""\nif game == "day-and-night":\n    pass\n'
    )
    assert names_a_game(path) == [(2, "day-and-night")]


def test_the_first_frame_imports_no_game():
    """The menu, drawn as the first frame, lists the games from their entries without
    importing any game's engine or screens (the preload does that after the first frame)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import device.app.transition\n"
        "from device.app.state import BoxState\n"
        "from device.app.frame import render\n"
        "render(BoxState())\n"
        "from device import games\n"
        "print(len(games.GAMES))\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('engine.', 'device.games.'))"
        " and m.count('.') >= 2 and not m.endswith(('.contract', '.entry', '.setup')))))\n"
        "print('pydantic' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    count, loaded, pydantic = done.stdout.split("\n")[:3]
    from device.games import PACKAGES

    assert int(count) == len(PACKAGES)
    assert [m for m in loaded.split() if m.count(".") >= 3 or m.startswith("engine.")] == []
    assert pydantic == "False"


def test_no_module_is_over_500_lines():
    """Modules stay small enough to read: a big one is split along what it holds."""
    long = {
        name: n
        for name, path in modules().items()
        if (n := len(path.read_text().splitlines())) > 500
    }
    assert long == {}


def test_a_game_s_words_are_its_own():
    """Each game's words are a `Texts` of its own (named by its `Entry`), read before the
    box's catalog: a game may say a key the box or another game says in other words, its
    screens show its own, and nothing of it enters the box's catalog. The box's own parts
    (the web page) still may not give one of its keys other words."""
    from device import games
    from device.ui import catalog

    mine = catalog.Texts(
        {
            "refuse.game_over": ("Aus!", "Over!"),  # the box says it otherwise
            "mine.left": ("{n} übrig", "{n} left"),
            "mine.left.one": ("einer übrig", "one left"),
            "mine.note": ("Ein sehr langer Hinweis", "A very long note"),
            "mine.note.short": ("Hinweis", "Note"),
        }
    )
    assert mine.refusal("game_over", "", "en") == "Over!"
    assert catalog.refusal("game_over", "", "en") == "The game is over"  # the box's, unchanged
    assert mine.text("menu.title", "de") == "Menü"  # a key the box shares, from the game's
    assert (mine.text("mine.left", "en", n=1), mine.text("mine.left", "en", n=2)) == (
        "one left",
        "2 left",
    )
    assert mine.shorter("A very long note", "en") == ("Note",)
    assert mine.refusal("no_such_code", "as the engine says", "de") == "as the engine says"
    assert not catalog.BOX.knows("mine.left") and "mine.left" not in catalog.TEXTS
    for entry in games.playable().values():  # each shipped game has words of its own
        assert entry.texts is not catalog.BOX and len(entry.texts) > 0, entry.id
    with pytest.raises(ValueError, match="hint.menu"):
        catalog.add({"hint.menu": ("anders", "other")})
    catalog.add({"hint.menu": catalog.TEXTS["hint.menu"]})  # the same words: no harm


# The packages' layers (issue 31): each may import only the ones listed, so an import that runs
# back up fails here. `device` is the base: the modules at the package's top (events, settings,
# errors) that every package may use; `engine` imports nothing of the box.
LAYERS: dict[str, set[str]] = {
    "engine": set(),
    "device": {"engine"},
    "ui": {"engine", "device"},
    "hw": {"engine", "device"},
    "storage": {"engine", "device"},
    "games": {"engine", "device", "ui", "storage"},
    "cards": {"engine", "device", "games", "storage"},
    "app": {"engine", "device", "ui", "hw", "storage", "games", "cards"},
    "sim": {"engine", "device", "hw", "storage", "app"},
    "web": {"engine", "device", "ui", "storage", "games", "app", "lab"},
    "lab": {"engine", "device", "ui", "games"},  # (ui: the catalog, for the report)
    "cli": {
        "engine",
        "device",
        "ui",
        "hw",
        "storage",
        "games",
        "cards",
        "app",
        "sim",
        "web",
        "lab",
    },
}


def layer_of(name: str) -> str:
    """`engine.x.y` -> engine; `device.app.loop` -> app; `device.events` -> device (base)."""
    parts = name.split(".")
    if parts[0] == "engine":
        return "engine"
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "device"


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for name, targets in graph.items():
        here = layer_of(name)
        for target in sorted(targets):
            there = layer_of(target)
            if there != here and there not in LAYERS[here]:
                found.append(f"{name} -> {target}")
    return found


def test_every_package_imports_only_the_layers_below_it():
    known = modules()
    assert {layer_of(n) for n in known} == set(LAYERS)  # every package has its place
    graph = {name: imports(name, path, set(known)) for name, path in known.items()}
    assert upward_imports(graph) == []


def test_the_layer_check_finds_an_import_that_runs_back_up():
    graph = {"device.hw.buttons": {"device.app.loop", "device.events"}, "engine.core": set()}
    assert upward_imports(graph) == ["device.hw.buttons -> device.app.loop"]
    assert upward_imports({"engine.core": {"device.settings"}}) == [
        "engine.core -> device.settings"
    ]


def test_solo_play_is_called_at_one_seam():
    """Issue 31: outside `device/app/solo/`, the box imports solo play's seam and nothing else
    of it (its hand and its search are its own)."""
    known = modules()
    assert {"device.app.solo.seat", "device.app.solo.hand", "device.app.solo.thinking"} <= set(
        known
    )
    inside = "device.app.solo"
    for name, path in known.items():
        if name == inside or name.startswith(inside + "."):
            continue
        behind = {t for t in imports(name, path, set(known)) if t.startswith(inside + ".")}
        assert behind <= {"device.app.solo.seat"}, name


BUILTIN_ERRORS = {"ValueError", "KeyError", "TypeError", "RuntimeError", "Exception"}


def plain_raises(path: Path) -> list[tuple[int, str]]:
    """`raise ValueError(...)` and the like: an error outside the tree (engine/core.py), which
    a command could only report as an internal error. A mapping's `__getitem__` raises
    KeyError, as the language asks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "__getitem__":
            allowed |= {id(n) for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in BUILTIN_ERRORS and id(node) not in allowed:
                found.append((node.lineno, func.id))
    return found


def test_every_error_raised_is_one_of_the_tree_s():
    found = {name: hits for name, path in modules().items() if (hits := plain_raises(path))}
    assert found == {}


def test_every_catch_all_says_why(tmp_path):
    """An `except Exception` keeps a part alive on purpose (the loop, the reader thread, the
    doctor's report): each says why in a comment on its line."""
    bare = []
    for name, path in modules().items():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"except (Exception|BaseException)\b", line):
                why = line.partition("#")[2].replace("noqa: BLE001", "").strip(" -")
                if len(why) < 10:
                    bare.append(f"{name}:{n}")
    assert bare == []
    sample = tmp_path / "m.py"
    sample.write_text("try:\n    pass\nexcept Exception:\n    raise TypeError('x')\n")
    assert plain_raises(sample) == [(4, "TypeError")]


def private_imports(paths: list[Path], root: Path = ROOT) -> list[str]:
    """Each `from M import _name` in `paths`: a module's private name used by another."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found += [
                    f"{path.relative_to(root)}:{node.lineno} {node.module}.{a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    return found


def test_no_module_imports_another_s_private_name():
    """What a module keeps private (a leading `_`) stays in it: a name another module needs
    is public where it is defined. The product and its scripts; the tests may still reach a
    helper to test it alone."""
    scripts = [*ROOT.glob("benchmarks/*.py"), *ROOT.glob("docs/**/*.py")]
    assert private_imports([*modules().values(), *scripts]) == []


LONGEST = 60  # lines a reader holds at once: a function over it says why in its docstring


def long_functions(paths: list[Path], root: Path = ROOT) -> list[str]:
    """Each function in `paths` over `LONGEST` lines whose docstring does not say why (a
    line starting "Long:")."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                doc = ast.get_docstring(node) or ""
                reason = any(line.startswith("Long:") for line in doc.splitlines())
                if lines > LONGEST and not reason:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} {lines}")
    return found


def test_no_function_is_over_60_lines_without_a_reason():
    """Functions a reader can hold (issue 50): the product and its scripts; a test may be a
    longer scene."""
    scripts = [*ROOT.glob("benchmarks/*.py"), *ROOT.glob("docs/**/*.py")]
    assert long_functions([*modules().values(), *scripts]) == []


def test_the_long_function_scan_finds_one_and_takes_a_reason(tmp_path):
    body = "".join(f"    x{i} = {i}\n" for i in range(LONGEST))
    long = tmp_path / "long.py"
    long.write_text(f'def quiet():\n{body}\n\ndef said():\n    """Long: a table."""\n{body}')
    assert long_functions([long], tmp_path) == [f"long.py:1 quiet {LONGEST + 1}"]


def _comment_lines(source: str) -> set[int]:
    return {
        token.start[0]
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    }


def _names_any(node: ast.AST | None) -> bool:
    return node is not None and any(
        isinstance(n, ast.Name)
        and n.id == "Any"
        or isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and "Any" in n.value
        for n in ast.walk(node)
    )


def unexplained_any(paths: list[Path], root: Path = ROOT) -> list[str]:
    """Each `Any` at a module's boundary (a public function's parameters or result, a public
    class's field, a module-level alias) without a comment saying why on its lines (or the
    line before)."""
    found = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        comments = _comment_lines(source)

        def said(first: int, last: int, comments: set[int] = comments) -> bool:
            return any(line in comments for line in range(first - 1, last + 1))

        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (
                not node.name.startswith("_") or node.name == "__init__"
            ):
                a = node.args
                parts = [x.annotation for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
                parts += [a.vararg and a.vararg.annotation, a.kwarg and a.kwarg.annotation]
                end = max(node.lineno, node.body[0].lineno - 1)
                if any(_names_any(x) for x in [*parts, node.returns]) and not said(
                    node.lineno, end
                ):
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name}")
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                for field in node.body:
                    typed = isinstance(field, ast.AnnAssign) and _names_any(field.annotation)
                    if typed and not said(field.lineno, field.end_lineno or field.lineno):
                        found.append(f"{path.relative_to(root)}:{field.lineno} {node.name}")
        for top in tree.body:
            value = top.value if isinstance(top, ast.Assign) else None
            if _names_any(value) and not said(top.lineno, top.end_lineno or top.lineno):
                found.append(f"{path.relative_to(root)}:{top.lineno} alias")
    return found


def test_every_any_at_a_boundary_of_the_box_says_why():
    """The device typed like the engine (issue 50): where the box passes a value it does not
    look into (a game's own state, JSON as saved, a library that ships no types), the `Any`
    says why, once, where it is named (`device/games/contract.py`'s `GameState`...,
    `device/jsontypes.py`'s `JsonObject`)."""
    box = [path for name, path in modules().items() if name.startswith("device")]
    assert unexplained_any(box) == []


def test_the_any_scan_finds_one_without_a_reason(tmp_path):
    loose = tmp_path / "loose.py"
    loose.write_text(
        "from typing import Any\n\n"
        "def shown(x: Any) -> None: ...\n\n"
        "def said(x: Any) -> None: ...  # a game's own\n\n"
        "def _inside(x: Any) -> None: ...\n\n"
        "class Row:\n    value: Any\n\n"
        "Json = dict[str, Any]\n"
    )
    assert unexplained_any([loose], tmp_path) == [
        "loose.py:3 shown",
        "loose.py:10 Row",
        "loose.py:12 alias",
    ]


def test_the_private_import_scan_finds_one(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from engine.core import _hidden, shown\nfrom . import __version__\n")
    assert private_imports([sneaky], tmp_path) == ["sneaky.py:1 engine.core._hidden"]


def test_a_game_that_misses_a_required_hook_cannot_be_built():
    """`Game` is abstract: the options, play, result and notation must be written."""
    from engine.contract import Game
    from tests.stubgame.engine import Stapel

    class Unfinished(Stapel):
        apply = Game.apply  # (the base's abstract method back in place of the stub's)

    with pytest.raises(TypeError, match="abstract method.*apply"):
        Unfinished()
    assert sorted(Game.__abstractmethods__) == [
        "apply",
        "format_action",
        "format_options",
        "initial",
        "parse_action",
        "parse_options",
        "result",
        "to_move",
    ]


def test_every_game_s_hooks_are_methods_of_its_classes():
    """Each game is one class on each side (docs/contract.md): its hooks are methods, never a
    module function bound with `staticmethod`."""
    from device import games
    from device.games.contract import Screens
    from engine.contract import Game

    bound = []
    for game_id, entry in games.GAMES.items():
        for cls, base in ((type(entry.game), Game), (type(entry.screens), Screens)):
            for name in dir(base):
                if isinstance(inspect.getattr_static(cls, name, None), staticmethod):
                    bound.append(f"{game_id}: {cls.__name__}.{name}")
    assert bound == []
