"""The static leaderboard site: ``build_site(results, out_dir)`` (see :mod:`surveybench.leaderboard.site`)."""

from surveybench.leaderboard.site import build_site

__all__ = ["build_site"]
