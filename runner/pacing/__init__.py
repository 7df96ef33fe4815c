"""Pacing: what every gateway of a pass asks before it spends. One object per pass, local or a
named Ray actor (`actors`): the budget ledger (`ledger`), the rate governor (`governor`), and
the rules for an upstream's pushback and stated limits (`pushback`). Beneath everything that
runs a trial, so the gateway, the trial, the judge and the trigger catalog can all use it
without reaching up into the driver."""
