"""referee: the rules referee for Citadels (富饒之城 / 富饶之城)."""

__version__ = "0.1.0"
