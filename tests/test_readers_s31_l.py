"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 31, area L).

Page furniture inside the reference list: an Elsevier or Wiley running head printing the first author's initials before
"et al." ("M.M. Lorah et al."); a publisher's download banner printed at every page's margin (Wiley's "Downloaded from
https://...wiley.com/doi/..., Wiley Online Library on [date]. See the Terms and Conditions ..."); PMC's manuscript stamps
at a page break ("Neuroimage. Author manuscript; available in PMC 2020 May 22.", "Jas et al. Page 16"). A Wiley PDF's
accent kept as a control character, a euro sign or a tilde inside a name ("D\x01ıaz, S.", "B€onisch, G.", "Ordo~nez"). A PMC
author manuscript's NLM list ("Health Psychol. 2009; 28:83–90. [PubMed: 19210021]") with a few quoted words in its titles.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text as _read

_BANNER = ("13652435, 2017, 2, Downloaded from https://besjournals.onlinelibrary.wiley.com/doi/10.1111/1365-2435.12722, "
           "Wiley Online Library on [07/08/2025]. See the Terms and Conditions (https://onlinelibrary.wiley.com/terms-and-conditions) "
           "on Wiley Online Library for rules of use; OA articles are governed by the applicable Creative Commons License")


def test_a_running_head_with_the_first_authors_initials_inside_the_list(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Anaerobic degradation of PFOS

## Introduction

Microcosms degraded the precursors (Key et al., 2017) within weeks (Jones et al., 2006).

M.M. Lorah et al.

## Methods

Bottles were kept dark (Tang et al., 2022).

M.M. Lorah et al.

## References

Jones, E.J.P., Voytek, M.A., Lorah, M.M., Kirshtein, J.D., 2006. Characterization of a microbial consortium.
Biorem. J. 10, 153–168. https://doi.org/10.1080/10889860601021399.
M.M. Lorah et al.
Key, T.A., Bowman, K.S., Lee, I., Chun, J., 2017. Dehalogenimonas formicexedens sp. nov., a chlorinated alkane-respiring
bacterium. Int. J. Syst. Evol. Microbiol. 67 (5), 1366–1373.
Tang, Z., Song, X., Xu, M., 2022. Effects of co-occurrence of PFASs on microbial communities. J. Hazard. Mater. 435, 128969.
""")
    raws = [r.raw for r in survey.references]
    assert [r[:10] for r in raws] == ["Jones, E.J", "Key, T.A.,", "Tang, Z., "]
    assert not any("Lorah et al." in r for r in raws)


def test_a_download_banner_at_every_pages_margin_inside_the_list(tmp_path: Path) -> None:
    survey = _read(tmp_path, f"""\
# Global plant CSR analysis

## Introduction

Strategies vary widely (Hunt et al., 2004).

{_BANNER}

## Methods

Traits came from a global database (Kattge et al., 2011).

{_BANNER}

## Results

Most species are generalists.

{_BANNER}

## References

Hunt, R., Hodgson, J.G. & Askew, A.P. (2004) A new practical tool for deriving a functional signature for herbaceous
vegetation. Applied Vegetation Science, 7, 163–170.
{_BANNER}
Kattge, J., Lavorel, S. & Prentice, I.C. (2011) TRY – a global database of plant traits. Global Change Biology, 17,
2905–2935.
""")
    raws = [r.raw for r in survey.references]
    assert [r[:10] for r in raws] == ["Hunt, R., ", "Kattge, J."]
    assert not any("Downloaded from" in r for r in raws)


def test_pmc_manuscript_stamps_inside_the_list(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Autoreject: automated artifact rejection

## Introduction

Bad sensors are interpolated (Perrin et al., 1989; Nolan et al., 2010).

## References

Nolan, H., Whelan, R., Reilly, R.B., 2010. FASTER: fully automated statistical thresholding for EEG artifact
rejection. J. Neurosci. Methods 192, 152–162.

Neuroimage. Author manuscript; available in PMC 2020 May 22.

Jas et al. Page 16

Perrin, F., Pernier, J., Bertrand, O., Echallier, J.F., 1989. Spherical splines for scalp potential and current
density mapping. Electroencephalogr. Clin. Neurophysiol. 72, 184–187.
""")
    raws = [r.raw for r in survey.references]
    assert [r[:10] for r in raws] == ["Nolan, H.,", "Perrin, F."]
    assert not any("Author manuscript" in r or "Page 16" in r for r in raws)



def test_accents_kept_as_control_characters_or_euro_signs_inside_names(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Global plant CSR analysis

## Introduction

Leaf economics vary (Engelbrecht et al., 2007; Flores et al., 2014; Kattge et al., 2011).

## References

Engelbrecht, B.M.J., Comita, L.S., Condit, R., Kursar, T.A., Tyree, M.T.,
Turner, B.L. et al. (2007) Drought sensitivity shapes species distribution
patterns in tropical forests. Nature, 447, 80–82.
Flores, O., Garnier, E., Wright, I.J., Reich, P.B., Pierce, S., D\x01ıaz, S. et al.
(2014) An evolutionary perspective on leaf economics in vascular plants.
Ecology and Evolution, 4, 2799–2811.
Kattge, J., D\x01ıaz, S., Lavorel, S., Prentice, I.C., Leadley, P., B€onisch, G.
et al. (2011) TRY – a global database of plant traits. Global Change
Biology, 17, 2905–2935.
Lep\x03s, J., Osbornov\x01a-Kosinov\x01a, J. & Rejm\x01anek, M. (1982) Community sta-
bility, complexity and species life history strategies. Vegetation, 50, 53–
63.
van Bodegom, P.M., Douma, J.C., Witte, J.P.M., Ordo~nez, J.C., Bartholo-
meus, R.P. & Aerts, R. (2012) Going beyond the limitations of plant
functional types. Global Ecology and Biogeography, 21, 625–636.
""")
    assert [r.raw[:10] for r in survey.references] == ["Engelbrech", "Flores, O.", "Kattge, J.", "Lep\x03s, J.,", "van Bodego"]


def test_a_pmc_author_manuscripts_nlm_list_with_pubmed_ids(tmp_path: Path) -> None:
    survey = _read(tmp_path, """\
# Socioeconomic disparities in health behaviors

## Introduction

Smoking follows the gradient (Adams & White 2009, Adler et al. 1994, Link & Phelan 1995).

## Literature cited

Adams J, White M. Time perspective in socioeconomic inequalities in smoking and body mass index.
Health Psychol. 2009; 28:83–90. [PubMed: 19210021]
Adler NE, Boyce T, Chesney MA, Cohen S, Folkman S, et al. Socioeconomic status and health: the
challenge of the gradient. Am. Psychol. 1994; 49:15–24. [PubMed: 8122813]
Becker GS, Murphy KM. A theory of rational addiction. J. Polit. Econ. 1988; 96:675–700.
Link BG, Phelan J. Social conditions as fundamental causes of disease. J. Health Soc. Behav. 1995; 35:80–94.
Pearson T, Russell J, Campbell M, Barker M. Do “food-deserts” influence fruit and vegetable consumption—a
cross-sectional study. Appetite. 2005; 45:195–197. [PubMed: 15927303]
Phelan JC, Link BG, Diez-Roux A, Kawachi I, Levin B. “Fundamental causes” of social inequalities in mortality:
a test of the theory. J. Health Soc. Behav. 2004; 45:265–285. [PubMed: 15595507]
""")
    assert [r.raw[:10] for r in survey.references] == ["Adams J, W", "Adler NE, ", "Becker GS,", "Link BG, P", "Pearson T,", "Phelan JC,"]
