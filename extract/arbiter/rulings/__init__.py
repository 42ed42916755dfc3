"""The arbiter's rulings, one module per area of the Laws; each handler cites its articles."""
