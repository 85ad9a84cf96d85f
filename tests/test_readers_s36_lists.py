"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 36, area L).

Lists split: pandoc citeproc's HTML bibliography (R Markdown / blogdown / Hugo pages: one "csl-entry" div an entry, a
numbered style's label in a "csl-left-margin" span); Chicago's repeated-author dash before a year and a lower-case title
("———. 2023b. *terra: ...*"); Chicago author-date entries with quoted titles after the year; a Belgian institute's
"Hengl T., Roudier P. & Pebesma E. (2015)." names opening the list's first entry.
Lists cut: a page's footnote definitions ("[^1]: ...", pandoc's Markdown writer) after an author-year list.
Lists found: under a heading printed with its identifier in brackets ("### References [references]").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text as _read
from tests.reader_helpers import with_list


def test_citeproc_html_entries_numbered(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Abstraction costs

## Introduction

Frameworks \\[[1](#ref-paszke2019)–[3](#ref-chen2015)\\] abstract the hardware.

# References

<div id="refs" class="references csl-bib-body">

<div id="ref-paszke2019" class="csl-entry">

<span class="csl-left-margin">1. </span><span
class="csl-right-inline">Paszke, A., Gross, S.: PyTorch: An imperative
style, high-performance deep learning library, (2019)</span>

</div>

<div id="ref-abadi2016" class="csl-entry">

<span class="csl-left-margin">2. </span><span
class="csl-right-inline">Abadi, M., Agarwal, A.: TensorFlow: Large-scale
machine learning on heterogeneous systems, (2016)</span>

</div>

<div id="ref-chen2015" class="csl-entry">

<span class="csl-left-margin">3. </span><span
class="csl-right-inline">Chen, T., Li, M.: MXNet: A flexible and efficient
machine learning library, (2015)</span>

</div>

</div>
""")
    assert len(survey.references) == 3
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert survey.references[1].raw.startswith("Abadi, M., Agarwal, A.: TensorFlow: Large-scale machine learning")


def test_citeproc_html_entries_author_year_then_page_notes(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Grids

## Introduction

Grids differ ([Hengl *et al.*, 2015](#ref-hengl_2015); [Lovelace *et al.*, 2019](#ref-lovelace_2019)).
Projections too [^1].

## Bibliography

<div id="refs" class="references csl-bib-body hanging-indent">

<div id="ref-hengl_2015" class="csl-entry">

Hengl T., Roudier P., Beaudette D. & Pebesma E. (2015). plotKML:
Scientific Visualization of Spatio-Temporal Data. Journal of Statistical
Software 63.

</div>

<div id="ref-lovelace_2019" class="csl-entry">

Lovelace R., Nowosad J. & Muenchow J. (2019). Geocomputation with R.
<https://geocompr.robinlovelace.net/>.

</div>

<div id="ref-tennekes_2018" class="csl-entry">

Tennekes M. (2018). tmap: Thematic Maps in R. Journal of Statistical
Software 84 (1): 1–39.

</div>

</div>

[^1]: Several countries now provide national projected CRSs that use the
    common ETRS89 datum.

[^2]: The area of use is compared with the bounding box.
""")
    assert [r.raw.split(" (")[0] for r in survey.references] == [
        "Hengl T., Roudier P., Beaudette D. & Pebesma E.", "Lovelace R., Nowosad J. & Muenchow J.", "Tennekes M."]
    assert survey.references[2].raw.endswith("1–39.")


def test_repeated_author_dash_before_a_lower_case_title(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("Retiring packages", "Raster (Hijmans 2023a) and terra (Hijmans 2023b).", [
        "Bivand, Roger S., Edzer Pebesma, and Virgilio Gomez-Rubio. 2013.\n*Applied Spatial Data Analysis with R*. Springer, NY.",
        "Hijmans, Robert J. 2023a. *<span class=\"nocase\">raster</span>:\nGeographic Data Analysis and Modeling*.\n"
        "<https://cran.r-project.org/package=raster>.",
        "———. 2023b. *<span class=\"nocase\">terra</span>: Spatial Data Analysis*.\n<https://cran.r-project.org/package=terra>.",
        "Pebesma, Edzer. 2018. *Simple Features for R*. The R Journal 10\n(1): 439–46."]))
    assert [r.raw[:12] for r in survey.references] == ["Bivand, Roge", "Hijmans, Rob", "———. 2023b. ", "Pebesma, Edz"]
    assert "nocase" not in survey.references[2].raw


def test_chicago_quoted_titles_under_a_heading_with_its_identifier(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Invalid geometries

### Introduction

Repairs (Ledoux, Ohori, and Meijers 2012; Ramsey 2010) differ.

### References [references]

Ledoux, Hugo, Ken Arroyo Ohori, and Martijn Meijers. 2012.
“Automatically Repairing Invalid Polygons with a Constrained
Triangulation.” In. Agile.

Ramsey, Paul. 2010. “PostGIS-Tips for Power Users.” *Presentation on:
FOSS4G*.

Van Oosterom, Peter, Wilko Quak, and Theo Tijssen. 2005. “About Invalid,
Valid and Clean Polygons.” In *Developments in Spatial Data Handling*,
1–16. Springer.
""")
    assert [r.raw.split(".")[0] for r in survey.references] == [
        "Ledoux, Hugo, Ken Arroyo Ohori, and Martijn Meijers", "Ramsey, Paul", "Van Oosterom, Peter, Wilko Quak, and Theo Tijssen"]
    assert [s.title for s in survey.sections] == ["Introduction", "References"]


def test_names_with_initials_open_the_first_entry(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("Projections", "Visualised (Hengl et al., 2015) and mapped (Tennekes, 2018).", [
        "Hengl T., Roudier P., Beaudette D. & Pebesma E. (2015). plotKML: Scientific Visualization. Journal of Statistical Software 63.",
        "Lovelace R., Nowosad J. & Muenchow J. (2019). Geocomputation with R. CRC Press.",
        "Tennekes M. (2018). tmap: Thematic Maps in R. Journal of Statistical Software 84 (1): 1–39."]))
    assert [r.raw[:8] for r in survey.references] == ["Hengl T.", "Lovelace", "Tennekes"]


def test_page_footnotes_after_an_author_year_list(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("Datums", "Datums differ (Iliffe & Lott, 2008; Snyder, 1987) [^1].", [
        "Iliffe, J., & Lott, R. (2008). Datums and Map Projections. Whittles Publishing.",
        "Snyder, J. P. (1987). Map Projections: A Working Manual. U.S. Geological Survey.",
        "[^1]: A map projection defines the conversion from geodetic to projected\n    coordinates, but without the datum.",
        "[^2]: Older Belgian maps applied the ED50 datum (European Datum 1950),\n    shifted by about 90 m."]))
    assert [r.raw[:8] for r in survey.references] == ["Iliffe, ", "Snyder, "]
    assert survey.references[1].raw.endswith("Survey.")


def test_entries_printed_one_token_a_line(tmp_path: Path) -> None:
    tokens = {1: "Sung H , Ferlay J . CA Cancer J Clin 2021 ; 71 : 209 – 49 .", 2: "Hall WA , Goodman KA . Radiat Oncol 2019 ; 14 : 19 – 23 .",
              3: "Boyle J , Czito B . J Gastrointest Oncol 2015 ; 6 : 436 – 44 .", 4: "Khan AQ , Rashid K . Curr Opin Pharmacol 2020 ; 54 : 130 – 41 .",
              5: "Lee Y , Kim S . Radiat Res 2018 ; 17 : 977 – 87 ."}
    listing = "\n\n".join(f"{n}.\n\n" + "\n\n".join(t.split()) for n, t in tokens.items())
    survey = _read(tmp_path, f"# Radioresistance\n\n## INTRODUCTION\n\nCancer kills [1, 2].\n\n## MATERIALS AND METHODS\n\n"
                             f"Radiation helps [3–5].\n\n## RESULTS\n\nCells survived.\n\n## DISCUSSION\n\nIt works.\n\n## References\n\n{listing}\n")
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"], ["4"], ["5"]]
    assert survey.references[1].raw == "Hall WA, Goodman KA . Radiat Oncol 2019; 14: 19 – 23 ."


def test_web_sources_titled_with_their_file_kind(tmp_path: Path) -> None:
    sources = [f"{t} - ResearchGate, accessed February 26, 2026, https://www.researchgate.net/publication/{k}" for k, t in enumerate([
        "BBR: Congestion-Based Congestion Control", "(PDF) Coupled Multipath BBR for Multipath TCP",
        "Bufferbloat: Dark Buffers in the Internet", "(PDF) Estimating Available Bandwidth Using Packet Pair Probing",
        "Algorithms and Requirements for Measuring Network Bandwidth", "TCP Westwood: Bandwidth Estimation over Wireless Links"])]
    survey = _read(tmp_path, "Bonded links\nIntroduction\nLinks are bonded.1 Pacing matters.4\nWorks cited\n" + "\n".join(sources) + "\n", "report.txt")
    assert len(survey.references) == 6
    assert survey.references[1].raw.startswith("(PDF) Coupled Multipath BBR")


def test_numbered_sources_with_gaps_one_a_line(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("AI trends", "AI grows [1]. Law lags [20].", [
        "\n".join(f"{n}. **{t}** — [Link](https://example.org/{n})" for n, t in [
            (1, "The State of AI 2025: 12 Eye-Opening Graphs"), (3, "IEEE Reveals Predictions for 2025"), (6, "131 AI Statistics for 2025"),
            (7, "The Top Artificial Intelligence Trends"), (19, "Ethical concerns mount"), (20, "Is the law playing catch-up with AI?")])]))
    assert [r.numbers for r in survey.references] == [["1"], ["3"], ["6"], ["7"], ["19"], ["20"]]


def test_bold_references_line_with_a_note(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
## Generative AI in Healthcare

**1. Introduction**

Generative models (Brown et al., 2020) write notes; privacy (Dwork, 2006) matters.

**2. Conclusion**

It helps.

**References:** (A representative, non-exhaustive list)

*   Brown, T. B., Mann, B., & Amodei, D. (2020). Language models are few-shot learners. *Advances in neural information processing systems*, 33.
*   Dwork, C. (2006). Differential privacy. In *International colloquium on automata, languages, and programming* (pp. 1-12). Springer.
*   Finlayson, S. G., & Kohane, I. S. (2019). Adversarial attacks on medical machine learning. *Science*, 363(6433), 1287-1289.
""")
    assert [r.raw[:6] for r in survey.references] == ["Brown,", "Dwork,", "Finlay"]


def test_a_posts_how_to_cite_section_is_no_list(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Autonomous agents

## Planning

Chain of thought [1] and tree of thoughts [2] decompose tasks.

## Citation

Cited as:

> Weng, Lilian. (Jun 2023). “LLM-powered Autonomous Agents”. Lil’Log. https://lilianweng.github.io/posts/2023-06-23-agent/.

Or

```
@article{weng2023agent,
  title   = "LLM-powered Autonomous Agents",
  year    = "2023"
}
```

## References

\\[1\\] Wei et al. [“Chain of thought prompting elicits reasoning in large language models.”](https://arxiv.org/abs/2201.11903) NeurIPS 2022

\\[2\\] Yao et al. [“Tree of Thoughts: Deliberate Problem Solving with Large Language Models.”](https://arxiv.org/abs/2305.10601) arXiv 2023.
""")
    assert [r.numbers for r in survey.references] == [["1"], ["2"]]


def test_glued_names_of_a_journal_page_capture(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Medication shortage

## Introduction

Stigma (Berger et al., 2005) and coping (Lazarus, 1984) shape posts (Catalá-López et al., 2017; Oorschot et al., 2022).

## References

1

BergerM.WagnerT. H.BakerL. C. (2005). Internet use and stigmatized illness.

*Soc. Sci. Med.*61 (8), 1821–1827. 10.1016/j.socscimed.2005.03.0252

Catalá-LópezF.HuttonB.Núñez-BeltránA.O'DonnellN.et al (2017). The pharmacological treatment of attention deficit hyperactivity disorder.

*PLoS One*12 (7), e0180355. 10.1371/journal.pone.01803553

LazarusR. S. (1984).

*Stress, appraisal, and coping*, 464. Springer.4

OorschotK. E.Van WassenhoveL. N.de VriesH. (2022). Drug shortages: a systems view of the current state.

*Decis. Sci.*53 (6), 1187–1201. 10.1111/deci.12590

## Summary

Keywords

ADHD, stimulant, medication shortage

Citation

Shrestha S, Varghese S and Dev S (2025) Attention-deficit hyperactivity disorder medication shortage in the United States. Front. Pharmacol. 16:1595316.

Received

16 November 2024

Accepted

06 June 2025
""")
    assert [r.raw.split(" (")[0] for r in survey.references] == [
        "Berger M., Wagner T. H., Baker L. C.", "Catalá-López F., Hutton B., Núñez-Beltrán A., O'Donnell N., et al", "Lazarus R. S.",
        "Oorschot K. E., Van Wassenhove L. N., de Vries H."]


def test_numbers_on_bullets_of_their_own_with_catalogue_links(tmp_path: Path) -> None:
    entries = ["ApicellaP. (2007). Leading tonically active neurons of the striatum. *Trends Neurosci.*30, 299–306.",
               "AshbyF. G.CrossleyM. J. (2011). A computational model of cholinergic interneurons. *J. Cogn. Neurosci.*23, 1549–1566.",
               "FrankM. J. (2005). Dynamic dopamine modulation in the basal ganglia. *J. Cogn. Neurosci.*17, 51–72."]
    links = "\t- [Pubmed Abstract](https://pubmed.ncbi.nlm.nih.gov/17420057)\n\t- [CrossRef](https://doi.org/10.1016/0022-510x(73)90175-5)\n" \
            "\t- [Google Scholar](http://scholar.google.com/scholar_lookup?author=P..%2BApicella&publication_year=2007)"
    listing = "\n".join(f"- {n}\n\t{e}\n{links}" for n, e in enumerate(entries, 1))
    survey = _read(tmp_path, f"# Basal ganglia\n\n## Introduction\n\nNeurons pause (Apicella, 2007; Frank, 2005).\n\n## References\n\n{listing}\n")
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"]]
    assert survey.references[2].raw.startswith("FrankM. J. (2005). Dynamic dopamine")
