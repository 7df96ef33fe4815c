"""The pairwise judge (docs/statistics.md#rows-outcomes-holes: checks decide, the judge breaks
ties)."""
