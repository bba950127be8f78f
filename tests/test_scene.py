"""The table every game shows in the room (issue 28): each game's scene and move picks
(parlour/core/scene.py), checked over random games of every game and sample option set.

"A legal move is a short path of clicks or taps: a card (or cards), then a target place, then, only
if still ambiguous, a choice. No list or dropdown of more than 12 moves anywhere; every legal move
reachable in at most 4 taps." "What the state holds and a player need not read (caps, limits,
internal flags) is not shown; seat numbers are names; suits are names or symbols." (issue 28)
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

import parlour
from parlour.core.cards import CARD_NAMES
from parlour.core.scene import as_sent, scene_cards, scene_places, scene_texts, table_moves
from parlour.server.i18n_tools import sample_games

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SUIT_LETTER = re.compile(r"^[WRPBGCDHS]$")
CHECKED_PLIES = 40  # positions looked at per game


def cases():
    for game_id, options, players in sample_games():
        label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
        yield pytest.param(parlour.load(game_id, players, **options),
                           id=f"{game_id}-{players}p-{label}")


def strings_of(value):
    if isinstance(value, str):
        yield from value.split()
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings_of(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_of(v)


def check_scene(game, view, seat):
    scene = game.scene(view)
    json.dumps(scene)
    assert len(scene["seats"]) == game.players
    # Only what the view holds: a card drawn face up is one the seat may see.
    seen = Counter(t for t in strings_of(view) if t in CARD_NAMES)
    for card in scene_cards(scene):
        assert card is None or card in seen, f"{card} is drawn but not in the view of {seat}"
    for text in scene_texts(scene):
        assert not SNAKE.search(text), f"an identifier on the table: {text!r}"
        assert not SUIT_LETTER.match(text.strip()), f"a bare suit letter on the table: {text!r}"
        assert "{" not in text, f"an unfilled template: {text!r}"
    return scene


def check_moves(game, view, legal, scene):
    moves = table_moves(game, view, legal)
    words = [m for m in moves if not m["picks"]]
    assert len(words) <= 12, f"{len(words)} buttons: {[m['text'] for m in words]}"
    drawn = set(c for c in scene_cards(scene) if c is not None)
    places = set(scene_places(scene))
    signatures = set()
    for move in moves:
        assert len(move["picks"]) <= 4, f"{move['text']} takes {len(move['picks'])} picks"
        for slot in move["picks"]:
            assert slot, move
            for key in slot:
                if key.startswith("@"):
                    assert key in places, f"{move['text']}: no place {key} on the table"
                elif not key.startswith("="):
                    assert key in drawn, f"{move['text']}: {key} is not on the table"
        if move["picks"]:
            signature = tuple(sorted(tuple(sorted(slot)) for slot in move["picks"]))
            assert signature not in signatures or move.get("send") == "cards", \
                f"{move['text']} is picked exactly like another move"
            signatures.add(signature)
    return moves


@pytest.mark.parametrize("game", list(cases()))
def test_every_position_draws_a_table_and_its_moves_are_picked_on_it(game):
    rng = random.Random(game.info.id)
    state = game.new_state(seed=rng.randrange(1 << 30))
    plies = 0
    while not state.is_terminal and plies < CHECKED_PLIES:
        seat = state.current_player
        legal = state.legal_actions()
        view = as_sent(state.view(seat))
        scene = check_scene(game, view, seat)
        check_moves(game, view, legal, scene)
        check_scene(game, as_sent(state.view(None)), None)
        state.apply(legal[rng.randrange(len(legal))])
        plies += 1
    check_scene(game, as_sent(state.view(0)), 0)


def test_arschloch_a_rank_is_picked_by_any_of_its_cards_where_suits_do_not_matter():
    """Arschloch: "since suits do not matter in play, any cards of the right ranks that the player
    holds are accepted" (GAMES.md): with 7C to beat, 8C and 8D both light up."""
    game = parlour.load("arschloch", players=3)
    deck = ["7C", "8D", "8S", "JC", "7H", "9C", "TC", "JD", "7D", "9D", "TD", "JH", "7S", "9H",
            "TH", "JS", "8C", "9S", "TS", "QC", "8H", "QD", "QH", "QS", "KC", "KD", "KH", "KS",
            "AC", "AD", "AH", "AS"]
    state = game.new_state(deck=deck)
    state.apply(game.parse_action(state, "7C"))
    view = state.view(state.current_player)
    moves = table_moves(game, view, state.legal_actions())
    eights = [m for m in moves if m["picks"] and m["text"][0] == "8"]
    assert eights and all(set(m["picks"][0]) >= {"8C", "8D"} for m in eights), eights
    assert all(m.get("send") == "cards" for m in eights)
