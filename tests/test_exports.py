"""Files for CAT tools on the real KB: TMX 1.4b, TBX-Basic, XLIFF 1.2 (loaded back with
translate-toolkit and lxml), and the --out rules."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from extract.cli import main

ROOT = Path(__file__).parent.parent
XML = "{http://www.w3.org/XML/1998/namespace}lang"
TBX = "{urn:iso:std:iso:30042:ed-2}"


def run(*args: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout_bytes, result.stderr


@pytest.fixture(scope="module")
def nb_da() -> bytes:
    code, out, err = run("export", "tmx", "--edition", "nb-2014", "--edition", "da-2017")
    assert code == 0, err
    return out


def test_tmx_loads_in_translate_toolkit_with_sentence_units(nb_da):
    from translate.storage import tmx

    store = tmx.tmxfile.parsestring(nb_da)
    bilingual = [u for u in store.units if u.source and u.target]
    assert len(bilingual) >= 400
    root = etree.fromstring(nb_da)
    segs = [" ".join(s.text.split()) for s in root.iter("seg")]
    assert statistics.mean(len(s.split()) for s in segs) <= 35


def test_tmx_structure_is_tmx_14b_and_meets_omegat(nb_da):
    root = etree.fromstring(nb_da)
    assert root.tag == "tmx" and root.get("version") == "1.4"
    header = root.find("header")
    for attribute in ("creationtoolversion", "adminlang", "datatype", "o-tmf"):
        assert header.get(attribute)
    assert header.get("srclang") == "nb" and header.get("segtype") == "sentence"
    assert header.get("creationtool") == "chesslaws"
    for tu in root.find("body"):
        assert tu.tag == "tu"
        tags = [child.tag for child in tu]
        assert tags.index("tuv") > max((i for i, t in enumerate(tags) if t == "prop"), default=-1)
        assert tu.find("prop[@type='x-rule']") is not None
        for tuv in tu.findall("tuv"):
            assert tuv.get(XML) in ("nb", "da")
            assert [c.tag for c in tuv][-1] == "seg"
            assert tuv.find("prop[@type='x-edition']").text in ("nb-2014", "da-2017")
            assert tuv.find("prop[@type='x-label']") is not None


def test_two_danish_editions_stay_apart():
    code, out, err = run("export", "tmx", "--edition", "da-2001", "--edition", "da-2017")
    assert code == 0, err
    root = etree.fromstring(out)
    tu = root.find("body/tu")
    assert [t.get(XML) for t in tu.findall("tuv")] == ["da", "da"]
    assert [t.find("prop[@type='x-edition']").text for t in tu.findall("tuv")] == ["da-2001", "da-2017"]


def test_tbx_basic_has_concepts_and_language_sections():
    code, out, err = run("export", "tbx")
    assert code == 0, err
    root = etree.fromstring(out)
    assert root.get("type") == "TBX-Basic"
    concepts = root.findall(f".//{TBX}conceptEntry")
    assert len(concepts) >= 150
    languages = {s.get(XML) for s in root.iter(f"{TBX}langSec")}
    assert {"da", "sv", "nb", "hu", "en"} <= languages
    arbiter = next(c for c in concepts if c.get("id") == "arbiter")
    danish = arbiter.find(f"{TBX}langSec[@{XML}='da']")
    notes = {t.findtext(f"{TBX}term"): t.findtext(f"{TBX}note") for t in danish.findall(f"{TBX}termSec")}
    assert notes == {"turneringsleder": "used in da-2001", "dommer": "used in da-2017"}
    assert arbiter.find(f".//{TBX}descrip[@type='definition']") is not None


def test_xliff_source_and_target():
    from translate.storage import xliff

    code, out, err = run("export", "xliff", "--edition", "nb-2014", "--edition", "da-2017")
    assert code == 0, err
    store = xliff.xlifffile.parsestring(out)
    assert store.getsourcelanguage() == "nb" and store.gettargetlanguage() == "da"
    assert len(store.units) >= 400 and all(u.source and u.target for u in store.units)
    assert b'version="1.2"' in out[:200]
    code, _, err = run("export", "xliff", "--edition", "nb-2014")
    assert code == 2 and "exactly two editions" in err


def test_out_is_atomic_and_refuses_what_it_must(tmp_path):
    target = tmp_path / "terms.tbx"
    code, _, err = run("export", "tbx", "--out", str(target))
    assert code == 0, err and target.read_bytes().startswith(b"<?xml")
    code, _, err = run("export", "tbx", "--out", str(target))
    assert code == 0, err  # its own file may be replaced
    foreign = tmp_path / "notes.txt"
    foreign.write_text("mine", encoding="utf-8")
    code, _, err = run("export", "tbx", "--out", str(foreign))
    assert code == 2 and "not written by chesslaws" in err and foreign.read_text() == "mine"
    readme = tmp_path / "README.md"  # a file that merely mentions chesslaws is not ours either
    readme.write_text("# chesslaws\n\nmake build\n", encoding="utf-8")
    for kind in (["tbx"], ["tmx", "--edition", "nb-2014", "--edition", "da-2017"]):
        code, _, err = run("export", *kind, "--out", str(readme))
        assert code == 2 and "not written by chesslaws" in err, err
    assert readme.read_text(encoding="utf-8") == "# chesslaws\n\nmake build\n"
    for kind, name in ((["tmx", "--edition", "nb-2014", "--edition", "da-2017"], "x.tmx"),
                       (["xliff", "--edition", "nb-2014", "--edition", "da-2017"], "x.xlf")):
        code, _, err = run("export", *kind, "--out", str(tmp_path / name))
        code, _, err = run("export", *kind, "--out", str(tmp_path / name))
        assert code == 0, err  # each format recognises its own earlier file
    code, _, err = run("export", "tbx", "--out", str(tmp_path))
    assert code == 2 and "is a directory" in err
    code, _, err = run("export", "tbx", "--out", str(ROOT / "kb" / "x.tbx"))
    assert code == 2 and not (ROOT / "kb" / "x.tbx").exists()
    code, _, err = run("export", "tmx", "--edition", "nb-2014", "--edition", "xx-1999")
    assert code == 2 and "unknown edition 'xx-1999'" in err
