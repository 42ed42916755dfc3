"""The static site: views, SVG, mkdocs."""
