"""Confirming an address: the link mailed works once, only for the address it was mailed to,
until it expires; re-sends are throttled; a verified address belongs to one coach, and
nobody learns from the site whose address is whose."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.db import IntegrityError, transaction
from django.test import Client, override_settings

from league.config.accounts.links import SALT, link_token
from league.config.accounts.models import EmailVerification
from league.config.accounts.verification import (
    VerificationRefused,
    pending,
    verification_send,
    verification_use,
)
from tests.league.config.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LINK = re.compile(r"http://\S+/accounts/verify/(\S+)/")


def sent(coach, email: str, django_capture_on_commit_callbacks) -> str:
    """Asks for a link and returns the token in the mail it sends."""
    with django_capture_on_commit_callbacks(execute=True):
        verification_send(coach, email)
    return LINK.search(mail.outbox[-1].body).group(1)


def older(coach, **delta) -> None:
    """Every link the coach was sent, mailed `delta` earlier."""
    for row in coach.email_verifications.all():
        EmailVerification.objects.filter(pk=row.pk).update(
            sent_at=row.sent_at - datetime.timedelta(**delta)
        )


def fresh(coach):
    return get_user_model().objects.get(pk=coach.pk)


# --- The link ---


def test_the_link_confirms_the_address(coach, django_capture_on_commit_callbacks) -> None:
    token = sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    verified = verification_use(token)
    assert verified.email == "varag@dugout.example"
    assert fresh(coach).email_verified


def test_the_mail_goes_to_the_address_and_names_the_account(
    coach, django_capture_on_commit_callbacks
) -> None:
    sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    [message] = mail.outbox
    assert message.to == ["varag@dugout.example"]
    assert message.subject == "Dugout: confirm your e-mail address"
    assert "for the account varag" in message.body
    assert "works once, for 48 hours, and only for this address" in message.body


def test_a_link_works_once(coach, django_capture_on_commit_callbacks) -> None:
    token = sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    verification_use(token)
    with pytest.raises(VerificationRefused, match="used already: each link works once"):
        verification_use(token)


def test_a_link_expires_after_48_hours(coach, django_capture_on_commit_callbacks) -> None:
    token = sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    older(coach, hours=48, minutes=1)
    with pytest.raises(VerificationRefused, match=r"expired \(48 hours after it was mailed\)"):
        verification_use(token)
    assert not fresh(coach).email_verified


def test_a_link_still_works_just_before_it_expires(
    coach, django_capture_on_commit_callbacks
) -> None:
    token = sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    older(coach, hours=47, minutes=59)
    verification_use(token)
    assert fresh(coach).email_verified


def test_a_link_for_an_address_he_has_since_replaced_is_refused(
    coach, django_capture_on_commit_callbacks
) -> None:
    first = sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    older(coach, minutes=3)
    sent(coach, "varag@orcland.example", django_capture_on_commit_callbacks)
    with pytest.raises(VerificationRefused, match="you have since asked for varag@orcland"):
        verification_use(first)
    assert fresh(coach).email == "varag@orcland.example"
    assert not fresh(coach).email_verified


def test_a_link_bound_to_another_address_is_refused(
    coach, django_capture_on_commit_callbacks
) -> None:
    """The address is in the signed link: a link re-signed for another address would need
    the site's key, and a row's link never confirms an address other than its own."""
    sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    row = coach.email_verifications.get()
    forged = signing.dumps({"v": row.pk, "e": "thief@elsewhere.example"}, salt=SALT)
    with pytest.raises(VerificationRefused, match="no longer waiting to be verified"):
        verification_use(forged)


def test_a_link_with_a_broken_signature_is_refused(
    coach, django_capture_on_commit_callbacks
) -> None:
    token = sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    with pytest.raises(VerificationRefused, match="not a link Dugout mailed"):
        verification_use(token[:-2] + ("AA" if not token.endswith("AA") else "BB"))


def test_a_link_signed_for_something_else_is_refused(coach) -> None:
    row = EmailVerification.objects.create(user=coach, email=coach.email)
    other_purpose = signing.dumps({"v": row.pk, "e": coach.email}, salt="something-else")
    with pytest.raises(VerificationRefused, match="not a link Dugout mailed"):
        verification_use(other_purpose)
    assert link_token(row) != other_purpose


# --- Re-sends ---


def test_a_second_link_within_two_minutes_is_refused_with_429(
    coach, django_capture_on_commit_callbacks
) -> None:
    sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    with pytest.raises(VerificationRefused, match=r"ask again in 1[0-9][0-9] seconds") as refused:
        verification_send(coach, "varag@dugout.example")
    assert refused.value.status == 429
    assert len(mail.outbox) == 1


def test_a_second_link_after_two_minutes_goes(coach, django_capture_on_commit_callbacks) -> None:
    sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    older(coach, seconds=121)
    sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 2


def test_at_most_five_links_go_in_a_day(coach, django_capture_on_commit_callbacks) -> None:
    for _ in range(5):
        sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
        older(coach, minutes=10)
    with pytest.raises(VerificationRefused, match="at most 5 links a day") as refused:
        verification_send(coach, "varag@dugout.example")
    assert refused.value.status == 429
    older(coach, hours=23, minutes=15)  # the first of the five is now more than a day old
    sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 6


def test_any_link_of_the_day_may_confirm_while_it_is_the_newest_address(
    coach, django_capture_on_commit_callbacks
) -> None:
    first = sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    older(coach, minutes=3)
    sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks)
    verification_use(first)  # the same address: the older mail is as good as the newer
    assert fresh(coach).email_verified


# --- Changing a confirmed address ---


def test_a_new_address_waits_and_the_old_one_stays_until_the_link_is_opened(
    coach, django_capture_on_commit_callbacks
) -> None:
    verification_use(sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks))
    older(coach, minutes=3)
    token = sent(coach, "varag@orcland.example", django_capture_on_commit_callbacks)
    coach = fresh(coach)
    assert (coach.email, coach.email_verified) == ("varag@dugout.example", True)
    assert pending(coach).email == "varag@orcland.example"
    verified = verification_use(token)
    assert verified.previous == "varag@dugout.example"
    coach = fresh(coach)
    assert (coach.email, coach.email_verified) == ("varag@orcland.example", True)
    assert pending(coach) is None


def test_the_old_address_is_told_of_the_change(coach, django_capture_on_commit_callbacks) -> None:
    verification_use(sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks))
    older(coach, minutes=3)
    token = sent(coach, "varag@orcland.example", django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        verification_use(token)
    told = mail.outbox[-1]
    assert told.to == ["varag@dugout.example"]
    assert told.subject == "Dugout: your e-mail address was changed"
    assert "varag@orcland.example" not in told.body  # the old owner learns no new address


def test_an_unconfirmed_address_is_replaced_at_once(
    coach, django_capture_on_commit_callbacks
) -> None:
    sent(coach, "varag@orcland.example", django_capture_on_commit_callbacks)
    assert fresh(coach).email == "varag@orcland.example"
    assert [message.to for message in mail.outbox] == [["varag@orcland.example"]]


def test_it_refuses_something_that_is_not_an_address(coach) -> None:
    with pytest.raises(VerificationRefused, match="'not-an-address' is not an e-mail address"):
        verification_send(coach, "not-an-address")
    with pytest.raises(VerificationRefused, match="Give an e-mail address"):
        verification_send(coach, "   ")
    assert not coach.email_verifications.exists()


# --- One coach per confirmed address, and nobody told whose it is ---


def test_a_second_coach_giving_a_confirmed_address_gets_no_link(
    coach, django_capture_on_commit_callbacks
) -> None:
    verification_use(sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks))
    morg = get_user_model().objects.create_user("morg", "", PASSWORD)
    with django_capture_on_commit_callbacks(execute=True):
        verification_send(morg, "VARAG@dugout.example")
    told = mail.outbox[-1]
    assert told.to == ["VARAG@dugout.example"]
    assert told.subject == "Dugout: this address already has an account"
    assert "already belongs to the Dugout account varag" in told.body
    assert "/accounts/verify/" not in told.body
    assert not fresh(morg).email_verified


def test_a_link_for_an_address_confirmed_since_by_another_coach_is_refused(
    coach, django_capture_on_commit_callbacks
) -> None:
    morg = get_user_model().objects.create_user("morg", "", PASSWORD)
    theirs = sent(morg, "varag@dugout.example", django_capture_on_commit_callbacks)
    verification_use(sent(coach, "varag@dugout.example", django_capture_on_commit_callbacks))
    with pytest.raises(VerificationRefused, match="another coach's verified address"):
        verification_use(theirs)
    assert not fresh(morg).email_verified


def test_the_database_keeps_a_confirmed_address_to_one_coach(coach) -> None:
    get_user_model().objects.filter(pk=coach.pk).update(email_verified=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create_user(
            "morg", "Varag@Dugout.example", PASSWORD, email_verified=True
        )


def test_two_coaches_may_give_the_same_address_unconfirmed(coach) -> None:
    get_user_model().objects.create_user("morg", "varag@dugout.example", PASSWORD)
    assert get_user_model().objects.filter(email="varag@dugout.example").count() == 2


# --- Sign-up ---


def signup(client: Client, **fields: str):
    data = {
        "username": "morg",
        "email": "morg@dugout.example",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **fields,
    }
    return client.post("/accounts/signup/", data, follow=True)


def test_sign_up_needs_an_address(client: Client, mails_at_once) -> None:
    response = signup(client, email="")
    assert response.status_code == 400
    assert response.context["form"].errors["email"] == ["This field is required."]
    assert not get_user_model().objects.exists()


def test_sign_up_mails_a_link_that_confirms_the_address(client: Client, mails_at_once) -> None:
    response = signup(client)
    assert "We mailed a link to morg@dugout.example" in response.content.decode()
    token = LINK.search(mail.outbox[-1].body).group(1)
    page = client.get(f"/accounts/verify/{token}/")
    assert "Confirm <strong>morg@dugout.example</strong>" in page.content.decode()
    assert not get_user_model().objects.get(username="morg").email_verified  # a GET spends nothing
    answer = client.post(f"/accounts/verify/{token}/", follow=True)
    assert "morg@dugout.example is confirmed" in answer.content.decode()
    assert get_user_model().objects.get(username="morg").email_verified


def test_signing_up_with_a_confirmed_address_looks_the_same_to_whoever_signs_up(
    client: Client, coach, mails_at_once
) -> None:
    get_user_model().objects.filter(pk=coach.pk).update(email_verified=True)
    response = signup(client, email="varag@dugout.example")
    assert "We mailed a link to varag@dugout.example" in response.content.decode()
    assert mail.outbox[-1].subject == "Dugout: this address already has an account"


def test_a_spent_link_page_says_why(client: Client, mails_at_once) -> None:
    signup(client)
    token = LINK.search(mail.outbox[-1].body).group(1)
    client.post(f"/accounts/verify/{token}/")
    again = client.post(f"/accounts/verify/{token}/")
    assert again.status_code == 400
    assert "used already" in again.content.decode()
    assert client.get(f"/accounts/verify/{token}/").status_code == 400


def test_the_link_works_from_a_phone_where_he_is_not_signed_in(
    client: Client, mails_at_once
) -> None:
    signup(client)
    token = LINK.search(mail.outbox[-1].body).group(1)
    phone = Client()
    answer = phone.post(f"/accounts/verify/{token}/", follow=True)
    assert answer.redirect_chain[-1][0].startswith("/accounts/login/")
    assert get_user_model().objects.get(username="morg").email_verified


@override_settings(EMAIL_RESEND_SECONDS=0)
def test_the_profile_answers_a_throttled_resend_with_429(client: Client, coach) -> None:
    client.force_login(coach)
    with override_settings(EMAIL_RESEND_PER_DAY=1):
        assert client.post("/accounts/profile/email/", {"email": coach.email}).status_code == 302
        answer = client.post("/accounts/profile/email/", {"email": coach.email})
    assert answer.status_code == 429
    assert "at most 1 links a day" in answer.content.decode()
