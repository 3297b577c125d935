from django.urls import path

from teams import builder_views, sheet_views, views

app_name = "teams"
urlpatterns = [
    path("", views.team_list, name="list"),
    path("new/", builder_views.team_new, name="new"),
    path("new/races/", builder_views.team_new_races, name="new-races"),
    path("<int:pk>/", views.team_detail, name="detail"),
    path("<int:pk>/buy/", views.team_buy, name="buy"),
    path("<int:pk>/rename/", views.team_rename_view, name="rename"),
    path("<int:pk>/adjust/", views.team_adjust_view, name="adjust"),
    path("<int:pk>/ledger/<int:sequence>/undo/", views.entry_undo_view, name="undo"),
    path("<int:pk>/players/<int:player>/improve/", views.player_improve, name="improve"),
    path("<int:pk>/players/<int:player>/leave/", views.player_leave_view, name="player-leave"),
    path("<int:pk>/players/<int:player>/rename/", views.player_rename_view, name="player-rename"),
    path("<int:pk>/roster-sheet/", sheet_views.sheet_start, name="sheet-start"),
    path("<int:pk>/roster-sheet/preview/", sheet_views.sheet_preview, name="sheet-preview"),
    path("<int:pk>/roster-sheet/<int:sheet>/", sheet_views.sheet_progress, name="sheet"),
    path(
        "<int:pk>/roster-sheet/<int:sheet>/pdf/", sheet_views.sheet_pdf_download, name="sheet-pdf"
    ),
]
