"""The package imports one way only (ARCHITECTURE.md "Layers"), function-level imports included."""

from __future__ import annotations

import grimp
import networkx as nx

LAYERS = ("cli", "site", "reports", "arbiter", "kb", "text", "io", "model")


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("extract", include_external_packages=False, cache_dir=None)


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_no_module_imports_a_higher_layer() -> None:
    graph = _graph()
    upward = []
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            low, high = _layer(importer), _layer(imported)
            if low is not None and high is not None and high < low:
                upward.append(f"{importer} -> {imported}")
    assert not upward, upward


def test_no_import_cycles() -> None:
    graph = _graph()
    edges = nx.DiGraph()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            if not imported.endswith("__init__") and imported != "extract":
                edges.add_edge(importer, imported)
    packages = {m for m in graph.modules if graph.find_children(m)}
    edges.remove_nodes_from(packages)  # a package's __init__ re-exporting its modules is not a cycle
    cycles = list(nx.simple_cycles(edges))
    assert not cycles, cycles
