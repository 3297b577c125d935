"""A correction racing a new report on PostgreSQL: the commissioner corrects round one's
report of Gouged Eye while Gouged Eye's next game is confirmed, both released at one moment
behind a barrier. Both lock the teams they change in one order (by id), so one waits for the
other and neither deadlocks; whichever goes first, every team ends as if the first game had
been reported right from the start and the second applied after it. Also where the
correction reaches, through a later game, a team of lower id than the corrected match's
(which it must lock first)."""

from __future__ import annotations

import pytest

from matches import workflow
from matches.amend.correct import Corrected, report_correct
from matches.models import CONFIRMED, Match
from matches.services import friendly_accept, friendly_offer
from teams.ledger_rows import ledger_differences
from teams.models import Team
from tests.matches.amend.test_correct import REASON, body, played, state
from tests.matches.post_game.test_post_game import (
    GATE_DICE,
    LINES,
    PLAYED,
    TABLE_DICE,
    at_the_table,
)
from tests.matches.post_game.test_post_game_casualties import BROKEN_RIBS, DEAD, casualty
from tests.matches.test_races import lrb6, race  # noqa: F401 (lrb6: the fixture)
from tests.teams.helpers import orc_team

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def submitted(home: Team, away: Team) -> Match:
    """A friendly between the two, reported 2-1 and submitted, every die typed in: it waits
    for the away coach to confirm it, which applies it. Its gate is read after the game (its
    dice with the post-game sequence's): it has not kicked off in Dugout, so a correction of
    an earlier report need not wait for it."""
    match = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    workflow.report_save(match, home.coach, PLAYED, 2, 1, dict(LINES))
    workflow.report_submit(match, home.coach)
    at_the_table(match, {**GATE_DICE, **TABLE_DICE})
    return Match.objects.select_related("home__coach", "away__coach").get(pk=match.pk)


def teams(users, version, *names: str) -> list[Team]:
    return [orc_team(users.create_user(f"coach-{name}"), version, name) for name in names]


def outcome(results: list) -> None:
    corrected = [r for r in results if isinstance(r, Corrected)]
    confirmed = [r for r in results if isinstance(r, Match)]
    assert (len(corrected), len(confirmed)) == (1, 1), results  # neither refused nor deadlocked
    assert corrected[0].committed


def alike(*pairs: tuple[Team, Team]) -> None:
    for team, right in pairs:
        assert state(team) == state(right)
        assert ledger_differences(Team.objects.get(pk=team.pk)) == []


def test_a_correction_reaching_a_team_of_lower_id_and_a_report_of_it_both_end_right(
    lrb6,  # noqa: F811 (the fixture)
    users,
    staff,
) -> None:
    # A < B < C by id. The correction is of B v C; C then played A; A v B is confirmed at the
    # same moment. The correction reaches A through C's later game: it locks A, B and C in
    # that order, as the report locks A and B, so neither holds what the other waits on.
    a, b, c = teams(users, lrb6, "Ashen", "Bone", "Crag")
    first = played(b, c, body(casualty(3, BROKEN_RIBS)))
    played(Team.objects.get(pk=c.pk), Team.objects.get(pk=a.pk), body())
    third = submitted(Team.objects.get(pk=a.pk), Team.objects.get(pk=b.pk))

    outcome(race([
        lambda: report_correct(Match.objects.get(pk=first.pk), staff, REASON,
                               body(casualty(3, DEAD))),
        lambda: workflow.report_confirm(Match.objects.get(pk=third.pk), b.coach),
    ]))  # fmt: skip

    right_a, right_b, right_c = teams(users, lrb6, "Right Ashen", "Right Bone", "Right Crag")
    played(right_b, right_c, body(casualty(3, DEAD)))
    played(Team.objects.get(pk=right_c.pk), Team.objects.get(pk=right_a.pk), body())
    workflow.report_confirm(submitted(Team.objects.get(pk=right_a.pk),
                                      Team.objects.get(pk=right_b.pk)), right_b.coach)  # fmt: skip
    alike((a, right_a), (b, right_b), (c, right_c))


def test_a_correction_and_a_new_report_of_its_team_at_one_moment_both_end_right(
    lrb6,  # noqa: F811 (the fixture)
    users,
    staff,
) -> None:
    eye = orc_team(users.create_user("varag"), lrb6, "Gouged Eye")
    krumpers = orc_team(users.create_user("griff"), lrb6, "Da Krumpers")
    tuskers = orc_team(users.create_user("morg"), lrb6, "Iron Tuskers")
    first = played(eye, krumpers, body(casualty(3, BROKEN_RIBS)))
    second = submitted(Team.objects.get(pk=eye.pk), tuskers)

    results = race([
        lambda: report_correct(Match.objects.get(pk=first.pk), staff, REASON,
                               body(casualty(3, DEAD))),
        lambda: workflow.report_confirm(Match.objects.get(pk=second.pk), tuskers.coach),
    ])  # fmt: skip

    corrected = [r for r in results if isinstance(r, Corrected)]
    confirmed = [r for r in results if isinstance(r, Match)]
    assert (len(corrected), len(confirmed)) == (1, 1), results  # neither refused nor deadlocked
    assert corrected[0].committed
    assert Match.objects.get(pk=second.pk).status == CONFIRMED
    # The same three teams' season played right from the start, on fresh teams.
    right_eye = orc_team(users.create_user("r-varag"), lrb6, "Right Eye")
    right_krumpers = orc_team(users.create_user("r-griff"), lrb6, "Right Krumpers")
    right_tuskers = orc_team(users.create_user("r-morg"), lrb6, "Right Tuskers")
    played(right_eye, right_krumpers, body(casualty(3, DEAD)))
    workflow.report_confirm(submitted(Team.objects.get(pk=right_eye.pk), right_tuskers),
                            right_tuskers.coach)  # fmt: skip
    for team, right in ((eye, right_eye), (krumpers, right_krumpers), (tuskers, right_tuskers)):
        assert state(team) == state(right)
        assert ledger_differences(Team.objects.get(pk=team.pk)) == []
