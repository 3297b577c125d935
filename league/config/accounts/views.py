"""Coach accounts: sign up here; log in, log out and password change are Django's own views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from league.config.accounts.forms import SignUpForm
from league.config.accounts.verification import verification_send


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                coach = form.save()
                verification_send(coach, coach.email)
        except IntegrityError:  # another sign-up took the name between the check and now
            form.add_error("username", "A user with that username already exists.")
        else:
            login(request, coach, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                f"Welcome to Dugout, {coach.username}. We mailed a link to {coach.email}: "
                "open it to confirm the address.",
            )
            return redirect("home")
    status = 400 if form.is_bound else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)
