"""Arm isolation: a skill must reach exactly the arms meant to have it.

`find_leak` judges one trial (a leak voids the run); `check_staging` judges a run's results
(a skill arm that never saw its skill means staging is broken).
"""

from __future__ import annotations

from collections.abc import Iterable

from runner.authoring.skill import LIBRARY_PLUGIN
from runner.errors import InfraError
from runner.schema.enums import Arm
from runner.schema.trial import TrialResult, TrialSpec
from runner.trial.transcript import Transcript, skill_basename


def plugin_skill(skill_name: str) -> str:
    """How claude names our staged skill: the plugin and the skill share the name."""
    return f"{skill_name}:{skill_name}"


def find_leak(spec: TrialSpec, transcript: Transcript) -> str | None:
    """Why this trial breaks arm isolation, or None."""
    if spec.guarded:
        return _library_leak(spec, transcript)
    ours = plugin_skill(spec.skill_name)
    named = [s for s in transcript.skills_seen + transcript.skills_loaded
             if skill_basename(s) == spec.skill_name]
    if spec.arm is Arm.BASELINE and named:
        return (f"baseline arm saw or loaded skill {named[0]!r} "
                f"(seen: {transcript.skills_seen}, loaded: {transcript.skills_loaded})")
    if spec.arm is not Arm.BASELINE:
        strays = sorted({s for s in named if s != ours})
        if strays:
            return f"{spec.arm} arm saw a second copy of the skill: {strays}"
    return None


def _library_leak(spec: TrialSpec, transcript: Transcript) -> str | None:
    """Several skills at once: a session may see exactly the skills its arm stages, each as
    the library plugin's copy."""
    allowed = {f"{LIBRARY_PLUGIN}:{name}" for name in spec.library}
    named = [s for s in transcript.skills_seen + transcript.skills_loaded
             if skill_basename(s) in spec.guarded]
    strays = sorted({s for s in named if s not in allowed})
    if strays:
        staged = ", ".join(spec.library) or "no skill"
        return (f"{spec.arm} arm (staging {staged}) saw or loaded {strays} "
                f"(seen: {transcript.skills_seen}, loaded: {transcript.skills_loaded})")
    return None


def check_library_staging(staged: dict[Arm, tuple[str, ...]],
                          results: Iterable[TrialResult]) -> None:
    """Several skills at once: every arm saw every skill it stages."""
    for r in results:
        wanted = {f"{LIBRARY_PLUGIN}:{name}" for name in staged.get(r.arm, ())}
        missing = sorted(wanted - set(r.skills_seen))
        if r.status.finished_normally and missing:
            raise InfraError(f"the {r.arm} arm of case {r.case_id!r} did not see the staged "
                             f"skill(s) {missing} (saw {r.skills_seen}): staging is broken, "
                             "run refused")


def check_staging(skill_name: str, results: Iterable[TrialResult]) -> None:
    ours = plugin_skill(skill_name)
    for r in results:
        # only sessions that finished normally: a cut-off transcript may lack the init event
        if r.arm is not Arm.BASELINE and r.status.finished_normally and \
                ours not in r.skills_seen:
            raise InfraError(f"the {r.arm} arm of case {r.case_id!r} did not see the staged skill "
                             f"{ours!r} (saw {r.skills_seen}): staging is broken, run refused")
