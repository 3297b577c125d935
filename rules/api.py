"""API for rulesets: /api/rulesets/<slug>/ and everything beneath it.

Reading takes `?version=N` for an older version; without it, the latest. House-rule copies
are made, edited, exported and imported here too; every edit becomes a new version.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from rules import house_api, models, selectors
from rules import serializers as out

VERSION = OpenApiParameter(
    "version",
    {"type": "integer", "minimum": 1},  # versions count from 1; a negative one is refused
    description="A version number; the latest when left out.",
)
SECTIONS = ("races", "skills", "star-players", "staff", "inducements", "settings", "tables")


class RulesetDetailSerializer(out.RulesetSerializer):
    version = out.VersionSerializer()
    links = serializers.DictField(child=serializers.URLField())

    class Meta(out.RulesetSerializer.Meta):
        fields = [*out.RulesetSerializer.Meta.fields, "version", "links"]


def _listing(serializer: type[serializers.BaseSerializer], summary: str):
    return extend_schema(summary=summary, parameters=[VERSION], responses=serializer(many=True))


@extend_schema_view(
    list=extend_schema(summary="Every ruleset: bundled editions and house-rule copies"),
    retrieve=extend_schema(
        summary="A ruleset version with links to its parts",
        parameters=[VERSION],
        responses=RulesetDetailSerializer,
    ),
)
class RulesetViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = out.RulesetSerializer
    lookup_field = "slug"
    pagination_class = None

    def get_queryset(self):
        return selectors.rulesets()

    def ruleset_version(self) -> models.RulesetVersion:
        number = self.request.query_params.get("version")
        if number is not None and not number.isdigit():
            raise ValidationError({"version": [f"A version is a whole number, not {number!r}."]})
        return selectors.version_get(self.kwargs["slug"], number)

    def retrieve(self, request: Request, slug: str) -> Response:
        version = self.ruleset_version()
        data = out.RulesetSerializer(version.ruleset, context={"request": request}).data
        data["latest_version"] = version.ruleset.latest_version().number
        data["version"] = out.VersionSerializer(version).data
        query = f"?version={version.number}"
        data["links"] = {
            section: reverse(f"ruleset-{section}", args=[slug], request=request) + query
            for section in SECTIONS
        }
        return Response(data)

    @_listing(out.RaceSerializer, "Races with their positions")
    @action(detail=True)
    def races(self, request: Request, slug: str) -> Response:
        return Response(out.RaceSerializer(selectors.races(self.ruleset_version()), many=True).data)

    @extend_schema(
        summary="One race with its positions", parameters=[VERSION], responses=out.RaceSerializer
    )
    @action(detail=True, url_path=r"races/(?P<race>[a-z0-9-]+)")
    def race(self, request: Request, slug: str, race: str) -> Response:
        return Response(out.RaceSerializer(selectors.race(self.ruleset_version(), race)).data)

    @_listing(out.SkillSerializer, "Skills with their categories")
    @action(detail=True)
    def skills(self, request: Request, slug: str) -> Response:
        return Response(
            out.SkillSerializer(selectors.skills(self.ruleset_version()), many=True).data
        )

    @_listing(out.StarPlayerSerializer, "Star players")
    @action(detail=True, url_path="star-players")
    def star_players(self, request: Request, slug: str) -> Response:
        stars = selectors.star_players(self.ruleset_version())
        return Response(out.StarPlayerSerializer(stars, many=True).data)

    @_listing(out.StaffSerializer, "Staff a team may hire")
    @action(detail=True)
    def staff(self, request: Request, slug: str) -> Response:
        staff = selectors.purchasables(models.Staff, self.ruleset_version())
        return Response(out.StaffSerializer(staff, many=True).data)

    @_listing(out.PurchasableSerializer, "Inducements")
    @action(detail=True)
    def inducements(self, request: Request, slug: str) -> Response:
        inducements = selectors.purchasables(models.Inducement, self.ruleset_version())
        return Response(out.PurchasableSerializer(inducements, many=True).data)

    @extend_schema(
        methods=["GET"],
        summary="Settings, with their explanations",
        parameters=[VERSION],
        responses=out.SettingSerializer(many=True),
    )
    @extend_schema(
        methods=["PATCH"],
        summary="Change settings of a house-rule copy (a new version)",
        request={"application/json": {"type": "object", "additionalProperties": True}},
        responses=out.SettingSerializer(many=True),
    )
    @action(detail=True, methods=["get", "patch"], url_path="settings", url_name="settings")
    def ruleset_settings(self, request: Request, slug: str) -> Response:
        # Not named `settings`: APIView keeps its own settings under that name.
        if request.method == "PATCH":
            version = house_api.settings_change(self.get_object(), request.data, request.user)
            return Response(out.SettingSerializer(selectors.settings(version), many=True).data)
        settings = selectors.settings(self.ruleset_version())
        return Response(out.SettingSerializer(settings, many=True).data)

    @extend_schema(
        summary="Copy this ruleset into a new house-rule ruleset you own",
        request=house_api.CopySerializer,
        responses={201: out.RulesetSerializer},
    )
    @action(detail=True, methods=["post"])
    def copy(self, request: Request, slug: str) -> Response:
        ruleset = house_api.copy(slug, request.data, request.user)
        data = out.RulesetSerializer(ruleset, context={"request": request}).data
        return Response(data, status=201)

    @extend_schema(
        summary="One part of the ruleset as in its data files; PUT replaces it (a new version)",
        parameters=[VERSION],
        request={"application/json": {}},
        responses={200: OpenApiTypes.ANY},
    )
    @action(detail=True, methods=["get", "put"], url_path=r"parts/(?P<part>[a-z_]+)")
    def part(self, request: Request, slug: str, part: str) -> Response:
        if request.method == "PUT":
            version = house_api.part_replace(self.get_object(), part, request.data, request.user)
            return Response(house_api.part_of(version, part))
        return Response(house_api.part_of(self.ruleset_version(), part))

    @extend_schema(
        summary="The whole version as one file to share", parameters=[VERSION],
        responses={200: OpenApiTypes.OBJECT},
    )  # fmt: skip
    @action(detail=True)
    def export(self, request: Request, slug: str) -> Response:
        return house_api.export_response(self.ruleset_version())

    @extend_schema(
        summary="Import an exported file as a new ruleset you own",
        request={"multipart/form-data": house_api.ImportSerializer},
        responses={201: out.RulesetSerializer},
    )
    @action(detail=False, methods=["post"], url_path="import", url_name="import")
    def import_file(self, request: Request) -> Response:
        ruleset = house_api.import_upload(request.data, request.user)
        data = out.RulesetSerializer(ruleset, context={"request": request}).data
        return Response(data, status=201)

    @extend_schema(
        summary="Add (POST) or remove (DELETE) a co-editor of a house-rule copy",
        request=house_api.EditorSerializer,
        responses={200: house_api.EditorSerializer(many=True)},
    )
    @action(detail=True, methods=["post", "delete"])
    def editors(self, request: Request, slug: str) -> Response:
        return Response(house_api.editors_change(self.get_object(), request))

    @_listing(out.TableSerializer, "Every table of the ruleset")
    @action(detail=True)
    def tables(self, request: Request, slug: str) -> Response:
        return Response(
            out.TableSerializer(selectors.tables(self.ruleset_version()), many=True).data
        )
