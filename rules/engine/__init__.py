"""The pure rules engine: plain typed Python, no Django. It takes a ruleset snapshot (see
ruleset.py), plain values and dice results, and answers rules questions; each module one topic
(team building, purchases, kick-off, the report's checks, casualties, experience, money, the
table), and `post_game/` the post-game sequence, one module per edition."""
