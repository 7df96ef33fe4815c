"""How many case sets written for other tools `skill-eval check` accepts, and why the rest are
refused. Point it at a folder of evals.json files (one per skill, named anything *.json):

    .venv/bin/python bench/caseset_acceptance.py /tmp/sample

Each file is placed in a throwaway skill folder whose SKILL.md carries the set's skill_name.
The sample has the sets but not their skills' fixtures, so every fixture a case names is
stubbed as an empty file (pass --real-fixtures to count missing fixtures as refusals too).
Prints one line per set and the totals: accepted, refused by reason, and how the accepted
sets' checks will be graded (deterministic checks vs statements for the grader model).
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

from runner.authoring.caseset import load_caseset
from runner.errors import CaseSetError


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


def main(folder: Path, stub: bool) -> None:
    reasons: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    files = sorted(folder.glob("*.json"))
    accepted = 0
    with tempfile.TemporaryDirectory() as tmp:
        for source in files:
            try:
                caseset = load_caseset(stage(source, Path(tmp), stub), source.stem)
            except CaseSetError as exc:
                reasons[exc.problem[:100]] += 1
                print(f"refused  {source.name}: {exc}")
                continue
            except (ValueError, OSError) as exc:
                reasons[f"unreadable: {type(exc).__name__}"] += 1
                print(f"refused  {source.name}: {exc}")
                continue
            accepted += 1
            for case in caseset.evals:
                kinds["cases"] += 1
                kinds["checks"] += len(case.assertions) + len(case.outputs) + len(
                    case.tool_calls) + len(case.json_checks)
                kinds["statements"] += len(case.statements)
            left_out = [f for f in caseset.findings if f.code == "EV008"]
            kinds["left out (EV008)"] += len(left_out)
            print(f"accepted {source.name}: {len(caseset.evals)} case(s)"
                  + (f", {len(left_out)} left out (EV008)" if left_out else ""))
    print(f"\n{accepted}/{len(files)} accepted ({accepted / max(1, len(files)):.0%}); "
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
