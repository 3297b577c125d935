"""API for matches: /api/matches/ lists the matches the reader may see and offers
friendlies; /api/matches/<id>/ is one match whole; /api/matches/<id>/<action>/ takes the
same steps as the page's buttons, with the same checks; /api/matches/waiting/ is what waits
for the reader."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from matches.actions import PERFORM
from matches.allowed import require_involved
from matches.amend.correct import corrected_data
from matches.amend.serializers import CorrectBody, CorrectedSerializer
from matches.kick_off.serializers import (
    FreebootersBody,
    InducementsBody,
    JourneymenBody,
    TeamStepBody,
)
from matches.models import Match, PostGame
from matches.post_game.apply import not_applied_why
from matches.post_game.hires import journeyman_hire
from matches.post_game.serializers import PostGameSerializer
from matches.report.serializers import ReportBody
from matches.selectors import match_seen, match_whole, matches_seen, waiting_for
from matches.serializers import (
    DiceBody,
    DiceRollSerializer,
    MatchSerializer,
    MatchSummarySerializer,
    OfferBody,
    StepReasonBody,
)
from matches.services import MatchRefused, friendly_offer
from rules.engine.errors import Problem
from rules.engine.report_entry import SIDES
from rules.plumbing.refusals import valid_body
from teams.models import Team
from teams.roster import roster
from teams.serializers import TeamSerializer


def _valid(body_class, data) -> dict:
    """The body checked, with each problem of a nested body keyed by its path, as the
    report's rules name theirs: `home.players.1.actions.touchdown`, `casualties.2.victim`
    (lists counted from 1, as the coach counts his casualties)."""
    try:
        return valid_body(body_class, data)
    except ValidationError as error:
        raise ValidationError(_paths(error.detail)) from None


def _paths(detail, path: str = "") -> dict[str, list[str]]:
    if not isinstance(detail, dict | list):
        return {path or "non_field_errors": [str(detail)]}
    if isinstance(detail, list) and not any(isinstance(item, dict | list) for item in detail):
        return {path or "non_field_errors": [str(message) for message in detail]}
    # A nested body's fields, or a list of them ({} for each that was right).
    items = enumerate(detail) if isinstance(detail, list) else detail.items()
    found: dict[str, list[str]] = {}
    for key, value in items:
        step = str(key + 1) if isinstance(key, int) else str(key)
        if key == "non_field_errors" and path:
            step = path  # the nested body itself, not one of its fields
        elif path:
            step = f"{path}.{step}"
        for name, messages in (_paths(value, step) if value else {}).items():
            found.setdefault(name, []).extend(messages)
    return found


# A correction's body holds the report under `report`: the report's rules name their fields
# as the report API's body has them, and the answer names them where they are here.
REPORT_FIELDS = frozenset(ReportBody().fields)


def in_report(problem: Problem) -> Problem:
    if problem.field.split(".", 1)[0] in REPORT_FIELDS:
        return Problem(f"report.{problem.field}", problem.message)
    return problem


class JourneymanHireBody(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES, help_text="The journeyman's team: home or away.")
    number = serializers.IntegerField(
        min_value=1, max_value=99, help_text="The journeyman's shirt number in the match."
    )


class WaitingSerializer(serializers.Serializer):
    match = MatchSummarySerializer()
    what = serializers.CharField()


class MatchViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = MatchSummarySerializer
    queryset = Match.objects.none()

    def get_queryset(self):
        return matches_seen(self.request.user).order_by("-created_at", "-pk")

    def _answer(self, match: Match, status: int = 200, read: bool = True) -> Response:
        """The match whole, read again after a step (`read`) or as already read."""
        whole = match_whole(match.pk) if read else match
        body = MatchSerializer(whole, context={"request": self.request})
        return Response(body.data, status=status)

    def _act(self, request: Request, pk, name: str, body_class=None) -> Response:
        match = match_seen(pk, self.request.user)
        require_involved(request.user, match)  # who, before the body is read
        data = _valid(body_class, request.data) if body_class else {}
        PERFORM[name](match, request.user, data)
        return self._answer(match)

    @extend_schema(responses=MatchSerializer)
    def retrieve(self, request: Request, pk=None) -> Response:
        return self._answer(match_seen(pk, self.request.user), read=False)

    @extend_schema(request=OfferBody, responses={201: MatchSerializer})
    def create(self, request: Request) -> Response:
        """Offers a friendly: your team at home against another coach's team."""
        if not request.user.is_authenticated:
            raise PermissionDenied("Log in to offer a friendly.")
        body = valid_body(OfferBody, request.data)
        teams = Team.objects.select_related("coach").in_bulk([body["home"], body["away"]])
        missing = [side for side in ("home", "away") if body[side] not in teams]
        if missing:
            raise ValidationError({side: ["No such team."] for side in missing})
        match = friendly_offer(request.user, teams[body["home"]], teams[body["away"]])
        return self._answer(match, status=201)

    @extend_schema(request=None, responses=WaitingSerializer(many=True))
    # Not paged (pagination_class=None, so the schema says so too): only what waits for one
    # coach now, a few matches at most.
    @action(
        detail=False, methods=["get"], permission_classes=[IsAuthenticated], pagination_class=None
    )
    def waiting(self, request: Request) -> Response:
        """What waits for you: friendlies to answer, reports to confirm, correct or settle."""
        return Response(WaitingSerializer(waiting_for(request.user), many=True).data)

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def accept(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "accept")

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "decline")

    @extend_schema(request=ReportBody, responses=MatchSerializer)
    @action(detail=True, methods=["put", "post"])
    def report(self, request: Request, pk=None) -> Response:
        """Writes the draft whole (either coach); a disputed report is corrected the same
        way. A refusal names each field by its path, lists counted from 1:
        `home.players.1.actions.touchdown`, `casualties.2`."""
        return self._act(request, pk, "report", ReportBody)

    @extend_schema(request=JourneymenBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def journeymen(self, request: Request, pk=None) -> Response:
        """LRB6, before kick-off: the team's journeymen (none is a choice too), taken again
        until both teams have theirs, when the values at kick-off and petty cash are fixed."""
        return self._act(request, pk, "journeymen", JourneymenBody)

    @extend_schema(request=JourneymanHireBody, responses={201: TeamSerializer})
    @action(detail=True, methods=["post"], url_path="journeymen/hire", url_name="journeymen-hire")
    def journeymen_hire(self, request: Request, pk=None) -> Response:
        """LRB6, once the report is applied: the team's coach hires for good one of its
        journeymen who played and did not die, until the team's next match begins, at his
        position's cost from the treasury (one ledger entry). He joins without Loner, keeping
        this match's SPP and injuries. 201 with the team's roster."""
        match = match_seen(pk, self.request.user)
        require_involved(request.user, match)  # who, before the body is read
        body = _valid(JourneymanHireBody, request.data)
        team = journeyman_hire(match, request.user, body["side"], body["number"])
        return Response(TeamSerializer(roster(team)).data, status=201)

    @extend_schema(request=InducementsBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def inducements(self, request: Request, pk=None) -> Response:
        """LRB6, once both teams have their journeymen: what the team induces, once, paid from
        its petty cash and then its treasury (one ledger entry caused by the match)."""
        return self._act(request, pk, "inducements", InducementsBody)

    @extend_schema(request=TeamStepBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def niggles(self, request: Request, pk=None) -> Response:
        """A D6 for each of the team's players with Niggling Injuries (purposes "niggle for
        home #7"; LRB6 one per injury, GDBBL as niggling_roll_per_marker says), entered at
        /dice/ or rolled now where the match allows; a 1 keeps him out of this match. LRB6
        (with niggling_injury_pre_match_roll): before the journeymen; GDBBL: after the
        team's freebooters."""
        return self._act(request, pk, "niggles", TeamStepBody)

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def gate(self, request: Request, pk=None) -> Response:
        """LRB6: each team's fans and FAME from the gate's dice (purposes "gate for home" and
        "gate for away", 2D6). GDBBL: the gate from one D6 per point of both teams' Fan
        Factors (purpose "gate", e.g. 5D6), x 1,000. Entered at /dice/ or rolled now where
        the match allows; the gate is kept on the match as `gate`."""
        return self._act(request, pk, "gate")

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def weather(self, request: Request, pk=None) -> Response:
        """The weather at the start of the match from its 2D6 (purpose "weather"), entered at
        /dice/ or rolled now where the match allows; kept on the match as `weather`."""
        return self._act(request, pk, "weather")

    @extend_schema(request=FreebootersBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def freebooters(self, request: Request, pk=None) -> Response:
        """GDBBL: the team's freebooters for this match, once (none is a choice too):
        normal players of its race and star players, at half price, paid from the treasury
        (one ledger entry caused by the match). Once both teams have theirs, the ratings at
        kick-off and the handicap are fixed."""
        return self._act(request, pk, "freebooters", FreebootersBody)

    @extend_schema(request=TeamStepBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def cards(self, request: Request, pk=None) -> Response:
        """GDBBL: the team's Special Play cards from its coach's D6 (purpose "special play
        cards for home"), home team first, plus the handicap's bonus cards."""
        return self._act(request, pk, "cards", TeamStepBody)

    @extend_schema(request=None, responses=PostGameSerializer)
    @action(detail=True, methods=["get"], url_path="post-game")
    def post_game(self, request: Request, pk=None) -> Response:
        """The post-game sequence of an applied report: each step with its inputs, dice,
        result and changes for each team and player (shirt number, and the roster player's
        ledger key; a one-game hire's changes are shown, not kept). 404 until applied."""
        match = match_seen(pk, self.request.user)
        post = PostGame.objects.filter(match=match).select_related("applied_by").first()
        if post is None:
            raise NotFound(not_applied_why(match) or "This report has not been applied yet.")
        return Response(PostGameSerializer(post).data)

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def submit(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "submit")

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "withdraw")

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "confirm")

    @extend_schema(request=StepReasonBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def dispute(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "dispute", StepReasonBody)

    @extend_schema(request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def approve(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "approve")

    @extend_schema(request=StepReasonBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"], url_path="send-back")
    def send_back(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "send_back", StepReasonBody)

    @extend_schema(request=StepReasonBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def settle(self, request: Request, pk=None) -> Response:
        return self._act(request, pk, "settle", StepReasonBody)

    @extend_schema(request=StepReasonBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def revert(self, request: Request, pk=None) -> Response:
        """A commissioner of the match's league (site staff for a friendly) reverts its
        applied report, with a reason: both teams are rebuilt as if it had never been played,
        every later entry of theirs applied again in order. 400 with each later report or
        entry that would no longer stand (nothing changed)."""
        return self._act(request, pk, "revert", StepReasonBody)

    @extend_schema(request=StepReasonBody, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def reapply(self, request: Request, pk=None) -> Response:
        """A commissioner of the match's league (site staff for a friendly) applies its
        reverted report again, with a reason: back in its place in the teams' ledgers, every
        later entry of theirs applied again after it. 400 with each later report or entry
        that would no longer stand (nothing changed)."""
        return self._act(request, pk, "reapply", StepReasonBody)

    @extend_schema(request=CorrectBody, responses=CorrectedSerializer)
    @action(detail=True, methods=["post"])
    def correct(self, request: Request, pk=None) -> Response:
        """A commissioner of the match's league (site staff for a friendly) corrects its
        applied report: `report` as it should have been, whole, with a reason. Both teams are
        rebuilt from it, every later entry of theirs applied again in order. With `preview`,
        the same answer and nothing changed. 400 with each problem of the report, each die it
        needs that nobody rolled (`dice`), or each later report or entry that would no longer
        stand (nothing changed)."""
        match = match_seen(pk, self.request.user)
        require_involved(request.user, match)
        body = _valid(CorrectBody, request.data)
        try:
            done = PERFORM["correct"](match, request.user, body)
        except MatchRefused as refused:  # the report's own fields, named as the body has them
            raise MatchRefused([in_report(problem) for problem in refused.problems]) from None
        return Response(CorrectedSerializer(corrected_data(done)).data)

    @extend_schema(request=DiceBody, responses={201: DiceRollSerializer})
    @action(detail=True, methods=["post"])
    def dice(self, request: Request, pk=None) -> Response:
        """One roll: entered (with its values) or rolled by the server, as the match allows."""
        match = match_seen(pk, self.request.user)
        body = valid_body(DiceBody, request.data)
        # The service checks who rolls, which sources the match takes and that it is open,
        # and names the rule it breaks.
        roll = PERFORM[f"dice_{body['source']}"](match, request.user, body)
        return Response(DiceRollSerializer(roll).data, status=201)
