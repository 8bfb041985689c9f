"""The content packs of one game among a host's plugins, compiled as ``hexforge validate``
compiles them, and the cards a game plays from them (game-independent: nshex's tiles are
read this way, and motu's library can be).

:func:`game_packs` compiles every installed pack of the game (``--pack`` folders standing
in for installed packs with their id, through :func:`catalogue_from_host`): the game's own
pack first, then the others sorted by id, so the result never depends on install order.
No pack that fails validation is played: an installed expansion's is left out with its
problems (a broken expansion never stops the base game); when the base pack itself fails,
or a pack given with ``--pack`` (the pack the user asked to play), the whole is a
HexforgeError with every problem. :func:`game_cards` gives the cards by id,
with ``replaces:`` applied and every card reference written as a full id.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from hexforge.core.errors import Diagnostic, HexforgeError, Severity
from hexforge.core.packs.cache import PackCache
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.packs.compiled import CompiledPack
from hexforge.core.packs.compiler import MANIFEST, load_manifest
from hexforge.core.packs.crosscheck import cross_check
from hexforge.core.packs.fields import marked_values
from hexforge.core.packs.models import Card, Ref
from hexforge.core.packs.validate import compile_packs
from hexforge.core.packs.words import card_words
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.catalogue import catalogue_from_host, vocabulary_for
from hexforge.plugins.manager import PluginHost, PluginSet
from hexforge.plugins.pack_folders import PLUGIN_NAME, PackFolders


@dataclass(frozen=True, slots=True)
class GamePacks:
    """The packs of a game that validate, its base pack first, and why others were left out."""

    packs: tuple[CompiledPack, ...]
    problems: tuple[Diagnostic, ...]
    """The errors of the packs left out, and the catalogue's late problems (a plugin whose
    words failed): the game is played without them, and commands show these."""
    catalogue: Catalogue
    """The catalogue the packs were compiled against (the game's kinds and tiers)."""

    def cards(self) -> dict[str, Card]:
        """:func:`game_cards` of these packs."""
        return game_cards(self.packs)


def packs_of_host(host: PluginHost, game: str) -> GamePacks:
    """:func:`game_packs` of the catalogue of ``host``'s plugins (``--plugins``,
    ``--no-plugins`` and ``--pack`` apply through the host); the ``--pack`` folders are
    required. Compiled once per set of plugins and game (:class:`PluginSet`, the key the
    games' libraries are kept by): a game, its log's setup record and the web table's
    lobby share them."""
    return _packs_of(PluginSet.of(host), game)


@lru_cache(maxsize=16)
def _packs_of(plugins: PluginSet, game: str) -> GamePacks:
    host = plugins.host
    given = host.manager.get_plugin(PLUGIN_NAME)
    required = given.folders if isinstance(given, PackFolders) else ()
    return game_packs(catalogue_from_host(host), game, required)


def game_packs(catalogue: Catalogue, game: str, required: Sequence[Path] = ()) -> GamePacks:
    """Every installed pack of ``game`` that validates, the base pack (the one whose id is
    the game's) first and the others by id.

    A pack with errors of its own is left out, then (again, until none is left) one that a
    problem between the remaining packs (a missing requirement, a clashing id) is placed
    in; a pack whose ``pack.yaml`` cannot be read well enough to name its game counts as
    one of ``game``'s (it might be). HexforgeError with every problem when the base pack
    or a pack in ``required`` (folders) is among those left out: there is no game without
    the base pack, and a pack asked for by path is played as it is or not at all.
    """
    wanted = {folder.resolve() for folder in required}
    roots = [root for root in catalogue.installed_packs if _manifest(root, "game") in (game, None)]
    # the cache hexforge validate writes (keyed by the files, the plugins and the code):
    # a game starts from the packs validate compiled instead of reading their YAML again
    compiled = compile_packs(roots, catalogue, cache=PackCache.default())
    packs = [p for p in compiled if p.manifest is not None and p.manifest.game == game]
    packs.sort(key=lambda p: (pack_id(p) != game, pack_id(p)))
    problems: list[Diagnostic] = []
    for unread in (p for p in compiled if p.manifest is None):
        errors = _errors(unread.all_diagnostics())
        if _manifest(Path(unread.root), "id") == game or _root(unread) in wanted:
            raise HexforgeError(*errors, *problems, *catalogue.late_problems)
        problems += errors
    while True:
        found = {id(p): _errors(p.all_diagnostics()) for p in packs}
        relations = _errors(cross_check(packs, packs, catalogue))
        for pack in packs:
            found[id(pack)] += [d for d in relations if _placed_in(d, pack)]
        broken = [p for p in packs if found[id(p)]]
        base = [p for p in broken if pack_id(p) == game or _root(p) in wanted]
        if base:
            first = [d for p in base for d in found[id(p)]]
            raise HexforgeError(*first, *problems, *catalogue.late_problems)
        if not broken:
            unplaced = [d for d in relations if not any(_placed_in(d, p) for p in packs)]
            problems += [*unplaced, *catalogue.problems, *catalogue.late_problems]
            return GamePacks(tuple(packs), tuple(problems), catalogue)
        problems += [d for p in broken for d in found[id(p)]]
        packs = [p for p in packs if p not in broken]


def loaded_vocabulary(host: PluginHost, game: str) -> Vocabulary:
    """The vocabulary ``game``'s effects run under: every plugin's words (those of a plugin
    whose hook fails left out) and the card words (game.yaml ``words:``) of the game's
    packs that validate, as ``hexforge validate`` checks effect texts."""
    found = packs_of_host(host, game)
    content = found.catalogue.game(game)
    named = [(card.kind, card.id) for card in found.cards().values()]
    words = card_words(named, content.word_kinds) if content is not None else ()
    return vocabulary_for(host, game, []).with_words(words)


def game_cards(packs: Sequence[CompiledPack]) -> dict[str, Card]:
    """The cards of ``packs`` (as :func:`game_packs` orders them) by id, in pack order.

    A card with ``replaces:`` stands in for the card it replaces, under that card's id
    and in its place (setups, armies and scenarios naming the original get it). Card
    references (fields marked with ``card_ref``) are full ids: a bare slug names a card of
    the pack the card is written in, also when the card replaces another pack's card.
    """
    cards: dict[str, Card] = {}
    replacing: list[Card] = []
    for pack in packs:
        for entry in pack.cards():
            card = absolute_references(entry.card, pack_id(pack))
            if card.replaces is None:
                cards[card.id] = card
            else:
                replacing.append(card)
    for card in replacing:
        assert card.replaces is not None
        cards[card.replaces] = card.model_copy(update={"id": card.replaces})
    return cards


def absolute_references(card: Card, pack: str) -> Card:
    """``card`` with every reference written as a bare slug qualified with ``pack`` (the
    same card when it has none)."""
    relative = [m for m in marked_values(card) if isinstance(m.marker, Ref) and "/" not in m.text]
    if not relative:
        return card
    data = card.model_dump()
    for marked in relative:
        holder: Any = data
        for step in marked.path[:-1]:
            holder = holder[step]
        holder[marked.path[-1]] = f"{pack}/{marked.text}"
    return type(card).model_validate(data)


def pack_id(pack: CompiledPack) -> str:
    """The pack's id ("" for a pack whose manifest did not validate)."""
    return "" if pack.manifest is None else pack.manifest.id


def _root(pack: CompiledPack) -> Path:
    return Path(pack.root).resolve()


def _errors(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]


def _placed_in(diagnostic: Diagnostic, pack: CompiledPack) -> bool:
    """Whether ``diagnostic`` is placed in one of ``pack``'s files (a problem between packs
    names the file of the pack that makes the clash or lacks the requirement)."""
    where = diagnostic.span.file if diagnostic.span is not None else None
    return where is not None and Path(where).resolve().is_relative_to(_root(pack))


def _manifest(root: Path, name: str) -> str | None:
    """The text ``name`` has in a pack's ``pack.yaml``; None when it cannot be read. Read
    once per process while the file stays the same (a game asks more than once)."""
    try:
        file = root / MANIFEST  # a link is read as load_manifest reads it, not here
        raw = file.read_bytes() if file.is_file() and not file.is_symlink() else None
    except OSError:
        raw = None
    if raw is None:
        return _read_manifest(root, name)
    stamp = (str(root), name, raw)
    if stamp not in _MANIFESTS:
        _MANIFESTS[stamp] = _read_manifest(root, name)
    return _MANIFESTS[stamp]


_MANIFESTS: dict[tuple[str, str, bytes], str | None] = {}


def _read_manifest(root: Path, name: str) -> str | None:
    doc, _ = load_manifest(root, str(root))
    data = doc.data if doc is not None else None
    value = data.get(name) if isinstance(data, dict) else None
    return value if isinstance(value, str) else None
