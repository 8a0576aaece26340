"""Multi-agent workflows: patterns, context variables, lifecycle tools, pause and resume."""
