"""`python -m extract.cli` runs the `chesslaws` command."""

from extract.cli import main

main()
