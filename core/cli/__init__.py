"""The ``hexforge`` command: a Click group that plugins extend with their own commands."""
