"""Templates of ``hexforge new``: package data, filled in by :mod:`hexforge.core.cli.new_cmd`."""
