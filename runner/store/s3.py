"""An S3-compatible store (AWS S3, MinIO, moto...) via boto3; same keys as the local store.

`s3://bucket/prefix` plus an endpoint URL for non-AWS servers (`--s3-endpoint-url` or
`AWS_ENDPOINT_URL_S3` / `AWS_ENDPOINT_URL`); credentials come from the usual AWS environment.
Large objects go up as multipart (boto3's transfer manager, above 8 MiB). `put_if_absent` uses
a conditional write (`If-None-Match: *`), so a DONE marker is created at most once even when
Ray retries a task on another node.
"""

from __future__ import annotations

import io
import os
from typing import Any

from runner.errors import InfraError
from runner.store.base import Store

MULTIPART_THRESHOLD = 8 * 1024 * 1024


def parse_s3_uri(uri: str) -> tuple[str, str]:
    rest = uri.removeprefix("s3://")
    bucket, _, prefix = rest.partition("/")
    if not bucket:
        raise ValueError(f"not an s3://bucket/prefix URI: {uri!r}")
    return bucket, prefix.strip("/")


class S3Store(Store):
    def __init__(self, uri: str, endpoint_url: str | None = None) -> None:
        import boto3
        from boto3.s3.transfer import TransferConfig
        from botocore.config import Config

        self.uri = uri
        self.bucket, self.prefix = parse_s3_uri(uri)
        endpoint = (endpoint_url or os.environ.get("AWS_ENDPOINT_URL_S3")
                    or os.environ.get("AWS_ENDPOINT_URL"))
        self.endpoint_url = endpoint
        self._client: Any = boto3.client(
            "s3", endpoint_url=endpoint,
            config=Config(retries={"max_attempts": 5, "mode": "standard"},
                          s3={"addressing_style": "path"}))
        self._transfer = TransferConfig(multipart_threshold=MULTIPART_THRESHOLD,
                                        multipart_chunksize=MULTIPART_THRESHOLD)

    def _key(self, key: str) -> str:
        return f"{self.prefix}/{key}" if self.prefix else key

    def _errors(self) -> tuple[type[Exception], ...]:
        from botocore.exceptions import BotoCoreError, ClientError

        return (BotoCoreError, ClientError)

    def put(self, key: str, data: bytes) -> None:
        try:
            if len(data) >= MULTIPART_THRESHOLD:
                self._client.upload_fileobj(io.BytesIO(data), self.bucket, self._key(key),
                                            Config=self._transfer)
            else:
                self._client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data)
        except self._errors() as exc:
            raise InfraError(f"store {self.uri}: cannot write {key}: {exc}") from exc

    def put_if_absent(self, key: str, data: bytes) -> bool:
        from botocore.exceptions import ClientError

        try:
            self._client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data,
                                    IfNoneMatch="*")
            return True
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            if code in ("PreconditionFailed", "ConditionalRequestConflict", "412"):
                return False
            raise InfraError(f"store {self.uri}: cannot write {key}: {exc}") from exc
        except self._errors() as exc:
            raise InfraError(f"store {self.uri}: cannot write {key}: {exc}") from exc

    def get(self, key: str) -> bytes:
        from botocore.exceptions import ClientError

        try:
            body = self._client.get_object(Bucket=self.bucket, Key=self._key(key))["Body"]
            return bytes(body.read())
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                raise KeyError(key) from exc
            raise InfraError(f"store {self.uri}: cannot read {key}: {exc}") from exc
        except self._errors() as exc:
            raise InfraError(f"store {self.uri}: cannot read {key}: {exc}") from exc

    def exists(self, key: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            self._client.head_object(Bucket=self.bucket, Key=self._key(key))
            return True
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound"):
                return False
            raise InfraError(f"store {self.uri}: cannot check {key}: {exc}") from exc
        except self._errors() as exc:
            raise InfraError(f"store {self.uri}: cannot check {key}: {exc}") from exc

    def delete(self, key: str) -> None:
        try:
            self._client.delete_object(Bucket=self.bucket, Key=self._key(key))
        except self._errors() as exc:
            raise InfraError(f"store {self.uri}: cannot delete {key}: {exc}") from exc

    def list(self, prefix: str) -> list[str]:
        full = self._key(prefix)
        strip = len(self.prefix) + 1 if self.prefix else 0
        keys: list[str] = []
        try:
            paginator = self._client.get_paginator("list_objects_v2")
            for page in paginator.paginate(Bucket=self.bucket, Prefix=full):
                keys.extend(obj["Key"][strip:] for obj in page.get("Contents", []))
        except self._errors() as exc:
            raise InfraError(f"store {self.uri}: cannot list {prefix}: {exc}") from exc
        return sorted(keys)
