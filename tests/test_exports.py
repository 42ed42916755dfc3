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
XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"


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
    assert header.get("srclang") == "nb" and header.get("segtype") == "paragraph"
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
    """Tagged "da" and "da-DK" (OmegaT picks a <tuv> by language, then region): a project from da to
    da-DK finds a source and a target in every unit (tests/test_cat_clients.py runs it)."""
    from translate.storage import tmx

    code, out, err = run("export", "tmx", "--edition", "da-2001", "--edition", "da-2017")
    assert code == 0, err
    root = etree.fromstring(out)
    assert root.find("header").get("srclang") == "da"
    for tu in root.iter("tu"):
        assert [t.get(XML) for t in tu.findall("tuv")] == ["da", "da-DK"]
        assert [t.find("prop[@type='x-edition']").text for t in tu.findall("tuv")] == ["da-2001", "da-2017"]
    store = tmx.tmxfile.parsestring(out)
    assert len(store.units) >= 300 and all(u.source and u.target for u in store.units)
    code, out, err = run("export", "tmx", "--edition", "da-2017", "--edition", "da-2001")
    first = etree.fromstring(out).find("body/tu")
    assert [t.get(XML) for t in first.findall("tuv")] == ["da", "da-DK"]  # the first edition named is "da"
    code, out, err = run(
        "export", "tmx", "--edition", "sv-2009", "--edition", "da-2001", "--edition", "da-2017"
    )
    tags = {t.find("prop[@type='x-edition']").text: t.get(XML) for t in etree.fromstring(out).iter("tuv")}
    assert tags == {"sv-2009": "sv", "da-2001": "da", "da-2017": "da-DK"}


def test_xliff_of_one_language_names_two_tags():
    code, out, err = run("export", "xliff", "--edition", "da-2001", "--edition", "da-2017")
    assert code == 0, err
    file_node = etree.fromstring(out).find(f"{XLIFF}file")
    assert (file_node.get("source-language"), file_node.get("target-language")) == ("da", "da-DK")


def test_language_tags_tell_every_edition_apart():
    from extract.reports.cat import language_tags

    languages = {"da-2001": "da", "da-2017": "da", "da-2023": "da", "hu-2018": "hu", "pt-2020": "pt-BR"}
    assert language_tags(["hu-2018", "da-2001"], languages) == {"hu-2018": "hu", "da-2001": "da"}
    assert language_tags(["da-2017", "da-2001", "da-2023"], languages) == {
        "da-2017": "da",
        "da-2001": "da-DK",  # CLDR's likeliest region for Danish
        "da-2023": "da-x-2023",  # a private-use subtag once the region is taken
    }
    same = {"da-2023": "da", "da_2023": "da", "da-2001": "da"}  # two ids with one private-use subtag
    assert language_tags(["da-2001", "da-2023", "da_2023"], same) == {
        "da-2001": "da",
        "da-2023": "da-DK",
        "da_2023": "da-x-2023",
    }
    assert (
        len(set(language_tags(["da-2001", "da-2017", "da-2023", "da_2023"], same | languages).values())) == 4
    )
    assert language_tags(["pt-2020", "pt-2021"], languages | {"pt-2021": "pt-BR"}) == {
        "pt-2020": "pt-BR",
        "pt-2021": "pt-BR-x-2021",  # a code with a region already: no likelier one
    }


def test_tbx_basic_2008_has_concepts_and_language_sections():
    from translate.storage import tbx

    code, out, err = run("export", "tbx")
    assert code == 0, err
    root = etree.fromstring(out)
    assert root.tag == "martif" and root.get("type") == "TBX-Basic"
    concepts = root.findall(".//termEntry")
    assert len(concepts) >= 150
    languages = {s.get(XML) for s in root.iter("langSet")}
    assert {"da", "sv", "nb", "hu", "en"} <= languages
    arbiter = next(c for c in concepts if c.get("id") == "arbiter")
    danish = arbiter.find(f"langSet[@{XML}='da']")
    notes = {t.findtext("term"): t.findtext("note") for t in danish.findall("tig")}
    assert notes == {
        "turneringsleder": "turneringsleder: used in da-2001",
        "dommer": "dommer: used in da-2017",
    }
    assert arbiter.find(f"langSet[@{XML}='en']/descrip[@type='definition']") is not None
    assert "dommer" in arbiter.findtext("note")  # the translators' notes of the concept
    store = tbx.tbxfile(out)
    assert len(store.units) == len(concepts)


def test_tbx_v3_on_request():
    code, out, err = run("export", "tbx", "--dialect", "v3")
    assert code == 0, err
    root = etree.fromstring(out)
    assert root.tag == f"{TBX}tbx" and len(root.findall(f".//{TBX}conceptEntry")) >= 150
    assert {s.get(XML) for s in root.iter(f"{TBX}langSec")} >= {"da", "sv", "nb", "hu", "en"}
    code, _, err = run("export", "tbx", "--dialect", "v9")
    assert code == 2 and "v9" in err


def test_xliff_source_and_target():
    from translate.storage import xliff

    code, out, err = run("export", "xliff", "--edition", "nb-2014", "--edition", "da-2017")
    assert code == 0, err
    store = xliff.xlifffile.parsestring(out)
    assert store.getsourcelanguage() == "nb" and store.gettargetlanguage() == "da"
    assert len(store.units) >= 400 and all(u.source and u.target == u.source for u in store.units)
    assert all(not u.istranslated() and u.getalttrans()[0].target for u in store.units)
    assert b'version="1.2"' in out[:200]
    code, translated, err = run(
        "export", "xliff", "--edition", "nb-2014", "--edition", "da-2017", "--layout", "translated"
    )
    assert code == 0, err
    store = xliff.xlifffile.parsestring(translated)
    assert len(store.units) >= 400 and all(u.target and u.target != u.source for u in store.units[:50])
    root = etree.fromstring(translated)
    assert {t.get("state") for t in root.iter(f"{XLIFF}target")} == {"translated"}
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
    for kind, name in (
        (["tmx", "--edition", "nb-2014", "--edition", "da-2017"], "x.tmx"),
        (["xliff", "--edition", "nb-2014", "--edition", "da-2017"], "x.xlf"),
    ):
        code, _, err = run("export", *kind, "--out", str(tmp_path / name))
        code, _, err = run("export", *kind, "--out", str(tmp_path / name))
        assert code == 0, err  # each format recognises its own earlier file
    code, _, err = run("export", "tbx", "--out", str(tmp_path))
    assert code == 2 and "is a directory" in err
    code, _, err = run("export", "tbx", "--out", str(ROOT / "kb" / "x.tbx"))
    assert code == 2 and not (ROOT / "kb" / "x.tbx").exists()
    code, _, err = run("export", "tmx", "--edition", "nb-2014", "--edition", "xx-1999")
    assert code == 2 and "unknown edition 'xx-1999'" in err
