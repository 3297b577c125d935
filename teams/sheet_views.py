"""Roster sheet pages: start (or find) the PDF, watch its progress, download it, and the HTML
preview drawn from the same template."""

from __future__ import annotations

import io

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST, require_safe

from teams.models import RosterSheet, Team
from teams.roster_sheet import PAPERS, sheet_html
from teams.sheets import BROKER_DOWN, sheet_recover, sheet_request


def _paper(request: HttpRequest) -> str:
    paper = request.POST.get("paper") or request.GET.get("paper") or "a4"
    if paper not in PAPERS:
        raise Http404(f"Paper is a4 or letter, not {paper!r}.")
    return paper


@login_required
@require_POST
def sheet_start(request: HttpRequest, pk: int) -> HttpResponse:
    """One step when the sheet for the team as it is now (its ledger head, the paper, the
    template and ruleset versions) is drawn already: straight to the file, not the waiting
    page. It may have been drawn a moment ago, by a worker or (with no broker) by this very
    request, so its status is read again before choosing."""
    team = get_object_or_404(Team, pk=pk)
    sheet = sheet_request(team, _paper(request))
    if sheet.status != "done":
        sheet.refresh_from_db(fields=["status"])
    if sheet.status == "done":
        return redirect("teams:sheet-pdf", team.pk, sheet.pk)
    return redirect("teams:sheet", team.pk, sheet.pk)


def _sheet(pk: int, sheet: int) -> RosterSheet:
    related = RosterSheet.objects.select_related("team").defer("pdf")
    return get_object_or_404(related, pk=sheet, team_id=pk)


@require_safe
def sheet_progress(request: HttpRequest, pk: int, sheet: int) -> HttpResponse:
    """The progress page; htmx polls it and swaps in the status until the PDF is ready."""
    row = sheet_recover(_sheet(pk, sheet))
    context = {"sheet": row, "team": row.team, "broker_down": row.reason == BROKER_DOWN}
    if request.headers.get("HX-Request"):
        response = render(request, "teams/_sheet_status.html", context)
        if row.status == "done":
            response["HX-Redirect"] = reverse("teams:sheet-pdf", args=[pk, row.pk])
        return response
    return render(request, "teams/sheet_progress.html", context)


def pdf_response(sheet: RosterSheet) -> FileResponse:
    """The finished sheet as a download named after the team and the paper."""
    pdf = RosterSheet.objects.values_list("pdf", flat=True).get(pk=sheet.pk)
    name = f"{slugify(sheet.team.name)}-roster-{sheet.paper}.pdf"
    return FileResponse(
        io.BytesIO(bytes(pdf)), as_attachment=True, filename=name, content_type="application/pdf"
    )


@require_safe
def sheet_pdf_download(request: HttpRequest, pk: int, sheet: int) -> HttpResponse:
    row = _sheet(pk, sheet)
    if row.status != "done":
        return redirect("teams:sheet", pk, row.pk)
    return pdf_response(row)


@require_safe
def sheet_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The sheet as HTML, from the template the PDF is drawn with, with a way back to the
    team (a bar that only the browser shows: the PDF is drawn without it)."""
    team = get_object_or_404(Team, pk=pk)
    return HttpResponse(sheet_html(team, _paper(request), back=reverse("teams:detail", args=[pk])))
