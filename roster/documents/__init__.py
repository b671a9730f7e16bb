"""The roster's representation: its shape (``serializers``) and the copy built once per change (``cache``)."""
