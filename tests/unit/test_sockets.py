"""A Unix socket bound and reached under a folder whose path is past sun_path's limit."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from runner.sockets import SUN_PATH_MAX, fits, unix_address


def test_a_short_path_is_used_as_it_is(tmp_path: Path) -> None:
    with unix_address(tmp_path / "s.sock") as address:
        assert address == str(tmp_path / "s.sock")


def test_a_socket_past_the_limit_is_bound_and_reached_at_its_own_path(tmp_path: Path) -> None:
    folder = tmp_path / ("a" * 60) / ("b" * 60)
    folder.mkdir(parents=True)
    path = folder / "gw.sock"
    assert not fits(path)
    with pytest.raises(OSError):  # what the kernel does with the plain path
        socket.socket(socket.AF_UNIX).bind(str(path))
    server = socket.socket(socket.AF_UNIX)
    with unix_address(path) as address:
        server.bind(address)
    server.listen(1)
    assert path.is_socket()  # the file is where the sandbox mounts it, not in /proc
    client = socket.socket(socket.AF_UNIX)
    with unix_address(path) as address:
        assert len(address) < SUN_PATH_MAX
        client.connect(address)
    peer, _ = server.accept()
    client.sendall(b"ping")
    assert peer.recv(4) == b"ping"
    for s in (peer, client, server):
        s.close()
