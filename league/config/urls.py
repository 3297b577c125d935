from axes.utils import reset as axes_reset
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from league import coach_api, coach_urls, retire_views
from league.api import LeagueViewSet
from league.config import api, views
from league.config.accounts import api as accounts_api
from league.config.accounts import profile_views
from league.config.accounts import views as accounts
from league.config.accounts.forms import VerifiedPasswordResetForm
from matches.api import MatchViewSet
from rules.api import RulesetViewSet
from teams.api import TeamViewSet

api.router.register("rulesets", RulesetViewSet, basename="ruleset")
api.router.register("teams", TeamViewSet, basename="team")
api.router.register("leagues", LeagueViewSet, basename="league")
api.router.register("matches", MatchViewSet, basename="match")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, mailing a plain-text link. An address no coach uses gets the
    same "check your mail" page and no mail, so the form tells no one who has an account; so
    does an address not yet confirmed, which may not be the coach's at all."""

    form_class = VerifiedPasswordResetForm
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's new-password form behind the mailed link. Whoever reads the coach's mail may
    set his password, so setting it also lifts a django-axes lock on his username: a coach
    locked out for guessing can log in with the new password at once."""

    def form_valid(self, form):
        response = super().form_valid(form)
        axes_reset(username=form.user.get_username())
        return response


class FaviconView(RedirectView):
    """Browsers ask for /favicon.ico whatever a page links: send them to the real one. The
    address is worked out per request (hashed in production) and the redirect is temporary,
    so a new favicon never meets a browser that remembers the old file."""

    permanent = False

    def get_redirect_url(self, *args, **kwargs) -> str:
        return static("img/favicon.svg")


account_patterns = [
    path("signup/", accounts.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("profile/", profile_views.profile, name="profile"),
    path("profile/email/", profile_views.email_change, name="email_change"),
    path("profile/tokens/", profile_views.token_new, name="token_new"),
    path(
        "profile/tokens/<uuid:number>/revoke/",
        profile_views.token_revoke_view,
        name="token_revoke",
    ),
    path("verify/<str:token>/", profile_views.verify_email, name="verify_email"),
    path(
        "password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("password/reset/", PasswordResetView.as_view(), name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]

api_patterns = [
    path("", api.ApiRootView.as_view(), name="api-root"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as /api/docs/?script=, a script file
    # of the site's own, where the plain view writes it inline: the CSP allows no inline script.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", api.ObtainTokenView.as_view(), name="api-auth-token"),
    path("me/", accounts_api.MeView.as_view(), name="api-me"),
    path("me/email/", accounts_api.EmailView.as_view(), name="api-me-email"),
    path("me/tokens/", accounts_api.TokenListView.as_view(), name="api-me-tokens"),
    path("me/tokens/<uuid:number>/", accounts_api.TokenView.as_view(), name="api-me-token"),
    path("teams/<int:pk>/retire/", retire_views.TeamRetireView.as_view(), name="api-team-retire"),
    path("coaches/", coach_api.CoachListView.as_view(), name="api-coach-list"),
    re_path(
        rf"^coaches/{coach_urls.USERNAME}/$",
        coach_api.CoachDetailView.as_view(),
        name="api-coach-detail",
    ),
    path("", include(api.router.urls)),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", FaviconView.as_view(), name="favicon"),
    path("accounts/", include(account_patterns)),
    path("rules/", include("rules.urls")),
    path("teams/<int:pk>/retire/", retire_views.team_retire_view, name="team-retire"),
    path("teams/", include("teams.urls")),
    path("leagues/", include("league.urls")),
    path("matches/", include("matches.urls")),
    path("notices/", include("league.notices.urls")),
    path("coaches/", include("league.coach_urls")),
    path("api/", include(api_patterns)),
    path("admin/", admin.site.urls),
]

# JSON for the API's addresses, the site's pages for the rest (league/config/views.py).
handler400 = views.bad_request
handler403 = views.permission_denied
handler404 = views.page_not_found
handler500 = views.server_error
