"""The API plumbing every app shares: the error shape, idempotency, the viewer, pagination, the schema."""
