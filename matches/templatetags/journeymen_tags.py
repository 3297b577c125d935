"""The post-game page's journeymen to hire (matches/post_game/hires.py), read by its own include so
the page's view need not know of them."""

from __future__ import annotations

from django import template

from matches.post_game.hires import Offer, offers_for_page

register = template.Library()


@register.simple_tag
def journeymen_offered(match, post, user) -> list[Offer]:
    """The journeymen offered after the match, each with whether `user` may hire him now;
    none for steps that were never stored (a summary rendered from worked steps alone)."""
    if getattr(post, "pk", None) is None:
        return []
    return offers_for_page(match, post, user)
