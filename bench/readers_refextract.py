"""Our reference-list splitter and parser against refextract (INSPIRE-HEP's reference-string
parser, PyPI ``refextract``) on the failure classes of issue 9: same input, entries found and
titles extracted, side by side, with the time each took.

refextract is not a project dependency (it pulls pypdf, python-magic, lxml, inspire-utils,
isbnlib, requests, and is built for physics references: report numbers, journal abbreviations);
install it to run this comparison, e.g. in a separate environment:

    python3 -m venv /tmp/rx && /tmp/rx/bin/pip install refextract
    PYTHONPATH=/tmp/rx/lib/python3.11/site-packages python3 bench/readers_refextract.py
"""

from __future__ import annotations

import sys
import time

from surveybench.readers.reflist import split_reference_lines
from surveybench.readers.refstrings import parse_reference_string

CASES: dict[str, tuple[str, list[str]]] = {
    # (reference section text, the titles a reader should find, by hand)
    "1 glued next numbers (Springer PDF)": (
        "1. Abu Alhaija H., Geiger A. (2018) Augmented reality meets computer vision. IJCV 2. Aghdam H. H., "
        "Laganiere R. (2021) Rad: Realtime and accurate 3d object detection. In: CVPR3. Ali W., Zidan M. (2018) "
        "Yolo3d: End-to-end real-time 3d oriented object detection. In: ECCVW4. Hong S. (2023) Fast models. Journal",
        [
            "Augmented reality meets computer vision", "Rad: Realtime and accurate 3d object detection",
            "Yolo3d: End-to-end real-time 3d oriented object detection", "Fast models",
        ],
    ),
    "2 Elsevier author-year": (
        "Huang, H., Liu, F., Abbeel, P., 2025a. Otter: A vision-language-action model. arXiv preprint arXiv:2503.03734\n"
        "Zitkovich, B., Yu, T., et al., 2023. Rt-2: Vision-language-action models, in: Conference on Robot Learning, PMLR.",
        ["Otter: A vision-language-action model", "Rt-2: Vision-language-action models"],
    ),
    "5 glued author runs": (
        "AchiamJ.AdlerS.AgarwalS.AlemanF.L AlmeidaD.et al.2023. Gpt-4 technical report. arXiv preprint arXiv:2303.08774",
        ["Gpt-4 technical report"],
    ),
    "IEEE bracket list (control)": (
        '[1] A. Vaswani, N. Shazeer, "Attention is all you need," in NeurIPS, 2017.\n'
        '[2] K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learning for image recognition," in CVPR, 2016.',
        ["Attention is all you need", "Deep residual learning for image recognition"],
    ),
}


def ours(text: str) -> list[str | None]:
    split = split_reference_lines(text.split("\n"))
    return [parse_reference_string(e.raw).title for e in split.entries]


def theirs(text: str) -> list[str | None]:
    from refextract import extract_references_from_string

    refs = extract_references_from_string("References\n" + text)
    return [(r.get("title") or [None])[0] for r in refs if r.get("raw_ref") != ["References"]]


def _score(found: list[str | None], want: list[str]) -> str:
    hits = sum(1 for w in want if any(f and f.strip(" .,").lower() == w.lower() for f in found))
    return f"{len(found):2d} entries, {hits}/{len(want)} titles"


def main() -> int:
    try:
        import refextract  # noqa: F401

        have = True
    except ImportError:
        have = False
        print("refextract not installed: printing ours only (see the docstring)")
    for name, (text, want) in CASES.items():
        t0 = time.perf_counter()
        a = ours(text)
        ta = time.perf_counter() - t0
        line = f"{name:38s} ours: {_score(a, want)} ({ta * 1000:.1f} ms)"
        if have:
            t0 = time.perf_counter()
            b = theirs(text)
            tb = time.perf_counter() - t0
            line += f" | refextract: {_score(b, want)} ({tb * 1000:.1f} ms)"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
