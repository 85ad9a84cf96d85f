"""The hand labels of the unseen evaluation set (tests/data/unseen/labels.json, data card README.md).

Always: the labels' schema and internal consistency (counts, cited numbers within the list,
author-year keys well formed, tuning splits (dev, dev1b, dev2, ..., dev18) disjoint by topic from the
never-tuned ones (holdout2, holdout3, holdout4, holdout8, ..., holdout16), every split holding both citation styles
(but dev12, dev13, dev15: one converter's or a cut-short batch), each batch from
repositories the others do not use, the third batch made of PDF conversions of surveys; dev1b is batch
1's former holdout, promoted to tuning once its failure examples had been shown, dev5 batch 5's, dev7b and
dev8b batches 7 and 8's).

With the files (``SURVEYBENCH_UNSEEN_DIR`` pointing at the folder holding ``dev/``, ``dev1b/``, ``dev2/``,
..., ``dev18/``, ``holdout2/``, ``holdout3/``, ``holdout4/``, ``holdout8/``, ..., ``holdout16/``, re-created as the data card says): the files are the labelled versions
(sha256), and the readers meet issue 9's "Done when" on them -- reference count exact on >= 95%
of files, >= 98% of labelled markers resolved in numbered styles and >= 95% in author-year styles,
>= 98% clean titles, top-level sections right on >= 99% of files, and no cited number dropped
without being counted. The files are not in the project (they are not ours to redistribute), so
without that folder this part skips and says why.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
LABELS = ROOT / "tests" / "data" / "unseen" / "labels.json"
# pdf-survey: PDF conversions of surveys and reviews; pdf-article: of research articles (batches 2 and 4)
FAMILIES = {"pdf-survey", "pdf-article", "deep-research", "generator"}
SPLITS = ("dev", "dev1b", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev7b", "dev8", "dev8b", "dev9", "dev10", "dev11", "dev12",
          "dev13", "dev14", "dev15", "dev16", "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24", "dev25", "dev26", "dev27", "dev28", "dev29",
          "holdout2", "holdout3", "holdout4", "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13",
          "holdout14", "holdout15", "holdout16", "holdout17", "holdout18", "holdout19", "holdout20", "holdout21",
          "holdout22", "holdout23", "holdout24", "holdout25", "holdout26", "holdout27", "holdout28", "holdout29", "holdout30", "holdout31", "holdout32",
          "holdout33", "holdout34", "holdout35", "holdout36", "holdout37", "holdout38",
          "holdout39", "holdout40", "holdout41", "holdout42", "holdout43", "holdout44",
          "holdout45", "holdout46", "holdout47", "holdout48", "holdout49", "holdout50", "holdout51", "holdout52",
          "holdout53", "holdout54", "holdout55", "holdout56", "holdout57", "holdout58", "holdout60", "holdout61",
          "holdout62", "holdout63", "holdout64", "holdout65", "holdout67", "holdout68", "holdout70", "holdout71",
               "holdout72", "holdout73", "holdout74", "holdout75", "holdout76", "holdout77", "holdout78", "holdout79", "holdout80", "holdout81",
               "holdout82", "holdout83", "holdout84", "holdout85", "holdout86", "holdout87", "holdout88", "holdout89", "holdout90", "holdout91",
               "holdout92", "holdout93", "holdout94", "holdout95", "holdout96", "holdout97",
               "holdout98", "holdout99", "holdout100", "holdout102", "holdout103", "holdout104",
               "holdout105", "holdout106", "holdout107", "holdout108", "holdout109", "holdout110", "holdout111", "holdout115", "holdout116", "holdout117", "holdout118", "holdout119", "holdout120",
               "holdout121", "holdout122", "holdout123", "holdout124", "holdout125", "holdout126", "holdout127",
               "holdout129", "holdout130", "holdout131", "holdout132", "holdout133", "holdout134",
               "holdout135", "holdout136")
TUNED = {"dev", "dev1b", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev7b", "dev8", "dev8b", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15",
         "dev16", "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23", "dev24", "dev25", "dev26", "dev27", "dev28", "dev29",
         "holdout3", "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14", "holdout15", "holdout17", "holdout18", "holdout20", "holdout21",
         "holdout22", "holdout23", "holdout24", "holdout25", "holdout26", "holdout27", "holdout28", "holdout29", "holdout30", "holdout31", "holdout32",
         "holdout2", "holdout16", "holdout19", "holdout36", "holdout40", "holdout41", "holdout42", "holdout44",
         "holdout34", "holdout37", "holdout45", "holdout46", "holdout47", "holdout50", "holdout51", "holdout52", "holdout54", "holdout56", "holdout58", "holdout61",
         "holdout33", "holdout38", "holdout39", "holdout43", "holdout48", "holdout49", "holdout62", "holdout64", "holdout65", "holdout70", "holdout71", "holdout72", "holdout75",
         "holdout55", "holdout63", "holdout77", "holdout80", "holdout83", "holdout84", "holdout85", "holdout86", "holdout87", "holdout88", "holdout90", "holdout91",
         "holdout4", "holdout68", "holdout73", "holdout74", "holdout78", "holdout92", "holdout94", "holdout95", "holdout99",
         "holdout102", "holdout104", "holdout105", "holdout107", "holdout108", "holdout111",
         "holdout35", "holdout67", "holdout79", "holdout81", "holdout82", "holdout93", "holdout97", "holdout106",
         "holdout109", "holdout110", "holdout117", "holdout120"}
NEVER_TUNED = {"holdout53", "holdout57", "holdout60", "holdout76", "holdout89", "holdout96", "holdout98", "holdout100",
               "holdout103", "holdout115", "holdout116", "holdout118", "holdout119", "holdout121", "holdout122", "holdout123",
               "holdout124", "holdout125", "holdout126", "holdout127", "holdout129", "holdout130",
               "holdout131", "holdout132", "holdout133", "holdout134", "holdout135", "holdout136"}
# dev1b is batch 1's former never-tuned "holdout": promoted to tuning once its failure examples had been
# shown (its last blind measurement is in the data card); dev5 likewise is the fifth batch's former
# never-tuned holdout5, promoted at stop 21 after four blind measurements, and dev7b/dev8b batches 7 and 8's
# holdout6/holdout7, promoted at stop 22 (named by batch, as dev1b)
# at stop 30 a seeded draw promoted 14 never-tuned splits (141 files) to tuning; they keep their names
# and at stop 32 another promoted 10 of the 16 left (80 of 149 files: holdout10, 11, 21, 26-32), at stop 33 8 of 16
# (63 of 106 files: holdout2, 16, 19, 36, 40, 41, 42, 44), at stop 34 12 of 24 (65 of 125 files: holdout34, 37, 45, 46, 47,
# 50, 51, 52, 54, 56, 58, 61), at stop 35 13 of 24 (64 of 127 files), at stop 36 12 of 27 (84 of 163 files: holdout55, 63, 77,
# 80, 83-88, 90, 91), at stop 37 15 of 34 (87 of 170 files: holdout4, 68, 73, 74, 78, 92, 94, 95, 99, 102, 104, 105, 107,
# 108, 111), at stop 38 12 of 25 (53 of 104 files: holdout35, 67, 79, 81, 82, 93, 97, 106, 109, 110, 117, 120)
# the fifth batch has no tuning half: all of it was gathered and labelled blind to measure, never to tune;
# the sixth has no never-tuned half: all of it was labelled to tune on; the seventh has both (gathered
# side by side by two people from repositories each claimed first, holdout6 -- now dev7b -- blind), as have the
# eighth, ninth and tenth
BATCHES = {"dev": 1, "dev1b": 1, "dev2": 2, "holdout2": 2, "dev3": 3, "holdout3": 3, "dev4": 4, "holdout4": 4, "dev5": 5,
           "dev6": 6, "dev7": 7, "dev7b": 7, "dev8": 8, "dev8b": 8,
           "dev9": 9, "holdout8": 9, "dev10": 10, "holdout9": 10, "dev11": 11, "holdout10": 11, "dev12": 12, "dev13": 13, "holdout11": 13, "dev14": 14, "holdout12": 14, "dev15": 15, "holdout13": 15,
           "dev16": 16, "holdout14": 16, "dev17": 17, "holdout15": 17,
           "dev18": 18, "holdout16": 18, "dev19": 19, "dev20": 20, "holdout17": 20, "holdout18": 20, "holdout19": 21, "dev21": 21,
           "dev22": 22, "holdout20": 22, "holdout21": 22, "dev23": 23, "dev24": 24, "holdout22": 25, "dev25": 26, "holdout23": 27, "dev26": 28, "holdout24": 29,
           "dev27": 30, "holdout25": 31, "holdout26": 32, "dev28": 33, "dev29": 34, "holdout27": 35, "holdout28": 36, "holdout29": 37, "holdout30": 38,
           "holdout31": 39, "holdout32": 40, "holdout33": 41, "holdout34": 42, "holdout35": 43, "holdout36": 44, "holdout37": 45, "holdout38": 46,
           "holdout39": 47, "holdout40": 48, "holdout41": 49, "holdout42": 50, "holdout43": 51, "holdout44": 52,
           "holdout45": 53, "holdout46": 54, "holdout47": 55, "holdout48": 56, "holdout49": 57, "holdout50": 58, "holdout51": 59, "holdout52": 60,
           "holdout53": 61, "holdout54": 62, "holdout55": 63, "holdout56": 64, "holdout57": 65, "holdout58": 66, "holdout60": 68, "holdout61": 69, "holdout63": 71,
           "holdout62": 70, "holdout64": 72, "holdout65": 73, "holdout67": 75, "holdout68": 76, "holdout70": 78, "holdout71": 79, "holdout73": 81, "holdout72": 80, "holdout74": 82, "holdout75": 83,
           "holdout76": 84, "holdout77": 85, "holdout78": 86, "holdout79": 87, "holdout80": 88, "holdout81": 89, "holdout82": 90, "holdout83": 91,
           "holdout84": 92, "holdout85": 93, "holdout86": 94, "holdout87": 95, "holdout88": 96, "holdout89": 97, "holdout90": 98, "holdout91": 99, "holdout92": 100,
           "holdout93": 101, "holdout94": 102, "holdout95": 103, "holdout96": 104, "holdout97": 105, "holdout98": 106, "holdout99": 107, "holdout100": 108, "holdout102": 110, "holdout103": 111,
           "holdout104": 112, "holdout105": 113, "holdout106": 114, "holdout107": 115, "holdout108": 116, "holdout109": 117, "holdout110": 118, "holdout111": 119, "holdout115": 123,
           "holdout116": 124, "holdout117": 125, "holdout118": 126, "holdout119": 127, "holdout120": 128,
           "holdout121": 129, "holdout122": 130, "holdout123": 131, "holdout124": 132, "holdout125": 133, "holdout126": 134, "holdout127": 135, "holdout129": 137, "holdout130": 138, "holdout131": 139,
           "holdout132": 140, "holdout133": 141, "holdout134": 142, "holdout135": 143, "holdout136": 144}
# (Dilthey 1884) "Ouyang 2022", "Doshi- Velez 2017", "Liu 2023e"; a digit inside a name's word, "P5js.org 2015"
KEY_RE = re.compile(r"^[^\d\s](?:[^\d]|\d(?=[^\d\s]))*? (18|19|20)\d\d[a-z]?$")


def _labels() -> list[dict]:
    return json.loads(LABELS.read_text(encoding="utf-8"))["files"]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("readers_unseen", ROOT / "bench" / "readers_unseen.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["readers_unseen"] = mod
    spec.loader.exec_module(mod)
    return mod


def _topic(entry: dict) -> str:
    return Path(entry["file"]).stem


def test_schema() -> None:
    doc = json.loads(LABELS.read_text(encoding="utf-8"))
    assert doc["version"] == 1
    files = doc["files"]
    assert len(files) >= 70
    assert sum(BATCHES[f["split"]] == 2 for f in files) >= 30  # the second batch: at least 30 more files
    assert sum(BATCHES[f["split"]] == 3 for f in files) >= 15  # the third: PDF conversions of surveys
    assert len({f["file"] for f in files}) == len(files)
    for f in files:
        assert set(f) == {
            "file", "split", "family", "source", "sha256", "style", "citation_style", "references",
            "top_level_sections", "paragraphs", "titles",
        }, f["file"]
        assert f["split"] in SPLITS and f["file"].startswith(f["split"] + "/")
        assert f["family"] in FAMILIES and f["citation_style"] in ("numbered", "author-year")
        src = f["source"]
        assert set(src) == {"repo", "path", "commit", "license"}
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", src["repo"]) and re.fullmatch(r"[0-9a-f]{40}", src["commit"])
        assert src["license"] and re.fullmatch(r"[0-9a-f]{64}", f["sha256"])
        assert isinstance(f["references"], int) and f["references"] >= 0
        # a body printed with no section headings at all (a Nature Matters Arising, a short review as running text: batches
        # 72 and 73) is labelled with none; every other file names its sections
        assert isinstance(f["top_level_sections"], list) and all(isinstance(t, str) and t.strip() for t in f["top_level_sections"])
        assert f["top_level_sections"] or BATCHES[f["split"]] >= 72
        # 3-5 paragraphs; fewer only where the file has no more citing ones (a converter that dropped
        # almost every citation number, or a report citing in bullet lists but in two paragraphs: said in the file's style)
        few_said = "dropped" in f["style"] or "no more citing paragraphs" in f["style"]
        assert 3 <= len(f["paragraphs"]) <= 5 or (1 <= len(f["paragraphs"]) < 3 and few_said), f["file"]
        for p in f["paragraphs"]:
            assert set(p) <= {"anchor", "cites", "dangling"}
            # facts only: a short quote to find the paragraph, never its text
            # (Chinese and Japanese print no spaces between words: their quote is 6 to 60 characters; a Japanese one may
            # hold kana and Latin letters only, "TIES-Mergingは、パラメータの")
            cjk = re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", p["anchor"])
            assert (6 <= len(p["anchor"]) <= 60) if cjk else 3 <= len(p["anchor"].split()) <= 12, p["anchor"]
            assert p["cites"] or p.get("dangling"), p["anchor"]
            assert all(isinstance(c, str) for c in p["cites"] + p.get("dangling", []))
        for t in f["titles"]:
            assert set(t) <= {"key", "title", "also"} and t["title"].strip()
            # variants are a list: a bare string would be read letter by letter (47 labels were, until stop 33)
            assert isinstance(t.get("also", []), list) and all(isinstance(x, str) and x.strip() for x in t.get("also", [])), t


# Numbered lists printed with gaps, so their N entries hold numbers above N (read in the file, not guessed): a
# generated survey's list runs [1]-[20], [42], [43], [47]-[49], [29], [30] (27 entries, batch 107); an LLM transcription of a
# guideline lost entries 1-20, its list runs 21-72 (52 entries, batch 108: the text's 1-20 dangle).
NUMBERED_LISTS_WITH_GAPS = {"holdout99/spatial-survey/agentic-ai-spatial-intelligence-survey.md",
                            "holdout100/aeromedical-multiagent/prisma-2020-statement-reporting-guideline.md",
                            # (a thesis whose list runs 1-31 with no entry 22, never cited)
                            "holdout126/driessens-sim2real/sim2real-rl-maze-rc-car-bachelor-thesis.md"}


# a list numbered from 0 ("<sup>[[0]]</sup>", a working group's note whose entries are bare addresses)
NUMBERED_FROM_ZERO = {"holdout135/tag-security/formal-verification-policy-configurations.md"}


def test_cited_keys_are_consistent_with_the_list() -> None:
    for f in _labels():
        n = f["references"]
        for p in f["paragraphs"]:
            cites, dangling = p["cites"], p.get("dangling", [])
            assert len(set(cites)) == len(cites), (f["file"], p["anchor"])  # each key once per paragraph
            assert not set(cites) & set(dangling)
            if f["citation_style"] == "author-year":
                assert all(KEY_RE.match(c) for c in cites), (f["file"], cites)
                continue
            first = 0 if f["file"] in NUMBERED_FROM_ZERO else 1
            assert all(c.isdigit() and int(c) >= first for c in cites + dangling), (f["file"], cites)
            if f["family"] != "deep-research" and f["file"] not in NUMBERED_LISTS_WITH_GAPS:
                # a list numbered 1..N: a number a human reads in the text is an entry of it
                assert all(int(c) <= n for c in cites), (f["file"], p["anchor"], n)
                # (a conversion whose list stops short, dev24's FedMAQ survey at [197] of 268: the numbers
                # past its end are dangling -- no entry prints them)
                assert all(int(c) > n for c in dangling), (f["file"], p["anchor"], n)
            elif n == 0:
                assert not cites  # no list: every cited number dangles
        for t in f["titles"]:
            if f["citation_style"] == "numbered":
                assert t["key"].isdigit()
                if f["family"] != "deep-research" and f["file"] not in NUMBERED_LISTS_WITH_GAPS:
                    assert int(t["key"]) <= n
            else:
                assert KEY_RE.match(t["key"])
        anchors = [p["anchor"] for p in f["paragraphs"]]
        assert len(set(anchors)) == len(anchors)


def test_splits_are_honest() -> None:
    files = _labels()
    by_split = Counter(f["split"] for f in files)
    assert set(by_split) == set(SPLITS), by_split  # no file left under a retired split name ("holdout")
    # batches 2 and 3: about a third to tune on, the rest never tuned on; batch 1 is all tuning since its
    # holdout (27 files) was promoted to dev1b, so the never-tuned files must still be a sizeable blind set
    assert 0.25 <= by_split["dev2"] / (by_split["dev2"] + by_split["holdout2"]) <= 0.45
    assert 0.3 <= by_split["dev3"] / (by_split["dev3"] + by_split["holdout3"]) <= 0.45
    assert (by_split["dev"], by_split["dev1b"]) == (15, 27)
    assert sum(by_split[s] for s in NEVER_TUNED) >= 40
    # the first batch holds its three families in both halves; research articles are batches 2 and 4-21
    for split in ("dev", "dev1b"):
        assert {f["family"] for f in files if f["split"] == split} == {"pdf-survey", "deep-research", "generator"}
    assert {BATCHES[f["split"]] for f in files if f["family"] == "pdf-article"} == {2, *range(4, 41), 42, 43, 46, 47, 49, *range(52, 57), 58, *range(60, 65),
                                                                                        66, 68, *range(70, 74), 75, 78, 81, 83, 84, 85, 87, 88, 90, 91, 92, 93, 95, 96, 99, 101, 103, 104,
                                                                                        106, 107, 108, 110, 112, 113, 114, 115, 116, 118, 119, 125, 127, 128, 129, 132,
                                                                                        133, 134, 137, 138, 140, 142, 143, 144}
    for split in SPLITS:
        # dev12 and dev13 (batches 12, 13) were gathered for one converter's layout (pymupdf4llm): dev12 holds
        # numbered files only, dev13 (bold-span headings) author-year ones only; dev15 numbered ones only (its
        # labeller's look-ups ran out), as holdout37, holdout38, holdout40-43, holdout48, holdout49, holdout51, holdout53,
        # holdout61, holdout64, holdout71, holdout72, holdout74, holdout77, holdout81,
        # holdout87, holdout89, holdout90, holdout93-95, holdout98, holdout100, holdout107, holdout109, holdout110, holdout115, holdout117,
        # holdout118, holdout120-125, holdout133 (batches 45, 46, 48-51, 56, 57, 59, 61, 69, 72, 79, 80, 82, 85, 89, 95, 97, 98, 101-103, 106, 108, 115, 117, 118, 123, 125,
        # 126, 128-133, 141: their
        # gatherers' fetches ran out on one style's files) --
        # what their labellers could fetch
        styles = {"dev12": {"numbered"}, "dev13": {"author-year"}, "dev15": {"numbered"},
                  "holdout37": {"numbered"}, "holdout38": {"numbered"}, "holdout40": {"numbered"},
                  "holdout41": {"author-year"}, "holdout42": {"numbered"}, "holdout43": {"numbered"}, "holdout48": {"author-year"},
                  "holdout49": {"numbered"}, "holdout51": {"numbered"}, "holdout53": {"author-year"}, "holdout61": {"numbered"},
                  "holdout64": {"numbered"}, "holdout71": {"author-year"}, "holdout72": {"numbered"}, "holdout74": {"author-year"},
                  "holdout77": {"numbered"}, "holdout81": {"numbered"}, "holdout87": {"numbered"},
                  "holdout89": {"numbered"}, "holdout90": {"numbered"},
                  "holdout93": {"numbered"}, "holdout94": {"numbered"}, "holdout95": {"author-year"}, "holdout98": {"author-year"},
                  "holdout100": {"numbered"}, "holdout107": {"numbered"}, "holdout109": {"numbered"}, "holdout110": {"numbered"},
                  "holdout115": {"numbered"}, "holdout117": {"numbered"}, "holdout118": {"numbered"},
                  "holdout120": {"author-year"}, "holdout121": {"numbered"}, "holdout122": {"author-year"},
                  "holdout123": {"author-year"}, "holdout124": {"author-year"},
                  "holdout125": {"author-year"}, "holdout133": {"numbered"}}.get(
            split, {"numbered", "author-year"})
        assert {f["citation_style"] for f in files if f["split"] == split} == styles, split
    # the third batch: PDF conversions of real surveys, mostly author-year, and deep-research reports
    third = [f for f in files if BATCHES[f["split"]] == 3]
    assert {f["family"] for f in third} == {"pdf-survey", "deep-research"}
    surveys = [f for f in third if f["family"] == "pdf-survey"]
    assert len(surveys) >= 15 and sum(f["citation_style"] == "author-year" for f in surveys) >= 0.75 * len(surveys)
    # no topic on both sides, whatever the source or batch ("3D Gaussian Splatting" and "... Techniques"
    # are one topic): tuning on dev or dev2 cannot learn a never-tuned survey's topic
    def shared_topics(left: set[str], right: set[str]) -> set[tuple[str, str]]:
        lt = {_topic(f).lower() for f in files if f["split"] in left}
        rt = {_topic(f).lower() for f in files if f["split"] in right}
        return {(a, b) for a in lt for b in rt if a.startswith(b) or b.startswith(a)}

    assert not shared_topics(TUNED, NEVER_TUNED)
    # batch 1 was split by topic before dev1b was promoted: its two halves still share none, so the
    # last blind measurement of dev1b (in the data card) was of topics dev had not taught
    assert not shared_topics({"dev"}, {"dev1b"})
    # each batch comes from repositories the other batches do not use; the third batch's surveys are
    # split by repository (venue and year), its reports by topic like batch 2's
    # -- but batches 19 and 23 (dev19, dev23), drawn at stops 25 and 26 from repositories earlier batches had
    # tuned on only, with no index look-ups: no file of them comes from a repository any never-tuned split uses
    drawn_from_tuned = {19: "dev19", 23: "dev23", 24: "dev24", 26: "dev25", 28: "dev26", 30: "dev27", 33: "dev28", 34: "dev29"}
    repos = {b: {f["source"]["repo"] for f in files if BATCHES[f["split"]] == b} for b in set(BATCHES.values())
             if b not in drawn_from_tuned}
    assert all(not repos[a] & repos[b] for a in repos for b in repos if a < b), repos
    never_tuned_repos = {f["source"]["repo"] for f in files if f["split"] in NEVER_TUNED}
    for batch, split in drawn_from_tuned.items():
        tuned_repos = {f["source"]["repo"] for f in files if f["split"] in TUNED and BATCHES[f["split"]] < batch}
        drawn = {f["source"]["repo"] for f in files if f["split"] == split}
        assert drawn and drawn <= tuned_repos and not drawn & never_tuned_repos, split
    dev3, holdout3 = ({f["source"]["repo"] for f in files if f["split"] == s and f["family"] == "pdf-survey"}
                      for s in ("dev3", "holdout3"))
    assert not dev3 & holdout3


def test_fourth_batch_is_where_the_readers_failed() -> None:
    """dev4 was gathered for tuning where the readers failed: mostly PDF conversions (surveys and articles,
    both citation styles) from several converters, plus deep-research exports; no earlier batch's repository."""
    dev4 = [f for f in _labels() if f["split"] == "dev4"]
    assert len(dev4) >= 10
    pdf = [f for f in dev4 if f["family"] in ("pdf-survey", "pdf-article")]
    assert len(pdf) >= 0.66 * len(dev4)
    assert {f["citation_style"] for f in pdf} == {"numbered", "author-year"}
    assert sum(f["family"] == "pdf-survey" for f in dev4) >= 4 and sum(f["family"] == "deep-research" for f in dev4) >= 2
    # several converters, not one pipeline's habits: at least four repositories, none holding most files
    per_repo = Counter(f["source"]["repo"] for f in dev4)
    assert len(per_repo) >= 4 and max(per_repo.values()) <= 0.5 * len(dev4)
    # its never-tuned half was gathered apart, from other repositories: tuning on dev4 saw none of them
    holdout4 = {f["source"]["repo"] for f in _labels() if f["split"] == "holdout4"}
    assert holdout4 and not holdout4 & set(per_repo)


def test_bench_matching_rules() -> None:
    """The bench's matching, on hand-made references (no data needed)."""
    from surveybench.model import Author, Reference

    b = _bench()
    ouyang = Reference(id="u1", raw="Long Ouyang, Jeff Wu, and others. 2022. Training language models ...",
                       authors=[Author(name="Long Ouyang")], year=2022)
    liu_e = Reference(id="u2", raw="Yang Liu, Dan Iter. 2023e. G-eval ...", year=2023)
    assert b.ref_matches_key(ouyang, "Ouyang 2022") and not b.ref_matches_key(ouyang, "Ouyang 2021")
    assert not b.ref_matches_key(ouyang, "Wu 2022")  # not the first author
    assert b.ref_matches_key(liu_e, "Liu 2023e") and not b.ref_matches_key(liu_e, "Liu 2023d")
    assert b.ref_matches_key(Reference(id="7", numbers=["7", "12"]), "12")
    # a whole surname: "Ye" is neither "Yeh" nor "Nye"; initials with a full stop do not end the name
    yeh = Reference(id="u3", raw="Catherine Yeh, Yida Chen. AttentionViz: A Global View, May 2023. URL ...")
    assert b.ref_matches_key(yeh, "Yeh 2023") and not b.ref_matches_key(yeh, "Ye 2023")
    assert not b.ref_matches_key(Reference(id="u4", raw="Maxwell Nye, Anders Andreassen. Show your work. 2021."), "Ye 2021")
    assert b.ref_matches_key(Reference(id="u5", raw="Joseph F. DeRose, Jayao Wang. Attention Flows, 2020."), "DeRose 2020")
    assert b.ref_matches_key(Reference(id="u6", raw="Hugging Face. Open r1: a reproduction, 2025."), "Face 2025")
    # a surname printed in pieces matches the name words it joins ("D'Angelo" is "D" + "Angelo"), still whole
    dangelo = Reference(id="u7", raw="Francesco D'Angelo and Vincent Fortuin. Repulsive deep ensembles are Bayesian. 2021.")
    assert b.ref_matches_key(dangelo, "D'Angelo 2021") and not b.ref_matches_key(dangelo, "Angel 2021")
    vanhook = Reference(id="u8", raw="Van Hook MJ, Berson DM. Hyperpolarization- activated current. PLoS One 5: e15344, 2010.")
    assert b.ref_matches_key(vanhook, "Van Hook 2010") and b.ref_matches_key(vanhook, "Hook 2010")
    assert b.ref_matches_key(Reference(id="u9", raw="Jascha Sohl- Dickstein, Eric Weiss. Deep unsupervised learning. 2015."),
                             "Sohl- Dickstein 2015")
    assert not b.ref_matches_key(Reference(id="u10", raw="Marco Del Negro and Frank Schorfheide. Forming priors. 2008."),
                                 "Negroni 2008")
    # a particle surname after two initials, in an entry the reader gave no parsed authors
    assert b.ref_matches_key(Reference(id="u11", raw="Jens E. L. Van Gysel, Meagan Vigus. 2021. Designing a uniform ..."),
                             "Van Gysel 2021")
    assert b.ref_matches_key(Reference(id="u12", raw="Susanne C van den Brink, Anna Alemany. 2020. Single-cell ..."),
                             "van den Brink 2020")
    assert b.norm_title("[2509.02547] The Landscape of Agentic RL") == b.norm_title("The landscape of agentic RL")
    assert b.norm_title("Pre- training of deep") == b.norm_title("Pre-training of Deep")
    assert b.plausible_title("Graph attention networks")
    assert not b.plausible_title("Graph attention networks, 2018")
    assert not b.plausible_title("AchiamJ.AdlerS. et al. 2023. Gpt-4 technical report. arXiv preprint arXiv:2303.08774")


def _unseen_dir() -> Path:
    env = os.environ.get("SURVEYBENCH_UNSEEN_DIR")
    if not env:
        pytest.skip("SURVEYBENCH_UNSEEN_DIR is not set: the unseen survey files are not part of the project "
                    "(see tests/data/unseen/README.md to fetch them), so only the labels were checked")
    d = Path(env)
    missing = [split for split in SPLITS if not (d / split).is_dir()]
    if missing:
        pytest.fail(f"SURVEYBENCH_UNSEEN_DIR={d} has no {', '.join(m + '/' for m in missing)} folder(s)")
    return d


def test_files_are_the_labelled_versions() -> None:
    d = _unseen_dir()
    for f in _labels():
        path = d / f["file"]
        assert path.is_file(), f"{path} missing: re-create it as tests/data/unseen/README.md says"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == f["sha256"], f"{path} differs from the labelled file"


@pytest.mark.parametrize("split", SPLITS)
def test_readers_meet_done_when_on_unseen_files(split: str) -> None:
    d = _unseen_dir()
    b = _bench()
    scores = b.run(d, split)
    agg = b.aggregate(scores)
    table = b.table(scores)
    short = [f"{k} {agg[k]:.1%} < {v:.0%}" for k, v in b.THRESHOLDS.items() if agg[k] is not None and agg[k] < v]
    if agg["parsed"] != 1.0:
        short.append(f"files parsed {agg['parsed']:.1%}")
    if agg["dangling_counted"] not in (None, 1.0):  # no cited number dropped without being counted
        short.append(f"dangling numbers counted {agg['dangling_counted']:.1%} < 100%")
    assert not short, f"below issue 9's 'Done when' on {split}: {'; '.join(short)}\n{table}"


def test_bench_counts_what_was_lost() -> None:
    """A labelled key missed, over-linked or a dangling number dropped is a failure, never a skip."""
    from surveybench.model import CitationMark, Paragraph, Reference, Section, Survey

    b = _bench()
    refs = [Reference(id=str(i), numbers=[str(i)], raw=f"[{i}] Title {i}") for i in range(1, 6)]
    text = "Graphs help [1, 2] and trees [3] (see [9])."
    marks = [
        CitationMark(marker="[1, 2]", ref_ids=["1", "2"]),
        CitationMark(marker="[3]", ref_ids=["3", "4", "5"]),  # an ambiguous marker linked to three entries
        CitationMark(marker="[9]", unresolved=["9"]),
    ]
    survey = Survey(id="t", title="T", sections=[Section(index=0, title="Intro", paragraphs=[
        Paragraph(text=text, citations=marks)])], references=refs)
    ok = b.score_paragraph(survey, {"anchor": "Graphs help [1, 2] and trees", "cites": ["1", "2"], "dangling": ["9"]})
    assert (ok.keys, ok.resolved, ok.dangling, ok.dangling_counted) == (2, 2, 1, 1)
    bad = b.score_paragraph(
        survey, {"anchor": "Graphs help [1, 2] and trees", "cites": ["1", "2", "3", "7"], "dangling": ["8"]}
    )
    # 3 over-linked with 4 and 5, 7 missed, 8 dropped without being counted: three failures
    assert (bad.resolved, bad.dangling_counted) == (2, 0) and len(bad.failures) == 3
    # labels list every citation of the paragraph: a link to an entry they do not name is a wrong link
    partial = b.score_paragraph(survey, {"anchor": "Graphs help [1, 2] and trees", "cites": ["1"]})
    assert partial.resolved == 0
    lost = b.score_paragraph(survey, {"anchor": "a paragraph the reader lost", "cites": ["1"]})
    assert lost.lost_paragraph and lost.resolved == 0


def test_failure_classes_name_no_file() -> None:
    """Holdout failures are reported by class and file count only: the class says merged or split,
    too many or too few sections, and the citation style, never which file or which key."""
    b = _bench()
    s = b.FileScore(file="holdout2/x/a.md", split="holdout2", family="pdf-article", citation_style="author-year",
                    sections_expected=["Introduction", "Methods"])
    s.failures = ["references: found 1, labelled 34", "references: found 40, labelled 34",
                  "sections: found 5 ['A', 'B']", "Ouyang 2022: missed or unresolved ('Reinforcement ')"]
    t = b.FileScore(file="holdout2/x/b.md", split="holdout2", family="pdf-article", citation_style="numbered",
                    sections_expected=["Intro"], failures=["12: missed or unresolved ('The ')"])
    line = b.failure_kinds([s, t])
    assert line.startswith("holdout2 failures: ")
    for part in ("reference count off (too few: entries merged) 1 (in 1 files)",
                 "reference count off (too many: entries split) 1 (in 1 files)", "sections differ (too many) 1",
                 "key missed or unresolved, author-year 1", "key missed or unresolved, numbered 1"):
        assert part in line, (part, line)
    assert "a.md" not in line and "Ouyang" not in line


def test_table_has_a_never_tuned_part() -> None:
    """With several never-tuned splits present, the table ends with them together; dev1b (the promoted
    holdout) is a tuning split: never in that part (and so --failures lists its failures like dev's)."""
    b = _bench()
    assert "dev1b" in b.TUNING and "dev1b" not in b.NEVER_TUNED and "holdout" not in b.SPLITS
    assert "holdout3" in b.TUNING  # promoted at stop 30 (a seeded draw): the name stays, the part changes
    assert set(b.TUNING) | set(b.NEVER_TUNED) == set(b.SPLITS) and not set(b.TUNING) & set(b.NEVER_TUNED)
    scores = [b.FileScore(file=f"{split}/x/{i}.md", split=split, family="pdf-survey", citation_style="numbered",
                          parsed=True, sections_right=(i == 0), refs_expected=5, refs_found=5)
              for split in ("dev1b", "holdout53", "holdout57") for i in range(2)]
    out = b.table(scores)
    parts = [line for line in out.splitlines() if line.startswith("### ")]
    assert parts == ["### dev1b", "### holdout53", "### holdout57", "### never tuned: holdout53 + holdout57"]
    never = out.split(parts[3])[1]
    assert "| files | 4 | 4 |" in never and "| top-level sections right | 50.0% | 50.0% |" in never
    assert "never tuned" not in b.table([s for s in scores if s.split != "holdout53"])
    # holdout53 + holdout57: never seen by anyone tuning, so no caveat; families get their own columns
    blind = [b.FileScore(file=f"{split}/x/{fam}.md", split=split, family=fam, citation_style="author-year",
                         parsed=True, sections_right=True, refs_expected=3, refs_found=3)
             for split in ("holdout53", "holdout57") for fam in ("pdf-survey", "pdf-article")]
    out = b.table(blind)
    title = [line for line in out.splitlines() if line.startswith("### never tuned")]
    assert title == ["### never tuned: holdout53 + holdout57"]
    assert "| measure | pdf-survey | pdf-article | all |" in out.split(title[0])[1]


def test_recreate_writes_labelled_files_and_refuses_other_versions(tmp_path: Path) -> None:
    """--recreate-from rebuilds a labelled file from a fetched git directory (a real one, made here)
    and refuses a version whose sha256 is not the labelled one, naming the file."""
    import subprocess

    b = _bench()
    work = tmp_path / "work"
    work.mkdir()
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    (work / "full.md").write_text("# A Survey\n\n## 1 Introduction\n\nText (Ouyang et al., 2022).\n", encoding="utf-8")
    subprocess.run([*git, "add", "full.md"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "one"], check=True)
    first = subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    (work / "full.md").write_text("# A Survey, edited\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-q", "-am", "two"], check=True)
    second = subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    mirrors = tmp_path / "mirrors"
    (mirrors / "someone+papers").mkdir(parents=True)
    (work / ".git").rename(mirrors / "someone+papers" / "repo")
    data = b"# A Survey\n\n## 1 Introduction\n\nText (Ouyang et al., 2022).\n"
    entry = {"file": "dev3/papers/survey.md", "split": "dev3", "sha256": hashlib.sha256(data).hexdigest(),
             "source": {"repo": "someone/papers", "path": "full.md", "commit": first, "license": "MIT"}}
    labels = tmp_path / "labels.json"
    labels.write_text(json.dumps({"version": 1, "files": [entry]}), encoding="utf-8")
    out = tmp_path / "unseen"
    assert b.recreate(out, mirrors, labels) == []
    assert (out / "dev3" / "papers" / "survey.md").read_bytes() == data
    entry["source"]["commit"] = second  # the same path at a later commit: another text
    labels.write_text(json.dumps({"version": 1, "files": [entry]}), encoding="utf-8")
    problems = b.recreate(tmp_path / "other", mirrors, labels)
    assert problems == ["dev3/papers/survey.md: content differs from the labelled version (sha256)"]
    assert not (tmp_path / "other" / "dev3" / "papers" / "survey.md").exists()
    # a snapshot may also arrive as a clone, its git directory at repo/.git
    (mirrors / "someone+papers" / "repo").rename(tmp_path / "git")
    (mirrors / "someone+papers" / "repo").mkdir()
    (tmp_path / "git").rename(mirrors / "someone+papers" / "repo" / ".git")
    entry["source"]["commit"] = first
    labels.write_text(json.dumps({"version": 1, "files": [entry]}), encoding="utf-8")
    assert b.recreate(tmp_path / "clone", mirrors, labels) == []
    assert (tmp_path / "clone" / "dev3" / "papers" / "survey.md").read_bytes() == data


def test_a_title_label_names_one_of_two_entries_sharing_its_key(tmp_path: Path) -> None:
    """Two chapters of one book by one author in one year share the key "Taylor 1999": the labelled
    title says which one is meant, so the entry with that title is checked, not the first of the two."""
    b = _bench()
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "book.md").write_text(
        "# Psychosis\n\n## Introduction\n\nMood and personality matter (Taylor, 1999).\n\n## References\n\n"
        "Taylor, M. A. (1999). Bipolar Mood Disorders. Oxford University Press.\n\n"
        "Taylor, M. A. (1999). Personality And Personality Disorders. Oxford University Press.\n", encoding="utf-8")
    label = {"file": "dev/book.md", "split": "dev", "family": "generator", "citation_style": "author-year", "references": 2,
             "top_level_sections": ["Introduction"], "paragraphs": [],
             "titles": [{"key": "Taylor 1999", "title": "Personality And Personality Disorders"},
                        {"key": "Taylor 1999", "title": "Depression"}]}
    fs = b.score_file(tmp_path, label)
    assert (fs.titles_checked, fs.titles_clean) == (2, 1)
    assert fs.failures == ["title Taylor 1999: 'Bipolar Mood Disorders' != 'Depression'"]
