"""Imported once the apps are ready: registers the week resolver, the task and the admin of the weekly moves."""

from campaign.weekly import admin, resolver, tasks  # noqa: F401
