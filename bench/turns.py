"""What a follow-up turn costs: a two-turn case (turn 1 writes notes.txt, turn 2 resumes the
session with claude's --resume and appends to it) against the same case with its first turn
only, each run for real (real containers and claude, the scripted model endpoint, k trials per
arm). Prints, per variant, the seconds per trial in each phase (container start, session) and
the CLI's own per-turn session time, read back from the stored results and per-turn
transcripts.

usage: .venv/bin/python bench/turns.py [--k 2] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.store.keys import RunKeys  # noqa: E402
from runner.store.local import LocalStore  # noqa: E402

SKILL_MD = ("---\nname: notes-keeper\ndescription: Keeps notes.txt. Use when asked to write or "
            "extend notes.\n---\nWrite each note as its own line of notes.txt.\n")
FIRST = "Write notes.txt holding the line ALPHA."
SECOND = "Now append the line BETA to notes.txt."


def make_skill(root: Path, turns: int) -> Path:
    skill = root / f"notes-keeper-{turns}"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    case: dict[str, Any] = {"id": "notes", "prompt": FIRST,
                            "outputs": [{"path": "notes.txt", "contains": ["ALPHA"]}]}
    if turns == 2:
        case["follow_up_turns"] = [SECOND]
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "notes-keeper",
                                                           "evals": [case]}))
    return skill


def script(root: Path) -> Path:
    path = root / "script.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [
        {"name": "second", "when": {"prompt": "line ALPHA", "last_prompt": "line BETA"},
         "turns": [{"tool_use": {"name": "Bash", "input": {"command": "echo BETA >> notes.txt"}}},
                   {"text": "Appended."}]},
        {"name": "first", "when": {"prompt": "line ALPHA"},
         "turns": [{"tool_use": {"name": "Bash", "input": {"command": "echo ALPHA > notes.txt"}}},
                   {"text": "Wrote notes.txt."}]}]}))
    return path


def measure(root: Path, turns: int, k: int, into: dict[str, list[float]]) -> None:
    """One run of the variant; each trial's figures appended to `into`."""
    store = root / f"store-{turns}-{len(list(root.glob('store-*')))}"
    skill = root / f"notes-keeper-{turns}"
    skill = skill if skill.exists() else make_skill(root, turns)
    proc = subprocess.run([sys.executable, "-m", "runner", "run", str(skill),
                           "--model-script", str(script(root)), "--store", str(store),
                           "--executor", "inprocess", "--k", str(k), "--concurrency", "1",
                           "--no-judge", "--fresh"], cwd=ROOT, capture_output=True, text=True,
                          timeout=3600)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"run failed ({proc.returncode}): {proc.stderr[-2000:]}")
    local = LocalStore(store)
    (run_id,) = [p.name for p in (store / "runs").iterdir()]
    keys = RunKeys(run_id)
    for trial_id in keys.done_trial_ids(local.list(keys.trials)):
        result = json.loads(local.get(keys.trial(trial_id).done))
        into.setdefault("container s/trial", []).append(result["phases"]["container"])
        into.setdefault("session s/trial", []).append(result["phases"]["session"])
        attempt = keys.trial(trial_id).attempt(result["attempt"])
        raws = ([local.get(attempt.turn(n).transcript) for n in range(1, turns + 1)]
                if turns > 1 else [local.get(attempt.transcript)])
        for n, raw in enumerate(raws, 1):
            end = next(json.loads(x) for x in raw.splitlines()
                       if x.strip() and json.loads(x).get("type") == "result")
            into.setdefault(f"turn {n} CLI s", []).append(end["duration_ms"] / 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, default=2, help="trials per arm (default 2)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="runs of each variant, alternating (default 2)")
    args = parser.parse_args()
    raw: dict[int, dict[str, list[float]]] = {1: {}, 2: {}}
    with tempfile.TemporaryDirectory(prefix="bench-turns-") as tmp:
        for _ in range(args.rounds):  # alternating, so both see the machine's load alike
            for turns in (1, 2):
                measure(Path(tmp), turns, args.k, raw[turns])
    rows = {t: {name: statistics.median(v) for name, v in r.items()} | {
        "trials": float(len(r["session s/trial"]))} for t, r in raw.items()}
    names = list(dict.fromkeys(n for r in rows.values() for n in r))
    print(f"{'median per trial':<22}" + "".join(f"{f'{t} turn(s)':>12}" for t in rows))
    for name in names:
        cells = "".join(f"{rows[t][name]:>12.2f}" if name in rows[t] else f"{'-':>12}"
                        for t in rows)
        print(f"{name:<22}{cells}")
    one, two = rows[1], rows[2]
    print(f"a follow-up adds {two['container s/trial'] - one['container s/trial']:.2f} s of "
          f"container start and {two['session s/trial'] - one['session s/trial']:.2f} s of "
          "session per trial (medians; 2 cores shared, expect noise)")


if __name__ == "__main__":
    main()
