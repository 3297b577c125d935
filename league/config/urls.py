from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from league.api import LeagueViewSet
from league.config import api, views
from league.config.accounts import views as accounts
from matches.api import MatchViewSet
from rules.api import RulesetViewSet
from teams.api import TeamViewSet

api.router.register("rulesets", RulesetViewSet, basename="ruleset")
api.router.register("teams", TeamViewSet, basename="team")
api.router.register("leagues", LeagueViewSet, basename="league")
api.router.register("matches", MatchViewSet, basename="match")

account_patterns = [
    path("signup/", accounts.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
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
]

api_patterns = [
    path("", api.ApiRootView.as_view(), name="api-root"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", api.ObtainTokenView.as_view(), name="api-auth-token"),
    path("me/", api.MeView.as_view(), name="api-me"),
    path("", include(api.router.urls)),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("accounts/", include(account_patterns)),
    path("rules/", include("rules.urls")),
    path("teams/", include("teams.urls")),
    path("leagues/", include("league.urls")),
    path("matches/", include("matches.urls")),
    path("api/", include(api_patterns)),
    path("admin/", admin.site.urls),
]
