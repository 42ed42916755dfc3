"""The arbiter model: time controls, the Laws as rulings, the scenario runner."""
