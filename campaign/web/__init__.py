"""The web app (composition root): pages and htmx partials split by job, reading through the apps'
selectors and writing through their services, as the API does."""
