"""The coach. It lives in the wiring, not in the leagues domain, so teams and matches
(and their migrations) depend on who a coach is without depending on leagues."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A coach. Every user of Dugout is a coach; commissioners are coaches with a league."""
