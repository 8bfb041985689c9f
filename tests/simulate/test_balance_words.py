"""``hexforge balance`` speaks the ``--lang`` chosen: every experiment's report in pl, de
and fr holds no English structure word, counts take their plural forms, golden sentences
of a fixed small run read as a player would say them, and balance.json stays English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.cli.state import LANGUAGES
from hexforge.core.play import Runtime, card_names
from hexforge.core.simulate import jobs_for, summarise
from hexforge.core.simulate.backends import run_jobs
from hexforge.core.simulate.report import report_html
from hexforge.core.simulate.words import NOUNS, REPORT, SENTENCES, count, report_word
from tests.agents.test_account import ENGLISH
from tests.plugged import HOST

BALANCE_ENGLISH = ENGLISH | {
    "against",
    "itself",
    "won",
    "games",
    "game",
    "seeds",
    "seats",
    "alternated",
    "draws",
    "drawn",
    "decided",
    "sides",
    "even",
    "favoured",
    "beyond",
    "within",
    "chance",
    "interval",
    "change",
    "rate",
    "about",
    "per",
    "arm",
    "would",
    "narrow",
    "without",
    "held",
    "its",
    "drafted",
    "random",
    "edge",
    "worth",
    "each",
    "unit",
    "fielded",
    "costs",
    "fair",
    "burden",
    "together",
    "report",
}
"""English words of the balance reports that a pl, de or fr report never holds."""

EXPERIMENTS = {
    "mirror": ["mirror", "--games", "4"],
    "ab": ["ab", "--card", "mighty-blow", "--instead", "rally", "--games", "4", "--out", "bj"],
    "roster": ["roster", "--scenario", "standard", "--points", "60", "--games", "6"],
}

GOLDEN = {
    ("pl", "mirror"): [
        "motu: heuristic przeciw sobie samemu, 4 gry (ziarna 1-4, miejsca zamieniane co grę)",
        "masters wygrywa 3 z 4 gier (75.0%, przedział 95% 30.1-95.4%)",
        "remisy: 1 z 4",
        "masters wygrywa 3 z 3 rozstrzygniętych gier (44-100%): strony są wyrównane, na ile "
        "te gry pozwalają ocenić",
    ],
    ("pl", "ab"): [
        "motu: heuristic przeciw heuristic, 4 gry na wariant (ziarna 1-4, miejsca zamieniane "
        "co grę)",
        "Potężny Cios, karta strony masters: z kartą Potężny Cios i z kartą Zbiórka w jej miejsce",
        "zmiana odsetka wygranych strony masters: +0.0 pkt proc. (przedział 95% od -49.4 do "
        "+49.4): w granicach przypadku",
        "zawężenie go do ±5 pkt proc. wymaga około 577 gier na wariant",
    ],
    ("pl", "roster"): [
        "punkt jest wart +0.023 log-szans, licząc wszystkie jednostki razem (przedział 95% od "
        "-0.055 do +0.100)",
        "  Skeletor (evil): -0.15 (przedział 95% od -4.60 do +4.30), w składzie w 1 grze; koszt 24",
        "  Evil-Lyn (evil): +0.66 (przedział 95% od -4.06 do +5.38), w składzie w 2 grach; "
        "koszt 19",
    ],
    ("de", "mirror"): [
        "motu: heuristic gegen sich selbst, 4 Spiele (Startwerte 1-4, Plätze im Wechsel)",
        "masters gewinnt 3 von 4 Spielen (75.0%, 95%-Intervall 30.1-95.4%)",
        "Unentschieden: 1 von 4",
        "masters gewinnt 3 von 3 entschiedenen Spielen (44-100%): die Seiten sind "
        "ausgeglichen, soweit diese Spiele es zeigen",
    ],
    ("de", "ab"): [
        "Mächtiger Hieb, gehalten von masters: mit Mächtiger Hieb und mit Sammeln stattdessen",
        "Änderung der Siegquote von masters: +0.0 Prozentpunkte (95%-Intervall -49.4 bis "
        "+49.4): im Rahmen des Zufalls",
        "etwa 577 Spiele pro Variante würden es auf ±5 Prozentpunkte eingrenzen",
    ],
    ("de", "roster"): [
        "  Skeletor (evil): -0.15 (95%-Intervall -4.60 bis +4.30), aufgestellt in 1 Spiel; "
        "kostet 24",
    ],
}
"""Whole lines of the fixed runs above (seeds 1-4, and 1-6 for the roster)."""


def balance(lang: str, args: list[str]) -> str:
    result = CliRunner().invoke(make_cli(), ["--lang", lang, "balance", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("experiment", sorted(EXPERIMENTS))
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_experiment_speaks_the_chosen_language(
    lang: str, experiment: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = balance(lang, EXPERIMENTS[experiment])
    words = out
    names = card_names(Runtime(HOST).runner("motu"), lang).values()
    for name in sorted(names, key=len, reverse=True):  # Man-At-Arms before Man
        words = words.replace(name, "")
    english = BALANCE_ENGLISH & {w.lower() for w in re.findall(r"[^\W\d_]+", words)}
    assert not english, english
    for line in GOLDEN.get((lang, experiment), []):
        assert line in out.splitlines(), (line, out)


def test_balance_json_stays_english_whatever_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    balance("en", EXPERIMENTS["ab"])
    english = (tmp_path / "bj" / "balance.json").read_text(encoding="utf-8")
    balance("pl", EXPERIMENTS["ab"])
    polish = (tmp_path / "bj" / "balance.json").read_text(encoding="utf-8")
    assert polish == english
    labels = [arm["label"] for arm in json.loads(polish)["arms"]]
    assert labels == ["with Mighty Blow", "with Rally in its place"]


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("pl", ["1 gra", "2 gry", "4 gry", "5 gier", "12 gier", "22 gry", "25 gier"]),
        ("de", ["1 Spiel", "2 Spiele", "5 Spiele"]),
        ("fr", ["1 partie", "2 parties"]),
        ("en", ["1 game", "2 games"]),
    ],
)
def test_counts_take_the_plural_form_of_their_language(lang: str, counts: list[str]) -> None:
    for expected in counts:
        assert count("games", int(expected.split()[0]), lang) == expected


def test_every_sentence_is_in_every_language() -> None:
    for table in (SENTENCES, NOUNS, REPORT):
        for key, row in table.items():
            assert set(row) == set(LANGUAGES), key
    for key, row in NOUNS.items():
        assert len(row["pl"].split("|")) == 3, key
        assert all(len(row[lang].split("|")) == 2 for lang in ("en", "de", "fr")), key


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_html_report_has_its_words_in_the_language(lang: str) -> None:
    summary = summarise(run_jobs(jobs_for("motu", 2, 1, ["random", "random"], {}, False)))
    html = report_html(summary, {"game": "motu"}, lang=lang)
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{report_word('heading', lang, games=count('games', 2, lang))}</h1>" in html
    assert "<code>hexforge balance ab</code>" in html
    shown = [m[1] for m in re.findall(r"<(h1|h2|th|p)>(.*?)</\1>", html) if "=" not in m[1]]
    shown += re.findall(r'font-size="11">([^<]*\(.*?)</text>', html)  # the axis' name
    text = re.sub(r"<code>.*?</code>|&#x27;", " ", " ".join(shown))
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    english = BALANCE_ENGLISH | {"pick", "used", "users", "usual", "damage", "dealt", "bars"}
    assert len(words) > 20 and not english & words, english & words


def test_simulate_writes_its_html_report_in_the_chosen_language(tmp_path: Path) -> None:
    """``hexforge --lang de simulate --out`` passes the language on to the report."""
    args = ["--lang", "de", "simulate", "--game", "nshex", "--games", "2", "--out", str(tmp_path)]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in page and "Siegquote je Agent" in page


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["nshex games in", "agent random: wins", "draws: ", "invariants held in all 3"]),
        ("pl", ["nshex: 3 gry w", "miejsce smart: wygrane", "remisy: ", "wszystkich grach: 3"]),
        ("de", ["nshex: 3 Spiele in", "Platz smart: Siege", "Unentschieden: ", "eingehalten: 3"]),
        ("fr", ["nshex : 3 parties en", "place smart : victoires", "parties nulles : "]),
    ],
)
def test_simulate_summarises_in_the_chosen_language(lang: str, expected: list[str]) -> None:
    """``hexforge simulate``'s summary lines follow ``--lang``; English is as it was."""
    args = ["--lang", lang, "simulate", "--game", "nshex", "--games", "3", "--check"]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    for words in expected:
        assert words in text, (words, text)
    if lang != "en":
        assert " wins " not in text and "draws:" not in text and "games/s" not in text


@pytest.mark.parametrize("game", ["motu", "nshex"])
@pytest.mark.parametrize("lang", ["pl", "de", "fr"])
def test_the_invariants_checked_are_named_in_the_chosen_language(game: str, lang: str) -> None:
    """``simulate --check`` names what it checked in the reader's language: every shipped
    invariant has its title there, and none of the English names is left in the line."""
    from hexforge.core.simulate.invariants import invariants_for
    from hexforge.plugins.manager import load_plugins

    shipped = invariants_for(load_plugins().manager, game)
    assert shipped and all(lang in invariant.titles for invariant in shipped)
    args = ["--lang", lang, "simulate", "--game", game, "--games", "1", "--check"]
    result = CliRunner().invoke(make_cli(), args)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    for invariant in shipped:
        assert invariant.titles[lang] in text and f"{invariant.name}," not in text
    assert "legal answers" not in text and "replay)" not in text


def test_no_sentence_key_is_written_twice() -> None:
    """A key given twice in a table's literal silently keeps only the last (a simulate
    line once replaced a balance one that way)."""
    import ast

    from hexforge.core.simulate import words

    tree = ast.parse(Path(words.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = [str(k.value) for k in node.keys if isinstance(k, ast.Constant)]
            assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
