"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 33, area L).

Deep-research reports' source lists in the shapes the newly promoted splits print them: Qianfan's Chinese heading
"参考内容如下：" (the reference content is as follows) over footnote definitions; a Gemini report pasted as plain text,
its "Works cited" list's numbers lost ("Title - Site, accessed May 3, 2025, https://...", one source a line) or its
heading lost (a rule, then "1. Title - Site, https://..."); a ChatGPT report copied as text, its source groups' links
lost ("[1] [2] [4] Title" over the address).

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text as _read


def _linked(survey) -> list[tuple[str, list[str]]]:  # type: ignore[no-untyped-def]
    return [(m.marker, m.ref_ids) for sec in survey.sections for para in sec.paragraphs for m in para.citations]


def test_qianfan_reference_content_heading(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Adaptive PID control for drones

## 1 Introduction

PX4 nests its control loops[^1]. ArduPilot does the same[^2][^3].

## 2 Conclusion

Gains must adapt[^3].

# 参考内容如下：
[^1]:[Controller Diagrams | PX4 Guide](https://docs.px4.io/main/en/flight_stack/controller_diagrams)
[^2]:[Copter Attitude Control](https://ardupilot.org/dev/docs/apmcopter-programming-attitude-control-2.html)
[^3]:[PID Tuning Guide](https://betaflight.com/docs/wiki/guides/current/PID-Tuning-Guide)
""")
    # before: the heading was read as a section, its lines as its text: no entries
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusion"]
    assert len(survey.references) == 3
    assert _linked(survey) == [("[^1]", ["1"]), ("[^2]", ["2"]), ("[^3]", ["3"]), ("[^3]", ["3"])]


def test_works_cited_pasted_without_its_numbers(tmp_path: Path) -> None:
    sites = ["Stable-Baselines3 Docs - Read the Docs", "PPO — Stable Baselines3 documentation", "[Question] evaluate_policy "
             "with render - GitHub", "CartPole - Gymnasium Documentation", "sb3/dqn-CartPole-v1 · Hugging Face"]
    works = "\n".join(f"{s}, accessed May 3, 2025, https://example.org/page{k}" for k, s in enumerate(sites, 1))
    survey = _read(tmp_path, f"""\
# Replicating CartPole with Stable Baselines3

## 1. Introduction

Stable Baselines3 offers tested implementations.

## 2. Conclusion

Tuned hyperparameters matter.

Works cited
{works}
https://docs.google.com/document/d/1Luw/edit
""")
    # before: one entry (no author list opens a line); now one a line, numbered by place, the document's own address
    # after the list kept with the last source
    assert [(r.id, r.title) for r in survey.references][:2] == [
        ("1", "Stable-Baselines3 Docs - Read the Docs"), ("2", "PPO — Stable Baselines3 documentation")]
    assert len(survey.references) == 5
    assert survey.references[-1].raw.endswith("https://example.org/page5 https://docs.google.com/document/d/1Luw/edit")


def test_numbered_web_sources_after_a_rule_without_a_heading(tmp_path: Path) -> None:
    sources = "\n".join(f"{k}. Source number {k} on penalized regression - Site{k}, https://example.org/s{k}.pdf"
                        for k in range(1, 11))
    survey = _read(tmp_path, f"""\
# QSAR modeling of toxicity

## 1. Data context

Lasso selects few descriptors.[1] Stability selection helps.[2, 10]

## 2. Conclusion

Future work should test robustness.[9]
--------------------------------------------------------------------------------
{sources}
""")
    # before: the list was the conclusion's text
    assert len(survey.references) == 10
    assert survey.references[9].raw == "Source number 10 on penalized regression - Site10, https://example.org/s10.pdf"
    assert all(ids for _m, ids in _linked(survey))


def test_source_groups_copied_without_their_links(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Research platform architecture

## Plan

Agents scale with structure.

[1] [2] [3] Towards a Science of Scaling Agent Systems
https://arxiv.org/abs/2512.08296
[4] Pydantic AI vs LangGraph - ZenML Blog
https://www.zenml.io/blog/pydantic-ai-vs-langgraph
[5] [6] GitHub - 567-labs/instructor: structured outputs for llms
https://github.com/567-labs/instructor
""")
    # before: five entries, "[1]" and "[2]" alone among them
    assert [(r.raw, r.numbers) for r in survey.references] == [
        ("Towards a Science of Scaling Agent Systems https://arxiv.org/abs/2512.08296", ["1", "2", "3"]),
        ("Pydantic AI vs LangGraph - ZenML Blog https://www.zenml.io/blog/pydantic-ai-vs-langgraph", ["4"]),
        ("GitHub - 567-labs/instructor: structured outputs for llms https://github.com/567-labs/instructor", ["5", "6"]),
    ]

