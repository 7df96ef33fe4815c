"""`--incumbent team`: the team's published version of the skill (other bytes than the
candidate's) with the most recent verified receipt, fetched from the store into the local
cache (runner.history.team picks it)."""

from __future__ import annotations

from runner.authoring.bundles import materialize
from runner.authoring.skill import load_skill
from runner.driver.receipts import INCUMBENT_CACHE
from runner.errors import RefusedInput
from runner.history.team import published_versions, team_pick
from runner.schema.options import RunOptions
from runner.store.base import Store


def resolve_team_incumbent(opts: RunOptions, store: Store) -> tuple[RunOptions, str]:
    """The options naming the fetched folder, and a note. A skill with no published version
    of other bytes (its first version) runs without an incumbent, and the note says so; a
    published version whose bytes are gone or do not match is refused (exit 2)."""
    skill = load_skill(opts.skill_path)
    picked = team_pick(store, skill.name, skill.digest)
    if picked is None:
        versions = published_versions(store, skill.name)
        why = ("none is published" if not versions else
               f"{len(versions)} published, none of other bytes with a verified receipt")
        note = (f"team: no published version of {skill.name!r} to compare against in "
                f"{store.uri} ({why}): baseline only")
        return opts.model_copy(update={"incumbent_team": False, "incumbent_note": note}), note
    version, receipt = picked
    try:
        folder = materialize(store, version.bundle, opts.sandbox.scratch_root / INCUMBENT_CACHE)
    except (KeyError, ValueError):
        raise RefusedInput(f"--incumbent team: the bytes of the published version "
                           f"{version.skill_digest[:12]} ({version.bundle}) are missing or "
                           f"damaged in {store.uri}; publish it again") from None
    found = load_skill(folder)
    if found.digest != version.skill_digest:
        raise RefusedInput(f"--incumbent team: the bytes fetched for published version "
                           f"{version.skill_digest[:12]} do not match it ({found.short_digest})")
    note = (f"team: published version sha256 {version.skill_digest[:12]} (published "
            f"{version.published_at:%Y-%m-%d} by {version.published_by}; newest receipt run "
            f"{receipt.run_id}" + (", a dry run" if receipt.dry_run else "") + ")")
    return opts.model_copy(update={"incumbent_path": folder, "incumbent_team": False}), note
