"""Reference-list failure classes of the tuning splits, second round (issue 9, stop 35, area L2).

Lists found: under an "Annotated Bibliography" heading (a literature review's closing list, each entry followed by a
note on the paper), which no list heading matched, so the entries were read as a section and every citation stayed
unresolved.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import linked_markers
from tests.reader_helpers import read_text as _read


def test_annotated_bibliography_is_the_list(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Wildfires and local public finance: a literature review

## 1. Contribution

Hurricanes cut local revenues (Jerch et al., 2023), and disaster aid offsets part of the loss (Deryugina, 2017).

## 2. Gap Summary

No study follows wildfire damage into county budgets (Liao & Kousky, 2022).

## 3. Annotated Bibliography (Key Papers)

**Liao, Y. & Kousky, C. (2022).** "The Fiscal Impacts of Wildfires on California Municipalities." *JAERE* 9(3). -- (1) Fiscal effect of wildfire.

**Jerch, R., Kahn, M.E., & Lin, G.C. (2023).** "Local Public Finance Dynamics and Hurricane Shocks." *Journal of Urban Economics* 134. -- (1) Revenues and debt.

**Deryugina, T. (2017).** "The Fiscal Cost of Hurricanes: Disaster Aid versus Social Insurance." *AEJ: Economic Policy* 9(3). -- (1) Transfers.
""")
    assert [s.title for s in survey.top_level_sections()] == ["Contribution", "Gap Summary"]
    assert len(survey.references) == 3
    assert [r.year for r in survey.references] == [2022, 2023, 2017]
    marks = linked_markers(survey)
    assert len(marks) == 3 and all(ids and not unresolved for _, ids, unresolved in marks)
