"""Stage 2 with real judges (the project's judge layer) on the scripted loopback LLM server."""

from __future__ import annotations

from surveybench.data_builders.classify import classify, make_panel
from surveybench.judges.scripted_server import Fault


def test_majority_vote_with_a_failing_judge(scripted_llm, tmp_path):
    def reply(req):
        model = req.body.get("model")
        if model == "m2":
            return "I cannot decide."  # unparseable every time: a failed vote, not a FALSE
        return "TRUE" if "Deep Learning" in req.user else "FALSE"

    scripted_llm.default = reply
    panel = make_panel([f"{scripted_llm.base_url}@m{i}" for i in range(3)], cache_path=tmp_path / "j.sqlite")
    try:
        rec = classify({"corpus_id": "1", "title": "Deep Learning: A Survey",
                        "abstract": "This survey reviews deep learning."}, panel)
        assert rec["decision"] == "survey" and rec["is_survey"] is True
        votes = rec["votes"]
        assert [votes[n]["value"] for n in sorted(votes)] == [True, True, None]
        assert votes[sorted(votes)[2]]["ok"] is False and votes[sorted(votes)[2]]["error"]
        # two valid FALSE votes decide; one TRUE + two failures would be "undecided"
        rec = classify({"corpus_id": "2", "title": "A review of gardens", "abstract": "We grow tomatoes."}, panel)
        assert rec["decision"] == "not_survey"
        calls = scripted_llm.calls
        rec = classify({"corpus_id": "3", "title": "A review of X", "abstract": "  "}, panel)
        assert (rec["decision"], rec["reason"]) == ("excluded", "no abstract") and scripted_llm.calls == calls
        rec = classify({"corpus_id": "4", "title": "Deep nets", "abstract": "x"}, panel)
        assert rec["reason"] == "title has no survey phrase" and scripted_llm.calls == calls
    finally:
        panel.close()


def test_no_majority_is_undecided(scripted_llm, tmp_path):
    scripted_llm.default = lambda req: {"m0": "TRUE", "m1": "FALSE"}.get(req.body.get("model"), Fault.http(400))
    panel = make_panel([f"{scripted_llm.base_url}@m{i}" for i in range(3)], cache_path=tmp_path / "j.sqlite")
    try:
        rec = classify({"corpus_id": "5", "title": "An overview of Y", "abstract": "An overview."}, panel)
        assert rec["decision"] == "undecided" and rec["is_survey"] is False
        assert rec["reason"] == "no majority of valid votes"
    finally:
        panel.close()
