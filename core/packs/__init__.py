"""hexforge.core.packs: loading, checking and caching content packs (YAML + DSL)."""
