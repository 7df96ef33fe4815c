"""The runner's model calls after the trials (`--batch-grading`): resumable Message Batches
(calls) and the statement grades the trials left (statements)."""
