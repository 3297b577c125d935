"""Template tags of the match pages."""
