"""Agreement between judges, against values computed by hand (coincidence matrices below)."""

from __future__ import annotations

import pytest

from surveybench.judges import (
    Judgement,
    item_means,
    krippendorff_alpha,
    mean_pairwise_spearman,
    pairwise_spearman,
    summarise,
)

# judge A: 1 2 3 3 ; judge B: 1 3 3 2
# coincidences o11=2, o23=o32=2, o33=2; marginals n1=2, n2=2, n3=4, n=8
TWO = [[1, 2, 3, 3], [1, 3, 3, 2]]


def test_alpha_ordinal_by_hand() -> None:
    # ordinal delta^2(c,k) = (sum_{g=c..k} n_g - (n_c+n_k)/2)^2: d12=4, d23=9, d13=25
    # D_o = (2*9 + 2*9)/8 = 4.5 ; D_e = 2*(2*2*4 + 2*4*25 + 2*4*9)/(8*7) = 576/56
    assert krippendorff_alpha(TWO) == pytest.approx(1 - 4.5 / (576 / 56))  # 0.5625


def test_alpha_nominal_by_hand() -> None:
    # D_o = 4/8 ; D_e = (8^2 - (2^2+2^2+4^2)) / (8*7) = 40/56 -> alpha = 1 - 0.7
    assert krippendorff_alpha(TWO, "nominal") == pytest.approx(0.3)


def test_alpha_with_missing_ratings_by_hand() -> None:
    # a third judge rates items 2 and 3 only (3, 3): units with 3 values weigh 1/(m-1) = 1/2
    # o11=2, o23=o32=2, o33=1+3=4; n1=2, n2=2, n3=6, n=10; d12=4, d23=16, d13=36
    # D_o = 64/10 ; D_e = 2*(4*4 + 12*36 + 12*16)/90 = 1280/90 -> alpha = 1 - 576/1280
    rows = [[1, 2, 3, 3], [1, 3, 3, 2], [None, 3, 3, None]]
    assert krippendorff_alpha(rows) == pytest.approx(0.55)


def test_alpha_undefined_cases() -> None:
    assert krippendorff_alpha([[1, 2, 3]]) is None  # one judge
    assert krippendorff_alpha([[4, 4, 4], [4, 4, 4]]) is None  # one value: no disagreement possible
    assert krippendorff_alpha([[1, None], [None, 2]]) is None  # no item rated twice
    assert krippendorff_alpha([[1, 2, 3], [1, 2, 3]]) == pytest.approx(1.0)


def test_spearman_by_hand() -> None:
    # ranks A: 1, 2, 3.5, 3.5 ; B: 1, 3.5, 3.5, 2 -> deviations from 2.5:
    # A: -1.5 -.5 1 1 ; B: -1.5 1 1 -.5 ; cov 2.25 ; var 4.5 each -> rho = 0.5
    rhos = pairwise_spearman(TWO, ["a", "b"])
    assert rhos == {("a", "b"): pytest.approx(0.5)}
    assert mean_pairwise_spearman(TWO) == pytest.approx(0.5)


def test_spearman_uses_common_items_and_flags_undefined() -> None:
    rows = [[1, 2, 3, None], [1, 2, 3, 5], [2, 2, 2, 2]]
    rhos = pairwise_spearman(rows, ["a", "b", "c"])
    assert rhos[("a", "b")] == pytest.approx(1.0)  # item 4 skipped
    assert rhos[("a", "c")] is None and rhos[("b", "c")] is None  # constant judge


def test_item_means() -> None:
    assert item_means([[1, None, 3], [2, None, None]]) == [1.5, None, 3.0]
    with pytest.raises(ValueError):
        item_means([[1, 2], [1]])


def test_summarise_ignores_failed_and_boolean_values() -> None:
    ok = lambda v: Judgement(value=v, ok=True)  # noqa: E731
    bad = Judgement(value=None, ok=False, error="unparseable: no score", reply="hmm")
    items = [{"a": ok(1), "b": ok(1)}, {"a": ok(2), "b": ok(3)}, {"a": ok(3), "b": ok(3)},
             {"a": ok(3), "b": ok(2)}, {"a": bad, "b": ok(True)}]
    result = summarise(items, ["a", "b"])
    assert result.scores == {"a": [1, 2, 3, 3, None], "b": [1, 3, 3, 2, None]}
    assert result.mean == [1.0, 2.5, 3.0, 2.5, None]
    assert result.alpha == pytest.approx(0.5625)
    assert result.to_dict()["failures"][0]["error"] == "unparseable: no score"
