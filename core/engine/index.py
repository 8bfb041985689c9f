"""The index of attached rules: hooks by (event, window), modifiers by query, permissions
by action. Dispatch looks up one list per event instead of scanning every entity.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from hexforge.core.engine.state import Attachment
from hexforge.core.rules import CompiledEffect, Hook, Modifier, Permission, Window

R = TypeVar("R", Hook, Modifier, Permission)


@dataclass(frozen=True, slots=True)
class Entry(Generic[R]):
    """One attached rule: ``key`` is unique per (attachment, rule position). A
    ``standing`` rule is a rule of the game itself (see :meth:`RuleIndex.stand`)."""

    key: str
    attachment: Attachment
    rule: R
    standing: bool = False

    @property
    def bearer(self) -> str | None:
        return self.attachment.bearer

    def bearer_for(self, subject: str | None) -> str | None:
        """Who bears the rule when ``subject`` is asked about: every subject bears a
        standing rule, so its ``self`` is the character the query or permission is for."""
        return subject if self.standing else self.attachment.bearer

    def order(self) -> tuple[int, int, str]:
        """Ascending rule-hierarchy order: lower tier first, then older first."""
        return (self.rule.source.tier.rank, self.attachment.timestamp, self.key)


class RuleIndex:
    """Attached hooks, modifiers and permissions, kept sorted by tier then timestamp."""

    def __init__(self) -> None:
        self.hooks: dict[tuple[str, Window], list[Entry[Hook]]] = {}
        self.modifiers: dict[str, list[Entry[Modifier]]] = {}
        self.permissions: dict[str, list[Entry[Permission]]] = {}

    def add(self, attachment: Attachment, effect: CompiledEffect) -> None:
        key = attachment.id
        for position, hook in enumerate(effect.hooks):
            hook_entry = Entry(f"{key}/h{position}", attachment, hook)
            _insert(self.hooks, (hook.event, hook.window), hook_entry)
        for position, modifier in enumerate(effect.modifiers):
            modifier_entry = Entry(f"{key}/m{position}", attachment, modifier)
            _insert(self.modifiers, modifier.query, modifier_entry)
        for position, permission in enumerate(effect.permissions):
            permission_entry = Entry(f"{key}/p{position}", attachment, permission)
            _insert(self.permissions, permission.action, permission_entry)

    def stand(self, key: str, effect: CompiledEffect) -> None:
        """Index the modifiers and permissions of a standing rule (``Ruleset.standing``):
        in force for every subject from the start, never attached, so neither the state
        nor the log holds it. It sorts before every attachment of its tier."""
        attachment = Attachment(id=f"rule:{key}", effect=key, bearer=None, source=None, timestamp=0)
        for position, modifier in enumerate(effect.modifiers):
            entry = Entry(f"{attachment.id}/m{position}", attachment, modifier, standing=True)
            _insert(self.modifiers, modifier.query, entry)
        for position, permission in enumerate(effect.permissions):
            found = Entry(f"{attachment.id}/p{position}", attachment, permission, standing=True)
            _insert(self.permissions, permission.action, found)

    def remove(self, attachment: Attachment, effect: CompiledEffect) -> None:
        for hook in effect.hooks:
            _filter(self.hooks, (hook.event, hook.window), attachment.id)
        for modifier in effect.modifiers:
            _filter(self.modifiers, modifier.query, attachment.id)
        for permission in effect.permissions:
            _filter(self.permissions, permission.action, attachment.id)

    def hook_count(self) -> int:
        return sum(len(entries) for entries in self.hooks.values())


K = TypeVar("K")


def _insert(table: dict[K, list[Entry[R]]], key: K, entry: Entry[R]) -> None:
    entries = table.setdefault(key, [])
    entries.append(entry)
    entries.sort(key=Entry.order)


def _filter(table: dict[K, list[Entry[R]]], key: K, attachment_id: str) -> None:
    entries = table.get(key)
    if entries is None:
        return
    kept = [entry for entry in entries if entry.attachment.id != attachment_id]
    if kept:
        table[key] = kept
    else:
        del table[key]
