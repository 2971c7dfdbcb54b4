"""Benchmarks: scripts that print numbers (run them with the project's .venv python)."""
