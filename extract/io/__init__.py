"""Files in and out: strict YAML loaders, corpus metadata, curated KB files, kb/generated, output paths."""
