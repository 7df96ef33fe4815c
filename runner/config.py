"""Every default skill-eval has, written once. The CLI, the options models, batch files and
the sandbox backends read them from here; nothing else spells a default model, image, store,
timeout or version.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# The claude build the sandbox image carries: the `claude-agent-sdk` wheel that bundles it.
# images/CLAUDE_SDK_VERSION must say the same (a unit test holds them together); the image is
# labelled with it and a run refuses an image built for another version.
CLAUDE_SDK_VERSION = "0.2.184"

MODEL = "sonnet"
IMAGE = "skill-eval-sandbox:latest"
STORE = ".skill-eval"
STORE_ENV = "SKILL_EVAL_STORE"
UPSTREAM = "https://api.anthropic.com"
K = 1
MARGIN = 0.10  # the model table: a model within this of the best is good enough
ALPHA = 0.05  # a verdict is firm when an A/A run of its design reads it at most this often
MAX_K = 5  # --k auto: the most repetitions a case can get
MIN_K = 3  # --k auto: where every case starts (bench/adaptive.py: 2 agrees with fixed k less)
CONCURRENCY = 2
TIMEOUT_S = 600.0
# A trigger run's sessions: the routing decision lands in the first turn or two, so
# each query runs a few times under a shorter limit.
TRIGGER_RUNS = 3
TRIGGER_TIMEOUT_S = 180.0
# Tries of one trial when the machinery (or the model endpoint) failed it, and the first delay
# between them (doubling).
INFRA_ATTEMPTS = 3
INFRA_BACKOFF_S = 1.0
# Trials whose model endpoint kept failing (claude gave up after its own retries) get more
# tries with a longer first delay: an overload spell lasts tens of seconds (10+20+40 s here).
ENDPOINT_ATTEMPTS = 4
ENDPOINT_BACKOFF_S = 10.0
# Where trials stage their working folders, gateway sockets and bundle cache. A cluster (or a
# test) can put it on its own disk with SKILL_EVAL_SCRATCH, read where the run's options are
# made: the driver's value travels with each trial.
SCRATCH_ENV = "SKILL_EVAL_SCRATCH"
SCRATCH_ROOT = Path(os.environ.get(SCRATCH_ENV) or Path(tempfile.gettempdir()) / "skill-eval")
# A run's lease: renewed every LEASE_RENEW_S by its driver, stale after LEASE_TTL_S.
LEASE_TTL_S = 30.0
LEASE_RENEW_S = 5.0
LOG_LEVEL = "warning"
# Plain `skill-eval gc` leaves what ended or was touched this recently: a live run may still be
# reading a container that just exited, or staging a trial whose container is not started yet.
GC_GRACE_S = 600.0

# A case's judge program gets at most this long (and never longer than the session's timeout).
JUDGE_PROGRAM_TIMEOUT_S = 120.0
