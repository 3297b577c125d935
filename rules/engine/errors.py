"""The one error the engine raises for input that breaks a rule.

`RulesError` is a `ValueError` so callers that already treat bad values as 400s or form
errors keep working. Its message names the rule ("A D68 casualty roll needs a D6 for the
tens (1-6), not 7") because it is shown to coaches as it is.

A ruleset that lacks a table, a row, a parameter or a setting the engine needs is a
different problem (broken data, not a bad roll) and raises `LookupError` instead.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Input that the rules do not allow: a die out of range, a choice not on offer, ..."""
