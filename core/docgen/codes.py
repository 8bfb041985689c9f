"""Diagnostic codes of the documentation generator and the coverage matrix (HF950-HF999)."""

from __future__ import annotations

from hexforge.core.codes import define

BAD_COVERAGE = define("HF950", "the coverage matrix file is not valid")
UNTESTED_SECTION = define("HF951", "a rules section has no implementation or no test")
MISSING_FILE = define("HF952", "the coverage matrix names a file that does not exist")
SECTIONS_DIFFER = define("HF953", "the coverage matrix does not list the rule texts' sections")
BAD_MUTATION_CONFIG = define("HF954", "the mutation run's configuration is not valid")
BASELINE_FAILS = define("HF955", "a mutated module's tests fail before any mutation")
UNDECLARED_SURVIVOR = define("HF956", "a rule mutant survived its tests and is not declared")
