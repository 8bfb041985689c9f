"""hexforge.dsl: the effect language card authors write in."""
