"""The two errors every interface shows to a person: a bad option and an illegal move."""


class ParlourError(Exception):
    """Base of every error Parlour raises on purpose."""


class OptionError(ParlourError, ValueError):
    """An unknown option name or a bad value; the message names the valid ones."""


class IllegalAction(ParlourError, ValueError):
    """A move the rules refuse; the message says why. The state is left unchanged."""
