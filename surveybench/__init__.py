"""SurveyBench: build, run and score benchmarks for systems that write literature surveys."""

__version__ = "0.1.0"
