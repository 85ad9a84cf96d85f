"""LLM judges: OpenAI-compatible endpoints or an in-process GGUF model, behind a persistent
reply cache, retries, a concurrency limit and token/cost accounting; panels of judges with
their agreement.

    >>> judge = make_judge("http://127.0.0.1:8000/v1@qwen2.5-7b", cache_path=Path("cache.sqlite"))
    >>> j = judge.ask(PROMPT, {"survey": text}, parse=parse_score_1_to_5, metric="rubric")
    >>> j.ok, j.value, j.error

See :mod:`surveybench.judges.judge` for the retry policy and :mod:`surveybench.judges.spec`
for the spec strings.
"""

from surveybench.judges.agreement import (
    item_means,
    krippendorff_alpha,
    mean_pairwise_spearman,
    pairwise_spearman,
)
from surveybench.judges.failures import failure_label, summarise_causes
from surveybench.judges.judge import Judge, make_judge
from surveybench.judges.panel import Panel, PanelResult, make_judge_or_panel, make_panel, summarise
from surveybench.judges.parsing import (
    parse_json_keys,
    parse_json_object,
    parse_score,
    parse_score_1_to_5,
    parse_text,
    parse_yes_no,
)
from surveybench.judges.spec import DEFAULT_JUDGE_SPEC, JudgeSpec, local_smollm2_path, parse_spec
from surveybench.judges.types import (
    Completion,
    JudgeCacheError,
    Judgement,
    JudgeSpecError,
    ParseError,
    PermanentError,
    TransientError,
)

__all__ = [
    "DEFAULT_JUDGE_SPEC",
    "Completion",
    "Judge",
    "JudgeCacheError",
    "JudgeSpec",
    "JudgeSpecError",
    "Judgement",
    "Panel",
    "PanelResult",
    "ParseError",
    "PermanentError",
    "TransientError",
    "failure_label",
    "item_means",
    "krippendorff_alpha",
    "local_smollm2_path",
    "make_judge",
    "make_judge_or_panel",
    "make_panel",
    "mean_pairwise_spearman",
    "pairwise_spearman",
    "parse_json_keys",
    "parse_json_object",
    "parse_score",
    "parse_score_1_to_5",
    "parse_spec",
    "parse_text",
    "parse_yes_no",
    "summarise",
    "summarise_causes",
]
