"""An S3-compatible store (AWS S3, MinIO, moto...) via boto3; same keys as the local store.

`s3://bucket/prefix` plus an endpoint URL for non-AWS servers (`--s3-endpoint-url` or
`AWS_ENDPOINT_URL_S3` / `AWS_ENDPOINT_URL`); credentials come from the usual AWS environment.
Large objects go up as multipart (boto3's transfer manager, above 8 MiB). `put_if_absent` uses
a conditional write (`If-None-Match: *`), so a DONE marker is created at most once even when
Ray retries a trial on another node; `put_if_match` sends `If-Match: <ETag>` (or
`If-None-Match: *` for a key read as absent), S3's own compare-and-swap.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from runner.errors import RefusedInput, StoreError
from runner.store.base import Store

MULTIPART_THRESHOLD = 8 * 1024 * 1024
MISSING = frozenset({"404", "NoSuchKey", "NotFound"})
# S3 answers a failed If-None-Match with 412 PreconditionFailed; some servers with 409.
CONFLICT = frozenset({"PreconditionFailed", "ConditionalRequestConflict", "412", "409"})


def parse_s3_uri(uri: str) -> tuple[str, str]:
    rest = uri.removeprefix("s3://")
    bucket, _, prefix = rest.partition("/")
    if not bucket:
        raise ValueError("an S3 store is s3://BUCKET[/PREFIX] (no bucket given)")
    return bucket, prefix.strip("/")


class S3Store(Store):
    def __init__(self, uri: str, endpoint_url: str | None = None) -> None:
        try:
            import boto3
            from boto3.s3.transfer import TransferConfig
            from botocore.config import Config
        except ImportError as exc:
            raise RefusedInput(f"--store {uri}: S3 support is not installed; "
                               "pip install 'skill-eval[s3]'") from exc

        self.uri = uri
        try:
            self.bucket, self.prefix = parse_s3_uri(uri)
        except ValueError as exc:
            raise RefusedInput(f"--store {uri}: {exc}") from exc
        endpoint = (endpoint_url or os.environ.get("AWS_ENDPOINT_URL_S3")
                    or os.environ.get("AWS_ENDPOINT_URL"))
        self.endpoint_url = endpoint
        self._client: Any = boto3.client(
            "s3", endpoint_url=endpoint,
            config=Config(retries={"max_attempts": 5, "mode": "standard"},
                          s3={"addressing_style": "path"}))
        self._transfer = TransferConfig(multipart_threshold=MULTIPART_THRESHOLD,
                                        multipart_chunksize=MULTIPART_THRESHOLD)

    def preflight(self) -> None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self._client.head_bucket(Bucket=self.bucket)
        except ClientError as exc:
            code = _code(exc)
            if code in MISSING or code == "NoSuchBucket":
                raise RefusedInput(f"--store {self.uri}: bucket {self.bucket!r} does not exist "
                                   f"at {self.endpoint_url or 'AWS'}; create it or fix the "
                                   "name") from exc
            if code in ("403", "AccessDenied", "Forbidden"):
                raise RefusedInput(f"--store {self.uri}: access denied; check the AWS_* "
                                   "credentials") from exc
            raise StoreError(f"store {self.uri}: {exc}") from exc
        except BotoCoreError as exc:
            raise StoreError(f"store {self.uri}: cannot reach "
                             f"{self.endpoint_url or 'S3'}: {exc}") from exc

    def _key(self, key: str) -> str:
        return f"{self.prefix}/{key}" if self.prefix else key

    @contextmanager
    def _infra(self, action: str, key: str) -> Iterator[None]:
        """Any botocore failure that escapes is an infrastructure error naming the key."""
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            yield
        except (BotoCoreError, ClientError) as exc:
            raise StoreError(f"store {self.uri}: cannot {action} {key}: {exc}") from exc

    def put(self, key: str, data: bytes) -> None:
        with self._infra("write", key):
            if len(data) >= MULTIPART_THRESHOLD:
                self._client.upload_fileobj(io.BytesIO(data), self.bucket, self._key(key),
                                            Config=self._transfer)
            else:
                self._client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data)

    def put_if_absent(self, key: str, data: bytes) -> bool:
        from botocore.exceptions import ClientError

        with self._infra("write", key):
            try:
                self._client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data,
                                        IfNoneMatch="*")
                return True
            except ClientError as exc:
                if _code(exc) in CONFLICT:
                    return False
                raise

    def get(self, key: str) -> bytes:
        from botocore.exceptions import ClientError

        with self._infra("read", key):
            try:
                body = self._client.get_object(Bucket=self.bucket, Key=self._key(key))["Body"]
                return bytes(body.read())
            except ClientError as exc:
                if _code(exc) in MISSING:
                    raise KeyError(key) from exc
                raise

    def get_versioned(self, key: str) -> tuple[bytes, str]:
        from botocore.exceptions import ClientError

        with self._infra("read", key):
            try:
                answer = self._client.get_object(Bucket=self.bucket, Key=self._key(key))
                return bytes(answer["Body"].read()), str(answer["ETag"])
            except ClientError as exc:
                if _code(exc) in MISSING:
                    raise KeyError(key) from exc
                raise

    def put_if_match(self, key: str, data: bytes, version: str | None) -> bool:
        from botocore.exceptions import ClientError

        condition = {"IfNoneMatch": "*"} if version is None else {"IfMatch": version}
        with self._infra("write", key):
            try:
                self._client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data,
                                        **condition)
                return True
            except ClientError as exc:
                if _code(exc) in CONFLICT | MISSING:  # If-Match on a key deleted meanwhile: 404
                    return False
                raise

    def exists(self, key: str) -> bool:
        from botocore.exceptions import ClientError

        with self._infra("check", key):
            try:
                self._client.head_object(Bucket=self.bucket, Key=self._key(key))
                return True
            except ClientError as exc:
                if _code(exc) in MISSING:
                    return False
                raise

    def delete(self, key: str) -> None:
        with self._infra("delete", key):
            self._client.delete_object(Bucket=self.bucket, Key=self._key(key))

    def list(self, prefix: str) -> list[str]:
        full = self._key(prefix)
        strip = len(self.prefix) + 1 if self.prefix else 0
        keys: list[str] = []
        with self._infra("list", prefix):
            paginator = self._client.get_paginator("list_objects_v2")
            for page in paginator.paginate(Bucket=self.bucket, Prefix=full):
                keys.extend(obj["Key"][strip:] for obj in page.get("Contents", []))
        return sorted(keys)


def _code(exc: Exception) -> str:
    return str(getattr(exc, "response", {}).get("Error", {}).get("Code", ""))
