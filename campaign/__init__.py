"""Muster's Django project package, and the campaign app."""

from campaign.celery import app as celery_app

__all__ = ["celery_app"]
