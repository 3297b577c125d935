"""Amending what was applied: reverting a report, applying a reverted one again, correcting one,
and working every later kick-off and report of the teams it touched out again. This stage reads
every other; none reads it."""
