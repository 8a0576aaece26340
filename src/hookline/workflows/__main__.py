"""``python -m hookline.workflows DIR --message "..."``."""

from hookline.workflows.cli import main

raise SystemExit(main())
