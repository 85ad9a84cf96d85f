"""Why Rel_LLM is cheap with the local judge (issue 15): the systems of one topic share a prompt
prefix (instructions + human outline), the plan runs them one after another, and the in-process
llama.cpp model evaluates that prefix once. Token counts, never timings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from surveybench.eval.plan import Pairing, Selection, plan_units
from surveybench.judges.backends import LlamaCppBackend
from surveybench.judges.spec import parse_spec
from surveybench.metrics.base import get_metric
from surveybench.metrics.rubric import outline
from surveybench.prompts.judging import STRUCTURE_CONSISTENCY
from tests._llm_metric_helpers import survey

HUMAN = survey("Human", [("Introduction", ["x"]), ("Diffusion models", ["y"]), ("Applications", ["z"])],
               system=None, topic="Diffusion")


def _render(generated_outline: str) -> str:
    return STRUCTURE_CONSISTENCY.render(topic="Diffusion", human_outline=outline(HUMAN),
                                        generated_outline=generated_outline)


def test_two_systems_prompts_share_instructions_and_human_outline() -> None:
    a, b = _render("- Intro\n- Methods"), _render("- Background")
    shared = len(os.path.commonprefix([a, b]))
    human_block = "Human-written Outline:\n- Introduction\n- Diffusion models\n- Applications\n\n"
    # the shared part ends exactly where the generated outline starts
    assert a[:shared].endswith(human_block + "LLM-generated Outline:\n- ")
    assert a[shared:] == "Intro\n- Methods\n\nScore:" and b[shared:] == "Background\n\nScore:"
    assert a.startswith("You are an academic expert")


def test_plan_runs_a_topics_systems_one_after_another() -> None:
    topics = ["b-topic", "a-topic"]
    pairings = [
        Pairing(system, "t", [(t, survey(f"{system} {t}", [("S", ["x"])], system=system, topic=t),
                               survey(f"gold {t}", [("S", ["x"])], system=None, topic=t)) for t in topics],
                [], [])
        for system in ("S1", "S2", "S3")
    ]
    metric = get_metric("structure_llm")
    units = plan_units(pairings, Selection([metric], {metric.name: {}}), lambda m: ())
    assert [(u.topic, u.system) for u in units] == [
        ("a-topic", "S1"), ("a-topic", "S2"), ("a-topic", "S3"),
        ("b-topic", "S1"), ("b-topic", "S2"), ("b-topic", "S3"),
    ]


@pytest.mark.slow
def test_local_model_evaluates_the_shared_prefix_once() -> None:
    import llama_cpp

    backend = LlamaCppBackend(parse_spec("local"), n_ctx=2048)
    try:
        llm = backend._load()  # noqa: SLF001 - the model is what we look at
        # SmolLM2's Q4_1 file runs from an F32 copy (faster prefill on x86), deleted once loaded
        assert llm.metadata["general.file_type"] == str(llama_cpp.LLAMA_FTYPE_ALL_F32)
        assert Path(backend.model).name.endswith("Q4_1.gguf") and not Path(llm.model_path).exists()
        reply_a = backend.complete([{"role": "user", "content": _render("- Intro\n- Methods")}],
                                   temperature=0.0, max_tokens=2, seed=0, timeout=60)
        llama_cpp.llama_perf_context_reset(llm._ctx.ctx)  # noqa: SLF001
        reply_b = backend.complete([{"role": "user", "content": _render("- Background")}],
                                   temperature=0.0, max_tokens=2, seed=0, timeout=60)
        evaluated = llama_cpp.llama_perf_context(llm._ctx.ctx).n_p_eval  # noqa: SLF001
        shared = _render("- ")
        prefix = len(llm.tokenize(shared[: shared.index("LLM-generated Outline:")].encode(), add_bos=False))
        assert reply_a.prompt_tokens > prefix and reply_b.prompt_tokens > prefix
        # only the second prompt's tail after the shared prefix (its own outline, chat template end)
        assert 0 < evaluated <= reply_b.prompt_tokens - prefix + 16, (evaluated, reply_b.prompt_tokens, prefix)
    finally:
        backend.close()
