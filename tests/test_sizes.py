"""Small units (issue 12): no module over 700 lines, no function over 100, no class over 400, in all of
extract/. Measured with `ast`, so decorators and docstrings count and blank trailing lines do not."""

from __future__ import annotations

import ast
from pathlib import Path

EXTRACT = Path(__file__).parent.parent / "extract"
MODULE_LINES, FUNCTION_LINES, CLASS_LINES = 700, 100, 400


def _modules() -> list[Path]:
    return sorted(EXTRACT.rglob("*.py"))


def _span(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> int:
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return (node.end_lineno or node.lineno) - first + 1


def oversized() -> list[str]:
    """Every unit over its limit, as `path:line kind name: N lines (limit L)`."""
    found = []
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(EXTRACT.parent)
        lines = len(source.splitlines())
        if lines > MODULE_LINES:
            found.append(f"{where}: module {lines} lines (limit {MODULE_LINES})")
        for node in ast.walk(ast.parse(source, filename=str(path))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            is_class = isinstance(node, ast.ClassDef)
            kind, limit = ("class", CLASS_LINES) if is_class else ("function", FUNCTION_LINES)
            size = _span(node)
            if size > limit:
                found.append(f"{where}:{node.lineno}: {kind} {node.name} {size} lines (limit {limit})")
    return found


def test_the_measure_sees_every_module() -> None:
    assert len(_modules()) > 40
    assert any(path.name == "notation.py" for path in _modules())


def test_no_module_function_or_class_is_over_its_limit() -> None:
    found = oversized()
    assert not found, "\n".join(found)
