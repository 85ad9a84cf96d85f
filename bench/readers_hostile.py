"""Reader time per byte on hostile inputs at doubling sizes: linear parsing keeps the time per
byte flat (ratio ~2 for twice the size); a quadratic step would show ratio ~4, an exponential
one would not finish. The shapes are those of tests/test_readers_hostile.py (issue 14).

Run: python bench/readers_hostile.py [--quick]
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the project root, for tests/

from surveybench.readers import read_survey_report  # noqa: E402
from tests.test_readers_hostile import doc, hostile_strings, numbered_refs  # noqa: E402


def _unclosed(n: int) -> str:
    return doc("Truncated [" + ", ".join(str(i) for i in range(1, n + 1)))


def _headings(n: int) -> str:
    return "# T\n\n" + "".join(f"## {i} Heading {i}\n\nText [1].\n\n" for i in range(1, n + 1)) + "## References\n\n" + numbered_refs(2)


def _setext(n: int) -> str:
    return "T\n=\n\n" + "".join(f"Heading {i}\n-------\n\nText [1].\n\n" for i in range(1, n + 1)) + "References\n----------\n\n" + numbered_refs(2)


def _references(n: int) -> str:
    return doc(f"See [1] and [{n}].", refs=n)


def _paragraphs(n: int) -> str:
    return doc("\n\n".join(hostile_strings(n).values()))


def _author_lists(n: int) -> str:
    h = hostile_strings(n)
    return "# T\n\n## 1 A\n\nx.\n\n## 2 B\n\ny.\n\n## 3 C\n\nz.\n\n## References\n\n" + "\n\n".join(
        h[k] for k in ("surname-initials", "initials", "vancouver", "capital-words")
    )


SHAPES: dict[str, tuple[Callable[[int], str], int]] = {
    "unclosed [1, 2, ... list": (_unclosed, 2_500),
    "ATX headings": (_headings, 2_500),
    "setext headings": (_setext, 2_500),
    "numbered references": (_references, 2_500),
    "hostile paragraphs": (_paragraphs, 1_000),
    "hostile author lists": (_author_lists, 500),
}


def main() -> int:
    steps = 3 if "--quick" in sys.argv else 4
    print(f"{'shape':28s} {'n':>7s} {'KB':>8s} {'seconds':>8s} {'us/byte':>8s}  ratio for x2 size")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hostile.md"
        path.write_text(doc("warm-up [1]."), encoding="utf-8")
        read_survey_report(path)
        for name, (make, n0) in SHAPES.items():
            prev = None
            for k in range(steps):
                n = n0 * 2**k
                path.write_text(make(n), encoding="utf-8")
                size = path.stat().st_size
                t0 = time.perf_counter()
                read_survey_report(path)
                dt = time.perf_counter() - t0
                ratio = f"x{dt / prev:.2f}" if prev else ""
                print(f"{name:28s} {n:7d} {size / 1000:8.0f} {dt:8.2f} {dt / size * 1e6:8.2f}  {ratio}")
                prev = dt
    return 0


if __name__ == "__main__":
    sys.exit(main())
