"""What running a project-level skill's cases in their project costs, old path against new
(runner.authoring.whole_project, runner.authoring.bundles.hoist_projects): the numbers behind
whole_project.TOTAL_FILES / TOTAL_BYTES.

For a synthetic project of N text files totalling M MiB, with a skill under .claude/skills/
whose C cases stage nothing of their own, planned at k repetitions and two arms:
  read     seconds to read the case set (the walk that carries the project)
  plan     seconds to make the plan (new: packing and hashing the project's tar)
  plan.json  its size: old, the project inline in every trial's case; new, one digest each
  task     the bytes of one trial's spec as pickled into a Ray task
  stage    seconds to stage one trial's working directory (old: the inline files written;
           new: the bundle materialised from a local store, then copied)
Prints numbers, asserts nothing.

usage: .venv/bin/python bench/project_staging.py [--sizes 400:2,3000:24,6000:48]
                                                 [--cases 5] [--k 3]
"""

from __future__ import annotations

import argparse
import json
import pickle
import shutil
import tempfile
import time
from pathlib import Path

from runner.authoring import whole_project
from runner.authoring.bundles import materialize
from runner.authoring.caseset import load_caseset
from runner.planning import plan as planning
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.trial import TrialSpec
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from runner.trial.session import stage_fixtures

SKILL_MD = ("---\nname: house-style\ndescription: Applies this project's house style. Use "
            "when editing its code.\n---\nFollow the project's conventions.\n")


def synthetic(root: Path, files: int, mib: float, cases: int) -> Path:
    """A project of `files` text files (`mib` MiB in all) in folders of 100, and its skill."""
    size = max(1, int(mib * 1024**2 / files))
    line = "value = compute(input, factor)  # a line of the project's own code\n"
    body = (line * (size // len(line) + 1))[:size]
    for n in range(files):
        path = root / f"pkg{n // 100:03d}" / f"module_{n}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    skill = root / ".claude" / "skills" / "house-style"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({
        "skill_name": "house-style",
        "evals": [{"id": f"c{n}", "prompt": f"Apply the house style to module_{n}'s callers.",
                   "assertions": ["compute"]} for n in range(cases)]}))
    return skill


def _plan(skill: Path, k: int, hoist: bool) -> tuple[Plan, float]:
    """The plan, and seconds to make it; `hoist` False: the old path (project inline)."""
    original = planning.hoist_projects
    if not hoist:
        planning.hoist_projects = lambda _skill, cases: (list(cases), {})  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        plan = planning.make_plan(RunOptions(skill_path=skill, k=k))
        return plan, time.perf_counter() - start
    finally:
        planning.hoist_projects = original  # type: ignore[assignment]


def _stage(store: LocalStore, spec: TrialSpec, cache: Path, work: Path) -> float:
    """Seconds to stage one trial's working directory as a worker does (then removed)."""
    start = time.perf_counter()
    project = materialize(store, RunKeys(spec.run_id).bundle_of(spec.case.project_bundle),
                          cache) if spec.case.project_bundle else None
    stage_fixtures(spec.case, cache / "none", work, project)
    seconds = time.perf_counter() - start
    shutil.rmtree(work)
    return seconds


def measure(files: int, mib: float, cases: int, k: int) -> None:
    with tempfile.TemporaryDirectory(prefix="project-staging-") as tmp:
        base = Path(tmp)
        skill = synthetic(base / "app", files, mib, cases)
        saved = (whole_project.TOTAL_FILES, whole_project.TOTAL_BYTES)
        # both paths carry the project whatever its size: the cap is what this measures
        whole_project.TOTAL_FILES, whole_project.TOTAL_BYTES = 10**9, 10**12
        whole_project._walk.cache_clear()
        try:
            start = time.perf_counter()
            caseset = load_caseset(skill, "house-style")
            read_s = time.perf_counter() - start
            staged = len(caseset.evals[0].inline_files)
            for label, hoist in (("old", False), ("new", True)):
                plan, plan_s = _plan(skill, k, hoist)
                plan_json = len(plan.model_dump_json().encode())
                task = len(pickle.dumps(plan.trials[0]))
                store = LocalStore(base / f"store-{label}")
                for key, data in plan.bundles.items():
                    store.put(key, data)
                cache, work = base / f"cache-{label}", base / f"work-{label}"
                stage_s = _stage(store, plan.trials[0], cache, work)
                again_s = _stage(store, plan.trials[0], cache, work)  # the bundle is cached
                print(f"{files:>6} files {mib:>5.1f} MiB {label}: staged {staged} file(s); "
                      f"read {read_s:5.2f}s plan {plan_s:5.2f}s "
                      f"plan.json {plan_json / 1024**2:8.2f} MiB ({len(plan.trials)} trials) "
                      f"task {task / 1024:9.1f} KiB stage {stage_s:5.2f}s "
                      f"(cached {again_s:5.2f}s)", flush=True)
        finally:
            whole_project.TOTAL_FILES, whole_project.TOTAL_BYTES = saved
            whole_project._walk.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="400:2,3000:24,6000:48",
                        help="files:MiB pairs, comma-separated")
    parser.add_argument("--cases", type=int, default=5)
    parser.add_argument("--k", type=int, default=3)
    args = parser.parse_args()
    for pair in args.sizes.split(","):
        files, mib = pair.split(":")
        measure(int(files), float(mib), args.cases, args.k)


if __name__ == "__main__":
    main()
