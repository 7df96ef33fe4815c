"""`skill-eval publish`: a skill folder's exact bytes recorded as a published version in the
team store, its verified receipts attached (runner.history.team). The command line only asks
(when the newest receipt is FAIL) and prints."""

from __future__ import annotations

import getpass
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from runner.authoring.bundles import pack_skill
from runner.authoring.skill import load_skill
from runner.history.team import (
    Attachable,
    publish_version,
    require_unpublished_ok,
    verified_receipts,
)
from runner.schema.published import PublishedVersion
from runner.schema.skill import Skill
from runner.store.base import Store


@dataclass(frozen=True)
class Publication:
    """What publish did: the skill, where, what it found, and the version (None when the
    user declined to publish bytes whose newest receipt is FAIL: nothing was written)."""

    skill: Skill
    team_uri: str
    found: Attachable
    version: PublishedVersion | None


def publisher() -> str:
    """Who publishes, as the version records it: the GitHub actor in Actions, else
    user@host."""
    actor = os.environ.get("GITHUB_ACTOR")
    if actor:
        return f"{actor} (GitHub Actions)"
    try:
        return f"{getpass.getuser()}@{socket.gethostname()}"
    except (KeyError, OSError):
        return "unknown"


def publish_skill(skill_path: Path, open_team: Callable[[], Store],
                  open_source: Callable[[], Store] | None, yes: bool, interactive: bool,
                  confirm: Callable[[str], bool]) -> Publication:
    """Publish the folder's bytes to the team store, attaching the verified receipts found
    in the source store (default: the team store). The stores are opened only once the
    folder reads as a skill (a bad folder leaves nothing behind). When the newest receipt is
    FAIL, `confirm` is asked with its run id (on a terminal; off one without `yes` it is
    refused, exit 2)."""
    folder = load_skill(skill_path)
    team = open_team()
    team.preflight()
    source = open_source() if open_source else team
    found = verified_receipts(source, folder.name, folder.digest)
    if not require_unpublished_ok(found, yes, interactive):
        newest = found.newest
        if not confirm(newest.run_id if newest else "?"):
            return Publication(folder, team.uri, found, None)
    version = publish_version(source, team, folder, pack_skill(folder.path), publisher(),
                              found, overridden_fail=found.newest_fails)
    return Publication(folder, team.uri, found, version)
