"""How many case sets written for other tools `skill-eval check` accepts, and why the rest are
refused. Point it at a folder of skills (each with its SKILL.md, evals/evals.json and every
fixture and sibling file), or at a folder of bare evals.json files:

    .venv/bin/python bench/caseset_acceptance.py /work/wt/sample/skills     # whole skills
    .venv/bin/python bench/caseset_acceptance.py /tmp/sample                # *.json files
    .venv/bin/python bench/caseset_acceptance.py SAMPLE --judged judged.json  # both figures
    .venv/bin/python bench/caseset_acceptance.py SAMPLE --views DIR  # `check -v` per skill
    .venv/bin/python bench/caseset_acceptance.py SAMPLE --jobs 2     # skills checked 2 at a time

A folder of the sample may be a skill, or a repository whose skill sits in a subfolder (its
set under the repository's evals/), or a collection: each skill in it whose layout holds a
set is checked; the sample's set counts as accepted when every such skill's is. With
--judged (a person's reading of each set, kept outside the repository) it prints the two
figures of issue 26: accepted among sets whose authors' meaning is clear, graded as meant
among those accepted. With --views DIR it also writes, for each skill, what `skill-eval check
-v` prints (DIR/<sample>[__<skill>].txt): the reading a reviewer judges "graded as meant" from.

With skill folders, each is checked as `skill-eval check` does (SKILL.md, fixtures found and
packed as they would be staged): every problem of a refused set is printed, with its code. With
bare files, each is placed in a throwaway skill folder whose SKILL.md carries the set's
skill_name, and every fixture a case names is stubbed as an empty file (pass --real-fixtures to
count missing fixtures as refusals too). Prints one line per set and the totals: accepted,
refused with each problem, and how the accepted sets' checks will be graded (deterministic
checks vs statements for the grader model, and what was mapped and reported, EV012).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import nullcontext
from functools import cache, partial
from pathlib import Path
from typing import Any, NamedTuple

from runner.authoring.bundles import pack_fixtures, pack_skill
from runner.authoring.caseset import load_caseset, restated_prompts
from runner.authoring.collections import (
    EMPTY_SET,
    PROSE_SET,
    UNDESCRIBED_HEAD,
    UNWRITTEN_SET,
    empty_set,
    undescribed,
    unwritten_set,
)
from runner.authoring.describe import ignored_summary, read_case
from runner.authoring.layouts import PROSE_REFUSAL, collection
from runner.authoring.problems import CaseSetRefused
from runner.authoring.read_once import read_once
from runner.authoring.reading import read_skill, refuse_errors
from runner.authoring.skill import declared_name, load_skill
from runner.errors import CaseSetError, RefusedInput
from runner.planning.plan import check_request
from runner.schema.case import CaseSet
from runner.schema.options import RunOptions
from runner.triggers.checked import read_trigger_only, triggers_only


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


def check_skill(folder: Path) -> tuple[CaseSet, list[str]]:
    """What `skill-eval check` does offline, without the plan's ids: the skill, its set, the
    findings, and both bundles packed as a run would stage them. A skill whose authors wrote
    only a trigger set is accepted as `check` accepts it (no cases; a broken one refused)."""
    skill = load_skill(folder)
    # hygiene errors refuse before anything else, as `check` (runner.driver.checking) does
    refuse_errors(read_skill(folder), folder)
    if triggers_only(skill.path, skill.name):
        found = read_trigger_only(skill.path, skill.name)
        fire = sum(q.should_trigger for q in found.queries)
        return CaseSet(skill_name=skill.name, evals=()), [
            f"{TRIGGER_ONLY} ({len(found.queries)} queries: {fire} should trigger, "
            f"{len(found.queries) - fire} should not; {', '.join(found.files)}): nothing for "
            "`run`, measured by `skill-eval trigger`"]
    request = check_request(RunOptions(skill_path=folder))
    pack_skill(request.skill.path)
    pack_fixtures(request.skill.path, request.caseset.fixture_files())
    findings = [*request.caseset.findings, *restated_prompts(
        request.caseset, request.skill.description, str(folder / "evals/evals.json"))]
    readings = [read_case(c, request.caseset.origins.get(c.id)) for c in request.caseset.evals]
    ignored = ignored_summary(readings)
    return request.caseset, [f"{f.code} {f.case}: {f.message}" for f in findings] + (
        [ignored] if ignored else [])


# how check_skill says the skill's authors wrote only a trigger set (accepted, no case)
TRIGGER_ONLY = "trigger set only"
# how a shared set says none of its cases is this skill's (runner.authoring.caseset)
NOT_ITS_OWN = "no case of this shared set names skill"


def skills_of(folder: Path) -> list[Path]:
    """A sample folder's skills with a set: the folder itself, or (a repository, a collection)
    each skill below it whose layout holds a set, or a trigger set only, as `check` finds
    them. Found once per run: the figures, the closing "no skill with a case set" line and the
    views ask for them each, and a 15,000-skill collection takes minutes a pass."""
    return list(_skills_of(folder))


@cache
def _skills_of(folder: Path) -> tuple[Path, ...]:
    with read_once():  # the repository walked once, as one `check COLLECTION` walks it
        if (folder / "SKILL.md").is_file() and not collection(folder):
            return (folder,)  # a skill (an umbrella skill with no set is its skills' collection)
        return tuple(skill for skill, found in collection(folder) if found is not None
                     or triggers_only(skill, declared_name(skill) or skill.name))


PASSED_OVER = "every case is left out, none can run as written"


def _not_run(error: str) -> bool:
    """A collection's skill `check COLLECTION` lists as not run: no case names it, its own
    set is an empty list or holds only prompts still to be written, or none of its cases can
    run as written."""
    return NOT_ITS_OWN in error or EMPTY_SET in error or UNWRITTEN_SET in error \
        or error.startswith(UNDESCRIBED_HEAD) or error.startswith(PASSED_OVER) \
        or error.startswith(PROSE_SET)


def _unwritten_member(sample: Path, skill: Path) -> bool:
    """The skill's own set holds only prompts still to be written (as `check COLLECTION`
    reads it: runner.authoring.collections.unwritten_set)."""
    own = [f for s, f in _members(sample) if s == skill and f is not None]
    return len(own) == 1 and own[0].resolve().is_relative_to(skill.resolve()) \
        and unwritten_set(own[0], skill)


@cache
def _members(sample: Path) -> tuple[tuple[Path, Path | None], ...]:
    """The collection `sample`'s skills and their sets, found once per run: asked for each
    refused skill, and each time walking the repository once per skill, a 125-skill
    collection took most of an hour in the bench's own process."""
    with read_once():
        return tuple(collection(sample)) if sample.is_dir() else ()


def _empty_member(sample: Path, skill: Path) -> bool:
    """Whether `skill` is one of the collection `sample` whose own set is an empty list."""
    pairs = _members(sample)
    own = [f for s, f in pairs if s == skill and f is not None]
    return len(pairs) > 1 and len(own) == 1 and own[0].resolve().is_relative_to(
        skill.resolve()) and empty_set(own[0], skill)


def judged_shares(path: Path, verdicts: dict[str, bool]) -> None:
    """The two figures of issue 26 from a person's judgments (JSON: sample folder -> {"clear":
    bool, "as_meant": bool, "why": str, "kind": "prose" | "none" (optional), "cause": str
    (optional)}), kept beside the sample, never in the repository: accepted among the sets
    whose authors' meaning is clear; graded as meant among those accepted. Prose sets (which
    `check` refuses with the command that drafts evals.json) and folders without a set are
    counted apart, outside both figures; the misses are listed grouped by cause."""
    judged = json.loads(path.read_text(encoding="utf-8"))
    apart = Counter(str(j["kind"]) for j in judged.values() if j.get("kind"))
    # prose sets and folders without a set are counted apart, as this docstring says
    clear = [n for n, j in judged.items() if j.get("clear") and not j.get("kind")]
    accepted = [n for n in clear if verdicts.get(n, False)]  # no set found: not accepted
    meant = [n for n in accepted if judged[n].get("as_meant")]
    print(f"\njudged ({path}): {len(judged)} sample(s); "
          + "".join(f"{kind} {n} (outside both figures); " for kind, n in sorted(apart.items()))
          + f"meaning clear: {len(clear)}; "
          f"accepted among them: {len(accepted)}/{len(clear)} "
          f"({len(accepted) / max(1, len(clear)):.0%}); graded as meant among accepted: "
          f"{len(meant)}/{len(accepted)} ({len(meant) / max(1, len(accepted)):.0%})")
    misses = [("clear, refused", n) for n in sorted(set(clear) - set(accepted))] + [
        ("accepted, not as meant", n) for n in sorted(set(accepted) - set(meant))]
    for cause, names in _by_cause(judged, misses).items():
        print(f"  {cause}: {len(names)}")
        for what, name in names:
            print(f"    {what}: {name}: {judged[name].get('why', '')}")
    unclear = [n for n, j in judged.items() if not j.get("clear") and not j.get("kind")]
    for name in sorted(unclear):
        print(f"  not clear: {name}: {judged[name].get('why', '')}")


def _by_cause(judged: dict[str, Any], misses: list[tuple[str, str]]
              ) -> dict[str, list[tuple[str, str]]]:
    grouped: dict[str, list[tuple[str, str]]] = {}
    for what, name in misses:
        grouped.setdefault(str(judged[name].get("cause", "(no cause given)")), []).append(
            (what, name))
    return dict(sorted(grouped.items(), key=lambda kv: -len(kv[1])))


class Checked(NamedTuple):
    """One skill's (or bare file's) reading, as plain data a worker process can hand back."""

    caseset: CaseSet | None = None
    findings: tuple[str, ...] = ()
    refused_at: str = ""  # the file a refusal names (CaseSetRefused)
    problems: tuple[tuple[str, str, str], ...] = ()  # code, case, message
    error: str | None = None  # any other refusal, as `check` words it
    unrunnable_only: bool = False  # every case left out, nothing else wrong (PassedOver)
    # the skill's own set is what is refused (its reading fails, as `run COLLECTION` reads
    # it: runner.driver.collection.passed_over): in a collection, passed over, the others run
    set_refused: bool = False


def checked(source: Path, skills: bool, tmp: Path, stub: bool) -> Checked:
    try:
        if skills:
            with read_once():  # as `check` reads it: each file and walk once per command
                caseset, findings = check_skill(source)
        else:
            caseset = load_caseset(stage(source, tmp, stub), source.stem)
            findings = [f"{f.code} {f.case}: {f.message}" for f in caseset.findings]
    except CaseSetRefused as exc:
        return Checked(refused_at=str(exc.path), problems=tuple(
            (p.code, str(p.case), p.message) for p in exc.problems),
            unrunnable_only=exc.unrunnable_only, set_refused=skills and _set_refused(source))
    except CaseSetError as exc:
        return Checked(error=str(exc), set_refused=skills and _set_refused(source))
    except (RefusedInput, ValueError, OSError) as exc:
        return Checked(error=str(exc))
    return Checked(caseset=caseset, findings=tuple(findings))


def _set_refused(skill: Path) -> bool:
    """The skill's own set is refused when read as a collection's run reads it (a trigger
    set only: its trigger set, as `check COLLECTION` checks it)."""
    try:
        with read_once():
            name = declared_name(skill) or skill.name
            if triggers_only(skill, name):
                read_trigger_only(skill, name)
            else:
                load_caseset(skill, name)
    except CaseSetError:
        return True
    except (RefusedInput, ValueError, OSError):
        return False
    return False


def main(folder: Path, stub: bool, judged: Path | None = None, jobs: int = 1) -> None:
    samples = sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
    skills = [s for p in samples for s in skills_of(p)]
    files = [] if skills else sorted(folder.glob("*.json"))
    refused: dict[str, Counter[str]] = {}
    kinds: Counter[str] = Counter()
    accepted = not_run = passed_refused = 0
    verdicts: dict[str, bool] = {}
    ran: set[str] = set()  # samples with a skill whose set was accepted
    tally: dict[str, Counter[str]] = {}  # each sample's skills: accepted / refused
    with tempfile.TemporaryDirectory() as tmp, \
            ProcessPoolExecutor(max(1, jobs)) if jobs > 1 else nullcontext() as pool:
        read = partial(checked, skills=bool(skills), tmp=Path(tmp), stub=stub)
        # in order either way: the printout is the same at any --jobs
        results = pool.map(read, skills or files) if pool is not None \
            else map(read, skills or files)
        for source, got in zip(skills or files, results, strict=True):
            sample = source.relative_to(folder).parts[0] if skills else source.name
            # a sample's skills all accepted, or the sample is not: one refusal stands even
            # when a later skill of it is accepted (before, the last skill checked decided)
            prior = verdicts.get(sample, True)
            verdicts[sample] = False  # until this skill's set is accepted
            error = got.error
            if error is not None and skills and _empty_member(folder / sample, source):
                # a collection's skill whose own set is an empty list: `check COLLECTION`
                # lists it as not run (runner.authoring.collections.EMPTY_SET), so here too
                error = f"its set {EMPTY_SET}"
            if error is not None and skills and len(_members(folder / sample)) > 1:
                # a collection's skill whose SKILL.md gives no description a run can read:
                # `check COLLECTION` leaves it out, said, and checks the others, so here too
                try:
                    error = undescribed(source) or error
                except RefusedInput:
                    pass  # refused for another reason: the refusal stands
            if (error is not None or got.problems) and skills \
                    and len(_members(folder / sample)) > 1 \
                    and _unwritten_member(folder / sample, source):
                # every prompt still to be written: `check COLLECTION` lists it as not run
                error, got = f"its set {UNWRITTEN_SET}", got._replace(problems=())
            if error is not None and PROSE_REFUSAL in error and skills \
                    and len(_members(folder / sample)) > 1:
                # a prose set no reader grades: `check COLLECTION` lists it as not run, with
                # the command that drafts it (runner.authoring.collections.PROSE_SET)
                error = f"{PROSE_SET}{got.refused_at or source}"
            if got.problems and got.unrunnable_only and len(_members(folder / sample)) > 1:
                # every case left out for its missing input: `check COLLECTION` passes over
                # it (runner.driver.collection.PassedOver), said, and checks the others
                error, got = (f"{PASSED_OVER}: {got.problems[0][2]}",
                              got._replace(problems=()))
            got = got._replace(error=error)
            # a collection's skill whose own set is refused: `check COLLECTION` lists it with
            # its refusal and runs the others (runner.driver.collection.PassedOver), so the
            # sample stands or falls on them (a collection none of whose skills runs is refused)
            set_passed = skills and got.set_refused and len(_members(folder / sample)) > 1 \
                and (bool(got.problems) or (got.error is not None and not _not_run(got.error)))
            if set_passed:
                verdicts[sample] = prior
                passed_refused += 1
            tally.setdefault(sample, Counter())["refused" if got.problems or (
                got.error is not None and not _not_run(got.error)) else "accepted"] += 1
            if got.problems:
                # the reason is the problems listed below it: the line says where and how many
                # (as `check` says it), never an empty reason
                print(f"refused  {source.name}: {got.refused_at}: {len(got.problems)} "
                      "problem(s):")
                refused[source.name] = Counter()
                for code, where, message in got.problems:
                    refused[source.name][f"{code} {_gist(message)}"] += 1
                    print(f"    {code} case {where!r}: {message}")
                continue
            if got.error is not None:
                if _not_run(got.error):
                    # a skill of a collection no case of the shared set names: `check
                    # COLLECTION` lists it as not run and accepts the rest, so here too
                    verdicts[sample] = prior
                    not_run += 1
                    print(f"not run  {source.relative_to(folder)}: {got.error}")
                    continue
                refused[source.name] = Counter([_gist(got.error.split(": ", 1)[-1])])
                print(f"refused  {source.name}: {got.error}")
                continue
            assert got.caseset is not None
            caseset, findings = got.caseset, list(got.findings)
            accepted += 1
            ran.add(sample)
            verdicts[sample] = prior
            for case in caseset.evals:
                kinds["cases"] += 1
                kinds["checks"] += len(case.assertions) + len(case.outputs) + len(
                    case.tool_calls) + len(case.json_checks)
                kinds["statements"] += len(case.statements)
            trigger_only = not caseset.evals and bool(findings) \
                and findings[0].startswith(TRIGGER_ONLY)
            if trigger_only:  # the line says what was accepted: a trigger set, not 0 cases
                kinds["trigger sets only"] += 1
                what, findings = findings[0], findings[1:]
            else:
                what = f"{len(caseset.evals)} case(s)"
            for finding in findings:
                kinds[finding.split(" ", 1)[0]] += 1
            print(f"accepted {source.relative_to(folder) if skills else source.name}: {what}"
                  + "".join(f"\n    {f}" for f in findings))
    # a collection none of whose skills runs is refused, as `check COLLECTION` refuses it
    verdicts = {sample: ok and sample in ran for sample, ok in verdicts.items()}
    total = len(skills or files) - not_run
    print(f"\n{accepted}/{total} accepted ({accepted / max(1, total):.0%}; "
          f"{not_run} skill(s) of collections no case names, not run; {passed_refused} "
          "refused skill(s) of collections passed over, their collection's others run); "
          f"{kinds['cases']} cases, {kinds['trigger sets only']} trigger set(s) only, "
          f"{kinds['checks']} deterministic checks, "
          f"{kinds['statements']} statements for the grader; findings on accepted sets: "
          + ", ".join(f"{code} {kinds[code]}" for code in sorted(kinds)
                      if code.startswith(("EV", "CS"))))
    for name, reasons in refused.items():
        print(f"  refused {name}: " + "; ".join(
            f"{reason}" + (f" (x{n})" if n > 1 else "") for reason, n in reasons.most_common()))
    _partly(verdicts, tally)
    empty = [p.name for p in samples if not skills_of(p)]
    if empty:
        print(f"  no skill with a case set found in: {', '.join(empty)}")
    if judged is not None:
        judged_shares(judged, verdicts)


def _partly(verdicts: dict[str, bool], tally: dict[str, Counter[str]]) -> None:
    """The refused samples that are collections, with the share of their skills accepted (a
    hygiene error of one skill refuses its collection), and the accepted ones whose refused
    skills were passed over: these lines keep the two readings apart for whoever reads the
    figures."""
    partly = {s: c for s, c in tally.items() if not verdicts.get(s) and c["accepted"]}
    if partly:
        print("  refused samples with some skills accepted: " + ", ".join(
            f"{s} ({c['accepted']}/{c['accepted'] + c['refused']})"
            for s, c in sorted(partly.items())))
    # ...and the accepted ones some of whose skills' sets are refused, passed over (said):
    # the figure above counts them accepted, as `check COLLECTION` runs their others
    passed = {s: c for s, c in tally.items() if verdicts.get(s) and c["refused"]}
    if passed:
        print("  accepted samples with some skills refused, passed over: " + ", ".join(
            f"{s} ({c['accepted']}/{c['accepted'] + c['refused']})"
            for s, c in sorted(passed.items())))


def write_views(folder: Path, views: Path, jobs: int = 1) -> None:
    """`skill-eval check -v` of every skill of the sample, one file each, as a user sees it."""
    views.mkdir(parents=True, exist_ok=True)
    cli = Path(sys.executable).with_name("skill-eval")

    def view(sample: Path, skill: Path) -> None:
        name = sample.name + ("" if skill == sample else "__" + "_".join(
            skill.relative_to(sample).parts))
        shown = subprocess.run([str(cli), "check", "-v", str(skill)], capture_output=True,
                               text=True, env={**os.environ, "COLUMNS": "160"}, check=False)
        (views / f"{name}.txt").write_text(
            f"$ skill-eval check -v {skill}\n(exit {shown.returncode})\n{shown.stdout}"
            f"{shown.stderr}", encoding="utf-8")

    pairs = [(sample, skill) for sample in sorted(p for p in folder.iterdir() if p.is_dir())
             for skill in skills_of(sample)]
    with ThreadPoolExecutor(max(1, jobs)) as pool:  # each view is its own process already
        list(pool.map(lambda pair: view(*pair), pairs))


def _gist(message: str) -> str:
    """A problem without the object it quotes, to count alike problems together."""
    quoted = re.match(r"\w+\[\d+\] [{\[].*?: ((?:a |unknown type|type ).*)$", message)
    return (quoted.group(1) if quoted else message)[:110]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sample", type=Path, help="a folder of skills, or of bare *.json sets")
    parser.add_argument("--judged", type=Path, help="a person's reading of each set (JSON)")
    parser.add_argument("--views", type=Path, help="write `check -v` of each skill here")
    parser.add_argument("--jobs", type=int, default=1, help="skills checked at a time")
    parser.add_argument("--real-fixtures", action="store_true",
                        help="bare files: count missing fixtures as refusals")
    given = parser.parse_args()
    main(given.sample, stub=not given.real_fixtures, judged=given.judged, jobs=given.jobs)
    if given.views is not None:
        write_views(given.sample, given.views, given.jobs)
