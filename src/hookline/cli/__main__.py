"""``python -m hookline.cli``."""

from hookline.cli.app import main

main()
