"""Benchmarks: run each as ``python -m tests.bench.<name>``; pytest does not collect them."""
