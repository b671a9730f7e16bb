"""The pure checks behind the API's input guards: depth, characters the database refuses, numbers."""

from __future__ import annotations

import pytest

from campaign.lib.input_checks import (
    NonFiniteNumber,
    RefusedCharacter,
    TooDeep,
    check_document,
    check_texts,
    finite_float,
    refused_character,
)


def nest(depth: int) -> object:
    value: object = "leaf"
    for _ in range(depth):
        value = {"k": [value]}
    return value


def test_it_allows_a_document_as_deep_as_the_limit_and_refuses_one_level_more() -> None:
    check_document([[["x"]]], max_depth=3)
    with pytest.raises(TooDeep) as refused:
        check_document([[[["x"]]]], max_depth=3)
    assert refused.value.where == "[0][0][0]"


def test_it_walks_a_document_far_deeper_than_the_recursion_limit_without_recursing() -> None:
    with pytest.raises(TooDeep):
        check_document(nest(5_000))


@pytest.mark.parametrize(
    ("document", "where"),
    [
        ({"a": {"b": "x\x00"}}, "a.b"),
        ({"a": [{"\x00": 1}]}, "a[0]"),
        (["ok", "\ud800"], "[1]"),
        ("\udfff", "(top level)"),
    ],
)
def test_it_names_where_a_refused_character_is(document: object, where: str) -> None:
    with pytest.raises(RefusedCharacter) as refused:
        check_document(document)
    assert refused.value.where == where


def test_it_accepts_ordinary_text_in_any_script() -> None:
    check_document({"имя": "Šárka 🐉", "tabs\tand\nnewlines": ["\u0001"]})
    assert refused_character("Grünewald") is None


def test_it_checks_form_names_and_values() -> None:
    check_texts([("name", ["Bob"])])
    with pytest.raises(RefusedCharacter):
        check_texts([("na\x00me", ["Bob"])])
    with pytest.raises(RefusedCharacter):
        check_texts([("name", ["Bob", "B\x00b"])])


def test_it_refuses_a_number_too_large_for_a_float() -> None:
    assert finite_float("1.5e3") == 1500.0
    with pytest.raises(NonFiniteNumber):
        finite_float("1e400")
