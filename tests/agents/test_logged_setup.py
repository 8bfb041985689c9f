"""The game log records its setup (issue 26): a log replays alone - ``hexforge replay`` and
``hexforge render replay`` without ``--set`` - for a non-default setup and for an
expansion pack given with ``--pack``; a log naming a pack that is not installed is HF060
at its first line; an old log without the record still replays with ``--set``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.core.play import Runtime
from hexforge.plugins.manager import load_plugins
from tests.docs.blocks import DOCS, blocks
from tests.plugged import WISP


def _run(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args), terminal_width=200)


def _start(log: Path) -> dict[str, object]:
    start: dict[str, object] = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    return start


@pytest.fixture
def glade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A motu expansion pack ``glade`` (not installed) in the working folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "glade" / "cards").mkdir(parents=True)
    (tmp_path / "glade" / "pack.yaml").write_text(
        "id: glade\nname: {en: Glade}\nversion: 0.3.0\ngame: motu\nrequires: {motu: '*'}\n"
    )
    (tmp_path / "glade" / "cards" / "wisp.yaml").write_text(WISP)
    return tmp_path / "glade"


def test_the_start_entry_records_the_game_its_options_and_packs(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    played = _run("play", "--seed", "4", "--set", "setup=standard", "--log", str(log), "-q")
    assert played.exit_code == 0, played.output
    setup = _start(log)["setup"]
    assert isinstance(setup, dict)
    assert setup["game"] == "motu" and setup["options"] == {"setup": "standard"}
    assert setup["packs"] == {"motu": "0.1.0"} and "hexforge" in setup
    (shown,) = [b.body.strip() for b in blocks(DOCS / "play.md") if b.lang == "json"]
    assert log.read_text(encoding="utf-8").splitlines()[0] == shown  # docs/play.md's line
    replayed = _run("replay", str(log), "-q")  # no --set: the log says standard
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.startswith("replayed exactly")
    page = _run("render", "replay", str(log), "--out", str(tmp_path / "game.html"))
    assert page.exit_code == 0, page.output


def test_same_seed_and_answers_give_the_same_log_with_its_setup() -> None:
    runtime = Runtime(load_plugins())
    one = runtime.play("nshex", 5, ["random", "random"], {"armies": "borgo,smart"})
    two = runtime.play("nshex", 5, ["random", "random"], {"armies": "borgo,smart"})
    assert one.engine.log.text() == two.engine.log.text()
    again = runtime.replay(one.engine.log.text(), None, {})
    assert again.engine.log.text() == one.engine.log.text()


@pytest.mark.usefixtures("glade")
def test_an_expansion_game_replays_from_its_log_with_the_pack_given() -> None:
    played = _run(
        "--pack", "glade", "play", "--seed", "2", "--set", "replace=stratos:glade/wisp",
        "--log", "game.jsonl", "-q",
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    setup = _start(Path("game.jsonl"))["setup"]
    assert isinstance(setup, dict) and setup["packs"] == {"motu": "0.1.0", "glade": "0.3.0"}
    assert "glade/wisp" in Path("game.jsonl").read_text(encoding="utf-8")
    replayed = _run("--pack", "glade", "replay", "game.jsonl", "-q")
    assert replayed.exit_code == 0 and replayed.output.startswith("replayed exactly")
    page = _run("--pack", "glade", "render", "replay", "game.jsonl", "--out", "game.html")
    assert page.exit_code == 0, page.output
    assert "glade/wisp" in Path("game.html").read_text(encoding="utf-8")


@pytest.mark.usefixtures("glade")
def test_a_log_naming_a_pack_not_installed_is_hf060_at_its_first_line() -> None:
    played = _run(
        "--pack", "glade", "play", "--seed", "2", "--set", "replace=stratos:glade/wisp",
        "--log", "game.jsonl", "-q",
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    for args in (["replay", "game.jsonl"], ["render", "replay", "game.jsonl", "--out", "g.html"]):
        result = _run(*args)
        assert result.exit_code == 1, result.output
        assert "game.jsonl:1:1: error HF060" in result.output
        assert "glade 0.3.0" in result.output and "--pack DIR" in result.output
        assert "Traceback" not in result.output
    assert not Path("g.html").exists()


def test_an_old_log_without_the_record_replays_with_set(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert _run("play", "--seed", "4", "--set", "setup=standard", "--log", str(log)).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    del start["setup"]
    old = tmp_path / "old.jsonl"
    old.write_text(
        "\n".join([json.dumps(start, sort_keys=True, separators=(",", ":")), *lines[1:]]) + "\n",
        encoding="utf-8",
    )
    assert _run("replay", str(old), "-q").exit_code == 1  # first-game is not its setup
    replayed = _run("replay", str(old), "--set", "setup=standard", "-q")
    assert replayed.exit_code == 0 and replayed.output.startswith("replayed exactly")
    page = _run("render", "replay", str(old), "--out", str(tmp_path / "old.html"))
    assert page.exit_code == 0, page.output  # found among the shipped setups, as before


def test_the_web_table_loads_a_log_of_another_setup_without_options() -> None:
    from starlette.testclient import TestClient

    from hexforge.core.serve import Tables, create_app

    host = load_plugins()
    played = Runtime(host).play("motu", 4, ["random", "random"], {"setup": "standard"})
    api = TestClient(create_app(Tables(host)))
    request = {"log": played.engine.log.text(), "agents": ["random", "random"]}
    view = api.post("/api/tables/load", json=request).json()
    while view.get("status") == "thinking":
        view = api.get(f"/api/tables/{view['id']}?wait={view['version']}").json()
    assert view.get("status") == "over", view
    saved = api.get(f"/api/tables/{view['id']}/log").text
    assert saved == played.engine.log.text()


def test_a_replay_that_differs_names_the_versions_the_log_was_written_with() -> None:
    from hexforge.core.errors import HexforgeError

    runtime = Runtime(load_plugins())
    lines = runtime.play("nshex", 6, ["random", "random"], {}).engine.log.text().splitlines()
    start = json.loads(lines[0])
    start["setup"]["hexforge"] = "0.0.1"  # written by another version ...
    start["setup"]["packs"]["nshex"] = "0.0.9"
    lines[0] = json.dumps(start, sort_keys=True, separators=(",", ":"))
    lines[-1] = lines[-1].replace('"winner":', '"winner":"nobody","was":')  # ... and edited
    with pytest.raises(HexforgeError) as caught:
        runtime.replay("\n".join(lines) + "\n", None, {})
    (problem,) = caught.value.diagnostics
    assert problem.code == "HF052" and f"line {len(lines)}" in problem.message
    assert "pack nshex 0.0.9, installed" in (problem.hint or "")
    assert "hexforge 0.0.1, installed" in (problem.hint or "")
