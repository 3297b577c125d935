"""`make bench`: Dugout's speed, measured against a floor taken in the same run.

Machines are shared and noisy, so no figure here means anything alone: every case is also
given as a ratio to a bare Django view (the whole middleware stack, no work) measured in the
same process a moment before. `manage.py bench` builds its own deterministic data in a
fresh test database on the configured server (PostgreSQL when DATABASE_URL points at one,
else SQLite), runs each case after a warm-up, prints one table and writes it as JSON."""
