from django.urls import path

from rules import house_views, views

app_name = "rules"
urlpatterns = [
    path("", views.ruleset_list, name="list"),
    # Before "<slug>/": "import" is a page, not a ruleset.
    path("import/", house_views.import_file, name="import"),
    path("<slug:slug>/", views.ruleset_detail, name="detail"),
    path("<slug:slug>/races/", views.race_list, name="races"),
    path("<slug:slug>/races/<slug:race>/", views.race_detail, name="race"),
    path("<slug:slug>/skills/", views.skill_list, name="skills"),
    path("<slug:slug>/star-players/", views.star_player_list, name="star-players"),
    path("<slug:slug>/staff/", views.staff_list, name="staff"),
    path("<slug:slug>/tables/", views.table_list, name="tables"),
    path("<slug:slug>/settings/", views.setting_list, name="settings"),
    path("<slug:slug>/copy/", house_views.copy, name="copy"),
    path("<slug:slug>/export/", house_views.export, name="export"),
    path("<slug:slug>/editors/", house_views.editors, name="editors"),
    path("<slug:slug>/edit/settings/", house_views.settings_edit, name="edit-settings"),
    path("<slug:slug>/edit/races/<slug:race>/", house_views.team_list_edit, name="edit-race"),
    path("<slug:slug>/edit/<slug:section>/", house_views.section_edit, name="edit-section"),
]
