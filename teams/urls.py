from django.urls import path

from teams import views

app_name = "teams"
urlpatterns = [
    path("", views.team_list, name="list"),
    path("new/", views.team_new, name="new"),
    path("<int:pk>/", views.team_detail, name="detail"),
    path("<int:pk>/buy/", views.team_buy, name="buy"),
    path("<int:pk>/adjust/", views.team_adjust_view, name="adjust"),
    path("<int:pk>/players/<int:player>/improve/", views.player_improve, name="improve"),
    path("<int:pk>/players/<int:player>/leave/", views.player_leave_view, name="player-leave"),
]
