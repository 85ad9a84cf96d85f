"""Stage 6: a survey's domain from fields of study (SurveyGen §3 / §4.3 group surveys into
Biology, Medicine, Psychology and Computer Science; other fields keep their S2 name).

Rule (pure, :func:`label_domain`):
1. Candidates are the survey's own S2 fields of study; if it has none, every field its
   enriched references carry.
2. Each candidate scores the number of references listing it.
3. The highest score wins; ties go to the field listed first by the survey (S2 lists the
   publisher/MAG-assigned "external" fields first), then alphabetically.
4. No fields anywhere -> ``None`` (counted as "unlabelled" in the build summary).

Why references: multi-field surveys are common (the SurveyGen example survey is
"Computer Science" + "Medicine"); what a survey cites says which community it addresses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

MAIN_DOMAINS = ("Biology", "Medicine", "Psychology", "Computer Science")


def label_domain(survey_fields: Sequence[str], reference_fields: Sequence[Sequence[str]]) -> str | None:
    counts: Counter[str] = Counter()
    for fields in reference_fields:
        counts.update(set(fields))
    candidates = list(dict.fromkeys(survey_fields)) or sorted(counts)
    if not candidates:
        return None
    order = {f: i for i, f in enumerate(survey_fields)}
    return min(candidates, key=lambda f: (-counts[f], order.get(f, len(order)), f))
