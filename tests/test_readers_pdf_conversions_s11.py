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

from surveybench.model import Survey
from surveybench.readers import read_survey_report


def _read(tmp_path: Path, text: str, name: str = "article.md") -> Survey:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    survey, _ = read_survey_report(path)
    return survey


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
