"""The pairwise judge (seed 000, "Checks decide, the judge breaks ties")."""
