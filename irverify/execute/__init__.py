"""Concrete execution backends."""
