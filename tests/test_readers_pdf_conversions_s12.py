"""Failure classes of PDF conversions, fixed by the files' own evidence (issue 9, stop 26).

From the tuning split dev21: a pymupdf4llm article whose sections are plain lines in small capitals
("I. I NTRODUCTION") and whose bold lines number no sections ("**30 Seconds:**", a table's row labels);
ICML 2017's natbib list, every name inverted with given names in full ("Ba, Lei Jimmy, Kiros, Ryan, and
Hinton, Geoffrey E. Layer normalization."), with stray blank lines inside entries, accents torn apart
with spaces around them ("Barrault, Lo ¨ ıc", "and ´ Hager"), one author alone with a middle initial
("Elman, Jeffrey L.") and a name opened by two particles ("van den Oord, Aaron"); a NeurIPS entry
ending in a Markdown link right before the next entry's names; eLife's narrative citations printed as
in-page links without parentheses ("*[Sun et al., 2017](#page-22-3)* reported ...").

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import read_text, with_list


def test_bold_lines_numbering_no_sections_beside_plain_roman_headings(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# An Efficient Self-Supervised Framework for Long-Sequence EEG Modeling

Xiaobin Hong, Tarmizi Adam

I. I NTRODUCTION

Electroencephalography (EEG)-based brain-computer interfaces decode signals [1], [2].

II. M ETHODOLOGY

Each block is equipped with a skip connection [3].

III. R ESULTS

**30 Seconds:**

EEGM2 (Light) 78.97 _±_ 0.25 0.8575 _±_ 0.00
**60 Seconds:**

EEGM2 (Light) 76.94 _±_ 0.33 0.8257 _±_ 0.00
**100 Seconds:**

**2 to achieve linear computational complexity, thereby reducing**

EEGM2 (Light) 74.57 _±_ 0.27 0.7986 _±_ 0.00

R EFERENCES

[1] J. Hong, W. Wang, and L. Najafizadeh, “ChatBCI: A P300 speller BCI leveraging large language models,” in _Proc. EMBC_, 2024.

[2] U. R. Acharya, S. V. Sree, and J. S. Suri, “Automated EEG analysis of epilepsy: A review,” _Knowledge-Based Systems_, vol. 45, pp. 147–165, 2013.

[3] K. He, X. Zhang, S. Ren, and J. Sun, “Deep residual learning for image recognition,” in _Proc. CVPR_, 2016.
""")
    assert [s.title for s in survey.sections if s.level == 1 and s.is_content] == ["INTRODUCTION", "METHODOLOGY", "RESULTS"]
    assert [r.year for r in survey.references] == [2024, 2013, 2016]


ICML_ENTRIES = [
    "Ba, Lei Jimmy, Kiros, Ryan, and Hinton, Geoffrey E. Layer normalization. _arXiv:1607.06450_, 2016.",
    "Conneau, Alexis, Schwenk, Holger, LeCun, Yann, and Barrault,\nLo ¨ ıc. Very deep convolutional networks for text classification.\nIn _EACL_, 2017.",
    "Cooijmans, Tim, Ballas, Nicolas, Laurent, Cesar, G ´ ul ¨ c¸ ehre, C¸ aglar, ˘\nand Courville, Aaron. Recurrent batch normalization. In _ICLR_,\n2016.",
    "El Hihi, Salah and Bengio, Yoshua. Hierarchical recurrent neural",  # a stray blank line inside the entry
    "networks for long-term dependencies. In _NIPS_, 1995.\n\nElman, Jeffrey L. Finding structure in time. _Cognitive Science_, 14\n(2), 1990.",
    "Lea, Colin, Flynn, Michael D., Vidal, Rene, Reiter, Austin, and ´\nHager, Gregory D. Temporal convolutional networks for action\nsegmentation and detection. In _CVPR_, 2017.",
    "Sutskever, Ilya, Vinyals, Oriol, and Le, Quoc V. Sequence to sequence learning with neural networks. In _NIPS_, 2014.\n"
    "van den Oord, Aaron, Dieleman, Sander, Zen, Heiga, Simonyan, ¨\nKaren, Vinyals, Oriol, Graves, Alex, Kalchbrenner, Nal, Senior,\n"
    "Andrew W., and Kavukcuoglu, Koray. WaveNet: A generative model for raw audio. _arXiv:1609.03499_, 2016.",
]


def test_icml_all_inverted_names_with_torn_accents_and_stray_blank_lines(tmp_path: Path) -> None:
    section = ("Recurrent networks propagate activations through time (Elman, 1990). Normalization helps (Ba et al., 2016; "
               "Cooijmans et al., 2016), as does depth (El Hihi & Bengio, 1995; Conneau et al., 2017). Convolutions model audio "
               "(van den Oord et al., 2016), actions (Lea et al., 2017) and translation (Sutskever et al., 2014).")
    survey = read_text(tmp_path, with_list("An Empirical Evaluation of Generic Convolutional and Recurrent Networks", section,
                                           ICML_ENTRIES))
    refs = survey.references
    assert [(r.authors[0].name, r.year) for r in refs] == [
        ("Ba, Lei Jimmy", 2016), ("Conneau, Alexis", 2017), ("Cooijmans, Tim", 2016), ("El Hihi, Salah", 1995),
        ("Elman, Jeffrey L.", 1990), ("Lea, Colin", 2017), ("Sutskever, Ilya", 2014), ("van den Oord, Aaron", 2016)]
    assert [r.title for r in refs][:2] == ["Layer normalization", "Very deep convolutional networks for text classification"]
    assert [a.name for a in refs[0].authors] == ["Ba, Lei Jimmy", "Kiros, Ryan", "Hinton, Geoffrey E."]
    marks = [m for _s, p in survey.paragraphs() for m in p.citations]
    assert {i for m in marks for i in m.ref_ids} == {r.id for r in refs}
    assert not [u for m in marks for u in m.unresolved]


def test_an_entry_ending_in_a_markdown_link_before_the_next_names(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# EEG MAMBA: BIDIRECTIONAL STATE SPACE MODEL

1 I NTRODUCTION

Transformers read biosignals (Yang et al., 2023), geometry-aware models too (Yi et al., 2023; Zhu et al., 2023).

2 M ETHOD

A mixture of experts.

R EFERENCES

Chaoqi Yang, M Westover, and Jimeng Sun. Biot: Biosignal transformer for cross-data learning
in the wild. In A. Oh, T. Naumann, A. Globerson, K. Saenko, M. Hardt, and S. Levine (eds.),
_Advances in Neural Information Processing Systems_, volume 36, pp. 78240–78260. Curran Associates, Inc., 2023. URL [https://proceedings.neurips.cc/paper_files/paper/](https://proceedings.neurips.cc/paper_files/paper/2023/file/f6b30f3e2dd9cb53bbf2024402d02295-Paper-Conference.pdf)
[2023/file/f6b30f3e2dd9cb53bbf2024402d02295-Paper-Conference.pdf.](https://proceedings.neurips.cc/paper_files/paper/2023/file/f6b30f3e2dd9cb53bbf2024402d02295-Paper-Conference.pdf)

Ke Yi, Yansen Wang, Kan Ren, and Dongsheng Li. Learning topology-agnostic eeg
representations with geometry-aware modeling. In A. Oh, T. Naumann, A. Globerson, K. Saenko, M. Hardt, and S. Levine (eds.), _Advances_ _in_ _Neural_ _Informa-_
_tion_ _Processing_ _Systems_, volume 36, pp. 53875–53891. Curran Associates, Inc.,
2023. URL [https://proceedings.neurips.cc/paper_files/paper/2023/](https://proceedings.neurips.cc/paper_files/paper/2023/file/a8c893712cb7858e49631fb03c941f8d-Paper-Conference.pdf)
[file/a8c893712cb7858e49631fb03c941f8d-Paper-Conference.pdf.](https://proceedings.neurips.cc/paper_files/paper/2023/file/a8c893712cb7858e49631fb03c941f8d-Paper-Conference.pdf)

Hangyu Zhu, Wei Zhou, Cong Fu, Yonglin Wu, Ning Shen, Feng Shu, Huan Yu, Wei Chen, and
Chen Chen. Masksleepnet: A cross-modality adaptation neural network for heterogeneous signals
processing in sleep staging. _IEEE Journal of Biomedical and Health Informatics_, 27(5):2353–2364,
2023.
""")
    assert [r.authors[0].name for r in survey.references] == ["Chaoqi Yang", "Ke Yi", "Hangyu Zhu"]
    marks = [m for _s, p in survey.paragraphs() for m in p.citations]
    assert {i for m in marks for i in m.ref_ids} == {r.id for r in survey.references}
    assert not [u for m in marks for u in m.unresolved]


def test_an_in_page_link_as_a_narrative_citation(tmp_path: Path) -> None:
    survey = read_text(tmp_path, """\
# An open-source, high-performance tool for automated sleep staging

# Introduction

*[Sun et al., 2017](#page-22-3)* reported an algorithm trained on 2000 recordings. The 'Z3Score' algorithm
(*[Patanaik et al., 2018](#page-22-4)*) was trained on 1700 recordings.

# References

- <span id="page-22-3"></span>Sun H, Jia J, Goparaju B, Westover MB. 2017. Large-scale automated sleep staging. *Sleep* 40: 139.
- <span id="page-22-4"></span>Patanaik A, Ong JL, Gooley JJ, Chee MWL. 2018. An end-to-end framework for real-time automatic sleep stage classification. *Sleep* 41: zsy041.
""")
    refs = survey.references
    assert [r.year for r in refs] == [2017, 2018]
    (paragraph,) = [p for _s, p in survey.paragraphs() if "reported an algorithm" in p.text]
    assert [m.ref_ids for m in paragraph.citations] == [[refs[0].id], [refs[1].id]]
