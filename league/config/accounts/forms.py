"""The account forms: sign-up (an e-mail address required), the profile's details and the
password reset that mails only verified addresses."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm

from league.config.accounts.verification import VerificationRefused, address


def display_name_tidy(text: str) -> str:
    """A display name with its spaces as one types them: single, none at the ends."""
    return " ".join(text.split())


@cache
def time_zones() -> list[str]:
    return sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})


class SignUpForm(UserCreationForm):
    """Django's, with an address he must give: Dugout tells him of disputes and resets his
    password there, once he has opened the link mailed to it."""

    email = forms.EmailField(
        label="Email address",
        help_text="Dugout mails a link to confirm it. It is never shown to other coaches.",
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ["username", "email"]

    def clean_email(self) -> str:
        try:
            return address(self.cleaned_data["email"])
        except VerificationRefused as refused:
            raise forms.ValidationError(refused.message) from refused


class DetailsForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        label="Time zone",
        help_text="Dates and times, deadlines among them, are shown in it.",
    )

    class Meta:
        model = get_user_model()
        fields = ["display_name", "time_zone"]
        labels = {"display_name": "Display name"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(zone, zone) for zone in time_zones()]
        self.fields["time_zone"].error_messages["invalid_choice"] = (
            "Pick a time zone from the list, such as Europe/London."
        )

    def clean_display_name(self) -> str:
        return display_name_tidy(self.cleaned_data["display_name"])


class VerifiedPasswordResetForm(PasswordResetForm):
    """Mails only a verified address: an address never proven his could be anyone's, and a
    reset link there would hand the account to whoever typed it."""

    def get_users(self, email):
        return (user for user in super().get_users(email) if user.email_verified)
