"""The knowledge base: alignment to rules, parameters, the graph, the build."""
