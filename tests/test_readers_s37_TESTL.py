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

