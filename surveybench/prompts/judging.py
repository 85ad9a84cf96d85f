"""Prompts of the LLM-judged metrics, as versioned templates with their source.

Where a paper prints its prompt, the template is that prompt verbatim (only the placeholder
syntax is changed to ``str.format`` fields, and HTML markup of the PDF conversion removed).
Where a paper describes a judgement but prints no prompt (Key Point Recall), the template is
ours and ``notes`` says so.

- ``NLI`` — SurveyX App. A.3, Fig. 10 ("Evaluation prompt: citation"); the same text is
  ``NLI_PROMPT`` in AutoSurvey's released judge (AutoSurvey §4 eq. 2-3 and App. C define the
  claims and h(), the paper itself prints no prompt).
- ``RUBRIC_*`` — AutoSurvey Table 1 criteria (Coverage, Structure, Relevance) in the
  criterion-judging frame of SurveyX App. A.3 Figs. 5-7; Synthesis and Critical Analysis:
  SurveyX §4.1 and Figs. 8-9; Consistency: SurveyGen-I §4.2 and App. N (Fig. 19) — its
  criterion and 1-5 descriptions put in the same single-criterion frame so that every rubric
  criterion is one call answering one number.
- ``REFERENCE_RELEVANCE`` — SurveyX App. A.3, Fig. 11 (Relevance_LLM, §4.1).
- ``TOPIC_RELEVANCE`` — SurveyGen App. I, "Prompt for Topic Relevance Evaluation".
- ``STRUCTURE_CONSISTENCY`` — SurveyGen App. I, "Prompt for Structural Consistency
  Evaluation" (Rel_LLM, §3.2).
- ``KEY_POINT_EXTRACT`` / ``KEY_POINT_CHECK`` — SurveyGen §3.2 and App. D.1 (after Long²RAG,
  Qi et al. 2024); no prompt is printed, these are ours.
"""

from __future__ import annotations

from surveybench.prompts import PromptTemplate

# ---- citation NLI --------------------------------------------------------------------------

NLI = PromptTemplate(
    name="citation_nli",
    version="1",
    source="SurveyX App. A.3 Fig. 10 (= AutoSurvey released judge NLI_PROMPT; AutoSurvey eq. 2-3, App. C)",
    template=(
        "---\n"
        "Claim:\n"
        "{claim}\n"
        "---\n"
        "Source:\n"
        "{source}\n"
        "---\n"
        "Claim:\n"
        "{claim}\n"
        "---\n"
        "Is the Claim faithful to the Source?\n"
        "A Claim is faithful to the Source if the core part in the Claim can be supported by the Source.\n"
        "Only reply with 'Yes' or 'No':"
    ),
)

# ---- rubric criteria (1-5) -----------------------------------------------------------------

_CRITERION_FRAME = (
    'Here is an academic survey about the topic "{{topic}}":\n'
    "---\n"
    "{{content}}\n"
    "---\n"
    "\n"
    "<instruction>\n"
    "Please evaluate this survey about the topic {{topic}} based on the criterion above "
    "provided below, and give a score from 1 to 5 according to the score description:\n"
    "---\n"
    "Criterion Description: {description}\n"
    "---\n"
    "Score 1 Description: {s1}\n"
    "Score 2 Description: {s2}\n"
    "Score 3 Description: {s3}\n"
    "Score 4 Description: {s4}\n"
    "Score 5 Description: {s5}\n"
    "---\n"
    "Return the score without any other information:"
)


def _criterion(
    name: str, source: str, description: str, scores: tuple[str, str, str, str, str],
    notes: str = "", version: str = "1",
) -> PromptTemplate:
    s1, s2, s3, s4, s5 = scores
    # the paper texts contain no braces; escape anyway so a level text can never become a slot
    esc = [x.replace("{", "{{").replace("}", "}}") for x in (description, s1, s2, s3, s4, s5)]
    text = _CRITERION_FRAME.format(description=esc[0], s1=esc[1], s2=esc[2], s3=esc[3], s4=esc[4], s5=esc[5])
    return PromptTemplate(name=f"rubric_{name}", version=version, source=source, template=text, notes=notes)


RUBRIC_COVERAGE = _criterion(
    "coverage",
    "AutoSurvey Table 1 (Coverage); frame and description: SurveyX App. A.3 Fig. 5",
    "Coverage: Coverage assesses the extent to which the survey encapsulates all relevant aspects "
    "of the topic, ensuring comprehensive discussion on both central and peripheral topics.",
    (
        "The survey has very limited coverage, only touching on a small portion of the topic and lacking discussion on key areas.",
        "The survey covers some parts of the topic but has noticeable omissions, with significant areas either underrepresented or missing.",
        "The survey is generally comprehensive in coverage but still misses a few key points that are not fully discussed.",
        "The survey covers most key areas of the topic comprehensively, with only very minor topics left out.",
        "The survey comprehensively covers all key and peripheral topics, providing detailed discussions and extensive information.",
    ),
)

RUBRIC_STRUCTURE = _criterion(
    "structure",
    "AutoSurvey Table 1 (Structure); frame and description: SurveyX App. A.3 Fig. 6",
    "Structure: Structure evaluates the logical organization and coherence of sections and "
    "subsections, ensuring that they are logically connected.",
    (
        "The survey lacks logic, with no clear connections between sections, making it difficult to understand the overall framework.",
        "The survey has weak logical flow with some content arranged in a disordered or unreasonable manner.",
        "The survey has a generally reasonable logical structure, with most content arranged orderly, though some links and transitions could be improved such as repeated subsections.",
        "The survey has good logical consistency, with content well arranged and natural transitions, only slightly rigid in a few parts.",
        "The survey is tightly structured and logically clear, with all sections and content arranged most reasonably, and transitions between adjacent sections smooth without redundancy.",
    ),
)

RUBRIC_RELEVANCE = _criterion(
    "relevance",
    "AutoSurvey Table 1 (Relevance); frame and description: SurveyX App. A.3 Fig. 7",
    "Relevance: Relevance measures how well the content of the survey aligns with the research "
    "topic and maintain a clear focus.",
    (
        "The content is outdated or unrelated to the field it purports to review, offering no alignment with the topic",
        "The survey is somewhat on topic but with several digressions; the core subject is evident but not consistently adhered to.",
        "The survey is generally on topic, despite a few unrelated details.",
        "The survey is mostly on topic and focused; the narrative has a consistent relevance to the core subject with infrequent digressions.",
        "The survey is exceptionally focused and entirely on topic; the article is tightly centered on the subject, with every piece of information contributing to a comprehensive understanding of the topic.",
    ),
)

RUBRIC_SYNTHESIS = _criterion(
    "synthesis",
    "SurveyX §4.1 and App. A.3 Fig. 8",
    "Synthesis: Synthesis evaluates the ability to interconnect disparate studies, identify "
    "overarching patterns or contradictions, and construct a cohesive intellectual framework "
    "beyond individual summaries.",
    (
        "The survey is purely a collection of isolated study summaries with no attempt to connect ideas or identify broader trends.",
        "The survey occasionally links studies but fails to synthesize them into meaningful patterns; connections are superficial.",
        "The survey identifies some thematic relationships between studies but lacks a unified framework to explain their significance.",
        "The survey synthesizes most studies into coherent themes or debates, though some connections remain underdeveloped.",
        "The survey masterfully integrates studies into a novel framework, revealing latent trends, resolving contradictions, and proposing paradigm-shifting perspectives.",
    ),
)

RUBRIC_CRITICAL_ANALYSIS = _criterion(
    "critical_analysis",
    "SurveyX §4.1 and App. A.3 Fig. 9",
    "Critical Analysis: Critical Analysis examines the depth of critique applied to existing "
    "studies, including identification of methodological limitations, theoretical "
    "inconsistencies, and research gaps.",
    (
        "The survey merely lists existing studies without any analytical commentary or critique.",
        "The survey occasionally mentions limitations of studies but lacks systematic analysis or synthesis of gaps.",
        "The survey provides sporadic critical evaluations of some studies, but the critique is shallow or inconsistent.",
        "The survey systematically critiques most key studies and identifies research gaps, though some areas lack depth.",
        "The survey demonstrates rigorous critical analysis of methodologies and theories, clearly maps research frontiers, and proposes novel directions based on synthesized gaps.",
    ),
)

RUBRIC_CONSISTENCY = _criterion(
    "consistency",
    "SurveyGen-I §4.2 and App. N (Fig. 19, criterion 5: Consistency)",
    "Consistency: Is the paper professionally written, with uniform tone, terminology, and formatting?\n"
    "Reward: Glossaries clearly defined and consistently used terminology, uniform structure and tone, consistent citation formatting.\n"
    "Penalty: Cap at 3 if any of the following are present:\n"
    "* Section templates feel mechanically reused without stylistic adaptation.\n"
    "* Tone or phrasing switches between formal and informal.\n"
    "* Inconsistent use of terminology (e.g., \u201cframework\u201d, \u201cmodel\u201d, \u201capproach\u201d used interchangeably without definition).\n"
    "* Citation styles vary across sections (e.g., some use [1], others use (Author, Year)).",
    (
        "Writing feels unprofessional or poorly edited. Style, terminology, formatting, or citation usage varies widely across the paper with no editorial control.",
        "Frequent inconsistencies across sections in writing style, tone, or citation usage. Uses both informal and formal phrasing, or mixes different citation styles (e.g., inline vs. numbered). Terminology use is unstable or vague.",
        "Some inconsistencies in phrasing templates, formality, or terminology use. For example, some sections use generic introductions while others are more technical; citation styles or paragraph flow may shift noticeably.",
        "Generally consistent in tone and formatting with only isolated lapses (e.g., minor citation format drift, slightly inconsistent section intros). Terminology is mostly stable.",
        "The writing is polished, coherent, and consistently professional. Terminology is clearly defined and used uniformly across sections; formatting and citation style are stable throughout. Tone is academically formal with no lapses. Glossaries or term explanations are provided or implicitly maintained.",
    ),
    version="2",
    notes="SurveyGen-I scores all five criteria in one JSON reply; we ask Consistency alone in the "
    "AutoSurvey/SurveyX single-criterion frame with SurveyGen-I's criterion question, its Reward "
    "and Penalty (cap at 3) lines, and its level texts, all verbatim.",
)

RUBRIC: dict[str, PromptTemplate] = {
    "coverage": RUBRIC_COVERAGE,
    "structure": RUBRIC_STRUCTURE,
    "relevance": RUBRIC_RELEVANCE,
    "synthesis": RUBRIC_SYNTHESIS,
    "critical_analysis": RUBRIC_CRITICAL_ANALYSIS,
    "consistency": RUBRIC_CONSISTENCY,
}

# ---- reference relevance -------------------------------------------------------------------

REFERENCE_RELEVANCE = PromptTemplate(
    name="reference_relevance_llm",
    version="1",
    source="SurveyX §4.1 (Relevance_LLM) and App. A.3 Fig. 11",
    template=(
        "I will give you a paper abstract and a topic, you decide if this paper is relevant to this topic.\n"
        'Only return "yes" or "no".\n'
        "Here is the paper abstract:\n"
        "{abstract}\n"
        "Here is the topic:\n"
        "{topic}\n"
        "So, is this paper relevant to this topic?\n"
        'Only output "yes" or "no".'
    ),
)

TOPIC_RELEVANCE = PromptTemplate(
    name="topic_relevance_score",
    version="1",
    source="SurveyGen App. I, Prompt for Topic Relevance Evaluation",
    template=(
        "You are an academic expert helping to write a survey on the topic: \u201c{topic}\u201d.\n\n"
        "You will be provided with the title and abstract of a research paper. Your task is to "
        "rating the paper\u2019s relevance to the survey topic based on the following criteria:\n\n"
        "Score-1 (poor): The paper is unrelated to the topic or only mentions it in passing, with no meaningful contribution.\n\n"
        "Score-2 (low): The paper is loosely connected or provides general background, but not focused on the topic.\n\n"
        "Score-3 (moderate): The paper discusses a specific sub-aspect of the topic; somewhat useful, but not central.\n\n"
        "Score-4 (high): The paper substantially addresses key elements of the topic; would likely be cited in the survey.\n\n"
        "Score-5 (very high): The paper is entirely focused on the topic, offering essential insights; likely foundational to the survey.\n\n"
        "Your output should only include a single score from 1 to 5. Do not provide any explanation or additional text.\n\n"
        "Title: {title} Abstract: {abstract}\n\n"
        "Topical relevance score:"
    ),
)

# ---- structural consistency (Rel_LLM) ------------------------------------------------------

STRUCTURE_CONSISTENCY = PromptTemplate(
    name="structure_consistency",
    version="2",
    source="SurveyGen §3.2 (Rel_LLM) and App. I, Prompt for Structural Consistency Evaluation",
    template=(
        "You are an academic expert tasked with evaluating a draft outline for a literature survey "
        'on the topic of "{topic}".\n\n'
        "You will be provided with two outlines:\n\n"
        "1. A draft outline as a preliminary version.\n\n"
        "\u2013 LLM-generated Outline\n\n"
        "2. A gold-standard outline created by domain experts.\n\n"
        "\u2013 Human-written Outline\n\n"
        "Your task is to rate the structural consistency between the two outlines following the criteria below:\n\n"
        "Score 1 (Very Poor): The draft outline is largely inconsistent with the gold-standard; major sections are missing or irrelevant.\n\n"
        "Score 2 (Poor): The draft outline only partially overlaps with the gold-standard; some key themes are omitted or misplaced.\n\n"
        "Score 3 (Moderate): The draft includes some of the core topics but lacks structural alignment or completeness.\n\n"
        "Score 4 (Good): The draft mostly aligns with the gold-standard; minor deviations in structure or scope.\n\n"
        "Score 5 (Excellent): The draft closely mirrors the gold standard in both structure and content coverage.\n\n"
        "Your output should only include a single score from 1 to 5. Do not provide any explanation or additional text.\n\n"
        "Human-written Outline:\n{human_outline}\n\n"
        "LLM-generated Outline:\n{generated_outline}\n\n"
        "Score:"
    ),
    notes="The paper's prompt names the two outlines but prints no slots for them; the two "
    "labelled blocks at the end are where we put them. Version 2 puts the human-written outline "
    "first: the instructions and the human outline are then one prefix shared by every system "
    "of a topic, which a local model (llama.cpp) evaluates once and reuses for the next system "
    "(about half the prompt tokens of a topic's units; issue 15). Version 1 had the generated "
    "outline first.",
)

# ---- key point recall ----------------------------------------------------------------------

KEY_POINT_EXTRACT = PromptTemplate(
    name="key_point_extract",
    version="1",
    source="SurveyGen §3.2 and App. D.1 (KPR after Long\u00b2RAG, Qi et al. 2024); prompt is ours",
    template=(
        'Below is one section of a human-written literature survey on the topic "{topic}".\n'
        "Section: {section_title}\n"
        "---\n"
        "{section_text}\n"
        "---\n"
        "Extract the key points of this section: the central claims, findings, methods or "
        "conclusions a reader must take away. Write each key point as one self-contained "
        "sentence that can be checked against another text. Give at most {max_points} key points.\n"
        'Return only a JSON list of strings, for example ["key point one", "key point two"].'
    ),
    notes="SurveyGen prints no key point prompt; this one follows Long\u00b2RAG's definition "
    "(self-contained, checkable key points).",
)

KEY_POINT_CHECK = PromptTemplate(
    name="key_point_check",
    version="1",
    source="SurveyGen §3.2 and App. D.1 (QA check of each key point, after Long\u00b2RAG); prompt is ours",
    template=(
        "Here is an excerpt of a literature survey:\n"
        "---\n"
        "{survey}\n"
        "---\n"
        "Key point: {key_point}\n"
        "Question: Does the survey excerpt above state or clearly cover this key point?\n"
        "Only reply with 'Yes' or 'No':"
    ),
    notes="SurveyGen prints no QA prompt; answer format matches the NLI prompt so the same strict "
    "yes/no parser applies.",
)

ALL: tuple[PromptTemplate, ...] = (
    NLI,
    *RUBRIC.values(),
    REFERENCE_RELEVANCE,
    TOPIC_RELEVANCE,
    STRUCTURE_CONSISTENCY,
    KEY_POINT_EXTRACT,
    KEY_POINT_CHECK,
)
