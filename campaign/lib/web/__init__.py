"""The plumbing every app's web pages share that needs no app (``common``)."""
