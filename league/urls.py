from django.urls import path

from league import invitation_views, table_views, views

app_name = "leagues"
urlpatterns = [
    path("", views.league_list, name="list"),
    path("new/", views.league_new, name="new"),
    path("<int:pk>/", views.league_detail, name="detail"),
    path("<int:pk>/enter/", views.league_enter, name="enter"),
    path("<int:pk>/settings/", views.league_settings_view, name="settings"),
    path("<int:pk>/dashboard/", views.dashboard, name="dashboard"),
    path("<int:pk>/commissioners/", views.commissioner_add_view, name="commissioner-add"),
    path("<int:pk>/invitations/", invitation_views.invite, name="invite"),
    path("<int:pk>/invitations/<int:invitation>/withdraw/", invitation_views.withdraw,
         name="invitation-withdraw"),
    path("<int:pk>/memberships/<int:membership>/decide/", views.membership_decide_view,
         name="membership-decide"),
    path("<int:pk>/memberships/<int:membership>/end/", views.membership_end_view,
         name="membership-end"),
    path("<int:pk>/seasons/new/", views.season_new, name="season-new"),
    path("<int:pk>/table/", table_views.all_time_table_view, name="table"),
    path("<int:pk>/seasons/<int:number>/", views.season_detail, name="season"),
    path("<int:pk>/seasons/<int:number>/table/", table_views.season_table_view,
         name="season-table"),
    path("<int:pk>/seasons/<int:number>/arrange/", views.fixture_arrange_view, name="arrange"),
    path("<int:pk>/fixtures/<int:fixture>/reschedule/", views.fixture_reschedule_view,
         name="reschedule"),
    path("<int:pk>/fixtures/<int:fixture>/forfeit/", views.fixture_forfeit_view, name="forfeit"),
]  # fmt: skip
