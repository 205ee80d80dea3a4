"""``jick serve`` refuses user mistakes with one line and exit code 2."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jick.cli import app


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--db", "nonsense"], "--db 'nonsense' is not a database URL"),
        (["--db", "sqlite:////no/such/folder/jick.db"], "--db: the folder of '/no/such/folder/jick.db' does not exist"),
        (["--db", "postgresql+psycopg://nobody@127.0.0.1:1/none"], "cannot use the database"),
        (["--bot-delay", "-1"], "--bot-delay -1.0 must be between 0 and 60 seconds"),
        (["--port", "70000"], "--port 70000 is not a port number"),
        (["--log-level", "loud"], "--log-level 'loud': choose debug, info, warning or error"),
        (["--public-url", "cards.example.org"], "--public-url 'cards.example.org' must be an http:// or https://"),
        (["--public-url", "ftp://cards.example.org"], "--public-url 'ftp://cards.example.org' must be an http://"),
    ],
)
def test_user_mistakes(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'j.db'}", *args])
    assert result.exit_code == 2
    assert result.output.startswith(f"jick: error: {message}")
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'j.db'}"])
    assert result.exit_code == 2
    assert result.output.strip() == f"jick: error: cannot listen on 127.0.0.1:{port}: Address already in use"


def test_invite_and_watch_links_carry_the_public_url(tmp_path: Path) -> None:
    from .kit import ServerProcess, create_table

    with ServerProcess(f"sqlite:///{tmp_path / 'j.db'}", "--public-url", "https://cards.example.org/") as server:
        with server.http() as http:
            created = create_table(http, preset="tarok_3p")
    table_id = created["table"]["id"]
    assert created["invites"][0]["url"] == f"https://cards.example.org/play/{table_id}#{created['invites'][0]['token']}"
    assert created["watch_url"] == f"https://cards.example.org/watch/{table_id}#{created['watch_token']}"
