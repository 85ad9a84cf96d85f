"""Evaluation runs: pair generated with gold surveys, run metrics resumably, store results.

``run_eval(Workspace, EvalConfig)`` is what ``surveybench eval`` calls; results land in
``WORKSPACE/runs/RUN_ID/results.parquet`` with a ``manifest.json`` beside them. The engine's
seams are :mod:`~surveybench.eval.plan`, :mod:`~surveybench.eval.resources`,
:mod:`~surveybench.eval.execute` (the :class:`Executor` protocol) and :mod:`~surveybench.eval.store`.
"""

from surveybench.eval.execute import Executor, LocalExecutor, compute_unit
from surveybench.eval.plan import EvalConfig, EvalError, Unit, select_metrics
from surveybench.eval.runner import EvalOutcome, run_eval, score_pair
from surveybench.eval.store import RESULT_COLUMNS
from surveybench.eval.units import UnitKey, UnitStore

__all__ = [
    "RESULT_COLUMNS", "EvalConfig", "EvalError", "EvalOutcome", "Executor", "LocalExecutor", "Unit",
    "UnitKey", "UnitStore", "compute_unit", "run_eval", "score_pair", "select_metrics",
]
