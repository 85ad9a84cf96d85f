"""Readers on the format FAMILIES, not just the 30 dev files: (a) real dev files mutated in
memory the way other systems / other converters print the same family (renumbered lists,
other marker separators, re-wrapped reference lines, other reference headings, headings
renumbered or unnumbered, CRLF), which must give the same references and the same links; (b)
hand-written surveys of other topics in each family (IEEE PDF conversion, Nature-style bare
numbers, ACM, APA and natbib author-year, LLMxMapReduce, deep-research source lists and
footnotes, Gemini-style "Works cited", SurveyForge/AutoSurvey, AutoSurvey JSON), with the
expected entries written out by hand."""

from __future__ import annotations

import json
import random
import re
import textwrap
from functools import lru_cache
from pathlib import Path

import pytest

from surveybench.model import Survey
from surveybench.readers import FileReport, read_survey, read_survey_report
from tests.plugins.shared_data import shared_path

# ---- invariants ---------------------------------------------------------------------------------


def by_number(s: Survey) -> dict[str, str]:
    return {n: r.id for r in s.references for n in r.numbers}


def check_invariants(s: Survey, rep: FileReport, *, min_top: int = 3) -> None:
    """The issue's invariants, for any file of any family."""
    assert len(s.top_level_sections()) >= min_top, [(x.number, x.level, x.title) for x in s.sections]
    numbers = [n for r in s.references for n in r.numbers]
    assert len(numbers) == len(set(numbers)), "a number resolves to two entries"
    assert len({r.id for r in s.references}) == len(s.references)
    bn = by_number(s)
    for r in s.references:
        for n in r.numbers:  # a bracket-numbered entry never swallows the next one
            nxt = str(int(n) + 1)
            assert not (r.raw and f"[{nxt}] " in r.raw and nxt in bn and bn[nxt] != r.id), r.raw
        if r.title:  # clean titles
            assert r.title == r.title.strip() and "  " not in r.title, r.title
            assert not re.match(r"^[\[(]?\d{1,4}[\]).]\s", r.title), r.title
            assert not r.title.endswith((",", ";", ":", "\"", "“", "”")), r.title
            assert "http" not in r.title, r.title
    for _sec, _p, m in s.citation_marks():
        assert not (set(m.unresolved) & set(bn)), m  # markers linked wherever the number exists
        assert set(m.ref_ids) <= {r.id for r in s.references}
    assert rep.references == len(s.references)
    assert rep.markers == sum(1 for _ in s.citation_marks())


def write(tmp_path: Path, text: str, name: str = "Survey.md") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def links_by_title(s: Survey) -> list[tuple[str, ...]]:
    """Every marker as the sorted raw strings of the entries it links to: independent of the
    numbering, so a renumbered copy of a survey must give the same list."""
    refs = s.reference_map()
    out = []
    for _sec, _p, m in s.citation_marks():
        out.append(tuple(sorted(" ".join((refs[i].raw or refs[i].title or "").split()) for i in m.ref_ids)))
    return out


def raw_set(s: Survey) -> list[str]:
    return sorted(" ".join((r.raw or "").split()) for r in s.references)


# ---- (a) real dev files, mutated --------------------------------------------------------------------

ONE_PER_LINE = [  # "[n] Title" lists, one entry a line
    "surveybench-dev/AutoSurvey/Graph Neural Networks.md",
    "surveybench-dev/SurveyForge/Large Language Models for Time Series.md",
    "surveybench-dev/LLMxMR-V2/Generative Diffusion Models.md",
    "autosurvey/Semi-supervised Learning.md",
]
PDF_NUMBERED = [  # PDF conversions: several entries a line, entries broken over lines
    "surveybench-dev/HumanSurvey/Graph Neural Networks.md",
    "surveybench-dev/HumanSurvey/Generative Diffusion Models.md",
]
AUTHOR_YEAR = ["surveybench-dev/HumanSurvey/Hallucination in Large Language Models.md"]
DEEP = ["surveybench-dev/OpenAI_DeepResearch/Graph Neural Networks.md"]


@lru_cache(maxsize=None)
def original(rel: str) -> tuple[str, Survey, FileReport]:
    path = shared_path(*rel.split("/"))
    s, rep = read_survey_report(path)
    return path.read_text(encoding="utf-8"), s, rep


def read_mutated(tmp_path: Path, rel: str, text: str) -> tuple[Survey, FileReport]:
    # same file name: the topic (from the stem) and the ids stay comparable
    p = write(tmp_path, text, Path(rel).name)
    s, rep = read_survey_report(p)
    check_invariants(s, rep)
    return s, rep


def split_refs(text: str) -> tuple[str, str, str]:
    """(body, reference heading line, reference section) of a dev file with '## References'."""
    m = list(re.finditer(r"^#+[ \t]*references[ \t]*$", text, re.M | re.I))[0]
    return text[: m.start()], m.group(0), text[m.end() :]


@pytest.mark.parametrize("rel", ONE_PER_LINE)
def test_renumbered_list_gives_the_same_links(tmp_path: Path, rel: str) -> None:
    """Numbers permuted consistently in text and list (list re-sorted): same entries, same links."""
    text, s0, _ = original(rel)
    body, head, refs = split_refs(text)
    nums = sorted({int(n) for n in re.findall(r"^\[(\d+)\]", refs, re.M)})
    perm = nums[:]
    random.Random(7).shuffle(perm)
    mapping = dict(zip(nums, perm, strict=True))

    def renum_marker(m: re.Match[str]) -> str:
        return re.sub(r"\d+", lambda d: str(mapping.get(int(d.group(0)), d.group(0))), m.group(0))

    # only citation markers: "[3; 4]", "[3,4]", "[3-5]" would not survive a permutation as a range
    body2 = re.sub(r"\[\d{1,3}(?:\s*[;,]\s*\d{1,3})*\](?!\()", renum_marker, body)
    entries = re.findall(r"^\[(\d+)\]\s*(.*)$", refs, re.M)
    entries2 = sorted((mapping[int(n)], t) for n, t in entries)
    refs2 = "\n\n".join(f"[{n}] {t}" for n, t in entries2) + "\n"
    s, _rep = read_mutated(tmp_path, rel, body2 + head + "\n\n" + refs2)
    assert raw_set(s) == raw_set(s0)
    if not any("-" in m.marker or "–" in m.marker for *_x, m in s0.citation_marks()):
        assert links_by_title(s) == links_by_title(s0)


@pytest.mark.parametrize("rel", ONE_PER_LINE[:2])
def test_zero_based_and_offset_numbering(tmp_path: Path, rel: str) -> None:
    """A list numbered from 0 (some generators) links the same way."""
    text, s0, _ = original(rel)
    body, head, refs = split_refs(text)
    shift = lambda m: re.sub(r"\d+", lambda d: str(int(d.group(0)) - 1), m.group(0))  # noqa: E731
    body2 = re.sub(r"\[\d{1,3}(?:\s*[;,\-–]\s*\d{1,3})*\](?!\()", shift, body)
    refs2 = re.sub(r"^\[\d+\]", shift, refs, flags=re.M)
    s, _ = read_mutated(tmp_path, rel, body2 + head + refs2)
    assert raw_set(s) == raw_set(s0)
    assert links_by_title(s) == links_by_title(s0)
    assert "0" in by_number(s)


@pytest.mark.parametrize(
    "style",
    ["comma", "comma-nospace", "ieee-separate", "ieee-range", "semicolon-space-variants"],
)
def test_marker_separator_styles(tmp_path: Path, style: str) -> None:
    """SurveyForge prints "[1; 2]"; the same survey printed with other separators links the same
    entries."""
    rel = "surveybench-dev/SurveyForge/Graph Neural Networks.md"
    text, s0, _ = original(rel)
    body, head, refs = split_refs(text)

    def conv(m: re.Match[str]) -> str:
        ns = [int(x) for x in re.findall(r"\d+", m.group(0))]
        if style == "comma":
            return "[" + ", ".join(map(str, ns)) + "]"
        if style == "comma-nospace":
            return "[" + ",".join(map(str, ns)) + "]"
        if style == "ieee-separate":
            return ", ".join(f"[{n}]" for n in ns)
        if style == "ieee-range" and ns == list(range(ns[0], ns[0] + len(ns))) and len(ns) > 1:
            return f"[{ns[0]}]–[{ns[-1]}]"
        if style == "semicolon-space-variants":
            return "[" + " ;".join(map(str, ns)) + "]"
        return m.group(0)

    body2 = re.sub(r"\[\d{1,3}(?:\s*;\s*\d{1,3})+\]", conv, body)
    assert body2 != body
    s, rep = read_mutated(tmp_path, rel, body2 + head + refs)
    assert raw_set(s) == raw_set(s0)
    linked0 = sorted(i for *_x, m in s0.citation_marks() for i in m.ref_ids)
    linked = sorted(i for *_x, m in s.citation_marks() for i in m.ref_ids)
    assert linked == linked0
    assert rep.unresolved_keys == 0


def _rewrap(refs: str, width: int = 70) -> str:
    out = []
    for para in re.split(r"\n\s*\n", refs):
        if para.strip():
            out.append(textwrap.fill(" ".join(para.split()), width=width, break_long_words=False, break_on_hyphens=False))
    return "\n\n".join(out) + "\n"


@pytest.mark.parametrize("rel", ONE_PER_LINE[:2] + PDF_NUMBERED + AUTHOR_YEAR + DEEP)
def test_reference_lines_rewrapped_at_70_columns(tmp_path: Path, rel: str) -> None:
    text, s0, rep0 = original(rel)
    body, head, refs = split_refs(text)
    s, rep = read_mutated(tmp_path, rel, body + head + "\n\n" + _rewrap(refs))
    assert len(s.references) == len(s0.references)
    assert [r.title for r in s.references] == [r.title for r in s0.references]
    assert rep.markers_linked == rep0.markers_linked


@pytest.mark.parametrize("rel", ONE_PER_LINE[:2])
def test_reference_entries_without_blank_lines_between(tmp_path: Path, rel: str) -> None:
    text, s0, _ = original(rel)
    body, head, refs = split_refs(text)
    refs2 = "\n".join(ln for ln in refs.split("\n") if ln.strip())
    s, _ = read_mutated(tmp_path, rel, body + head + "\n" + refs2)
    assert [r.title for r in s.references] == [r.title for r in s0.references]


@pytest.mark.parametrize(
    "heading",
    ["# References", "### REFERENCES", "References", "REFERENCES", "**References**", "## Bibliography",
     "## Works Cited", "## 7 References", "## VIII. REFERENCES", "## Reference List", "## Literature Cited",
     "# Sources", "__References:__", "## 参考文献", "## Notes and References", "#### **Works cited**",
     "## Endnotes"],
)
@pytest.mark.parametrize("rel", [ONE_PER_LINE[0], PDF_NUMBERED[0], AUTHOR_YEAR[0], DEEP[0]])
def test_other_reference_headings(tmp_path: Path, rel: str, heading: str) -> None:
    text, s0, _ = original(rel)
    body, _head, refs = split_refs(text)
    s, _ = read_mutated(tmp_path, rel, body + heading + "\n" + refs)
    assert len(s.references) == len(s0.references)
    assert links_by_title(s) == links_by_title(s0)


def _strip_numbers(line: str) -> str:
    return re.sub(r"^(#+)\s+(?:\d+(?:\.\d+)*\.?|[IVX]+\.?)\s+", r"\1 ", line)


_ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV"]


def _to_roman(line: str) -> str:
    m = re.match(r"^(#+)\s+(\d+)(?:\.(\d+))?(?:\.(\d+))?\.?\s+(.*)$", line)
    if not m:
        return line
    hashes, a, b, c, title = m.groups()
    if a == "0":  # LLMxMapReduce's "# 0. Title" repeats the title
        return line
    if c:
        return f"{hashes} {c}) {title}"
    if b:
        return f"{hashes} {'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[int(b) - 1]}. {title}"
    return f"{hashes} {_ROMAN[int(a) - 1]}. {title.upper()}"


@pytest.mark.parametrize("rel", [ONE_PER_LINE[0], ONE_PER_LINE[2], PDF_NUMBERED[0], DEEP[0]])
@pytest.mark.parametrize("how", ["unnumbered", "roman", "crlf", "deeper", "flat"])
def test_heading_variants(tmp_path: Path, rel: str, how: str) -> None:
    """Same survey with headings unnumbered, IEEE-numbered (I. / A. / 1)), one level deeper, or CRLF."""
    text, s0, rep0 = original(rel)
    lines = text.split("\n")
    if how == "unnumbered":
        text2 = "\n".join(_strip_numbers(ln) if ln.startswith("#") else ln for ln in lines)
    elif how == "roman":
        text2 = "\n".join(_to_roman(ln) if ln.startswith("#") else ln for ln in lines)
    elif how == "deeper":
        text2 = "\n".join("#" + ln if re.match(r"^#{1,5}\s", ln) else ln for ln in lines)
    elif how == "flat":  # converters that print every heading at one depth: levels from the numbers
        text2 = "\n".join(re.sub(r"^#{1,6}\s", "# ", ln) for ln in lines)
    else:
        text2 = text.replace("\n", "\r\n")
    s, rep = read_mutated(tmp_path, rel, text2)
    top0 = [x.title.lower() for x in s0.top_level_sections()]
    assert [x.title.lower() for x in s.top_level_sections()] == top0
    assert len(s.references) == len(s0.references)
    assert rep.markers_linked == rep0.markers_linked
    if how in ("roman", "crlf", "deeper", "flat"):
        assert [x.level for x in s.sections] == [x.level for x in s0.sections]


@pytest.mark.parametrize("rel", ONE_PER_LINE[:1])
def test_autosurvey_json_built_from_markdown(tmp_path: Path, rel: str) -> None:
    """An AutoSurvey JSON of another topic: the Markdown of a dev file plus a reference dict."""
    text, s0, _ = original(rel)
    nums = [r.numbers[0] for r in s0.references if r.numbers]
    ref = {n: f"2{int(n):03d}.{10000 + int(n)}v2" for n in nums}
    p = tmp_path / "Graph Learning.json"
    p.write_text(json.dumps({"survey": text, "reference": ref}), encoding="utf-8")
    s, rep = read_survey_report(p)
    check_invariants(s, rep)
    assert len(s.references) == len(s0.references)
    assert s.reference_map()["1"].arxiv_id == "2001.10001"


# ---- (b) hand-written surveys of other topics -------------------------------------------------------

IEEE_PDF = """# Federated Learning at the Edge: A Survey

Jane Doe, Member, IEEE, and Rui Wang, Senior Member, IEEE

Abstract—Federated learning (FL) trains models on data that never leaves the devices.

Index Terms—Federated learning, edge computing, privacy.

## I. INTRODUCTION

Phones and sensors hold rich data [1], [2]. Moving it to a data centre is costly [3]–[5], and
federated averaging [1] avoids it, as earlier surveys note [2, 6]. In 2019 over 1000 devices took part.

## A. Motivation

Regulation such as the GDPR [7] pushes training to the edge [8].

## II. SYSTEM HETEROGENEITY

Devices differ in compute [4], [9].

## III. STATISTICAL HETEROGENEITY

Non-IID data slows convergence [10].

## IV. CONCLUSION

FL is promising [1]–[3].

## REFERENCES

[1] H. B. McMahan, E. Moore, D. Ramage, S. Hampson, and B. A. y Arcas, "Communication-efficient learning of deep networks from decentralized data," in Proc. AISTATS, 2017, pp. 1273–1282. [2] T. Li, A. K. Sahu, A. Talwalkar, and V. Smith, "Federated learning: Challenges, methods, and future directions," IEEE Signal Process. Mag., vol. 37, no. 3, pp. 50–60, 2020, doi: 10.1109/MSP.2020.2975749.

[3] P. Kairouz et al., "Advances and open problems in feder-
ated learning," Found. Trends Mach. Learn., vol. 14, no. 1–2, pp.
1–210, 2021.

[4] K. Bonawitz et al., "Towards federated learning at scale: System design," in Proc. MLSys, 2019. [5] Q. Yang, Y. Liu, T. Chen, and Y. Tong, "Federated machine learning: Concept and applications," ACM Trans. Intell. Syst. Technol., vol. 10, no. 2, pp. 12:1–12:19, 2019.
[6] W. Y. B. Lim et al., “Federated learning in mobile edge networks: A comprehensive survey,” IEEE Commun. Surveys Tuts., vol. 22, no. 3, pp. 2031–2063, 2020.

[7] P. Voigt and A. von dem Bussche, The EU General Data Protection Regulation (GDPR). Cham, Switzerland: Springer, 2017.

[8] S. Wang et al., "Adaptive federated learning in resource constrained edge computing systems," IEEE J. Sel. Areas Commun., vol. 37, no. 6, pp. 1205–1221, Jun. 2019. [9] X. Li, K. Huang, W. Yang, S. Wang, and Z. Zhang, "On the convergence of FedAvg on non-IID data," in Proc. ICLR, 2020. [Online]. Available: https://arxiv.org/abs/1907.02189

[10] Y. Zhao, M. Li, L. Lai, N. Suda, D. Civin, and V. Chandra, "Federated learning with non-IID data," arXiv preprint arXiv:1806.00582, 2018.
"""


def test_ieee_pdf_conversion_other_topic(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, IEEE_PDF, "Federated Learning.md"))
    check_invariants(s, rep)
    assert s.title == "Federated Learning at the Edge: A Survey"
    assert [(x.number, x.level, x.title) for x in s.sections] == [
        ("I", 1, "INTRODUCTION"), ("A", 2, "Motivation"), ("II", 1, "SYSTEM HETEROGENEITY"),
        ("III", 1, "STATISTICAL HETEROGENEITY"), ("IV", 1, "CONCLUSION"), (None, 1, "REFERENCES"),
    ]
    refs = s.reference_map()
    assert [(r.id, r.title, r.year) for r in s.references] == [
        ("1", "Communication-efficient learning of deep networks from decentralized data", 2017),
        ("2", "Federated learning: Challenges, methods, and future directions", 2020),
        ("3", "Advances and open problems in federated learning", 2021),
        ("4", "Towards federated learning at scale: System design", 2019),
        ("5", "Federated machine learning: Concept and applications", 2019),
        ("6", "Federated learning in mobile edge networks: A comprehensive survey", 2020),
        ("7", "The EU General Data Protection Regulation (GDPR)", 2017),
        ("8", "Adaptive federated learning in resource constrained edge computing systems", 2019),
        ("9", "On the convergence of FedAvg on non-IID data", 2020),
        ("10", "Federated learning with non-IID data", 2018),
    ]
    assert refs["2"].doi == "10.1109/msp.2020.2975749"
    assert refs["9"].arxiv_id == "1907.02189" and refs["10"].arxiv_id == "1806.00582"
    assert [a.name for a in refs["5"].authors] == ["Q. Yang", "Y. Liu", "T. Chen", "Y. Tong"]
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("[1]", ["1"]), ("[2]", ["2"]), ("[3]–[5]", ["3", "4", "5"]), ("[1]", ["1"]), ("[2, 6]", ["2", "6"]),
        ("[7]", ["7"]), ("[8]", ["8"]), ("[4]", ["4"]), ("[9]", ["9"]), ("[10]", ["10"]),
        ("[1]–[3]", ["1", "2", "3"]),
    ]
    assert s.keywords == ["Federated learning", "edge computing", "privacy"]


NATURE_BARE = """# Deep learning for cardiac imaging

## Introduction

Cardiovascular disease is the leading cause of death worldwide 1,2. Imaging is central to its
diagnosis 3–5, and deep learning now segments the heart as well as experts do 4. Table 2
lists 12 datasets. In 2020, 3 groups released models.

## Segmentation

U-Net variants dominate 6. Shape priors help 3, 6.

## Outlook

Prospective trials are rare 7.

## Methods

Searches ran on PubMed.

## References

1. Roth, G. A. et al. Global burden of cardiovascular diseases and risk factors, 1990–2019. J. Am. Coll. Cardiol. 76, 2982–3021 (2020). 2. Tsao, C. W. et al. Heart disease and stroke statistics—2022 update. Circulation 145, e153–e639 (2022).
3. Litjens, G. et al. State-of-the-art deep learning in cardiovascular image analysis. JACC Cardiovasc.
Imaging 12, 1549–1565 (2019).
4. Bai, W. et al. Automated cardiovascular magnetic resonance image analysis with fully convolutional networks. J. Cardiovasc. Magn. Reson. 20, 65 (2018).
5. Chen, C. et al. Deep learning for cardiac image segmentation: a review. Front. Cardiovasc. Med. 7, 25 (2020). https://doi.org/10.3389/fcvm.2020.00025
6. Ronneberger, O., Fischer, P. & Brox, T. U-Net: convolutional networks for biomedical image segmentation. In Proc. MICCAI 234–241 (Springer, 2015).
7. Topol, E. J. High-performance medicine: the convergence of human and artificial intelligence. Nat. Med. 25, 44–56 (2019).
"""


def test_nature_style_bare_numbers_other_domain(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, NATURE_BARE, "Cardiac Imaging.md"))
    check_invariants(s, rep)
    assert [x.title for x in s.top_level_sections()] == ["Introduction", "Segmentation", "Outlook", "Methods"]
    assert [(r.id, r.title, r.year) for r in s.references] == [
        ("1", "Global burden of cardiovascular diseases and risk factors, 1990–2019", 2020),
        ("2", "Heart disease and stroke statistics—2022 update", 2022),
        ("3", "State-of-the-art deep learning in cardiovascular image analysis", 2019),
        ("4", "Automated cardiovascular magnetic resonance image analysis with fully convolutional networks", 2018),
        ("5", "Deep learning for cardiac image segmentation: a review", 2020),
        ("6", "U-Net: convolutional networks for biomedical image segmentation", 2015),
        ("7", "High-performance medicine: the convergence of human and artificial intelligence", 2019),
    ]
    assert s.reference_map()["5"].doi == "10.3389/fcvm.2020.00025"
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("1,2", ["1", "2"]), ("3–5", ["3", "4", "5"]), ("4", ["4"]), ("6", ["6"]), ("3, 6", ["3", "6"]),
        ("7", ["7"]),
    ]


APA = """# Working Memory Training: A Review

## Abstract

Does training working memory transfer to other abilities (Melby-Lervåg & Hulme, 2013)?

## 1. Introduction

Working memory holds information for a few seconds (Baddeley, 2000; Cowan, 2001). Klingberg et al.
(2005) reported gains in children, which Melby-Lervåg and Hulme (2013) could not confirm.

## 2. Training Paradigms

Adaptive n-back tasks are common (Jaeggi et al., 2008; Smith & Lee, 2020a, 2020b).

## 3. Transfer

Far transfer is rare (Sala & Gobet, 2017), though see Smith and Lee (2020b) and (Nobody, 1999).

## 4. Conclusion

More preregistered trials are needed.

## References

Baddeley, A. (2000). The episodic buffer: A new component of working memory? *Trends in Cognitive
Sciences*, *4*(11), 417–423. https://doi.org/10.1016/S1364-6613(00)01538-2

Cowan, N. (2001). The magical number 4 in short-term memory: A reconsideration of mental storage capacity. *Behavioral and Brain Sciences*, *24*(1), 87–114.

Jaeggi, S. M., Buschkuehl, M., Jonides, J., & Perrig, W. J. (2008). Improving fluid intelligence with training on working memory. *Proceedings of the National Academy of Sciences*, *105*(19), 6829–6833.
Klingberg, T., Fernell, E., Olesen, P. J., Johnson, M., Gustafsson, P., Dahlström, K., Gillberg, C. G., Forssberg, H., & Westerberg, H. (2005). Computerized training of working memory in children with ADHD: A randomized, controlled trial. *Journal of the American Academy of Child & Adolescent Psychiatry*, *44*(2), 177–186.

Melby-Lervåg, M., & Hulme, C. (2013). Is working memory training effective? A meta-analytic review. *Developmental Psychology*, *49*(2), 270–291.

Sala, G., & Gobet, F. (2017). Working memory training in typically developing children: A meta-analysis of the available evidence. *Developmental Psychology*, *53*(4), 671–685.

Smith, J. A., & Lee, K. (2020a). Adaptive training schedules. *Memory*, *28*(2), 1–12.

Smith, J. A., & Lee, K. (2020b). Transfer after adaptive training. *Memory*, *28*(5), 13–25.
"""


def test_apa_author_year_psychology(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, APA, "Working Memory Training.md"))
    check_invariants(s, rep)
    assert [x.title for x in s.top_level_sections()] == ["Introduction", "Training Paradigms", "Transfer", "Conclusion"]
    assert [(r.title, r.year) for r in s.references] == [
        ("The episodic buffer: A new component of working memory?", 2000),
        ("The magical number 4 in short-term memory: A reconsideration of mental storage capacity", 2001),
        ("Improving fluid intelligence with training on working memory", 2008),
        ("Computerized training of working memory in children with ADHD: A randomized, controlled trial", 2005),
        ("Is working memory training effective? A meta-analytic review", 2013),
        ("Working memory training in typically developing children: A meta-analysis of the available evidence", 2017),
        ("Adaptive training schedules", 2020),
        ("Transfer after adaptive training", 2020),
    ]
    assert s.references[0].doi == "10.1016/s1364-6613(00)01538-2"
    assert [a.name for a in s.references[2].authors][:2] == ["Jaeggi, S. M.", "Buschkuehl, M."]
    ids = [r.id for r in s.references]
    got = [(m.marker, m.ref_ids, m.unresolved) for *_x, m in s.citation_marks()]
    assert got == [
        ("(Melby-Lervåg & Hulme, 2013)", [ids[4]], []),  # in the Abstract section
        ("(Baddeley, 2000; Cowan, 2001)", [ids[0], ids[1]], []),
        ("Klingberg et al.\n(2005)", [ids[3]], []),
        ("Melby-Lervåg and Hulme (2013)", [ids[4]], []),
        ("(Jaeggi et al., 2008; Smith & Lee, 2020a, 2020b)", [ids[2], ids[6], ids[7]], []),
        ("(Sala & Gobet, 2017)", [ids[5]], []),
        ("Smith and Lee (2020b)", [ids[7]], []),
        ("(Nobody, 1999)", [], ["Nobody, 1999"]),
    ]
    assert s.abstract and "Melby" in s.abstract


ACM = """# Retrieval-Augmented Generation: A Survey

## 1 INTRODUCTION

Dense retrieval [1, 3] and generation [2] combine in RAG [4]. Later work [5-7] scales it.

## 2 RETRIEVERS

Dual encoders [1] and late interaction [3].

## 3 GENERATORS

Fusion-in-decoder [5].

## 4 OPEN PROBLEMS

Attribution [7].

## REFERENCES

[1] Vladimir Karpukhin, Barlas Oguz, Sewon Min, Patrick Lewis, Ledell Wu, Sergey Edunov, Danqi Chen, and Wen-tau Yih. 2020. Dense Passage Retrieval for Open-Domain Question Answering. In Proceedings of the 2020 Conference on Empirical Methods in Natural Language Processing (EMNLP). Association for Computational Linguistics, 6769–6781. https://doi.org/10.18653/v1/2020.emnlp-main.550
[2] Colin Raffel, Noam Shazeer, Adam Roberts, Katherine Lee, Sharan Narang, Michael Matena, Yanqi Zhou, Wei Li, and Peter J. Liu. 2020. Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer. J. Mach. Learn. Res. 21, 140 (2020), 1–67.
[3] Omar Khattab and Matei Zaharia. 2020. ColBERT: Efficient and Effective Passage Search via Contextualized Late Interaction over BERT. In SIGIR '20. ACM, New York, NY, USA, 39–48. [4] Patrick Lewis, Ethan Perez, Aleksandra Piktus, Fabio Petroni, Vladimir Karpukhin, Naman Goyal, Heinrich Küttler, Mike Lewis, Wen-tau Yih, Tim Rocktäschel, Sebastian Riedel, and Douwe Kiela. 2020. Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks. In Advances in Neural Information Processing Systems, Vol. 33. 9459–9474.
[5] Gautier Izacard and Edouard Grave. 2021. Leveraging Passage Retrieval with Generative Models for Open Domain Question Answering. In EACL. 874–880.
[6] Sebastian Borgeaud et al. 2022. Improving language models by retrieving from trillions of tokens. arXiv:2112.04426 [cs.CL]
[7] Tianyu Gao, Howard Yen, Jiatong Yu, and Danqi Chen. 2023. Enabling Large Language Models to Generate Text with Citations. In EMNLP. [n. d.].
"""


def test_acm_numbered_other_topic(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, ACM, "Retrieval-Augmented Generation.md"))
    check_invariants(s, rep)
    assert [(r.id, r.title, r.year) for r in s.references] == [
        ("1", "Dense Passage Retrieval for Open-Domain Question Answering", 2020),
        ("2", "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer", 2020),
        ("3", "ColBERT: Efficient and Effective Passage Search via Contextualized Late Interaction over BERT", 2020),
        ("4", "Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks", 2020),
        ("5", "Leveraging Passage Retrieval with Generative Models for Open Domain Question Answering", 2021),
        ("6", "Improving language models by retrieving from trillions of tokens", 2022),
        ("7", "Enabling Large Language Models to Generate Text with Citations", 2023),
    ]
    refs = s.reference_map()
    assert refs["1"].doi == "10.18653/v1/2020.emnlp-main.550" and refs["6"].arxiv_id == "2112.04426"
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("[1, 3]", ["1", "3"]), ("[2]", ["2"]), ("[4]", ["4"]), ("[5-7]", ["5", "6", "7"]),
        ("[1]", ["1"]), ("[3]", ["3"]), ("[5]", ["5"]), ("[7]", ["7"]),
    ]


NATBIB = """# Neural Machine Translation for Low-Resource Languages

## Introduction

Back-translation [Sennrich et al., 2016] and transfer [Zoph et al., 2016] help; see also
[Kocmi and Bojar, 2018; Sennrich and Zhang, 2019].

## Data Augmentation

Noise helps [Edunov et al., 2018].

## Multilingual Models

One model for many pairs [Johnson et al., 2017].

## Conclusion

Done.

## Bibliography

Sergey Edunov, Myle Ott, Michael Auli, and David Grangier. Understanding back-translation at scale. In Proceedings of EMNLP, pages 489–500, 2018.
Melvin Johnson, Mike Schuster, Quoc V. Le, et al. Google's multilingual neural machine translation system: Enabling zero-shot translation. Transactions of the ACL, 5:339–351, 2017. Tom Kocmi and Ondřej Bojar. Trivial transfer learning for low-resource neural machine translation. In WMT, pages 244–252, 2018.

Rico Sennrich, Barry Haddow, and Alexandra Birch. Improving neural machine translation models with monolingual data. In ACL, pages 86–96, 2016.

Rico Sennrich and Biao Zhang. Revisiting low-resource neural machine translation: A case study. In ACL, pages 211–221, 2019.

Barret Zoph, Deniz Yuret, Jonathan May, and Kevin Knight. Transfer learning for low-resource neural machine translation. In EMNLP, pages 1568–1575, 2016.
"""


def test_natbib_unnumbered_bibliography(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, NATBIB, "Low-Resource NMT.md"))
    check_invariants(s, rep)
    assert [(r.title, r.year) for r in s.references] == [
        ("Understanding back-translation at scale", 2018),
        ("Google's multilingual neural machine translation system: Enabling zero-shot translation", 2017),
        ("Trivial transfer learning for low-resource neural machine translation", 2018),
        ("Improving neural machine translation models with monolingual data", 2016),
        ("Revisiting low-resource neural machine translation: A case study", 2019),
        ("Transfer learning for low-resource neural machine translation", 2016),
    ]
    ids = [r.id for r in s.references]
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("[Sennrich et al., 2016]", [ids[3]]), ("[Zoph et al., 2016]", [ids[5]]),
        ("[Kocmi and Bojar, 2018; Sennrich and Zhang, 2019]", [ids[2], ids[4]]),
        ("[Edunov et al., 2018]", [ids[0]]), ("[Johnson et al., 2017]", [ids[1]]),
    ]


LLMXMR = """# A Survey on Federated Graph Learning

# 0. A Survey on Federated Graph Learning

## 1. Introduction

Graphs are split across silos [1,3]. FedGraphNN [2] benchmarks the setting [4].

## 2. Background

### 2.1 Graph Neural Networks

Message passing [5].

### 2.2 Federated Learning

Averaging [1].

## 3. Methods

Subgraph FL [3,5].

## 4. Conclusion

Open problems remain [2].

## References

[1] Federated Graph Learning -- A Position Paper [https://arxiv.org/abs/2105.11099](https://arxiv.org/abs/2105.11099) 

[2] FedGraphNN: A Federated Learning Benchmark System for Graph Neural Networks [https://arxiv.org/pdf/2104.07145](https://arxiv.org/pdf/2104.07145) 

[3] 联邦图学习综述 [https://zhuanlan.zhihu.com/p/612345678](https://zhuanlan.zhihu.com/p/612345678) 

[4] [https://openreview.net/forum?id=abc123](https://openreview.net/forum?id=abc123) 

[5] Subgraph Federated Learning with Missing Neighbor Generation | NeurIPS [https://proceedings.neurips.cc/paper/2021/hash/34adeb8e3242824038aa65460a47c29e-Abstract.html](https://proceedings.neurips.cc/paper/2021/hash/34adeb8e3242824038aa65460a47c29e-Abstract.html) 
"""


def test_llmxmr_family_other_topic(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, LLMXMR, "Federated Graph Learning.md"))
    check_invariants(s, rep)
    assert s.title == "A Survey on Federated Graph Learning"
    assert [(x.number, x.level) for x in s.sections][:4] == [("1", 1), ("2", 1), ("2.1", 2), ("2.2", 2)]
    assert [(r.id, r.title) for r in s.references] == [
        ("1", "Federated Graph Learning -- A Position Paper"),
        ("2", "FedGraphNN: A Federated Learning Benchmark System for Graph Neural Networks"),
        ("3", "联邦图学习综述"),
        ("4", None),
        ("5", "Subgraph Federated Learning with Missing Neighbor Generation"),
    ]
    refs = s.reference_map()
    assert refs["1"].arxiv_id == "2105.11099" and refs["2"].arxiv_id == "2104.07145"
    assert refs["4"].url == "https://openreview.net/forum?id=abc123"
    assert rep.markers_linked == rep.markers == 7


DEEP_SOURCES = """# Quantum Error Correction: State of the Art in 2025

## 1 Introduction

Quantum bits are fragile 1 4. Surface codes dominate 2. In 2024 Google showed below-threshold
operation with 105 qubits 3 5 6. See Section 3 for details.

## 2 Codes

The main families are surface codes 2, LDPC codes 7, and bosonic codes 8.

## 3 Hardware

Platforms: superconducting 3 6, trapped-ion 9.

## 4 Outlook

Logical qubits at scale remain years away 1.

## References

1 4 Quantum error correction - Wikipedia https://en.wikipedia.org/wiki/Quantum_error_correction

2 Surface codes: Towards practical large-scale quantum computation https://arxiv.org/abs/1208.0928

3 5 6 Quantum error correction below the surface code threshold | Nature https://www.nature.com/articles/s41586-024-08449-y 7 High-threshold and low-overhead fault-tolerant quantum memory https://arxiv.org/abs/2308.07915

8 [2011.05978] Bosonic quantum error correction codes in superconducting

quantum circuits

https://arxiv.org/abs/2011.05978

9 ionq.com https://ionq.com/resources/trapped-ion- error- correction
"""


def test_deep_research_source_list_other_topic(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, DEEP_SOURCES, "Quantum Error Correction.md"))
    check_invariants(s, rep)
    assert [(r.numbers, r.title) for r in s.references] == [
        (["1", "4"], "Quantum error correction"),
        (["2"], "Surface codes: Towards practical large-scale quantum computation"),
        (["3", "5", "6"], "Quantum error correction below the surface code threshold"),
        (["7"], "High-threshold and low-overhead fault-tolerant quantum memory"),
        (["8"], "Bosonic quantum error correction codes in superconducting quantum circuits"),
        (["9"], None),
    ]
    refs = s.reference_map()
    assert refs["8"].arxiv_id == "2011.05978" and refs["7"].arxiv_id == "2308.07915"
    assert refs["9"].url == "https://ionq.com/resources/trapped-ion-error-correction"
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("1 4", ["1"]), ("2", ["2"]), ("3 5 6", ["3"]), ("2", ["2"]), ("7", ["7"]), ("8", ["8"]),
        ("3 6", ["3"]), ("9", ["9"]), ("1", ["1"]),
    ]


DEEP_FOOTNOTES = """# The State of Battery Recycling

## Executive Summary

Lithium-ion recycling is growing fast.[^1][^2] Hydrometallurgy dominates.[^3]

## Market

Capacity will triple by 2030.[^2]

## Technology

Direct recycling keeps the cathode intact.[^4]

## Policy

The EU battery regulation sets targets.[^5]

## Sources

[^1]: [Battery recycling market report 2024](https://www.example.org/market-2024)
[^2]: IEA, *Global EV Outlook 2024*, https://www.iea.org/reports/global-ev-outlook-2024
[^3]: Harper, G. et al. Recycling lithium-ion batteries from electric vehicles. Nature 575, 75–86 (2019). https://doi.org/10.1038/s41586-019-1682-5
[^4]: [Direct recycling of cathode materials](https://www.example.org/direct)
[^5]: [Regulation (EU) 2023/1542](https://eur-lex.europa.eu/eli/reg/2023/1542/oj)
"""


def test_deep_research_footnotes(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, DEEP_FOOTNOTES, "Battery Recycling.md"))
    check_invariants(s, rep)
    # the "Executive Summary" before the first section is the report's abstract (the unseen-set labels' rule)
    assert [x.title for x in s.top_level_sections()] == ["Market", "Technology", "Policy"]
    assert [(r.id, r.title) for r in s.references] == [
        ("1", "Battery recycling market report 2024"),
        ("2", "Global EV Outlook 2024"),
        ("3", "Recycling lithium-ion batteries from electric vehicles"),
        ("4", "Direct recycling of cathode materials"),
        ("5", "Regulation (EU) 2023/1542"),
    ]
    assert s.reference_map()["3"].doi == "10.1038/s41586-019-1682-5"
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("[^1]", ["1"]), ("[^2]", ["2"]), ("[^3]", ["3"]), ("[^2]", ["2"]), ("[^4]", ["4"]), ("[^5]", ["5"]),
    ]


GEMINI = """# Diffusion Models for Protein Design

## **1. Introduction**

Generative models now design proteins [1, 2]. RFdiffusion [3] and Chroma [4] lead.

## **2. Methods**

Denoising over backbone frames [3].

## **3. Evaluation**

Designability and novelty [2, 5].

## **4. Conclusion**

Wet-lab validation matters [5].

#### **Works cited**

1. De novo design of protein structure and function with RFdiffusion - Nature, accessed May 2, 2025, [https://www.nature.com/articles/s41586-023-06415-8](https://www.nature.com/articles/s41586-023-06415-8)
2. Illuminating protein space with a programmable generative model, accessed May 2, 2025, [https://www.nature.com/articles/s41586-023-06728-8](https://www.nature.com/articles/s41586-023-06728-8)
3. RFdiffusion - GitHub, accessed May 2, 2025, [https://github.com/RosettaCommons/RFdiffusion](https://github.com/RosettaCommons/RFdiffusion)
4. Chroma: a generative model for protein design, accessed May 3, 2025, [https://generatebiomedicines.com/chroma](https://generatebiomedicines.com/chroma)
5. \\[2402.04997\\] Protein design evaluation benchmarks, accessed May 3, 2025, [https://arxiv.org/abs/2402.04997](https://arxiv.org/abs/2402.04997)
"""


def test_gemini_works_cited(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, GEMINI, "Protein Design.md"))
    check_invariants(s, rep)
    assert [x.title for x in s.top_level_sections()] == ["Introduction", "Methods", "Evaluation", "Conclusion"]
    assert [(r.id, r.title) for r in s.references] == [
        ("1", "De novo design of protein structure and function with RFdiffusion"),
        ("2", "Illuminating protein space with a programmable generative model"),
        ("3", "RFdiffusion"),
        ("4", "Chroma: a generative model for protein design"),
        ("5", "Protein design evaluation benchmarks"),
    ]
    assert s.reference_map()["5"].arxiv_id == "2402.04997"
    assert rep.markers_linked == rep.markers == 6


FORGE = """# Embodied AI: A Survey of Vision-Language-Action Models

## 1 Introduction

Robots follow language [1; 2]. RT-2 [3] transfers web knowledge [3; 4; 5].

## 2 Architectures

### 2.1 Tokenised Actions

Discrete bins [3].

### 2.2 Diffusion Policies

Continuous actions [6].

## 3 Data

Open X-Embodiment [7].

## 4 Conclusion

Scaling continues [1; 7].

## References

[1] Do As I Can, Not As I Say  Grounding Language in Robotic Affordances

[2] Inner Monologue  Embodied Reasoning through Planning with Language Models

[3] RT-2  Vision-Language-Action Models Transfer Web Knowledge to Robotic Control

[4] PaLM-E  An Embodied Multimodal Language Model

[5] VIMA  General Robot Manipulation with Multimodal Prompts

[6] Diffusion Policy  Visuomotor Policy Learning via Action Diffusion

[7] Open X-Embodiment  Robotic Learning Datasets and RT-X Models
"""


def test_surveyforge_family_other_topic(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, FORGE, "Embodied AI.md"))
    check_invariants(s, rep)
    assert s.reference_map()["3"].title == "RT-2 Vision-Language-Action Models Transfer Web Knowledge to Robotic Control"
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()][:3] == [
        ("[1; 2]", ["1", "2"]), ("[3]", ["3"]), ("[3; 4; 5]", ["3", "4", "5"]),
    ]
    assert rep.markers_linked == rep.markers == 7
    # the same survey as AutoSurvey JSON
    p = tmp_path / "Embodied AI.json"
    p.write_text(json.dumps({"survey": FORGE, "reference": {str(i): f"2204.0{i}691" for i in range(1, 8)}}))
    j, jrep = read_survey_report(p)
    check_invariants(j, jrep)
    assert jrep.format == "autosurvey-json" and j.reference_map()["2"].arxiv_id == "2204.02691"
    assert [r.title for r in j.references] == [r.title for r in s.references]


@pytest.mark.parametrize("how", ["escaped-brackets", "no-comma-author-year", "ampersand"])
def test_more_marker_mutations(tmp_path: Path, how: str) -> None:
    """Markdown exporters escape brackets ("\\[1\\]"); author-year styles drop the comma before
    the year ("(Ji et al. 2023)") or write "&" for "and"."""
    rel = ONE_PER_LINE[0] if how == "escaped-brackets" else AUTHOR_YEAR[0]
    text, s0, rep0 = original(rel)
    if how == "escaped-brackets":
        text2 = re.sub(r"\[(\d+(?:\s*[;,]\s*\d+)*)\]", r"\\[\1\\]", text)
    elif how == "no-comma-author-year":
        text2 = re.sub(r"(et al\.|[A-Z][a-z]+), ((?:19|20)\d\d[a-z]?)", r"\1 \2", text)
    else:
        text2 = re.sub(r"(\([^()]*?[A-Z][a-z]+) and ([A-Z][a-z]+,)", r"\1 & \2", text)
    assert text2 != text
    s, rep = read_mutated(tmp_path, rel, text2)
    assert len(s.references) == len(s0.references)
    assert rep.markers_linked == rep0.markers_linked
    assert links_by_title(s) == links_by_title(s0)


def test_setext_headings(tmp_path: Path) -> None:
    """Pandoc-style output: "Title\\n=====" and "Section\\n-------" headings."""
    text = (
        "Sparse Mixture-of-Experts Models\n================================\n\n"
        "Introduction\n------------\n\nRouting sends tokens to experts [1]. A rule:\n\n---\n\n"
        "Routing\n-------\n\nTop-2 gating [2].\n\n"
        "Load Balancing\n--------------\n\nAuxiliary losses [1; 2].\n\n"
        "References\n----------\n\n"
        "[1] Outrageously Large Neural Networks  The Sparsely-Gated Mixture-of-Experts Layer\n\n"
        "[2] GShard  Scaling Giant Models with Conditional Computation and Automatic Sharding\n"
    )
    s, rep = read_survey_report(write(tmp_path, text, "MoE.md"))
    check_invariants(s, rep)
    assert s.title == "Sparse Mixture-of-Experts Models"
    assert [x.title for x in s.top_level_sections()] == ["Introduction", "Routing", "Load Balancing"]
    assert len(s.references) == 2 and rep.markers_linked == 3


def test_bare_numbers_after_punctuation(tmp_path: Path) -> None:
    """Deep-research exports that lost the superscripts print "models.1" / "agents,2 3": numbers
    glued to the punctuation after a word, when the list is not cited with brackets."""
    text = (
        "# Agents\n\n## Overview\n\nLLM agents plan and act.1 Tool use is central,2 3 and memory matters.4\n"
        "Version 2.1 of the API and GPT-4.5 are not citations.\n\n"
        "## Planning\n\nReAct interleaves reasoning and acting.2\n\n## Memory\n\nRetrieval helps.4,1\n\n"
        "## Works cited\n\n1. Agents survey, accessed May 1, 2025, https://a.org/1\n"
        "2. ReAct: Synergizing reasoning and acting, accessed May 1, 2025, https://arxiv.org/abs/2210.03629\n"
        "3. Toolformer, accessed May 1, 2025, https://arxiv.org/abs/2302.04761\n"
        "4. MemGPT, accessed May 2, 2025, https://arxiv.org/abs/2310.08560\n"
    )
    s, rep = read_survey_report(write(tmp_path, text, "Agents.md"))
    check_invariants(s, rep)
    assert [r.title for r in s.references] == [
        "Agents survey", "ReAct: Synergizing reasoning and acting", "Toolformer", "MemGPT",
    ]
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("1", ["1"]), ("2 3", ["2", "3"]), ("4", ["4"]), ("2", ["2"]), ("4,1", ["4", "1"]),
    ]


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("sections.json", b'{"sections": ["a", "b"], "references": []}', "no readable sections"),
        ("survey-int.json", b'{"survey": 5, "reference": {}}', "'survey' must be the Markdown text"),
        ("title-only.md", b"# Only a title\n\nSome text.\n", "only a title heading"),
        ("html.md", b"<html><body><h1>x</h1></body></html>", "no Markdown headings"),
    ],
)
def test_more_bad_inputs_one_clear_error(tmp_path: Path, name: str, data: bytes, reason: str) -> None:
    from surveybench.readers import ReaderError, read_many

    p = tmp_path / name
    p.write_bytes(data)
    with pytest.raises(ReaderError) as info:
        read_survey(p)
    assert reason in info.value.reason and str(info.value).startswith(f"{p}: ")
    _surveys, rep = read_many([tmp_path])
    assert [(Path(f.path).name, f.ok) for f in rep.files] == [(name, False)]


def test_report_fits_80_columns_and_names_files_relative_to_the_argument(tmp_path: Path) -> None:
    from surveybench.readers import read_many
    from surveybench.readers.report import format_report

    d = tmp_path / "runs" / "DeepSys"
    d.mkdir(parents=True)
    write(d, IEEE_PDF, "Federated Learning at the Edge and Beyond.md")
    write(d, NATURE_BARE, "Cardiac.md")
    (d / "broken.json").write_text('{"survey": "# T', encoding="utf-8")
    _s, rep = read_many([tmp_path / "runs"])
    out = format_report(rep, [str(tmp_path / "runs")], width=80)
    lines = out.splitlines()
    assert max(len(x) for x in lines) <= 80
    assert str(tmp_path) not in out  # paths relative to the argument
    i = next(k for k, x in enumerate(lines) if x.startswith("DeepSys/broken.json "))
    assert lines[i + 1].startswith("  - ERROR: truncated JSON")
    row = next(x for x in lines if x.startswith("DeepSys/Cardiac.md"))
    assert row.split()[1:] == ["md", "4", "5", "7", "7", "6/6", "0", "0"]
    # a long name is folded at its spaces, the counts stay on its first line
    k = next(k for k, x in enumerate(lines) if x.startswith("DeepSys/Federated"))
    assert lines[k].split()[-8:] == ["md", "4", "6", "10", "10", "11/11", "0", "0"]
    assert "Beyond.md" in lines[k + 1]
    assert "3 files, 1 failed, 17 references, 17/17 markers linked" in out


def test_model_versions_are_not_bare_citations(tmp_path: Path) -> None:
    """"DALL-E 2 23." cites 23, not 2: the document writes "DALL-E 2" as a model name elsewhere;
    "GPT 4." is GPT-4 when the document also writes "GPT-4"; other numbers after a name cite."""
    text = (
        "# Image Generation\n\n## 1 Introduction\n\nDALL-E 2 combined CLIP and diffusion 1. "
        "GLIDE led to DALL-E 2 3. GPT-4 reads images; we compare with GPT 4. Imagen improved "
        "fidelity 2 4.\n\n## 2 Models\n\nLatent diffusion 4.\n\n## 3 Outlook\n\nVideo next 5.\n\n"
        "## Sources\n\n" + "\n\n".join(f"{i} Source {i} https://s.org/{i}" for i in range(1, 6)) + "\n"
    )
    s, rep = read_survey_report(write(tmp_path, text, "Image Generation.md"))
    check_invariants(s, rep)
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("1", ["1"]), ("3", ["3"]), ("2 4", ["2", "4"]), ("4", ["4"]), ("5", ["5"]),
    ]


ACS = """# Metal–Organic Frameworks for Carbon Capture

## 1. Introduction

MOFs adsorb CO2 selectively (1, 2). Amine-appended frameworks (3–5) show step-shaped isotherms.

## 2. Materials

Mg-MOF-74 (2) and UiO-66 (6).

## 3. Processes

Temperature swing (4).

## 4. Outlook

Scale-up remains hard (1).

## References

(1) Furukawa, H.; Cordova, K. E.; O'Keeffe, M.; Yaghi, O. M. The Chemistry and Applications of Metal-Organic Frameworks. Science 2013, 341, 1230444. DOI: 10.1126/science.1230444.
(2) Caskey, S. R.; Wong-Foy, A. G.; Matzger, A. J. Dramatic Tuning of Carbon Dioxide Uptake via Metal Substitution in a Coordination Polymer with Cylindrical Pores. J. Am. Chem. Soc. 2008, 130, 10870–10871.
(3) McDonald, T. M.; Mason, J. A.; Kong, X.; et al. Cooperative Insertion of CO2 in Diamine-Appended Metal-Organic Frameworks. Nature 2015, 519, 303–308.
(4) Siegelman, R. L.; McDonald, T. M.; Gonzalez, M. I.; Martell, J. D.; Milner, P. J.; Mason, J. A.; Berger, A. H.; Bhown, A. S.; Long, J. R. Controlling Cooperative CO2 Adsorption in Diamine-Appended Mg2(dobpdc) Metal–Organic Frameworks. J. Am. Chem. Soc. 2017, 139, 10526–10538.
(5) Lee, W. R.; Hwang, S. Y.; Ryu, D. W. Diamine-Functionalized Metal–Organic Framework. Energy Environ. Sci. 2014, 7, 744–751.
(6) Cavka, J. H.; Jakobsen, S.; Olsbye, U.; Guillou, N.; Lamberti, C.; Bordiga, S.; Lillerud, K. P. A New Zirconium Inorganic Building Brick Forming Metal Organic Frameworks with Exceptional Stability. J. Am. Chem. Soc. 2008, 130, 13850–13851.
"""


def test_acs_parenthesised_numbers_chemistry(tmp_path: Path) -> None:
    """ACS style: "(n) Surname, I.; Surname, I. Title. Journal Year, Vol, Pages." cited "(1, 2)"."""
    s, rep = read_survey_report(write(tmp_path, ACS, "MOF Carbon Capture.md"))
    check_invariants(s, rep)
    assert [(r.id, r.title, r.year) for r in s.references] == [
        ("1", "The Chemistry and Applications of Metal-Organic Frameworks", 2013),
        ("2", "Dramatic Tuning of Carbon Dioxide Uptake via Metal Substitution in a Coordination Polymer "
              "with Cylindrical Pores", 2008),
        ("3", "Cooperative Insertion of CO2 in Diamine-Appended Metal-Organic Frameworks", 2015),
        ("4", "Controlling Cooperative CO2 Adsorption in Diamine-Appended Mg2(dobpdc) Metal–Organic Frameworks", 2017),
        ("5", "Diamine-Functionalized Metal–Organic Framework", 2014),
        ("6", "A New Zirconium Inorganic Building Brick Forming Metal Organic Frameworks with Exceptional "
              "Stability", 2008),
    ]
    assert s.reference_map()["1"].doi == "10.1126/science.1230444"
    assert [a.name for a in s.reference_map()["3"].authors] == ["McDonald, T. M.", "Mason, J. A.", "Kong, X."]
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("(1, 2)", ["1", "2"]), ("(3–5)", ["3", "4", "5"]), ("(2)", ["2"]), ("(6)", ["6"]), ("(4)", ["4"]),
        ("(1)", ["1"]),
    ]


VANCOUVER = """# Large Language Models in Clinical Medicine

## Introduction

LLMs pass licensing exams [1,2]. Hallucination remains a risk [3].

## Applications

Clinical notes [4] and triage [2,5].

## Risks

Bias [3-5].

## Conclusion

Evaluation must be prospective [1].

## References

1. Singhal K, Azizi S, Tu T, Mahdavi SS, Wei J, Chung HW, et al. Large language models encode clinical knowledge. Nature. 2023;620(7972):172-180. doi:10.1038/s41586-023-06291-2
2. Kung TH, Cheatham M, Medenilla A, et al. Performance of ChatGPT on USMLE: potential for AI-assisted medical education using large language models. PLOS Digit Health. 2023;2(2):e0000198.
3. Thirunavukarasu AJ, Ting DSJ, Elangovan K, Gutierrez L, Tan TF, Ting DSW. Large language models in medicine. Nat Med. 2023;29(8):1930-1940.
4. Jiang LY, Liu XC, Nejatian NP, et al. Health system-scale language models are all-purpose prediction engines. Nature. 2023;619:357-362.
5. Omiye JA, Lester JC, Spichak S, Rotemberg V, Daneshjou R. Large language models propagate race-based medicine. NPJ Digit Med. 2023;6(1):195.
"""


def test_vancouver_medicine(tmp_path: Path) -> None:
    s, rep = read_survey_report(write(tmp_path, VANCOUVER, "LLMs in Clinical Medicine.md"))
    check_invariants(s, rep)
    assert [(r.id, r.title, r.year) for r in s.references] == [
        ("1", "Large language models encode clinical knowledge", 2023),
        ("2", "Performance of ChatGPT on USMLE: potential for AI-assisted medical education using large "
              "language models", 2023),
        ("3", "Large language models in medicine", 2023),
        ("4", "Health system-scale language models are all-purpose prediction engines", 2023),
        ("5", "Large language models propagate race-based medicine", 2023),
    ]
    assert s.reference_map()["1"].doi == "10.1038/s41586-023-06291-2"
    assert [a.name for a in s.reference_map()["3"].authors][:2] == ["Thirunavukarasu AJ", "Ting DSJ"]
    assert rep.markers_linked == rep.markers == 6


def test_dall_e_version_in_real_deep_research_file() -> None:
    """'... leveraged in GLIDE and DALL-E 2 23. In this approach' cites source 23 only."""
    _t, s, _r = original("surveybench-dev/OpenAI_DeepResearch/Generative Diffusion Models.md")
    p = next(p for _sec, p in s.paragraphs() if "DALL-E 2 23." in p.text)
    i = p.text.index("DALL-E 2 23.")
    near = [(c.marker, c.ref_ids) for c in p.citations if i <= (c.start or 0) < i + 12]
    assert near == [("23", ["23"])]


SURVEYGEN = "surveygen/Gold_Standard_Deep Learning Applications in Computer Vision.json"


def _sg_mutate(d: dict, how: str) -> None:  # type: ignore[type-arg]
    if how == "metadata-null":
        d["metadata"] = None
        for r in d["references"]:
            r["metadata"] = None
    elif how == "metadata-partial":
        for r in d["references"]:
            if r.get("metadata"):
                r["metadata"].update(journal=None, tldr=None, year=None, authors=[{"name": "A. Person"}])
    elif how == "references-shuffled":
        random.Random(3).shuffle(d["references"])
    elif how == "no-section-index":
        for s in d["sections"]:
            s.pop("index", None)
    elif how == "tei-hash-ids":  # ids as GROBID's TEI targets: "#b12"
        for s in d["sections"]:
            for p in s["paragraphs"]:
                for c in p.get("citations") or []:
                    c["ref_id"] = "#" + c["ref_id"]
        for r in d["references"]:
            r["ref_id"] = "#" + r["ref_id"]


@pytest.mark.parametrize(
    "how", ["metadata-null", "metadata-partial", "references-shuffled", "no-section-index", "tei-hash-ids"]
)
def test_surveygen_json_variants_link_the_same(tmp_path: Path, how: str) -> None:
    src = shared_path(*SURVEYGEN.split("/"))
    s0, _ = read_survey_report(src)
    d = json.loads(src.read_text(encoding="utf-8"))
    _sg_mutate(d, how)
    p = tmp_path / src.name
    p.write_text(json.dumps(d), encoding="utf-8")
    s, rep = read_survey_report(p)
    check_invariants(s, rep)
    assert len(s.sections) == len(s0.sections) and len(s.references) == len(s0.references)
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        (m.marker, m.ref_ids) for *_x, m in s0.citation_marks()
    ]


@pytest.mark.parametrize(
    "inserted", ["## REFERENCES", "## JOURNAL OF LATEX CLASS FILES, VOL. 14, NO. 8, AUGUST 2021", "# 24"]
)
@pytest.mark.parametrize("rel", PDF_NUMBERED)
def test_reference_list_interrupted_by_page_heading(tmp_path: Path, rel: str, inserted: str) -> None:
    """PDF converters repeat the section heading or turn a running header into a heading in the
    middle of the reference list: the numbering continues across it."""
    text, s0, rep0 = original(rel)
    body, head, refs = split_refs(text)
    lines = refs.split("\n")
    items = [i for i, ln in enumerate(lines) if re.match(r"^\[\d+\]", ln)]
    cut = items[len(items) // 2]
    refs2 = "\n".join(lines[:cut] + ["", inserted, ""] + lines[cut:])
    s, rep = read_mutated(tmp_path, rel, body + head + refs2)
    assert len(s.references) == len(s0.references)
    assert [r.title for r in s.references] == [r.title for r in s0.references]
    assert rep.markers_linked == rep0.markers_linked
    assert [x.title for x in s.top_level_sections()] == [x.title for x in s0.top_level_sections()]


def test_deep_research_inline_link_citations(tmp_path: Path) -> None:
    """ChatGPT exports cite with links to the sources: "([arxiv.org](https://arxiv.org/abs/...))"."""
    text = (
        "# Sparse Attention\n\n## Introduction\n\nLongformer mixes local and global attention "
        "([arxiv.org](https://arxiv.org/abs/2004.05150)). BigBird adds random links "
        "([proceedings.neurips.cc](https://proceedings.neurips.cc/paper/2020/hash/c8512d1.html#x)).\n\n"
        "## Methods\n\nSee the [project page](https://example.org/unlisted).\n\n## Outlook\n\n"
        "Again ([arXiv](http://www.arxiv.org/abs/2004.05150/)).\n\n## Sources\n\n"
        "- Longformer: The Long-Document Transformer https://arxiv.org/abs/2004.05150\n"
        "- Big Bird: Transformers for Longer Sequences https://proceedings.neurips.cc/paper/2020/hash/c8512d1.html\n"
    )
    s, rep = read_survey_report(write(tmp_path, text, "Sparse Attention.md"))
    check_invariants(s, rep)
    assert [r.title for r in s.references] == [
        "Longformer: The Long-Document Transformer", "Big Bird: Transformers for Longer Sequences",
    ]
    assert [(m.marker.split("](")[0], m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("[arxiv.org", ["u1"]), ("[proceedings.neurips.cc", ["u2"]), ("[arXiv", ["u1"]),
    ]


def test_unicode_superscript_citations(tmp_path: Path) -> None:
    """Converters that keep superscripts as characters: "worldwide¹,²", "diagnosis³⁻⁵", "CO₂" and
    "m²" stay text (no such entry / subscript)."""
    text = NATURE_BARE.replace("worldwide 1,2.", "worldwide¹,².").replace("diagnosis 3–5,", "diagnosis³⁻⁵,")
    text = text.replace("U-Net variants dominate 6.", "U-Net variants dominate⁶ on 10 m² images with CO₂.")
    s, rep = read_survey_report(write(tmp_path, text, "Cardiac Imaging.md"))
    check_invariants(s, rep)
    marks = [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()]
    assert marks[:4] == [("¹,²", ["1", "2"]), ("³⁻⁵", ["3", "4", "5"]), ("4", ["4"]), ("⁶", ["6"])]
    assert all(m != "²" for m, _ in marks)


@pytest.mark.parametrize(
    ("raw", "title", "year", "authors"),
    [
        # Chicago author-date, MLA, Harvard: quoted titles, first author inverted
        ('Smith, John, and Jane Doe. 2020. "Graph Learning at Scale." Journal of AI 3 (2): 1–10.',
         "Graph Learning at Scale", 2020, ["Smith, John", "Jane Doe"]),
        ('Smith, John, and Jane Doe. "Graph Learning at Scale." Journal of AI, vol. 3, no. 2, 2020, pp. 1-10.',
         "Graph Learning at Scale", 2020, ["Smith, John", "Jane Doe"]),
        ("Smith, J. and Doe, J. (2020) 'Graph learning at scale', Journal of AI, 3(2), pp. 1–10.",
         "Graph learning at scale", 2020, ["Smith, J.", "Doe, J."]),
        # Springer LNCS and Springer Nature journals
        ("Smith, J., Doe, J.: Graph learning at scale. In: Proc. ECCV, pp. 1–10. Springer (2020)",
         "Graph learning at scale", 2020, ["Smith, J.", "Doe, J."]),
        ("Smith J, Doe J (2020) Graph learning at scale. Nat Mach Intell 2:1–10",
         "Graph learning at scale", 2020, ["Smith J", "Doe J"]),
        # IEEE/natbib with particles and lower-case name prefixes
        ("S. d'Ascoli et al. Convit: Improving vision transformers with soft convolutional inductive biases. "
         "In ICML, pp. 2286- 2296, 2021.",
         "Convit: Improving vision transformers with soft convolutional inductive biases", 2021, ["S. d'Ascoli"]),
        ("G. v. Tulder et al. Multi-view analysis of unregistered medical images using cross-view transformers. "
         "In MICCAI, 2021.",
         "Multi-view analysis of unregistered medical images using cross-view transformers", 2021, ["G. v. Tulder"]),
        # IEEE book, italic title
        ("I. Goodfellow, Y. Bengio, and A. Courville, *Deep Learning*. Cambridge, MA, USA: MIT Press, 2016.",
         "Deep Learning", 2016, ["I. Goodfellow", "Y. Bengio", "A. Courville"]),
        # an organisation as author
        ("OpenAI. GPT-4 Technical Report. arXiv:2303.08774, 2023.", "GPT-4 Technical Report", 2023, ["OpenAI"]),
        # web sources: site suffixes, access dates, arXiv stamps
        ("Illuminating protein space with a programmable generative model - Nature, accessed May 2, 2025, "
         "https://www.nature.com/articles/s41586-023-06728-8",
         "Illuminating protein space with a programmable generative model", None, []),
        ("[PDF] arXiv:2402.01801v3 [cs.LG] 6 May 2024 http://dar.ucsd.edu/pubs/x.pdf", None, None, []),
    ],
)
def test_reference_string_styles(raw: str, title: str | None, year: int | None, authors: list[str]) -> None:
    from surveybench.readers.refstrings import parse_reference_string

    p = parse_reference_string(raw)
    assert (p.title, p.year, p.authors) == (title, year, authors)


CHICAGO = """# Social Media and Adolescent Wellbeing

## Introduction

Screen time correlates weakly with wellbeing (Orben and Przybylski 2019). Others disagree (Twenge, Joiner, and Rogers 2018; Haidt 2024).

## Evidence

Experiments are rare (Hunt et al. 2018).

## Mechanisms

Sleep displacement (Scott, Biello, and Woods 2019).

## Conclusion

More data are needed (Orben and Przybylski 2019).

## Works Cited

Haidt, Jonathan. 2024. *The Anxious Generation: How the Great Rewiring of Childhood Is Causing an Epidemic of Mental Illness*. New York: Penguin Press.

Hunt, Melissa G., Rachel Marx, Courtney Lipson, and Jordyn Young. 2018. "No More FOMO: Limiting Social Media Decreases Loneliness and Depression." *Journal of Social and Clinical Psychology* 37 (10): 751–68.
Orben, Amy, and Andrew K. Przybylski. 2019. "The Association between Adolescent Well-Being and Digital Technology Use." *Nature Human Behaviour* 3 (2): 173–82. https://doi.org/10.1038/s41562-018-0506-1.

Scott, Holly, Stephany M. Biello, and Heather C. Woods. 2019. "Social Media Use and Adolescent Sleep Patterns: Cross-Sectional Findings from the UK Millennium Cohort Study." *BMJ Open* 9 (9): e031161.

Twenge, Jean M., Thomas E. Joiner, and Megan L. Rogers. 2018. "Increases in Depressive Symptoms, Suicide-Related Outcomes, and Suicide Rates among U.S. Adolescents after 2010." *Clinical Psychological Science* 6 (1): 3–17.
"""


def test_chicago_author_date_works_cited(tmp_path: Path) -> None:
    """Chicago author-date: unnumbered "Works Cited", inverted first author, quoted titles,
    italic books, citations without a comma before the year and with three authors."""
    s, rep = read_survey_report(write(tmp_path, CHICAGO, "Social Media and Adolescents.md"))
    check_invariants(s, rep)
    assert [(r.title, r.year) for r in s.references] == [
        ("The Anxious Generation: How the Great Rewiring of Childhood Is Causing an Epidemic of Mental Illness", 2024),
        ("No More FOMO: Limiting Social Media Decreases Loneliness and Depression", 2018),
        ("The Association between Adolescent Well-Being and Digital Technology Use", 2019),
        ("Social Media Use and Adolescent Sleep Patterns: Cross-Sectional Findings from the UK Millennium "
         "Cohort Study", 2019),
        ("Increases in Depressive Symptoms, Suicide-Related Outcomes, and Suicide Rates among U.S. Adolescents "
         "after 2010", 2018),
    ]
    assert [a.name for a in s.references[2].authors] == ["Orben, Amy", "Andrew K. Przybylski"]
    assert s.references[2].doi == "10.1038/s41562-018-0506-1"
    ids = [r.id for r in s.references]
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("(Orben and Przybylski 2019)", [ids[2]]),
        ("(Twenge, Joiner, and Rogers 2018; Haidt 2024)", [ids[4], ids[0]]),
        ("(Hunt et al. 2018)", [ids[1]]),
        ("(Scott, Biello, and Woods 2019)", [ids[3]]),
        ("(Orben and Przybylski 2019)", [ids[2]]),
    ]


def test_locator_citations_and_acm_author_year_brackets(tmp_path: Path) -> None:
    """"[2, p. 5]" / "[1, Thm. 3]" (maths and IEEE) cite 2 and 1; ACM's author-year prints
    narrative citations as "Smith et al. [2020]"."""
    text = (
        "# Optimisation\n\n## 1 Introduction\n\nConvexity [1, Thm. 3] and duality [2, pp. 215–230] "
        "with [1], [2].\n\n## 2 Methods\n\nx\n\n## 3 End\n\ny\n\n## References\n\n"
        "[1] Stephen Boyd and Lieven Vandenberghe. 2004. Convex Optimization. Cambridge University Press.\n\n"
        "[2] Yurii Nesterov. 2018. Lectures on Convex Optimization. Springer.\n"
    )
    s, rep = read_survey_report(write(tmp_path, text, "Optimisation.md"))
    check_invariants(s, rep)
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("[1, Thm. 3]", ["1"]), ("[2, pp. 215–230]", ["2"]), ("[1]", ["1"]), ("[2]", ["2"]),
    ]
    acm = (
        "# Rendering\n\n## 1 Introduction\n\nKajiya [1986] introduced the rendering equation; "
        "path guiding followed [Müller et al. 2017].\n\n## 2 B\n\nx\n\n## 3 C\n\ny\n\n## References\n\n"
        "James T. Kajiya. 1986. The rendering equation. In SIGGRAPH. 143–150.\n\n"
        "Thomas Müller, Markus Gross, and Jan Novák. 2017. Practical Path Guiding for Efficient "
        "Light-Transport Simulation. Computer Graphics Forum 36, 4 (2017), 91–100.\n"
    )
    s, rep = read_survey_report(write(tmp_path, acm, "Rendering.md"))
    check_invariants(s, rep)
    assert [(m.marker, m.ref_ids) for *_x, m in s.citation_marks()] == [
        ("Kajiya [1986]", ["u1"]), ("[Müller et al. 2017]", ["u2"]),
    ]


def test_bold_numbered_lines_as_headings(tmp_path: Path) -> None:
    """Converters that print headings as bold lines and no '#' at all."""
    text = (
        "# Causal Inference in Machine Learning\n\n**1 Introduction**\n\nCausality matters [1].\n\n"
        "**1.1 Scope**\n\nWe cover graphs [2].\n\n**2 Structural Models**\n\nSCMs [1, 2].\n\n"
        "**3 Conclusion**\n\nDone.\n\n**References**\n\n[1] Causality: Models, Reasoning, and Inference\n\n"
        "[2] Elements of Causal Inference\n"
    )
    s, rep = read_survey_report(write(tmp_path, text, "Causal ML.md"))
    check_invariants(s, rep)
    assert [(x.number, x.level, x.title) for x in s.sections] == [
        ("1", 1, "Introduction"), ("1.1", 2, "Scope"), ("2", 1, "Structural Models"), ("3", 1, "Conclusion"),
        (None, 1, "References"),
    ]
    assert rep.markers_linked == 3 and len(s.references) == 2
    # a bold line in an ordinary survey stays text
    s2 = read_survey(write(tmp_path, IEEE_PDF.replace("Devices differ", "**1 Note**\n\nDevices differ"), "x.md"))
    assert len(s2.sections) == 6


def test_damaged_real_files_read_or_fail_with_a_reader_error(tmp_path: Path) -> None:
    """Real files cut short, with lines shuffled or dropped, or with bracket/digit noise inserted:
    each is read or refused with a ReaderError -- never a traceback, never an internal error
    dressed up as one."""
    from surveybench.readers import ReaderError

    files = [ONE_PER_LINE[0], PDF_NUMBERED[1], AUTHOR_YEAR[0], DEEP[0], SURVEYGEN, "autosurvey/Instruction Tuning.json"]
    rng = random.Random(11)
    outcomes = {"read": 0, "refused": 0}
    for k in range(36):
        rel = files[k % len(files)]
        t = shared_path(*rel.split("/")).read_text(encoding="utf-8")
        op = k // len(files) % 6
        lines = t.split("\n")
        if op == 0:
            t = t[: rng.randrange(len(t))]
        elif op == 1:
            rng.shuffle(lines)
            t = "\n".join(lines)
        elif op == 2:
            t = "\n".join(ln for ln in lines if rng.random() > 0.3)
        elif op == 3:
            i = rng.randrange(len(t))
            t = t[:i] + "".join(rng.choice("[]()#*_-.,;: 0123456789\n\"'") for _ in range(300)) + t[i:]
        elif op == 4:
            t = t.replace("\n\n", "\n")
        else:
            t = t[: len(t) // 2] + "\x00\x01" + t[len(t) // 2 :]
        p = tmp_path / Path(rel).name
        p.write_text(t, encoding="utf-8")
        try:
            read_survey(p)
            outcomes["read"] += 1
        except ReaderError as exc:
            assert "unexpected" not in exc.reason, exc.reason
            assert exc.path == p
            outcomes["refused"] += 1
    assert outcomes["read"] > 0 and outcomes["refused"] > 0
