"""Doomtrooper at a live table (rules/doomtrooper.md): card data, settings, and the live system."""
