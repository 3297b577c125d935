from django.apps import AppConfig


class MatchesConfig(AppConfig):
    """Matches, match reports and the service that applies the post-game sequence."""

    name = "matches"

    def ready(self) -> None:
        # A team's page says what waits on it after a match (a journeyman to hire) through
        # a seam teams owns, filled here, so teams never imports matches.
        from matches.amend.reports_again import ReportsForTeams
        from matches.post_game.hires import HiresPending
        from teams.seams import pending, reports

        pending.fill(HiresPending())
        # An undo works every later report of its team out again, through another.
        reports.fill(ReportsForTeams())
