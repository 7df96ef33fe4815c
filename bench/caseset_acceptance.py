"""How many case sets written for other tools `skill-eval check` accepts, and why the rest are
refused. Point it at a folder of whole skill folders (each with its SKILL.md, evals/, fixtures
and sibling files, e.g. the sample bench/caseset_sample_fresh.txt lists):

    .venv/bin/python bench/caseset_acceptance.py /tmp/skills

Each skill folder is checked as is, exactly as `skill-eval check` does (the same plan is made:
SKILL.md, the set, its real fixtures, nothing stubbed). Or point it at a folder of evals.json
files (one per skill, named anything *.json; the first sample, bench/caseset_sample.txt):

    .venv/bin/python bench/caseset_acceptance.py /tmp/sample

Each file is then placed in a throwaway skill folder whose SKILL.md carries the set's
skill_name; the sample has the sets but not their skills' fixtures, so every fixture a case
names is stubbed as an empty file (pass --real-fixtures to count missing fixtures as refusals
too). Prints one line per set and the totals: accepted, refused by reason, and how the accepted
sets' checks will be graded (deterministic checks vs statements for the grader model).
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

from runner.authoring.caseset import load_caseset
from runner.errors import CaseSetError, RefusedInput
from runner.planning.plan import make_plan
from runner.schema.case import Case, CaseSet
from runner.schema.options import RunOptions


def stage(source: Path, root: Path, stub: bool) -> Path:
    raw = json.loads(source.read_text(encoding="utf-8"))
    name = str(raw.get("skill_name") or source.stem) if isinstance(raw, dict) else source.stem
    cases = raw.get("evals") or raw.get("cases") or raw.get("test_cases") \
        if isinstance(raw, dict) else raw
    skill = root / source.stem
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: sample\n---\nbody\n")
    (skill / "evals" / "evals.json").write_text(source.read_text(encoding="utf-8"))
    for case in cases if stub and isinstance(cases, list) else []:
        for file in case.get("files") or [] if isinstance(case, dict) else []:
            path = skill / str(file)
            if isinstance(file, str) and ".." not in file and not file.startswith("/"):
                path.parent.mkdir(parents=True, exist_ok=True)
                if not path.exists():
                    path.write_text("")
    return skill


def reason(problem: str, skill: Path | None = None) -> str:
    """A refusal's reason without what differs between sets (the path, the object quoted),
    so the same reason counts once per set."""
    if skill is not None:
        problem = problem.replace(str(skill) + "/", "")
    problem = re.sub(r"^assertion #\d+ .*?: (unknown type '[^']*')", r"\1", problem)
    problem = re.sub(r"fixture '[^']*'", "fixture", problem)
    return problem[:100]


def count(kinds: Counter[str], cases: list[Case] | tuple[Case, ...]) -> None:
    for case in cases:
        kinds["cases"] += 1
        kinds["checks"] += len(case.assertions) + len(case.outputs) + len(
            case.tool_calls) + len(case.json_checks)
        kinds["statements"] += len(case.statements)


def is_skills_folder(folder: Path) -> bool:
    """A folder of whole skill folders (each holds SKILL.md or evals/evals.json)."""
    return any((d / "SKILL.md").exists() or (d / "evals" / "evals.json").exists()
               for d in folder.iterdir() if d.is_dir())


def check_skills(folder: Path, reasons: Counter[str], kinds: Counter[str]) -> tuple[int, int]:
    """Each skill folder as `skill-eval check` plans it: SKILL.md, its set, real fixtures."""
    skills = sorted((d for d in folder.iterdir() if d.is_dir()), key=lambda d: d.name.lower())
    accepted = 0
    for skill in skills:
        try:
            plan = make_plan(RunOptions(skill_path=skill))
        except RefusedInput as exc:
            reasons[reason(str(getattr(exc, "problem", exc)), skill)] += 1
            print(f"refused  {skill.name}: {exc}")
            continue
        accepted += 1
        count(kinds, plan.cases_in_order())
        findings = sorted({f.code for f in plan.findings})
        print(f"accepted {skill.name}: {len(plan.cases)} case(s)"
              + (f", findings {', '.join(findings)}" if findings else ""))
    return accepted, len(skills)


def check_sets(folder: Path, stub: bool, reasons: Counter[str],
               kinds: Counter[str]) -> tuple[int, int]:
    """Each evals.json in a throwaway skill folder (its fixtures stubbed unless not `stub`)."""
    files = sorted(folder.glob("*.json"))
    accepted = 0
    with tempfile.TemporaryDirectory() as tmp:
        for source in files:
            try:
                caseset: CaseSet = load_caseset(stage(source, Path(tmp), stub), source.stem)
            except CaseSetError as exc:
                reasons[reason(exc.problem)] += 1
                print(f"refused  {source.name}: {exc}")
                continue
            except (ValueError, OSError) as exc:
                reasons[f"unreadable: {type(exc).__name__}"] += 1
                print(f"refused  {source.name}: {exc}")
                continue
            accepted += 1
            count(kinds, caseset.evals)
            left_out = [f for f in caseset.findings if f.code == "EV008"]
            kinds["left out (EV008)"] += len(left_out)
            print(f"accepted {source.name}: {len(caseset.evals)} case(s)"
                  + (f", {len(left_out)} left out (EV008)" if left_out else ""))
    return accepted, len(files)


def main(folder: Path, stub: bool) -> None:
    reasons: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    accepted, total = (check_skills(folder, reasons, kinds) if is_skills_folder(folder)
                       else check_sets(folder, stub, reasons, kinds))
    print(f"\n{accepted}/{total} accepted ({accepted / max(1, total):.0%}); "
          f"{kinds['cases']} cases, {kinds['checks']} deterministic checks, "
          f"{kinds['statements']} statements for the grader; "
          f"{kinds['left out (EV008)']} case(s) left out as ungradable (EV008)")
    for reason, n in reasons.most_common():
        print(f"  refused {n}: {reason}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    main(Path(args[0]), stub="--real-fixtures" not in sys.argv)
