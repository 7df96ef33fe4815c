"""Ship a skill's bytes and a case set's fixtures to whichever node runs a trial.

The driver packs each (skill digest, fixtures digest) once into the run's store; a trial
materialises it into a node-local cache keyed by digest (extracted once per node, atomically).
The same path runs on one machine and on a cluster, so it is exercised by every run.

A project-level skill's case runs in its project (runner.authoring.whole_project), carried by
the case set's reader as the case's inline files. Every trial's spec holds its case, so left
there the project would be stored once per trial in plan.json (cases x k x arms) and pickled
into every task: the planner hoists it (`hoist_projects`) into a bundle of its own, keyed by
the tar's sha256 like every bundle (so the cases of one project share one), and the case keeps
only that digest (`Case.project_bundle`), which its digest covers.

    runs/<run_id>/bundles/<digest>.tar
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import tarfile
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from runner.authoring.project_skill import project_of, project_paths
from runner.authoring.skill import staged_files
from runner.schema.case import Case
from runner.schema.skill import Skill
from runner.store.base import Store
from runner.store.keys import RunKeys

FIXTURES_DIR = "evals/files"


def _pack(root: Path, files: list[Path]) -> bytes:
    return _pack_pairs([(root / rel, rel.as_posix()) for rel in files])


def _pack_pairs(pairs: list[tuple[Path, str]]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for path, arcname in pairs:
            info = tar.gettarinfo(str(path.resolve()), arcname=arcname)  # a link's file
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mtime = 0  # deterministic bytes: same content, same digest
            with open(path, "rb") as handle:
                tar.addfile(info, handle)
    return buffer.getvalue()


def pack_library(skills: list[Skill]) -> bytes:
    """Several skills in one bundle, each under its name (a trigger run's library)."""
    pairs = [(skill.path / rel, f"{skill.name}/{rel.as_posix()}")
             for skill in sorted(skills, key=lambda s: s.name)
             for rel in staged_files(skill.path)]
    return _pack_pairs(pairs)


def pack_skill(skill_dir: Path, exclude: Iterable[str] = ()) -> bytes:
    """The bytes an arm receives: everything but evals/ (see runner.authoring.skill) and the
    case set's own files elsewhere in the skill (`exclude`, runner.authoring.set_owned)."""
    left_out = set(exclude)
    return _pack(skill_dir, [f for f in staged_files(skill_dir) if f.as_posix() not in left_out])


def pack_fixtures(skill_dir: Path, files: list[str] | None = None) -> bytes:
    """The fixtures the cases name (files or folders inside the skill); without a list, all of
    evals/files/."""
    names = [FIXTURES_DIR] if files is None else files
    found: set[Path] = set()
    for name in names:
        path = skill_dir / name
        if path.is_dir():
            found.update(p.relative_to(skill_dir) for p in path.rglob("*")
                         if p.is_file() and not p.is_symlink())
        elif path.is_file() and not path.is_symlink():
            found.add(path.relative_to(skill_dir))
    return _pack(skill_dir, sorted(found))


def pack_texts(files: dict[str, str]) -> bytes:
    """Text files by their path in the working directory, as a deterministic tar (same files,
    same bytes, same key)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for at in sorted(files):
            data = files[at].encode("utf-8")
            info = tarfile.TarInfo(at)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def hoist_projects(skill_dir: Path, cases: Sequence[Case]) -> tuple[list[Case], dict[str, bytes]]:
    """Each case's inline files that are its skill's project's (a path the project holds) moved
    into a tar: the cases with the tar's sha256 as `project_bundle`, and the tars by sha256.
    The cases of one project carry the same files, so they share one tar; a skill that is no
    project's, and a case with no project file, are left as they are."""
    project = project_of(skill_dir)
    if project is None:
        return list(cases), {}
    out: list[Case] = []
    tars: dict[str, bytes] = {}
    # the cases of one project hold the same text objects: their hashes are cached, so the
    # tar is packed once per distinct set of files, not once per case
    packed: dict[tuple[tuple[str, str], ...], str] = {}
    for case in cases:
        held = project_paths(skill_dir, case)  # the one answer to "the project's file?"
        ours = {at: text for at, text in case.inline_files.items() if at in held}
        if not ours:
            out.append(case)
            continue
        key = tuple(sorted(ours.items()))
        digest = packed.get(key, "")
        if not digest:
            data = pack_texts(ours)
            digest = packed[key] = hashlib.sha256(data).hexdigest()
            tars[digest] = data
        out.append(case.model_copy(update={
            "inline_files": {at: t for at, t in case.inline_files.items() if at not in ours},
            "project_bundle": digest}))
    return out, tars


def publish(store: Store, run_id: str, data: bytes) -> str:
    key = RunKeys(run_id).bundle(data)
    if not store.exists(key):
        store.put(key, data)
    return key


def materialize(store: Store, key: str, cache_root: Path) -> Path:
    """Extract a bundle into cache_root/<digest>/ once; returns that directory."""
    digest = Path(key).stem
    target = cache_root / "bundles" / digest
    if target.is_dir():
        return target
    data = store.get(key)
    if hashlib.sha256(data).hexdigest() != digest:
        raise ValueError(f"bundle {key} does not match its digest")
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{digest[:12]}-", dir=target.parent))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(staging, filter="data")
    try:
        os.rename(staging, target)
    except OSError:  # another trial on this node won the race: its copy is identical
        shutil.rmtree(staging, ignore_errors=True)
    return target
