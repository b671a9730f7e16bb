"""A week's resolution: queued when the week is claimed (``queue``), run entry by entry by a task (``run``,
``tasks``), resuming where it stopped."""
