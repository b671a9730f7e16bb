from tests.support.words_check import codes_in


def test_codes_in_finds_codes_slugs_and_rule_ids_but_not_words():
    assert codes_in("An opposed roll began: first_turn (AD-SET-01)") == ["AD-SET-01", "first_turn"]
    assert codes_in("Line trooper attacks Necromutant", slugs=["necromutant"]) == []
    assert codes_in("deploy necromutant", slugs=["necromutant"]) == ["necromutant"]
    assert codes_in("Судья: ход игрока bob; Mistr hry") == []
