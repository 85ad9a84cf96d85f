"""CSS and JavaScript of the leaderboard site (a package so setuptools ships them as package data)."""
