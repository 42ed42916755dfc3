"""Inline SVG pictures for the site: a parameter's value across editions, and the lineage of articles.

Plain SVG strings, no script: every text reaching the picture is XML-escaped here, so the result can
be placed in a page as a raw HTML block. Colours come from CSS classes (assets/chesslaws.css), so the
pictures follow the light and dark palettes.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from markupsafe import Markup, escape

CHART_WIDTH = 560
CHART_HEIGHT = 170


def _n(value: float) -> str:
    """A coordinate with one decimal at most and no trailing zero (84.0 -> 84): lighter pages."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _e(value: object) -> str:
    return str(escape(str(value)))


def value_chart(title: str, points: list[tuple[str, float | None, str]]) -> Markup:
    """A step-free line chart of one numeric parameter: one column per edition, oldest first.

    points: (edition, value or None when the edition does not have it, value as shown).
    """
    left, right, top, bottom = 40, 20, 26, 34
    inner_w = CHART_WIDTH - left - right
    inner_h = CHART_HEIGHT - top - bottom
    values = [v for _, v, _ in points if v is not None]
    high = max(values) if values else 1
    high = high if high > 0 else 1
    pad = 30
    step = (inner_w - 2 * pad) / max(len(points) - 1, 1)

    def x(i: int) -> float:
        return left + pad + (i * step if len(points) > 1 else inner_w / 2 - pad)

    def y(v: float) -> float:
        return top + inner_h - inner_h * (v / (high * 1.1))

    parts = [
        f'<svg class="chart" role="img" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" '
        f'width="{CHART_WIDTH}" height="{CHART_HEIGHT}" aria-label="{_e(title)}">',
        f"<title>{_e(title)}</title>",
        f'<line class="axis" x1="{left}" y1="{top + inner_h}" x2="{CHART_WIDTH - right}"'
        f' y2="{top + inner_h}"/>',
        f'<text class="tick" x="{left - 6}" y="{top + inner_h + 4}" text-anchor="end">0</text>',
        f'<text class="tick" x="{left - 6}" y="{y(high) + 4:.1f}"'
        f' text-anchor="end">{_e(_number(high))}</text>',
        f'<line class="grid" x1="{left}" y1="{y(high):.1f}" x2="{CHART_WIDTH - right}" y2="{y(high):.1f}"/>',
    ]
    segment: list[str] = []
    for i, (_, value, _) in enumerate(points):
        if value is None:
            if len(segment) > 1:
                parts.append(f'<polyline class="line" points="{" ".join(segment)}"/>')
            segment = []
            continue
        segment.append(f"{x(i):.1f},{y(value):.1f}")
    if len(segment) > 1:
        parts.append(f'<polyline class="line" points="{" ".join(segment)}"/>')
    previous: float | None = None
    for i, (edition, value, shown) in enumerate(points):
        parts.append(
            f'<text class="edition" x="{x(i):.1f}" y="{CHART_HEIGHT - 12}"'
            f' text-anchor="middle">{_e(edition)}</text>'
        )
        if value is None:
            parts.append(
                f'<text class="absent" x="{x(i):.1f}" y="{top + inner_h - 6}" text-anchor="middle">—</text>'
            )
            continue
        changed = previous is not None and value != previous
        css = "point changed" if changed else "point"
        parts.append(
            f'<circle class="{css}" cx="{x(i):.1f}" cy="{y(value):.1f}" r="5">'
            f"<title>{_e(edition)}: {_e(shown)}</title></circle>"
        )
        parts.append(
            f'<text class="value" x="{x(i):.1f}" y="{y(value) - 10:.1f}"'
            f' text-anchor="middle">{_e(shown)}</text>'
        )
        previous = value
    parts.append("</svg>")
    return Markup("".join(parts))


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True)
class Flow:
    """Rules that sit in article `source` of one edition and in article `target` of the next."""

    source: str
    target: str
    origin: str
    rules: tuple[str, ...]


def lineage(
    columns: list[tuple[str, list[tuple[str, str, int]]]],
    flows: list[list[Flow]],
    origins: list[str],
) -> Markup:
    """A Sankey-like picture: one column per edition, one box per article, bands between columns.

    columns: (edition, [(article key, article as shown, number of rules)]) in document order.
    flows: for each pair of neighbouring columns, the bands between them.
    origins: article keys of the oldest edition, in order; a band is coloured by the article of the
    oldest edition its rules came from ("" for rules the oldest edition does not have).
    """
    unit, gap, node_w, col_gap, top, left = 2.2, 5.0, 14, 190, 34, 70
    min_h = 10.0
    positions: list[dict[str, tuple[float, float]]] = []
    height = 0.0
    for _, articles in columns:
        y = float(top)
        column: dict[str, tuple[float, float]] = {}
        for key, _, count in articles:
            h = max(count * unit, min_h)
            column[key] = (y, h)
            y += h + gap
        positions.append(column)
        height = max(height, y)
    width = left + (len(columns) - 1) * col_gap + node_w + 60
    colour = {origin: f"o{i % 12}" for i, origin in enumerate(origins)}
    shown_as = [{key: shown for key, shown, _ in articles} for _, articles in columns]
    parts = [
        f'<svg class="lineage" role="img" viewBox="0 0 {width:.0f} {height + 20:.0f}" '
        f'width="{width:.0f}" height="{height + 20:.0f}" aria-label="Where the articles of each edition'
        f' went in the next">',
        "<title>Lineage of articles between editions</title>",
    ]
    for c, pair in enumerate(flows):
        out_used: dict[str, float] = defaultdict(float)
        in_used: dict[str, float] = defaultdict(float)
        x0 = left + c * col_gap + node_w
        x1 = left + (c + 1) * col_gap
        order_out = sorted(pair, key=lambda f: (positions[c][f.source][0], positions[c + 1][f.target][0]))
        offsets_in: dict[Flow, float] = {}
        for flow in sorted(pair, key=lambda f: (positions[c + 1][f.target][0], positions[c][f.source][0])):
            offsets_in[flow] = in_used[flow.target]
            in_used[flow.target] += len(flow.rules) * unit
        for flow in order_out:
            band = len(flow.rules) * unit
            ya = positions[c][flow.source][0] + out_used[flow.source]
            yb = positions[c + 1][flow.target][0] + offsets_in[flow]
            out_used[flow.source] += band
            mid = (x0 + x1) / 2
            x0_, x1_, m, a, b, a2, b2 = (_n(v) for v in (x0, x1, mid, ya, yb, ya + band, yb + band))
            path = f"M{x0_},{a}C{m},{a} {m},{b} {x1_},{b}L{x1_},{b2}C{m},{b2} {m},{a2} {x0_},{a2}Z"
            css = colour.get(flow.origin, "onew")
            label = (
                f"{columns[c][0]} {shown_as[c][flow.source]} → {columns[c + 1][0]}"
                f" {shown_as[c + 1][flow.target]}: "
                f"{len(flow.rules)} rule{'s' if len(flow.rules) != 1 else ''}"
            )
            parts.append(f'<path class="band {css}" d="{path}"><title>{_e(label)}</title></path>')
    for c, (edition, articles) in enumerate(columns):
        x = left + c * col_gap
        parts.append(
            f'<text class="edition" x="{x + node_w / 2:.1f}" y="{top - 14}"'
            f' text-anchor="middle">{_e(edition)}</text>'
        )
        for key, shown, count in articles:
            y, h = positions[c][key]
            parts.append(
                f'<rect class="node" x="{x}" y="{_n(y)}" width="{node_w}" height="{_n(h)}">'
                f"<title>{_e(edition)} {_e(shown)}: {count} rule{'s' if count != 1 else ''}</title></rect>"
            )
            parts.append(
                f'<text class="article" x="{x - 4}" y="{y + min(h, 12) / 2 + 3.5:.1f}"'
                f' text-anchor="end">{_e(shown)}</text>'
            )
    parts.append("</svg>")
    return Markup("".join(parts))
