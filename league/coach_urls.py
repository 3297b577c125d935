from django.urls import path, re_path

from league import coach_views

app_name = "coaches"
# A username as Django's validator allows it: letters, digits and @ . + - _.
USERNAME = r"(?P<username>[\w.@+-]+)"

urlpatterns = [
    path("", coach_views.coach_list, name="list"),
    re_path(rf"^{USERNAME}/$", coach_views.coach_detail, name="detail"),
]
