"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 36, area L, second round).

Entries lost in lists printing one entry a paragraph: a first entry whose author reads as no name list ("Anonymous
authors.", a BAIR post), a first entry after an editor's note in brackets (an agent's review), an entry in the middle
whose author is a phrase ("Lumley based on Fortran code by Alan Miller, T., 2020.", an R package cited on a pandoc page).

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text as _read
from tests.reader_helpers import with_list


def test_first_entry_by_anonymous_authors(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("Jailbreaks", "Jailbreaks are evaluated poorly.", [
        "Anonymous authors. Shield and spear: Jailbreaking aligned models. ACL ARR, 2023. URL https://openreview.net/forum?id=x1.",
        "P. Chao, A. Robey, and E. Wong. Jailbreaking black box models in twenty queries. arXiv preprint arXiv:2310.08419, 2023.",
        "G. Deng, Y. Liu, and Y. Li. MASTERKEY: Automated jailbreaking of chatbots, 2023.",
        "A. Zou, Z. Wang, and M. Fredrikson. Universal and transferable adversarial attacks. arXiv preprint arXiv:2307.15043, 2023."]))
    assert [r.raw[:9] for r in survey.references] == ["Anonymous", "P. Chao, ", "G. Deng, ", "A. Zou, Z"]


def test_first_entry_after_a_bracketed_note(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("Interpretability", "Circuits are found automatically (Conmy et al., 2023).", [
        "[NOTE: This is a simplified reference list. Full details are in the BibTeX files domain-1.bib through domain-5.bib]",
        "Bereska, L. & Gavves, E. (2024). Mechanistic Interpretability for AI Safety - A Review.",
        "Conmy, A. et al. (2023). Towards Automated Circuit Discovery for Mechanistic Interpretability.",
        "Geiger, A. et al. (2023). Causal Abstraction: A Theoretical Foundation.",
        "Nanda, N. et al. (2023). Progress measures for grokking via mechanistic interpretability."]))
    assert [r.raw[:8] for r in survey.references] == ["Bereska,", "Conmy, A", "Geiger, ", "Nanda, N"]


def test_entry_whose_author_is_a_phrase(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("Flake mass", "Subsets were selected (Lumley based on Fortran code by Alan Miller, 2020).", [
        "Hocking, R.R., Leslie, R.N., 1967. Selection of the Best Subset in\nRegression Analysis. Technometrics 9, 531–540.",
        "Kuhn, M., 2008. Building Predictive Models in R using the caret Package.\nJournal of Statistical Software 28.\n"
        "<https://doi.org/10.18637/jss.v028.i05>",
        "Lumley based on Fortran code by Alan Miller, T., 2020. leaps: Regression\nSubset Selection.",
        "Mallows, C.L., 1973. Some Comments on Cp. Technometrics 15, 661–675."]))
    assert [r.raw[:8] for r in survey.references] == ["Hocking,", "Kuhn, M.", "Lumley b", "Mallows,"]
    assert survey.references[1].raw.endswith("jss.v028.i05>")


def test_numbered_list_opening_with_a_lower_case_particle(tmp_path: Path) -> None:
    entries = ["den Houting J. Neurodiversity: An insider's perspective. Autism. 2019;23:271–273. [DOI] [PubMed] [Google Scholar]",
               "Baron-Cohen S. Editorial perspective: Neurodiversity. J Child Psychol Psychiatry. 2017;58:744–747. [Google Scholar]",
               "Filippi R, Karmiloff-Smith A. What can neurodevelopmental disorders teach us? Dev Sci. 2013;16:1–3. [Google Scholar]",
               "Hull L, Petrides KV, Mandy W. The female autism phenotype and camouflaging. Rev J Autism. 2020;7:306–317. [Google Scholar]",
               "Milton D, Sims T. How is a sense of well-being constructed? Disabil Soc. 2016;31:520–534. [Google Scholar]",
               "Willey LH. Pretending to Be Normal: Living with Asperger's Syndrome. Jessica Kingsley; 1999. [Google Scholar]"]
    survey = _read(tmp_path, "# Masking\n\n## Introduction\n\nNeurodiversity [1,2] and camouflaging [4].\n\n## References\n\n"
                   + "\n".join(f"- {k}. {e}" for k, e in enumerate(entries, 1)) + "\n")
    assert [r.raw[:8] for r in survey.references] == ["den Hout", "Baron-Co", "Filippi ", "Hull L, ", "Milton D", "Willey L"]
