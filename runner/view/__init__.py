"""The run viewer: `skill-eval view` serves a run's page over its store; `--html` writes it."""
