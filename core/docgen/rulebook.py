"""The section lists the coverage matrix must cover, read from the rule texts.

motu: the rulebook's table of contents (chapters ``7`` and their parts ``7e``); nshex:
the topics of the English summary in the rules README (its bullets, top level and nested).
Only titles and the first words of a bullet are read - never rule text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

RULES_DIR = Path("/work/shared/rules")
MOTU_RULEBOOK = "motu-battleground-rulebook.en.txt"
NSHEX_SUMMARY = "README.md"
NSHEX_HEADING = "## Neuroshima Hex (Duel) in English"

_ENTRY = re.compile(r"^(\d+|[a-z])\.\s+(.+?)\.*$")


@dataclass(frozen=True, slots=True)
class Section:
    """``id`` is ``7e`` for a part, ``7`` for a chapter; nshex topics use their title."""

    id: str
    title: str


def motu_sections(text: str) -> list[Section]:
    """The table of contents: two columns of ``N. Title<TAB>p. X`` / ``a. Title....<TAB>p. X``."""
    lines = text.splitlines()
    start = lines.index("TABLE OF CONTENTS") + 1
    chapter = ["", ""]
    found: list[Section] = []
    for line in lines[start:]:
        if not line.strip():
            if found:
                break
            continue
        cells = line.split("\t")
        for column in (0, 1):
            if 2 * column >= len(cells):
                continue
            match = _ENTRY.match(cells[2 * column].strip())
            if match is None:
                continue
            number, title = match.groups()
            if number.isdigit():
                chapter[column] = number
                found.append(Section(number, title.strip()))
            else:
                found.append(Section(chapter[column] + number, title.strip()))
    return sorted(found, key=_order)


_HEADING = re.compile(r"^[A-Z][A-Z0-9 ,:'&()/-]{2,}$")
_SMALL = frozenset({"a", "an", "and", "the", "of", "to", "with", "for", "on", "in", "no"})


def motu_headings(text: str) -> list[Section]:
    """The table of contents plus every uppercase heading below it, each heading filed
    under the contents entry it follows: ``Section("6b Climbing Up", ...)``.

    A heading that spells the next contents entry opens that entry; any other heading
    (``COVER`` inside Scope Modifiers, ``ACTIVATION PHASE`` inside the Quick Reference)
    is a part of the current one.
    """
    contents = motu_sections(text)
    lines = text.splitlines()
    body = lines[lines.index("TABLE OF CONTENTS") + 1 :]
    found: list[Section] = []
    position = -1
    seen: set[str] = set()
    for line in body:
        heading = line.strip()
        if not _HEADING.fullmatch(heading) or heading == "TABLE OF CONTENTS":
            continue
        title = _titled(heading)
        later = [
            i
            for i in range(position + 1, len(contents))
            if contents[i].title.lower() == title.lower()
        ]
        if later:
            for skipped in contents[position + 1 : later[0] + 1]:
                found.append(skipped)
            position = later[0]
            continue
        if position < 0:
            continue
        key = f"{contents[position].id} {title}"
        if key not in seen:
            seen.add(key)
            found.append(Section(key, title))
    found.extend(contents[position + 1 :])
    return found


def _titled(heading: str) -> str:
    words = heading.lower().split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


def _order(section: Section) -> tuple[int, str]:
    digits = re.match(r"\d+", section.id)
    assert digits is not None
    return int(digits.group()), section.id[digits.end() :]


def nshex_bullets(text: str) -> list[str]:
    """Every bullet (top level and nested) of the README's English summary, as written."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(NSHEX_HEADING)) + 1
    bullets: list[str] = []
    for line in lines[start:]:
        if line.startswith("#"):
            break
        stripped = line.strip()
        if stripped.startswith("- "):
            bullets.append(stripped[2:])
    return bullets
