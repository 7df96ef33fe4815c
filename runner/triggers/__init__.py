"""Trigger evaluation (seed 000 "The trigger eval", seed 001 "Trigger evaluation"): does the
skill fire, only when it should, and where do its misses go."""
