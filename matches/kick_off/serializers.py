"""The API's answers and bodies for the steps before kick-off (LRB6 and GDBBL): each team's
KickOff row as far as it has got, and what each step takes; and the post-game sequence of
an applied report."""

from __future__ import annotations

from rest_framework import serializers

from rules.engine.report_entry import SIDES


class BillLineAnswer(serializers.Serializer):
    what = serializers.CharField()
    count = serializers.IntegerField()
    each = serializers.IntegerField()


class MercenaryBody(serializers.Serializer):
    position = serializers.CharField(max_length=60)
    extra_skill = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")


class InducedAnswer(serializers.Serializer):
    items = serializers.DictField(child=serializers.IntegerField())
    stars = serializers.ListField(child=serializers.CharField())
    mercenaries = MercenaryBody(many=True)


class FreebootersAnswer(serializers.Serializer):
    positions = serializers.ListField(child=serializers.CharField())
    stars = serializers.ListField(child=serializers.CharField())


class KickOffAnswer(serializers.Serializer):
    """One team before an LRB6 or GDBBL match, as far as it has got."""

    team = serializers.IntegerField(source="team_id")
    journeymen_done = serializers.BooleanField()
    value = serializers.IntegerField(allow_null=True, help_text="At kick-off, once both teams "
                                     "have their journeymen.")  # fmt: skip
    petty_cash = serializers.IntegerField(allow_null=True)
    inducements = InducedAnswer(allow_null=True, help_text="What was induced; null until then.")
    bill = BillLineAnswer(many=True)
    from_treasury = serializers.IntegerField()
    fans = serializers.IntegerField(allow_null=True, help_text="LRB6: the team's fans.")
    fame = serializers.IntegerField(allow_null=True, help_text="LRB6.")
    niggled_out = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True,
        help_text="Numbers a niggling injury keeps out of the match; null until rolled.",
    )  # fmt: skip
    freebooters = FreebootersAnswer(allow_null=True, help_text="GDBBL; null until hired.")
    rating = serializers.IntegerField(
        allow_null=True,
        help_text="GDBBL: team rating at kick-off, once both teams have their freebooters.",
    )
    bonus_cards = serializers.IntegerField(help_text="GDBBL: the handicap's Special Play cards.")
    bonus_mvps = serializers.IntegerField(help_text="GDBBL: the handicap's MVPs.")
    cards = serializers.IntegerField(allow_null=True, help_text="GDBBL: Special Play cards "
                                     "drawn, the bonus included; null until rolled.")  # fmt: skip


class KickOffSides(serializers.Serializer):
    home = KickOffAnswer(required=False, help_text="Absent until the team takes a step.")
    away = KickOffAnswer(required=False, help_text="Absent until the team takes a step.")


class TeamStepBody(serializers.Serializer):
    """A step one coach takes for his team: niggles, Special Play cards."""

    side = serializers.ChoiceField(
        choices=SIDES, required=False, help_text="home or away; your own team's by default."
    )


class JourneymenBody(serializers.Serializer):
    side = serializers.ChoiceField(
        choices=SIDES, required=False, help_text="home or away; your own team's by default."
    )
    positions = serializers.ListField(
        child=serializers.CharField(max_length=60), required=False, default=list, max_length=16,
        help_text="One position name for each journeyman (none is a choice too).",
    )  # fmt: skip


class InducementsBody(serializers.Serializer):
    side = serializers.ChoiceField(
        choices=SIDES, required=False, help_text="home or away; your own team's by default."
    )
    items = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=99), required=False, default=dict,
        help_text="Inducement key -> how many: wizard, bribes, bloodweiser_babes, ...",
    )  # fmt: skip
    stars = serializers.ListField(
        child=serializers.CharField(max_length=60), required=False, default=list, max_length=8,
        help_text="Star players by name.",
    )  # fmt: skip
    mercenaries = MercenaryBody(many=True, required=False, default=list, max_length=16)


class FreebootersBody(serializers.Serializer):
    side = serializers.ChoiceField(
        choices=SIDES, required=False, help_text="home or away; your own team's by default."
    )
    positions = serializers.ListField(
        child=serializers.CharField(max_length=60), required=False, default=list, max_length=16,
        help_text="One position name for each normal player hired (none is a choice too).",
    )  # fmt: skip
    stars = serializers.ListField(
        child=serializers.CharField(max_length=60), required=False, default=list, max_length=8,
        help_text="Star players by name.",
    )  # fmt: skip
