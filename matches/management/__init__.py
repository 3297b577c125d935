"""Django's management commands of matches."""
