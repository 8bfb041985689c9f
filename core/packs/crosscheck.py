"""Checks across files and packs: ids, references, overrides, requirements, translations.

They run on compiled packs every time (cheap: dictionaries of ids), over the packs being
validated plus the installed ones they may refer to; only problems in the packs being
validated are reported.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hexforge.core.errors import Diagnostic, Severity
from hexforge.core.packs import codes
from hexforge.core.packs.catalogue import Catalogue
from hexforge.core.packs.compiled import CardEntry, CompiledPack, Located, Reference
from hexforge.core.packs.versions import VersionRange, parse_version


@dataclass(frozen=True, slots=True)
class _Indexed:
    entry: CardEntry
    pack: CompiledPack


def cross_check(
    packs: Sequence[CompiledPack], targets: Iterable[CompiledPack], catalogue: Catalogue
) -> list[Diagnostic]:
    """Every cross-file problem of ``targets``, checked against all ``packs``."""
    wanted = {id(p) for p in targets}
    by_id = _packs_by_id(packs)
    problems: list[Diagnostic] = []
    for pack in packs:
        if id(pack) in wanted and pack.manifest is not None:
            problems.extend(_duplicate_pack(pack, by_id))
            problems.extend(_requirements(pack, by_id))
            problems.extend(_cycles(pack, by_id))
    index, id_problems = _card_index(packs, by_id, wanted)
    problems.extend(id_problems)
    replaced: dict[str, CardEntry] = {}
    for pack in packs:
        if id(pack) not in wanted or pack.manifest is None:
            continue
        for entry in pack.cards():
            for reference in entry.references:
                problems.extend(_reference(reference, entry, pack, index, replaced))
            problems.extend(_translations(entry, pack))
    problems.extend(_tier_conflicts(packs, wanted, catalogue))
    return problems


def _packs_by_id(packs: Sequence[CompiledPack]) -> dict[str, list[CompiledPack]]:
    found: dict[str, list[CompiledPack]] = {}
    for pack in packs:
        if pack.id is not None:
            found.setdefault(pack.id, []).append(pack)
    return found


def _duplicate_pack(pack: CompiledPack, by_id: dict[str, list[CompiledPack]]) -> list[Diagnostic]:
    assert pack.id is not None
    same = by_id[pack.id]
    if len(same) < 2:
        return []
    others = [p.root for p in same if p is not pack]
    return [
        pack.manifest_at["id"].diagnostic(
            codes.DUPLICATE_PACK,
            f"pack id '{pack.id}' is also used by the pack in {others[0]}",
            "give each pack its own id; to change another pack's cards use 'replaces:'",
        )
    ]


def _requirements(pack: CompiledPack, by_id: dict[str, list[CompiledPack]]) -> list[Diagnostic]:
    assert pack.manifest is not None
    problems: list[Diagnostic] = []
    for required, text in pack.manifest.requires.items():
        value = pack.manifest_at[f"requires/{required}"]
        try:
            wanted = VersionRange.parse(text)
        except ValueError as exc:
            problems.append(
                value.diagnostic(
                    codes.BAD_VERSION_RANGE, str(exc), "write e.g. '>=1.0, <2' or '*' for any"
                )
            )
            continue
        found = by_id.get(required)
        if not found:
            close = difflib.get_close_matches(required, list(by_id), n=1)
            hint = (
                f"did you mean '{close[0]}'?" if close else "install the pack, or validate it too"
            )
            problems.append(
                pack.manifest_at[f"requires/{required}:key"].diagnostic(
                    codes.MISSING_PACK,
                    f"pack '{pack.id}' requires pack '{required}', which is not installed",
                    hint,
                )
            )
            continue
        other = found[0].manifest
        assert other is not None
        if not wanted.contains(parse_version(other.version)):
            problems.append(
                value.diagnostic(
                    codes.PACK_VERSION,
                    f"pack '{pack.id}' requires '{required}' {text}, but the installed "
                    f"'{required}' is version {other.version} ({found[0].root})",
                    "update the range or install a matching version of the pack",
                )
            )
    return problems


def _cycles(pack: CompiledPack, by_id: dict[str, list[CompiledPack]]) -> list[Diagnostic]:
    """HF229 at each ``requires`` entry of ``pack`` that leads back to ``pack``: itself,
    or a pack that requires it, directly or through others (the shortest way is named)."""
    assert pack.manifest is not None and pack.id is not None
    problems: list[Diagnostic] = []
    for required in pack.manifest.requires:
        way = _way_back(required, pack.id, by_id)
        if way is None:
            continue
        at = pack.manifest_at.get(f"requires/{required}:key")
        if at is None:
            continue
        if not way[1:]:
            message = f"pack '{pack.id}' requires itself"
            hint = f"remove '{required}' from 'requires'"
        else:
            chain = " -> ".join(f"'{p}'" for p in (pack.id, *way))
            message = f"pack '{pack.id}' requires itself through other packs: {chain}"
            hint = "packs that need each other's cards belong in one pack; break the cycle"
        problems.append(at.diagnostic(codes.REQUIRES_CYCLE, message, hint))
    return problems


def _way_back(
    start: str, target: str, by_id: dict[str, list[CompiledPack]]
) -> tuple[str, ...] | None:
    """The shortest chain of ``requires`` from pack ``start`` to ``target`` (both ends
    included), or None; breadth first over the packs known, each visited once."""
    paths: dict[str, tuple[str, ...]] = {start: (start,)}
    queue = [start]
    for current in queue:
        if current == target:
            return paths[current]
        found = by_id.get(current)
        manifest = found[0].manifest if found else None
        for required in manifest.requires if manifest is not None else ():
            if required not in paths:
                paths[required] = (*paths[current], required)
                queue.append(required)
    return None


def _card_index(
    packs: Sequence[CompiledPack], by_id: dict[str, list[CompiledPack]], wanted: set[int]
) -> tuple[dict[str, _Indexed], list[Diagnostic]]:
    """Cards by id; ids outside their pack's namespace and duplicates are reported."""
    index: dict[str, _Indexed] = {}
    foreign: list[tuple[CardEntry, CompiledPack]] = []
    problems: list[Diagnostic] = []
    for pack in packs:
        for entry in pack.cards():
            card_id = entry.card.id
            if card_id.split("/", 1)[0] != pack.id:
                foreign.append((entry, pack))
                continue
            first = index.get(card_id)
            if first is None:
                index[card_id] = _Indexed(entry, pack)
            elif id(pack) in wanted:
                where = first.entry.at["id"].span
                problems.append(
                    entry.at["id"].diagnostic(
                        codes.DUPLICATE_ID,
                        f"card id '{card_id}' is already used in {where.location()}",
                        "give this card its own id",
                    )
                )
    for entry, pack in foreign:
        if id(pack) not in wanted:
            continue
        card_id = entry.card.id
        namespace = card_id.split("/", 1)[0]
        slug = card_id.split("/", 1)[1]
        if card_id in index:
            problems.append(
                entry.at["id"].diagnostic(
                    codes.OVERRIDE_WITHOUT_REPLACES,
                    f"card '{card_id}' belongs to pack '{namespace}'; a pack cannot redefine "
                    "another pack's card",
                    f"to override it, use id '{pack.id}/{slug}' and add 'replaces: {card_id}'",
                )
            )
        else:
            problems.append(
                entry.at["id"].diagnostic(
                    codes.FOREIGN_ID,
                    f"card id '{card_id}' does not start with this pack's id '{pack.id}'",
                    f"use '{pack.id}/{slug}'",
                )
            )
    return index, problems


def _reference(
    reference: Reference,
    entry: CardEntry,
    pack: CompiledPack,
    index: dict[str, _Indexed],
    replaced: dict[str, CardEntry],
) -> list[Diagnostic]:
    assert pack.manifest is not None
    found = index.get(reference.target)
    at = reference.at
    if found is None:
        close = difflib.get_close_matches(reference.target, _near(reference.target, index), 1, 0.75)
        hint = f"did you mean '{close[0]}'?" if close else "check the id, or add the card"
        return [
            at.diagnostic(
                codes.UNKNOWN_REFERENCE,
                f"'{reference.field}' refers to card '{reference.target}', which does not exist",
                hint,
            )
        ]
    target_pack = found.pack.id
    if target_pack != pack.id and target_pack not in pack.manifest.requires:
        return [
            at.diagnostic(
                codes.MISSING_PACK,
                f"card '{reference.target}' is in pack '{target_pack}', which this pack "
                "does not require",
                f"add '{target_pack}' to 'requires' in pack.yaml",
            )
        ]
    kind = found.entry.card.kind
    if reference.field == "replaces":
        return _replacement(reference, entry, pack, found, replaced)
    if reference.kinds and kind not in reference.kinds:
        expected = " or ".join(reference.kinds)
        fitting = [i for i, x in index.items() if x.entry.card.kind in reference.kinds]
        close = difflib.get_close_matches(reference.target, fitting, n=3, cutoff=0.3)
        fits = f"cards that fit: {', '.join(close or fitting[:3])}"
        return [
            at.diagnostic(
                codes.WRONG_KIND_REFERENCE,
                f"'{reference.field}' needs a {expected}, but '{reference.target}' is a {kind}",
                fits if fitting else f"no card of kind {expected} exists yet",
            )
        ]
    return []


def _near(target: str, ids: Iterable[str]) -> list[str]:
    """Candidates worth comparing for "did you mean" (difflib on thousands of ids is slow)."""
    pool = [i for i in ids if abs(len(i) - len(target)) <= 3]
    if len(pool) > 300:
        first = target.rsplit("/", 1)[-1][:1]
        pool = [i for i in pool if i.rsplit("/", 1)[-1][:1] == first]
    return pool


def _replacement(
    reference: Reference,
    entry: CardEntry,
    pack: CompiledPack,
    found: _Indexed,
    replaced: dict[str, CardEntry],
) -> list[Diagnostic]:
    at = reference.at
    if found.pack is pack or found.pack.id == pack.id:
        return [
            at.diagnostic(
                codes.BAD_REPLACEMENT,
                f"card '{reference.target}' is in this same pack",
                "edit that card instead of replacing it",
            )
        ]
    if found.entry.card.kind != entry.card.kind:
        return [
            at.diagnostic(
                codes.BAD_REPLACEMENT,
                f"a {entry.card.kind} cannot replace '{reference.target}', which is a "
                f"{found.entry.card.kind}",
                f"a replacement has the kind of the card it replaces ({found.entry.card.kind})",
            )
        ]
    first = replaced.setdefault(reference.target, entry)
    if first is not entry:
        return [
            at.diagnostic(
                codes.BAD_REPLACEMENT,
                f"'{reference.target}' is already replaced by '{first.card.id}' "
                f"({first.at['id'].span.location()})",
                "only one card may replace a given card",
            )
        ]
    return []


def _translations(entry: CardEntry, pack: CompiledPack) -> list[Diagnostic]:
    assert pack.manifest is not None
    languages = tuple(lang for lang in pack.manifest.languages if lang != "en")
    problems: list[Diagnostic] = []
    card = entry.card
    for field, text in (("name", card.name), ("text", card.text)):
        if text is None or field not in entry.at:
            continue
        missing = text.missing(languages)
        if missing:
            problems.append(
                entry.at[field].diagnostic(
                    codes.MISSING_TRANSLATION,
                    f"'{field}' of '{card.id}' has no {', '.join(missing)} translation",
                    f"pack.yaml lists the languages {', '.join(pack.manifest.languages)}",
                    Severity.WARNING,
                )
            )
    return problems


def _tier_conflicts(
    packs: Sequence[CompiledPack], wanted: set[int], catalogue: Catalogue
) -> list[Diagnostic]:
    """``can X`` and ``cannot X`` on cards of the same tier, both without a condition."""
    seen: dict[tuple[str, str, str], list[tuple[bool, CardEntry, Located, bool]]] = {}
    for pack in packs:
        manifest = pack.manifest
        game = catalogue.game(manifest.game) if manifest is not None else None
        if game is None:
            continue
        for entry in pack.cards():
            tier = game.kind_tiers.get(entry.card.kind)
            for permission in entry.permissions:
                if tier is None or permission.conditional:
                    continue
                key = (game.id, tier.name, permission.action)
                seen.setdefault(key, []).append(
                    (permission.allowed, entry, permission.at, id(pack) in wanted)
                )
    problems: list[Diagnostic] = []
    for (_, tier_name, action), rules in seen.items():
        for allowed, entry, at, reported in rules:
            opposite = next((r for r in rules if r[0] is not allowed), None)
            if opposite is None or not reported or allowed:
                continue
            other = opposite[1]
            problems.append(
                at.diagnostic(
                    codes.SAME_TIER_CONFLICT,
                    f"'{entry.card.id}' says 'cannot {action}' and '{other.card.id}' says "
                    f"'can {action}'; both are {tier_name} rules",
                    "at play time the game's tie rule decides (motu: the golden rule roll-off)",
                    Severity.WARNING,
                )
            )
    return problems
