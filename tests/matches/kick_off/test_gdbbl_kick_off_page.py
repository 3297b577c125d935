"""The match page's GDBBL "Before kick-off" section (matches/kick_off/gdbbl_page.py): 001's
six steps in order, the freebooters form each coach is offered for his own team (positions
with room at half price, the full ones named, the stars who play for his race at their
freebooter price), refusals shown with their problems (400, nothing stored), the ratings and
handicap once both teams have hired, and the page read in the same queries however many
freebooters were hired. The teams are the issue's (tests/matches/gdbbl_rated.py): the Altdorf
Hammers (Humans, rating 100, 60,000 in the treasury, Throwers full) at home to the Iron
Tuskers (Orcs, rating 125, 250,000)."""

from __future__ import annotations

import html

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.dice import dice_enter
from matches.kick_off.gdbbl import freebooters_hire
from matches.models import KickOff, Match, Participant
from matches.services import friendly_accept, friendly_offer
from teams.models import LedgerEntry
from teams.services import team_create
from tests.matches.gdbbl_rated import rated_match, rated_teams
from tests.matches.rulesets import friendly_of, house_version
from tests.teams.helpers import squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

STEPS = (
    "1. Freebooters",
    "2. Weather",
    "3. The gate",
    "4. Handicap",
    "5. Special Play cards",
    "6. Niggling injuries",
)
HUMAN_STARS = (  # 001's stars who play for Humans, at half their list price
    "Count Luthor Von Drakenburg (90,000 gp)",  # 180,000
    "Griff Oberwald (90,000 gp)",  # 180,000
    "Mighty Zug (60,000 gp)",  # 120,000
    "Morg 'n' Thorg (95,000 gp)",  # 190,000
)


@pytest.fixture
def match(home_coach, away_coach) -> Match:
    """The Altdorf Hammers (Humans, 100) at home to the Iron Tuskers (Orcs, 125)."""
    return rated_match(home_coach, away_coach)


def url(match: Match, action: str = "") -> str:
    return f"/matches/{match.pk}/{action}/" if action else f"/matches/{match.pk}/"


def page_text(client, match: Match) -> str:
    page = client.get(url(match))
    assert page.status_code == 200
    return html.unescape(page.content.decode())


def section(text: str) -> str:
    start = text.index('id="kick-off-heading"')
    return text[start : text.index("</section>", start)]


def part(text: str, testid: str, end: str = "</div>") -> str:
    """The section from the element with that data-testid up to `end`."""
    start = text.index(f'data-testid="{testid}"')
    return text[start : text.index(end, start)]


def team(text: str, side: str) -> str:
    """A team's freebooters: what it hired, its bill, its form."""
    return part(
        text, f"kick-off-{side}", "<h3>" if side == "away" else 'data-testid="kick-off-away"'
    )


def done(client, response, match: Match) -> str:
    assert response.status_code == 302, html.unescape(response.content.decode())
    return page_text(client, match)


def refused(response) -> str:
    assert response.status_code == 400
    return html.unescape(response.content.decode())


def test_the_section_lists_001s_six_steps_in_order(client, match, home_coach) -> None:
    client.force_login(home_coach)
    shown = section(page_text(client, match))
    places = [shown.index(f"<h3>{step}</h3>") for step in STEPS]
    assert places == sorted(places)


def test_the_freebooters_form_offers_each_position_with_room_at_half_price(
    client, match, home_coach
) -> None:
    client.force_login(home_coach)
    form = team(section(page_text(client, match)), "home")
    # 10 of 12 Linemen (50,000), 0 of 4 Catchers (70,000), 2 of 4 Blitzers (90,000); with 14
    # players and freebooters counting toward the 16, two more fit whatever the position.
    assert "Freebooters count toward the 16 players: room for 2 more." in form
    assert "How many Lineman freebooters (25,000 gp each; room for 2)" in form
    assert "How many Catcher freebooters (35,000 gp each; room for 2)" in form
    assert "How many Blitzer freebooters (45,000 gp each; room for 2)" in form
    assert 'name="count_Catcher" type="number" inputmode="numeric" min="0" max="2"' in form
    assert 'name="count_Thrower"' not in form
    assert "Full: Thrower (2 of 2)." in form
    assert "paid from the treasury (60,000 gp)" in form
    assert "Hire the freebooters" in form


def test_the_freebooters_form_offers_only_the_stars_who_play_for_humans(
    client, match, home_coach
) -> None:
    client.force_login(home_coach)
    form = team(section(page_text(client, match)), "home")
    for star in HUMAN_STARS:
        assert form.count(f">{star}</option>") == 2  # both star selects
    for orc_only in ("Varag Ghoul-Chewer", "Ripper Bolgrot", "Bomber Dribblesnot"):
        assert orc_only not in form


def test_a_star_the_other_team_has_hired_is_not_offered(
    client, match, home_coach, away_coach
) -> None:
    freebooters_hire(match, away_coach, "away", [], ["Morg 'n' Thorg"])
    client.force_login(home_coach)
    form = team(section(page_text(client, match)), "home")
    assert "Morg 'n' Thorg" not in form
    assert ">Griff Oberwald (90,000 gp)</option>" in form


def test_the_other_coach_sees_no_form_for_a_team_not_his(client, match, away_coach) -> None:
    client.force_login(away_coach)
    shown = section(page_text(client, match))
    assert shown.count('action="' + url(match, "freebooters") + '"') == 1
    assert 'name="side" value="away"' in shown
    assert 'name="side" value="home"' not in shown
    assert "Hire the freebooters" not in team(shown, "home")
    # The Orcs: 7 of 12 Linemen, 4 of 4 Black Orc Blockers.
    assert "Full: Black Orc Blocker (4 of 4)." in team(shown, "away")


def test_an_outsider_sees_the_section_read_only(client, match, outsider) -> None:
    client.force_login(outsider)
    shown = section(page_text(client, match))
    assert "<form" not in shown
    for side in ("home", "away"):
        freebooters = f'data-testid="freebooters-{side}">Freebooters: <span class="muted">'
        assert freebooters + "not hired yet</span>" in shown
    for button in ("Hire the freebooters", "Record the weather", "Record the gate",
                   "Roll for Special Play cards", "Roll for niggling injuries"):  # fmt: skip
        assert button not in shown
    assert 'data-testid="gate">Gate: <span class="muted">not recorded</span>' in shown


def test_hiring_a_catcher_from_the_form_shows_the_bill_and_pays_from_the_treasury(
    client, match, home_coach
) -> None:
    client.force_login(home_coach)
    posted = {"side": "home", "count_Lineman": "0", "count_Catcher": "1", "count_Blitzer": "0",
              "stars": ["", ""]}  # fmt: skip
    text = done(client, client.post(url(match, "freebooters"), posted), match)
    assert "Freebooters hired." in text
    home = team(section(text), "home")
    assert "Freebooters: Freebooter Catcher" in home
    bill = part(home, "bill-home", "</table>")
    assert "<td>Freebooter Catcher</td><td>1</td><td>35,000</td>" in bill
    assert '<th scope="row">Total</th><td></td><td>35,000</td>' in bill
    assert "From the treasury: 35,000 gp" in home
    assert "Hire the freebooters" not in home
    match.home.refresh_from_db()
    assert match.home.treasury == 25_000
    [entry] = LedgerEntry.objects.filter(team=match.home, kind="freebooters")
    assert entry.deltas == [{"op": "treasury", "amount": -35_000}]


def test_a_third_thrower_is_refused_with_the_problem_and_the_form_as_typed(
    client, match, home_coach
) -> None:
    client.force_login(home_coach)
    posted = {"side": "home", "count_Thrower": "1", "count_Catcher": "1"}
    with unchanged():
        text = refused(client.post(url(match, "freebooters"), posted))
    assert (
        "Human teams may have at most 2 Throwers: Altdorf Hammers has 2 and asks for 1 more."
    ) in text
    form = team(section(text), "home")
    assert 'name="count_Catcher" type="number" inputmode="numeric" min="0" max="2" value="1"' in (
        form
    )
    assert "Hire the freebooters" in form
    assert not Participant.objects.filter(match=match).exists()


def test_freebooters_over_the_treasury_are_refused_and_the_star_stays_chosen(
    client, match, home_coach
) -> None:
    client.force_login(home_coach)
    posted = {"side": "home", "count_Catcher": "0", "stars": ["Griff Oberwald", ""]}
    with unchanged():
        text = refused(client.post(url(match, "freebooters"), posted))
    assert (
        "The freebooters cost 90,000 gp; Altdorf Hammers's treasury has 60,000 gp (30,000 short)."
    ) in text
    form = team(section(text), "home")
    assert '<option value="Griff Oberwald" data-each="90000" selected>' in form
    match.home.refresh_from_db()
    assert match.home.treasury == 60_000


def test_two_catchers_cost_more_than_the_treasury_holds(client, match, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        text = refused(
            client.post(url(match, "freebooters"), {"side": "home", "count_Catcher": "2"})
        )
    assert (
        "The freebooters cost 70,000 gp; Altdorf Hammers's treasury has 60,000 gp (10,000 short)."
    ) in text
    assert 'max="2" value="2"' in team(section(text), "home")


def test_a_count_that_is_no_number_is_refused_by_name(client, match, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        text = refused(
            client.post(url(match, "freebooters"), {"side": "home", "count_Catcher": "two"})
        )
    assert "'two' is not a number of Catcher freebooters." in text


def test_the_ratings_and_handicap_appear_only_once_both_teams_have_hired(
    client, match, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    waiting = 'Team rating at kick-off: <span class="muted">once both teams have hired'
    shown = section(page_text(client, match))
    assert shown.count(waiting) == 2
    assert 'data-testid="handicap-' not in shown
    done(client, client.post(url(match, "freebooters"), {"side": "home", "count_Catcher": "1"}),
         match)  # fmt: skip
    shown = section(page_text(client, match))
    assert shown.count(waiting) == 2
    assert 'data-testid="handicap-' not in shown
    client.force_login(away_coach)
    done(client, client.post(url(match, "freebooters"), {"side": "away"}), match)
    shown = section(page_text(client, match))
    assert waiting not in shown
    assert "Team rating at kick-off: <strong>100</strong> (team value 1,000,000 gp)" in part(
        shown, "rating-team-home"
    )
    assert "Team rating at kick-off: <strong>125</strong> (team value 1,250,000 gp)" in part(
        shown, "rating-team-away"
    )
    assert "Handicap: 25 below: +1 Special Play card, +1 MVP</p>" in part(shown, "rating-team-home")
    assert "Handicap: none</p>" in part(shown, "rating-team-away")
    rows = {row.side: row for row in KickOff.objects.filter(match=match)}
    assert (rows["home"].rating, rows["home"].bonus_cards, rows["home"].bonus_mvps) == (100, 1, 1)
    assert (rows["away"].rating, rows["away"].bonus_cards, rows["away"].bonus_mvps) == (125, 0, 0)


def test_the_niggles_line_says_not_rolled_yet_for_gdbbl(client, match, away_coach) -> None:
    client.force_login(away_coach)
    shown = section(page_text(client, match))
    for side in ("home", "away"):
        assert f'data-testid="niggles-{side}">Niggling injuries: not rolled yet.</p>' in shown


def test_the_gate_weather_and_cards_show_their_dice(client, match, home_coach, away_coach) -> None:
    freebooters_hire(match, home_coach, "home", [], [])
    freebooters_hire(match, away_coach, "away", [], [])
    dice_enter(match, home_coach, "gate", "5D6", [3, 4, 5, 6, 1])
    dice_enter(match, home_coach, "weather", "2D6", [3, 4])
    dice_enter(match, home_coach, "special play cards for home", "D6", [4])
    client.force_login(home_coach)
    done(client, client.post(url(match, "gate")), match)
    done(client, client.post(url(match, "weather")), match)
    shown = section(done(client, client.post(url(match, "cards"), {"side": "home"}), match))
    assert "Gate: <strong>19,000 fans</strong> · 5D6 3 4 5 6 1 = 19 (entered)" in shown
    assert "Weather: <strong>Nice</strong> · dice 3 4 (2D6, entered)" in shown
    # D6 4: 2 cards, and the handicap's one.
    assert "Special Play cards: <strong>3</strong> · D6 4 (entered), 1 of them the handicap's" in (
        shown
    )
    for button in ("Record the gate", "Record the weather", "Roll for Special Play cards"):
        assert button not in shown


def test_an_lrb6_match_page_offers_to_record_the_weather_where_the_server_may_roll(
    client, friendly, home_coach
) -> None:
    client.force_login(home_coach)
    shown = section(page_text(client, friendly))
    assert 'data-testid="weather">Weather: <span class="muted">not rolled</span>' in shown
    assert "If the weather's 2D6 is not entered (“weather”), the server rolls it." in shown
    assert "Record the weather" in shown
    dice_enter(friendly, home_coach, "weather", "2D6", [6, 6])
    shown = section(done(client, client.post(url(friendly, "weather")), friendly))
    assert "Weather: <strong>Blizzard</strong> · dice 6 6 (2D6, entered)" in shown
    assert "Record the weather" not in shown


def queries(client, match: Match) -> int:
    with CaptureQueriesContext(connection) as read:
        assert client.get(url(match)).status_code == 200
    return len(read.captured_queries)


def test_the_page_reads_in_the_same_queries_however_many_freebooters_were_hired(
    client, home_coach, away_coach
) -> None:
    humans, orcs = rated_teams(home_coach, away_coach)
    client.force_login(home_coach)
    hiring, fixed = {}, {}
    for hired in (["Lineman"], ["Lineman", "Lineman", "Blitzer", "Blitzer"]):
        match = friendly_accept(friendly_offer(home_coach, humans, orcs), away_coach)
        freebooters_hire(match, away_coach, "away", hired, [])
        assert Participant.objects.filter(match=match).count() == len(hired)
        hiring[len(hired)] = queries(client, match)  # the Humans' form, the Orcs' bill
        freebooters_hire(match, home_coach, "home", [], [])
        fixed[len(hired)] = queries(client, match)  # the ratings and the handicap
    assert hiring[4] == hiring[1]
    assert fixed[4] == fixed[1]


def test_where_freebooters_do_not_count_toward_the_roster_each_position_offers_its_own_room(
    client, home_coach, away_coach
) -> None:
    version = house_version("gdbbl", home_coach, freebooters_count_toward_roster=False)
    humans = team_create(
        home_coach, version, "Bogenhafen Barons", "human",
        squad((10, "Lineman"), (2, "Thrower"), (2, "Blitzer")), fan_factor=1,
    )  # fmt: skip
    orcs = team_create(away_coach, version, "Lads", "orc", squad((11, "Lineman")), fan_factor=1)
    match = friendly_of(humans, orcs)
    client.force_login(home_coach)
    form = team(section(page_text(client, match)), "home")
    assert "How many Catcher freebooters (35,000 gp each; room for 4)" in form
    assert "count toward the 16 players" not in form
