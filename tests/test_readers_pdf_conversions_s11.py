"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, stop 25).

From the tuning splits (dev6, dev17, dev18 leftovers): an APA group author opened by a dotted
abbreviation ("U.S. Department of Transportation. (2018)."); a SAGE running head ending in "et al."
inside the reference list; an author known by a one-word handle in lower case ("emoZilla. 2023.");
a surname torn by its accent with a long rest ("Ter¨ asvirta, T."); a plain-text appendix heading
("A Theoretical Analysis" / "A.1 Preliminaries") after the references; the authors' period glued to the
title ("Bernt Øksendal.Stochastic differential equations.").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text as _read
from tests.reader_helpers import with_list as _with_list


def test_an_apa_group_author_opened_by_a_dotted_abbreviation(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Adaptive stress testing

## Introduction

Autonomy promises gains in transport (U.S. Department of Transportation, 2018) and safety (Uesato et al., 2019).

## References

Uesato, J., Kumar, A., & Kohli, P. (2019). Rigorous agent evaluation: An adversarial approach to uncover
catastrophic failures. International Conference on Learning Representations.

U.S. Department of Transportation. (2018). Automated vehicles 3.0: Preparing for the future
of transportation (tech. rep.). U.S. Department of Transportation.

Wicker, M., Huang, X., & Kwiatkowska, M. (2018). Feature-guided black-box safety testing of deep neural
networks. Tools and Algorithms for the Construction and Analysis of Systems, 408–426.
""")
    assert [r.raw[:20] for r in survey.references] == ["Uesato, J., Kumar, A", "U.S. Department of T", "Wicker, M., Huang, X"]


def test_a_running_head_ending_in_et_al_inside_the_list(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Housing affordability and the growth of employment

## Introduction

Prices rise where jobs grow (Barker, 2004).

Fingleton et al.

27

House building lags behind (Whitehead, 2007).

Fingleton et al.

29

## References

Baltagi BH, Fingleton B and Pirotte A (2018) A time–space dynamic panel data model with spatial
moving average errors. Regional Science and Urban Economics. Epub ahead of print 9 May 2018.
DOI: 10.1016/j.regsciurbeco.2018.04.013.

Fingleton et al.

47

Barker K (2004) Review of Housing Supply: Delivering Stability – Securing Our Future Housing Needs,
Final Report. London: ODPM.
Whitehead CME. (2007) Planning policies and affordable housing: England as a successful case study?
Housing Studies 22(1): 25–44.
""")
    raws = [r.raw for r in survey.references]
    assert [r[:12] for r in raws] == ["Baltagi BH, ", "Barker K (20", "Whitehead CM"]
    assert not any("Fingleton et al." in r for r in raws)


def test_an_author_known_by_a_handle_in_lower_case(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Dynamic position encoding

## Introduction

We apply dynamic scaling (emoZilla, 2023) to the models of Dubey et al. (2024).

## References

Abhimanyu Dubey, Abhinav Jauhri, and Abhinav Pandey. 2024. The llama 3 herd of models.
arXiv e-prints, pages arXiv–2407.
emoZilla. 2023. Dynamically scaled rope further
increases performance of long context llama with
zero fine-tuning. https://www.reddit.com/r/LocalLLaMA/.
Dan Hendrycks, Collin Burns, and Saurav Kadavath. 2021. Measuring massive multitask language
understanding. In International Conference on Learning Representations.
""")
    assert [r.raw[:12] for r in survey.references] == ["Abhimanyu Du", "emoZilla. 20", "Dan Hendryck"]


def test_a_surname_torn_by_its_accent_with_a_long_rest(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Regime-aware asset allocation

## Introduction

Stylized facts of returns (Rydén et al., 1998) motivate regime models (Reus and Mulvey, 2016).

## References

Reus, L. and Mulvey, J. M. (2016). Dynamic allocations for currency futures under switching regimes signals.
European Journal of Operational Research, 253(1):85–93.
Ryd´ en, T., Ter¨ asvirta, T., and˚Asbrink, S. (1998). Stylized facts of daily return series and the hidden Markov
model. Journal of Applied Econometrics , 13(3):217–244.
Satyanarayan, S. and Varangis, P. (1996). Diversification benefits of commodity assets in global portfolios.
The Journal of Investing, 5(1):69–78.
""")
    assert [r.raw[:10] for r in survey.references] == ["Reus, L. a", "Ryd´ en, T", "Satyanaray"]


_PLAIN_PAPER = """\
Debiasing diffusion models with score guidance

Abstract
Generative models inherit the biases of their data.

1 Introduction
Diffusion models (Ho et al., 2020) are studied with SDEs (Øksendal, 2003).

2 Conclusion
Guidance removes bias.

References
Jonathan Ho, Ajay Jain, and Pieter Abbeel. Denoising diffusion probabilistic models. InAdvances in Neural
Information Processing Systems, pp. 6840–6851, 2020.
Bernt Øksendal.Stochastic differential equations. Springer, 2003.
Yi Zhang, Junyang Wang, and Jitao Sang. Counterfactually measuring and eliminating social bias in vision-
language pre-training models. InProceedings of the 30th ACM International Conference on Multimedia,
pp. 4996–5004, 2022.
19
A Theoretical Analysis
A.1 Preliminaries
We begin by introducing the mathematical foundations necessary for our theoretical analysis (Øksendal, 2003).
"""


def test_plain_text_appendix_after_the_references_and_a_period_glued_to_the_title(tmp_path: Path) -> None:
    survey = _read(tmp_path, _PLAIN_PAPER)
    raws = [r.raw for r in survey.references]
    assert [r[:12] for r in raws] == ["Jonathan Ho,", "Bernt Øksend", "Yi Zhang, Ju"]
    assert raws[-1].endswith("pp. 4996–5004, 2022.")  # the appendix is no part of the last entry
    assert survey.references[1].year == 2003
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["Introduction", "Conclusion"]


def test_elsevier_group_authors_and_an_accent_torn_off_a_capital(tmp_path: Path) -> None:
    # Elsevier name-year (dev16; most entries "Surname, I., year." so the list reads as Elsevier's): a group author with the year after a comma or in parentheses, an accent
    # torn off a surname's capital and set between the comma and the initial ("Ocal, ¨ A.": Öcal)
    elsevier = _read(tmp_path, """\
# Resilience in Minnesota and Hong Kong

## Introduction

Culture shapes coping (Hofstede et al., 2010; Hong Kong Census and Statistics Department, 2020; Ocal et al., 2020).

## References

Hofstede, G., Hofstede, G.J., Minkov, M., 2010. Cultures and organizations: Software of the Mind. McGraw-Hill, New York.

Hong Kong Census and Statistics Department, 2020. Hong Kong Monthly Digest of Statistics. Retrieved from. https://www.statistics.gov.hk/.

Moussa, M.T., Lovibond, P.F., Laube, R., 2001. Psychometric properties of a Chinese version of the 21-item depression anxiety stress scales (DASS21). Sydney, NSW:
Transcultural Mental Health Centre. Cumberland Hospital.

Ocal, ¨ A., Cvetkovi´c, V.M., Baytiyeh, H., 2020. Public reactions to the disaster COVID-19: a comparative study in Italy, Lebanon, Portugal, and Serbia. Geomatics 11 (1), 1864–1885.

Taouk, M.T., Lovibond, P.F., Laube, R., 2001. Psychometric properties of a Chinese version of the short Depression Anxiety
Stress Scales (DASS21). Report for New South Wales Transcultural Mental Health Centre, Cumberland Hospital, Sydney. United States Census Bureau (2019). *Quick Facts: Minnesota* [Data file].
""", "elsevier.md")
    assert [r.raw[:12] for r in elsevier.references] == [
        "Hofstede, G.", "Hong Kong Ce", "Moussa, M.T.", "Ocal, ¨ A., ", "Taouk, M.T.,", "United State"]


def test_an_apa_group_author_with_a_colon_and_its_acronym_and_an_ocr_tilde(tmp_path: Path) -> None:
    # APA (dev16): a group author with a colon and its acronym, an OCR's "~" before the ellipsis of left-out names
    apa = _read(tmp_path, """\
# Hope, resilience and suicidal thoughts

## Introduction

Guidance exists (National Institute for Health and Care Excellence: Clinical Guidelines (NICE), 2011; Thorell et al., 2020).

## References

Min, J. A., Lee, C. U., & Chae, J. H. (2015). Resilience moderates the risk of depression and anxiety symptoms on
suicidal ideation. Comprehensive Psychiatry, 56, 103–111. doi:10.1016/j.comppsych.2014.07.022 National Institute for Health and Care Excellence: Clinical Guidelines (NICE).
(2011). Self-harm in over 8s: Long-term management (CG133).

Stainton, A., Chisholm, K., & Wood, S. J. (2019). Resilience as a multimodal dynamic process. Early Intervention in Psychiatry, 13(4),
725–732. doi:10.1111/eip.12726 Thorell, L. B., Skoglund, C. B., Groom, M., ~ … Christiansen, H. (2020, September 25).
Psychosocial effects of homeschooling during the COVID 19 pandemic. European Child & Adolescent Psychiatry.
""", "apa.md")
    assert [r.raw[:12] for r in apa.references] == ["Min, J. A., ", "National Ins", "Stainton, A.", "Thorell, L. "]


def test_a_city_closing_an_entry_is_no_author_list_going_on(tmp_path: Path) -> None:
    # Chicago economics (dev14): "Washington, D.C." ends an entry; it is no author's initials going on
    chicago = _read(tmp_path, """\
# International reserves

## Introduction

Reserves buffer shocks (Frenkel, 1983; Frenkel and Jovanovic, 1981).

## References

Flood, R. and N. Marion (2002), “Holding International Reserves in an Era of High
Capital Mobility,” IMF Working Paper, No. WP/02/62, April.
Frenkel, J.A. (1974), “The Demand for International Reserves by Developed and
Less-Developed Countries, “ Economica, Vol. 41, February, 14-24.
Frenkel, J.A. (1978), “International Reserves: Pegged Exchange Rates and Managed
Float,” in K. Brunner and A.H. Meltzer (eds.), Public Policies in Open Economies,
Carnegie-Rochester Conference Series on Public Policy, Vol. 9.
Frenkel, J.A. (1983), “International Liquidity and Monetary Control,” in G.M. von
Furstenberg (ed.), International Money and Credit: The Policy Roles, International
Monetary Fund, Washington, D.C.
Frenkel, J.A. and B. Jovanovic (1981), “Optimal International Reserves: A Stochastic
Framework,” Economic Journal, Vol. 91, June, 507-14.
Grubel, H.G. (1971), “The Demand for International reserves: A Critical Review of
the Literature,” Journal of Economic Literature, Vol. 9, 1148-68.
""", "chicago.md")
    assert [r.raw[:22] for r in chicago.references] == [
        "Flood, R. and N. Mario", "Frenkel, J.A. (1974), ", "Frenkel, J.A. (1978), ", "Frenkel, J.A. (1983), ", "Frenkel, J.A. and B. J",
        "Grubel, H.G. (1971), “"]


# ---- dev19 (stop 25): more files of converters tuned on before ------------------------------------------

_LAYOUT_LIST = """\
SmolVLM: small yet capable vision-language models

1 Introduction
Flamingo (Alayrac et al., 2022a) and its follow-up (Alayrac et al., 2022b) inspired Idefics (Laurençon et al., 2023),
and reasoning models followed (OpenAI et al., 2024).

2 Conclusion
Small models suffice.

References
Josh Achiam, Steven Adler, Sandhini Agarwal, Lama Ahmad, Ilge Akkaya, Florencia Leoni Aleman, Diogo Almeida,
  Janko Altenschmidt, Sam Altman, Shyamal Anadkat, et al. Gpt-4 technical report. arXiv preprint arXiv:2303.08774,
  2023.
Jean-Baptiste Alayrac, Jeff Donahue, Pauline Luc, Antoine Miech, Iain Barr, Yana Hasson, Karel Lenc, Arthur
  Mensch, Katherine Millican, Malcolm Reynolds, Roman Ring, Mikoł aj Bińkowski, and Karén Simonyan. Flamingo: a
  visual language model for few-shot learning. In Advances in Neural Information Processing Systems, volume 35,
  pages 23716–23736. Curran Associates, Inc., 2022a. https://proceedings.neurips.cc/paper_files/paper/2022/file/
  960a172bc7fbf0177ccccbb411a7d800-Paper-Conference.pdf.
Jean-Baptiste Alayrac, Jeff Donahue, Pauline Luc, Antoine Miech, Iain Barr, Yana Hasson, Karel Lenc, Arthur Mensch,
  Katherine Millican, Malcolm Reynolds, et al. Flamingo: a visual language model for few-shot learning. Advances in
  neural information processing systems, 35:23716–23736, 2022b.
Hugo Laurençon, Lucile Saulnier, Leo Tronchon, Stas Bekman, Amanpreet Singh, Anton Lozhkov, Thomas Wang,
  Siddharth Karamcheti, Alexander M Rush, Douwe Kiela, Matthieu Cord, and Victor Sanh. OBELICS: An open
  web-scale filtered dataset of interleaved image-text documents. In Thirty-seventh Conference on Neural Information
  Processing Systems Datasets and Benchmarks Track, 2023. https://openreview.net/forum?id=SKN2hflBIZ.
Haotian Liu, Chunyuan Li, Yuheng Li, Bo Li, Yuanhan Zhang, Sheng Shen, and Yong Jae Lee. Llava-next: Improved rea-
  soning, ocr, and world knowledge, January 2024a. https://llava-vl.github.io/blog/2024-01-30-llava-next/.



                                                         17
\f  Yibo Liu, Wenhao Huang, Huan Sun, Yu Su, and Wenhu Chen. Reasoning in the open. In Proceedings of CVPR, 2024b.
OpenAI, :, Aaron Jaech, Adam Kalai, Adam Lerer, Adam Richardson, Ahmed El-Kishky, Aiden Low, Alec Helyar,
 Aleksander Madry, Alex Beutel, Alex Carney, and Alex Iftimie. Openai o1 system card, 2024.
"""


def test_a_layout_keeping_text_extraction_s_hanging_indent_opens_the_entries(tmp_path: Path) -> None:
    survey = _read(tmp_path, _LAYOUT_LIST, "smolvlm.txt")
    raws = [r.raw for r in survey.references]
    # one entry a margin line: the 2022a entry's URL no longer runs into 2022b, a hyphenated word joined
    # across lines keeps the next line's indent, a page break's form feed and page number are no entry
    assert [r[:12] for r in raws] == ["Josh Achiam,", "Jean-Baptist", "Jean-Baptist", "Hugo Laurenç", "Haotian Liu,", "OpenAI, :, A"]
    assert "Yibo Liu" in raws[4] and "Improved reasoning, ocr" in raws[4]
    # a stroked letter printed apart from the rest of its name ("Mikoł aj") leaves the author list whole
    assert (survey.references[1].year, survey.references[1].title) == (2022, "Flamingo: a visual language model for few-shot learning")
    intro = next(s for s in survey.sections if s.title == "Introduction").paragraphs[0]
    alayrac_a = next(c for c in intro.citations if c.marker == "(Alayrac et al., 2022a)")
    assert alayrac_a.ref_ids == [survey.references[1].id]


def test_chicago_narrative_with_a_page_a_torn_accent_in_a_name_list_and_a_labelled_group(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Residential property investors

# Introduction

Markets are networks (Theurillat, R´erat, and Crevoisier 2015). Piskorski, Seru, and Witkin (2015, 2636), for example,
discuss fraud.

# References

Piskorski, Tomasz, Amit Seru, and James Witkin. 2015. “Asset Quality Misrepresentation by Financial Intermediaries.” The
Journal of Finance 70 (6): 2617–49.

Theurillat, Thierry, Patrick R´erat, and Olivier Crevoisier. 2015. “The Real Estate Markets: Players, Institutions and
Territories.” Urban Studies 52 (8): 1414–33.
""", "chicago.md")
    marks = [c for p in survey.sections[0].paragraphs for c in p.citations]
    piskorski, theurillat = (r.id for r in survey.references)
    assert [(c.marker, c.ref_ids, c.unresolved) for c in marks] == [
        ("(Theurillat, R´erat, and Crevoisier 2015)", [theurillat], []),
        ("Piskorski, Seru, and Witkin (2015, 2636)", [piskorski], []),
    ]
    # AAAI (dev19): an item labelled before its names ("RL - Nazari et al. 2018"), cited from an entry whose
    # last initial's period a justified line set apart ("Snyder, L. V . 2018.")
    # (its entries one a line, a blank line between, as the file prints them)
    entries = [
        "Hopfield, J. J.; and Tank, D. W. 1985. 'Neural' computation of decisions in optimization problems. "
        "Biological Cybernetics , 52(3): 141-152.",
        "Kool, W.; van Hoof, H.; Gromicho, J.; and Welling, M. 2022. Deep policy dynamic programming for vehicle routing "
        "problems. In Schaus, P., ed., Integration of Constraint Programming, Artificial Intelligence, and Operations Research , "
        "190213. Cham: Springer.",
        "Nagata, Y. 2007. Edge assembly crossover for the capacitated vehicle routing problem. Lecture Notes in Computer "
        "Science , 4446: 142-153.",
        "Nazari, M.; Oroojlooy, A.; Tak´ aˇ, M.; and Snyder, L. V . 2018. c Reinforcement learning for solving the vehicle "
        "routing problem. In Proceedings of the 32nd International Conference on Neural Information Processing Systems , 9861-9871.",
        "Oliver, I. M.; Smith, D. J.; and Holland, J. R. C. 1987. A study of permutation crossover operators on the traveling "
        "salesman problem. In Proceedings of the Second International Conference on Genetic Algorithms.",
        "Pessoa, A.; Sadykov, R.; Uchoa, E.; and Vanderbeck, F. 2020. A generic exact solver for vehicle routing and related "
        "problems. Mathematical Programming , 183(1): 483-523.",
    ]
    aaai = _read(tmp_path, _with_list("Neural local search for routing",
                                      "Learned heuristics came first (RL - Nazari et al. 2018; Kool et al. 2022).", entries), "aaai.md")
    ids = {r.raw[:4]: r.id for r in aaai.references}
    (mark,) = aaai.sections[0].paragraphs[0].citations
    assert (mark.ref_ids, mark.unresolved) == ([ids["Naza"], ids["Kool"]], [])
    assert aaai.references[3].year == 2018


def test_pymupdf4llm_superscript_ranges_and_linked_runs_of_an_entry(tmp_path: Path) -> None:
    faa = "https://www.faa.gov/sites/faa.gov/files/2021-11/Aviation_Climate_Action_Plan.pdf"
    entries = [
        "1. Carrara, S. & Longden, T. Freight futures. Transp. Res. D 55, 359–372 (2017).",
        "2. Sharmina, M. et al. Decarbonising the critical sectors of aviation, shipping, road freight and industry.\n"
        "Clim. Policy 21, 455–474 (2021).",
        "3. United States Federal Aviation Administration. 2021 United States [Aviation Climate Action Plan. "
        f"https://www.faa.gov/sites/faa.gov/]({faa}) [files/2021-11/Aviation_Climate_Action_Plan.pdf (2021).]({faa})",
        "4. Holtmaat A, Svoboda K. Experience-dependent structural synaptic plasticity in the mammalian brain. [Nature Reviews "
        "Neuroscience. 2009; 10(9):647–658. https://doi.org/10.1038/nrn2699 PMID:](https://doi.org/10.1038/nrn2699) "
        "[19693029](https://doi.org/10.1038/nrn2699)",
        "5. Wang, Y. et al. FLECS technology for high-throughput screening. SLAS Discov. 29, 100138 (2024). [bioRxiv preprint doi: "
        "https://doi.org/10.1101/2025.01.11.632556; this version posted September 27, 2025. The copyright holder for this "
        "preprint](https://doi.org/10.1101/2025.01.11.632556)",
    ]
    survey = _read(tmp_path, "# Zero-emissions transport\n\n## Results\n\nThe sector is hard to decarbonize [1][–][3] and "
                   "responds slowly to a carbon tax [4][–][5] .\n\n## References\n\n" + "\n".join(entries) + "\n")
    marks = survey.sections[0].paragraphs[0].citations
    assert [(c.marker, [survey.references[int(i) - 1].numbers[0] for i in c.ref_ids]) for c in marks] == [
        ("[1][–][3]", ["1", "2", "3"]), ("[4][–][5]", ["4", "5"])]
    refs = survey.references
    # a link's text that holds the entry's words and its address is the entry's prose (its year too);
    # a page's linked furniture is not ("this version posted September 27, 2025")
    assert refs[2].title == "United States Aviation Climate Action Plan"
    assert (refs[3].year, refs[4].year) == (2009, 2024)


def test_reference_strings_mended(tmp_path: Path) -> None:
    from surveybench.readers.refstrings import parse_reference_string

    # an address broken after "/" before a path's next segments; a scheme-less DOI address is no title word
    archetti = parse_reference_string("Archetti, C.; Kullman, N.; and Vidal, T. 2022. 12th DIMACS challenge. "
                                      "http://dimacs.rutgers.edu/programs/ challenge/vrp/. Accessed: 2022-06-06.")
    assert archetti.title == "12th DIMACS challenge"
    koo = parse_reference_string("Koo, D. et al. Defining T cell receptor repertoires using nanovial based screening. "
                                 "Preprint at bioRxiv doi.org/10.1101/2023.01.17.524440 (2023).")
    assert (koo.title, koo.year) == ("Defining T cell receptor repertoires using nanovial based screening", 2023)
    # a title opening with a single capital and a glued period stays as printed ("V.PhyloMaker")
    jin = parse_reference_string("Jin, Y., Qian, H., 2019. V.PhyloMaker: an R package that can generate very large "
                                 "phylogenies for vascular plants. Ecography 42, 1353-1359.")
    assert (jin.authors, jin.year, jin.title) == (
        ["Jin, Y.", "Qian, H."], 2019, "V.PhyloMaker: an R package that can generate very large phylogenies for vascular plants")
    # a footnote's mark after the title's last word
    pontius = parse_reference_string("Pontius, A. A. (1993). Rule out Limbic Psychotic Trigger Reaction<sup>1</sup>. "
                                     "Psychological Reports. https://doi.org/10.1177/003329419307300")
    assert pontius.title == "Rule out Limbic Psychotic Trigger Reaction"


def test_bilingual_headings_and_a_joined_singular_method_section(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# The effect of life events on the quality of life of university students

## Abstract

Life events matter.

## Resumen

Los eventos de vida importan.

## Introduction

Stress lowers quality of life (Cohen et al., 1983).

## Method Participants

Students took part.

## Procedure

They answered online.

## Data Analysis

We fitted a model.

## Results

Stress mattered.

## Discusión

It matters (Cohen et al., 1983).

## References

American Psychological Association. (2019, April). *Comprendiendo el estrés crónico*. APA.
www.apa.org/centrodeapoyo/estres-cronico Argibay, J. (2006). Muestra en investigación cuantitativa. *Subjetividad y Procesos
Cognitivos*, 8, 15-33. Asociación Mexicana de Agencias de Inteligencia de Mercado y Opinión. (2020). Nivel socioeconómico AMAI 2018.
AMAI.

Cohen, S., Kamarck, T., & Mermelstein, R. (1983). A global measure of perceived stress. *Journal of Health and Social Behavior*, 24(4), 385-396.
""")
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Method", "Results", "Discusión"]
    assert [r.raw[:12] for r in survey.references] == ["American Psy", "Argibay, J. ", "Asociación M", "Cohen, S., K"]


# ---- dev20 (stop 25): plain-text extractions, arXiv's HTML, IEEE quotes ----------------------------------

def test_arxiv_html_natbib_list_with_back_references(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
 Sinkhorn Treatment Effects
 Abstract
 We introduce a measure.
 1 Introduction
 Causal effects are studied (Abadie, 2002 ; Martinez Taboada et al. , 2023 ) and kernels help (Adams and Fournier, 2003 ).
 2 Conclusion
 It works.
 References
 A. Abadie (2002)
 Bootstrap tests for distributional treatment effects in instrumental variable models .
 Journal of the American statistical Association 97 ( 457 ), pp. 284–292 .
 Cited by: §1 .
 R. A. Adams and J. J. Fournier (2003)
 Sobolev spaces .
 Vol. 140 , Elsevier .
 Cited by: §C.3 ,
 §C.3 ,
 §2 .
 E. del Barrio, A. G. Sanz, J. Loubes, and J. Niles-Weed (2023)
 An improved central limit theorem and fast convergence rates for entropic transportation costs .
 SIAM Journal on Mathematics of Data Science 5 ( 3 ), pp. 639–669 .
 Cited by: item 2 ,
 1st item ,
 Lemma C.8 .
 D. Martinez Taboada, A. Ramdas, and E. Kennedy (2023)
 An efficient doubly-robust test for the kernel treatment effect .
 Advances in Neural Information Processing Systems 36 .
""", "sinkhorn.md")
    refs = survey.references
    assert [(r.authors[0].name, r.year, r.title) for r in refs] == [
        ("A. Abadie", 2002, "Bootstrap tests for distributional treatment effects in instrumental variable models"),
        ("R. A. Adams", 2003, "Sobolev spaces"),
        ("E. del Barrio", 2023, "An improved central limit theorem and fast convergence rates for entropic transportation costs"),
        ("D. Martinez Taboada", 2023, "An efficient doubly-robust test for the kernel treatment effect"),
    ]
    assert not any("Cited by" in r.raw or "§" in r.raw for r in refs)
    marks = [c for s in survey.sections if s.title == "Introduction" for p in s.paragraphs for c in p.citations]
    assert [(c.ref_ids, c.unresolved) for c in marks] == [([refs[0].id, refs[3].id], []), ([refs[1].id], [])]


def test_two_column_pages_of_a_layout_keeping_extraction_read_column_by_column() -> None:
    from surveybench.readers.layout import columns_apart

    left = ["1. Introduction", "Cross-validation (Allen 1974) is one", "of the most popular methods for model",
            "selection in statistics and machine", "learning, due to its conceptual", "simplicity and wide applicability.",
            "The basic idea is to fit and", "evaluate each candidate model."]
    right = ["value) m, CVC tests the null that", "the regression functions estimated", "from candidate m have the smallest",
             "predictive risk among all of the", "candidates. This test is carried", "out individually for each one.",
             "2. Review of Cross-Validation", "We review the method here."]
    page = [f"{a:<50}{b}" for a, b in zip(left, right)]
    page[3] = " " * 50 + right[3]  # a right-column line beside an empty left one
    out, pages = columns_apart(["Cross-Validation With Confidence (a title across the page)", ""] + page + ["\fnext page"])
    assert pages == 1
    assert out == ["Cross-Validation With Confidence (a title across the page)", "", *left[:3], *left[4:], "", *right, "\fnext page"]  # (the page break kept)
    # a one-column page (a table's aligned cells on a line or two) is left as it is
    assert columns_apart(["Model      Risk      Time", "Lasso      0.31      2s", "Plain text of one column."]) == (
        ["Model      Risk      Time", "Lasso      0.31      2s", "Plain text of one column."], 0)


def test_ieee_double_single_quotes_elsevier_group_and_an_algorithm_step(tmp_path: Path) -> None:
    from surveybench.readers.refstrings import parse_reference_string

    lan = parse_reference_string("Q. Lan et al., ‘‘What is semantic communication? A view on conveying meaning in the era of "
                                 "machine intelligence, ’’ J. Commun. Inf. Netw., vol. 6, no. 4, pp. 336–371, 2021.")
    assert (lan.title, lan.year) == ("What is semantic communication? A view on conveying meaning in the era of machine intelligence", 2021)
    group = parse_reference_string("R Core Team, 2016. R: A Language and Environment for Statistical Computing. R Foundation "
                                   "for Statistical Computing, Vienna, Austria.")
    assert (group.authors, group.year, group.title) == (["R Core Team"], 2016, "R: A Language and Environment for Statistical Computing")
    # plain text: an algorithm's numbered step holding a formula is no section heading
    survey = _read(tmp_path, "Cross-Validation With Confidence\n\n1. Introduction\nText (Allen 1974).\n\n2. Method\nThe steps:\n"
                   "Step list follows here\n3. Let T = maxj nte σm,j\nmore text\n\n3. Experiments\nDone.\n\nReferences\n"
                   "Allen, D. M. (1974), “The Relationship Between Variable Selection and Data Augmentation,” Technometrics, 16, 125–127.\n")
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Method", "Experiments"]


def test_plain_text_headings_glued_wrapped_or_a_table_s_column_head(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
Meat-related cognitive dissonance: a conceptual framework

1. Overview of the framework
The framework draws on dissonance theory (Festinger, 1957).

2. SEMANTIC IMPORTANCE AWARE
COMMUNICATIONS OVER NETWORKS
The concept applies widely (Festinger, 1957).

Table 2: Results of the agents.
Method
LLaMA2-7B
Mistral-7B
Hits@1

Models differ, as the results show in detail for the reasons given above, and we leave the rest to further
tests.3. Implications of the framework
The framework has implications (Festinger, 1957).

References
Festinger, L. (1957). A theory of cognitive dissonance. Stanford University Press.
""", "mrcd.txt")
    assert [s.title for s in survey.top_level_sections()] == [
        "Overview of the framework", "SEMANTIC IMPORTANCE AWARE COMMUNICATIONS OVER NETWORKS", "Implications of the framework"]


def test_icml_natbib_list_decomposed_accents_and_lettered_appendices_after_it(tmp_path: Path) -> None:
    # NFD text: "Go\\u0301mez" -- the accent a combining mark after its letter
    survey = _read(tmp_path, """\
Computing do-Shapley values

1 Introduction
Shapley values are sampled (Castro et al., 2009; Jia et al., 2019; Parafita & Vitrià, 2022).

2 Conclusion
It works.

References

Banzhaf III, J. F. Weighted voting doesn’t work: A mathematical analysis. Rutgers Law Review, 19:317, 1964.
Bareinboim, E. and Pearl, J. Causal inference and the datafusion problem. Proceedings of the National Academy of
Sciences, 113(27):7345–7352, 2016.

Heskes, T. and Claassen, T. Causal Shapley values. Advances in Neural Information Processing Systems (NeurIPS), 33:
4778–4789, 2020. Castro, J., Go\u0301mez, D., and Tejada, J. Polynomial calculation of the Shapley value based on
sampling. Computers & Operations Research, 36(5):1726–1730, 2009.

Chen, H. and Lee, S.-I. Algorithms to estimate Shapley value feature attributions. Nature Machine Intelligence, pp.
1–12, 2023. Jia, R., Dao, D., Hubis, F. A., Gu\u0308rel, N. M., and Spanos, C. J. Towards efficient data valuation based on
the shapley value. In AIStats, pp. 1167–1176. PMLR, 2019.

Musco, C. and Witter, R. T. Provably Accurate Shapley Value Estimation. In ICLR, 2025. Parafita, Á. and Vitrià, J.
Estimand-agnostic causal query estimation with Deep Causal Graphs. IEEE Access, 10:71370–71386, 2022.

A. Delayed Proofs
Lemma 3.1 holds.
1. For all j in S, the set is closed.
2. If the set is not everything, there is a node to add.

B. Background on Structural Causal Models
A causal graph is a DAG.
""", "shapley.txt")
    assert [r.raw[:9] for r in survey.references] == [
        "Banzhaf I", "Bareinboi", "Heskes, T", "Castro, J", "Chen, H. ", "Jia, R., ", "Musco, C.", "Parafita,"]
    assert "Gómez" in survey.references[3].raw  # composed
    intro = next(s for s in survey.sections if s.title == "Introduction").paragraphs[0]
    assert intro.citations[0].unresolved == []
    assert [s.title for s in survey.sections if s.level == 1][-3:] == ["References", "A. Delayed Proofs", "B. Background on Structural Causal Models"]


def test_apa_list_of_a_text_extraction_group_authors_ligatures_footers_and_in_press(tmp_path: Path) -> None:
    # (Elsevier's PDF text: ligatures set apart, a page's footer and number glued to the next entry)
    entries = [
        "Bénabou, R., & Tirole, J. (2016). Mindful economics. The Journal of Economic Perspectives, 30 , 141 –164. "
        "Bilewicz, M., Imho ﬀ, R., & Drogosz, M. (2011). The humanity of what we eat. European Journal of Social Psychology, 41, 201–209.",
        "Eldridge, J., & Gluck, J. (1996). Gender di ﬀerences in attitudes toward animal research. Ethics & Behavior, 6 , "
        "239 –256. European Commission (2006). Special eurobarometer 270. Available online.",
        "Joy, M. (2011). Why we love dogs, eat pigs, and wear cows. San Francisco, CA: Conari Press .H. Rothgerber Appetite 146 "
        "(2020) 104511 14Kalof, L., Dietz, T., Stern, P. C., & Guagnano, G. A. (1999). Social psychological influences on "
        "vegetarian beliefs. Rural Sociology, 64, 500–511.",
        "Peden, R., & Turner, S. (2019). Belief in pigs' capacity to su ﬀer. Anthrozoös (in press) .Piazza, J. (2019). Why "
        "people love animals yet continue to eat them. Routledge.",
    ]
    survey = _read(tmp_path, _with_list("Meat-related cognitive dissonance", "Dissonance is reduced (Joy, 2011; Kalof et al., 1999).",
                                        entries), "mrcd.md")
    assert [r.raw[:8] for r in survey.references] == [
        "Bénabou,", "Bilewicz", "Eldridge", "European", "Joy, M. ", "Kalof, L", "Peden, R", "Piazza, "]


def test_narrative_commas_apa_names_without_commas_and_a_chicago_quoted_title(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Life events and quality of life

## Discussion

Stress follows appraisal, as Lazarus, and Folkman (1986) put it; resilience varies (Bonanno, et al. (2012) review it),
and stress is measured after Cohen et al. (1983).

## References

Bonanno, G., Westphal, M., & Mancini, A. (2012). Loss, trauma, and resilience in adulthood. Annual Review of Gerontology and
Geriatrics, 32(1), 189-210. Cohen J. (1992). A power primer. *Psychological Bulletin, 9*, 112-155. Cohen S., Kamarak T., &
Mermelstein R. (1983). A global measure of perceived stress. *Journal* of Health and Social Behavior, 24, 385-396.

Lazarus, R., & Folkman, S. (1986). *Estrés y procesos cognitivos*. Barcelona, Spain: Martínez Roca.
""", "apa.md")
    bonanno, cohen_j, cohen_s, lazarus = (r.id for r in survey.references)
    marks = [(c.marker, c.ref_ids) for c in survey.sections[0].paragraphs[0].citations]
    assert marks == [("Lazarus, and Folkman (1986)", [lazarus]), ("Bonanno, et al. (2012)", [bonanno]), ("Cohen et al. (1983)", [cohen_s])]
    from surveybench.readers.refstrings import parse_reference_string

    owen = parse_reference_string("Owen, A. B., and Perry, P. O. (2009), “Bi-Cross-Validation of the SVD and the Nonnegative Matrix "
                                  "Factorization,” The Annals of Applied Statistics, 3, 564–594. [1992]")
    assert (owen.year, owen.title) == (2009, "Bi-Cross-Validation of the SVD and the Nonnegative Matrix Factorization")


def test_a_plain_text_heading_wrapped_onto_the_next_line(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
BenchNavigator: navigating LLM benchmarks

1 Introduction
Benchmarks multiply and researchers struggle to choose among them (Sokol, 2024).

2 Implications for Design of
BenchNavigator
Our survey findings and metadata analysis reveal several needs for a navigation tool (Sokol, 2024).

3 Broader Implications for LLM
Evaluation
The fragmentation we document reflects deeper issues with how the field evaluates models today.

References
Sokol, K. (2024). BenchmarkCards: standardized documentation. arXiv preprint arXiv:2410.12974.
""", "bench.txt")
    assert [s.title for s in survey.top_level_sections()] == [
        "Introduction", "Implications for Design of BenchNavigator", "Broader Implications for LLM Evaluation"]


# ---- dev21 (stop 25): pymupdf4llm and marker conversions, Perplexity-style exports --------------------------

def test_iclr_small_capitals_in_plain_lines(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# EEG Mamba: bidirectional state space model

A BSTRACT

We introduce a model.

1 I NTRODUCTION

EEG matters (Shoeibi et al., 2021).

2 M ETHOD

We use Mamba (Gu & Dao, 2023).

R EFERENCES

Albert Gu and Tri Dao. Mamba: Linear-time sequence modeling with selective state spaces. arXiv preprint
arXiv:2312.00752, 2023.

Afshin Shoeibi, Marjane Khodatars, and Navid Ghassemi. Epileptic seizures detection using deep learning techniques:
A review. International Journal of Environmental Research and Public Health, 18(11):5780, 2021.

A R ELATED W ORKS

Many models exist.
""", "eegmamba.md")
    assert [s.title for s in survey.top_level_sections()] == ["INTRODUCTION", "METHOD"]
    assert [r.raw[:10] for r in survey.references] == ["Albert Gu ", "Afshin Sho"]


def test_icml_2018_inverted_names_and_markdown_footnote_sources(tmp_path: Path) -> None:
    entries = [
        "Bradbury, James, Merity, Stephen, Xiong, Caiming, and Socher, Richard. Quasi-recurrent neural networks. In _ICLR_, "
        "2017. Campos, Victor, Jou, Brendan, Giro i Nieto, Xavier, Torres, Jordi, ´ and Chang, Shih-Fu. Skip RNN: Learning to "
        "skip state updates in recurrent neural networks. In _ICLR_, 2018.",
        "Gehring, Jonas, Auli, Michael, Grangier, David, and Dauphin, Yann. A convolutional encoder model for neural machine "
        "translation. In _ACL_, 2017a. Gehring, Jonas, Auli, Michael, Grangier, David, Yarats, Denis, and Dauphin, Yann N. "
        "Convolutional sequence to sequence learning. In _ICML_, 2017b.",
    ]
    survey = _read(tmp_path, _with_list("An empirical evaluation of convolutional and recurrent networks",
                                        "RNNs skip (Campos et al., 2018) and convolutions translate (Gehring et al., 2017a;b).", entries),
                   "tcn.md")
    assert [r.raw[:12] for r in survey.references] == ["Bradbury, Ja", "Campos, Vict", "Gehring, Jon", "Gehring, Jon"]
    report = _read(tmp_path, """\
# Quadray coordinates

## Overview

Quadrays use four basis vectors[^1] and relate to synergetics[^2][^3].

[^1]: https://www.grunch.net/synergetics/quadintro.html

[^2]: https://www.minortriad.com/quadray.html

[^3]: https://en.wikipedia.org/wiki/Synergetics_(Fuller)
""", "quadray.md")
    assert len(report.references) == 3
    assert [c.ref_ids for c in report.sections[0].paragraphs[0].citations] == [["1"], ["2"], ["3"]]


def test_an_elife_page_banner_printed_as_a_heading_is_no_section(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# An open-source tool for automated sleep staging

# Introduction

Sleep staging is slow (Rosenberg & Van Hout, 2013).

# Results

It works.

# Tools and resources Neuroscience

More results.

# Discussion

Done.

# References

Rosenberg, R. S., & Van Hout, S. (2013). The American Academy of Sleep Medicine inter-scorer reliability program. Journal
of Clinical Sleep Medicine, 9, 81–87.
""", "yasa.md")
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Results", "Discussion"]
