"""The Content-Security-Policy: every page says the browser may run, style and load only the
site's own files, and no page the site serves carries anything inline that the policy would
block (a <script> body, a <style> element, a style or on* attribute, htmx's eval features).

The browser's side of it, that chromium reports no violation, is in
tests/browser/test_content_security_policy_journey.py."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client

from league.demo import demo_data_create, demo_matches_create

pytestmark = pytest.mark.django_db

SELF = "'self'"

# Pages of every kind that answer an anonymous visitor: the site's pages and error pages, the
# API and its docs (the page and its script), the admin's log-in, the health probe.
PAGES = [
    "/",
    "/accounts/login/",
    "/accounts/signup/",
    "/leagues/",
    "/teams/",
    "/teams/new/races/?ruleset=lrb6",
    "/rules/",
    "/rules/lrb6/",
    "/api/",
    "/api/schema/",
    "/api/docs/",
    "/api/docs/?script=",
    "/admin/login/",
    "/no-such-page/",
    "/healthz",
]


def directives(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy header as {directive: [sources]}."""
    parsed = {}
    for part in header.split(";"):
        name, *sources = part.split()
        parsed[name] = sources
    return parsed


@pytest.mark.parametrize("path", PAGES)
def test_every_page_answers_with_a_policy_of_the_sites_own_files_only(
    client: Client, path: str
) -> None:
    response = client.get(path)
    assert response.status_code < 500
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{path} answers without a Content-Security-Policy"
    policy = directives(header)
    assert policy["default-src"] == [SELF]
    assert policy["script-src"] == [SELF]
    assert policy["style-src"] == [SELF]
    assert policy["font-src"] == [SELF]
    assert policy["connect-src"] == [SELF]
    # data: only for pictures: Swagger UI's stylesheet draws its icons as data: SVGs.
    assert policy["img-src"] == [SELF, "data:"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == [SELF]
    assert policy["form-action"] == [SELF]
    assert "unsafe" not in header


def test_the_policy_holds_for_a_signed_in_coach_too(client: Client, users) -> None:
    client.force_login(users.create_user("varag", password="kick-off-2"))
    policy = directives(client.get("/").headers["Content-Security-Policy"])
    assert policy["script-src"] == [SELF]
    assert policy["style-src"] == [SELF]


def test_htmx_is_told_not_to_inject_styles_nor_to_eval(client: Client) -> None:
    html = client.get("/").content.decode()
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", html)
    assert meta, "the base template sets no htmx-config"
    config = json.loads(meta.group(1))
    assert config["includeIndicatorStyles"] is False
    assert config["allowEval"] is False


HTMX_VALUES = ("hx-vals", "data-hx-vals")
HTMX_EVALUATED = ("hx-vars", "data-hx-vars")  # always evaluated as JavaScript
HTMX_TRIGGERS = ("hx-trigger", "data-hx-trigger")
URLS = ("href", "src", "action", "formaction")


def blocked_attribute(name: str, value: str) -> str | None:
    """Why the policy (or htmx with allowEval off) refuses an attribute; None if it does not."""
    if name == "style":
        return "an inline style"
    if name.startswith("on"):
        return "an inline event handler"
    if name.startswith(("hx-on", "data-hx-on")) or name in HTMX_EVALUATED:
        return "htmx evals it"
    if name in HTMX_VALUES and value.startswith(("js:", "javascript:")):
        return "htmx evals it"
    if name in HTMX_TRIGGERS and "[" in value:
        return "a trigger filter htmx evals"
    if name in URLS and value.lower().startswith("javascript:"):
        return "a javascript: URL"
    return None


class InlineFinder(HTMLParser):
    """Collects what a strict policy blocks in one page, and the same-site links to follow."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inline: list[str] = []
        self.links: list[str] = []
        self._script_without_src = False
        self._script_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "script":
            kind = (attributes.get("type") or "text/javascript").lower()
            # A JSON data block (Django's json_script) is never run, so the policy allows it.
            self._script_without_src = "src" not in attributes and kind != "application/json"
            self._script_text = ""
        if tag == "style":
            self.inline.append("a <style> element")
        for name, value in attrs:
            why = blocked_attribute(name, (value or "").strip())
            if why:
                self.inline.append(f'<{tag} {name}="{value}"> ({why})')
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        if attributes.get("hx-get"):
            self.links.append(attributes["hx-get"])

    def handle_data(self, data: str) -> None:
        if self._script_without_src:
            self._script_text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script_without_src:
            self.inline.append(f"an inline <script>: {self._script_text.strip()[:80]!r}")
            self._script_without_src = False


def inline_in(html: str) -> InlineFinder:
    finder = InlineFinder()
    finder.feed(html)
    finder.close()
    return finder


def test_the_finder_sees_each_kind_of_inline_thing() -> None:
    html = """<script>alert(1)</script><script src="/static/js/x.js"></script>
        <script type="application/json" id="data">{}</script><style>p {}</style>
        <p style="color: red" onclick="go()"><a href="javascript:go()">x</a></p>
        <select hx-on::after-request="go()" hx-trigger="change[ok]" hx-vals='js:{a: 1}'></select>"""
    found = inline_in(html).inline
    assert len(found) == 8, found


# Where a crawl starts beyond the home page: pages no link leads to from there.
SEEDS = [
    "/",
    "/accounts/login/",
    "/accounts/password/",
    "/teams/new/",
    "/teams/new/?ruleset=lrb6&race=orc",
    "/teams/new/?ruleset=gdbbl&race=dwarf",
    "/leagues/new/",
    "/matches/friendly/new/",
    "/rules/import/",
    "/api/docs/",
]
# Not the site's own templates (the admin's and the browsable API's are the packages'), or not
# pages: files, the schema, PDFs.
SKIPPED = ("/admin/", "/api/", "/static/", "/media/", "/favicon.ico")
MOST_PAGES = 400


def same_site_path(link: str) -> str | None:
    """The path and query of a link to this site, without its fragment; None for others."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    if path.startswith(SKIPPED) and not path.startswith("/api/docs/"):
        return None
    if path.endswith("/pdf/"):
        return None
    return path


@dataclass
class Crawl:
    pages: dict[str, list[str]] = field(default_factory=dict)  # {path: its inline things}
    report_forms: list[str] = field(default_factory=list)  # the pages with a match report form

    def blocked(self) -> str:
        """The pages that have something inline, one a line with what it has."""
        return "\n".join(f"{path}: {found}" for path, found in self.pages.items() if found)


def crawl(client: Client) -> Crawl:
    """Every page reached from SEEDS by the links and htmx GETs each page holds, up to
    MOST_PAGES, with what inline things each has."""
    done = Crawl()
    queue = list(SEEDS)
    while queue and len(done.pages) < MOST_PAGES:
        path = queue.pop(0)
        if path in done.pages:
            continue
        response = client.get(path)
        assert response.status_code < 500, path
        if not response.get("Content-Type", "").startswith("text/html"):
            done.pages[path] = []
            continue
        html = response.content.decode()
        found = inline_in(html)
        done.pages[path] = found.inline
        if 'id="report-form"' in html:
            done.report_forms.append(path)
        for link in found.links:
            target = same_site_path(link)
            if target and target not in done.pages:
                queue.append(target)
    return done


@pytest.fixture
def demo(db) -> None:
    """The demo league, its teams and matches (league/demo.py), as `make run` loads them."""
    demo_data_create()
    demo_matches_create()


@pytest.mark.parametrize("username", ["varag", "nuffle"])
def test_no_page_a_signed_in_coach_reaches_has_anything_inline(
    client: Client, demo, users, username: str
) -> None:
    """Both coach demo teams with league matches still to report; nuffle also runs the demo
    league (its dashboard and settings)."""
    client.force_login(users.get(username=username))
    done = crawl(client)
    must_see = [
        "/",
        "/leagues/",
        "/teams/",
        "/rules/",
        "/rules/lrb6/",
        "/api/docs/",
        "/accounts/password/",
        "/accounts/profile/",
        "/coaches/",
    ]
    assert set(must_see) <= set(done.pages)
    kinds = {
        "a team's roster": r"^/teams/\d+/$",
        "a roster sheet's preview": r"^/teams/\d+/roster-sheet/preview/",
        "a league": r"^/leagues/\d+/$",
        "a season": r"^/leagues/\d+/seasons/\d+/$",
        "a match": r"^/matches/\d+/$",
        "a race": r"^/rules/[\w-]+/races/[\w-]+/$",
        "a coach": r"^/coaches/[\w.@+-]+/$",
    }
    for kind, pattern in kinds.items():
        assert any(re.match(pattern, path) for path in done.pages), f"the crawl reached no {kind}"
    assert done.report_forms, "the crawl reached no match report form"
    assert not done.blocked(), done.blocked()


def test_no_page_an_anonymous_visitor_reaches_has_anything_inline(client: Client, demo) -> None:
    done = crawl(client)
    assert "/accounts/login/" in done.pages
    assert not done.blocked(), done.blocked()


def test_the_admin_has_nothing_inline(client: Client, users) -> None:
    """Django's admin keeps its scripts in files (data-* attributes carry their values), so it
    needs no relaxation of the policy."""
    boss = users.create_superuser("boss", "boss@dugout.example", "kick-off-7")
    client.force_login(boss)
    for path in (
        "/admin/",
        "/admin/accounts/user/",
        f"/admin/accounts/user/{boss.pk}/change/",
        f"/admin/accounts/user/{boss.pk}/password/",
        "/admin/accounts/user/add/",
        "/admin/auth/group/add/",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert inline_in(response.content.decode()).inline == [], path


def test_the_browsable_api_has_no_inline_script_nor_style_element(client: Client, users) -> None:
    """DRF's browsable API (/api/, a developer's page) runs only its static scripts, and its
    Pygments <style> is dropped (templates/rest_framework/api.html). Its forms still carry a
    few style="" attributes of DRF's (a fieldset's border, a menu's float) that the browser
    ignores under the policy: looks only, and not worth a relaxed policy."""
    client.force_login(users.create_user("varag", password="kick-off-2"))
    for path in ("/api/", "/api/teams/", "/api/leagues/", "/api/matches/", "/api/rulesets/"):
        response = client.get(path, HTTP_ACCEPT="text/html")
        assert response.status_code == 200, path
        found = inline_in(response.content.decode()).inline
        assert [thing for thing in found if " style=" not in thing] == [], path
