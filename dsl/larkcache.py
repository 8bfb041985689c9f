"""The effect grammar's LALR tables, built once per machine instead of once per process.

Building the tables is most of the DSL's start-up (about 0.15 s of CPU); reading them back
takes a few milliseconds. The file sits in hexforge's cache directory
(``$HEXFORGE_CACHE_DIR``, else platformdirs' user cache directory, as the pack cache) and
is named by a hash of the grammar, the options, lark's version and Python's, so a changed
grammar or an upgrade never reads stale tables.

Lark's own ``cache=`` is not used: with ``True`` it writes a predictable file under /tmp,
and with a path it writes in place (a reader in another process may see half a file) and
reads with ``pickle.load``, which runs whatever the file names. Here the tables are written
to a temporary file and renamed, without the post-lexer (passed again on reading), so the
pickle holds only built-in containers, and they are read by an unpickler that refuses
every class. Any failure - no directory, unwritable, a broken or foreign file - only means
the tables are built as without a cache.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

import lark
import platformdirs
from lark import Lark
from lark.lark import PostLex

ENV = "HEXFORGE_CACHE_DIR"
"""The cache directory's override, shared with the pack cache (``core/packs/cache.py``)."""


def cached_lark(grammar: str, postlex: PostLex, **options: Any) -> Lark:
    """A ``Lark(grammar, postlex=postlex, **options)`` LALR parser, its tables read from the
    cache when a readable file of this grammar is there, else built (and saved if the cache
    directory can be written)."""
    path = _path(grammar, options)
    loaded = _load(path, postlex)
    if loaded is not None:
        return loaded
    parser = Lark(grammar, postlex=postlex, **options)
    _save(parser, path)
    return parser


def _path(grammar: str, options: dict[str, Any]) -> Path:
    key = "\n".join(
        [grammar, repr(sorted(options.items())), lark.__version__, repr(sys.version_info[:2])]
    )
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    configured = os.environ.get(ENV)
    base = Path(configured) if configured else Path(platformdirs.user_cache_dir("hexforge"))
    return base / "grammar" / f"effect-{digest}.lark"


class _Containers(pickle.Unpickler):
    """Reads built-in containers only: a file naming any class is refused."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"the grammar cache names {module}.{name}")


def _load(path: Path, postlex: PostLex) -> Lark | None:
    try:
        with path.open("rb") as stream:
            saved = _Containers(stream).load()
        # Lark.load(f) takes no options; the post-lexer is given as Lark.save left it out
        parser: Lark = Lark._load_from_dict(saved["data"], saved["memo"], postlex=postlex)  # type: ignore[no-untyped-call]
        return parser
    except Exception:  # missing, unreadable, truncated, foreign: build instead
        return None


def _save(parser: Lark, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".effect-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                parser.save(stream, exclude_options=("postlex",))
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:  # a read-only or missing home, a full disk: no cache this time
        pass
