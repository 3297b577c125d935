from django.urls import path

from matches import views
from matches.amend import correct_views
from matches.post_game import hire_views
from matches.post_game import views as post_game_views

app_name = "matches"
urlpatterns = [
    path("waiting/", views.waiting, name="waiting"),
    path("friendly/new/", views.friendly_new, name="friendly-new"),
    path("<int:pk>/", views.match_detail, name="detail"),
    path("<int:pk>/report/check/", views.report_check, name="report-check"),
    path("<int:pk>/post-game/", post_game_views.post_game_summary, name="post-game"),
    path("<int:pk>/post-game/hire/", hire_views.journeyman_hire_view, name="journeyman-hire"),
    path("<int:pk>/correct/", correct_views.report_correct_page, name="correct"),
    path("<int:pk>/<slug:action>/", views.match_act, name="act"),
]
