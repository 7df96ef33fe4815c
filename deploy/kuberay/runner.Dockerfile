# The runner image for deploy/kuberay/rayjob-nightly.yaml: this repository installed on Ray's
# own image (Ray's version must match the operator's rayVersion and pyproject's ray pin).
#   docker build -f deploy/kuberay/runner.Dockerfile -t ghcr.io/your-org/skill-eval-runner:0.1.0 .
FROM rayproject/ray:2.60.0-py311
COPY --chown=ray:users pyproject.toml README.md /opt/skill-eval/
COPY --chown=ray:users runner /opt/skill-eval/runner
RUN pip install --no-cache-dir "/opt/skill-eval[s3]"
