"""A battle's aftermath: queued after confirmation (``queue``), rolled and applied by a task (``run``),
and the choices it leaves to people answered (``decisions``)."""
