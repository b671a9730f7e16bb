"""The weekly moves' API views (routes in ``campaign/api/routes.py``)."""
