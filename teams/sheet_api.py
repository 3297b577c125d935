"""The roster sheet in the API: POST /api/teams/{id}/roster-sheet/ starts or finds the
render and answers its status; GET answers the status while a worker draws it, then the PDF."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from teams.models import RosterSheet
from teams.roster_sheet import PAPERS
from teams.sheet_views import pdf_response
from teams.sheets import sheet_find, sheet_request


class SheetRequestSerializer(serializers.Serializer):
    paper = serializers.ChoiceField(choices=list(PAPERS), default="a4")


class SheetStatusSerializer(serializers.ModelSerializer):
    download = serializers.SerializerMethodField()

    class Meta:
        model = RosterSheet
        fields = ["id", "status", "paper", "attempts", "reason", "ledger_head", "requested_at"]
        fields += ["started_at", "finished_at", "download"]

    def get_download(self, sheet) -> str | None:
        if sheet.status != "done":
            return None
        return reverse("teams:sheet-pdf", args=[sheet.team_id, sheet.pk])


PAPER = OpenApiParameter("paper", str, enum=list(PAPERS), default="a4")


class RosterSheetActions:
    """Mixed into the team viewset."""

    @extend_schema(
        methods=["get"],
        parameters=[PAPER],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, "The sheet."),
            (200, "application/json"): OpenApiResponse(
                SheetStatusSerializer, "The sheet failed: its status, with the reason."
            ),
            202: OpenApiResponse(SheetStatusSerializer, "Still drawing: ask again."),
        },
    )
    @extend_schema(
        methods=["post"],
        request=SheetRequestSerializer,
        responses={200: SheetStatusSerializer, 202: SheetStatusSerializer},
    )
    @action(detail=True, methods=["get", "post"], url_path="roster-sheet")
    def roster_sheet(self, request: Request, pk: int):
        """POST starts the sheet of the team as it is now (or finds it: an unchanged team
        answers at once). GET answers the status (202) until the sheet is ready, then the
        PDF; a failed sheet answers its status with the reason."""
        team = self.get_object()
        if request.method == "POST":
            body = SheetRequestSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            sheet = sheet_request(team, body.validated_data["paper"])
            # With no broker the render ran as the request's transaction committed: say so.
            sheet.refresh_from_db(fields=["status", "reason", "attempts", "finished_at"])
            status = 200 if sheet.status in ("done", "failed") else 202
            return Response(SheetStatusSerializer(sheet).data, status=status)
        paper = request.query_params.get("paper", "a4")
        if paper not in PAPERS:
            raise ValidationError({"paper": [f"Paper is a4 or letter, not {paper!r}."]})
        sheet = sheet_find(team, paper)
        if sheet is None:
            raise NotFound("No sheet of the team as it is now has been asked for: POST first.")
        if sheet.status != "done":
            status = 200 if sheet.status == "failed" else 202
            return Response(SheetStatusSerializer(sheet).data, status=status)
        return pdf_response(sheet)
