"""The one place trial specs are made, for paired runs and trigger runs alike: every
(case, repetition, arm) of a plan, each with the id its planner gives it, what the trial is, and
its eval's session limits (one object shared by every trial of the eval). The pass context is
not set here: the pass sets it once when it starts (runner/driver/passes.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from runner.schema.case import Case
from runner.schema.enums import Arm, TrialKind
from runner.schema.options import SessionLimits
from runner.schema.trial import PassContext, TrialSpec

SCORERS = ("checks", "program", "process", "statements")


@dataclass(frozen=True)
class TrialTemplate:
    """What every trial of one plan shares."""

    run_id: str
    model: str
    skill_name: str
    fixtures_bundle: str
    bundles: Mapping[Arm, str | None]  # each arm's skill bundle (store key), or none
    limits: SessionLimits
    grader_model: str
    kind: TrialKind = TrialKind.TASK
    scorers: tuple[str, ...] = SCORERS


def expand(template: TrialTemplate, cases: Sequence[Case], k: int, arms: Sequence[Arm],
           trial_id: Callable[[Case, int, Arm], str]) -> list[TrialSpec]:
    """Cases x repetitions x arms, in that order (the order trials are scheduled in).

    A plan of a million trials must fit a driver's memory: every spec shares its eval's
    objects (case, limits, one frozen default pass context, one set of the fields given) and
    owns only its id and repetition. The first spec is validated; the others differ from it
    only in values of the types it validated, so they are constructed without revalidating."""
    specs: list[TrialSpec] = []
    context = PassContext()  # frozen: shared safely until the pass sets its own
    for case in cases:
        for rep in range(k):
            for arm in arms:
                values = dict(run_id=template.run_id, trial_id=trial_id(case, rep, arm),
                              case=case, repetition=rep, arm=arm, model=template.model,
                              grader_model=template.grader_model,
                              skill_name=template.skill_name,
                              fixtures_bundle=template.fixtures_bundle,
                              skill_bundle=template.bundles.get(arm), kind=template.kind,
                              scorers=template.scorers, limits=template.limits)
                if not specs:
                    specs.append(TrialSpec(**values))  # type: ignore[arg-type]
                    given = specs[0].model_fields_set  # copied by every model_copy
                    continue
                specs.append(TrialSpec.model_construct(given, context=context, **values))
    return specs
