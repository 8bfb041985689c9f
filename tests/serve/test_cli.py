"""``hexforge serve`` on the command line: a port in use is HF083 (exit 2), not a traceback;
the server says where it listens and that only this machine can reach it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

from click.testing import CliRunner

from hexforge.core.cli.main import make_cli


def test_a_port_in_use_is_hf083() -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        result = CliRunner().invoke(make_cli(), ["serve", "--port", str(port), "--no-browser"])
    finally:
        taken.close()
    assert result.exit_code == 2, result.output
    assert "HF083" in result.output and "Traceback" not in result.output


def test_the_server_says_it_listens_on_this_machine_only_and_serves_the_page() -> None:
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    main = "from hexforge.core.cli.main import main; main()"
    command = [sys.executable, "-c", main, "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first and "this machine only" in first
        for _ in range(50):
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        assert b"hexforge table" in page
    finally:
        server.terminate()
        server.wait(10)
