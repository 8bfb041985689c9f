"""``hexforge render``: files written, and every kind of bad input is a coded error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hexforge.core.cli.main import make_cli
from hexforge.core.render import parse
from tests.plugged import HOST
from tests.render.helpers import BATTLE, with_class, write_nshex_log

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def run(*args: str) -> Result:
    return CliRunner().invoke(make_cli(), list(args))


def test_render_map_svg_and_png(tmp_path: Path) -> None:
    svg = tmp_path / "first.svg"
    result = run("render", "map", "first-game", "--out", str(svg))
    assert result.exit_code == 0, result.output
    root = parse(svg.read_text(encoding="utf-8"))
    assert len(with_class(root, "hex")) == 750
    png = tmp_path / "board.PNG"
    assert run("render", "map", "nshex", "--out", str(png)).exit_code == 0
    data = png.read_bytes()
    assert data.startswith(PNG_MAGIC)
    width = int.from_bytes(data[16:20], "big")
    assert width > 1000  # drawn at twice the SVG size


def test_render_map_of_a_scenario_draws_its_models(tmp_path: Path) -> None:
    out = tmp_path / "battle.svg"
    result = run("render", "map", str(BATTLE), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert len(with_class(parse(out.read_text(encoding="utf-8")), "unit")) == 5


def test_render_card_in_a_language(tmp_path: Path) -> None:
    out = tmp_path / "sword.svg"
    result = run("render", "card", "sword-of-power", "--lang", "fr", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert parse(out.read_text(encoding="utf-8")).findtext("text") == "Épée du Pouvoir"
    out_de = tmp_path / "sword-de.svg"
    assert (
        run("--lang", "de", "render", "card", "motu/sword-of-power", "--out", str(out_de)).exit_code
        == 0
    )
    assert parse(out_de.read_text(encoding="utf-8")).findtext("text") == "Schwert der Macht"


def test_render_replay_writes_one_html_file(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    result = run("render", "replay", str(write_nshex_log(tmp_path)), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.html", "nshex-3.jsonl"]
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'class="replay-board"' in page


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (("map", "first-gam", "--out", "x.svg"), "HF900", "did you mean 'first-game'"),
        (("card", "he-mann", "--out", "x.svg"), "HF901", "did you mean 'motu/he-man'"),
        (("map", "first-game", "--out", "x.gif"), "HF903", ".svg, .png"),
        (("card", "motu/he-man", "--out", "x"), "HF903", "unknown file type"),
        (("replay", "missing.jsonl", "--out", "x.html"), "HF902", "cannot read"),
        (("replay", "missing.jsonl", "--out", "x.svg"), "HF903", ".html"),
        (("card", "motu/he-man", "--lang", "xx", "--out", "x.svg"), "HF906", "en, pl, de, fr"),
    ],
)
def test_bad_input_is_a_coded_error_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], code: str, words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("render", *args)
    assert result.exit_code != 0
    assert code in result.output and words in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_broken_log_line_is_reported_at_its_position(tmp_path: Path) -> None:
    log = tmp_path / "broken.jsonl"
    log.write_text('{"players":[],"seed":1,"seq":1,"type":"start"}\n{"seq":2,\n', encoding="utf-8")
    result = run("render", "replay", str(log), "--out", str(tmp_path / "x.html"))
    assert result.exit_code != 0
    assert f"{log}:2:" in result.output and "HF420" in result.output


def test_a_bad_scenario_is_reported_with_its_own_diagnostics(tmp_path: Path) -> None:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text("game: motu\nname: x\nsetup:\n  map: nowhere\n", encoding="utf-8")
    result = run("render", "map", str(scenario), "--out", str(tmp_path / "x.svg"))
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert f"{scenario}:4:" in result.output


def test_png_without_resvg_is_a_coded_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from hexforge.core.errors import HexforgeError
    from hexforge.core.render import svg_to_png

    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import now fails
    with pytest.raises(HexforgeError) as caught:
        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")
    assert caught.value.code == "HF905" and "hexforge[png]" in (
        caught.value.diagnostics[0].hint or ""
    )


def test_a_scenario_of_a_game_nobody_draws_is_a_coded_error() -> None:
    from hexforge.core.cli.render_cmd import renderer_for_game
    from hexforge.core.errors import HexforgeError
    from hexforge.plugins.motu.render import MotuRenderer

    assert renderer_for_game([MotuRenderer(HOST)], "motu").game == "motu"
    with pytest.raises(HexforgeError) as caught:
        renderer_for_game([MotuRenderer(HOST)], "chess")
    assert caught.value.code == "HF904" and "motu" in (caught.value.diagnostics[0].hint or "")


def test_a_game_of_a_setup_file_replays_with_the_setup_it_was_played_with(
    tmp_path: Path,
) -> None:
    """An expansion's game (``hexforge play --set setup=PATH``): the log records its setup,
    so ``render replay`` takes it from the log; a log without that record (written before
    it was kept) needs it as ``play`` was given it, and without it HF907 says so."""
    from hexforge.plugins.motu import CONTENT

    setup = tmp_path / "skirmish.yaml"
    first = (CONTENT / "setups" / "first-game.yaml").read_text(encoding="utf-8")
    moved = first.replace("at: O2, facing: S", "at: G3, facing: SE")
    assert moved != first
    setup.write_text(moved.replace("name: first-game", "name: skirmish"), encoding="utf-8")
    log = tmp_path / "game.jsonl"
    played = run("play", "-q", "--p1", "random", "--p2", "random", "--seed", "5",
                 "--set", f"setup={setup}", "--log", str(log))  # fmt: skip
    assert played.exit_code == 0, played.output
    out = tmp_path / "game.html"
    alone = run("render", "replay", str(log), "--out", str(out))
    assert alone.exit_code == 0, alone.output
    first_board = out.read_text(encoding="utf-8").split('class="replay-board"', 2)[1]
    assert 'data-id="he-man" data-coord="G3"' in first_board
    out.unlink()
    lines = log.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    del start["setup"]
    log.write_text(
        "\n".join([json.dumps(start, separators=(",", ":"), sort_keys=True), *lines[1:]]) + "\n",
        encoding="utf-8",
    )
    missing = run("render", "replay", str(log), "--out", str(out))
    assert missing.exit_code != 0 and "HF907" in missing.output
    assert "--set setup=PATH" in missing.output and not out.exists()
    for option in (("--set", f"setup={setup}"), ("--scenario", str(setup))):
        result = run("render", "replay", str(log), *option, "--out", str(out))
        assert result.exit_code == 0, result.output
        first_board = out.read_text(encoding="utf-8").split('class="replay-board"', 2)[1]
        assert 'data-id="he-man" data-coord="G3"' in first_board
