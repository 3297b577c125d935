from django.urls import path

from league.notices import views

app_name = "notices"
urlpatterns = [
    path("", views.notice_list, name="list"),
    path("unread/", views.unread, name="unread"),
    path("read/", views.notices_read, name="read"),
    path("mail/", views.mail_choices, name="mail"),
    path("<int:pk>/", views.notice_open, name="open"),
]
