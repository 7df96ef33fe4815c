"""`check` on a skill whose authors wrote only a trigger set (issue 26): a clear, complete set,
read and validated as `skill-eval trigger` reads it, and accepted (nothing for `run` to run).
A trigger set `trigger` would refuse is refused here too (exit 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runner.authoring.harnessed import harness_findings
from runner.authoring.layouts import (
    held_instead,
    hidden_set_lines,
    passed_over,
    shared_passed_over,
    unread_everywhere,
)
from runner.authoring.other_sets import other_set_lines
from runner.authoring.reading import located, skill_findings
from runner.authoring.scan import kinds
from runner.authoring.skill import load_skill
from runner.errors import CaseSetError
from runner.schema.case import Finding
from runner.schema.checked import CheckReport, SetsFound
from runner.schema.hygiene import SkillReading
from runner.schema.options import RunOptions
from runner.triggers.checked import (
    SET_LEVEL,
    prose_notes,
    read_trigger_only,
    trigger_findings,
    trigger_location,
    triggers_only,
    ungradable_set,
)
from runner.triggers.queries import SIDELESS_LEFT_OUT

if TYPE_CHECKING:
    from runner.driver.checking import Checked

NOTES_WHY = "Markdown notes beside the trigger set: no reader grades prose"


def check_trigger_only(opts: RunOptions, reading: SkillReading) -> Checked | None:
    """None unless the skill has a trigger set and no case set (and no `--cases`)."""
    from runner.driver.checking import Checked

    if opts.cases_file is not None:
        return None
    skill = load_skill(opts.skill_path)
    if not triggers_only(skill.path, skill.name):
        return None
    found = read_trigger_only(skill.path, skill.name)
    sideless = [f for f in found.findings if f.code == "EV010" and SIDELESS_LEFT_OUT in f.message]
    if opts.strict and sideless:  # `--strict`: no query left out, as no case is
        raise CaseSetError(sideless[0].file, f"EV010: {sideless[0].message}; fix: "
                                             f"{sideless[0].fix}")
    should = sum(q.should_trigger for q in found.queries)
    findings = [*skill_findings(reading, skill.path, []),
                *trigger_findings(skill.path, skill.name, skill.description),
                *found.findings,  # what reading a runtime set of trigger tasks reported
                *harness_findings(unread_everywhere(skill.path, skill.name)),
                *(Finding(code="EV012", file=str(path), case=SET_LEVEL,
                          message=f"{path.name}: {why}", fix="none needed (or move it out of "
                                                            "the set folder)")
                  for path, why in passed_over(skill.path, skill.name))]
    findings = list(dict.fromkeys(findings))  # a left-out query's line, said by both readers
    notes_md = prose_notes(skill.path, skill.name)
    report = CheckReport(ok=True, skill=skill.name, skill_sha256=skill.digest,
                         findings=findings, set_files=found.files,
                         unread_files=[f"{p.name} ({NOTES_WHY})" for p in notes_md],
                         sets=SetsFound(trigger=trigger_location(skill.path, skill.name)))
    summary = (f"ok: {skill.name}: trigger set only ({len(found.queries)} queries: {should} "
               f"should trigger, {len(found.queries) - should} should not); nothing for `run` "
               f"to run: measure it with `skill-eval trigger {opts.skill_path}`")
    notes = [f"{f.code} {located(f)} {f.message}; fix: {f.fix}" for f in findings]
    notes += [f"not read: {path} ({NOTES_WHY}; draft a case set from it with `skill-eval cases "
              f"{opts.skill_path} --generate --from {path}`)" for path in notes_md]
    ungradable = ungradable_set(skill.path, skill.name)
    if ungradable is not None:  # the runtime file beside it holds no criterion: said
        notes.append(f"not read as cases: {ungradable}; the trigger set is the skill's set")
    held = held_instead(skill.path, skill.name)
    if held:  # every data file of the set folders, said (nothing passed over in silence)
        notes.append(f"no case set{held}")
    notes += hidden_set_lines(skill.path, skill.name)
    notes += [f"not read: {path} (a set shared by the skills below {path.parent.parent.name}/ "
              "naming none of them: this skill's own trigger set is read instead; grade it on "
              f"that set anyway with --cases {path})"
              for path in shared_passed_over(skill.path, skill.name)]
    notes += other_set_lines(skill.path, skill.name, found.files, "\n".join(notes))
    if reading.scan:
        notes.append(f"static scan: {len(reading.scan)} finding(s) "
                     f"({', '.join(kinds(list(reading.scan)))})")
    details = [f"trigger set: {', '.join(found.files)}"]
    return Checked(report, summary, None, details, notes)

