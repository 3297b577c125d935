"""Numbers typed into forms. A coach types "1,000,000" or " 3 "; anything that is not a whole
number comes back as None, so the caller refuses it naming its own field."""

from __future__ import annotations


def whole_number(text: str | None, blank: int | None = 0) -> int | None:
    """A signed whole number; spaces and thousands commas are allowed. Blank gives `blank`."""
    cleaned = (text or "").strip().replace(",", "")
    if not cleaned:
        return blank
    try:
        return int(cleaned)
    except ValueError:
        return None
