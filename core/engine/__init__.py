"""hexforge.core.engine: the generic timing engine."""
