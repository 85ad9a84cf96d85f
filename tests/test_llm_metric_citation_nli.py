"""Citation NLI recall/precision/F1 (AutoSurvey eq. 2-3) against a scripted judge over HTTP.

The scripted judge plays a fact-based NLI oracle: every source states some facts ("fact x"),
every claim needs some ("needs x and z"); h(claim, sources) = needed ⊆ stated. Expected values
below are computed by hand from that rule.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from surveybench.metrics._claims import extract_claims, split_sentences
from surveybench.metrics.base import MetricContext
from surveybench.metrics.citation_nli import CitationNLI, HQuery, citation_quality
from surveybench.judges import make_judge
from surveybench.model import Reference
from tests._llm_metric_helpers import survey
from tests.plugins.llm import ChatRequest


def fact_oracle(req: ChatRequest) -> str:
    text = req.user
    m = re.search(r"Claim:\n(.*?)\n---\nSource:\n(.*?)\n---\nClaim:", text, re.S)
    if not m:
        return "unexpected prompt"
    claim, source = m.group(1), m.group(2)
    need = set(re.findall(r"\b([a-z])\b", re.search(r"needs ([a-z](?: and [a-z])*)", claim).group(1)))
    have = set(re.findall(r"fact ([a-z])", source))
    return "Yes" if need <= have else "No"


REFS = [
    Reference(id="b1", numbers=["1"], title="A", abstract="Source A states fact x and fact y."),
    Reference(id="b2", numbers=["2"], title="B", abstract="Source B states fact y."),
    Reference(id="b3", numbers=["3"], title="C", abstract="Source C states fact z."),
    Reference(id="b4", numbers=["4"], title="D", abstract="Source D states nothing useful."),
    Reference(id="b5", numbers=["5"], title="E"),  # no abstract, no TLDR
]

SURVEY = survey(
    "NLI test survey",
    [
        ("Intro", [
            "A plain opening sentence. Claim one needs x [1]. Claim two needs y [1; 2].",
            "Claim three needs x and z [1; 3; 4]. Claim four needs w [3; 4]. Claim five needs x [2].",
        ]),
        ("Body", [
            "Claim six needs y [2; 5]. Claim seven needs z [3; 9]. Claim eight needs y [2; 4]. No citation here.",
        ]),
    ],
    REFS,
)

# By hand (see module docstring). Judged claims: 1, 2, 3, 4, 5, 8 (6 and 7 unverifiable).
#   supported: 1, 2, 3, 8                                   -> recall 4/6
#   relevant citations: c1 1/1, c2 2/2, c3 {1,3} of 3 (rest without 4 = {1,3} still supports),
#   c4 0/2, c5 0/1, c8 {2} of 2                              -> precision 6/11
#   calls: c1 1, c2 1+2, c3 1+3+3, c4 1, c5 1, c8 1+2+0 (rest of 4 = single of 2) = 16
#   naive Σ(1+2|Ref|) = 3+5+7+5+3+5 = 28
#   AutoSurvey's judge: 6 + c1 1 + c2 2 + c3 6 + c8 (1+2) = 18
RECALL, PRECISION = Fraction(4, 6), Fraction(6, 11)
F1 = 2 * PRECISION * RECALL / (PRECISION + RECALL)


def test_pure_aggregation_hand_computed() -> None:
    truth = {
        HQuery(0, frozenset("a")): True,
        HQuery(1, frozenset("ab")): True, HQuery(1, frozenset("a")): True, HQuery(1, frozenset("b")): False,
        HQuery(2, frozenset("abc")): False,
        HQuery(3, frozenset("abc")): True, HQuery(3, frozenset("a")): False, HQuery(3, frozenset("b")): False,
        HQuery(3, frozenset("c")): True, HQuery(3, frozenset("bc")): True, HQuery(3, frozenset("ac")): False,
    }
    rounds: list[int] = []

    def oracle(qs):
        rounds.append(len(qs))
        return [truth[q] for q in qs]

    out = citation_quality([["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c"]], oracle)
    assert out.recall == pytest.approx(3 / 4)
    # c0 1, c1 {a} (b: single no, rest {a} yes), c2 0, c3 {b, c} (a: rest {b,c} yes) -> 4 of 9
    assert out.precision == pytest.approx(4 / 9)
    assert out.f1 == pytest.approx(2 * (4 / 9) * (3 / 4) / (4 / 9 + 3 / 4))
    # 4 claims; singles of c1 and c3 (5); complements: c1's rest {a} known, c3's {b,c} and {a,c} (2)
    assert rounds == [4, 5, 2] and out.calls == 11
    assert out.naive_calls == 3 + 5 + 7 + 7
    assert out.autosurvey_calls == 4 + 1 + (1 + 2) + (2 + 2 + 1)


def test_failed_answers_are_left_out_not_scored() -> None:
    truth = {HQuery(0, frozenset("a")): None, HQuery(1, frozenset("ab")): True,
             HQuery(1, frozenset("a")): None, HQuery(1, frozenset("b")): True,
             HQuery(1, frozenset("b")): True}

    out = citation_quality([["a"], ["a", "b"]], lambda qs: [truth[q] for q in qs])
    # c0 unknown: out of recall; c1's citation a: single failed, rest {b} supports -> g unknown
    assert out.recall == 1.0 and out.recall_claims == 1
    assert out.precision is None and out.precision_citations == 0


def test_sentence_split_keeps_markers_after_full_stop() -> None:
    text = "Nets work [1]. Smith et al. proposed it in 2010.[2][3] Gains were 3.5 points (e.g. on X) [4]. End"
    spans = [(m.start(), m.end()) for m in re.finditer(r"\[\d\]", text)]
    got = [text[a:b].strip() for a, b in split_sentences(text, spans)]
    assert got == ["Nets work [1].", "Smith et al. proposed it in 2010.[2][3]",
                   "Gains were 3.5 points (e.g. on X) [4].", "End"]


def test_claims_of_the_test_survey() -> None:
    claims = extract_claims(SURVEY)
    assert [c.text for c in claims][:3] == ["Claim one needs x.", "Claim two needs y.", "Claim three needs x and z."]
    assert len(claims) == 8
    assert claims[2].ref_ids == ["b1", "b3", "b4"]
    assert claims[6].unresolved == ["9"]


def _run(scripted_llm, cache):
    judge = make_judge(scripted_llm.spec, cache_path=cache, retry_initial=0.01)
    ctx = MetricContext().provide("judge", judge)
    return CitationNLI().compute(SURVEY, SURVEY, ctx)


def test_citation_nli_over_http_hand_computed(scripted_llm, judge_cache) -> None:
    scripted_llm.default = fact_oracle
    res = _run(scripted_llm, judge_cache)
    assert res.scores["recall"] == pytest.approx(float(RECALL))
    assert res.scores["precision"] == pytest.approx(float(PRECISION))
    assert res.scores["f1"] == pytest.approx(float(F1))
    d = res.details
    assert d["calls"] == 16 == scripted_llm.calls
    assert d["naive_calls"] == 28 and d["autosurvey_calls"] == 18
    assert d["claims_total"] == 8 and d["claims_judged"] == 6 and d["citations_judged"] == 11
    # claims six [2; 5] and seven [3; 9] are left out: 2 of 8 sentences, their 4 citations of 15
    assert d["parts"] == {"recall": {"used": 6, "of": 8}, "precision": {"used": 11, "of": 15}}
    unverifiable = {u["claim"]: u for u in d["unverifiable_claims"]}
    assert unverifiable["Claim six needs y [2; 5]."]["references_without_text"] == ["5"]
    assert unverifiable["Claim seven needs z [3; 9]."]["unresolved_markers"] == ["9"]
    c3 = next(c for c in d["claims"] if c["claim"] == "Claim three needs x and z.")
    assert c3["relevant"] == {"b1": True, "b3": True, "b4": False}
    assert res.usage["calls"] == 16 and res.usage["asked"] == 16
    assert res.failures == []

    # A cached re-run (new judge, same cache file) asks the server nothing.
    again = _run(scripted_llm, judge_cache)
    assert scripted_llm.calls == 16
    assert again.scores == res.scores
    assert again.details["calls_served_from_cache"] == 16 and again.usage["calls"] == 0


def test_unparseable_reply_is_a_recorded_failure(scripted_llm, judge_cache) -> None:
    def oracle(req: ChatRequest) -> str:
        if "Claim five" in req.text:  # also the re-asks, whose last message is a nudge
            return "I cannot tell"
        return fact_oracle(req)

    scripted_llm.default = oracle
    res = _run(scripted_llm, judge_cache)
    # claim five (unsupported, 1 citation) drops out of both scores: recall 4/5, precision 6/10
    assert res.scores["recall"] == pytest.approx(4 / 5)
    assert res.scores["precision"] == pytest.approx(6 / 10)
    assert res.details["parts"] == {"recall": {"used": 5, "of": 8}, "precision": {"used": 10, "of": 15}}
    assert len(res.failures) == 1
    f = res.failures[0]
    assert f["reply"] == "I cannot tell" and f["error"].startswith("unparseable")
    # 15 claims-calls answered at once + 3 attempts (1 + 2 parse retries) for claim five
    assert scripted_llm.calls == 15 + 3


def test_marker_opening_a_sentence_stays_with_it() -> None:
    text = "First point. [2] showed the second point. Third point (Smith et al., 2020)."
    spans = [(m.start(), m.end()) for m in re.finditer(r"\[\d\]|\(Smith et al\., 2020\)", text)]
    got = [text[a:b].strip() for a, b in split_sentences(text, spans)]
    assert got == ["First point.", "[2] showed the second point.", "Third point (Smith et al., 2020)."]


def test_no_judgeable_claim_gives_reason_and_title_fallback(scripted_llm, judge_cache) -> None:
    scripted_llm.default = "Yes"
    s = survey("Titles only", [("Intro", ["Claim needs x [1]. Claim needs y [2]."])],
               [Reference(id="b1", numbers=["1"], title="Paper one"), Reference(id="b2", numbers=["2"], raw="Two, 2020")])
    judge = make_judge(scripted_llm.spec, cache_path=judge_cache)
    res = CitationNLI().compute(s, s, MetricContext().provide("judge", judge))
    assert res.scores == {"recall": None, "precision": None, "f1": None}
    assert "all 2 cited sentences" in res.details["reason"] and scripted_llm.calls == 0
    ctx = MetricContext(options={"citation_nli_title_fallback": True}).provide("judge", judge)
    res = CitationNLI().compute(s, s, ctx)
    assert res.scores["recall"] == 1.0 and res.details["references_judged_on_title"] == ["b1", "b2"]
    assert sorted(re.search(r"Source:\n(.*?)\n", r.user).group(1) for r in scripted_llm.requests) == ["Paper one", "Two, 2020"]
