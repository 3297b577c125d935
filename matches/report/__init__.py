"""The match report: what a coach enters (the phone form, or the API's body, read into the
engine's entry), checked against the ruleset and the match, stored with its dice, and shown
back on the match page and through the API."""
