"""Citation accuracy and the title index: exact/fuzzy lookups, equality with a brute-force
difflib loop, persistence, input files, and a synthetic one-million-title index."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from surveybench.metrics._titles import difflib_ratio, normalise_title
from surveybench.metrics.base import MetricContext, MissingResource, get_metric
from surveybench.metrics.title_index import TitleIndex, TitleIndexError, read_titles
from surveybench.model import Reference, Survey

REAL = [
    "Attention Is All You Need",
    "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
    "Deep Residual Learning for Image Recognition",
    "An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale",
    "Denoising Diffusion Probabilistic Models",
    "Schrödinger Bridges for α-Divergence Generative Models",
    "Semi-Supervised Classification with Graph Convolutional Networks",
]


@pytest.fixture(scope="module")
def small_index() -> TitleIndex:
    return TitleIndex.build(REAL + ["", "attention is all you need"])  # empty and duplicate dropped


def test_exact_fuzzy_and_missing_lookups(small_index: TitleIndex) -> None:
    assert small_index.size == len(REAL)
    hit = small_index.lookup("attention is ALL you need.")
    assert (hit.found, hit.via, hit.similarity, hit.title) == (True, "exact", 1.0, "Attention Is All You Need")
    latex = small_index.lookup(r"Schr{\"o}dinger bridges for $\alpha$-divergence generative models")
    assert (latex.found, latex.via) == (True, "exact")
    typo = small_index.lookup("Denoising Diffusion Probabilistic Model")  # one letter short
    norm_q, norm_t = "denoising diffusion probabilistic model", "denoising diffusion probabilistic models"
    assert (typo.found, typo.via) == (True, "fuzzy")
    assert typo.similarity == difflib_ratio(norm_q, norm_t) == 2 * 39 / 79
    missing = small_index.lookup("Denoising Diffusion Implicit Models")
    assert (missing.found, missing.via, missing.title) == (False, None, None)
    assert small_index.lookup("").found is False and small_index.lookup(None).found is False


def brute_force(query: str, corpus_norm: list[str], threshold: float = 0.95) -> float | None:
    """What the SurveyGen script does: difflib against every title, keep the best.

    Titles whose rapidfuzz ratio (an upper bound of difflib's ratio, property-tested in
    test_metric_citation_set.py) is below the threshold are skipped to keep this affordable;
    no blocking is involved, so this checks the index's word blocking.
    """
    from rapidfuzz import fuzz, process

    q = normalise_title(query)
    if not q:
        return None
    best = 0.0
    for _, _, k in process.extract_iter(q, corpus_norm, scorer=fuzz.ratio, score_cutoff=threshold * 100 - 1e-6):
        best = max(best, difflib_ratio(q, corpus_norm[k]))
    return best if best >= threshold else None


def test_brute_force_helper_agrees_with_a_plain_difflib_loop() -> None:
    corpus = [normalise_title(t) for t in REAL + _synthetic_titles(300, seed=3)]
    rng = random.Random(8)
    for q in [_perturb(rng, rng.choice(REAL)) for _ in range(20)]:
        plain = max(difflib_ratio(normalise_title(q), t) for t in corpus)
        assert brute_force(q, corpus) == (plain if plain >= 0.95 else None)


def _perturb(rng: random.Random, title: str) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return title.upper() + "."
    if kind == 1:  # substitute one character
        p = rng.randrange(len(title))
        return title[:p] + rng.choice("xyz") + title[p + 1 :]
    if kind == 2:  # drop one character
        p = rng.randrange(len(title))
        return title[:p] + title[p + 1 :]
    if kind == 3:  # pluralise / singularise one word
        words = title.split()
        k = rng.randrange(len(words))
        words[k] = words[k][:-1] if words[k].endswith("s") else words[k] + "s"
        return " ".join(words)
    if kind == 4:  # two edits
        return _perturb(rng, _perturb(rng, title))
    return title.replace(" ", " - ", 1)


def _synthetic_titles(n: int, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    syll = np.array(["ka", "ri", "to", "ne", "sul", "mor", "tex", "vin", "pla", "dro", "quen", "lis", "bar", "zen", "fo", "gra"])
    vocab = ["".join(rng.choice(syll, size=rng.integers(2, 5))) for _ in range(40_000)]
    vocab += ["of", "for", "the", "learning", "deep", "networks", "a", "survey", "via", "neural"]
    words = np.array(vocab)
    lens = rng.integers(4, 13, size=n)
    picks = words[rng.zipf(1.3, size=int(lens.sum())) % len(words)]
    out, k = [], 0
    for ln in lens.tolist():
        out.append(" ".join(picks[k : k + ln].tolist()))
        k += ln
    return out


def test_fuzzy_lookup_equals_brute_force_difflib() -> None:
    corpus = _synthetic_titles(3000, seed=11) + REAL
    index = TitleIndex.build(corpus)
    corpus_norm = [index.normalised(i) for i in range(index.size)]
    rng = random.Random(5)
    queries = [_perturb(rng, rng.choice(corpus)) for _ in range(150)]
    queries += _synthetic_titles(50, seed=99)  # mostly absent
    found_fuzzy = 0
    for q in queries:
        expect = brute_force(q, corpus_norm)
        got = index.lookup(q)
        assert got.found == (expect is not None), q
        if expect is not None:
            assert got.similarity == pytest.approx(expect), q
            found_fuzzy += got.via == "fuzzy"
    assert found_fuzzy > 50  # the comparison exercised the fuzzy path, not only exact hits


def test_save_load_roundtrip_and_errors(tmp_path: Path, small_index: TitleIndex) -> None:
    d = small_index.save(tmp_path / "idx")
    loaded = TitleIndex.load(d)
    assert loaded.size == small_index.size
    assert loaded.lookup("Deep residual learning for image recognition!").via == "exact"
    assert TitleIndex.open(d).size == small_index.size
    with pytest.raises(TitleIndexError, match="not a title index"):
        TitleIndex.load(tmp_path)
    (d / "postings.npy").unlink()
    with pytest.raises(TitleIndexError, match="postings.npy is missing"):
        TitleIndex.load(d)
    with pytest.raises(TitleIndexError, match="no such title index"):
        TitleIndex.open(tmp_path / "nope.txt")


def test_read_titles_from_every_file_type(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    (tmp_path / "t.txt").write_text("A title\nAnother title\n", encoding="utf-8")
    (tmp_path / "t.csv").write_text('id,title\n1,"A title, with comma"\n2,Second\n', encoding="utf-8")
    (tmp_path / "t.tsv").write_text("title\tyear\nA title\t2020\n", encoding="utf-8")
    (tmp_path / "t.jsonl").write_text(json.dumps({"title": "J title"}) + "\n\n" + json.dumps({"x": 1}) + "\n", encoding="utf-8")
    pq.write_table(pa.table({"title": ["P title", None]}), tmp_path / "t.parquet")
    assert read_titles(tmp_path / "t.txt") == ["A title", "Another title"]
    assert read_titles(tmp_path / "t.csv") == ["A title, with comma", "Second"]
    assert read_titles(tmp_path / "t.tsv") == ["A title"]
    assert read_titles(tmp_path / "t.jsonl") == ["J title"]
    assert read_titles(tmp_path / "t.parquet") == ["P title"]
    with pytest.raises(TitleIndexError, match=r"t\.csv: no 'name' column"):
        read_titles(tmp_path / "t.csv", column="name")
    (tmp_path / "bad.jsonl").write_text('{"title": "ok"}\n{oops\n', encoding="utf-8")
    with pytest.raises(TitleIndexError, match=r"bad\.jsonl:2: not JSON"):
        read_titles(tmp_path / "bad.jsonl")
    with pytest.raises(TitleIndexError, match="unknown titles file type"):
        read_titles(tmp_path / "t.xlsx")


def test_citation_accuracy_by_hand(small_index: TitleIndex) -> None:
    refs = [
        Reference(id="1", title="Attention is all you need"),  # exact
        Reference(id="2", title="Denoising diffusion probabilistic model"),  # fuzzy
        Reference(id="3", title="A paper that was never written"),  # invented
        Reference(id="4", raw="Deep Residual Learning for Image Recognition. CVPR 2016"),  # raw only
        Reference(id="5"),  # nothing to check
    ]
    cand = Survey(id="g", title="G", system="X", references=refs)
    human = Survey(id="h", title="H")
    metric = get_metric("citation_accuracy")
    res = metric.compute(cand, human, MetricContext().provide("title_index", small_index))
    # checked: 1, 2, 3, 4 (4's raw string is too far from the title: 0.95 is strict) -> 2/4
    assert res.scores == {"accuracy": 2 / 4}
    assert (res.details["checked"], res.details["without_title"], res.details["found"]) == (4, 1, 2)
    assert [x["via"] for x in res.details["lookups"]] == ["exact", "fuzzy", None, None]
    with pytest.raises(MissingResource):
        metric.compute(cand, human, MetricContext())
    empty = metric.compute(Survey(id="e", title="E", system="X"), human, MetricContext().provide("title_index", small_index))
    assert empty.scores == {"accuracy": None}
    assert "no reference with a title" in empty.details["reason"]


@pytest.fixture(scope="module")
def million_titles() -> list[str]:
    return _synthetic_titles(1_000_000, seed=2024)


def test_one_million_title_index(million_titles: list[str], tmp_path_factory: pytest.TempPathFactory) -> None:
    # Timing is printed by bench/bench_title_match.py, never asserted; this checks that a
    # 1M-title index builds, saves, loads and answers correctly.
    index = TitleIndex.build(million_titles)
    assert index.size > 900_000  # zipf-sampled titles repeat now and then; duplicates merge
    loaded = TitleIndex.load(index.save(tmp_path_factory.mktemp("idx1m")))
    rng = random.Random(17)
    present = [rng.choice(million_titles) for _ in range(100)]
    hits = loaded.lookup_many([t.upper() for t in present])
    assert all(h.found and h.via == "exact" for h in hits)
    edited = []
    for t in present:
        if len(t) >= 40:  # one substitution in >= 40 characters keeps similarity >= 0.95
            p = len(t) // 2
            edited.append(t[:p] + ("q" if t[p] != "q" else "k") + t[p + 1 :])
    fuzzy = loaded.lookup_many(edited)
    assert edited and all(h.found and h.similarity >= 0.95 for h in fuzzy)
    absent = loaded.lookup_many(["zzzz unheard of title about nothing at all"] * 3)
    assert not any(h.found for h in absent)


def test_query_without_known_words_falls_back_to_length_window() -> None:
    cjk = "基于大型语言模型的时间序列预测方法综述与展望以及未来研究方向的系统性分析"
    index = TitleIndex.build([cjk, "BERT", "Transformers", "A much longer English title about graphs"])
    typo = cjk[:10] + "乙" + cjk[11:]  # one character changed: the only "word" is unknown
    hit = index.lookup(typo)
    assert hit.found and hit.via == "fuzzy" and hit.title == cjk
    assert hit.similarity == difflib_ratio(normalise_title(typo), normalise_title(cjk))
    assert index.lookup("Transformerz").found is False  # 2*11/24 = 0.917 < 0.95


def test_build_command_saves_a_loadable_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from surveybench.metrics.title_index import main

    src = tmp_path / "titles.txt"
    src.write_text("\n".join(REAL) + "\n", encoding="utf-8")
    main([str(src), str(tmp_path / "idx")])
    assert f"indexed {len(REAL)} distinct titles" in capsys.readouterr().out
    assert TitleIndex.open(tmp_path / "idx").lookup(REAL[2]).via == "exact"
    with pytest.raises(SystemExit, match="nope.txt"):
        main([str(tmp_path / "nope.txt"), str(tmp_path / "idx2")])
