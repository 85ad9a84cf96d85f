"""Evaluation runs: pair generated with gold surveys, run metrics resumably, store results.

``run_eval(Workspace, EvalConfig)`` is what ``surveybench eval`` calls; results land in
``WORKSPACE/runs/RUN_ID/results.parquet`` with a ``manifest.json`` beside them.
"""

from surveybench.eval.runner import (
    RESULT_COLUMNS,
    EvalConfig,
    EvalError,
    EvalOutcome,
    run_eval,
    select_metrics,
)
from surveybench.eval.units import UnitKey, UnitStore

__all__ = [
    "RESULT_COLUMNS", "EvalConfig", "EvalError", "EvalOutcome", "UnitKey", "UnitStore",
    "run_eval", "select_metrics",
]
