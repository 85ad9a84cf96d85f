"""Failure classes of PDF conversions by olmOCR, marker and pdf-to-markdown, fixed by the files' own
evidence (issue 9, the round after s7).

From the tuning splits dev7b and dev8b (batches 7 and 8's never-tuned halves, measured blind and then
promoted at stop 22): marker closes a display equation at the end of its last line ("...
\\tag{1}$$"), olmOCR and pdf-to-markdown print some section headings as Markdown and others as plain
lines ("1. Introduction", "### 3. Structural-RNN architectures", "5. Conclusion"), or as bold lines.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers import read_survey_report


def _read(tmp_path: Path, text: str, name: str = "review.md"):  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_survey_report(path)


DISPLAY_CLOSED_AT_LINE_END = """\
# Hardware implementation of memristor-based networks

### Structure of the network

The voltages are applied at the inputs of the crossbar array[2](#page-1-0):

$$
\\begin{aligned}
y = G x
\\end{aligned} \\tag{1}$$

$$\\begin{aligned} z = W y \\end{aligned} (2)$$

### Fabrication of the chip

Chips were fabricated in a CMOS process[1](#page-1-0).

# References

- 1. Mehonic, A. & Kenyon, A. J. Brain-inspired computing needs a master plan. Nature 604, 255-260 (2022).
- 2. Amerini, I., Li, C.-T. & Caldelli, R. Social network identification through image classification with CNN. IEEE Access 7, 35264-35273 (2019).
- 3. Zhang, C. et al. IMLBench: A machine learning benchmark suite for CPU-GPU integrated architectures. IEEE Trans. Parallel Distrib. Syst. 32, 1740-1752 (2021).
- 4. Talpes, E. et al. Compute solution for Tesla's full self-driving computer. IEEE Micro 40, 25-35 (2020).
"""


def test_a_display_closed_at_the_end_of_its_last_line_ends_there(tmp_path: Path) -> None:
    survey, _ = _read(tmp_path, DISPLAY_CLOSED_AT_LINE_END)
    # before: the display opened by "$$" never closed ("...\\tag{1}$$" was not a line of its own), so
    # every heading after it -- and the reference list -- was read as part of the equation
    assert [s.title for s in survey.top_level_sections()] == ["Structure of the network", "Fabrication of the chip"]
    assert len(survey.references) == 4
    assert survey.references[0].title == "Brain-inspired computing needs a master plan"
