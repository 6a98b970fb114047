"""The house rules of the code's layout: no import cycle between modules or between sibling packages
(every import counted, also inside functions and under TYPE_CHECKING: grimp reads them all), no
folder over 25 modules, no module over 800 lines, no class over 40 methods. The layers between
packages are import-linter's contracts (pyproject.toml)."""

import ast
import itertools
from pathlib import Path

import grimp

PACKAGE = Path(__file__).resolve().parents[1] / "nbviz"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def module_cycles(graph) -> list[list[str]]:
    """For each direct import that lies on a cycle, the shortest way back: [importer, imported, ..., importer]."""
    return [
        [importer, *graph.find_shortest_chain(importer=imported, imported=importer)]
        for importer in sorted(graph.modules)
        for imported in sorted(graph.find_modules_directly_imported_by(importer))
        if graph.chain_exists(importer=imported, imported=importer)
    ]


def package_cycles(graph) -> list[tuple[str, str]]:
    """Pairs of sibling packages each of which imports the other (directly, or through other modules)."""
    found = []
    for parent in sorted(module for module in graph.modules if graph.find_children(module)):
        packages = sorted(child for child in graph.find_children(parent) if graph.find_children(child))
        for a, b in itertools.permutations(packages, 2):
            if graph.direct_import_exists(importer=a, imported=b, as_packages=True) and graph.chain_exists(
                importer=b, imported=a, as_packages=True
            ):
                found.append((a, b))
    return found


def test_the_cycle_finders_find_a_cycle_through_a_function_level_import():
    graph = grimp.ImportGraph()
    for importer, imported in [("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.d", "p.a")]:
        graph.add_import(importer=importer, imported=imported)
    assert module_cycles(graph) == [
        ["p.a", "p.b", "p.c", "p.a"],
        ["p.b", "p.c", "p.a", "p.b"],
        ["p.c", "p.a", "p.b", "p.c"],
    ]
    graph = grimp.ImportGraph()
    for package in ("p", "p.x", "p.y"):
        graph.add_module(package)
    for importer, imported in [("p.x.one", "p.y.two"), ("p.y.three", "p.x.four")]:
        graph.add_import(importer=importer, imported=imported)
    assert package_cycles(graph) == [("p.x", "p.y"), ("p.y", "p.x")]
    assert module_cycles(graph) == []


def test_no_module_or_package_imports_itself_back_through_others():
    graph = grimp.build_graph("nbviz", cache_dir=None)
    assert len(graph.modules) > 200  # the graph was read
    assert module_cycles(graph) == []
    assert package_cycles(graph) == []


def test_no_folder_module_or_class_is_a_hub():
    folders: dict[Path, int] = {}
    for path in MODULES.values():
        folders[path.parent] = folders.get(path.parent, 0) + 1
    assert {str(folder.relative_to(PACKAGE)): n for folder, n in folders.items() if n > 25} == {}
    long_modules = {}
    large_classes = {}
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 800:
            long_modules[name] = text.count("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                methods = sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)
                if methods > 40:
                    large_classes[f"{name}.{node.name}"] = methods
    assert long_modules == {}
    assert large_classes == {}
