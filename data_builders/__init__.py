"""Corpus builders: the SurveyGen-style corpus (Bao et al., EMNLP 2025, §2.2-2.3, App. H).

Stages (``surveybench build``; see ``data_builders/README.md``):
candidates -> classification -> full text -> enrichment -> second-level -> domains -> export.
Each stage checkpoints to the work directory, and every HTTP response is kept in an on-disk
cache, so an interrupted build resumes without fetching anything twice.
"""
