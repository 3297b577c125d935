from django.urls import path

from rules import views

app_name = "rules"
urlpatterns = [
    path("", views.ruleset_list, name="list"),
    path("<slug:slug>/", views.ruleset_detail, name="detail"),
    path("<slug:slug>/races/", views.race_list, name="races"),
    path("<slug:slug>/races/<slug:race>/", views.race_detail, name="race"),
    path("<slug:slug>/skills/", views.skill_list, name="skills"),
    path("<slug:slug>/star-players/", views.star_player_list, name="star-players"),
    path("<slug:slug>/staff/", views.staff_list, name="staff"),
    path("<slug:slug>/tables/", views.table_list, name="tables"),
    path("<slug:slug>/settings/", views.setting_list, name="settings"),
]
