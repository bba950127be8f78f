"""Arschloch scenarios from stacked decks. Each test quotes the seed sentence (seeds/004, Arabic,
with an English gloss) or the GAMES.md ruling it checks."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

import parlour
from parlour import IllegalAction, OptionError
from parlour.fast.arschloch import census, position as core_position
from parlour.fast.core import Rng
from parlour.games.arschloch import PASS, Give, Play, Swap

SKAT = [r + s for s in "CDHS" for r in "789TJQKA"]


def stack(hands, extras=()):
    """The deck that deals `hands` one by one from seat 0, then leaves `extras`."""
    deck = [hands[s][i] for i in range(len(hands[0])) for s in range(len(hands))]
    return deck + list(extras)


def rest_of(deck_cards, *used):
    taken = {c for group in used for c in group}
    return [c for c in deck_cards if c not in taken]


def rank(state, card):
    """The card's rank as a number in the normal order of the state's options (0 the lowest)."""
    return state.game.rank_of[card]


def play(state, *moves):
    """Apply moves written in notation; each must be legal for the seat on turn."""
    for text in moves:
        state.apply(state.game.parse_action(state, text))


# The worked example of section 5, with hands built so that every move in it is legal.
# Seat k is the seed's "player k+1": player 1 deals, seat 0 receives the first card.
EXAMPLE = [
    "AC TD TH QD KH AD QH QS".split(),  # player 1
    "KC KD 7D JH JS 9C 9D 9H".split(),  # player 2
    "7C 8H 8D TC 7H 7S 8C 8S".split(),  # player 3 holds 7 of clubs
    "JC JD QC 9S TS KS AH AS".split(),  # player 4
]


def example_state(**options):
    game = parlour.load("arschloch", players=4, **options)
    return game.new_state(seed=1, deck=stack(EXAMPLE))


def test_the_worked_example_move_by_move():
    """«مثال مع أربعة لاعبين (الجولة 1). مع اللاعب 3 سبعة السباتي.» — the 4-player example: player 3
    holds the 7 of clubs, opens with 8♥ 8♦; player 4 two jacks, player 1 passes, player 2 two kings;
    all pass and player 2 leads a single 7; 10, queen, ace: the highest card ends the trick at once
    and player 1 leads; player 2 finishes first, then player 1, then player 4; player 3 is last."""
    s = example_state(rounds=2)
    assert s.current_player == 2, "the holder of 7C opens round 1"
    play(s, "8H 8D", "JC JD", "pass", "KC KD", "pass", "pass", "pass")
    assert s.current_player == 1 and s.beat is None, "player 2 wins the trick and leads"
    play(s, "7D", "TC", "QC", "AC")
    assert s.beat is None and s.current_player == 0, "the ace ends the trick at once"
    # "Play goes on": moves of our own that keep to the example's finishing order.
    play(s, "TD TH", "JH JS", "pass", "pass", "pass")
    play(s, "9C 9D 9H", "pass", "pass", "pass")
    assert s.finished == [1] and s.current_player == 2, \
        "player 2 is out first; the next player on his left with cards leads"
    play(s, "8C 8S", "pass", "QH QS", "pass", "pass")
    play(s, "QD", "pass", "KS", "AD")
    play(s, "KH")
    assert s.finished == [1, 0]
    play(s, "pass", "AH", "9S", "pass", "AS", "TS")
    assert s.ranking == [1, 0, 3, 2]
    assert s.scores == [2, 3, 0, 1], "points: one for every player finishing after you"
    # «الجولة التالية: يوزّع اللاعب 3، ويعطي اللاعب 2 أعلى ورقتين معه ويأخذ ورقتين ضعيفتين.
    #  ويتبادل اللاعب 4 واللاعب 1 ورقة واحدة. ويفتح اللاعب 3.»
    assert s.round == 2 and s.phase == "exchange"
    assert "round 2: seat 2 deals" in s.log_lines(None)
    got = s.got[1]
    assert len(got) == 2 and all(
        rank(s, c) >= rank(s, k) for c in got for k in s.hand(2))
    assert len(s.got[0]) == 1 and all(rank(s, s.got[0][0]) >= rank(s, k)
                                      for k in s.hand(3))
    assert s.current_player == 1, "the President returns two cards of his choice"
    weakest = s.hand(1)[:2]
    # Issue 32: 'give 7D 8D' said "'GIVE' is not a card"; a give names one card a move.
    with pytest.raises(IllegalAction, match="one card at a time"):
        s.game.parse_action(s, f"give {weakest[0]} {weakest[1]}")
    play(s, f"give {weakest[0]}", f"give {weakest[1]}")
    assert s.current_player == 0, "then the Vice-President returns one card"
    play(s, f"give {s.hand(0)[0]}")
    assert s.phase == "play" and s.current_player == 2, "player 3, the Arschloch, opens"
    assert len(s.hand(2)) == 8 and set(weakest) <= set(s.hand(2))


@pytest.mark.parametrize("players,each,extra", [(3, 10, 2), (4, 8, 0), (5, 6, 2), (6, 5, 2)])
def test_the_deal_table(players, each, extra):
    """«التوزيع: واحدة واحدة باتجاه عقارب الساعة حتى يكون مع الجميع العدد نفسه من الأوراق» — dealt
    one by one clockwise until all hold the same number: 3 players 10 (+2), 4 players 8, 5 players 6
    (+2), 6 players 5 (+2); round 1 the extras stay face down."""
    game = parlour.load("arschloch", players=players)
    s = game.new_state(deck=SKAT)
    assert s.sizes == [each] * players
    assert all(SKAT[i] in s.hand(i % players) for i in range(each * players))
    assert s.extras == SKAT[each * players:] and len(s.extras) == extra
    assert s.view(0)["extras"] == [None] * extra, "face down in round 1"


def test_only_the_same_count_of_a_strictly_higher_rank_or_pass():
    """«على زوج من التسعات يجوز لعب زوج من الأولاد، لكن ليس ورقة مفردة ولا ثلاثية.» — on a pair of
    nines a pair of jacks may be played, but not a single card nor a triple; «لا يجوز لعب رتب
    متساوية» — equal ranks may not be played."""
    hands = [["9C", "9D", "7S", "8S", "QD", "KD", "AC", "KH"],
             ["JC", "JD", "JH", "9H", "TS", "QC", "QH", "QS"],
             ["7C", "7D", "7H", "8C", "8D", "8H", "TC", "TD"],
             ["9S", "TH", "JS", "KC", "KS", "AD", "AH", "AS"]]
    s = parlour.load("arschloch", players=4).new_state(deck=stack(hands))
    assert s.current_player == 2
    play(s, "7C")
    play(s, "pass", "9C")  # seat 3 passes, seat 0 plays a nine
    before = s.clone()
    for wrong, reason in [("JC JD", "exactly 1 card"), ("9H", "equal"), ("9H QC", "same rank")]:
        with pytest.raises(IllegalAction, match=reason):
            play(s, wrong)
    assert s == before, "a wrong play changes nothing: the cards go back to hand"
    play(s, "QC", "pass", "pass", "pass")  # seat 1, then the others pass
    play(s, "JC JD")  # seat 1 leads a pair
    with pytest.raises(IllegalAction, match="exactly 2"):
        play(s, "TC")
    with pytest.raises(IllegalAction, match="exactly 2"):
        play(s, "8C 8D 8H")
    play(s, "pass")  # seat 2
    assert Play(("KC", "KS")) in s.legal_actions() and PASS in s.legal_actions()
    assert not any(isinstance(a, Play) and len(a.cards) != 2 for a in s.legal_actions())


def test_pass_is_always_allowed_and_a_passer_may_play_again_in_the_trick():
    """«التمرير مسموح دائمًا، حتى لو كان بإمكانك اللعب. ومن مرّر يجوز له أن يلعب لاحقًا في اللمّة
    نفسها.» — passing is always allowed, even when you could play; who passed may play later in the
    same trick."""
    s = example_state()
    play(s, "8H 8D")  # seat 2
    assert PASS in s.legal_actions()
    play(s, "pass")  # seat 3 passes though it holds jacks
    play(s, "QH QS")  # seat 0
    play(s, "pass")  # seat 1
    assert s.current_player == 2
    play(s, "pass")
    assert s.current_player == 3
    play(s, "AH AS")  # seat 3 comes back into the same trick
    assert s.beat is None and s.current_player == 3, "the aces end it; seat 3 leads"


def test_the_trick_ends_when_all_the_others_pass_and_the_last_player_leads():
    """«عندما يمرّر كل الآخرين على التوالي تنتهي اللمّة. تخرج الأوراق من اللعب، ويفتح آخر من لعب
    اللمّة التالية.» — when all the others pass in a row the trick ends, its cards leave play and the
    last to play leads the next."""
    s = example_state()
    play(s, "8H 8D", "JC JD", "pass")
    assert s.beat == (3, Play(("JC", "JD")))
    play(s, "pass")
    assert s.beat is not None, "two passes of three are not enough"
    play(s, "pass")
    assert s.beat is None and s.current_player == 3
    assert {"8H", "8D", "JC", "JD"} <= set(s.out_of_play)


def test_the_highest_card_still_in_play_ends_the_trick_at_once():
    """«إذا لُعبت أعلى ورقة ما زالت في اللعب (في البداية الآس، وبعد خروج كل الآسات الملك، وهكذا)،
    فلا يستطيع أحد أن يعلو عليها: تنتهي اللمّة فورًا.» — at first the ace, once all aces are out the
    king. Ruling: set-aside extra cards are out of play."""
    # Three players: AS and AH lie among the extras, so two aces are all that is in play.
    hands = [["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "7D", "8D"],
             ["9D", "TD", "JD", "QD", "KD", "AD", "7H", "8H", "9H", "TH"],
             ["JH", "QH", "KH", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]]
    s = parlour.load("arschloch", players=3).new_state(deck=stack(hands, ["AH", "AS"]))
    play(s, "7C", "9D", "JH", "AC")
    assert s.beat is None and s.current_player == 0
    play(s, "7D", "AD")
    assert s.beat is None and s.current_player == 1
    play(s, "7H", "8S", "KC")
    assert s.beat is None and s.current_player == 0, \
        "with every ace in play gone, the king is the highest card still in play"


def test_when_the_trick_winner_is_out_the_next_player_with_cards_leads():
    """«وإذا كان قد كسب اللمّة، يفتح اللاعب التالي إلى يساره ممن ما زالت معهم أوراق.» — if he won the
    trick, the next player on his left who still has cards leads."""
    s = example_state()
    play(s, "8H 8D", "JC JD", "pass", "KC KD", "pass", "pass", "pass",
         "7D", "TC", "QC", "AC", "TD TH", "JH JS", "pass", "pass", "pass")
    play(s, "9C 9D 9H", "pass", "pass", "pass")
    assert s.finished == [1] and s.current_player == 2


def position(hands, to_act, **options):
    """A play-phase position: these hands, every other card already played."""
    game = parlour.load("arschloch", players=len(hands), **options)
    s = game.new_state(seed=0, deck=game.deck().cards)
    held = {c for h in hands for c in h}
    for seat, hand in enumerate(hands):
        s._set_hand(seat, hand)
    s._count_held()
    s.extras, s.extras_up, s.extras_put_by = [], [], []
    s.out_of_play = [c for c in game.deck().cards if c not in held]
    s.to_act = to_act
    return s


def test_no_going_out_on_an_ace_and_a_player_left_with_only_aces_is_last():
    """«لا يجوز الإنهاء بآس. ومن لم يبقَ معه إلا آسات يصبح تلقائيًا الخاسر الأخير.» — you may not
    finish with an ace; who holds only aces becomes the Arschloch at once. «وإذا حدث ذلك للاعب ثانٍ
    يأخذ المركز الذي فوقه مباشرة.» — a second such player takes the place just above."""
    s = position([["KD", "AC"], ["AD", "KH"], ["QC", "QD"], ["JC", "JD"]], to_act=0)
    play(s, "KD")
    assert s.stuck == [0] and s.hand(0) == [], "left with only an ace: out at once"
    play(s, "pass", "pass", "pass")
    assert s.current_player == 1, "the trick winner is out: the next player with cards leads"
    play(s, "KH")
    assert s.stuck == [0, 1]
    assert s.beat is None and s.current_player == 2, \
        "with the aces gone the king is the highest card still in play"
    play(s, "QC QD")
    assert s.is_terminal and s.ranking == [2, 3, 1, 0], \
        "the first stuck player is last, the second just above him"
    lone = position([["AC", "AD"], ["7C"], ["8C"]], to_act=0)
    with pytest.raises(IllegalAction, match="may not go out on the highest rank"):
        lone.apply(Play(("AC", "AD")))
    assert Play(("AC", "AD")) not in lone.legal_actions()


def test_ranks_and_points_for_every_table_size():
    """«المراتب: أول من تنفد أوراقه يصبح الرئيس، والثاني نائب الرئيس، ثم يأتي المواطنون، وقبل الأخير
    يصبح نائب الخاسر الأخير، والأخير الخاسر الأخير. مع 3 لاعبين: الرئيس، والمواطن، والخاسر الأخير.»
    and «والقاعدة دائمًا: نقاط بعدد اللاعبين الذين أنهوا بعدك.» — points: as many as the players
    who finished after you (6 players: 5, 4, 3, 2, 1, 0)."""
    from parlour.games.arschloch import titles
    assert titles(3) == ["President", "Citizen", "Arschloch"]
    assert titles(4) == ["President", "Vice-President", "Vice-Arschloch", "Arschloch"]
    assert titles(6)[2:4] == ["Citizen", "Citizen"]
    for players in (3, 4, 6):
        game = parlour.load("arschloch", players=players)
        s = game.new_state(seed=players)
        while not s.is_terminal:
            s.apply(s.legal_actions()[0])
        points = [0] * players
        for place, seat in enumerate(s.ranking):
            points[seat] = players - 1 - place
        assert s.returns() == points
        assert sorted(points) == list(range(players))
        # «المباراة (المعيار): بلا نقاط ... و«الفائز» هو الرئيس الحالي» — without points the
        # winner is the current President.
        assert s.view(None)["winners"] == [s.ranking[0]]


def test_the_points_format_to_fifteen_and_ties_share_the_win():
    """«ويفوز أول من يصل إلى 15 نقطة» — the first to 15 points wins; «وفي شكل النقاط يتقاسم
    المتعادلون الفوز» — in the points format tied players share the win."""
    game = parlour.load("arschloch", players=3, points=15)
    for seed in range(5):
        s = game.new_state(seed=seed)
        while not s.is_terminal:
            s.apply(s.legal_actions()[-1])
        scores = s.returns()
        assert max(scores) >= 15
        assert s.view(None)["winners"] == [i for i, v in enumerate(scores) if v == max(scores)]
        # The match did not go on past the round that reached the target.
        last = [s.scores[i] - (3 - 1 - s.ranking.index(i)) for i in range(3)]
        assert max(last) < 15


def test_a_match_of_rounds_the_arschloch_deals_and_opens():
    """«الموزّع: في الجولة الأولى أي لاعب، وبعدها دائمًا الخاسر الأخير في الجولة السابقة.» and «ومن
    الجولة 2 يبدأ الخاسر الأخير.» — from round 2 the Arschloch deals and opens; «أو صاحب أكثر النقاط
    بعد عدد متفق عليه من الجولات» — or most points after an agreed number of rounds."""
    game = parlour.load("arschloch", players=5, rounds=3)
    s = game.new_state(seed=11)
    seen = []
    while not s.is_terminal:
        if s.phase == "play" and s.round not in [r for r, _ in seen] and s.round > 1:
            seen.append((s.round, (s.current_player, s.ranking[-1])))
        s.apply(s.legal_actions()[0])
    assert [r for r, _ in seen] == [2, 3]
    assert all(leader == arschloch for _, (leader, arschloch) in seen)
    assert s.round == 3 and sum(s.returns()) == 3 * (4 + 3 + 2 + 1)


def _to_round_two(players, **options):
    game = parlour.load("arschloch", players=players, rounds=2, **options)
    s = game.new_state(seed=3)
    while s.round == 1:
        s.apply(s.legal_actions()[0])
    return s


def test_the_exchange_with_three_players_is_one_card():
    """«مع 3 لاعبين يتبادل الرئيس والخاسر الأخير ورقة واحدة فقط.» — with 3 players President and
    Arschloch exchange one card only; «(مع 3 لاعبين تبقى في مكانها)» — the extras stay in place."""
    s = _to_round_two(3)
    president, arschloch = s.ranking[0], s.ranking[-1]
    assert s.phase == "exchange" and s.current_player == president
    assert len(s.got[president]) == 1
    assert all(rank(s, s.got[president][0]) >= rank(s, c) for c in s.hand(arschloch))
    assert [type(a) for a in s.legal_actions()] == [Give] * len(s.hand(president))
    play(s, f"give {s.hand(president)[0]}")
    assert s.phase == "play" and s.current_player == arschloch
    assert len(s.extras) == 2 and s.view(0)["extras"] == s.extras, "turned face up, left there"


def test_round_two_extras_are_taken_by_third_then_fourth_place():
    """«ومن الجولة 2 تُكشفان: يأخذ صاحب المركز الثالث في الجولة السابقة واحدة ويضع مكانها ورقة من يده
    مقلوبة، ثم يأخذ صاحب المركز الرابع الأخرى» — from round 2 they are turned face up: 3rd place
    takes one and puts a card of his face down in its place, then 4th place takes the other; the
    swaps come before the exchange (GAMES.md)."""
    s = _to_round_two(5)
    third, fourth = s.ranking[2], s.ranking[3]
    face_up = list(s.extras)
    assert s.phase == "swap" and s.current_player == third
    assert s.view(third)["extras"] == face_up and s.view(None)["extras"] == face_up
    take, put = face_up[1], s.hand(third)[0]
    with pytest.raises(IllegalAction, match="not a face-up extra"):
        s.apply(Swap(s.hand(third)[1], put))
    play(s, f"take {take} put {put}")
    assert take in s.hand(third) and put not in s.hand(third)
    assert s.view(third)["extras"] == [face_up[0], put]
    assert s.view(fourth)["extras"] == [face_up[0], None], "the card put down is face down"
    assert s.current_player == fourth
    assert {a.take for a in s.legal_actions()} == {face_up[0]}, "4th place takes the other"
    play(s, f"take {face_up[0]} put {s.hand(fourth)[0]}")
    assert s.phase == "exchange" and s.current_player == s.ranking[0]
    # The Vice-Arschloch gave the Vice-President his highest card, after the swap.
    assert len(s.got[s.ranking[1]]) == 1 and len(s.got[s.ranking[0]]) == 2


def test_a_play_out_of_turn_is_refused():
    """«لعب لاعبان في الوقت نفسه: لا يُحتسب إلا من كان الدور له.» — if two play at once, only the one
    whose turn it was counts. GAMES.md: refused, state unchanged."""
    s = example_state()
    before = s.clone()
    with pytest.raises(IllegalAction, match="not to act"):
        s.apply(Play(("JC", "JD")), seat=3)
    with pytest.raises(IllegalAction, match="do not hold"):
        s.apply(Play(("JC", "JD")))
    assert s == before


def test_the_leader_must_open():
    """«يضع الفاتح في الوسط مكشوفةً ورقة مفردة أو عدة أوراق من الرتبة نفسها» — the opener puts a
    single card or several of one rank in the middle: a pass does not open a trick."""
    s = example_state()
    assert PASS not in s.legal_actions()
    with pytest.raises(IllegalAction, match="you lead"):
        s.apply(PASS)


def test_suits_do_not_matter_any_held_cards_of_the_rank_are_accepted():
    """«الأشكال لا تهم – المهم الرتبة فقط.» — suits do not matter, only the rank (GAMES.md: any
    cards of the right ranks that the player holds are accepted)."""
    s = example_state()
    action = s.game.parse_action(s, "8C 8S")  # seat 2 holds four eights
    assert action == Play(("8C", "8S"))
    assert len(s.game.parse_action(s, "8 8 8").cards) == 3
    with pytest.raises(IllegalAction, match="you hold no card of rank A"):
        s.game.parse_action(s, "AS")
    with pytest.raises(IllegalAction, match="you hold 1 of rank T, not 2"):
        s.game.parse_action(s, "T T")
    s.apply(s.game.parse_action(s, "8D 8H"))
    assert s.beat[1].cards == ("8D", "8H")


# Variants ---------------------------------------------------------------------------------------
def test_ten_high():
    """«العشرة العليا: الـ 10 أعلى ورقة، حتى فوق الآس.» — the 10 is the highest card, even above the
    ace; it is then the card you may not go out on (GAMES.md)."""
    s = example_state(ten_high=True)
    play(s, "TC")  # seat 2 leads a ten
    assert s.beat is None and s.current_player == 2, "the ten is the highest card: trick over"
    assert s.view(0)["rank_order"][-2:] == ["A", "T"]
    s2 = example_state(ten_high=True)
    play(s2, "8H 8D", "AH AS")  # seats 2, 3: aces no longer end the trick
    assert s2.beat is not None and Play(("TD", "TH")) in s2.legal_actions()
    plain = example_state()
    play(plain, "8H 8D", "pass")
    assert Play(("TD", "TH")) in plain.legal_actions()
    play(plain, "QH QS", "pass", "pass", "AH AS")
    assert plain.beat is None, "in the plain game the aces are highest"


def test_equality_allows_equal_rank_and_skips_the_next_player():
    """«المساواة: يُسمح بالرتب المتساوية؛ وعندها يُتخطّى اللاعب التالي.» — equal ranks are allowed;
    the next player is then skipped."""
    s = example_state(equality=True)
    play(s, "7C")  # seat 2
    play(s, "9S")  # seat 3
    play(s, "pass")  # seat 0
    play(s, "9C")  # seat 1 plays an equal nine
    assert s.current_player == 3, "seat 2 is skipped"
    play(s, "pass", "pass")
    assert s.beat is None and s.current_player == 1
    # Ruling: a top-rank play does not end the trick at once under equality.
    s2 = example_state(equality=True)
    play(s2, "7C", "AH")
    assert s2.beat == (3, Play(("AH",))) and s2.current_player == 0
    play(s2, "AC")
    assert s2.current_player == 2, "equal ace: seat 1 is skipped"


def test_bomb_four_of_a_kind_beats_any_play():
    """«القنبلة: الرباعية تغلب أي لمّة.» — a four-of-a-kind beats any play."""
    deck = stack([["7C", "8C", "TC", "JC", "QC", "KC", "AC", "7D"],
                  ["9C", "9D", "9H", "9S", "TD", "JD", "QD", "KD"],
                  ["7H", "7S", "8D", "TH", "JH", "QH", "KH", "AD"],
                  ["8H", "8S", "TS", "JS", "QS", "KS", "AH", "AS"]])
    s3 = parlour.load("arschloch", players=4, bomb=True).new_state(deck=deck)
    play(s3, "AC")  # seat 0 leads an ace: under bomb the trick goes on (ruling)
    assert s3.beat is not None and s3.current_player == 1
    assert Play(("9C", "9D", "9H", "9S")) in s3.legal_actions()
    play(s3, "9C 9D 9H 9S")
    assert s3.beat == (1, Play(("9C", "9D", "9H", "9S")))
    with pytest.raises(IllegalAction, match="exactly 4"):
        play(s3, "AD")
    plain = parlour.load("arschloch", players=4).new_state(deck=deck)
    play(plain, "AC")
    assert plain.beat is None, "without bomb the ace ends the trick at once"


@pytest.mark.parametrize("bomb_on_bomb, eights_legal", [("higher", False), ("any", True)])
def test_bomb_on_bomb_which_four_beats_a_four(bomb_on_bomb, eights_legal):
    """«القنبلة: الرباعية تغلب أي لمّة.» — a four-of-a-kind beats any play. Open reading (rules
    page): whether "any play" takes in a four. `bomb_on_bomb=higher` (default): a four is beaten
    like any play, by a higher four; `bomb_on_bomb=any`: any four beats it, a lower one too."""
    s = position([["9C", "9D", "9H", "9S", "7C"], ["8C", "8D", "8H", "8S", "7D"],
                  ["AC", "AD", "AH", "AS", "TC"], ["JC", "JD"]], to_act=0,
                 bomb=True, bomb_on_bomb=bomb_on_bomb)
    play(s, "9C 9D 9H 9S")
    eights = Play(("8C", "8D", "8H", "8S"))
    assert (eights in s.legal_actions()) == eights_legal
    if not eights_legal:
        before = s.clone()
        with pytest.raises(IllegalAction, match="8 does not beat 9"):
            play(s, "8C 8D 8H 8S")
        assert s == before
        play(s, "pass")
    else:
        play(s, "8C 8D 8H 8S")
        assert s.beat == (1, eights), "the lower four beats the nines"
    aces = Play(("AC", "AD", "AH", "AS"))
    assert aces in s.legal_actions(), "a higher four beats a four under either reading"
    assert Play(("TC",)) not in s.legal_actions()
    play(s, "AC AD AH AS")
    assert s.beat == (2, aces)


def test_bomb_on_bomb_is_a_reading_of_bomb():
    """The option says which four beats a four under `bomb`: without `bomb` it is refused."""
    with pytest.raises(OptionError, match="set bomb=true"):
        parlour.load("arschloch", bomb_on_bomb="any")
    with pytest.raises(OptionError, match="valid values: higher, any"):
        parlour.load("arschloch", bomb=True, bomb_on_bomb="equal")
    assert parlour.load("arschloch", bomb=True).options["bomb_on_bomb"] == "higher"


def test_revolution_reverses_the_order_until_the_end_of_the_round():
    """«الثورة: الرباعية تقلب الترتيب.» — a four-of-a-kind reverses the rank order (GAMES.md: until
    the end of the round or the next revolution; the top rank is then the lowest)."""
    deck = stack([["7C", "8C", "TC", "JC", "QC", "KC", "AC", "7D"],
                  ["9C", "9D", "9H", "9S", "TD", "JD", "QD", "KD"],
                  ["7H", "7S", "8D", "TH", "JH", "QH", "KH", "AD"],
                  ["8H", "8S", "TS", "JS", "QS", "KS", "AH", "AS"]])
    s = parlour.load("arschloch", players=4, revolution=True, rounds=2).new_state(deck=deck)
    play(s, "8C", "TD")  # seats 0, 1
    play(s, "pass", "pass", "pass")  # seat 1 leads
    play(s, "9C 9D 9H 9S")
    assert s.revolution and s.view(0)["rank_order"][-1] == "7"
    play(s, "pass", "pass", "pass")
    play(s, "JD")  # seat 1 leads a jack; now lower ranks beat it
    assert Play(("7H",)) in s.legal_actions() and Play(("KH",)) not in s.legal_actions()
    play(s, "8D")
    assert s.beat == (2, Play(("8D",)))
    while s.round == 1:
        s.apply(s.legal_actions()[0])
    assert not s.revolution, "the revolution ends with the round"


def test_a_revolution_places_players_left_with_only_the_new_top_rank_in_turn_from_its_maker():
    """«ومن لم يبقَ معه إلا آسات يصبح تلقائيًا الخاسر الأخير. وإذا حدث ذلك للاعب ثانٍ يأخذ المركز الذي
    فوقه مباشرة.» — who holds only top cards is the Arschloch at once; a second one takes the place
    just above. Reading (rules page): when a revolution leaves several players holding only the new
    top rank, it happens to them in turn from the player who made it: the first is placed lowest."""
    s = position([["8C", "9C"], ["7D"], ["KC", "KD", "KH", "KS", "9D"], ["7C"]], to_act=2,
                 revolution=True)
    play(s, "KC KD KH KS")
    assert s.revolution and s.stuck == [3, 1], "seat 3 comes first after seat 2, then seat 1"
    play(s, "pass", "9D")
    assert s.is_terminal and s.ranking == [2, 0, 1, 3], "seat 3 is the Arschloch"


def test_deck_52_and_two_high():
    """«مجموعة من 52 ورقة (الرئيس): الـ 2 أعلى ورقة.» — with 52 cards (President) the 2 is the
    highest card. GAMES.md: 52 // players each, the rest set aside unseen; the lowest club opens."""
    plain = parlour.load("arschloch", players=3, deck=52)
    s = plain.new_state(seed=4)
    assert s.sizes == [17, 17, 17] and len(s.extras) == 1
    clubs = [c for seat in range(3) for c in s.hand(seat) if c[1] == "C"]
    lowest = min(clubs, key=lambda c: "23456789TJQKA".index(c[0]))
    assert lowest in s.hand(s.current_player), "the holder of the lowest club opens"
    president = parlour.load("arschloch", players=10, deck=52, two_high=True)
    s2 = president.new_state(seed=4)
    assert s2.sizes == [5] * 10 and len(s2.extras) == 2
    assert s2.view(0)["rank_order"][-1] == "2" and s2.view(0)["rank_order"][0] == "3"
    with pytest.raises(OptionError, match="deck=52"):
        parlour.load("arschloch", two_high=True)
    with pytest.raises(OptionError, match="3 to 6"):
        parlour.load("arschloch", players=7)


def test_with_52_cards_the_rest_stays_face_down_and_nobody_takes_it():
    """Ruling (GAMES.md): "52 cards: every player gets the same number (52 // players), the rest are
    set aside face down for the round and nobody takes them" — also from round 2, unlike the Skat
    deal's two extra cards."""
    s = _to_round_two(5, deck=52)
    assert sum(s.sizes) == 50 and len(s.extras) == 2
    assert s.phase == "exchange", "no swap of extra cards"
    assert all(s.view(seat)["extras"] == [None, None] for seat in [None, *range(5)])


def test_a_second_revolution_turns_the_order_back():
    """Ruling (GAMES.md): "A revolution lasts until the end of the round or the next revolution."
    — «الثورة: الرباعية تقلب الترتيب.»"""
    s = position([["9C", "9D", "9H", "9S", "JD"], ["8C", "8D", "8H", "8S", "TC"], ["JC", "QC"]],
                 to_act=0, revolution=True)
    play(s, "9C 9D 9H 9S")
    assert s.revolution and s.current_player == 1
    play(s, "8C 8D 8H 8S")  # the eights are "higher" than the nines in the turned order
    assert not s.revolution and s.view(0)["rank_order"][-1] == "A"
    play(s, "pass", "pass", "TC")  # seat 1 leads after the others passed: ten is out
    assert s.finished == [1]
    assert Play(("JC",)) in s.legal_actions() and Play(("QC",)) in s.legal_actions(), \
        "in the normal order again, jack and queen beat the ten"


def test_a_misdeal_is_refused():
    """«خطأ في التوزيع: يُعاد التوزيع.» — a misdeal is dealt again: a stacked deck that is not the
    whole deck is refused and no game starts from it."""
    game = parlour.load("arschloch")
    with pytest.raises(OptionError, match="exactly the 32 cards"):
        game.new_state(deck=SKAT[:-1] + ["7C"])


def test_seat_change_reseats_in_rank_order_from_the_president():
    """«تبديل المقاعد: يعيد اللاعبون الجلوس حسب المرتبة.» — players re-seat by rank (GAMES.md:
    clockwise in rank order from the President)."""
    s = _to_round_two(4, seat_change=True)
    assert s.order == s.ranking
    plain = _to_round_two(4)
    assert plain.order == [0, 1, 2, 3]


def test_options_are_validated_with_the_valid_values():
    """The contract: an unknown option name or a bad value is refused, naming the valid ones."""
    with pytest.raises(OptionError, match="valid options: deck, ten_high"):
        parlour.load("arschloch", tens=True)
    with pytest.raises(OptionError, match="valid values: 32, 52"):
        parlour.load("arschloch", deck=36)
    with pytest.raises(OptionError, match="whole number"):
        parlour.load("arschloch", points=0)


# Hidden information -------------------------------------------------------------------------------
def test_views_hide_other_hands_and_private_exchange():
    """«أوراق اليد مخفية؛ والأوراق الملعوبة مكشوفة في الوسط.» — hand cards are hidden; played cards
    are face up in the middle."""
    s = _to_round_two(4)
    president, arschloch = s.ranking[0], s.ranking[-1]
    spectator = s.view(None)
    assert spectator["hand"] is None
    for card in s.got[president]:
        secret = f"gives {card} to seat {president}"
        assert secret in " ".join(s.view(president)["log"])
        assert secret in " ".join(s.view(arschloch)["log"])
        assert secret not in " ".join(s.view(s.ranking[1])["log"])
        assert secret not in " ".join(spectator["log"])
    for seat in [None] + [v for v in range(4) if v != arschloch]:
        view = dict(s.view(seat), log=None)
        shown = {x for x in _strings(view)}
        hidden = set(s.hand(arschloch)) - set(s.gave[seat] if seat is not None else ())
        assert not hidden & shown, f"seat {seat} sees cards of seat {arschloch}"


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def test_determinize_keeps_the_cards_a_seat_gave_away():
    """Determinizations stay consistent with what the seat knows: the Arschloch knows which cards
    the President holds from him (DESIGN.md: determinize is consistent with view(seat))."""
    import random
    s = _to_round_two(4)
    president, arschloch = s.ranking[0], s.ranking[-1]
    given = list(s.gave[arschloch])
    for seed in range(10):
        d = s.determinize(arschloch, random.Random(seed))
        assert set(given) <= set(d.hand(president))
        assert d.hand(arschloch) == s.hand(arschloch)


def test_determinize_keeps_given_and_taken_cards_and_seen_extras():
    """Round 2 with five players: the core's determinization for a seat keeps its own hand, the
    cards it gave with their receiver, a taken extra with its taker and the face-up extras in
    place; it deals the other cards afresh (the face-down extras too, which leaves the counts in
    play changed)."""
    game = parlour.load("arschloch", players=5, rounds=2)
    rng = random.Random(1)
    checked = changed = 0
    for _ in range(12):
        deal = rng.getrandbits(32)
        state = game.new_state(seed=deal)
        while not state.is_terminal and state.round == 1:
            state.apply(rng.choice(state.legal_actions()))
        while not state.is_terminal:
            fast = core_position(state, deal)
            seat = state.current_player
            det = fast.determinize(seat, Rng(rng.getrandbits(32)))
            R = fast.rules.R
            assert det.hands[seat * R:(seat + 1) * R] == fast.hands[seat * R:(seat + 1) * R]
            assert det.sizes == fast.sizes and det.out == fast.out
            for card, receiver in fast.gave[seat]:
                holds = fast.hands[receiver * R + (card >> 2)] >> (card & 3) & 1
                assert det.hands[receiver * R + (card >> 2)] >> (card & 3) & 1 == holds
            for card, taker in fast.taken:
                if taker != seat and fast.hands[taker * R + (card >> 2)] >> (card & 3) & 1:
                    assert det.hands[taker * R + (card >> 2)] >> (card & 3) & 1
            for i, up in enumerate(fast.extras_up):
                if up or fast.put_by[i] == seat:
                    assert det.extras[i] == fast.extras[i]
            assert Counter(census(det)) == Counter(census(fast))
            assert det.held == [sum(bin(det.hands[s * R + r]).count("1") for s in range(5))
                                for r in range(R)]
            assert det.legal() == fast.legal()
            changed += det.hands != fast.hands
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 100 and changed >= checked // 2


@settings(max_examples=60, deadline=None)
@given(st.permutations(SKAT), st.integers(3, 6), st.randoms(use_true_random=False),
       st.sampled_from([{}, {"equality": True}, {"bomb": True}, {"revolution": True},
                        {"ten_high": True, "bomb": True, "equality": True},
                        {"bomb": True, "bomb_on_bomb": "any", "revolution": True}]))
def test_any_deal_and_any_choices_keep_the_rules(deck, players, rng, options):
    """Whatever the deal and the choices: a trick's plays are of one count and climb (or equal
    under equality), nobody goes out on the top rank, and the ranking is a permutation."""
    game = parlour.load("arschloch", players=players, **options)
    s = game.new_state(deck=deck)
    while not s.is_terminal:
        seat = s.current_player
        action = rng.choice(s.legal_actions())
        beat = s.beat
        hand_size = len(s.hand(seat))
        top = s.top
        s.apply(action)
        if isinstance(action, Play):
            if beat is not None and not (options.get("bomb") and len(action.cards) == 4):
                assert len(action.cards) == len(beat[1].cards)
            assert not (len(action.cards) == hand_size and rank(s, action.cards[0]) == top)
    assert sorted(s.ranking) == list(range(players))


def test_if_the_seven_of_clubs_is_set_aside_the_lowest_club_opens():
    """Ruling (GAMES.md): "If 7♣ is set aside, the holder of the lowest club in play opens round 1"
    — the seed: «في الجولة 1 يبدأ من معه 7 السباتي»."""
    cards = [c for c in SKAT if c not in ("7C", "AS")]
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    holder = next(i for i, h in enumerate(hands) if "8C" in h)
    s = parlour.load("arschloch", players=3).new_state(deck=stack(hands, ["7C", "AS"]))
    assert s.current_player == holder


def test_no_going_out_on_the_top_rank_of_the_order_in_force():
    """Ruling (GAMES.md): "No going out on an ace" means the top rank of the order in force (10 in
    ten-high, 2 in President, the lowest under a revolution)."""
    tens = position([["9C", "TC"], ["7D"], ["8D"]], to_act=0, ten_high=True)
    tens.apply(Play(("9C",)))
    assert tens.stuck == [0], "left with only a ten under ten_high: out at once, placed last"
    twos = position([["AC", "2C"], ["3D"], ["4D"]], to_act=0, deck=52, two_high=True)
    twos.apply(Play(("AC",)))
    assert twos.stuck == [0]
    aces = position([["KC", "AC"], ["7D"], ["8D"]], to_act=0, ten_high=True)
    aces.apply(Play(("KC",)))
    assert aces.stuck == [] and aces.hand(0) == ["AC"], "the ace is no longer the top rank"


def test_points_and_rounds_together_end_at_whichever_comes_first():
    """«ويفوز أول من يصل إلى 15 نقطة (أو صاحب أكثر النقاط بعد عدد متفق عليه من الجولات)» — first to
    15 points, or most points after an agreed number of rounds."""
    s = parlour.load("arschloch", players=4, points=15, rounds=2).new_state(seed=2)
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    assert s.round == 2 and max(s.returns()) < 15


def test_terminal_play_of_a_whole_match():
    """`parlour play arschloch` as a person plays it: a match of two rounds at five, the swap or
    exchange of round 2 on the person's screen, the ranks, the points and the winner at the end."""
    from typer.testing import CliRunner

    from parlour.cli import app
    result = CliRunner().invoke(app, ["play", "arschloch", "--players", "5", "--seed", "6",
                                      "-o", "rounds=2"], input="0\n" * 300)
    out = result.output
    assert result.exit_code == 0, out
    assert "seat 1 holds 7C and leads" in out
    assert "round 1 of 2" in out and "round 2 of 2" in out
    assert "(President)" in out and "(Arschloch)" in out, "round 2 shows last round's ranks"
    assert "take one face-up extra card" in out or "exchange: gave" in out
    assert "game over" in out and "winner" in out and "the match is over" in out
    returns = [float(x.split(":")[1]) for x in out.split("returns: ")[1].splitlines()[0].split(",")]
    assert sum(returns) == 2 * (4 + 3 + 2 + 1), "two rounds of 4, 3, 2, 1, 0 points"
