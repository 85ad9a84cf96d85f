"""Citation recall, precision and F1 by NLI (AutoSurvey §4 eq. 2-3 and App. C; SurveyX §4.1).

Claims C are the sentences with at least one citation (AutoSurvey App. C). Ref_i are the
references claim c_i cites; the premise for a set of references is their source texts joined by
newlines: full text where given (``candidate.extra["full_texts"]``, ref id -> text), else the
abstract, else the TLDR. h(c, R) = 1 when R supports c.

    Recall    = Σ_i h(c_i, Ref_i) / |C|                                            (eq. 2)
    g(c_i, r) = h(c_i, {r}) = 1  ∨  h(c_i, Ref_i \\ {r}) = 0
    Precision = Σ_i Σ_{r ∈ Ref_i} h(c_i, Ref_i) ∧ g(c_i, r) / Σ_i |Ref_i|          (eq. 3)
    F1        = 2·P·R / (P + R)                                                      (SurveyX §4.1)

h(c, ∅) = 0: nothing supports a claim, so for a single-citation claim g = 1 and its precision
term is h(c, Ref_i), already known from recall.

Calls the definition fixes are not made (:func:`citation_quality`): only supported claims with
two or more citations need g; h(c, {r}) is asked first and h(c, Ref \\ {r}) only when it is 0
(short-circuit OR); every h(c, R) is asked once per claim and subset, so for two citations the
complement of one is the single of the other. ``calls`` counts what was asked, ``naive_calls``
every h() the equations mention (1 + 2·|Ref_i| per claim) and ``autosurvey_calls`` what
AutoSurvey's released judge would issue for the same answers (one recall call per claim, then
for each citation of a supported claim the single check and, when that says no, the complement).

A claim citing a number no reference defines, or a reference without any text, cannot be
judged: it is left out of both scores and listed in ``details["unverifiable_claims"]`` (option
``citation_nli_title_fallback``: judge on the reference's title instead, listed in
``details["references_judged_on_title"]``); a
failed judge call leaves the claim out of the score it was needed for and is recorded in
``failures`` with the reply.

h() comes from the context's ``nli`` resource when configured (``--nli hf:MODEL_ID``, see
:mod:`surveybench.metrics._nli_backends`), else from the judge (the first judge of a panel) with the NLI
prompt of SurveyX Fig. 10 / AutoSurvey's released judge, parsed strictly as Yes/No.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from surveybench.metrics._claims import Claim, extract_claims
from surveybench.metrics._judging import JudgedMetric
from surveybench.metrics._scores import f1
from surveybench.metrics.base import MetricContext, MetricResult, MetricSpec, Option, ResourceDecl, ResourceSettings, higher, register
from surveybench.model import Survey

NAME = "citation_nli"


@dataclass(frozen=True)
class HQuery:
    """h(claim, refs): does the subset ``refs`` of claim ``claim``'s citations support it?"""

    claim: int
    refs: frozenset[str]


Oracle = Callable[[Sequence[HQuery]], Sequence[bool | None]]


@dataclass
class ClaimEvidence:
    claim: int
    refs: list[str]
    supported: bool | None  # h(c, Ref)
    single: dict[str, bool | None] = field(default_factory=dict)  # h(c, {r}) when needed
    rest: dict[str, bool | None] = field(default_factory=dict)  # h(c, Ref \ {r}) when needed
    relevant: dict[str, bool | None] = field(default_factory=dict)  # h(c, Ref) ∧ g(c, r)


@dataclass
class CitationNLIOutcome:
    recall: float | None
    precision: float | None
    f1: float | None
    claims: list[ClaimEvidence]
    calls: int  # h() evaluations requested from the backend
    naive_calls: int  # every h() in eq. 2-3, once each: Σ (1 + 2|Ref_i|)
    autosurvey_calls: int  # AutoSurvey's released judge call pattern for the same answers
    recall_claims: int  # claims in the recall denominator
    precision_citations: int  # citations in the precision denominator


def _and(a: bool | None, b: bool | None) -> bool | None:
    if a is False or b is False:
        return False
    if a is None or b is None:
        return None
    return True


def _or(a: bool | None, b: bool | None) -> bool | None:
    if a is True or b is True:
        return True
    if a is None or b is None:
        return None
    return False


def _not(a: bool | None) -> bool | None:
    return None if a is None else not a


def f1_score(p: float | None, r: float | None) -> float | None:
    return None if p is None or r is None else f1(p, r)


def citation_quality(claim_refs: Sequence[Sequence[str]], oracle: Oracle) -> CitationNLIOutcome:
    """Recall, precision and F1 of claims whose citations are ``claim_refs[i]`` (eq. 2-3).

    ``oracle`` answers a batch of h() queries (True, False, or None when the answer could not be
    obtained); it is called once per round (all claims, then singles, then complements) so the
    backend can run each round concurrently.
    """
    refs = [list(dict.fromkeys(r)) for r in claim_refs]
    memo: dict[HQuery, bool | None] = {}
    calls = 0

    def ask(queries: list[HQuery]) -> None:
        nonlocal calls
        todo = list(dict.fromkeys(q for q in queries if q not in memo))
        if not todo:
            return
        answers = list(oracle(todo))
        if len(answers) != len(todo):
            raise RuntimeError(f"NLI oracle answered {len(answers)} of {len(todo)} queries")
        calls += len(todo)
        memo.update(zip(todo, answers))

    def h(i: int, subset: Sequence[str] | frozenset[str]) -> HQuery:
        return HQuery(i, frozenset(subset))

    # Round 1 (recall): h(c_i, Ref_i) for every claim.
    ask([h(i, r) for i, r in enumerate(refs) if r])
    supported = [memo.get(h(i, r)) if r else False for i, r in enumerate(refs)]
    multi = [i for i, r in enumerate(refs) if supported[i] is not False and len(r) >= 2]
    # Round 2: h(c_i, {r}) — only where the claim is (possibly) supported and has >= 2 citations.
    ask([h(i, [x]) for i in multi for x in refs[i] if supported[i] is True])
    # Round 3: h(c_i, Ref_i \ {r}) — only where the single check did not already give g = 1.
    ask([
        h(i, [y for y in refs[i] if y != x])
        for i in multi if supported[i] is True
        for x in refs[i] if memo.get(h(i, [x])) is not True
    ])

    evidence: list[ClaimEvidence] = []
    recall_hits, recall_n = 0, 0
    prec_hits, prec_n = 0, 0
    naive = autosurvey = 0
    for i, r in enumerate(refs):
        if not r:
            continue
        ev = ClaimEvidence(claim=i, refs=r, supported=supported[i])
        naive += 1 + 2 * len(r)
        autosurvey += 1
        if supported[i] is not None:
            recall_n += 1
            recall_hits += int(supported[i])
        terms: list[bool | None] = []
        for x in r:
            if supported[i] is False:
                term: bool | None = False
            elif len(r) == 1:
                term = supported[i]  # g = 1 because h(c, ∅) = 0
                if supported[i]:
                    autosurvey += 1  # AutoSurvey asks h(c, {r}) == h(c, Ref) again
            elif supported[i] is None:
                term = None
            else:
                single = memo.get(h(i, [x]))
                ev.single[x] = single
                g = single
                if single is not True:
                    rest = memo.get(h(i, [y for y in r if y != x]))
                    ev.rest[x] = rest
                    g = _or(single, _not(rest))
                term = _and(True, g)
                autosurvey += 1 + (0 if single is True else 1)
            ev.relevant[x] = term
            terms.append(term)
        if all(t is not None for t in terms):
            prec_n += len(terms)
            prec_hits += sum(bool(t) for t in terms)
        evidence.append(ev)

    recall = recall_hits / recall_n if recall_n else None
    precision = prec_hits / prec_n if prec_n else None
    return CitationNLIOutcome(
        recall=recall,
        precision=precision,
        f1=f1_score(precision, recall),
        claims=evidence,
        calls=calls,
        naive_calls=naive,
        autosurvey_calls=autosurvey,
        recall_claims=recall_n,
        precision_citations=prec_n,
    )


# ---- from a survey to claims with source texts --------------------------------------------


@dataclass
class PreparedClaims:
    claims: list[Claim]  # judgeable: every citation resolved to a reference with text
    sources: dict[str, str]  # ref id -> premise text
    unverifiable: list[dict[str, Any]]  # claims left out, with why
    on_title: list[str] = field(default_factory=list)  # ref ids whose title stood in for a text
    unverifiable_citations: int = 0  # citations (resolved or not) of the claims left out


def prepare_claims(survey: Survey, full_texts: Mapping[str, str] | None = None, *, title_fallback: bool = False) -> PreparedClaims:
    """Extract claims and pick each cited reference's text: full text, else abstract, else TLDR
    (else, only with ``title_fallback``, the title or raw reference string: a weak premise,
    counted in ``on_title``)."""
    refmap = survey.reference_map()
    full_texts = full_texts or {}
    sources: dict[str, str] = {}
    on_title: set[str] = set()
    ok: list[Claim] = []
    bad: list[dict[str, Any]] = []
    bad_citations = 0
    for claim in extract_claims(survey):
        missing_text: list[str] = []
        for rid in claim.ref_ids:
            ref = refmap.get(rid)
            text = full_texts.get(rid) or (ref.source_text() if ref else None)
            if not text and title_fallback and ref is not None and (ref.title or ref.raw):
                text = ref.title or ref.raw
                on_title.add(rid)
            if text and text.strip():
                sources[rid] = text.strip()
            else:
                missing_text.append(",".join(ref.numbers) if ref and ref.numbers else rid)
        if claim.unresolved or missing_text:
            bad_citations += len(claim.ref_ids) + len(claim.unresolved)
            bad.append({
                "claim": claim.sentence,
                "section": claim.section,
                "unresolved_markers": claim.unresolved,
                "references_without_text": missing_text,
            })
            continue
        ok.append(claim)
    for i, c in enumerate(ok):
        c.index = i
    return PreparedClaims(ok, sources, bad, sorted(on_title), bad_citations)


def premise(claim: Claim, subset: frozenset[str], sources: Mapping[str, str]) -> str:
    """Source texts of ``subset`` joined by newlines, in the claim's citation order (AutoSurvey)."""
    return "\n".join(sources[r] for r in claim.ref_ids if r in subset)


def _build_nli(settings: ResourceSettings, ctx: MetricContext) -> Any:
    from surveybench.metrics._nli_backends import make_nli_backend

    judge = ctx.get("judge") if settings.nli == "judge" else None
    return make_nli_backend(settings.nli, judge=judge)


def _nli_identity(settings: ResourceSettings) -> str | None:
    # only when asked for: without --nli the metric judges with the judge itself
    return settings.nli or None


class CitationNLI(JudgedMetric):
    name = NAME
    description = "Share of cited sentences their cited papers support (recall), share of citations that are relevant (precision), and F1, by NLI"
    paper = "AutoSurvey §4 eq. 2-3, App. C; SurveyX §4.1 (F1)"
    requires = frozenset({"judge"})
    spec = MetricSpec(
        version="1",
        scores=(
            higher("recall", "share of cited sentences that their cited papers, taken together, support (NLI)"),
            higher("precision", "share of citations that help support their sentence (AutoSurvey eq. 3)"),
            higher("f1", "harmonic mean of citation recall and precision (SurveyX)"),
        ),
        options=(Option("citation_nli_title_fallback", bool, False,
                        "judge references without abstract/TLDR on their title instead of leaving the claim out"),),
    )
    # An HF NLI model (resource "nli", e.g. --nli hf:microsoft/deberta-large-mnli) can stand in
    # for the judge: either one is enough.
    requires_any = (frozenset({"judge"}), frozenset({"nli"}))
    provides = (ResourceDecl("nli", build=_build_nli, identity=_nli_identity),)

    def judging(self, ctx: MetricContext) -> tuple[Any, list[Any]]:
        """The h() backend (the judge, or an NLI model) and the judges whose usage counts."""
        from surveybench.metrics._judging import backend_for_nli

        return backend_for_nli(ctx)

    def assess(self, candidate: Survey, reference: Survey, ctx: MetricContext, backend: Any) -> MetricResult:
        from surveybench.metrics._judging import flag

        full = candidate.extra.get("full_texts") if isinstance(candidate.extra.get("full_texts"), dict) else None
        title_fallback = flag(ctx.options.get("citation_nli_title_fallback"))
        prepared = prepare_claims(candidate, full, title_fallback=title_fallback)
        claims = prepared.claims
        failures: list[dict[str, Any]] = []
        cached = 0

        def oracle(queries: Sequence[HQuery]) -> list[bool | None]:
            nonlocal cached
            pairs = [(premise(claims[q.claim], q.refs, prepared.sources), claims[q.claim].text) for q in queries]
            verdicts = backend.entails_many(pairs, metric=NAME)
            for q, v in zip(queries, verdicts):
                cached += int(v.cached)
                if v.value is None:
                    failures.append({
                        "claim": claims[q.claim].sentence,
                        "refs": sorted(q.refs),
                        "error": v.error,
                        "reply": v.reply,
                    })
            return [v.value for v in verdicts]

        out = citation_quality([c.ref_ids for c in claims], oracle)
        evidence = []
        for ev in out.claims:
            c = claims[ev.claim]
            item = asdict(ev)
            item.update(claim=c.text, section=c.section, markers=c.markers)
            evidence.append(item)
        n_all = len(claims) + len(prepared.unverifiable)
        reason = None
        if out.recall is None:
            reason = (
                "no claim could be judged: "
                + (f"all {n_all} cited sentences cite a reference without abstract/TLDR text or an unresolved number"
                   " (see unverifiable_claims; option citation_nli_title_fallback=true judges on titles)"
                   if n_all and not claims else "no cited sentences" if not n_all else "every judge answer failed")
            )
        return MetricResult(
            metric=NAME,
            scores={"recall": out.recall, "precision": out.precision, "f1": out.f1},
            details={
                "nli": backend.name,
                **({"reason": reason} if reason else {}),
                # what each score is over, of all cited sentences / all their citations: claims
                # left out (unverifiable, failed answers) show as used < of next to the score
                "parts": {
                    "recall": {"used": out.recall_claims, "of": n_all},
                    "precision": {
                        "used": out.precision_citations,
                        "of": sum(len(c.ref_ids) for c in claims) + prepared.unverifiable_citations,
                    },
                },
                "references_judged_on_title": prepared.on_title,
                "claims_total": n_all,
                "claims_judged": out.recall_claims,
                "citations_judged": out.precision_citations,
                "claims_unverifiable": len(prepared.unverifiable),
                "unverifiable_claims": prepared.unverifiable,
                "calls": out.calls,
                "calls_served_from_cache": cached,
                "naive_calls": out.naive_calls,
                "autosurvey_calls": out.autosurvey_calls,
                "claims": evidence,
            },
            failures=failures,
        )


register(CitationNLI())
