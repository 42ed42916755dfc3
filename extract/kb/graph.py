"""The knowledge graph: a networkx MultiDiGraph of editions, provisions, rules and terms.

Nodes: `edition:<id>`, `provision:<edition>:<key>`, `rule:<id>`, `term:<id>`.
Edges: `expresses` (provision -> rule), `succeeds` (provision -> the provision of the same rule in the
previous edition that has it), `references` (provision -> provision it cites, same edition; dangling
references go to a `missing:<edition>:<label>` node), `uses_term` (provision -> term), `part_of`
(provision -> edition), `child_of` (provision -> parent provision).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import cast

import networkx as nx

from extract.io.rules import Rule
from extract.model.kbrows import GraphDocument
from extract.text.analyse import Concept


def provision_node(edition: str, key: str) -> str:
    return f"provision:{edition}:{key}"


def shared_graph(
    editions: list[dict[str, object]],
    rules: list[Rule],
    concepts: list[Concept],
    parameters: list[dict[str, object]],
    scenarios: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]],
) -> nx.MultiDiGraph:
    """The nodes no edition owns (editions, rules, terms, parameters, scenarios) and the edges between
    them (`narrower`, `checked_by`)."""
    graph = nx.MultiDiGraph()
    for edition in editions:
        graph.add_node(
            f"edition:{edition['id']}",
            kind="edition",
            language=edition["language"],
            in_force=edition["in_force"],
        )
    for rule in rules:
        graph.add_node(
            f"rule:{rule.id}",
            kind="rule",
            title=rule.title,
            topic=rule.topic,
            parameters=list(rule.parameters),
        )
        if rule.parent:
            graph.add_edge(f"rule:{rule.id}", f"rule:{rule.parent}", key="narrower", kind="narrower")
    for concept in concepts:
        graph.add_node(f"term:{concept.id}", kind="term", en=concept.en)
    for row in parameters:
        graph.add_node(f"parameter:{row['parameter']}", kind="parameter", unit=row["unit"])
    for scenario_id, title, scenario_rules, applies_to in scenarios:
        node = f"scenario:{scenario_id}"
        graph.add_node(node, kind="scenario", title=title, editions=list(applies_to))
        for rule_id in scenario_rules:
            graph.add_edge(
                f"rule:{rule_id}", node, key="checked_by", kind="checked_by", editions=list(applies_to)
            )
    return graph


def edition_graph(
    edition_id: str,
    items: list[tuple[str, dict[str, object]]],
    mapping: dict[str, str],
    previous: dict[str, tuple[str, list[str]]],
    references: dict[str, list[str]],
    term_hits: dict[str, set[str]],
    parameters: list[dict[str, object]],
) -> nx.MultiDiGraph:
    """What one edition adds to the graph: its provision nodes (and `missing` targets of its dangling
    references) with every edge that leaves them. `mapping` is provision key -> rule; `previous` is,
    per rule, the latest earlier edition that has it and its keys there (the `succeeds` targets); it
    is updated with this edition's rules, so editions are added oldest first."""
    graph = nx.MultiDiGraph()
    labels: dict[str, str] = {}
    for key, provision in items:
        node = provision_node(edition_id, key)
        graph.add_node(
            node,
            kind="provision",
            edition=edition_id,
            label=provision["label"],
            provision_kind=provision["kind"],
            line=provision["line"],
        )
        graph.add_edge(node, f"edition:{edition_id}", key="part_of", kind="part_of")
        labels.setdefault(str(provision["label"]), key)
    for key, provision in items:
        parent = provision.get("parent")
        if parent and str(parent) in labels:
            graph.add_edge(
                provision_node(edition_id, key),
                provision_node(edition_id, labels[str(parent)]),
                key="child_of",
                kind="child_of",
            )
    by_rule: dict[str, list[str]] = defaultdict(list)
    for key, rule_id in mapping.items():
        graph.add_edge(provision_node(edition_id, key), f"rule:{rule_id}", key="expresses", kind="expresses")
        by_rule[rule_id].append(key)
    for rule_id, keys in by_rule.items():
        older, old_keys = previous.get(rule_id, ("", []))
        for new_key in keys:
            for old_key in old_keys:
                graph.add_edge(
                    provision_node(edition_id, new_key),
                    provision_node(older, old_key),
                    key=f"succeeds:{rule_id}",
                    kind="succeeds",
                    rule=rule_id,
                )
        previous[rule_id] = (edition_id, keys)
    for key, cited in references.items():
        for label in cited:
            target_key = labels.get(label)
            bare = label[2:] if label.startswith("A.") else None
            if target_key is None and bare:
                target_key = labels.get(bare)  # Hungarian "A 11.1" is "the 11.1"
            if target_key is None:
                target = f"missing:{edition_id}:{label}"
                graph.add_node(target, kind="missing", edition=edition_id, label=label)
            else:
                target = provision_node(edition_id, target_key)
            graph.add_edge(
                provision_node(edition_id, key),
                target,
                key=f"references:{label}",
                kind="references",
                label=label,
                resolved=target_key is not None,
            )
    for key, hits in term_hits.items():
        for concept_id in sorted(hits):
            graph.add_edge(
                provision_node(edition_id, key), f"term:{concept_id}", key="uses_term", kind="uses_term"
            )
    add_parameters(graph, parameters)
    return graph


def add_parameters(graph: nx.MultiDiGraph, rows: list[dict[str, object]]) -> None:
    """`sets` edges: the provision that states a parameter -> the parameter, with the value."""
    by_label = {
        (data["edition"], data["label"]): node
        for node, data in sorted(graph.nodes(data=True), reverse=True)
        if data.get("kind") == "provision"
    }
    for row in rows:
        source = by_label.get((row["edition"], row["label"]))
        if source is not None:
            name = f"parameter:{row['parameter']}"
            graph.add_edge(
                source, name, key=f"sets:{row['edition']}", kind="sets", value=row["value"], rule=row["rule"]
            )


def graph_pieces(
    graph: nx.MultiDiGraph, prefix: str | None = None
) -> Iterator[tuple[str, str, list[dict[str, object]]]]:
    """graph.yaml in pieces that sort into place: ("nodes" | "edges", sort key, rows). With `prefix`
    (an edition's part: "provision:<id>:"), only the nodes under it and under "missing:<id>:", every
    edge (all leave them); without, groups by the part of the id before its first colon."""
    document = graph_document(graph)
    nodes = cast(list[dict[str, object]], document["nodes"])
    edges = cast(list[dict[str, object]], document["edges"])
    if prefix is not None:
        missing = "missing:" + prefix.split(":", 1)[1]
        for start in (missing, prefix):
            own = [node for node in nodes if str(node["id"]).startswith(start)]
            if own:
                yield "nodes", start, own
        if edges:
            yield "edges", prefix, edges
        return
    for section, rows, field in (("nodes", nodes, "id"), ("edges", edges, "source")):
        groups: dict[str, list[dict[str, object]]] = defaultdict(list)
        for row in rows:
            groups[str(row[field]).split(":", 1)[0] + ":"].append(row)
        for group, members in groups.items():
            yield section, group, members


def graph_document(graph: nx.MultiDiGraph) -> dict[str, object]:
    """Deterministic plain data for kb/generated/graph.yaml."""
    nodes = [{"id": node, **data} for node, data in sorted(graph.nodes(data=True))]
    edges = sorted(
        (
            {"source": u, "target": v, **{k: val for k, val in data.items()}}
            for u, v, data in graph.edges(data=True)
        ),
        key=lambda e: (e["source"], e["kind"], e["target"]),
    )
    return {"nodes": nodes, "edges": edges}


def graph_of(document: GraphDocument) -> nx.MultiDiGraph:
    """The graph of graph.yaml (`read_kb(...).graph()`), the inverse of `graph_document`."""
    graph = nx.MultiDiGraph()
    for node in document.nodes:
        data = dict(node)
        graph.add_node(data.pop("id"), **data)
    for edge in document.edges:
        data = dict(edge)
        graph.add_edge(data.pop("source"), data.pop("target"), **data)
    return graph


def reference_counts(graph: nx.MultiDiGraph) -> dict[str, tuple[int, int]]:
    """Per edition: (resolved references, dangling references)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for u, _, data in graph.edges(data=True):
        if data.get("kind") == "references":
            edition = graph.nodes[u]["edition"]
            counts[edition][0 if data["resolved"] else 1] += 1
    return {edition: (c[0], c[1]) for edition, c in sorted(counts.items())}
