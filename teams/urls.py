from django.urls import path

from teams import sheet_views, views

app_name = "teams"
urlpatterns = [
    path("", views.team_list, name="list"),
    path("new/", views.team_new, name="new"),
    path("<int:pk>/", views.team_detail, name="detail"),
    path("<int:pk>/buy/", views.team_buy, name="buy"),
    path("<int:pk>/adjust/", views.team_adjust_view, name="adjust"),
    path("<int:pk>/ledger/<int:sequence>/undo/", views.entry_undo_view, name="undo"),
    path("<int:pk>/players/<int:player>/improve/", views.player_improve, name="improve"),
    path("<int:pk>/players/<int:player>/leave/", views.player_leave_view, name="player-leave"),
    path("<int:pk>/roster-sheet/", sheet_views.sheet_start, name="sheet-start"),
    path("<int:pk>/roster-sheet/preview/", sheet_views.sheet_preview, name="sheet-preview"),
    path("<int:pk>/roster-sheet/<int:sheet>/", sheet_views.sheet_progress, name="sheet"),
    path(
        "<int:pk>/roster-sheet/<int:sheet>/pdf/", sheet_views.sheet_pdf_download, name="sheet-pdf"
    ),
]
