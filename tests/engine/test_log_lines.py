"""Log lines and snapshots are written by orjson and read back once, byte for byte what
``json`` wrote before (sorted keys, no spaces, text unescaped), whatever the text or number."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from hexforge.core.engine import GameLog, Json, canonical
from hexforge.core.engine.jsonvalue import compact

TEXT = st.text(st.characters(exclude_categories=()), max_size=8)  # lone surrogates too
NUMBERS = st.integers(min_value=-(2**70), max_value=2**70)
VALUES: st.SearchStrategy[Json] = st.recursive(
    st.none() | st.booleans() | NUMBERS | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


@given(VALUES)
def test_lines_are_the_bytes_json_wrote(value: Json) -> None:
    assert canonical(value) == json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    assert compact(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@given(st.lists(st.dictionaries(TEXT, VALUES, max_size=4), max_size=6))
def test_entries_read_back_what_was_written(entries: list[dict[str, Json]]) -> None:
    log = GameLog()
    for number, entry in enumerate(entries):
        log.write(entry)
        assert log.entries() == entries[: number + 1]  # each line parsed once, as it comes
    assert log.entries() == [json.loads(line) for line in log.lines]


def test_non_ascii_text_stays_unescaped() -> None:
    line = canonical({"text": "Skeletor \u2019s Ääh 😀 \u2028", "seq": 1})
    assert line == '{"seq":1,"text":"Skeletor \u2019s Ääh 😀 \u2028"}'
