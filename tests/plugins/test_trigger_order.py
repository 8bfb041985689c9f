"""Hook order never decides in-game trigger order (issue 11, docs/plugins.md): two
expansions whose cards answer the same event resolve in the order the game's engine gives
them - buffs and debuffs share motu's rulebook tier, so the card that came into play first,
the buff the setup gives before the debuff - whichever plugin registered first.

The two effects do not commute on purpose (aaa doubles the mana, bbb adds one: from 1,
aaa first gives 3 and bbb first gives 4), so a change of order shows in the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli
from hexforge.core.rules import EffectContext
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.motu.mana import mana

CARD = """- id: {pack}/{card}
  kind: {kind}
  name: {{en: {card}}}
  provenance: invented
  effects:
    - "when self is wounded: {verb} self"
"""

SCENARIO = """game: motu
name: two expansions' cards answer one wound
setup:
  map: {name: arena, provenance: invented, size: {columns: 10, rows: 10}, hex_inches: 1.25}
  units:
    - {id: he-man, card: he-man, at: E5, mana: 1, buff: BUFF, debuff: DEBUFF}
    - {id: skeletor, card: skeletor, at: E4}
steps:
  - do: wound
    unit: he-man
    amount: 1
    source: skeletor
expect:
  - unit: he-man
    mana: EXPECTED
"""


class Expansion:
    """One expansion: a pack with one token card and the verb its trigger uses."""

    def __init__(self, folder: Path, pack: str, kind: str, card: str, verb: str) -> None:
        self.folder, self.pack, self.verb = folder / pack, pack, verb
        (self.folder / "cards").mkdir(parents=True)
        (self.folder / "pack.yaml").write_text(
            f"id: {pack}\nname: {{en: {pack}}}\nversion: 1.0.0\ngame: motu\n"
            "requires: {motu: '>=0.1, <1'}\n",
            encoding="utf-8",
        )
        text = CARD.format(pack=pack, card=card, kind=kind, verb=verb)
        (self.folder / "cards" / "cards.yaml").write_text(text, encoding="utf-8")

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        return [self.folder]

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game == "motu":
            vocabulary.verb(f"{self.verb} {{target:character}}", self.act)

    def act(self, ctx: EffectContext, target: str) -> None:
        now = mana(ctx.game, target)
        ctx.game.set_prop(target, "mana", now * 2 if self.pack == "aaa" else now + 1)


def _mana_after_the_wound(
    tmp_path: Path, extra: Sequence[tuple[str, object]], buff: str, debuff: str
) -> int | None:
    """The mana He-Man has after the wound, or None if the scenario fails otherwise."""
    for value in (3, 4):
        text = SCENARIO.replace("DEBUFF", debuff).replace("BUFF", buff)
        scenario = tmp_path / "order.scenario.yaml"
        scenario.write_text(text.replace("EXPECTED", str(value)), encoding="utf-8")
        result = CliRunner().invoke(make_cli(extra), ["--no-plugins", "test", str(scenario)])
        if result.exit_code == 0:
            return value
    return None


@pytest.mark.parametrize(
    ("aaa_kind", "bbb_kind", "expected"), [("buff", "debuff", 3), ("debuff", "buff", 4)]
)
def test_registration_order_does_not_change_which_trigger_resolves_first(
    tmp_path: Path, aaa_kind: str, bbb_kind: str, expected: int
) -> None:
    aaa = Expansion(tmp_path, "aaa", aaa_kind, "ember", "kindle")
    bbb = Expansion(tmp_path, "bbb", bbb_kind, "frost", "chill")
    buff, debuff = ("aaa/ember", "bbb/frost") if aaa_kind == "buff" else ("bbb/frost", "aaa/ember")
    for extra in ([("aaa", aaa), ("bbb", bbb)], [("bbb", bbb), ("aaa", aaa)]):
        assert _mana_after_the_wound(tmp_path, extra, buff, debuff) == expected, extra
