"""The web card room: FastAPI + websockets over a SQLAlchemy store, static pages without a build."""

from .app import create_app
from .room import Room
from .settings import Settings

__all__ = ["Room", "Settings", "create_app"]
