"""Print extract/ as a tree, one line per module: its size and the first line of its docstring."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "extract"


def main() -> None:
    for path in sorted(ROOT.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        doc = ast.get_docstring(ast.parse(source)) or ""
        relative = path.relative_to(ROOT.parent)
        summary = doc.strip().splitlines()[0] if doc.strip() else "(no docstring)"
        print(f"{str(relative):38} {len(source.splitlines()):4}  {summary}")


if __name__ == "__main__":
    main()
