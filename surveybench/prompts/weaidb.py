"""Prompts of weAIDB SurveyBench's content-based and quiz-based evaluation, verbatim.

Source: github.com/weAIDB/SurveyBench, ``src/`` (prompt texts reproduced with attribution; the
code around them is our own, see the metric modules). Each template keeps the original text
exactly, with ``str.format`` placeholders where the original fills in values:

- ``OUTLINE_*`` / ``OUTLINE_*_COMPARE`` — ``src/content_based_eval/prompt.py``
  (``OUTLINE_{COVERAGE,RELEVANCE,STRUCTURE}_EVAL_PROMPT[_COMPARE]``): outline quality 1-5,
  without and with the human outline as reference (:mod:`surveybench.metrics.outline_quality`).
- ``CONTENT_*_CHAPTER`` / ``_DOCUMENT`` / ``_COMPARE`` — same file
  (``CONTENT_{COVERAGE,DEPTH,FOCUS,COHERENCE,FLUENCY}_EVAL_PROMPT_{CHAPTER,ENTIRE_SURVEY,COMPARE}``):
  content quality 1-5 per chapter, for the whole document, and against the human survey
  (:mod:`surveybench.metrics.content_quality`). ``prompt.py`` defines four of the
  ``ENTIRE_SURVEY`` texts twice; both copies are identical.
- ``QUIZ_GENERATE`` — ``src/quiz_based_eval/generate_questions.py``
  (``SurveyQAGenerator._generate_questions_for_segment``): topic-specific question/answer pairs
  from one paragraph of the human survey. ``QUIZ_SELECT_TITLES`` and ``QUIZ_ANSWER`` —
  ``src/quiz_based_eval/answer.py`` (``select_relevant_titles_by_llm``, ``query_and_answer``).
  ``QUIZ_SUPPORT``, ``QUIZ_SCORE_TRUTH``, ``QUIZ_SCORE_SINGLE``, ``QUIZ_COMPARE`` —
  ``src/quiz_based_eval/evaluation.py`` (``check_reference_support``,
  ``score_with_ground_truth``, ``_score_single_answer``, ``_compare_answers``), with the score
  range the runner fixes (``run_quiz_eval.py``: 0.0-10.0) written in.
- ``GENERAL_QUESTIONS`` — ``src/quiz_based_eval/questions.yaml``: the 22 general questions in
  seven categories (its "angles").
"""

from __future__ import annotations

from surveybench.prompts import PromptTemplate

_SRC = "weAIDB SurveyBench src/content_based_eval/prompt.py"
_QUIZ = "weAIDB SurveyBench src/quiz_based_eval/"

# ---- content-based evaluation: outline and content quality (1-5) ----------------------------

OUTLINE_COVERAGE = PromptTemplate(
    name="weaidb_outline_coverage",
    version="1",
    source=_SRC + " OUTLINE_COVERAGE_EVAL_PROMPT",
    notes='defined in the script but not called by it (its outline evaluation always compares); used for the without-reference setting',
    template="""
You are given an outline for a review paper on the topic "{topic}".

Outline:
---
{outline}
---
<instruction>
Please evaluate the outline of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Outline Coverage: Outline Coverage evaluates how comprehensively the outline covers the major aspects, subtopics, and representative directions of the review topic. A high-quality outline should include the core dimensions of the field, reflect current research trends, and avoid missing important areas.
---
Score 1 Description: The outline is largely off-topic or fails to cover the main aspects of the field; most key areas are missing or irrelevant.
Score 2 Description: The outline touches on a few relevant points, but misses many essential subtopics and lacks breadth across the domain.
Score 3 Description: The outline covers some major areas but overlooks several important aspects or emerging directions; coverage is partial.
Score 4 Description: The outline includes most core areas and reasonably reflects the structure of the domain, with only minor omissions.
Score 5 Description: The outline comprehensively covers all major aspects, representative subfields, and recent trends in the topic; no significant omissions.
---
Return the score without any other information:
""",
)

OUTLINE_COVERAGE_COMPARE = PromptTemplate(
    name="weaidb_outline_coverage_compare",
    version="1",
    source=_SRC + " OUTLINE_COVERAGE_EVAL_PROMPT_COMPARE",
    template="""
You are given two outlines for a review paper on the topic "{topic}": a human-written reference outline and an AI-generated outline to be evaluated.

Human-written Outline (Reference):
---
{human_outline}
---
AI-generated Outline for Evaluation:
---
{ai_outline}
---
<instruction>
Based on the comparison between the human-written outline and the AI-generated outline about the topic "{topic}", please evaluate the AI outline according to the following criterion. Assign a score from 1 to 5 based on the scoring guidelines.
---
Criterion Description:
Outline Coverage: Outline Coverage evaluates how comprehensively the outline covers the major aspects, subtopics, and representative directions of the review topic. A high-quality outline should include the core dimensions of the field, reflect current research trends, and avoid missing important areas.
---
Score 1 Description: The outline is largely off-topic or fails to cover the main aspects of the field; most key areas are missing or irrelevant.
Score 2 Description: The outline touches on a few relevant points, but misses many essential subtopics and lacks breadth across the domain.
Score 3 Description: The outline covers some major areas but overlooks several important aspects or emerging directions; coverage is partial.
Score 4 Description: The outline includes most core areas and reasonably reflects the structure of the domain, with only minor omissions.
Score 5 Description: The outline comprehensively covers all major aspects, representative subfields, and recent trends in the topic; no significant omissions.
---
Return the score without any other information:
""",
)

OUTLINE_RELEVANCE = PromptTemplate(
    name="weaidb_outline_relevance",
    version="1",
    source=_SRC + " OUTLINE_RELEVANCE_EVAL_PROMPT",
    notes='defined in the script but not called by it (its outline evaluation always compares); used for the without-reference setting',
    template="""
You are given an outline for a review paper on the topic "{topic}".

Outline:
---
{outline}
---
<instruction>
Please evaluate the outline of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Outline Relevance: Outline Relevance evaluates how closely the outline aligns with the given topic. A relevant outline should focus on the central research questions, methodologies, and subfields related to the topic, without introducing off-topic or tangential content.
---
Score 1 Description: The outline is mostly unrelated to the given topic; major sections are off-topic or irrelevant.
Score 2 Description: Some sections relate to the topic, but many parts are off-topic or only loosely connected to the core theme.
Score 3 Description: The outline generally aligns with the topic, though several sections deviate from the core focus or include marginally relevant content.
Score 4 Description: Most sections are clearly relevant to the topic, with only minor instances of loosely related material.
Score 5 Description: All sections are highly relevant to the topic, with no noticeable digressions or irrelevant content.
---
Return the score without any other information:
""",
)

OUTLINE_RELEVANCE_COMPARE = PromptTemplate(
    name="weaidb_outline_relevance_compare",
    version="1",
    source=_SRC + " OUTLINE_RELEVANCE_EVAL_PROMPT_COMPARE",
    template="""
You are given two outlines for a review paper on the topic "{topic}": a human-written reference outline and an AI-generated outline to be evaluated.

Human-written Outline (Reference):
---
{human_outline}
---
AI-generated Outline for Evaluation:
---
{ai_outline}
---
<instruction>
Based on the comparison between the human-written outline and the AI-generated outline about the topic "{topic}", please evaluate the AI outline according to the following criterion. Assign a score from 1 to 5 based on the scoring guidelines.
---
Criterion Description:
Outline Relevance: Outline Relevance evaluates how closely the outline aligns with the given topic. A relevant outline should focus on the central research questions, methodologies, and subfields related to the topic, without introducing off-topic or tangential content.
---
Score 1 Description: The outline is mostly unrelated to the given topic; major sections are off-topic or irrelevant.
Score 2 Description: Some sections relate to the topic, but many parts are off-topic or only loosely connected to the core theme.
Score 3 Description: The outline generally aligns with the topic, though several sections deviate from the core focus or include marginally relevant content.
Score 4 Description: Most sections are clearly relevant to the topic, with only minor instances of loosely related material.
Score 5 Description: All sections are highly relevant to the topic, with no noticeable digressions or irrelevant content.
---
Return the score without any other information:
""",
)

OUTLINE_STRUCTURE = PromptTemplate(
    name="weaidb_outline_structure",
    version="1",
    source=_SRC + " OUTLINE_STRUCTURE_EVAL_PROMPT",
    notes='defined in the script but not called by it (its outline evaluation always compares); used for the without-reference setting',
    template="""
You are given an outline for a review paper on the topic "{topic}".

Outline:
---
{outline}
---
<instruction>
Please evaluate the outline of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Outline Structure: Outline Structure evaluates the logical organization, hierarchical clarity, and flow of the outline. A well-structured outline should have a clear section-subsection hierarchy, avoid redundancy, and follow a coherent narrative or analytical progression.
---
Score 1 Description: The outline is poorly structured; the hierarchy is unclear or missing, and the sections appear randomly ordered or disconnected.
Score 2 Description: The outline has a basic structure, but many sections are disorganized, improperly nested, or redundant.
Score 3 Description: The outline shows an attempt at organization, with a recognizable hierarchy, but includes some structural issues such as redundancy, inconsistent depth, or unclear flow.
Score 4 Description: The outline is mostly well-organized with a clear hierarchy and logical progression, though it may have minor structural flaws.
Score 5 Description: The outline is clearly structured, with a coherent flow, proper hierarchical depth, and well-balanced section divisions; no noticeable structural issues.
---
Return the score without any other information:
""",
)

OUTLINE_STRUCTURE_COMPARE = PromptTemplate(
    name="weaidb_outline_structure_compare",
    version="1",
    source=_SRC + " OUTLINE_STRUCTURE_EVAL_PROMPT_COMPARE",
    template="""
You are given two outlines for a review paper on the topic "{topic}": a human-written reference outline and an AI-generated outline to be evaluated.

Human-written Outline (Reference):
---
{human_outline}
---
AI-generated Outline for Evaluation:
---
{ai_outline}
---
<instruction>
Based on the comparison between the human-written outline and the AI-generated outline about the topic "{topic}", please evaluate the AI outline according to the following criterion. Assign a score from 1 to 5 based on the scoring guidelines.
---
Criterion Description:
Outline Structure: Outline Structure evaluates the logical organization, hierarchical clarity, and flow of the outline. A well-structured outline should have a clear section-subsection hierarchy, avoid redundancy, and follow a coherent narrative or analytical progression.
---
Score 1 Description: The outline is poorly structured; the hierarchy is unclear or missing, and the sections appear randomly ordered or disconnected.
Score 2 Description: The outline has a basic structure, but many sections are disorganized, improperly nested, or redundant.
Score 3 Description: The outline shows an attempt at organization, with a recognizable hierarchy, but includes some structural issues such as redundancy, inconsistent depth, or unclear flow.
Score 4 Description: The outline is mostly well-organized with a clear hierarchy and logical progression, though it may have minor structural flaws.
Score 5 Description: The outline is clearly structured, with a coherent flow, proper hierarchical depth, and well-balanced section divisions; no noticeable structural issues.
---
Return the score without any other information:
""",
)

CONTENT_COVERAGE_CHAPTER = PromptTemplate(
    name="weaidb_content_coverage_chapter",
    version="1",
    source=_SRC + " CONTENT_COVERAGE_EVAL_PROMPT_CHAPTER",
    template="""
Here is the content of a section of a review paper on topic "{topic}".
---
Section Title: "{section_title}"
---
Section Content:
---
{section_content}
---
<instruction>
Please evaluate the content of the section titled "{section_title}", which is part of a review on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Coverage: Content Coverage evaluates the extent to which the section includes the key subtopics, representative works, and essential aspects relevant to its assigned topic. A high-scoring section should comprehensively summarize important developments, methods, or perspectives that are expected in such a section.
---
Score 1 Description: The section omits most major subtopics and fails to mention key works. It reflects very limited awareness of the field.
Score 2 Description: The section covers only a small portion of the expected content. Several important elements are missing or underdeveloped.
Score 3 Description: The section includes some core subtopics or representative works, but the coverage is incomplete or imbalanced.
Score 4 Description: The section addresses most key elements with reasonable detail, though it may lack some breadth or miss minor aspects.
Score 5 Description: The section provides comprehensive coverage of the topic, addressing all major subtopics, representative methods, and important works with appropriate detail.
---
Return the score without any other information:
""",
)

CONTENT_COVERAGE_DOCUMENT = PromptTemplate(
    name="weaidb_content_coverage_document",
    version="1",
    source=_SRC + " CONTENT_COVERAGE_EVAL_PROMPT_ENTIRE_SURVEY",
    template="""
Here is the content of a review paper on topic "{topic}".
---
{content}
---
<instruction>
Please evaluate the content of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Coverage: Content Coverage evaluates the extent to which the section includes the key subtopics, representative works, and essential aspects relevant to its assigned topic. A high-scoring section should comprehensively summarize important developments, methods, or perspectives that are expected in such a section.
---
Score 1 Description: The section omits most major subtopics and fails to mention key works. It reflects very limited awareness of the field.
Score 2 Description: The section covers only a small portion of the expected content. Several important elements are missing or underdeveloped.
Score 3 Description: The section includes some core subtopics or representative works, but the coverage is incomplete or imbalanced.
Score 4 Description: The section addresses most key elements with reasonable detail, though it may lack some breadth or miss minor aspects.
Score 5 Description: The section provides comprehensive coverage of the topic, addressing all major subtopics, representative methods, and important works with appropriate detail.
---
Return the score without any other information:
""",
)

CONTENT_COVERAGE_COMPARE = PromptTemplate(
    name="weaidb_content_coverage_compare",
    version="1",
    source=_SRC + " CONTENT_COVERAGE_EVAL_PROMPT_COMPARE",
    template="""
You are given two surveys for the topic "{topic}": a human-written reference survey and an AI-generated survey to be evaluated.

Human-written Survey (Reference):
---
{human_survey}
---
AI-generated Survey for Evaluation:
---
{ai_survey}
---
<instruction>
Please evaluate the content of the AI-generated survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Coverage: Content Coverage evaluates the extent to which the survey includes the key subtopics, representative works, and essential aspects relevant to its assigned topic. A high-scoring survey should comprehensively summarize important developments, methods, or perspectives that are expected in such a survey.
---
Score 1 Description: The survey omits most major subtopics and fails to mention key works. It reflects very limited awareness of the field.
Score 2 Description: The survey covers only a small portion of the expected content. Several important elements are missing or underdeveloped.
Score 3 Description: The survey includes some core subtopics or representative works, but the coverage is incomplete or imbalanced.
Score 4 Description: The survey addresses most key elements with reasonable detail, though it may lack some breadth or miss minor aspects.
Score 5 Description: The survey provides comprehensive coverage of the topic, addressing all major subtopics, representative methods, and important works with appropriate detail.
---
Return the score without any other information:
""",
)

CONTENT_DEPTH_CHAPTER = PromptTemplate(
    name="weaidb_content_depth_chapter",
    version="1",
    source=_SRC + " CONTENT_DEPTH_EVAL_PROMPT_CHAPTER",
    template="""
Here is the content of a section of a review paper on topic "{topic}".
---
Section Title: "{section_title}"
---
Section Content:
---
{section_content}
---
<instruction>
Please evaluate the content of the section titled "{section_title}", which is part of a review on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Depth: Content Depth evaluates the analytical richness and intellectual contribution of the section. A high-scoring section should go beyond simple descriptions or listing of works. It should include meaningful comparisons, synthesis of multiple viewpoints, discussion of advantages/limitations, and, where appropriate, offer original insights or highlight research gaps and future directions.
---
Score 1 Description: The section is superficial and lacks meaningful analysis. It merely lists methods or facts without any interpretation, comparison, or commentary.
Score 2 Description: The section includes minimal analytical content. There is occasional mention of advantages or differences, but it lacks depth or consistency.
Score 3 Description: The section demonstrates a basic level of analysis, with some comparisons or interpretations. However, the insights are limited or unevenly developed.
Score 4 Description: The section is generally analytical and demonstrates thoughtful synthesis, with clear comparisons and some original commentary or interpretation.
Score 5 Description: The section is highly analytical and insightful. It effectively synthesizes prior work, identifies patterns or tensions, and offers critical reflections, including open problems or future directions.
---
Return the score without any other information:
""",
)

CONTENT_DEPTH_DOCUMENT = PromptTemplate(
    name="weaidb_content_depth_document",
    version="1",
    source=_SRC + " CONTENT_DEPTH_EVAL_PROMPT_ENTIRE_SURVEY",
    notes="as in the original, this text has no 'Criterion Description' block",
    template="""
Here is the content of a review paper on topic "{topic}".
---
{content}
---
<instruction>
Please evaluate the content of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Score 1 Description: The section is superficial and lacks meaningful analysis. It merely lists methods or facts without any interpretation, comparison, or commentary.
Score 2 Description: The section includes minimal analytical content. There is occasional mention of advantages or differences, but it lacks depth or consistency.
Score 3 Description: The section demonstrates a basic level of analysis, with some comparisons or interpretations. However, the insights are limited or unevenly developed.
Score 4 Description: The section is generally analytical and demonstrates thoughtful synthesis, with clear comparisons and some original commentary or interpretation.
Score 5 Description: The section is highly analytical and insightful. It effectively synthesizes prior work, identifies patterns or tensions, and offers critical reflections, including open problems or future directions.
---
Return the score without any other information:
""",
)

CONTENT_DEPTH_COMPARE = PromptTemplate(
    name="weaidb_content_depth_compare",
    version="1",
    source=_SRC + " CONTENT_DEPTH_EVAL_PROMPT_COMPARE",
    notes="as in the original, this text has no 'Criterion Description' block",
    template="""
You are given two surveys for the topic "{topic}": a human-written reference survey and an AI-generated survey to be evaluated.

Human-written Survey (Reference):
---
{human_survey}
---
AI-generated Survey for Evaluation:
---
{ai_survey}
---
<instruction>
Please evaluate the content of the AI-generated survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Score 1 Description: The survey is superficial and lacks meaningful analysis. It merely lists methods or facts without any interpretation, comparison, or commentary.
Score 2 Description: The survey includes minimal analytical content. There is occasional mention of advantages or differences, but it lacks depth or consistency.
Score 3 Description: The survey demonstrates a basic level of analysis, with some comparisons or interpretations. However, the insights are limited or unevenly developed.
Score 4 Description: The survey is generally analytical and demonstrates thoughtful synthesis, with clear comparisons and some original commentary or interpretation.
Score 5 Description: The survey is highly analytical and insightful. It effectively synthesizes prior work, identifies patterns or tensions, and offers critical reflections, including open problems or future directions.
---
Return the score without any other information:
""",
)

CONTENT_FOCUS_CHAPTER = PromptTemplate(
    name="weaidb_content_focus_chapter",
    version="1",
    source=_SRC + " CONTENT_FOCUS_EVAL_PROMPT_CHAPTER",
    template="""
Here is the content of a section of a review paper on topic "{topic}".
---
Section Title: "{section_title}"
---
Section Content:
---
{section_content}
---
<instruction>
Please evaluate the content of the section titled "{section_title}", which is part of a review on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Focus: Content Focus evaluates how well the section content aligns with the specific topic indicated by its title and the overall topic. A high-scoring section should maintain a clear focus, stay on topic throughout, and avoid including unrelated or off-topic information.
---
Score 1 Description: The section is largely off-topic. Most of the content is irrelevant or only tangentially related to the section title.
Score 2 Description: The section is only loosely related to the stated topic. It includes substantial off-topic discussion or lacks a clear focus.
Score 3 Description: The section addresses the correct topic but occasionally drifts off-topic or includes some loosely related content.
Score 4 Description: The section is mostly focused on the intended topic, with only minor digressions or general statements.
Score 5 Description: The section is tightly focused on the specified topic. All content is clearly relevant and contributes meaningfully to the section’s theme.
---
Return the score without any other information:
""",
)

CONTENT_FOCUS_DOCUMENT = PromptTemplate(
    name="weaidb_content_focus_document",
    version="1",
    source=_SRC + " CONTENT_FOCUS_EVAL_PROMPT_ENTIRE_SURVEY",
    template="""
Here is the content of a review paper on topic "{topic}".
---
{content}
---
<instruction>
Please evaluate the content of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Focus: Content Focus evaluates how well the section content aligns with the specific topic indicated by its title and the overall topic. A high-scoring section should maintain a clear focus, stay on topic throughout, and avoid including unrelated or off-topic information.
---
Score 1 Description: The section is largely off-topic. Most of the content is irrelevant or only tangentially related to the section title.
Score 2 Description: The section is only loosely related to the stated topic. It includes substantial off-topic discussion or lacks a clear focus.
Score 3 Description: The section addresses the correct topic but occasionally drifts off-topic or includes some loosely related content.
Score 4 Description: The section is mostly focused on the intended topic, with only minor digressions or general statements.
Score 5 Description: The section is tightly focused on the specified topic. All content is clearly relevant and contributes meaningfully to the section’s theme.
---
Return the score without any other information:
""",
)

CONTENT_FOCUS_COMPARE = PromptTemplate(
    name="weaidb_content_focus_compare",
    version="1",
    source=_SRC + " CONTENT_FOCUS_EVAL_PROMPT_COMPARE",
    template="""
You are given two surveys for the topic "{topic}": a human-written reference survey and an AI-generated survey to be evaluated.

Human-written Survey (Reference):
---
{human_survey}
---
AI-generated Survey for Evaluation:
---
{ai_survey}
---
<instruction>
Please evaluate the content of the AI-generated survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Focus: Content Focus evaluates how well the survey content aligns with the specific topic indicated by its overall topic. A high-scoring survey should maintain a clear focus, stay on topic throughout, and avoid including unrelated or off-topic information.
---
Score 1 Description: The survey is largely off-topic. Most of the content is irrelevant or only tangentially related to the survey topic.
Score 2 Description: The survey is only loosely related to the stated topic. It includes substantial off-topic discussion or lacks a clear focus.
Score 3 Description: The survey addresses the correct topic but occasionally drifts off-topic or includes some loosely related content.
Score 4 Description: The survey is mostly focused on the intended topic, with only minor digressions or general statements.
Score 5 Description: The survey is tightly focused on the specified topic. All content is clearly relevant and contributes meaningfully to the survey’s theme.
---
Return the score without any other information:
""",
)

CONTENT_COHERENCE_CHAPTER = PromptTemplate(
    name="weaidb_content_coherence_chapter",
    version="1",
    source=_SRC + " CONTENT_COHERENCE_EVAL_PROMPT_CHAPTER",
    template="""
Here is the content of a section of a review paper on topic "{topic}".
---
Section Title: "{section_title}"
---
Section Content:
---
{section_content}
---
<instruction>
Please evaluate the content of the section titled "{section_title}", which is part of a review on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Coherence: Content Coherence evaluates the internal logical flow and structural clarity of the section. A coherent section should present its ideas in a clear and orderly manner, with smooth transitions between sentences and paragraphs. The narrative should be consistent, and the section should have a well-defined focus that avoids abrupt shifts or disjointed arguments.
---
Score 1 Description: The section is highly disorganized or incoherent. Sentences and ideas are poorly connected, and the overall flow is confusing or fragmented.
Score 2 Description: The section has some recognizable structure, but the progression of ideas is often unclear. Transitions are weak or missing, resulting in a choppy or uneven narrative.
Score 3 Description: The section generally follows a logical sequence, but there are occasional inconsistencies, unclear transitions, or minor disruptions in the flow of ideas.
Score 4 Description: The section is well-organized and mostly coherent, with logical progression and smooth transitions. Minor improvements could enhance clarity further.
Score 5 Description: The section is highly coherent, with excellent organization, clear transitions, and a consistent, well-structured narrative that enhances readability and understanding.
---
Return the score without any other information:
""",
)

CONTENT_COHERENCE_DOCUMENT = PromptTemplate(
    name="weaidb_content_coherence_document",
    version="1",
    source=_SRC + " CONTENT_COHERENCE_EVAL_PROMPT_ENTIRE_SURVEY",
    notes="as in the original, this text has no 'Criterion Description' block",
    template="""
Here is the content of a review paper on topic "{topic}".
---
{content}
---
<instruction>
Please evaluate the content of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Score 1 Description: The section is highly disorganized or incoherent. Sentences and ideas are poorly connected, and the overall flow is confusing or fragmented.
Score 2 Description: The section has some recognizable structure, but the progression of ideas is often unclear. Transitions are weak or missing, resulting in a choppy or uneven narrative.
Score 3 Description: The section generally follows a logical sequence, but there are occasional inconsistencies, unclear transitions, or minor disruptions in the flow of ideas.
Score 4 Description: The section is well-organized and mostly coherent, with logical progression and smooth transitions. Minor improvements could enhance clarity further.
Score 5 Description: The section is highly coherent, with excellent organization, clear transitions, and a consistent, well-structured narrative that enhances readability and understanding.
---
Return the score without any other information:
""",
)

CONTENT_COHERENCE_COMPARE = PromptTemplate(
    name="weaidb_content_coherence_compare",
    version="1",
    source=_SRC + " CONTENT_COHERENCE_EVAL_PROMPT_COMPARE",
    notes="as in the original, this text has no 'Criterion Description' block",
    template="""
You are given two surveys for the topic "{topic}": a human-written reference survey and an AI-generated survey to be evaluated.

Human-written Survey (Reference):
---
{human_survey}
---
AI-generated Survey for Evaluation:
---
{ai_survey}
---
<instruction>
Please evaluate the content of the AI-generated survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Score 1 Description: The survey is highly disorganized or incoherent. Sentences and ideas are poorly connected, and the overall flow is confusing or fragmented.
Score 2 Description: The survey has some recognizable structure, but the progression of ideas is often unclear. Transitions are weak or missing, resulting in a choppy or uneven narrative.
Score 3 Description: The survey generally follows a logical sequence, but there are occasional inconsistencies, unclear transitions, or minor disruptions in the flow of ideas.
Score 4 Description: The survey is well-organized and mostly coherent, with logical progression and smooth transitions. Minor improvements could enhance clarity further.
Score 5 Description: The survey is highly coherent, with excellent organization, clear transitions, and a consistent, well-structured narrative that enhances readability and understanding.
---
Return the score without any other information:
""",
)

CONTENT_FLUENCY_CHAPTER = PromptTemplate(
    name="weaidb_content_fluency_chapter",
    version="1",
    source=_SRC + " CONTENT_FLUENCY_EVAL_PROMPT_CHAPTER",
    template="""
Here is the content of a section of a review paper on topic "{topic}".
---
Section Title: "{section_title}"
---
Section Content:
---
{section_content}
---
<instruction>
Please evaluate the content of the section titled "{section_title}", which is part of a review on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Fluency: Content Fluency evaluates the clarity, grammatical correctness, and overall readability of the text. A high-scoring section should be well-written, free from grammatical errors, and easy to understand, with smooth transitions between sentences and ideas.
---
Score 1 Description: The text is difficult to read due to frequent grammatical errors, awkward phrasing, or broken sentence structure. Transitions are missing or confusing.
Score 2 Description: The section contains several noticeable grammar or phrasing issues that hinder comprehension. Sentences may be choppy or poorly structured.
Score 3 Description: The section is generally understandable, with some minor grammar or fluency issues. Transitions and sentence flow are adequate but could be improved.
Score 4 Description: The section is well-written with few language issues. Sentences flow smoothly, and transitions are mostly effective.
Score 5 Description: The section is highly fluent and polished. It is clearly written, grammatically correct, and exhibits excellent flow and readability throughout.
---
Return the score without any other information:
""",
)

CONTENT_FLUENCY_DOCUMENT = PromptTemplate(
    name="weaidb_content_fluency_document",
    version="1",
    source=_SRC + " CONTENT_FLUENCY_EVAL_PROMPT_ENTIRE_SURVEY",
    template="""
Here is the content of a review paper on topic "{topic}".
---
{content}
---
<instruction>
Please evaluate the content of the survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Fluency: Content Fluency evaluates the clarity, grammatical correctness, and overall readability of the text. A high-scoring section should be well-written, free from grammatical errors, and easy to understand, with smooth transitions between sentences and ideas.
---
Score 1 Description: The text is difficult to read due to frequent grammatical errors, awkward phrasing, or broken sentence structure. Transitions are missing or confusing.
Score 2 Description: The section contains several noticeable grammar or phrasing issues that hinder comprehension. Sentences may be choppy or poorly structured.
Score 3 Description: The section is generally understandable, with some minor grammar or fluency issues. Transitions and sentence flow are adequate but could be improved.
Score 4 Description: The section is well-written with few language issues. Sentences flow smoothly, and transitions are mostly effective.
Score 5 Description: The section is highly fluent and polished. It is clearly written, grammatically correct, and exhibits excellent flow and readability throughout.
---
Return the score without any other information:
""",
)

CONTENT_FLUENCY_COMPARE = PromptTemplate(
    name="weaidb_content_fluency_compare",
    version="1",
    source=_SRC + " CONTENT_FLUENCY_EVAL_PROMPT_COMPARE",
    template="""
You are given two surveys for the topic "{topic}": a human-written reference survey and an AI-generated survey to be evaluated.

Human-written Survey (Reference):
---
{human_survey}
---
AI-generated Survey for Evaluation:
---
{ai_survey}
---
<instruction>
Please evaluate the content of the AI-generated survey on the topic "{topic}", based on the criterion provided below. Assign a score from 1 to 5 according to the scoring guidelines.
---
Criterion Description:
Content Fluency: Content Fluency evaluates the clarity, grammatical correctness, and overall readability of the survey. A high-scoring survey should be well-written, free from grammatical errors, and easy to understand, with smooth transitions between sentences and ideas.
---
Score 1 Description: The survey is difficult to read due to frequent grammatical errors, awkward phrasing, or broken sentence structure. Transitions are missing or confusing.
Score 2 Description: The survey contains several noticeable grammar or phrasing issues that hinder comprehension. Sentences may be choppy or poorly structured.
Score 3 Description: The survey is generally understandable, with some minor grammar or fluency issues. Transitions and sentence flow are adequate but could be improved.
Score 4 Description: The survey is well-written with few language issues. Sentences flow smoothly, and transitions are mostly effective.
Score 5 Description: The survey is highly fluent and polished. It is clearly written, grammatically correct, and exhibits excellent flow and readability throughout.
---
Return the score without any other information:
""",
)

# ---- quiz-based evaluation -------------------------------------------------------------------

# The original's strict-mode instruction is a plain string holding the literal text
# "{questions_per_segment}" (it is not an f-string), so the model saw the braces; we fill in the
# number the text means. Relaxed mode (its fallback after failed attempts) is the other text.
QUIZ_INSTRUCTION_STRICT = "Generate {n} high-quality questions."
QUIZ_INSTRUCTION_RELAXED = "Generate practical questions that can be answered from the paragraph content."
QUIZ_ANSWER_REQUIREMENT_STRICT = "at least 2-3 sentences"
QUIZ_ANSWER_REQUIREMENT_RELAXED = "at least 1-2 sentences"
# avoid-duplicates block, filled with up to three earlier questions ("- q" lines)
QUIZ_AVOID_DUPLICATES = """
    IMPORTANT: Avoid generating questions similar to these existing ones:
    {existing}
    """

QUIZ_GENERATE = PromptTemplate(
    name="weaidb_quiz_generate",
    version="1",
    source=_QUIZ + "generate_questions.py SurveyQAGenerator._generate_questions_for_segment",
    template='Based on the following academic survey paragraph, {quality_instruction}\n\n    Central sentence of the paragraph:\n    {center_text}\n\n    Full paragraph:\n    {full_text}\n    {duplicate_instruction}\n    CRITICAL REQUIREMENTS:\n    1. Each question MUST have a definitive, complete answer that can be fully derived from the given paragraph.\n    2. Do NOT generate questions if the paragraph lacks sufficient context or information.\n    3. Avoid questions about figures, tables, or equations that are referenced but not explained in the text.\n    4. Questions should test understanding of concepts, methods, findings, or reasoning presented in the paragraph.\n    5. Each answer must be substantial ({answer_requirement}) and directly based on the paragraph content.\n    6. Questions MUST NOT contain ANY references to the source text, paragraph, paper, article, or any phrase that indicates where the information comes from.\n    7. If you cannot generate {questions_per_segment} high-quality questions with complete answers, return fewer questions or an empty array.\n\n    Question types to consider:\n    - Concept definitions and explanations\n    - Method descriptions and comparisons\n    - Advantages/disadvantages analysis\n    - Cause-and-effect relationships\n    - Research findings and their implications\n\n    Please strictly output in the following JSON format and include nothing else:\n\n    [\n      {{\n        "question": "Specific, clear question that can be definitively answered",\n        "answer": "Complete, detailed answer ({answer_requirement}) based entirely on the paragraph content"\n      }},\n      ...\n    ]\n\n    If the paragraph does not contain sufficient information to generate quality questions with complete answers, return an empty array: []',
)

QUIZ_SELECT_TITLES = PromptTemplate(
    name="weaidb_quiz_select_titles",
    version="1",
    source=_QUIZ + "answer.py SurveyContextBuilder.select_relevant_titles_by_llm",
    notes="the outline is rendered as the original does: a first line '文档标题大纲：' ('document heading "
          "outline:') then '{indent}{i}. {title}' with two spaces per heading level",
    template='\n        Based on the following survey outline and the user question, select the most relevant section titles \n        that could contain information to answer the question.\n\n        Guidelines:\n        1. Prefer selecting leaf-level headings (titles that do not have any sub-sections) whenever possible.\n        2. Ensure that the selected titles together provide enough information to answer the question.\n        3. If selecting a high-level heading is necessary to cover the question, include it only when required, \n           but try to select leaf-level headings first.\n        4. Avoid including duplicate or irrelevant titles.\n\n        Survey Outline:\n        {outline_text}\n\n        User Question:\n        {question}\n\n        Please return a JSON list containing only the exact title names from the outline that are most relevant to answering the question.\n\n        Example format:\n        ["title1", "title2", "title3"]\n        ',
)

QUIZ_ANSWER = PromptTemplate(
    name="weaidb_quiz_answer",
    version="1",
    source=_QUIZ + "answer.py SurveyContextBuilder.query_and_answer",
    template='You are an assistant that strictly answers questions based only on provided documents.\n\n    **CRITICAL RULES:**\n    1. You MUST answer ONLY based on the reference documents provided below\n    2. You MUST NOT use any external knowledge or make assumptions beyond the documents\n    3. If the documents do not contain relevant information, you MUST clearly state "No relevant content found in the documents"\n    4. You MUST cite specific document numbers (Doc-1, Doc-2, etc.) when answering\n\n    **Reference Documents:**\n    {context}\n\n    **Question:**\n    {question}\n\n    **Required Response Format (MUST be valid JSON):**\n    {{\n      "answer": "Your answer based on the documents, or \'No relevant content found in the documents\' if unable to answer",\n      "used_docs": [list of document numbers that support your answer, e.g., ["Doc-1", "Doc-3"]],\n      "source_text": "The exact text passages from the documents that support your answer"\n    }}\n\n    Respond ONLY with the JSON format above, no additional text:',
)

# check_reference_support's two knowledge instructions
QUIZ_ONLY_REFERENCES = "ONLY use the provided references below. Do not use any external knowledge."
QUIZ_REFERENCES_FIRST = "Use the provided references as your primary source, supplemented by your knowledge if needed."

QUIZ_SUPPORT = PromptTemplate(
    name="weaidb_quiz_support",
    version="1",
    source=_QUIZ + "evaluation.py EvaluationService.check_reference_support",
    template="You are a fact-checking assistant.\n{knowledge_instruction}\nDetermine whether the ANSWER below can be fully justified by the PROVIDED_REFERENCES.\nIf the answer contains any claim or detail that cannot be directly inferred from these references, respond only with 'False'.\nOtherwise respond only with 'True'. No explanation, just one word.\n\nANSWER:\n{answer}\n\nPROVIDED_REFERENCES:\n{combined_ref_text}\n",
)

QUIZ_SCORE_TRUTH = PromptTemplate(
    name="weaidb_quiz_score_truth",
    version="1",
    source=_QUIZ + "evaluation.py EvaluationService.score_with_ground_truth (score_range 0.0-10.0)",
    template='You are an impartial evaluator.\nCompare the USER_ANSWER with the GROUND_TRUTH for the given QUESTION.\nConsider accuracy, completeness, and relevance.\nRate the USER_ANSWER strictly as a number between 0.0 and 10.0 (inclusive).\nYou may score based on your own knowledge and do not have to strictly adhere to the ground truth.Output only the number and nothing else.\n\nQUESTION:\n{question}\n\nGROUND_TRUTH:\n{ground_truth}\n\nUSER_ANSWER:\n{answer}\n',
)

QUIZ_SCORE_SINGLE = PromptTemplate(
    name="weaidb_quiz_score_single",
    version="1",
    source=_QUIZ + "evaluation.py EvaluationService._score_single_answer (score_range 0.0-10.0)",
    template='You are an expert evaluator.\nScore how well the ANSWER addresses the QUESTION based on the provided REFERENCES.\nConsider accuracy, completeness, clarity, and relevance.\nRate the answer strictly as a number between 0.0 and 10.0 (inclusive).\nOutput only the number and nothing else.\n\nQUESTION:\n{question}\n\nREFERENCES:\n{combined_ref_text}\n\nANSWER:\n{answer}\n',
)

QUIZ_COMPARE = PromptTemplate(
    name="weaidb_quiz_compare",
    version="1",
    source=_QUIZ + "evaluation.py EvaluationService._compare_answers",
    template="You are an impartial judge comparing two answers to the same question.\nBoth answers are supported by their respective references.\nCompare them on accuracy, completeness, clarity, and helpfulness.\nDetermine which answer is better overall.\nRespond with only '1' if Answer 1 is better, '2' if Answer 2 is better, or '0' if they are equally good.\nThen on a new line, provide a brief reason (max 50 words).\n\nQUESTION:\n{question}\n\nANSWER 1:\n{answer1}\n\nANSWER 2:\n{answer2}\n",
)

# ---- general questions (questions.yaml), by category -----------------------------------------
# category: (yaml angle, difficulty level, questions with {topic})
GENERAL_QUESTIONS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    'concept': (
        'Basic concepts (Need the whole text as input)',
        'Easy',
        (
            'What is the rigorous definition of {topic}?',
            'Describe the underlying motivations for research on {topic}, including the core problems it aims to address and the primary application scenarios.',
            'What are the key challenges that remain to be addressed in {topic}?',
            'What are the key techniques or methods of {topic}?',
        ),
    ),
    'classification': (
        'Knowledge Organization and Classification (Need the whole text)',
        'Easy',
        (
            'Does {topic} involve any classification of techniques? If so, list the classification criteria and the resulting categories.',
            'Is the classification relatively stable across different time periods and research domains, or does it present well-substantiated innovations?',
            'Does the classification of techniques within {topic} reflect a logical hierarchy or sequence, such as progressing from general to specific or from specific to general?',
            'Does the classification of this {topic} contain any categories that are clearly redundant, overlapping, or improperly mutually exclusive?',
        ),
    ),
    'history': (
        'Historical Understanding (Need the whole text)',
        'Easy',
        (
            'List the key stages and evolutionary trajectory of {topic} from its origin to its current state.',
            'Are the key years, figures, and technological events of {topic} consistent with the authoritative literature or official sources cited by the topic itself?',
        ),
    ),
    'algorithm': (
        'Algorithmic Principles',
        'Medium',
        (
            'Are the main algorithms described in {topic} consistent with the original papers or authoritative sources?',
            'Are the abstract principles in {topic} concretely presented through examples, diagrams, or pseudocode?',
        ),
    ),
    'application': (
        'Practical Guidance',
        'Medium',
        (
            'Does {topic} include detailed implementation steps, configurations, parameter selections, or code snippets for its key techniques?',
            'List the practical application methods, applicable conditions, and limitations of {topic} techniques in real-world scenarios.',
            'Do the key techniques of {topic} include analyses of specific real-world application case examples?',
        ),
    ),
    'profiling': (
        'Performance Analysis',
        'Medium',
        (
            'List the main advantages and disadvantages of the key techniques for {topic}.',
            'For the various techniques involved in {topic}, which performance metrics and evaluation methods does the survey use for each?',
            'Does the performance analysis of {topic} avoid subjective evaluation and base its conclusions on clear and accurate data',
        ),
    ),
    'prediction': (
        'Predictions',
        'Hard',
        (
            'Does the survey provide clear predictions regarding future research directions or technological developments?',
            'Does the survey take into account the uncertainty, potential risks, or limiting conditions associated with its predictions?',
            'Does the survey propose any innovative contributions?',
            'Are the survey’s predictions about {topic} grounded in accurate current technologies and methods?',
        ),
    ),
}
CATEGORIES: tuple[str, ...] = tuple(GENERAL_QUESTIONS)

ALL: tuple[PromptTemplate, ...] = tuple(v for v in list(globals().values()) if isinstance(v, PromptTemplate))
