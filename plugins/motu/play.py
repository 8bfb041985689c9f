"""``hexforge play --game motu``: a whole game of a shipped setup (``--set setup=NAME``,
default ``first-game``) or of a setup file (``--set setup=PATH``, e.g. one an expansion
ships) between the given agents."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from hexforge.core.engine import Agent, Decision, Engine
from hexforge.core.play import PlayedGame, per_player
from hexforge.core.play.logsetup import recording

if TYPE_CHECKING:
    from hexforge.plugins.manager import PluginHost
    from hexforge.plugins.motu.library import Library, MotuRuleset
    from hexforge.plugins.motu.setups import GameSetup

DEFAULT_SETUP = "first-game"
REPLACE_OPTION = "replace"
FORCES_OPTION = "forces"
OPTIONS: Mapping[str, str] = MappingProxyType(
    {
        "setup": f"a shipped setup (content/motu/setups, default {DEFAULT_SETUP}) "
        "or a setup file ending in .yaml",
        REPLACE_OPTION: "OLD:NEW[,OLD:NEW...]: play the setup with card OLD replaced by "
        "NEW of its kind, or left out with OLD: (hexforge balance ab)",
        FORCES_OPTION: "random or random:POINTS: each side's force drafted at random from its "
        "faction up to POINTS (default 60), seeded by the game (hexforge balance roster)",
    }
)
"""The ``--set`` options a motu game takes (``--scenario`` is ``setup``). The game's modules
are imported by the runner's methods, when a motu game is played: the runners of every
game are made to find the one ``--game`` names (docs/cli.md, "Start-up")."""


def account(engine: Engine) -> tuple[str, ...]:
    """The game's readable lines in English (:mod:`~hexforge.plugins.motu.narration`)."""
    from hexforge.plugins.motu.narration import narrate

    return tuple(text for text, _ in narrate(engine, "en"))


def chosen_setup(name: str, lib: Library) -> GameSetup:
    """A setup file when ``name`` is a path (it ends in ``.yaml``), else a shipped setup."""
    from hexforge.plugins.motu.setups import load_setup, shipped_setup

    if name.endswith((".yaml", ".yml")):
        return load_setup(Path(name), lib)
    return shipped_setup(name, lib)


def setup_of(lib: Library, options: Mapping[str, str], seed: int = 0) -> GameSetup:
    """The setup ``options`` choose (``setup``, default first-game): random forces drafted
    for game ``seed`` (HF777), then card replacements made (HF776)."""
    from hexforge.plugins.motu.variants import random_forces, random_points, swapped, swaps_of

    setup = chosen_setup(options.get("setup", DEFAULT_SETUP), lib)
    forces = options.get(FORCES_OPTION)
    if forces is not None:
        setup = random_forces(setup, lib, seed, random_points(forces))
    swaps = options.get(REPLACE_OPTION)
    return setup if swaps is None else swapped(setup, swaps_of(swaps, lib), lib)


@dataclass(frozen=True, slots=True)
class MotuRunner:
    """The motu :class:`~hexforge.core.play.GameRunner` of one set of plugins: their cards,
    compiled at the first game."""

    host: PluginHost
    game = "motu"
    scenario_option = "setup"
    replace_option = REPLACE_OPTION
    draft_option = FORCES_OPTION
    options = OPTIONS

    @property
    def rules(self) -> MotuRuleset:
        from hexforge.plugins.motu.library import motu_rules

        return motu_rules(self.host)

    def scores(self, engine: Engine) -> dict[str, int]:
        """Victory points per player (for ``hexforge simulate``)."""
        from hexforge.plugins.motu.state import MotuState

        return MotuState(engine).vp

    def card_names(self, lang: str) -> dict[str, str]:
        """Card id -> its name in ``lang`` (English where untranslated), for ``--lang``."""
        from hexforge.plugins.motu.library import library_for

        cards = library_for(self.host).cards
        return {i: getattr(c.name, lang, None) or c.name.en for i, c in cards.items()}

    def narration(self, engine: Engine, lang: str) -> list[tuple[str, str]]:
        """The account in ``lang`` as (text, rich style) lines, for ``hexforge play``."""
        from hexforge.plugins.motu.narration import narrate

        return narrate(engine, lang)

    def headlines(self, engine: Engine, lang: str) -> list[tuple[str, ...]]:
        """Per log entry, the sentences of the account in ``lang`` that it completes (the
        replay viewer's headlines): the account, told one entry at a time."""
        from hexforge.plugins.motu.narration import Narrator

        narrator = Narrator(engine, lang)
        found: list[tuple[str, ...]] = []
        for entry in engine.log.entries():
            before = len(narrator.lines)
            narrator.read([entry])
            found.append(tuple(text for text, _ in narrator.lines[before:]))
        return found

    def outcome(self, engine: Engine, lang: str) -> str | None:
        """The result line in ``lang`` (``hexforge play --lang``)."""
        from hexforge.plugins.motu.narration import outcome

        return outcome(engine, lang)

    def inspect(self, engine: Engine) -> dict[str, dict[str, list[str]]]:
        """Each character's hexes in sight, in range, in reach and in cover from it (the
        web table's hover, :mod:`~hexforge.plugins.motu.inspection`)."""
        from hexforge.plugins.motu.inspection import inspect

        return inspect(engine)

    def option_marks(self, engine: Engine, decision: Decision) -> list[dict[str, list[str]]]:
        """The hexes each choice of ``decision`` concerns: an attack's target, its cover,
        a flank, an area template (the web table)."""
        from hexforge.plugins.motu.inspection import option_marks

        return option_marks(engine, decision)

    def players(self, options: Mapping[str, str]) -> list[str]:
        from hexforge.plugins.motu.rounds import PLAYERS

        return list(PLAYERS)

    def setup(self, options: Mapping[str, str], seed: int = 0) -> GameSetup:
        """The setup ``options`` choose: random forces drafted for game ``seed`` (HF777),
        then card replacements made (HF776)."""
        return setup_of(self.rules.library, options, seed)

    def fielded(self, engine: Engine) -> list[tuple[str, str]]:
        """(player, character card) of every character a game fielded (for ``hexforge
        balance roster``)."""
        from hexforge.plugins.motu.state import UnitState

        return sorted(
            (str(e.owner), UnitState(engine, e.id).card)
            for e in engine.entities("character", in_play=None)
        )

    def unit_costs(self) -> dict[str, int]:
        """Each character's points with its own equipment (for ``hexforge balance
        roster``'s cost suggestions)."""
        from hexforge.plugins.motu.variants import force_cost

        lib = self.rules.library
        return {i: force_cost(c, lib) for i, c in lib.cards.items() if c.kind == "character"}

    def card_holders(self, options: Mapping[str, str], card: str) -> list[str]:
        """The players whose force or decks hold ``card`` in the chosen setup (for
        ``hexforge balance``); HF757 for an unknown card."""
        from hexforge.plugins.motu.setups import full_id
        from hexforge.plugins.motu.variants import holders

        lib = self.rules.library
        return holders(self.setup(options), lib.card(full_id(card)).id, lib)

    def play(
        self, seed: int, agents: Mapping[str, Agent], options: Mapping[str, str]
    ) -> PlayedGame:
        from hexforge.plugins.motu.rounds import new_game, play_game
        from hexforge.plugins.motu.state import MotuState

        rules = self.rules
        setup = self.setup(options, seed)
        with recording(self.host, self.game, options):  # the log records the setup
            engine = new_game(rules, setup, seed, agents)
        outcome = play_game(engine)
        winner = outcome["winner"]
        assert winner is None or isinstance(winner, str)
        summary = f"{winner or 'draw'}: {outcome['reason']} (VP {per_player(MotuState(engine).vp)})"
        return PlayedGame(engine, winner, summary, account)
