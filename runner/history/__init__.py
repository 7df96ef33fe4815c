"""Reading a skill's past from a store: comparing two saved runs (the regression gate) and the
evidence card. Reads receipts and indexes (runner.store.receipts), decides with the pure
runner.analysis modules."""
