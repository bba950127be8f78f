"""The meld solver against a brute force (below) and the meld rules of the
Loot text (seed 003), case by case."""

from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from parlour.core.cards import GODS, VIASHI_CARDS, is_god, viashi_rank, viashi_suit
from parlour.games.melds import Scoring, _solve_plain, _Solver, best_score, solve

# The brute force: every partition of the hand into groups, each group scored as the best meld it
# can be read as, trying every rank and color a changing card may take. Written apart from
# parlour.games.melds so that the two check each other.


def options(card, sc):
    rank, suit = viashi_rank(card), viashi_suit(card)
    if is_god(card):
        return [(rank, suit)]
    ranks = range(1, 10) if suit in sc.rank_wild_suits else [rank]
    suits = "WRPBG" if rank in sc.color_wild_ranks else [suit]
    return [(r, s) for r in ranks for s in suits]


def consecutive(idents):
    ranks = sorted(r for r, _ in idents)
    return len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1


def runs_within(idents, sc):
    """Best points of disjoint runs inside one color's cards."""
    best = 0.0
    n = len(idents)
    for k in range(sc.run_min, n + 1):
        for combo in combinations(range(n), k):
            chosen = [idents[i] for i in combo]
            if consecutive(chosen):
                rest = [idents[i] for i in range(n) if i not in combo]
                value = sum(sc.card_value("run", r, s) for r, s in chosen)
                best = max(best, value + runs_within(rest, sc))
    return best


def group_value(cards, sc):
    best = None
    for idents in product(*(options(c, sc) for c in cards)):
        ranks = {r for r, _ in idents}
        suits = {s for _, s in idents}
        n = len(idents)
        if len(ranks) == 1 and n >= sc.set_min:
            v = sum(sc.card_value("set", r, s) for r, s in idents)
            best = v if best is None else max(best, v)
        if len(suits) == 1 and n >= sc.color_min:
            v = sum(sc.card_value("color", r, s) for r, s in idents) + runs_within(list(idents), sc)
            best = v if best is None else max(best, v)
        if n >= sc.run_min and consecutive(idents):
            v = sum(sc.card_value("run", r, s) for r, s in idents)
            ordered = sorted(idents)
            if sc.bonus and any(len({s for _, s in ordered[i:i + 6]}) == 6
                                for i in range(n - 5)):
                v += sc.bonus * (sc.run_mult if sc.bonus_scaled else 1)
            best = v if best is None else max(best, v)
    return best


def brute_best(cards, sc):
    cards = tuple(cards)

    @cache
    def value(group):  # each group of cards is read once, whatever is left beside it
        return group_value([cards[i] for i in group], sc)

    @cache
    def rec(rest):
        if not rest:
            return 0.0
        first, others = rest[0], rest[1:]
        best = sc.loose_value(cards[first]) + rec(others)
        for k in range(1, len(others) + 1):
            for combo in combinations(others, k):
                v = value((first,) + combo)
                if v is not None:
                    left = tuple(i for i in others if i not in combo)
                    best = max(best, v + rec(left))
        return best

    return rec(tuple(range(len(cards))))


def brute_cost(cards, sc):
    """What the brute force reads: every group of cards in every identity its cards may take,
    at most the product of (1 + identities) over the cards. A warrior of stones that may change
    rank and color has 45 identities: four of them make millions of readings."""
    cost = 1
    for card in cards:
        cost *= 1 + len(options(card, sc))
    return cost


HALF_ONE_TWO = st.sampled_from([0.5, 1, 2])


@st.composite
def scorings(draw, wild=True):
    return Scoring(
        base=draw(st.sampled_from([2, 4])),
        run_min=draw(st.sampled_from([3, 4])),
        color_min=draw(st.sampled_from([3, 4])),
        run_mult=draw(HALF_ONE_TWO), set_mult=draw(HALF_ONE_TWO), color_mult=draw(HALF_ONE_TWO),
        suit_mult=tuple(draw(HALF_ONE_TWO) for _ in range(6)),
        fool_mult=draw(st.sampled_from([1, 2])),
        hand_zero=draw(st.booleans()), hand_nine=draw(st.booleans()),
        rank_wild_suits=frozenset(draw(st.sets(st.sampled_from("PB")))) if wild else frozenset(),
        color_wild_ranks=frozenset(draw(st.sets(st.sampled_from([1, 5])))) if wild
        else frozenset(),
        bonus=draw(st.sampled_from([0, 5])), bonus_scaled=draw(st.booleans()))


def hands(size, double=False, least=3):
    deck = list(VIASHI_CARDS) * (2 if double else 1)
    return st.lists(st.sampled_from(range(len(deck))), min_size=least, max_size=size,
                    unique=True).map(lambda picks: [deck[i] for i in picks])


def check(hand, scoring):
    arrangement = solve(hand, scoring)
    assert arrangement.score == pytest.approx(brute_best(hand, scoring))
    assert best_score(hand, scoring) == pytest.approx(arrangement.score)
    # The arrangement is what it says: every card once, each meld valid and worth its points.
    used = [c for m in arrangement.melds for c in m.cards] + list(arrangement.loose)
    assert sorted(used) == sorted(hand)
    for meld in arrangement.melds:
        assert group_value(list(meld.cards), scoring) is not None
    total = sum(m.points for m in arrangement.melds) + sum(arrangement.loose_points)
    assert total == pytest.approx(arrangement.score)


# The suite's checks keep to hands the brute force reads in a few milliseconds (a bound on
# brute_cost) so that each test takes a few seconds; `pytest --soak N` runs N hands of each kind
# with a bound a hundred times larger (test_solver_soak below).
QUICK_COST = 20_000
QUICK = settings(max_examples=150, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@QUICK
@given(hands(8, least=6), scorings(wild=False))
def test_solver_is_exact_on_random_hands(hand, scoring):
    check(hand, scoring)


@QUICK
@given(hands(6), scorings())
def test_solver_is_exact_with_cards_that_change_rank_or_color(hand, scoring):
    assume(brute_cost(hand, scoring) <= QUICK_COST)
    check(hand, scoring)


@QUICK
@given(hands(7, double=True), scorings())
def test_solver_is_exact_with_two_decks(hand, scoring):
    assume(brute_cost(hand, scoring) <= QUICK_COST)
    check(hand, scoring)


@pytest.mark.parametrize("size,double,wild", [(9, False, False), (7, False, True),
                                              (8, True, True)])
def test_solver_soak(soak, size, double, wild):
    """The soak: `pytest --soak N` checks N random hands of each kind against the brute force,
    bigger hands and dearer ones than the quick tests."""
    if not soak:
        pytest.skip("soak mode only: pytest --soak 1000")

    @settings(max_examples=soak, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(hands(size, double=double, least=size - 2), scorings(wild=wild))
    def exact(hand, scoring):
        assume(brute_cost(hand, scoring) <= 100 * QUICK_COST)
        check(hand, scoring)

    exact()


@settings(max_examples=40, deadline=None)
@given(hands(12, double=True, least=9), scorings(wild=False))
def test_the_two_searches_agree_on_hands_too_big_for_the_brute_force(hand, scoring):
    """The solver splits hands without changing cards into the melds it lists (up to
    PLAIN_LIMIT cards) and searches bigger hands and changing cards rank by rank. Both are
    exact, so on hands too big for the brute force they must agree."""
    hand = tuple(hand)
    listed = _solve_plain(hand, scoring, True)
    assert listed.score == pytest.approx(_Solver(hand, scoring).run(False))
    total = sum(m.points for m in listed.melds) + sum(listed.loose_points)
    assert total == pytest.approx(listed.score)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(range(1, 10)), min_size=6, max_size=8, unique=True),
       st.lists(st.sampled_from("WRPBG"), min_size=8, max_size=8), st.data())
def test_solver_is_exact_on_hands_rich_in_six_color_runs(ranks, suits, data):
    god = data.draw(st.sampled_from(ranks))
    hand = [GODS[r - 1] if r == god else f"{r}{s}" for r, s in zip(ranks, suits)]
    scoring = Scoring(run_mult=data.draw(HALF_ONE_TWO), bonus_scaled=data.draw(st.booleans()))
    check(hand, scoring)


LOOT = Scoring()


def test_a_run_is_four_consecutive_ranks_without_wrapping():
    """'runs -- a rank sequence at least four cards long (ie: prince, princess, warrior,
    merchant; or merchant, worker, magician, fool.)'"""
    assert solve(["3W", "4R", "5P", "6B"], LOOT).score == 8
    assert solve(["6W", "7R", "8P", "9B"], LOOT).score == 8
    # Three in a row is no run; 8 9 1 2 does not wrap.
    assert solve(["3W", "4R", "5P"], LOOT).score == -12
    assert solve(["8W", "9R", "1P", "2B"], LOOT).score == -(8 + 9 + 1 + 2)


def test_a_set_is_three_of_a_rank_gods_at_their_rank():
    """'sets -- three or more of the same rank (including god cards in their equivalent rank
    position)'"""
    assert solve(["5W", "5R", "Protectress"], LOOT).score == 6
    assert solve(["5W", "5R"], LOOT).score == -10


def test_a_color_is_four_of_a_suit_and_the_gods_are_a_color():
    """'colors -- four or more cards of the same suit'; the gods count as the sixth color
    (GAMES.md)."""
    assert solve(["1W", "3W", "6W", "9W"], LOOT).score == 8
    assert solve(["Lady", "Builder", "Seductress", "Changeling"], LOOT).score == 8


def test_a_color_holding_a_run_scores_as_both():
    """'unless a color combination of cards also contains a run within it, in which case the
    color and the run are scored as two separate combinations.'"""
    arrangement = solve(["4G", "5G", "6G", "7G", "9G"], LOOT)
    assert arrangement.score == 5 * 2 + 4 * 2
    assert arrangement.melds[0].runs == (("4G", "5G", "6G", "7G"),)


def test_a_card_counts_in_one_combination_only():
    """'Cards cannot be counted as part of more than one combination': 5W cannot be in the set
    of fives and in the wind color at once."""
    hand = ["5W", "5R", "5P", "1W", "3W", "8W"]
    # Either the set (6 points, winds loose -1-3-8) or the color (8 points, fives loose -5-5).
    assert solve(hand, LOOT).score == max(6 - 12, 8 - 10)
    assert [m.kind for m in solve(hand, LOOT).melds] == ["color"]


def test_uncombined_cards_count_minus_their_rank():
    """'each card not yet in a valid combination ... counts as negative it's rank number.
    (Un-combined princes count as minus three points, un-combined fools count as minus nine, and
    an uncombined Protectress would count as minus five.'"""
    assert solve(["3W"], LOOT).score == -3
    assert solve(["9G"], LOOT).score == -9
    assert solve(["Protectress"], LOOT).score == -5


def test_six_colors_in_a_run_score_five_more():
    """'If six continuously ranked cards in a run, are each of a different one of the six
    colors, you score an extra five points.'"""
    hand = ["2W", "3R", "4P", "Protectress", "6B", "7G"]
    assert solve(hand, LOOT).score == 12 + 5
    assert solve(hand, LOOT).melds[0].bonus
    # Five colors only: no bonus.
    assert solve(["2W", "3R", "4P", "5W", "6B", "7G"], LOOT).score == 12
