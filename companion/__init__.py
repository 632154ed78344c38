"""Speicherstadt Table Companion: keeps the books for a game of Die Speicherstadt."""

__version__ = "0.1.0"
