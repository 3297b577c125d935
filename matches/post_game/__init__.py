"""After the match: the post-game sequence worked out from a report that has become the result
and applied to both teams in one transaction, its step-by-step summary on a page and through
the API, and the journeymen a coach may then hire for good."""
