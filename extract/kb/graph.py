"""The knowledge graph: a networkx MultiDiGraph of editions, provisions, rules and terms.

Nodes: `edition:<id>`, `provision:<edition>:<key>`, `rule:<id>`, `term:<id>`.
Edges: `expresses` (provision -> rule), `succeeds` (provision -> the provision of the same rule in the
previous edition that has it), `references` (provision -> provision it cites, same edition; dangling
references go to a `missing:<edition>:<label>` node), `uses_term` (provision -> term), `part_of`
(provision -> edition), `child_of` (provision -> parent provision).
"""

from __future__ import annotations

from collections import defaultdict

import networkx as nx

from extract.io.rules import Rule
from extract.model.kbrows import GraphDocument
from extract.text.analyse import Concept


def provision_node(edition: str, key: str) -> str:
    return f"provision:{edition}:{key}"


def build_graph(
    editions: list[dict[str, object]],
    provisions: dict[str, list[tuple[str, dict[str, object]]]],
    rules: list[Rule],
    concepts: list[Concept],
    mapping: dict[tuple[str, str], str],
    references: dict[tuple[str, str], list[str]],
    term_hits: dict[tuple[str, str], set[str]],
) -> nx.MultiDiGraph:
    """Assemble the graph from the stages' results (all keyed by (edition, provision key))."""
    graph = nx.MultiDiGraph()
    order = [str(e["id"]) for e in editions]
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
    labels_by_edition: dict[str, dict[str, str]] = defaultdict(dict)
    for edition_id, items in provisions.items():
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
            labels_by_edition[edition_id].setdefault(str(provision["label"]), key)
    for edition_id, items in provisions.items():
        for key, provision in items:
            parent = provision.get("parent")
            if parent and str(parent) in labels_by_edition[edition_id]:
                graph.add_edge(
                    provision_node(edition_id, key),
                    provision_node(edition_id, labels_by_edition[edition_id][str(parent)]),
                    key="child_of",
                    kind="child_of",
                )
    for (edition_id, key), rule_id in mapping.items():
        graph.add_edge(provision_node(edition_id, key), f"rule:{rule_id}", key="expresses", kind="expresses")
    by_rule: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for (edition_id, key), rule_id in mapping.items():
        by_rule[rule_id][edition_id].append(key)
    for rule_id, per_edition in by_rule.items():
        present = [e for e in order if e in per_edition]
        for older, newer in zip(present, present[1:], strict=False):
            for new_key in per_edition[newer]:
                for old_key in per_edition[older]:
                    graph.add_edge(
                        provision_node(newer, new_key),
                        provision_node(older, old_key),
                        key=f"succeeds:{rule_id}",
                        kind="succeeds",
                        rule=rule_id,
                    )
    for (edition_id, key), cited in references.items():
        for label in cited:
            target_key = labels_by_edition[edition_id].get(label)
            bare = label[2:] if label.startswith("A.") else None
            if target_key is None and bare:
                target_key = labels_by_edition[edition_id].get(bare)  # Hungarian "A 11.1" is "the 11.1"
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
    for (edition_id, key), hits in term_hits.items():
        for concept_id in sorted(hits):
            graph.add_edge(
                provision_node(edition_id, key), f"term:{concept_id}", key="uses_term", kind="uses_term"
            )
    return graph


def add_parameters(graph: nx.MultiDiGraph, rows: list[dict[str, object]]) -> None:
    """`sets` edges: the provision that states a parameter -> the parameter, with the value."""
    by_label = {
        (data["edition"], data["label"]): node
        for node, data in sorted(graph.nodes(data=True), reverse=True)
        if data.get("kind") == "provision"
    }
    for row in rows:
        name = f"parameter:{row['parameter']}"
        graph.add_node(name, kind="parameter", unit=row["unit"])
        source = by_label.get((row["edition"], row["label"]))
        if source is not None:
            graph.add_edge(
                source, name, key=f"sets:{row['edition']}", kind="sets", value=row["value"], rule=row["rule"]
            )


def add_scenarios(
    graph: nx.MultiDiGraph, scenarios: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]]
) -> None:
    """Scenario nodes, and `checked_by` edges from each rule a scenario exercises."""
    for scenario_id, title, rules, editions in scenarios:
        node = f"scenario:{scenario_id}"
        graph.add_node(node, kind="scenario", title=title, editions=list(editions))
        for rule in rules:
            graph.add_edge(f"rule:{rule}", node, key="checked_by", kind="checked_by", editions=list(editions))


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
