"""A coach's own profile: his details, his address and its verification, his API tokens."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_http_methods, require_POST

from league.config.accounts.forms import DetailsForm
from league.config.accounts.tokens import TokenRefused, token_create, token_revoke, tokens_of
from league.config.accounts.verification import (
    VerificationRefused,
    pending,
    verification_find,
    verification_send,
    verification_use,
)


def _profile(request: HttpRequest, status: int = 200, **extra) -> HttpResponse:
    context = {
        "details": DetailsForm(instance=request.user),
        "pending": pending(request.user),
        "tokens": tokens_of(request.user),
        **extra,
    }
    response = render(request, "registration/profile.html", context, status=status)
    add_never_cache_headers(response)  # a new token's secret is on it once, and never cached
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _profile(request)
    form = DetailsForm(request.POST, instance=request.user)
    if not form.is_valid():
        return _profile(request, status=400, details=form)
    form.save()
    messages.success(request, "Your details are saved.")
    return redirect("profile")


@login_required
@require_POST
def email_change(request: HttpRequest) -> HttpResponse:
    """A new address, or the same one again ("send the link again")."""
    wanted = request.POST.get("email", "")
    try:
        verification = verification_send(request.user, wanted)
    except VerificationRefused as refused:
        return _profile(request, status=refused.status, email_problem=refused.message,
                        email_wanted=wanted)  # fmt: skip
    told = f"We mailed a link to {verification.email}: open it to confirm the address."
    if request.user.email_verified and verification.email != request.user.email:
        told += f" Until then Dugout mails {request.user.email}."
    messages.success(request, told)
    return redirect("profile")


@login_required
@require_POST
def token_new(request: HttpRequest) -> HttpResponse:
    try:
        token, secret = token_create(request.user, request.POST.get("name", ""))
    except TokenRefused as refused:
        return _profile(request, status=400, token_problem=refused.message)
    return _profile(request, status=201, new_token=token, secret=secret)


@login_required
@require_POST
def token_revoke_view(request: HttpRequest, number) -> HttpResponse:
    if token_revoke(request.user, number):
        messages.success(request, "The token is revoked: nothing can use it any more.")
    else:
        messages.error(request, "You have no such token (revoked already?).")
    return redirect("profile")


@require_http_methods(["GET", "HEAD", "POST"])
def verify_email(request: HttpRequest, token: str) -> HttpResponse:
    """The mailed link opens a page with a button: mail scanners follow links, and a link
    that verified on GET would be spent before the coach ever saw it."""
    try:
        if request.method != "POST":
            verification = verification_find(token)
            return render(request, "registration/verify_email.html", {"verification": verification})
        verified = verification_use(token)
    except VerificationRefused as refused:
        context = {"problem": refused.message}
        return render(request, "registration/verify_email.html", context, status=400)
    messages.success(request, f"{verified.email} is confirmed: Dugout will mail you there.")
    return redirect("profile" if request.user.is_authenticated else "login")
