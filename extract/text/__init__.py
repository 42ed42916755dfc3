"""Text stages: clean, segment into provisions, analyse with spaCy, notation."""
