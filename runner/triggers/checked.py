"""`check` reads the skill's trigger set too (issue 26, rule 7): a file that does not parse
(EV010, with the reader's own words), a set `trigger` would refuse, and should-trigger
queries that restate the description (EV010) are reported before anything is spent, so
`trigger` never refuses what `check` let pass."""

from __future__ import annotations

from pathlib import Path

from runner.analysis.wording import quoted_phrases, restated_phrase
from runner.errors import CaseSetError
from runner.schema.case import Finding
from runner.triggers.queries import load_trigger_set, trigger_files

SET_LEVEL = "(set)"


def trigger_findings(skill_dir: Path, skill_name: str, description: str) -> list[Finding]:
    """Nothing when the skill has no trigger set (a runtime set alone is fine)."""
    files = trigger_files(skill_dir, skill_name)
    if not files:
        return []
    try:
        found = load_trigger_set(skill_dir, skill_name)
    except CaseSetError as exc:
        return [Finding(code="EV010", file=exc.path, case=SET_LEVEL,
                        message=f"the trigger set cannot be read: {exc.problem}",
                        fix="correct the file (YAML: quote values holding ': ' or '#'); "
                            "`skill-eval trigger` refuses it until then")]
    phrases = quoted_phrases(description)
    restated = [q for q in found.queries if q.should_trigger
                and restated_phrase(q.prompt, phrases) is not None]
    if not restated:
        return []
    return [Finding(code="EV010", file=restated[0].source or found.files[0], case=SET_LEVEL,
                    message=f"{len(restated)} should-trigger quer(y/ies) restate the "
                            f"description's wording (e.g. {restated[0].prompt[:80]!r}): they "
                            "measure the wording, not the job",
                    fix="write them the way users ask, in other words")]
