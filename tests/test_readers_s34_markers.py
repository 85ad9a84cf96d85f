"""Citation-marker classes of the tuning splits met at stop 34 (issue 9), fixed by the files' own evidence.

Deep-research reports translated to Chinese: a bare source number before the full-width period, "表现出高效性 1。",
or glued to a full-width parenthesis, "（k-gram）2。". A glued run of more than 21 numbers ("we reviewed 24 studies50, 51,
..., 73"). LaTeX's "--" left as a range's dash ("[15--19]"). ACS articles as PDF text: the range's dash printed as a
minus sign, "(11 studies),59,60,63−70". A Pandoc superscript after a lone letter is a power, "R^2^ = 0.79", no citation.
Bold or italics closing before the period a number is glued to, "wall-clock time**.38". MinerU's year letter set upright
in a formula, "Wang et al., $2 0 2 4 \\mathrm { c }$".

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from tests.reader_helpers import linked_markers, read_text, with_list


def _sources(n: int) -> list[str]:
    return [f"{i}. Source page number {i}, accessed May 29, 2025, https://example.org/page{i}" for i in range(1, n + 1)]


def test_bare_numbers_before_full_width_punctuation(tmp_path: Path) -> None:
    section = ("传统的去重方法在处理大规模文本集合时表现出高效性 1。然而程序的底层逻辑保持不变 3。"
               "其值范围从0到1（集合完全相同）2。这通过分片完成（k-gram）4，随后被哈希为整数 5；")
    survey = read_text(tmp_path, with_list("去重方法研究", section, _sources(5)))
    # before: none read (the run must close with ASCII punctuation or the line)
    assert linked_markers(survey) == [("1", ["1"], []), ("3", ["3"], []), ("2", ["2"], []), ("4", ["4"], []), ("5", ["5"], [])]


def test_glued_run_of_more_than_twenty_one_numbers(tmp_path: Path) -> None:
    run = ", ".join(str(n) for n in range(2, 26))
    section = f"Weight loss was reported in many cohorts.1 In total, we reviewed 24 studies, most of them recent.{run} They differ."
    entries = [f"{n}. Author{n} A, Other B. A cohort study number {n}. Obes Rev. 2024;{n}:1-9." for n in range(1, 26)]
    survey = read_text(tmp_path, with_list("Real-world weight loss", section, entries))
    # before: the run cut after 21 numbers, "2, ..., 22" (23, 24, 25 missed)
    assert [(m, ids) for m, ids, _u in linked_markers(survey)] == [("1", ["1"]), (run, [str(n) for n in range(2, 26)])]


def test_bracketed_range_with_a_double_hyphen(tmp_path: Path) -> None:
    section = "Blood pressure fell by 5--6 mmHg [2--4], more than with placebo [1]."
    entries = [f"[{n}] Author{n} A. A trial number {n}. Lancet. 2020;{n}:1-9." for n in range(1, 6)]
    survey = read_text(tmp_path, with_list("Dual agonists", section, entries))
    # before: "[2--4]" not read
    assert linked_markers(survey) == [("[2--4]", ["2", "3", "4"], []), ("[1]", ["1"], [])]


def test_glued_range_printed_with_a_minus_sign(tmp_path: Path) -> None:
    section = ("The most frequently tested were FTOH\n(11 studies),1,2,4−6 and FTSA (4 studies).3 Few studies tested mixtures of "
               "PFAS.7−9 The focus is aerobic.")
    entries = [f"({n}) Author{n}, A.; Other, B. Biotransformation study {n}. Environ. Sci. Technol. 2020, {n}, 1−9." for n in range(1, 10)]
    survey = read_text(tmp_path, with_list("PFAS biotransformation", section, entries))
    # before: "1,2,4−6" and "7−9" not read (the minus sign is no dash the runs knew)
    assert linked_markers(survey) == [("1,2,4−6", ["1", "2", "4", "5", "6"], []), ("3", ["3"], []), ("7−9", ["7", "8", "9"], [])]


def test_pandoc_superscript_after_a_lone_letter_is_a_power(tmp_path: Path) -> None:
    section = ("The model reached R^2^ = 0.79 and R^2^ = 0.81 on two endpoints, R^2^ = 0.70 on the third, and R^2^ = 0.66 with "
               "leakage removed (Aitchison, 1986; Cole, 2020). Compositional data need log-ratios (Egozcue et al., 2003), as "
               "the closure of parts shows (Aitchison, 1986).")
    entries = ["1. Aitchison, J. (1986). The Statistical Analysis of Compositional Data. Chapman and Hall.",
               "2. Cole, J. M. (2020). A design-to-device pipeline for data-driven materials discovery. *Acc. Chem. Res.* 53, 599-610.",
               "3. Egozcue, J. J., Pawlowsky-Glahn, V., Mateu-Figueras, G., and Barcelo-Vidal, C. (2003). Isometric logratio "
               "transformations for compositional data analysis. *Math. Geol.* 35, 279-300."]
    survey = read_text(tmp_path, with_list("Hydrogel adhesion", section, entries))
    # before: "R^2^" read as citation [2] four times, the text taken as numbered and its keys never read
    assert linked_markers(survey) == [
        ("(Aitchison, 1986; Cole, 2020)", ["1", "2"], []), ("(Egozcue et al., 2003)", ["3"], []), ("(Aitchison, 1986)", ["1"], []),
    ]


def test_glued_number_after_emphasis_closing_before_the_period(tmp_path: Path) -> None:
    section = ("Managed fine-tuning costs a steep **$100 per hour of wall-clock time**.2 Synthetic data is *\"over 10x cheaper than "
               "human annotation\"*.3 A curriculum builds a *closed-loop environment*.1 Costs rose.4 ")
    survey = read_text(tmp_path, with_list("Self-generated data costs", section, _sources(4)))
    # before: only "4" read (bold or italics between the word and the period)
    assert linked_markers(survey) == [("2", ["2"], []), ("3", ["3"], []), ("1", ["1"], []), ("4", ["4"], [])]


def test_year_letter_set_upright_in_a_formula(tmp_path: Path) -> None:
    section = "One-step samplers distil a teacher (Yue et al., 2023; Wang et al., $2 0 2 4 \\mathrm { c }$ ; Luo et al., $2 0 2 3 \\mathrm { a }$)."
    entries = ["Simian Luo, Yiqin Tan, and Hang Zhao. Latent consistency models. arXiv preprint, 2023a.",
               "Simian Luo, Yiqin Tan, and Hang Zhao. Lcm-lora: a universal acceleration module. arXiv preprint, 2023b.",
               "Yufei Wang, Wenhan Yang, and Bihan Wen. Exploiting diffusion prior. In CVPR, 2024b.",
               "Yufei Wang, Wenhan Yang, and Bihan Wen. Sinsr: diffusion-based image super-resolution in a single step. In CVPR, 2024c.",
               "Zongsheng Yue, Jianyi Wang, and Chen Change Loy. Resshift: efficient diffusion model. In NeurIPS, 2023."]
    survey = read_text(tmp_path, with_list("One-step super-resolution", section, entries))
    titles = {r.id: (r.title or "").split(":")[0].split()[0] for r in survey.references}
    # before: "$2 0 2 4 \\mathrm { c }$" not read as the year 2024c (Wang and Luo missed)
    assert [([titles[i] for i in ids], u) for _m, ids, u in linked_markers(survey)] == [(["Resshift", "Sinsr", "Latent"], [])]


def test_chinese_quantity_then_source_number_and_values_after_is(tmp_path: Path) -> None:
    section = ("排列数的常见值范围为128到240 3。签名长度固定为 2。哈希函数的数量约 4。近乎重复文档的检测表现出高效性 1。"
               "控制流图编码程序行为 5。")
    survey = read_text(tmp_path, with_list("去重方法研究", section, _sources(5)))
    # before: "3" missed (after a number), and with full-width periods read, "为 2" and "约 4" would be values taken as sources
    # ("行为 5": behaviour, a noun closing the clause)
    assert linked_markers(survey) == [("3", ["3"], []), ("1", ["1"], []), ("5", ["5"], [])]


def test_number_after_a_latex_operator_is_an_operand(tmp_path: Path) -> None:
    section = "各项分别赋值 $1\\sim 4$ ，加总求得得分。控制流图编码程序行为 2。"
    survey = read_text(tmp_path, with_list("失能研究", section, _sources(4)))
    # before (with full-width commas read): "4" after "\\sim" taken as source 4
    assert linked_markers(survey) == [("2", ["2"], [])]
