"""Deterministic ids: the digest of everything that makes a run or a trial what it is.
Re-running the same command yields the same ids, which is what makes resume exact."""

from __future__ import annotations

import hashlib
import json


def digest_id(parts: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:32]
