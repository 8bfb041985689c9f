"""hexforge.content: the YAML content packs shipped with hexforge (data only)."""
