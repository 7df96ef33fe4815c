"""The data models: pure pydantic, no I/O, importing nothing from runner but `schema` itself
and `errors`. Everything that is stored, sent to a Ray worker or returned to a user is one of
these; every other package imports them, never the other way round."""
