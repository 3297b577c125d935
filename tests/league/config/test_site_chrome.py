"""What every page shares: the main navigation, the footer with the API's links, the favicon,
the error pages in the site's dress, and the API's own pages leading back to the site."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import BadRequest, PermissionDenied
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.views import defaults

pytestmark = pytest.mark.django_db

NAV = '<nav class="nav" aria-label="Main">'


def main_nav(html: str) -> str:
    return re.search(r'<nav class="nav" aria-label="Main">.*?</nav>', html, re.S).group(0)


def footer(html: str) -> str:
    return re.search(r"<footer.*?</footer>", html, re.S).group(0)


def test_the_main_navigation_has_no_api_link_and_the_footer_has_the_api_and_its_docs(
    client: Client,
) -> None:
    html = client.get("/").content.decode()
    assert "/api/" not in main_nav(html)
    assert ">API<" not in main_nav(html)
    assert '<a href="/api/">API</a>' in footer(html)
    assert '<a href="/api/docs/">API docs</a>' in footer(html)


def test_the_browsable_api_is_branded_dugout_and_links_home(client: Client) -> None:
    response = client.get("/api/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<a class="navbar-brand" href="/">Dugout</a>' in html
    assert "Django REST framework" not in re.search(r"<title>.*?</title>", html, re.S).group(0)
    assert "Dugout API" in re.search(r"<title>.*?</title>", html, re.S).group(0)


def test_the_api_docs_are_titled_dugout_and_link_back_to_the_site(client: Client) -> None:
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<title>Dugout API</title>" in html
    assert '<a href="/">← Dugout</a>' in html
    assert '<div id="swagger-ui"></div>' in html  # the package's page is still all there


def test_favicon_ico_redirects_to_the_static_svg(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/img/favicon.svg"
    served = client.get(response["Location"])
    served.close()  # a file response: closing it closes the file
    assert served.status_code == 200


def test_every_page_links_the_svg_favicon(client: Client) -> None:
    html = client.get("/accounts/login/").content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in html


def test_the_404_page_extends_base(client: Client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert NAV in html
    assert "<title>Not found · Dugout</title>" in html
    assert "<footer" in html


def test_the_refused_page_extends_base(client: Client) -> None:
    response = client.get("/", {"q": "nul\x00"})
    assert response.status_code == 400
    assert NAV in response.content.decode()


def test_the_400_and_403_pages_extend_base() -> None:
    request = RequestFactory().get("/")
    bad = defaults.bad_request(request, BadRequest())
    denied = defaults.permission_denied(request, PermissionDenied())
    assert (bad.status_code, denied.status_code) == (400, 403)
    assert NAV in bad.content.decode()
    assert NAV in denied.content.decode()
    assert "<title>Not allowed · Dugout</title>" in denied.content.decode()


def test_the_500_page_extends_base_and_needs_no_request() -> None:
    html = render_to_string("500.html")
    assert NAV in html
    assert "<title>Server error · Dugout</title>" in html
    response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert NAV in response.content.decode()
