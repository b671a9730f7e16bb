"""The Celery app, loaded at start-up (campaign/__init__.py) so tasks can be queued from Django."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")

app = Celery("muster", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Jobs that live with the capability they serve, not in an app's tasks.py.
app.autodiscover_tasks(["roster.aftermath", "campaign.weekly.resolution"])
