"""Prompts of the generation baselines (``baselines/``), taken from the papers' appendices.

SurveyGen (Bao et al., EMNLP 2025), App. I "Prompt used in this study": outline generation
(Task 1, Task 2), section content generation (Task 1, 2, 3) and topic relevance evaluation
(the S_t judge of QUAL-SG, §2.4 eq. 2). AutoSurvey (Wang et al., 2024), App. F "Prompt used in
AutoSurvey": rough outline, merging outlines, subsection outline, subsection writing, citation
reflection and coherency refinement.

Wording is the papers'; the only edits are placeholders (``{topic}`` for "[TOPIC]" /
"{TOPIC}"), doubled braces around the JSON examples (``str.format``), obvious extraction damage
in the paper text (line numbers inside words) removed, and, for AutoSurvey, the ``---``
delimiters around inserted blocks and the ``<instruction>`` tags of the authors' code release
(AutoSurveys/AutoSurvey ``src/prompt.py``), which the appendix prints without. Where the paper's
prompt is ambiguous the ``notes`` say how it is filled.
"""

from __future__ import annotations

from surveybench.prompts import PromptTemplate

_SG = "SurveyGen (Bao et al., EMNLP 2025) App. I"
_AS = "AutoSurvey (Wang et al., 2024) App. F"

_OUTLINE_JSON_EXAMPLE = """```
{{
  "title": "TITLE OF THE SURVEY",
  "outline": [
    {{
      "section_title": "SECTION TITLE 1",
      "description": "A brief description of this section.",
      "subsections": {{
        "subsection title 1": "content",
        "...": "...",
        "subsection title n": "content"
      }}
    }},
    {{
      "section_title": "SECTION TITLE 2",
      "description": "A brief description of this section.",
      "subsections": {{
        "subsection title 1": "content",
        "...": "...",
        "subsection title n": "content"
      }}
    }}
  ]
}}
```"""

_OUTLINE_STEPS = """**Step 1:** Based on the given topic, identify 3 to 7 major thematic sections that define the overall scope and objectives of the survey. For each section, provide an academically styled title, along with a brief description summarizing its focus and relevance.

**Step 2:** For the major thematic sections, list several subsections representing more specific research areas, concepts, or points to be covered. Subsections should be conceptually related to their parent section and serve to further structure the survey.

**Step 3:** Your output should be in JSON format and must include the survey title, a structured outline with section titles, descriptions, and subsections. Ensure the structure is logically coherent, well-aligned with the topic, and suitable for developing a full-length academic survey.

The output example should follow the format below:

""" + _OUTLINE_JSON_EXAMPLE + """

Now, based on the given topic {topic}, please generate the outline by following the steps above. Do not include any additional commentary, explanation, or formatting instructions; only return the structured JSON output as specified."""

SG_OUTLINE_TASK1 = PromptTemplate(
    name="surveygen.outline.task1",
    version="1",
    source=f"{_SG}, 'Prompt for Outline Generation (Task1)'",
    template='You are an academic expert in the field of "{topic}" with deep expertise in survey '
    "writing. Your task is to generate a well-structured outline for a survey on this topic.\n\n"
    "**Please follow the instructions below:**\n\n" + _OUTLINE_STEPS,
)

SG_OUTLINE_TASK2 = PromptTemplate(
    name="surveygen.outline.task2",
    version="1",
    source=f"{_SG}, 'Prompt for Outline Generation (Task 2)'",
    template='You are an academic expert in the field of "{topic}" with deep expertise in survey '
    "writing. Your task is to generate a well-structured outline for a survey on this topic.\n\n"
    "The following highly relevant papers, including their titles and abstracts, are provided "
    "for reference:\n\n{references_list}\n\nPlease follow the instructions below:\n\n"
    + _OUTLINE_STEPS,
    notes="references_list: '[n] Title: ... Abstract: ...' lines of the selected papers.",
)

_SECTION_HEAD = (
    'You are an academic expert in the field of "{topic}" with deep expertise in survey writing. '
    "Your task is to write a subsection of a survey, based on the following information:\n\n"
    "The overall structure of the survey is as follows:\n\n{outline}\n\n"
    "You are now asked to write the following subsection:\n\n- Subsection: {subsection_title}\n\n"
)
_CITE_RULE = (
    "Ensure that all claims are fully supported by relevant academic literature. Cite each "
    "reference using in-text citations in the format ref [1], ref [2], etc. If a source is cited "
    "multiple times, use only the reference number assigned to its first occurrence."
)
_SECTION_TAIL = (
    "Now, please generate the content for the given subsection: {subsection_title}. Please "
    "ensure the output is formatted according to the requirements mentioned above. Do not "
    "include any explanation, commentary, or preamble in your response."
)

SG_SECTION_TASK1 = PromptTemplate(
    name="surveygen.section.task1",
    version="1",
    source=f"{_SG}, 'Prompt for Section Content Generation (Task 1)'",
    template=_SECTION_HEAD
    + "#### Instructions for generating subsection content:\n\n"
    "1. Ensure the content directly addresses the specific topic of the subsection, and the "
    "generated content should be a minimum of 300 words.\n"
    f"2. {_CITE_RULE}\n"
    "3. Maintain alignment with the parent section and overall survey topic, ensuring thematic "
    "and conceptual consistency.\n"
    "4. Use a formal academic tone, with logically structured arguments and scholarly language.\n"
    "5. Your output should strictly be a JSON object with the following two fields.\n\n"
    "```\n{{\n  \"content\": \"the content of the subsection\",\n  \"references\": [\n    {{\n"
    "      \"refNo\": \"reference number\",\n      \"authors\": \"full author list\",\n"
    "      \"year\": \"year of publication\",\n      \"title\": \"title of the paper\",\n"
    "      \"venue\": \"publication source\",\n      \"doi\": \"DOI\"\n    }}\n  ]\n}}\n```\n\n"
    + _SECTION_TAIL,
)

SG_SECTION_TASK2 = PromptTemplate(
    name="surveygen.section.task2",
    version="1",
    source=f"{_SG}, 'Prompt for Section Content Generation (Task 2)'",
    template=_SECTION_HEAD
    + "The following highly relevant papers, including their titles and abstracts, are provided "
    "for reference:\n\n{references_list}\n\n"
    "#### Instructions for generating subsection content:\n\n"
    "1. Carefully analyze the provided references and identify those highly relevant to the "
    "subsection topic as the basis for your generation.\n"
    "2. Ensure the content directly addresses the specific topic of the subsection, and the "
    "generated content should be a minimum of 300 words.\n"
    f"3. {_CITE_RULE}\n"
    "4. Maintain alignment with the parent section and overall survey topic, ensuring thematic "
    "and conceptual consistency.\n"
    "5. Use a formal academic tone, with logically structured arguments and scholarly language.\n"
    "6. Your output should strictly be a JSON object with the following two fields.\n\n"
    "```\n{{\n  \"content\": \"the content of the subsection\",\n  \"references\": [\n    {{\n"
    "      \"refNo\": \"reference number\",\n      \"title\": \"title of the paper\",\n    }}\n"
    "  ]\n}}\n```\n\n" + _SECTION_TAIL,
    notes="references_list numbers the papers [1]..[n]; 'ref [n]' in the reply points at them.",
)

SG_SECTION_TASK3 = PromptTemplate(
    name="surveygen.section.task3",
    version="1",
    source=f"{_SG}, 'Prompt for Section Content Generation (Task 3)'",
    template=_SECTION_HEAD
    + "The following papers are provided for this subsection and should be summarized "
    "accordingly:\n\n{references_list}\n\n"
    "#### Instructions for generating subsection content:\n\n"
    "1. You must generate the content based on the provided references. Do not incorporate or "
    "cite any external references.\n"
    "2. Ensure the content directly addresses the specific topic of the subsection, and the "
    "generated content should be a minimum of 300 words\n"
    f"3. {_CITE_RULE}\n"
    "4. Maintain alignment with the parent section and overall survey topic, ensuring thematic "
    "and conceptual consistency.\n"
    "5. Use a formal academic tone, with logically structured arguments and scholarly language.\n\n"
    + _SECTION_TAIL,
)

SG_TOPIC_RELEVANCE = PromptTemplate(
    name="surveygen.topic_relevance",
    version="1",
    source=f"{_SG}, 'Prompt for Topic Relevance Evaluation' (QUAL-SG S_t, §2.4 eq. 2)",
    template="You are an academic expert helping to write a survey on the topic: \u201c{topic}\u201d.\n\n"
    "You will be provided with the title and abstract of a research paper. Your task is to "
    "rating the paper\u2019s relevance to the survey topic based on the following criteria:\n\n"
    "**Score-1 (poor):** The paper is unrelated to the topic or only mentions it in passing, "
    "with no meaningful contribution.\n\n"
    "**Score-2 (low):** The paper is loosely connected or provides general background, but not "
    "focused on the topic.\n\n"
    "**Score-3 (moderate):** The paper discusses a specific sub-aspect of the topic; somewhat "
    "useful, but not central.\n\n"
    "**Score-4 (high):** The paper substantially addresses key elements of the topic; would "
    "likely be cited in the survey.\n\n"
    "**Score-5 (very high):** The paper is entirely focused on the topic, offering essential "
    "insights; likely foundational to the survey.\n\n"
    "Your output should only include a single score from 1 to 5. Do not provide any "
    "explanation or additional text.\n\nTitle:{title} Abstract:{abstract}\n\n"
    "Topical relevance score:",
)

# ---- AutoSurvey (App. F) -------------------------------------------------------------------

AS_ROUGH_OUTLINE = PromptTemplate(
    name="autosurvey.rough_outline",
    version="1",
    source=f"{_AS}, ROUGH_OUTLINE_PROMPT",
    template="You want to write a overall and comprehensive academic survey about {topic}.\n"
    "You are provided with a list of papers related to the topic below:\n---\n{paper_list}\n---\n"
    "You need to draft a outline based on the given papers.\n"
    "The outline should contains a title and several sections.\n"
    "Each section follows with a brief sentence to describe what to write in this section.\n"
    "The outline is supposed to be comprehensive and contains {section_num} sections.\n\n"
    "Return in the format:\n<format>\nTitle: [TITLE OF THE SURVEY]\n"
    "Section 1: [NAME OF SECTION 1]\nDescription 1: [DESCRIPTION OF SENTCTION 1]\n\n"
    "...\n\n"
    "Section K: [NAME OF SECTION K]\nDescription K: [DESCRIPTION OF SENTCTION K]\n</format>\n"
    "The outline:",
)

AS_MERGING_OUTLINE = PromptTemplate(
    name="autosurvey.merging_outline",
    version="1",
    source=f"{_AS}, MERGING_OUTLINE_PROMPT",
    template="You want to write a overall survey about {topic}.\n"
    "You are provided with a list of outlines as candidates below:\n---\n{outline_list}\n---\n"
    "Each outline contains a title and several sections.\n"
    "Each section follows with a brief sentence to describe what to write in this section.\n\n"
    "You need to generate a final outline based on these provided outlines to make the final "
    "outline show comprehensive insights of the topic and more logical.\n"
    "Return the in the format:\n<format>\nTitle: [TITLE OF THE SURVEY]\n"
    "Section 1: [NAME OF SECTION 1]\nDescription 1: [DESCRIPTION OF SENTCTION 1]\n\n"
    "...\n\n"
    "Section K: [NAME OF SECTION K]\nDescription K: [DESCRIPTION OF SENTCTION K]\n</format>\n"
    "Only return the final outline without any other informations:",
)

AS_SUBSECTION_OUTLINE = PromptTemplate(
    name="autosurvey.subsection_outline",
    version="1",
    source=f"{_AS}, SUBSECTION_OUTLINE_PROMPT",
    template="You want to write a overall survey about {topic}.\n"
    "You have created a overall outline below:\n---\n{overall_outline}\n---\n"
    "The outline contains a title and several sections.\n"
    "Each section follows with a brief sentence to describe what to write in this section.\n\n"
    "<instruction>\nYou need to enrich the section {section_name}.\n"
    "The description of {section_name}: {section_description}\n"
    "You need to generate the framwork containing several subsections based on the overall "
    "outlines.\nEach subsection follows with a brief sentence to describe what to write in this "
    "subsection.\nThese papers provided for references:\n---\n{paper_list}\n---\n"
    "Return the outline in the format:\n<format>\n"
    "Subsection 1: [NAME OF SUBSECTION 1]\nDescription 1: [DESCRIPTION OF SUBSENTCTION 1]\n\n"
    "...\n\nSubsection K: [NAME OF SUBSECTION K]\nDescription K: [DESCRIPTION OF SUBSENTCTION K]\n"
    "</format>\n</instruction>\nOnly return the outline without any other informations:",
)

_AS_CITE_GUIDE = (
    "Here's a concise guideline for when to cite papers in a survey:\n---\n"
    "1. Summarizing Research: Cite sources when summarizing the existing literature.\n"
    "2. Using Specific Concepts or Data: Provide citations when discussing specific theories, "
    "models, or data.\n"
    "3. Using Established Methods: Cite the creators of methodologies you employ in your survey.\n"
    "4. Supporting Arguments: Cite sources that back up your conclusions and arguments.\n---\n"
)

AS_SUBSECTION_WRITING = PromptTemplate(
    name="autosurvey.subsection_writing",
    version="1",
    source=f"{_AS}, SUBSECTION_WRITING_PROMPT",
    template="You wants to write a overall and comprehensive survey about {topic}.\n"
    "You have created a overall outline below:\n---\n{overall_outline}\n---\n"
    "Below are a list of papers for reference:\n---\n{paper_list}\n---\n\n"
    "<instruction>\nNow you need to write the content for the subsection:\n"
    "\"{subsection_name}\".\n"
    "The details of what to write in this subsection called {subsection_name} is in this "
    "descripition:\n---\n{description}\n---\n\n"
    "Here is the requirement you must follow:\n"
    "1. The subsection is recommended to contain more than {word_num} words.\n"
    "2. When writing sentences that are based on specific papers above, you cite the "
    "\"paper_title\" in a '[]' format to support your content.\n"
    "For example 'the emergence of large language models (LLMs) [PaLM: Scaling language "
    "modeling with pathways]\n\n"
    + _AS_CITE_GUIDE
    + "</instruction>\nOnly return the content more than {word_num} words you write for the "
    "subsection {subsection_name} without any other information:",
    notes="The citation example is the one of the appendix's CITATION_REFLECTION_PROMPT.",
)

AS_CITATION_REFLECTION = PromptTemplate(
    name="autosurvey.citation_reflection",
    version="1",
    source=f"{_AS}, CITATION_REFLECTION_PROMPT",
    template="You want to write a overall and comprehensive survey about {topic}.\n"
    "Below are a list of papers for references:\n---\n{paper_list}\n---\n"
    "You have written a subsection below:\n---\n{subsection}\n---\n"
    "<instruction>\nThe sentences that are based on specific papers above are followed with the "
    "citation of \"paper_title\" in \"[]\".\nFor example 'the emergence of large language models "
    "(LLMs) [PaLM: Scaling language modeling with pathways]\n\n" + _AS_CITE_GUIDE
    + "Now you need to check whether the citations of \"paper_title\" in this subsection is "
    "correct.\nOnce the citation can not support the sentence you write, correct the "
    "paper_title in '[]' or just remove it.\n\nDo not change any other things except the "
    "citations.\n</instruction>\nOnly return the subsection with correct citations:",
)

AS_COHERENCY_REFINEMENT = PromptTemplate(
    name="autosurvey.coherency_refinement",
    version="1",
    source=f"{_AS}, COHERENCY_REFINEMENT_PROMPT",
    template="You want to write a overall and comprehensive survey about {topic}.\n\n"
    "Now you need to help to refine one of the subsection to improve th ecoherence of your "
    "survey.\n\nYou are provied with the content of the subsection along with the previous "
    "subsections and following subsections.\n\nPrevious Subsection:\n--- \n{previous}\n---\n\n"
    "Following Subsection:\n---\n{following}\n---\n\nSubsection to Refine: \n---\n{subsection}\n"
    "---\n\nNow refine the subsection to enhance coherence, and ensure that it connects more "
    "fluidly with the previous and following subsections\n\nRemember that keep all the "
    "essence and core information of the subsection intact. Do not modify any citations in [] "
    "following the sentences!!!!\n\nOnly return the whole refined content of the subsection "
    "without any other informations:",
)

ALL: tuple[PromptTemplate, ...] = (
    SG_OUTLINE_TASK1,
    SG_OUTLINE_TASK2,
    SG_SECTION_TASK1,
    SG_SECTION_TASK2,
    SG_SECTION_TASK3,
    SG_TOPIC_RELEVANCE,
    AS_ROUGH_OUTLINE,
    AS_MERGING_OUTLINE,
    AS_SUBSECTION_OUTLINE,
    AS_SUBSECTION_WRITING,
    AS_CITATION_REFLECTION,
    AS_COHERENCY_REFINEMENT,
)
