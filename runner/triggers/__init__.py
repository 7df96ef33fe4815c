"""Trigger evaluation (docs/running.md, triggers; docs/statistics.md#trigger-figures): does the
skill fire, only when it should, and where do its misses go."""
