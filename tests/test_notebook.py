"""notebooks/per_domain_analysis.ipynb runs end to end (nbclient, python3 kernel) on a small
results set and shows the per-domain plots and the ANOVA."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.stats import f_oneway

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "per_domain_analysis.ipynb"


def small_results(path: Path) -> pd.DataFrame:
    rng = np.random.default_rng(7)
    rows = []
    for system, shift in (("Alpha", 0.0), ("Beta", 0.1)):
        for domain, base in (("Biology", 0.2), ("Computer Science", 0.5), ("Medicine", 0.3)):
            for i in range(4):
                topic = f"{domain[:3]}-{i}"
                for metric, score, v in (("rouge", "rouge_l", base + shift + rng.normal(0, 0.02)),
                                         ("citation_set", "f1", 0.4 + rng.normal(0, 0.05))):
                    rows.append(dict(run_id="r", system=system, task="task2", topic=topic,
                                     survey_id=topic, title=topic, domain=domain, metric=metric,
                                     score=score, value=float(v), status="ok", error=None))
    df = pd.DataFrame(rows)
    path.mkdir(parents=True)
    df.to_parquet(path / "results.parquet")
    return df


@pytest.mark.slow
def test_notebook_executes(tmp_path, monkeypatch) -> None:
    import nbformat
    from nbclient import NotebookClient

    df = small_results(tmp_path / "run")
    monkeypatch.setenv("SURVEYBENCH_RESULTS", str(tmp_path / "run"))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()

    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 2  # per-domain bars and distributions
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "2 systems" in text and "3 domains" in text
    # the notebook's verdicts agree with scipy on the same groups
    alpha = df[(df.system == "Alpha") & (df.metric == "rouge")]
    p = f_oneway(*[g.value.to_numpy() for _, g in alpha.groupby("domain")]).pvalue
    assert p < 0.05
    assert "Alpha, rouge.rouge_l: differs significantly across 3 domains" in text
