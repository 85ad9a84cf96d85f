"""What every metric shares: its result type, the context that lends it models, and the registry.

A metric module defines a pure function at its heart (numbers in, numbers out) and registers a
thin :class:`Metric` wrapper that takes two :class:`~surveybench.model.Survey` objects, the
generated one (``candidate``) and the human-written one (``reference``), and returns a
:class:`MetricResult`. ``surveybench score`` and ``surveybench eval`` select metrics by name
from :data:`REGISTRY`.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from surveybench.model import Survey


@dataclass
class MetricResult:
    """Scores of one metric on one (candidate, reference) pair.

    ``scores`` maps sub-score names (``precision``, ``recall``, ``f1``, ``rouge_l`` ...) to a
    number, or ``None`` where the metric could not be computed (``details`` then says why).
    ``details`` is JSON-serialisable evidence: matched pairs, missing key points, how many
    references had the metadata a statistic needs, judge replies.
    ``usage`` holds LLM calls/tokens/cost when the metric used a judge.
    """

    metric: str
    scores: dict[str, float | None]
    details: dict[str, Any] = field(default_factory=dict)
    usage: dict[str, Any] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)


class MetricContext:
    """Lends metrics the heavy resources they need, each created once and only on demand.

    ``factories`` maps a resource name (``embedder``, ``judge``, ``nli``, ``title_index``) to a
    zero-argument callable that builds it; :meth:`provide` hands over a ready instance. A metric
    that needs a resource the context lacks gets :class:`MissingResource` naming it.
    """

    def __init__(
        self,
        factories: dict[str, Callable[[], Any]] | None = None,
        *,
        cache_dir: Path | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        self._factories: dict[str, Callable[[], Any]] = dict(factories or {})
        self._made: dict[str, Any] = {}
        self.cache_dir = cache_dir
        self.options: dict[str, Any] = dict(options or {})

    def provide(self, name: str, instance: Any) -> "MetricContext":
        self._made[name] = instance
        return self

    def get(self, name: str) -> Any:
        if name not in self._made:
            factory = self._factories.get(name)
            if factory is None:
                raise MissingResource(name)
            self._made[name] = factory()
        return self._made[name]

    def has(self, name: str) -> bool:
        return name in self._made or name in self._factories

    def built(self) -> dict[str, Any]:
        """The resources made so far, by name (for notes and usage reports)."""
        return dict(self._made)

    @property
    def embedder(self) -> Any:
        return self.get("embedder")

    @property
    def judge(self) -> Any:
        return self.get("judge")


@dataclass(frozen=True)
class ResourceSettings:
    """What the user configured for the models and indexes metrics borrow (plain, picklable
    values, so another process can build the same resources): the judge/embedder/NLI specs,
    the title index, the resolved metric options and the cache directory."""

    judge: str | None = None
    embedder: str | None = None
    nli: str | None = None
    title_index: Path | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    cache_dir: Path | None = None
    judge_concurrency: int = 8
    judge_timeout: float = 120.0  # seconds per request
    judge_retries: int = 4  # re-sends after a 429/5xx/timeout/connection error

    def cache(self, sub: str) -> Path | None:
        if self.cache_dir is None:
            return None
        path = self.cache_dir / sub
        path.mkdir(parents=True, exist_ok=True)
        return path


@dataclass(frozen=True)
class ResourceDecl:
    """A resource a metric brings along (its own model or index), declared on the metric class
    as ``provides = (ResourceDecl(...),)`` so the engine never imports private metric modules.

    ``identity(settings)`` names the concrete resource (model id, index path and stamp) for the
    unit keys, or ``None`` when it is not configured (then there is no such resource and metrics
    needing it are skipped); ``build(settings, ctx)`` makes it, borrowing other resources from
    ``ctx`` when needed. Both must be module-level functions (picklable).
    """

    name: str
    build: Callable[[ResourceSettings, "MetricContext"], Any]
    identity: Callable[[ResourceSettings], str | None]


class MissingResource(RuntimeError):
    def __init__(self, name: str) -> None:
        super().__init__(f"this metric needs a {name}; none was configured")
        self.resource = name


# ---- the metric spec ------------------------------------------------------------------------
# Every metric declares, as a class attribute ``spec``, what it promises: a version (bumped
# whenever the same inputs can give different numbers), its sub-scores with the direction that
# is better, and the options it reads with their types and defaults. The engine checks options
# against the specs of the selected metrics before any work starts, puts version and resolved
# options into every unit key, the run id, the results and the manifest, and the report and the
# leaderboard sort by each sub-score's direction. Unlike lm-evaluation-harness
# (``higher_is_better`` per metric, kwargs passed through unchecked) the direction is per
# sub-score and options are typed and checked; unlike inspect_ai (factory kwargs recorded in the
# log) a changed option or version also changes where results are stored, so runs never mix.

Direction = Literal["higher", "lower", "none"]
DIRECTIONS: tuple[str, ...] = ("higher", "lower", "none")
OptionType = type[bool] | type[int] | type[float] | type[str]


@dataclass(frozen=True)
class SubScore:
    """One number a metric reports: which way is better, its range, what it means.

    ``direction`` is ``"higher"`` or ``"lower"`` (is better), or ``"none"`` for a descriptive
    statistic with no better side (e.g. the number of references). ``low``/``high`` bound the
    value (``None``: unbounded on that side).
    """

    name: str
    direction: Direction
    meaning: str
    low: float | None = 0.0
    high: float | None = 1.0

    def __post_init__(self) -> None:
        if self.direction not in DIRECTIONS:
            raise ValueError(f"sub-score {self.name!r}: direction must be one of {DIRECTIONS}, not {self.direction!r}")
        if not self.meaning.strip():
            raise ValueError(f"sub-score {self.name!r}: give a one-line meaning")

    def as_dict(self) -> dict[str, Any]:
        return {"direction": self.direction, "range": [self.low, self.high], "meaning": self.meaning}


def higher(name: str, meaning: str, low: float | None = 0.0, high: float | None = 1.0) -> SubScore:
    """A sub-score where higher is better."""
    return SubScore(name, "higher", meaning, low, high)


def lower(name: str, meaning: str, low: float | None = 0.0, high: float | None = 1.0) -> SubScore:
    """A sub-score where lower is better (e.g. a distance)."""
    return SubScore(name, "lower", meaning, low, high)


def neutral(name: str, meaning: str, low: float | None = 0.0, high: float | None = None) -> SubScore:
    """A descriptive sub-score with no better direction (counts, densities, p-values)."""
    return SubScore(name, "none", meaning, low, high)


class OptionError(ValueError):
    """A metric option is unknown, of the wrong type, out of its choices or out of its bounds;
    the message names the option, the value and what is valid."""


@dataclass(frozen=True)
class Option:
    """A typed metric option with its default. ``type`` is bool, int, float or str;
    ``default=None`` means "not set" (the metric then decides, e.g. from the survey).
    ``minimum``/``maximum`` (int and float options) bound a value inclusively; like the type,
    they are checked when options are selected, before any work starts, so a run never fails
    half-way on a value it could have refused at once."""

    name: str
    type: OptionType
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None

    def __post_init__(self) -> None:
        if self.type not in (bool, int, float, str):
            raise ValueError(f"option {self.name!r}: type must be bool, int, float or str")
        if (self.minimum is not None or self.maximum is not None) and self.type not in (int, float):
            raise ValueError(f"option {self.name!r}: only int and float options take a minimum or maximum")
        if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
            raise ValueError(f"option {self.name!r}: minimum {self.minimum} is above maximum {self.maximum}")
        if self.default is not None:
            self.check(self.default)

    @property
    def type_name(self) -> str:
        return self.type.__name__ + (" or null" if self.default is None else "")

    def check(self, value: Any) -> Any:
        """``value`` converted to the option's type, or :class:`OptionError`. Only lossless
        conversions: an int where a float is expected; nothing else (``"0.5"`` is not a float,
        ``1`` is not a bool)."""
        if value is None and self.default is None:
            return None
        ok: Any
        if self.type is bool:
            ok = value if isinstance(value, bool) else None
        elif self.type is int:
            ok = value if isinstance(value, int) and not isinstance(value, bool) else None
        elif self.type is float:
            ok = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        else:
            ok = value if isinstance(value, str) else None
        if ok is None:
            raise OptionError(
                f"option {self.name}={value!r}: expected {self.type_name}, got {type(value).__name__} ({self.help})"
            )
        if self.choices is not None and ok not in self.choices:
            raise OptionError(f"option {self.name}={value!r}: expected one of {', '.join(map(repr, self.choices))}")
        if self.minimum is not None and ok < self.minimum:
            raise OptionError(f"option {self.name}={value!r}: must be at least {self.minimum} ({self.help})")
        if self.maximum is not None and ok > self.maximum:
            raise OptionError(f"option {self.name}={value!r}: must be at most {self.maximum} ({self.help})")
        return ok

    def as_dict(self) -> dict[str, Any]:
        out = {"type": self.type_name, "default": self.default, "help": self.help}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        for bound in ("minimum", "maximum"):
            if getattr(self, bound) is not None:
                out[bound] = getattr(self, bound)
        return out


@dataclass(frozen=True)
class MetricSpec:
    """What a metric declares: ``version``, its ``scores`` and its ``options``."""

    version: str
    scores: tuple[SubScore, ...]
    options: tuple[Option, ...] = ()

    def __post_init__(self) -> None:
        for kind, names in (("sub-score", [s.name for s in self.scores]), ("option", [o.name for o in self.options])):
            dup = {n for n in names if names.count(n) > 1}
            if dup:
                raise ValueError(f"{kind} declared twice: {', '.join(sorted(dup))}")
        if not self.scores:
            raise ValueError("a metric spec declares at least one sub-score")

    def score(self, name: str) -> SubScore | None:
        return next((s for s in self.scores if s.name == name), None)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    @property
    def meanings(self) -> dict[str, str]:
        return {s.name: s.meaning for s in self.scores}

    @property
    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def as_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "scores": {s.name: s.as_dict() for s in self.scores},
            "options": {o.name: o.as_dict() for o in self.options},
        }


class Metric(Protocol):
    name: str
    description: str  # one line, shown by `surveybench score` and the leaderboard
    paper: str  # e.g. "SurveyGen §3.2, App. D.1"
    requires: frozenset[str]  # resources from MetricContext: "embedder", "judge", "nli", "title_index"
    spec: MetricSpec
    # optional: ``provides: tuple[ResourceDecl, ...]`` (resources the metric brings along) and
    # ``requires_any: tuple[frozenset[str], ...]`` (alternatives to ``requires``)

    def compute(self, candidate: Survey, reference: Survey, ctx: MetricContext) -> MetricResult: ...


REGISTRY: dict[str, Metric] = {}


def spec_of(metric: Any) -> MetricSpec:
    """The metric's :class:`MetricSpec`, or a ``TypeError`` saying how to declare one."""
    spec = getattr(metric, "spec", None)
    if not isinstance(spec, MetricSpec):
        raise TypeError(
            f"metric {getattr(metric, 'name', metric)!r} declares no spec: give its class "
            "`spec = MetricSpec(version=..., scores=(higher(...), ...), options=(Option(...), ...))` "
            "(see surveybench.metrics.base)"
        )
    return spec


def _check_shared_options(metric: Any, others: Iterable[Any]) -> None:
    """Two metrics may read the same option (``citation_title_threshold``) only if they declare
    it alike: one ``--option`` sets it for both."""
    def declared(o: Option) -> tuple[Any, ...]:
        return o.type, o.default, o.minimum, o.maximum

    mine = {o.name: o for o in spec_of(metric).options}
    for other in others:
        for o in spec_of(other).options:
            if o.name in mine and declared(mine[o.name]) != declared(o):
                raise ValueError(
                    f"option {o.name!r} is declared differently by {metric.name!r} and {other.name!r}"
                )


def register(metric: Metric) -> Metric:
    if metric.name in REGISTRY:
        raise ValueError(f"metric {metric.name!r} registered twice")
    spec_of(metric)
    _check_shared_options(metric, REGISTRY.values())
    REGISTRY[metric.name] = metric
    return metric


def resolve_options(metrics: Sequence[Any], given: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Check ``given`` (flat ``--option`` values) against the specs of the selected ``metrics``
    and return each metric's full options (its defaults, overridden by what was given).

    An option no selected metric reads is an error listing the valid ones (and naming the
    metric that reads it, if an unselected one does); a value of the wrong type is an error.
    """
    valid: dict[str, Option] = {}
    for m in metrics:
        for o in spec_of(m).options:
            valid.setdefault(o.name, o)
    checked: dict[str, Any] = {}
    for name, value in given.items():
        if name not in valid:
            readers = sorted(m.name for m in REGISTRY.values()
                             if isinstance(getattr(m, "spec", None), MetricSpec) and m.spec.option(name))
            where = (f" (it is read by {', '.join(readers)}, which {'is' if len(readers) == 1 else 'are'} not selected)"
                     if readers else "")
            listing = ", ".join(f"{n} ({o.type_name})" for n, o in sorted(valid.items())) or "none"
            close = difflib.get_close_matches(name, list(valid), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise OptionError(f"unknown option {name!r}{where}{hint}; valid options for the selected metrics: {listing}")
        checked[name] = valid[name].check(value)
    return {
        m.name: {o.name: checked.get(o.name, o.default) for o in spec_of(m).options}
        for m in metrics
    }


def load_all() -> dict[str, Metric]:
    """Import every module of the ``surveybench.metrics`` package so each registers its metric.

    Metric modules import heavy dependencies (torch, transformers) inside functions, so this
    stays cheap and a missing optional dependency only breaks the metric that needs it.
    """
    from surveybench import metrics as package

    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_") and info.name != "base":
            importlib.import_module(f"{package.__name__}.{info.name}")
    return REGISTRY


def get_metric(name: str) -> Metric:
    load_all()
    try:
        return REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown metric {name!r}; known: {', '.join(sorted(REGISTRY))}") from None
