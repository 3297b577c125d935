from django.apps import AppConfig


class LeagueConfig(AppConfig):
    """Leagues: commissioners, membership, seasons, fixtures and their tables."""

    name = "league"

    def ready(self) -> None:
        # Teams asks what a team's league says (dice, adjustments, entering) through a seam
        # it owns; the answers are filled here, so teams never imports leagues.
        from league.for_matches import MatchAnswers
        from league.for_teams import LeagueAnswers
        from matches.seams import settlers
        from teams.seams import leagues

        leagues.fill(LeagueAnswers())
        # Likewise matches asks who settles a match and who may see it.
        settlers.fill(MatchAnswers())
        # A coach's name is kept in his teams' season tables; the admin may change it.
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save, pre_save

        from league.standings import coach_naming, coach_saved

        coach = get_user_model()
        pre_save.connect(coach_naming, sender=coach, dispatch_uid="league.coach_naming")
        post_save.connect(coach_saved, sender=coach, dispatch_uid="league.coach_saved")
