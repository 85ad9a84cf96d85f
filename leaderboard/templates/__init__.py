"""Jinja2 templates of the leaderboard site (a package so setuptools ships them as package data)."""
