"""A table over TLS: ``guinote host --certfile/--keyfile`` invites to ``wss://``, a joiner checks the certificate.

The certificate is a self-signed one made here with ``openssl`` (skipped where there is none). A table other
machines may reach is refused without TLS unless ``--unencrypted`` says so.
"""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from click.testing import CliRunner
from test_net_cli import environment
from test_net_table import SHORT, play_randomly

from guinote_tui.cli import main
from guinote_tui.net.client import Client
from guinote_tui.net.host import Host, TableConfig

INVITATION = re.compile(r"guinote join (\S+) (\S+)$")


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key (PEM files)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed: no certificate can be made for the test")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *(openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert)),
            *("-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return str(cert), str(key)


def test_a_tls_table_is_joined_with_its_certificate_and_refused_without_it(certificate: tuple[str, str]) -> None:
    cert, key = certificate

    async def scenario() -> None:
        host = Host(TableConfig(players=2, rules=SHORT, people=(0,), seed=2))
        await host.start(tls=Host.tls(cert, key))
        try:
            ((_, address, code),) = host.invitations()
            assert address.startswith("wss://127.0.0.1:") and address.endswith("/guinote")
            with pytest.raises(aiohttp.ClientConnectorCertificateError):
                await Client.join(address, code)  # (the system does not trust a self-signed certificate)
            client = await Client.join(address, code, cafile=cert)
            try:
                welcome = await client.receive()
                assert welcome is not None and welcome["type"] == "welcome" and welcome["seat"] == 0
            finally:
                await client.close()
            with pytest.raises(aiohttp.ClientError):
                await Client.join(address.replace("wss://", "ws://"), code)  # plain text is not spoken there
        finally:
            await host.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_guinote_host_with_a_certificate_plays_a_whole_match_over_wss(
    certificate: tuple[str, str], tmp_path: Path
) -> None:
    cert, key = certificate
    host = subprocess.Popen(
        [
            *(sys.executable, "-m", "guinote_tui", "host", "--port", "0", "--players", "2", "--people", "2"),
            *("--rules", "aragones", "--no-seat", "--certfile", cert, "--keyfile", key),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(tmp_path),
    )
    try:
        assert host.stdout is not None
        invitations = []
        while len(invitations) < 2:
            line = host.stdout.readline()
            assert line, host.stderr.read() if host.stderr else ""
            if found := INVITATION.search(line.strip()):
                invitations.append((found.group(1), found.group(2)))
        assert all(address.startswith("wss://127.0.0.1:") for address, _ in invitations)

        async def scenario() -> list[list[dict[str, Any]]]:
            rng = random.Random(3)
            clients = [await Client.join(address, code, cafile=cert) for address, code in invitations]
            logs: list[list[dict[str, Any]]] = [[], []]
            try:
                await asyncio.gather(*(play_randomly(c, rng, log) for c, log in zip(clients, logs, strict=True)))
            finally:
                for client in clients:
                    await client.close()
            return logs

        logs = asyncio.run(asyncio.wait_for(scenario(), 240))
        assert all(log[-1]["type"] == "state" and log[-1]["match"]["winner"] is not None for log in logs)
        host.wait(30)
        assert host.returncode == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["host", "--bind", "0.0.0.0", "--no-seat"], 2, "--unencrypted"),
        (["host", "--keyfile", "key.pem", "--no-seat"], 2, "--keyfile goes with --certfile"),
        (["host", "--certfile", "/no/such/cert.pem", "--no-seat"], 1, "cannot use the certificate"),
        (["join", "127.0.0.1:1", "code", "--cafile", "/no/such/cert.pem"], 1, "cannot use the certificate"),
    ],
)
def test_a_table_beyond_this_computer_needs_tls_or_says_so_and_a_bad_certificate_is_one_line(
    args: list[str], status: int, words: str
) -> None:
    result = CliRunner().invoke(main, ["--lang", "en", *args])
    assert result.exit_code == status, result.output
    assert words in result.output and "Traceback" not in result.output
    assert len([line for line in result.output.splitlines() if line.startswith("Error")]) == 1


def test_the_tls_options_are_explained_in_the_players_language() -> None:
    host = CliRunner().invoke(main, ["--lang", "es", "host", "--help"], terminal_width=400)
    join = CliRunner().invoke(main, ["--lang", "es", "join", "--help"], terminal_width=400)
    assert "Certificado TLS (PEM)" in host.output and "sin cifrar" in host.output, host.output
    assert "Confía en este certificado (PEM)" in join.output, join.output
