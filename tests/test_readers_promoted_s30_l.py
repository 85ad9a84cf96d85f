"""Reference-list failure classes of the splits promoted to tuning at stop 30 (issue 9), fixed by the files' own evidence.

Lists cut by headings a converter made of their pieces (an entry's tail, its next entry, its authors, a page's
running head); Nature's and PNAS's lists printed without a heading ("- 1. Sutton, R. & Barto, A. ... (1998).");
a list whose first entries a page took; entries a converter marked up (an italic tail, a whole entry made a link,
a label set apart by the PDF's kerning, a few items of a bulleted list numbered); a working paper's tables after
its list; an entry's wrapped volume and issue read as a source number.

Expected values are read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from surveybench.readers.reflist import split_reference_lines
from tests.reader_helpers import read_text


def test_headings_made_of_entry_pieces_leave_a_numbered_list_open(tmp_path: Path) -> None:
    # PyMuPDF text (ACGS): the list opened by a plain "References" line; "## R." is the middle of "[2] Andrew R.
    # Chow.", "## Pakdd, 2019." the tail of entry 3 -- the number after each heading continues the list
    text = (
        "# Trustworthy models\n\n## Introduction\n\nModels grow fast [2] and learn from few samples [3, 4].\n\n"
        "## Conclusion\n\nMore work is needed.\n\nReferences\n\n"
        "[1] Long Ouyang, Jeffrey Wu. Training language models to follow instructions. NeurIPS, 2022.\n\n"
        "[2] Andrew\n\n## R.\n\nChow. How chatgpt managed to grow faster than tiktok. https://time.com/6253615.\n\n"
        "[3] Xianchao Zhang and Hong Yu. One shot learning with margin. In\n\n## Pakdd, 2019.\n\n"
        "[4] Geoffrey E. Hinton and Jeffrey Dean. Distilling the knowledge in a neural network. ArXiv, 2015.\n"
    )
    survey = read_text(tmp_path, text)
    # before: the list ended at "## R." (two entries, "R." and "Pakdd, 2019." sections of the paper)
    assert [s.title for s in survey.top_level_sections()] == ["Introduction", "Conclusion"]
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"], ["4"]]
    assert survey.references[1].raw is not None and survey.references[1].raw.startswith("Andrew R. Chow. How chatgpt")
    assert survey.references[2].raw is not None and survey.references[2].raw.endswith("Pakdd, 2019.")
    # a dotted list whose next entry a page break glued to a line's end ("MIT press3."), its pieces made headings
    # one after another, the next entry a heading itself
    text = (
        "# NLP survey\n\n## Introduction\n\nParsing [1, 2] and translation [4, 5] are old tasks.\n\n## References\n\n"
        "1. Ahonen H, Heinonen O (1998) Applying data mining techniques. In ADL 98. IEEE\n"
        "2. Alshawi H (1992) The core language engine. MIT press3. Alshemali B, Kalita J (2020) Improving the reliability of\n"
        "### Based Syst 191:105210\n"
        "### Transactions on Circuits and Systems 30(11):4368 –4379\n"
        "### 4. Andreev ND (1967) The intermediary language as the focal point of machine translation.\n"
        "5. Androutsopoulos I, Paliouras G (2000) Learning to filter spam e-mail. arXiv\n"
        "preprint cs/0009009\n"
    )
    survey = read_text(tmp_path, text)
    assert [s.title for s in survey.top_level_sections()] == ["Introduction"]
    assert [r.numbers for r in survey.references] == [["1"], ["2"], ["3"], ["4"], ["5"]]


def test_author_headings_and_a_running_head_inside_an_unnumbered_list(tmp_path: Path) -> None:
    # MinerU (ICLR): each entry's authors a "#" heading over its title, the page's head "# Published as ..." on every page
    text = (
        "# Recursive retrieval\n\n# Introduction\n\nLong contexts are hard (Cao & Wang, 2022; Chen et al., 2017).\n\n"
        "# Published as a conference paper at ICLR 2024\n\nWe build a tree.\n\n"
        "# Published as a conference paper at ICLR 2024\n\nIt summarises its nodes.\n\n# REFERENCES\n\n"
        "Iz Beltagy, Matthew E. Peters, and Arman Cohan. Longformer: The Long-document Transformer, 2020.\n\n"
        "Tom Brown, Benjamin Mann, and Nick Ryder. Language models are few-shot learners. In NeurIPS,\n\n"
        "# Published as a conference paper at ICLR 2024\n\n"
        "2020. URL https://proceedings.neurips.cc/paper/2020.\n\n"
        "# Shuyang Cao and Lu Wang\n\n"
        "HIBRIDS: Attention with hierarchical biases for structure-aware long document summarization. In ACL, 2022.\n\n"
        "# Danqi Chen, Adam Fisch, Jason Weston, and Antoine Bordes\n\n"
        "Reading Wikipedia to Answer Open-Domain Questions. In ACL, pp. 1870–1879, 2017.\n\n"
        "# A SCALABILITY OF THE TREE-BUILDING PROCESS\n\nThe build time grows linearly.\n"
    )
    survey = read_text(tmp_path, text)
    # before: four sections after the first two entries ("Published ...", two author lists, the appendix)
    assert [r.raw.split(".")[0] for r in survey.references if r.raw] == [
        "Iz Beltagy, Matthew E", "Tom Brown, Benjamin Mann, and Nick Ryder", "Shuyang Cao and Lu Wang",
        "Danqi Chen, Adam Fisch, Jason Weston, and Antoine Bordes"]
    assert [r.title for r in survey.references][2:] == [
        "HIBRIDS: Attention with hierarchical biases for structure-aware long document summarization",
        "Reading Wikipedia to Answer Open-Domain Questions"]
    marks = [m for _, _, m in survey.citation_marks()]
    assert [len(m.ref_ids) for m in marks] == [2]


def test_a_nature_list_without_a_heading_goes_on_in_a_later_section(tmp_path: Path) -> None:
    # Nature (docling): "- 1. Sutton, R. & Barto, A. ..." under "Online content", the Methods' entry 4 under
    # "Code availability"; the names open no author-year entry, the years in parentheses end every entry
    text = (
        "# Model collapse\n\n## Introduction\n\nLearning from rewards [1, 2] and images [3] drives agents [4].\n\n"
        "## Online content\n\nAny methods are available online.\n\n"
        "- 1. Sutton, R. & Barto, A. Reinforcement Learning: An Introduction (MIT Press, 1998).\n"
        "- 2. Thorndike, E. L. Animal Intelligence: Experimental studies (Macmillan, 1911).\n"
        "- 3. Schultz, W., Dayan, P. & Montague, P. R. A neural substrate of prediction and reward. Science 275, 1593–1599 (1997).\n"
        + "".join(f"- {n}. Author{chr(64 + n)}, B. & Other, C. Study number {n}. J. Res. {n}, 1–9 ({1990 + n}).\n" for n in range(4, 11))
        + "\nPublisher's note Springer Nature remains neutral.\n\n## Code availability\n\nCode is public.\n\n"
        "- 11. LeCun, Y., Cortes, C. & Burges, C. J. C. The MNIST database of handwritten digits (1998).\n\n"
        "Acknowledgements We thank our colleagues.\n"
    )
    survey = read_text(tmp_path, text)
    # before: no reference list found, every marker unresolved
    assert [r.numbers[0] for r in survey.references] == [str(n) for n in range(1, 12)]
    assert survey.references[0].title == "Reinforcement Learning: An Introduction"
    assert survey.references[10].raw is not None and survey.references[10].raw.startswith("LeCun, Y., Cortes")


def test_a_dotted_list_opens_past_the_entries_a_page_took() -> None:
    # MinerU: entries 1 to 5 lost with the page before the heading, the list opening in entry 5's tail; numbers
    # glued after the entries' pages ("...:349–359 6. Cardoso LDM")
    lines = [
        "and its co-products as a dietary system. Food Res Int 77:349–359 6. Cardoso LDM, Pinheiro SS",
        "(2017) Sorghum: Nutrients and bioactive compounds. Crit Rev Food Sci Nutr 57:372–390 7. Dykes L, Rooney LW",
        "(2010) Special sorghums for health foods. In: Advances in health. Pan Stanford 8. Dykes L (2008) Flavonoid",
        "composition of pigmented sorghums. Dissertation 9. Rooney LW, Miller FR (1982) Variation in the structure of",
        "sorghum. ICRISAT 10. Dykes L, Seitz L (2009) Flavonoid composition of red sorghum. Food Chem 116:313–317",
        "11. Waniska RD, Poe JH (1989) Effects of growth conditions on grain molding. J Cereal Sci 10:217–225",
    ]
    res = split_reference_lines(lines)
    # before: six unnumbered paragraphs, no entry printing its number
    assert [e.numbers for e in res.entries] == [["6"], ["7"], ["8"], ["9"], ["10"], ["11"]]
    assert res.entries[3].raw.startswith("Rooney LW, Miller FR (1982) Variation")


def test_italic_tails_and_linked_entries_end_entries_of_an_unnumbered_list() -> None:
    # marker: "_preprint arXiv:1905.12588, 2019._" (the year inside the emphasis) and an entry made a link
    lines = [
        "Khurram Javed and Martha White. Meta-learning representations for continual learning. arXiv",
        "_preprint arXiv:1905.12588, 2019._",
        "Ghassen Jerfel, Erin Grant, and Katherine Heller. Reconciling meta-learning and continual learning. arXiv",
        "preprint arXiv:1812.06080, 2018.",
        "M Pawan Kumar and Daphne Koller. Self-paced learning for latent variable models. In NeurIPS, 2010.",
        "[Yann LeCun. The MNIST database of handwritten digits, 1998.](http://yann.lecun.com/exdb/mnist/)",
        "Tsendsuren Munkhdalai and Hong Yu. Meta networks. In International Conference on Machine",
        "_Learning, pp. 2554–2563. PMLR, 2017._",
        "Anusha Nagabandi and Sergey Levine. Deep online learning via meta-learning. arXiv, 2018.",
    ]
    res = split_reference_lines(lines)
    # before: Jerfel run into Javed's entry, Nagabandi into Munkhdalai's, LeCun into Kumar's (four entries)
    assert [e.raw.split(" ")[0].lstrip("[") for e in res.entries] == ["Khurram", "Ghassen", "M", "Yann", "Tsendsuren", "Anusha"]


def test_number_labels_set_apart_by_kerning() -> None:
    # a PDF's text whose words the kerning set apart ("de vel opment"), its labels too: "7 .", "1 0." (as "2 4." for 24)
    lines = [
        "5. Fiorini N, Canese K. Best match: ne w r ele v ance sear ch for PubMed. PLoS Biol 2018;16:e2005343.",
        "6. Bor ah R, Br o wn A W. Analysis of the time needed for sy stematic r e vie ws. BMJ Open 2017;7:e012545.",
        "7 . Roth JA, Cristiano RJ. Gene ther ap y for cancer: what hav e w e done. J Natl Cancer Inst 1997;89:21–39.",
        "8. Nay ak A, Alkaitis MS. Com - parison of history summaries. JAMA Intern Med 2023;183:1026–7.",
    ]
    res = split_reference_lines(["1. Dugger SA, Platt A. Drug de vel opment. Nat Re v Drug Disco v 2018;17:183–96.",
                                 "2. Paananen J, Fortino V. An omics perspective. Brief Bioinform 2020;21:1937–53.",
                                 "3. Cannon M, Kiwala S. DGIdb 5.0. Nucleic Acids Res 2024;52:D1227–35.",
                                 "4. Jin Q, Lu Z. PubMed and be y ond. EBioMedicine 2024;100:104988.",
                                 *lines,
                                 "9. Hu M, Smith K. Ev aluation of large language models. Nat Methods 2025;22:82–91.",
                                 "1 0. Pantziarka P, Bouche G. An open acc ess database of cancer drugs. Fr ont Pharmacol 2021;12:627574."])
    # before: entry 7 lost (run into entry 6) and "1 0." left inside entry 9
    assert [e.numbers[0] for e in res.entries] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    assert res.entries[6].raw.startswith("Roth JA, Cristiano RJ")


def test_a_working_papers_tables_after_its_list_are_no_entries() -> None:
    # a Federal Reserve working paper: the tables follow the list, each under "Table N: its title"
    entries = [
        "Alquist, Ron and Lutz Kilian (2010) “What Do We Learn from the Price of Crude Oil Futures?”",
        "Journal of Applied Econometrics 25(4): 539–73.",
        "Ang, Andrew, Geert Bekaert, and Min Wei (2007) “Do Macro Variables, Asset Markets, or Surveys",
        "Forecast Inflation Better?” Journal of Monetary Economics 54(4): 1163–1212.",
        "Atkeson, Andrew and Lee E. Ohanian (2001) “Are Phillips Curves Useful for Forecasting Inflation?”",
        "Federal Reserve Bank of Minneapolis Quarterly Review 25(1): 2–11.",
        "Faust, Jon and Jonathan H. Wright (2013) “Forecasting Inflation” in Handbook of Economic Forecasting,",
        "Volume 2A. Amsterdam: North Holland, 2–56.",
        "Tulip, Peter (2009) “Has the Economy Become More Predictable? Changes in Greenbook",
        "Forecast Accuracy” Journal of Money, Credit and Banking 41(6): 1217–31.",
        "35",
    ]
    table = ["Table 1: Differences between Initial and Final Vintage Inflation Rates", "CPI", "Core CPI", "Absolute",
             "Difference difference", "Monthly Data", "Average", "0.00", "0.11", "0.09", "Standard deviation", "0.07",
             "0.04", "Notes: Monthly inflation rates are non-annualized percent changes.", "36",
             "Table 2: Monthly Nowcasting Performance Cases", "Date", "Case 1 Case 2 Case 3", "0.301 0.091"]
    res = split_reference_lines(entries + table)
    # before: the tables' lines read as 14 more entries
    assert [e.raw.split(",")[0] for e in res.entries] == ["Alquist", "Ang", "Atkeson", "Faust", "Tulip"]


def test_a_wrapped_volume_and_issue_is_no_source_number() -> None:
    # Elsevier (STOTEN): "52 (22), 13410–13420. https://..." opens the second line of an entry
    lines = [
        "Chen, G., Shen, J., Zhang, W., 2019. Reductive defluorination of PFOS. Water Res. 155, 10–18.",
        "https://doi.org/10.1016/j.watres.2019.02.020.",
        "Clark, K., Taggart, D.M., Löffler, F.E., 2018. Normalized quantitative PCR measurements as predictors for",
        "ethene formation at sites impacted with chlorinated ethenes. Environ. Sci. Technol.",
        "52 (22), 13410–13420. https://doi.org/10.1021/acs.est.8b04373.",
        "Duhamel, M., Edwards, E.A., 2006. Microbial composition of chlorinated ethene-degrading cultures. FEMS",
        "Microbiol. Ecol. 58, 538–549. https://doi.org/10.1111/j.1574-6941.2006.00191.x.",
        "East, A., Anderson, R.H., Salice, C.J., 2021. Per- and polyfluoroalkyl substances in surface water.",
        "Environ. Toxicol. Chem. 40, 859–870. https://doi.org/10.1002/etc.4893.",
        "Ewald, E.-M., Wagner, A., Lechner, U., 2007. Microbial dehalogenation of trichlorinated dibenzo-p-dioxins. Environ.",
        "41 (22), 7744–7751. https://doi.org/10.1021/es070935g.",
        "Hamid, H., Li, L.Y., Grace, J.R., 2020. Formation of perfluorocarboxylic acids from 6:2 FTS. mSystems",
        "1 (1). https://doi.org/10.1128/mSystems.00009-15.",
    ]
    res = split_reference_lines(lines)
    # before: read as a source list (three lines opening with numbers, addresses), "52", "41" and "1" its sources' numbers
    assert [e.raw.split(",")[0] for e in res.entries] == ["Chen", "Clark", "Duhamel", "East", "Ewald", "Hamid"]
    assert all(not e.numbers for e in res.entries)


def test_a_few_numbered_items_in_a_bulleted_list() -> None:
    # docling: a bulleted list, a few items numbered ("3. Anthropic. ...", "13. xAI. Grok 4. ...")
    lines = [
        "- A. Agarwal, A. Sengupta, and T. Chakraborty. First finish search. arXiv preprint arXiv:2505.18149 , 2025.",
        "- P. Aggarwal, S. Kim, and S. Saha. OptimalThinkingBench: Evaluating over and underthinking in LLMs. arXiv , 2025.",
        "3. Anthropic. Claude 3.7 sonnet system card. https://assets.anthropic.com/claude-3-7-sonnet.pdf , 2025a.",
        "- Anthropic. System card: Claude opus 4 & claude sonnet 4. https://www-cdn.anthropic.com/6d8a.pdf , 2025b.",
        "- Y. Wu, Y. Wang, and Y. Wang. When more is less: Understanding chain-of-thought length in LLMs. arXiv , 2025.",
        "13. xAI. Grok 4. https://x.ai/news/grok-4 , 2025.",
        "- A. Yang, A. Li, B. Yang, et al. Qwen3 technical report. arXiv preprint arXiv:2505.09388 , 2025.",
    ]
    res = split_reference_lines(lines)
    # before: "3. Anthropic" run into Aggarwal's entry and "13. xAI" into Wu's (five entries)
    assert [e.raw.split(".")[0] for e in res.entries] == ["A", "P", "Anthropic", "Anthropic", "Y", "xAI", "A"]
    assert res.entries[2].raw.startswith("Anthropic. Claude 3.7")
