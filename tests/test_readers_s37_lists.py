"""Reference-list failure classes of the tuning splits, fixed by the files' own evidence (issue 9, stop 37, area L).

Lists split: ICML/ICLR natbib lists converted from PDF ("Surname, I., Other, J., and Last, K. Title. Venue, 2023."),
several entries glued on one line, where
the entry before closing with a URL a line break tore after its scheme ("URL https: //openreview.net/forum?id=x." or
"URL https:// openreview.net/forum?id=x."): the torn address is the entry's end, not words of a title.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text as _read
from tests.reader_helpers import with_list


def _firsts(survey) -> list[str]:
    return [(r.raw or "").split(",")[0] for r in survey.references]


def test_natbib_entry_after_url_torn_after_scheme(tmp_path: Path) -> None:
    survey = _read(tmp_path, with_list("Robust models", "Attacks (Madry et al., 2018) and retrieval (Mallon et al., 2023).", [
        "Abel, R., Brook, S., and Crane, T. Certified defences for small networks. In International Conference on "
        "Machine Learning, 2019.",
        "Madry, A., Makel, A., and Vlad, A. Towards models resistant to crafted inputs. In International Conference on "
        "Learning Representations, 2018. URL https:// openreview.net/forum?id=abcDEFgh. Mallon, A., Asar, A., Zhong, V., "
        "and Hajis, H. When not to trust language models: parametric and non-parametric memories. In ACL, 2023.",
        "Nolan, P. and Orr, Q. Sparse probes of hidden states. In Advances in Neural Information Processing Systems, 2021. "
        "URL https: //openreview.net/forum?id=qrsTUVwx. Perry, D., Quinn, E., and Rowe, F. Calibrated abstention for "
        "question answering. Transactions of the ACL, 10:1-20, 2022.",
        "Smith, J. and Todd, K. Probing what models know. In EMNLP, 2020.",
    ]))
    assert _firsts(survey) == ["Abel", "Madry", "Mallon", "Nolan", "Perry", "Smith"]
    assert survey.references[1].raw.endswith("forum?id=abcDEFgh.")



def test_page_number_between_author_year_entries(tmp_path: Path) -> None:
    # an ICLR-style list (full names, year last) converted from PDF, entries wrapped over lines: a page's number alone on
    # its line after an entry's year, the page's running head dropped, then the next page's first entry; an appendix
    # with bullets follows the list
    survey = _read(tmp_path, with_list("Detecting hallucination", "Probes (Dunn et al., 2024) and filters (Tamm et al., 2018).", [
        "Carla Chen, Kevin Liu, and Zoe Wu. Inside the states of language models. arXiv preprint\n"
        "arXiv:2402.03744, 2024.\n"
        "Irene Chern, Steffi Cole, and Paul Liu. Factool: Factuality detection in generative models. arXiv preprint\n"
        "arXiv:2307.13528, 2023.\n"
        "11",
        "Xavier Dunn, Chao Xiao, and Sharon Lee. Haloscope: Harnessing unlabeled generations for\n"
        "hallucination detection. Advances in Neural Information Processing Systems, 37:1-20,\n"
        "2024.\n"
        "Eric Jang, Shane Gu, and Ben Poole. Categorical reparameterization with gumbel-softmax. arXiv\n"
        "preprint arXiv:1611.01144, 2016.\n"
        "12",
        "Alon Tamm, Jonas Herz, and Jon Berant. Commonsense questions: A question answering challenge. arXiv\n"
        "preprint arXiv:1811.00937, 2018.",
        # (the appendix the converter left under the list, its bullets keep the list-wide page-number rule off)
        "A PROMPT TEMPLATE\nEach sample is shown to the model as:\n- Question: the question asked.\n"
        "- Answer: the answer the model gave.\n- Verdict: true or false.",
    ]))
    assert _firsts(survey)[:5] == ["Carla Chen", "Irene Chern", "Xavier Dunn", "Eric Jang", "Alon Tamm"]
    assert survey.references[1].raw.endswith("arXiv:2307.13528, 2023.")


def test_natbib_list_with_a_few_bulleted_entries(tmp_path: Path) -> None:
    # an ICML natbib list (surnames with initials, the year last), one entry a paragraph; the converter made a few
    # entries bullets, each right after an unbulleted one
    survey = _read(tmp_path, with_list("Truthful models", "Tuned (Lane et al., 2023) and judged (Sing et al., 2023).", [
        "Abbot, M. G., Rowe, M., and Munk, R. A general paradigm to learn from human preferences. arXiv preprint "
        "arXiv:2310.12036, 2023.",
        "Burns, C., Yee, H., and Stein, J. Discovering latent knowledge in language models. In ICLR, 2023.",
        "Kent, H., Pratt, S., and Ross, A. Scaling feedback from models. arXiv preprint arXiv:2309.00267, 2023b.",
        "- Lane, J., Chen, X., and Wen, J. Halubench: A hallucination benchmark for language models. In EMNLP, 2023a.",
        "Lin, S., Hill, J., and Evans, O. Measuring how models mimic human falsehoods. In ACL, 2022.",
        "Quinn, J., Wolf, F., and Klim, O. Proximal optimization algorithms. arXiv preprint arXiv:1707.06347, 2017.",
        "- Sing, A., Reyes, J. D., and Parisi, A. Beyond human data: Scaling self-training. arXiv preprint "
        "arXiv:2312.06585, 2023.",
        "Song, F., Yu, B., and Wang, H. Preference ranking optimization for alignment. arXiv preprint "
        "arXiv:2306.17492, 2023.",
    ]))
    assert _firsts(survey) == ["Abbot", "Burns", "Kent", "Lane", "Lin", "Quinn", "Sing", "Song"]
