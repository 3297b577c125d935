"""The pure rules engine: plain typed Python, no Django. It takes a ruleset snapshot (see
ruleset.py), plain values and dice results, and answers rules questions."""
