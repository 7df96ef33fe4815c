"""What hygiene and the static scan find on a sample of real skills, and how many a run would
refuse. Point it at a folder holding one skill folder per entry (each with a root SKILL.md):

    .venv/bin/python bench/skill_reading.py /tmp/skills [-v]

Prints, per skill with a hygiene error, each error; then the totals: skills refused by
hygiene (of which already refused by loading the skill before hygiene existed), skills with
scan findings (what `--sandbox local` would refuse without --trust-target), and the counts per
code. `-v` also lists every SE/CB004 scan finding (the ones a reader should look at).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from runner.authoring.hygiene import hygiene
from runner.authoring.scan import scan_skill
from runner.authoring.skill import load_skill
from runner.errors import RefusedInput
from runner.schema.hygiene import Severity


def main(root: Path, verbose: bool) -> None:
    skills = sorted(d for d in root.iterdir() if (d / "SKILL.md").is_file())
    errors: Counter[str] = Counter()
    warnings: Counter[str] = Counter()
    scanned: Counter[str] = Counter()
    refused = before = flagged = 0
    for folder in skills:
        found = hygiene(folder)
        scan = scan_skill(folder)
        bad = [f for f in found if f.severity is Severity.ERROR]
        if bad:
            refused += 1
            try:
                load_skill(folder)
            except RefusedInput:
                before += 1
        flagged += bool(scan)
        for f in bad:
            errors[f.code] += 1
            print(f"error   {folder.name}: {f.code} {f.where()}: {f.message[:100]}")
        warnings.update(f.code for f in found if f.severity is Severity.WARNING)
        scanned.update({f.code for f in scan})
        if verbose:
            for f in scan:
                if f.code.startswith("SE") or f.code == "CB004":
                    print(f"scan    {folder.name}: {f.code} {f.where()}: {f.message[:100]}")
    print(f"{len(skills)} skills: {refused} refused by hygiene ({before} of them already "
          f"refused by loading the skill), {flagged} with static findings")
    print(f"hygiene errors (findings): {dict(sorted(errors.items()))}")
    print(f"hygiene warnings (findings): {dict(sorted(warnings.items()))}")
    print(f"static findings (skills with the code): {dict(sorted(scanned.items()))}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), "-v" in sys.argv[2:])
