from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A coach. Every user of Dugout is a coach; commissioners are coaches with a league."""
