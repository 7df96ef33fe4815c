"""A trigger set in a folder several skills share (a repository's root `evals/`): whose is it?
Its `skill_name` says (runner.triggers.queries); else each query's `skill` field; else its file
name naming one skill; else its should-trigger prompts fitting one skill's description only
(the wording `skill-eval route` ranks by). Otherwise it is no skill's: `check COLLECTION`
names it, the skills it could be and the fix, rather than every skill measuring it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from runner.authoring.attribution import named_by_file
from runner.triggers.route import rank


@dataclass(frozen=True)
class Claim:
    """Which skills a shared trigger file is for (by name); none: undecided."""

    path: Path
    owners: frozenset[str]
    could_be: tuple[str, ...] = ()  # when undecided: the skills it fits alike

    def line(self) -> str:
        """What `check COLLECTION` says about an undecided file."""
        return (f"  trigger set {self.path}: names no skill and fits "
                f"{' and '.join(self.could_be)} alike: measured for none of them; fix: give "
                "each query a `skill` field naming its skill, or move the file under that "
                "skill's own evals/")


def claim(path: Path, named: list[str], should: list[str],
          skills: dict[str, tuple[set[str], str]]) -> Claim:
    """`named`: the skills its queries name; `should`: its should-trigger prompts; `skills`:
    each skill sharing the folder, by name -> (what a file may call it, its description)."""
    if named:
        return Claim(path, frozenset(named))
    by_file = named_by_file(path.stem, {s: aliases for s, (aliases, _) in skills.items()})
    if by_file is not None:
        return Claim(path, frozenset({by_file}))
    descriptions = {s: d for s, (_, d) in skills.items()}
    fits: set[str] = set()
    for prompt in should:
        ranked = rank(prompt, descriptions)
        best = ranked[0].score if ranked else 0.0
        # a prompt no description shares a word with, or two alike, could be any of them
        fits |= {m.skill for m in ranked if m.score == best} if best > 0 else set(skills)
    if len(fits) == 1:
        return Claim(path, frozenset(fits))
    return Claim(path, frozenset(), tuple(sorted(fits or skills)))
