"""Reports over the KB: diff, lint, and the collection the site shows."""
