"""Parameters read by their place in a renumbered text, on a real build (issue 24): a pseudo-Georgian
text of the 2023 Laws (tools/unseen_language.py; no language file, words nobody reads) aligned with
da-2017, whose Appendix A numbers the same provisions one section lower (2017 A.3.1.1 "at most three
games" is 2023 A.4.1.1). One sentence is removed (its parameter must be absent, never guessed from the
references or a neighbour) and one number changed (never read as the Laws' number, never corrected:
the lint says "the text says 4 where the Laws say 3")."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_project, drop_in, load

from extract.cli import main

sys.path.insert(0, str(ROOT / "tools"))
import unseen_language as unseen  # noqa: E402  (a script of tools/, not a package)

REMOVED = "This may be requested a maximum of five times in a game."  # A4.2; B.2.3 keeps its own
CHANGED = ("supervises at most three games", "supervises at most 4 games")  # A4.1.1


@pytest.fixture(scope="module")
def renumbered(tmp_path_factory):
    if not (unseen.SHARED / "en-2023.txt").is_file():
        pytest.skip("../shared/editions is absent")
    source = unseen.source_text("en-2023")
    assert source.count(REMOVED) == 2 and source.count(CHANGED[0]) == 1
    source = source.replace(REMOVED, "", 1).replace(*CHANGED)
    tmp = tmp_path_factory.mktemp("renumbered")
    corpus, kb = copy_project(tmp, ["da-2017"])
    text = tmp / "ka-2023.txt"
    text.write_text(unseen.make_text(source, unseen.VARIANTS["ka-2023"]), "utf-8")
    drop_in(corpus, [(text, "ka", "2023", "2023-01-01")])
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    return corpus, kb


def test_renumbered_provisions_are_aligned_and_read_by_their_place(renumbered):
    _, kb = renumbered
    rules = {
        r["label"]: r["rule"] for r in load(kb / "generated" / "alignment.yaml") if r["edition"] == "ka-2023"
    }
    assert rules["A.4.1.1"] == "rapid-competition-rules-apply"  # not 2017's A.4.1.1, the clock setting
    assert rules["A.4.2"] == "rapid-scoresheet-view" and rules["A.5.1.2"] == "rapid-setup-claims-closed"
    rows = {
        (p["parameter"], p["rule"]): p
        for p in load(kb / "generated" / "parameters.yaml")
        if p["edition"] == "ka-2023"
    }
    assert rows[("rapid.moves_before_setup_claims_closed", "rapid-setup-claims-closed")]["label"] == "A.5.1"
    assert rows[("rapid.moves_before_setup_claims_closed", "rapid-setup-claims-closed")]["value"] == 10
    assert rows[("scoresheet_view.max_requests", "blitz-scoresheet-view")]["value"] == 5  # B.2.3 says it
    # the removed sentence: absent, though da-2017 states 5 there and B.2.3 states 5 next door
    assert ("scoresheet_view.max_requests", "rapid-scoresheet-view") not in rows
    # the changed number: never the Laws' 3 (read as 4 by the words, or not read by the place)
    supervised = rows.get(("rapid.max_supervised_games", "rapid-competition-rules-apply"))
    assert supervised is None or supervised["value"] == 4


def test_the_changed_number_is_a_finding(renumbered):
    corpus, kb = renumbered
    args = ["lint", "--edition", "ka-2023", "--format", "json", "--corpus", str(corpus), "--kb", str(kb)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    findings = [f for f in json.loads(result.output)["findings"] if f["kind"] == "laws-divergence"]
    [changed] = [f for f in findings if f["label"] == "A.4.1.1"]
    assert changed["message"].startswith("says 4 here, where the translations of the 2017 Laws say 3")
    assert changed["compared_with"]["edition"] == "da-2017" and changed["compared_with"]["label"] == "A.3.1.1"
    assert not [f for f in findings if f["label"] == "A.4.2"]  # nothing stands there: nothing to say
