"""Judge spec strings, secret-free names, and Retry-After parsing."""

from __future__ import annotations

import email.utils
from pathlib import Path

import pytest

from surveybench.judges import DEFAULT_JUDGE_SPEC, JudgeSpecError, local_smollm2_path, parse_spec
from surveybench.judges.backends import parse_retry_after
from surveybench.judges.usage import lookup_price, price_table


def test_openai_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    spec = parse_spec("openai:gpt-4o-mini")
    assert (spec.kind, spec.model, spec.base_url) == ("openai", "gpt-4o-mini", "https://api.openai.com/v1")
    assert spec.name == "openai:gpt-4o-mini"
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(JudgeSpecError, match="OPENAI_API_KEY"):
        spec.api_key()
    monkeypatch.setenv("OPENAI_BASE_URL", "http://proxy.local:9000/v1/")
    assert parse_spec("openai:gpt-4o").base_url == "http://proxy.local:9000/v1"


def test_url_spec_keeps_slashes_in_model_and_drops_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = parse_spec("http://127.0.0.1:8000/v1@Qwen/Qwen2.5-7B-Instruct")
    assert (spec.base_url, spec.model) == ("http://127.0.0.1:8000/v1", "Qwen/Qwen2.5-7B-Instruct")
    secret = parse_spec("https://bob:sk-XYZ123@llm.example.org/v1?key=sk-XYZ123@llama3")
    assert "sk-XYZ123" not in secret.name and secret.name == "https://llm.example.org/v1@llama3"
    monkeypatch.delenv("SURVEYBENCH_JUDGE_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert spec.api_key() == "sk-no-key-required"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai")
    assert spec.api_key() == "sk-openai"
    monkeypatch.setenv("SURVEYBENCH_JUDGE_API_KEY", "sk-judge")
    assert spec.api_key() == "sk-judge"


def test_local_specs(tmp_path: Path) -> None:
    assert DEFAULT_JUDGE_SPEC == "local"
    spec = parse_spec("local")
    assert spec.kind == "local" and Path(spec.model) == local_smollm2_path()
    assert spec.name == "local:SmolLM2-135M-Instruct.Q4_1.gguf" and spec.is_tiny_local
    model = tmp_path / "big.gguf"
    model.write_bytes(b"GGUF")
    other = parse_spec(f"local:{model}")
    assert other.model == str(model) and other.is_tiny_local  # 4 bytes is tiny indeed
    assert other.name == "local:big.gguf"  # the file's name, never its local path
    with pytest.raises(JudgeSpecError, match="does not exist"):
        parse_spec(f"local:{tmp_path / 'missing.gguf'}")
    with pytest.raises(JudgeSpecError, match="gguf"):
        parse_spec(f"local:{tmp_path}")


@pytest.mark.parametrize("bad", ["", "gpt-4o", "openai:", "ftp://x/v1@m", "http://127.0.0.1:8000/v1"])
def test_bad_specs_are_explained(bad: str) -> None:
    with pytest.raises(JudgeSpecError):
        parse_spec(bad)


def test_bad_spec_message_hides_credentials() -> None:
    with pytest.raises(JudgeSpecError) as info:
        parse_spec("ftp://bob:sk-TOPSECRET@host/v1@m")
    assert "sk-TOPSECRET" not in str(info.value)


def test_parse_retry_after() -> None:
    assert parse_retry_after({"retry-after": "7"}) == 7.0
    assert parse_retry_after({"retry-after": "0.5"}) == 0.5
    assert parse_retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    now = 1_800_000_000.0
    date = email.utils.formatdate(now + 30, usegmt=True)
    assert parse_retry_after({"retry-after": date}, now=now) == pytest.approx(30.0)
    past = email.utils.formatdate(now - 30, usegmt=True)
    assert parse_retry_after({"retry-after": past}, now=now) == 0.0
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({"retry-after": "-3"}) is None
    assert parse_retry_after({}) is None and parse_retry_after(None) is None


def test_prices(monkeypatch: pytest.MonkeyPatch) -> None:
    table = price_table()
    assert lookup_price("gpt-4o-mini", table) == (0.15, 0.60)
    assert lookup_price("gpt-4o-mini-2024-07-18", table) == (0.15, 0.60)  # dated snapshot
    assert lookup_price("gpt-4o-2024-08-06", table) == (2.50, 10.00)
    assert lookup_price("llama3", table) is None
    monkeypatch.setenv("SURVEYBENCH_JUDGE_PRICES", '{"llama3": [0.1, 0.2]}')
    assert lookup_price("llama3", price_table({"x": (1.0, 1.0)})) == (0.1, 0.2)
    monkeypatch.setenv("SURVEYBENCH_JUDGE_PRICES", "not json")
    with pytest.raises(ValueError, match="SURVEYBENCH_JUDGE_PRICES"):
        price_table()
