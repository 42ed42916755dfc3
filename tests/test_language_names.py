"""The English name of an edition's language on the site comes from CLDR, for any language."""

from extract.site.common import english_name


def test_a_language_nobody_curated_is_named_by_cldr_and_an_unknown_code_stays_a_code() -> None:
    assert english_name("da") == "Danish"
    assert english_name("ka") == "Georgian"  # no kb/languages file, no hand table
    assert english_name("zh") == "Chinese"
    assert english_name("nn") == "Norwegian Nynorsk"
    assert english_name("qq") == "qq"
