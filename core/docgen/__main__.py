"""``python -m hexforge.core.docgen [DOCS_DIR]``: write the generated pages (default ./docs).

Exit code 1 with the diagnostics when docs/coverage.yaml has problems (HF950-HF953).
"""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

from hexforge.core.docgen.build import write_reference
from hexforge.core.docgen.coverage import write_coverage
from hexforge.core.errors import HexforgeError
from hexforge.core.report import render_text


def main(argv: list[str]) -> int:
    docs = Path(argv[0]) if argv else Path("docs")
    try:
        written = [*write_reference(docs), write_coverage(docs)]
    except HexforgeError as error:
        render_text(error.diagnostics, Console(stderr=True))
        return int(error.exit_code)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
