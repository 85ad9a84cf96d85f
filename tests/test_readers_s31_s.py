"""Top-level section classes of stop 31 (issue 9), fixed by the files' own evidence.

A paper's title printed after a journal's banner set deeper ("## Biotechnologically Relevant Enzymes and Proteins" above
"# Regioselective hydroxylation ..."); a methods section named "Research Methods and Procedures" among bold IMRaD names;
lettered appendices that run to "I" (the ninth letter, no Roman one) after Arabic-numbered sections; a heading's hashes alone
on a line, its numbered name on the next ("##" / "II-A Agentic Workflows").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text

LATE_TITLE = """\
## Biotechnologically Relevant Enzymes and Proteins

# Regioselective hydroxylation of sterols

## Introduction

Sterols are hydroxylated by enzymes [1].

## Methods

We purified the enzyme [2].

## Results

It hydroxylates C25.

## References

1. A. Author. Sterols. J. Biol. 2001.
2. B. Author. Enzymes. J. Biol. 2002.
"""


def test_a_title_after_a_deeper_journal_banner_is_the_title(tmp_path: Path) -> None:
    survey = read_text(tmp_path, LATE_TITLE)
    # before: the title was the one top-level section, holding the paper; the banner the title page's
    assert survey.title == "Regioselective hydroxylation of sterols"
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Methods", "Results"]


BOLD_METHODS_AND_PROCEDURES = """\
# Interventions to prevent obesity in preschool children

**Introduction**

Obesity is common [1].

**Research Methods and Procedures**

We searched the literature [2].

**Study selection**

Two reviewers read each study.

**Results**

Nine programs were found.

**Discussion**

Few programs were evaluated.

**References**

1. A. Author. Obesity. J. Pediatr. 2001.
2. B. Author. Searches. J. Pediatr. 2002.
"""


def test_research_methods_and_procedures_is_a_top_level_name(tmp_path: Path) -> None:
    survey = read_text(tmp_path, BOLD_METHODS_AND_PROCEDURES)
    # before: not named as a methods section, it was a subsection of the introduction like "Study selection"
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Research Methods and Procedures", "Results", "Discussion"]


def _lettered(heading: str, names: list[str], first_text: str = "Text.") -> str:
    """Sections lettered A, B, ... in order (``heading`` formats each letter and name), each holding one line of text."""
    return "".join(heading.format(letter=chr(65 + k), name=name) + "\n\n" + (first_text if k == 0 else "Text.") + "\n\n"
                   for k, name in enumerate(names))


APPENDIX_I = """\
# Training compute-optimal language models

## 1. Introduction

Models are large [1].

## 2. Related Work

Scaling laws exist [2].

## 3. Conclusion

Train on more tokens.

## References

1. A. Author. Large models. arXiv 2020.
2. B. Author. Scaling laws. arXiv 2021.

""" + _lettered("## {letter} {name}", ['Training dataset', 'Cosine cycle', 'Datasets', 'Details', 'Curvature', 'FLOPs', 'Differences', 'Results']) + """\
## I Model Card

Text.
"""


def test_a_ninth_lettered_appendix_is_no_roman_numbered_section(tmp_path: Path) -> None:
    survey = read_text(tmp_path, APPENDIX_I)
    # before: "I" made the numbering Roman and the Arabic "1." headings its third level -- no top-level section at all
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Related Work", "Conclusion"]


BARE_HASHES = """\
##
XDMA: A Distributed DMA Architecture

Ada Rossi, Bruno Bianchi

##
I Introduction

Data movement is costly [1].

##
II XDMA Architecture

It has a controller.

##
II-A XDMA Controller

The controller orders requests [2].

##
III Conclusion

It moves data.

## References

[1] A. Author. DMA engines. DAC 2020.
[2] B. Author. Controllers. DAC 2021.
"""


def test_hashes_alone_then_a_numbered_name_are_one_heading(tmp_path: Path) -> None:
    survey = read_text(tmp_path, BARE_HASHES)
    # before: the hashes were no heading and the names plain lines -- no section found
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "XDMA Architecture", "Conclusion"]


LETTERED_SUBSECTIONS_TO_I = """\
# Small-finger stiffness in tennis players

## Executive Summary

Most cases are overuse.

## 1) Differential Diagnosis

""" + _lettered("### {letter}. {name}", [
    'Ulnar neuropathy', 'Trigger finger', 'Pulley injuries', 'Sagittal band injury', 'Intrinsic tightness', "Dupuytren's disease", 'Hamate fracture', 'Tendinopathy'],
    first_text="Common in players [1].") + """\
### I. Joint disease

Text [2].

## 2) Management

### A. Splinting

Text.

## Sources

[1] A. Author. Ulnar neuropathy. J. Hand Surg. 2015.
[2] B. Author. Synovitis. J. Hand Surg. 2018.
"""


def test_a_ninth_lettered_subsection_is_a_letter_not_a_roman_section(tmp_path: Path) -> None:
    survey = read_text(tmp_path, LETTERED_SUBSECTIONS_TO_I)
    # before: "I." made the numbering Roman, "1)" and "2)" its third level, and "I. Joint disease" the one top-level section
    assert [s.title for s in survey.top_level_sections()] == ["Differential Diagnosis", "Management"]
