"""What the installed plugins tell the validator: games with their kinds, tiers and packs.

Built once per run from plain hook results (this module knows no plugin manager): the
``game.yaml`` declarations, the :class:`CardKind` registrations, the shipped pack folders,
and per game the DSL vocabulary to check effect texts with.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

from pydantic import BaseModel, TypeAdapter, ValidationError

from hexforge.core.errors import Diagnostic
from hexforge.core.packs import codes
from hexforge.core.packs.model_errors import model_diagnostics
from hexforge.core.packs.models import Card, GameDeclaration
from hexforge.core.packs.words import CardWords
from hexforge.core.packs.yamlio import load_file
from hexforge.core.rules import Tier
from hexforge.dsl.vocabulary import Vocabulary

if TYPE_CHECKING:
    from hexforge.core.packs.filekinds import FileKind


@dataclass(frozen=True, slots=True)
class CardKind:
    """A card kind a plugin provides: its game, its name and the pydantic model of its cards.

    ``model`` subclasses :class:`~hexforge.core.packs.models.Card` with ``kind`` narrowed
    to ``Literal[kind]``; the game's ``game.yaml`` must list the kind in one of its tiers.
    """

    game: str
    kind: str
    model: type[Card]
    names: Mapping[str, str] = field(default_factory=dict)
    """The kind's word per language (``{"pl": "postać"}``) for tables such as ``hexforge
    cards``; a language without one shows ``kind``."""


@dataclass(frozen=True, slots=True)
class GameContent:
    """One game as the validator sees it."""

    id: str
    tiers: tuple[Tier, ...] = ()  # highest first
    kind_tiers: Mapping[str, Tier] = field(default_factory=dict)
    models: Mapping[str, type[Card]] = field(default_factory=dict)
    words: Callable[[], Vocabulary | None] = lambda: None  # the DSL vocabulary, on demand
    declaration: str | None = None  # the game.yaml file, for messages
    kind_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # CardKind.names
    word_kinds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """game.yaml ``words:``: per effect-language constant set, the card kinds naming its
    words (:mod:`hexforge.core.packs.words`)."""
    _worded: dict[CardWords, Vocabulary | None] = field(
        default_factory=dict, compare=False, repr=False
    )

    def kind_name(self, kind: str, language: str) -> str:
        """The word for ``kind`` in ``language`` (the kind id where the plugin gave none)."""
        return self.kind_names.get(kind, {}).get(language, kind)

    @property
    def vocabulary(self) -> Vocabulary | None:
        """The vocabulary effect texts are checked against (None: effects are not checked).

        Built on first use, so a run answered from the cache never builds it.
        """
        return self.words()

    def vocabulary_with(self, words: CardWords) -> Vocabulary | None:
        """:attr:`vocabulary` with the card words of a run's packs; one vocabulary per set
        of words, so what is memoised by vocabulary (checked effect texts) stays right."""
        if not words:
            return self.vocabulary
        if words not in self._worded:
            base = self.vocabulary
            self._worded[words] = None if base is None else base.with_words(words)
        return self._worded[words]

    def kinds(self) -> list[str]:
        """Every kind the game declares, in tier order."""
        return list(self.kind_tiers)


def card_adapter(models: Sequence[type[Card]]) -> TypeAdapter[Any] | None:
    """A TypeAdapter for a card of any of ``models``, discriminated by ``kind``."""
    from typing import Annotated, Union

    from pydantic import Field

    if not models:
        return None
    if len(models) == 1:
        return TypeAdapter(models[0])
    union: Any = Union[tuple(models)]  # noqa: UP007 - built at run time
    annotated: Any = Annotated[union, Field(discriminator="kind")]
    return TypeAdapter(annotated)


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Games, installed packs and the problems found while building them."""

    games: Mapping[str, GameContent]
    installed_packs: tuple[Path, ...] = ()
    problems: tuple[Diagnostic, ...] = ()
    code_stamp: str = ""  # the plugins' code (their vocabularies are code, not data)
    late_problems: list[Diagnostic] = field(default_factory=list, compare=False)
    file_kinds: tuple[FileKind, ...] = ()
    """The kinds of files beside the cards (setups, maps, scenarios) validate checks
    (:mod:`hexforge.core.packs.filekinds`)."""
    _fingerprint: list[str] = field(default_factory=list, init=False, compare=False, repr=False)

    def game(self, game_id: str) -> GameContent | None:
        return self.games.get(game_id)

    def fingerprint(self) -> str:
        """A hash of everything that changes validation results besides the files
        (computed once per catalogue)."""
        if not self._fingerprint:
            digest = hashlib.sha256()
            for game_id in sorted(self.games):
                game = self.games[game_id]
                digest.update(game_id.encode())
                digest.update(repr([(t.rank, t.name) for t in game.tiers]).encode())
                kind_tiers = sorted((k, t.name) for k, t in game.kind_tiers.items())
                digest.update(repr(kind_tiers).encode())
                digest.update(repr(sorted(game.word_kinds.items())).encode())
                for kind in sorted(game.models):
                    digest.update(model_stamp(game.models[kind]).encode())
            digest.update(self.code_stamp.encode())
            self._fingerprint.append(digest.hexdigest())
        return self._fingerprint[0]


_IN_PROCESS = re.compile(r"(:\d+)(?=')| at 0x[0-9a-f]+")
"""What differs between two processes in a core schema's text: the ``id()`` pydantic
appends to a definition reference, an object's address."""


def model_stamp(model: type[BaseModel]) -> str:
    """What validating with ``model`` depends on: its pydantic core schema as text (every
    field, type, constraint, default and description, the validators by name), without
    what differs from one process to the next. Cheaper than its JSON Schema, and it sees
    the validators too."""
    return _IN_PROCESS.sub("", repr(model.__pydantic_core_schema__))


def build_catalogue(
    game_ids: Sequence[str],
    declarations: Sequence[Path],
    kinds: Sequence[CardKind],
    packs: Sequence[Path] = (),
    vocabulary: Callable[[str], Vocabulary | None] = lambda game: None,
    code_stamp: str = "",
    file_kinds: Sequence[FileKind] = (),
) -> Catalogue:
    """Check and combine what the plugins declared.

    ``code_stamp`` identifies the plugins' code (it goes into cache keys).
    ``game_ids`` are the games the plugins provide; a declaration or kind for another
    game, a kind no tier lists, or a model whose ``kind`` does not match is a problem
    (HF227) and is left out, so one broken plugin does not hide the others' content.
    """
    problems: list[Diagnostic] = []
    declared: dict[str, tuple[GameDeclaration, str]] = {}
    for path in declarations:
        loaded = _load_declaration(path, problems)
        if loaded is None:
            continue
        if loaded.game not in game_ids:
            problems.append(
                _registration(
                    f"{path} declares game {loaded.game!r}, which no installed plugin provides",
                    game_ids,
                    loaded.game,
                )
            )
            continue
        declared[loaded.game] = (loaded, str(path))
    games: dict[str, GameContent] = {}
    for game_id in game_ids:
        declaration, file = declared.get(game_id, (None, None))
        tiers: tuple[Tier, ...] = ()
        kind_tiers: dict[str, Tier] = {}
        if declaration is not None:
            count = len(declaration.tiers)
            tiers = tuple(Tier(count - i, t.id) for i, t in enumerate(declaration.tiers))
            for tier, decl in zip(tiers, declaration.tiers, strict=True):
                for kind in decl.kinds:
                    kind_tiers[kind] = tier
        models: dict[str, type[Card]] = {}
        names: dict[str, Mapping[str, str]] = {}
        for registered in kinds:
            if registered.game != game_id:
                continue
            problem = _check_kind(registered, kind_tiers)
            if problem is not None:
                problems.append(problem)
            else:
                models[registered.kind] = registered.model
                names[registered.kind] = registered.names
        word_kinds = {} if declaration is None else declaration.words
        games[game_id] = GameContent(
            game_id,
            tiers,
            kind_tiers,
            models,
            _once(vocabulary, game_id),
            file,
            names,
            {name: tuple(kinds) for name, kinds in word_kinds.items()},
        )
    for registered in kinds:
        if registered.game not in games:
            problems.append(
                _registration(
                    f"card kind {registered.kind!r} is registered for game "
                    f"{registered.game!r}, which no plugin provides",
                    game_ids,
                    registered.game,
                )
            )
    kept: list[FileKind] = []
    for file_kind in file_kinds:
        if file_kind.game in games or file_kind.game == "*":
            kept.append(file_kind)
        else:
            problems.append(
                _registration(
                    f"file kind {file_kind.name!r} is registered for game "
                    f"{file_kind.game!r}, which no plugin provides",
                    game_ids,
                    file_kind.game,
                )
            )
    return Catalogue(games, tuple(packs), tuple(problems), code_stamp, file_kinds=tuple(kept))


def _once(
    vocabulary: Callable[[str], Vocabulary | None], game: str
) -> Callable[[], Vocabulary | None]:
    """``vocabulary(game)``, called at most once."""
    made: list[Vocabulary | None] = []

    def get() -> Vocabulary | None:
        if not made:
            made.append(vocabulary(game))
        return made[0]

    return get


def _load_declaration(path: Path, problems: list[Diagnostic]) -> GameDeclaration | None:
    """The game.yaml at ``path``, its problems added to ``problems``; read once per process
    while the file stays the same (a game builds its catalogue more than once)."""
    stamp = _contents(path)
    known = _DECLARED.get(stamp) if stamp is not None else None
    if known is None:
        read: list[Diagnostic] = []
        known = (_read_declaration(path, read), tuple(read))
        if stamp is not None:
            _DECLARED[stamp] = known
    problems.extend(known[1])
    return known[0]


_Declared = tuple[GameDeclaration | None, tuple[Diagnostic, ...]]
_DECLARED: dict[tuple[str, bytes], _Declared] = {}


def _contents(path: Path) -> tuple[str, bytes] | None:
    """``path`` and its bytes, when it is a regular file of at most a MiB (else None:
    read as before, no memo)."""
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > 1 << 20:
            return None
        return str(path), path.read_bytes()
    except OSError:
        return None


def _read_declaration(path: Path, problems: list[Diagnostic]) -> GameDeclaration | None:
    result = load_file(path)
    problems.extend(result.diagnostics)
    if result.document is None or result.diagnostics:
        return None
    doc = result.document
    try:
        return GameDeclaration.model_validate_json(json.dumps(doc.data), strict=True)
    except ValidationError as error:
        problems.extend(model_diagnostics(error, doc, (), GameDeclaration))
        return None


def _check_kind(registered: CardKind, kind_tiers: Mapping[str, Tier]) -> Diagnostic | None:
    if registered.kind not in kind_tiers:
        return _registration(
            f"card kind {registered.kind!r} of game {registered.game!r} is in no tier of "
            "the game's game.yaml",
            list(kind_tiers),
            registered.kind,
        )
    model = registered.model
    if not (isinstance(model, type) and issubclass(model, BaseModel) and issubclass(model, Card)):
        return _registration(f"the model of card kind {registered.kind!r} is not a Card", [], "")
    annotation = model.model_fields["kind"].annotation
    if get_args(annotation) != (registered.kind,):
        return _registration(
            f"the model {model.__name__} of card kind {registered.kind!r} must declare "
            f"kind: Literal[{registered.kind!r}]",
            [],
            "",
        )
    return None


def _registration(message: str, known: Sequence[str], name: str) -> Diagnostic:
    close = difflib.get_close_matches(name, list(known), n=1) if name else []
    hint = f"did you mean {close[0]!r}?" if close else "see docs/plugins.md (card kinds)"
    return Diagnostic(codes.BAD_KIND_REGISTRATION, message, None, None, hint)
