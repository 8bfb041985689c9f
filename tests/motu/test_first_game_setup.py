"""Where and how the setup file puts the models (rulebook §First Game Setup step 3,
Prepare the Battleground): at their places with the facing the file gives them, else
facing the enemy's side of the board (the setup files' default, a reading); characters
without a place are deployed by their players, with the facing of the file too."""

from __future__ import annotations

from hexforge.core.engine import Engine, RandomAgent
from hexforge.plugins.motu.rounds import new_game
from hexforge.plugins.motu.setups import GameSetup, shipped_setup
from tests.plugged import LIB, MOTU

FACINGS = {"he-man": "NE", "stratos": None, "skeletor": "SW", "mer-man": None}


def _game(place: bool) -> Engine:
    """The first game with the facings of ``FACINGS`` (None: no facing in the file); with
    ``place`` False nobody has a place and the players deploy everyone."""
    setup = shipped_setup("first-game", LIB)
    forces = {
        side: tuple(
            entry.model_copy(
                update={
                    "facing": FACINGS.get(entry.id, entry.facing),
                    **({} if place else {"at": None}),
                }
            )
            for entry in entries
        )
        for side, entries in setup.forces.items()
    }
    ours = GameSetup(setup.name, setup.map, forces, setup.decks)
    return new_game(MOTU, ours, 5, {"masters": RandomAgent(1), "evil": RandomAgent(2)})


def _facings(engine: Engine) -> dict[str, str]:
    return {unit: str(engine.prop(unit, "facing")) for unit in FACINGS}


def test_first_game_setup_placed_models_face_as_the_file_says() -> None:
    """§First Game Setup step 3: He-Man faces north-east and Skeletor south-west as the
    file says; Stratos and Mer-Man, without a facing in the file, face the other side of
    the board (the Masters south, the Evil Warriors north)."""
    engine = _game(place=True)
    assert _facings(engine) == {"he-man": "NE", "stratos": "S", "skeletor": "SW", "mer-man": "N"}


def test_first_game_setup_deployed_models_face_as_the_file_says() -> None:
    """§First Game Setup step 3, for characters the players deploy (no place in the file):
    the file's facing still holds, else the other side of the board."""
    engine = _game(place=False)
    assert _facings(engine) == {"he-man": "NE", "stratos": "S", "skeletor": "SW", "mer-man": "N"}
