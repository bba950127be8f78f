"""The card faces (parlour/faces.py), drawn once for the room and the printed decks (issue 11):
French/Skat suits, the five Viashi suits in their colors with crowned royals and the named gods, the
Xuni animals and elephants, the maunwe devil, the Ahzchim chips."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from parlour import faces
from parlour.core.cards import DECKS, GODS

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(SVG + "text")]


def test_every_card_of_every_deck_has_a_well_formed_face():
    for deck in DECKS.values():
        for card in deck:
            root = ET.fromstring(faces.face(card))  # parses: well-formed XML
            width, height = faces.box(card)
            assert root.get("viewBox") == f"0 0 {width} {height}"
    assert ET.fromstring(faces.back()).get("viewBox") == "0 0 100 140"


def test_chips_are_round_and_cards_are_cards():
    for card in DECKS["ahzchim_chips"]:
        assert faces.box(card) == (100, 100)
        assert ET.fromstring(faces.face(card))[0].tag == SVG + "circle"
    for name in ("french52", "viashi", "xuni", "maunwe"):
        assert all(faces.box(card) == (100, 140) for card in DECKS[name])


def test_viashi_suits_in_their_colors_royals_crowned_gods_named():
    for suit, look in faces.VIASHI.items():
        for rank in range(1, 10):
            svg = faces.face(f"{rank}{suit}")
            assert look["ink"] in svg
            crowned = 'd="M38 30l4-9 5 5 3-7 3 7 5-5 4 9z"' in svg
            assert crowned == (rank <= 4)  # Queen, King, Prince, Princess
    assert len({look["ink"] for look in faces.VIASHI.values()}) == 5
    for number, god in enumerate(GODS, start=1):
        words = texts(faces.face(god))
        assert faces.god_title(god) in words and str(number) in words


def test_xuni_animals_elephants_and_the_maunwe_devil():
    for animal in ("bat", "tapir", "snake", "shark"):
        assert animal.upper() in texts(faces.face(f"7{animal}"))
    assert texts(faces.face("white"))[-2:] == ["WHITE", "ELEPHANT"]
    assert texts(faces.face("black"))[-2:] == ["BLACK", "ELEPHANT"]
    assert texts(faces.face("devil")) == ["DEVIL"]


def test_french_courts_and_pips():
    for court in "JQK":
        big = [t.text for t in ET.fromstring(faces.face(court + "H")).iter(SVG + "text")
               if t.get("font-size") == "34"]
        assert big == [court]
    # The ten shows ten pips besides the two corner indices.
    ten = ET.fromstring(faces.face("TS"))
    pips = [p for p in ten.iter(SVG + "path") if p.get("d") == faces.PATH["S"]]
    assert len(pips) == 10 + 2


def test_a_name_of_no_deck_is_refused():
    with pytest.raises(ValueError, match="not a card"):
        faces.face("0X")
