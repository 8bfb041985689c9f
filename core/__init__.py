"""hexforge.core: the game-independent engine, error model and command-line shell."""
