"""Samples of complete states from a seat's information set: consistent, and uniform.

``InformationSet.sample`` draws states uniformly among those consistent with what a seat saw.
Uniformity is tested against exact distributions computed another way
(:mod:`exact_placements`), on positions whose distribution can be counted: the deal at every
table size, and positions a few turns in with face-down cards unseen. A chi-square test of
10,000 seeded samples each: seeded, so it cannot flake; a biased sampler fails it (the
sampler of version 0.1.0 gave the next seat every special card at the deal). Positions built
by hand, where when a special card arrived or where a Limousine took a card matters, are
counted exactly: every history of their hidden cards played through the engine, or, for four
states, by hand.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest

from chicago_poker.cli.turns import next_chooser
from chicago_poker.core.cards import (
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    Card,
    GangsterCard,
    SpecialCard,
    parse_tile,
)
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DrawCard,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    RevealTile,
    StartGame,
)
from chicago_poker.core.errors import IllegalCommand, InvalidArgumentError
from chicago_poker.core.events import DiscardPileReshuffled
from chicago_poker.core.legal import Awaiting, awaiting
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.formats.log import redact_entries
from chicago_poker.players.belief import belief
from chicago_poker.players.game import Dealer, Game
from chicago_poker.players.heuristic import HeuristicBot
from chicago_poker.players.simulate import play_bots
from chicago_poker.referee.information import InformationSet
from chicago_poker.referee.sampling import TILTED_TRIES, Tilt
from exact_placements import card_in_hand, special_distribution
from random_games import by_kind, random_game
from scenarios import AL, BUGS, CAPONE, DUTCH, NAMES, cards, gangster, gangsters

SAMPLES = 10_000

POSITIONS = [
    # (players, commands played, seed, viewer): the deal at every table size, seat and spectator
    *(
        (players, 1, seed, viewer)
        for players, seed in ((2, 1), (3, 2), (4, 0), (5, 4), (6, 5))
        for viewer in (0, None)
    ),
    # a few turns in, with face-down cards nobody has seen
    (2, 12, 2, 0),
    (2, 12, 5, None),
    (3, 12, 3, None),
    (3, 30, 2, 0),
    (4, 12, 3, 0),
    (4, 12, 5, None),
    (5, 12, 5, 0),
    (5, 30, 5, None),
    (6, 12, 2, 0),
    (6, 30, 4, 0),
    (2, 60, 4, None),
    (4, 60, 0, 0),
]


CARDS: tuple[Card, ...] = (*GANGSTER_CARDS, *SPECIAL_CARDS)
EVEN = Tilt({}, {})
"""Every card weighs 1: the tilted deal, with nothing to lean towards."""
NOTHING = Tilt(dict.fromkeys(CARDS, 0.0), dict.fromkeys(CARDS, 0.0))
"""Every card weighs 0: the cards must still be chosen, each as likely as the next."""
TILTED = [
    # (players, commands played, seed, viewer, tilt): a tilt of even weights draws uniformly
    (*position, tilt)
    for position in ((2, 1, 1, 0), (3, 12, 3, None), (4, 60, 0, 0))
    for tilt in (EVEN, NOTHING)
]


def chi_square_p(observed: Counter[int], expected: dict[int, Fraction], total: int) -> float:
    """The p-value of Pearson's chi-square test, classes under 5 expected merged into one."""
    classes: list[tuple[float, int]] = []
    small_expected, small_observed = 0.0, 0
    for value, chance in expected.items():
        mean = float(chance) * total
        if mean < 5:
            small_expected += mean
            small_observed += observed.get(value, 0)
        else:
            classes.append((mean, observed.get(value, 0)))
    if small_expected:
        classes.append((small_expected, small_observed))
    assert sum(count for _, count in classes) == total, "a value the exact count says is impossible"
    statistic = sum((count - mean) ** 2 / mean for mean, count in classes)
    return _upper_gamma(len(classes) - 1, statistic) if len(classes) > 1 else 1.0


def _upper_gamma(degrees: int, statistic: float) -> float:
    """P(chi-square with ``degrees`` >= ``statistic``): the regularized upper gamma function."""
    a, x = degrees / 2, statistic / 2
    if x < a + 1:  # the series of the lower function
        term = total = 1 / a
        for n in range(1, 500):
            term *= x / (a + n)
            total += term
        return 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    b, c, d = x + 1 - a, 1 / 1e-300, 1 / (x + 1 - a)  # Lentz's continued fraction
    h = d
    for n in range(1, 500):
        an = -n * (n - a)
        b += 2
        d = 1 / (an * d + b)
        c = b + an / c
        h *= d * c
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def _position(
    players: int, commands: int, seed: int, viewer: int | None
) -> tuple[Game, InformationSet]:
    game = random_game(players, RuleOptions(), seed=seed, commands=commands)
    return game, InformationSet.of(redact_entries(game.history, viewer), viewer)


@pytest.mark.parametrize(
    ("players", "commands", "seed", "viewer", "tilt"),
    [(*position, None) for position in POSITIONS] + TILTED,
)
def test_the_special_cards_in_a_hand_follow_the_exact_distribution(
    players: int, commands: int, seed: int, viewer: int | None, tilt: Tilt | None
) -> None:
    """How many special cards the seat after the viewer holds: 10,000 samples, chi-square.

    Uniform draws, and tilted draws whose weights are all 1 or all 0: with nothing to lean
    towards, a tilted deal is as uniform as the uniform one."""
    game, known = _position(players, commands, seed, viewer)
    seat = 1 if viewer == 0 else 0
    facts = known.ledger.facts()
    exact = special_distribution(facts, game.state, seat)
    assert len(exact) > 1  # a position where something is left to chance
    rng = random.Random(seed)
    observed: Counter[int] = Counter()
    for _ in range(SAMPLES):
        state = known.sample(rng, tilt)
        observed[sum(isinstance(card, SpecialCard) for card in state.players[seat].hand)] += 1
    assert chi_square_p(observed, exact, SAMPLES) > 0.001, (observed, exact)


def test_a_special_card_lies_in_the_next_hand_as_often_as_counting_says() -> None:
    """The Revolver in the next hand at a two-player deal: 5 chances in 76, not always."""
    game, known = _position(2, 1, 1, 0)
    facts = known.ledger.facts()
    revolver = next(
        c for c in facts.free if isinstance(c, SpecialCard) and c.kind.name == "REVOLVER"
    )
    exact = card_in_hand(facts, game.state, revolver, 1)
    assert exact == Fraction(5, 76)
    rng = random.Random(7)
    hits = sum(revolver in known.sample(rng).players[1].hand for _ in range(SAMPLES))
    observed = Counter({1: hits, 0: SAMPLES - hits})
    assert chi_square_p(observed, {1: exact, 0: 1 - exact}, SAMPLES) > 0.001


def test_the_test_refuses_a_biased_sampler() -> None:
    """The chi-square test sees the bias of a sampler that always deals the specials first."""
    game, known = _position(2, 1, 1, 0)
    exact = special_distribution(known.ledger.facts(), game.state, 1)
    biased = Counter({5: SAMPLES})  # every special card in the next hand, as 0.1.0 gave
    assert chi_square_p(biased, exact, SAMPLES) < 1e-9
    slightly = Counter({0: 6300, 1: 3200, 2: 450, 3: 50})  # 35% in place of 34.5%
    assert chi_square_p(slightly, exact, SAMPLES) < 0.001


LIMOUSINE_POSITIONS = [
    # (players, commands played, seed, viewer): a Limousine of another seat moved cards to
    # face-down places in an order the viewer cannot tell, still on the table at the end
    (3, 80, 9, 0),  # three known face-up cards moved, two of them now face down
    (3, 80, 9, None),
    (4, 80, 40, 0),  # an unseen face-down card among the moved ones
    (3, 40, 75, None),
]


def _order_class(cards: Sequence[Card]) -> int:
    """Which of the orders of ``cards`` they lie in, from 0: a mixed-radix (Lehmer) rank."""
    rest = sorted(cards, key=lambda card: card.order)
    rank = 0
    for card in cards:
        position = rest.index(card)
        rank = rank * len(rest) + position
        rest.pop(position)
    return rank


@pytest.mark.parametrize(("players", "commands", "seed", "viewer"), LIMOUSINE_POSITIONS)
def test_the_order_a_limousine_hid_is_sampled_uniformly(
    players: int, commands: int, seed: int, viewer: int | None
) -> None:
    """The moved cards' order among face-down places the seat cannot tell apart: every order
    of the cards there equally likely (chi-square, 4,000 samples); before 0.2.0 every sample
    kept the witness's order."""
    game = random_game(players, RuleOptions(), seed=seed, commands=commands, policy=by_kind)
    known = InformationSet.of(redact_entries(game.history, viewer), viewer)
    groups = known.sampler().mixed
    assert groups  # a position where a Limousine hid an order
    group = groups[0]
    orders = math.factorial(len(group))
    rng = random.Random(seed)
    observed: Counter[int] = Counter()
    total = 4_000
    for _ in range(total):
        state = known.sample(rng)
        cards = [
            state.businesses[index].columns[seat].cards[position] for index, seat, position in group
        ]
        observed[_order_class(cards)] += 1
    exact = dict.fromkeys(range(orders), Fraction(1, orders))
    assert chi_square_p(observed, exact, total) > 0.001, observed


@pytest.mark.parametrize("believing", [False, True], ids=["uniform", "belief"])
@pytest.mark.parametrize(("players", "commands"), [(2, 150), (4, 150), (6, 150), (4, 400)])
def test_a_sample_gives_the_seat_the_view_it_has(
    players: int, commands: int, believing: bool
) -> None:
    """Every sample agrees with everything the seat saw: its view is the real one, however the
    draws lean."""
    tilt = belief(players) if believing else None
    for seed in range(3):
        game = random_game(players, RuleOptions(), seed=seed, commands=commands)
        for viewer in [*range(players), None]:
            known = InformationSet.of(redact_entries(game.history, viewer), viewer)
            rng = random.Random(seed)
            for _ in range(20):
                state = known.sample(rng, tilt)
                assert view(state, viewer) == view(game.state, viewer)


def test_samples_vary_what_the_seat_cannot_see() -> None:
    _, known = _position(3, 60, 5, 0)
    rng = random.Random(1)
    hands = {known.sample(rng).players[1].hand for _ in range(20)}
    assert len(hands) > 10


def test_sampling_a_history_no_game_gives_says_where() -> None:
    game = random_game(3, RuleOptions(), seed=5, commands=40)
    seen = list(redact_entries(game.history, 1))
    with pytest.raises(InvalidArgumentError, match="entry 5 is impossible"):
        InformationSet.of([*seen[:5], seen[7]], 1).sample(random.Random(1))
    with pytest.raises(InvalidArgumentError, match="no StartGame"):
        InformationSet.of([], 1).sample(random.Random(1))


# --- tilted draws (a belief about how the other seats play)


def test_a_card_of_weight_zero_is_never_dealt_to_a_hand() -> None:
    """The Revolver, weighing 0 for hands at a two-player deal, stays in the deck every time."""
    _, known = _position(2, 1, 1, 0)
    revolver = next(
        c
        for c in known.ledger.facts().free
        if isinstance(c, SpecialCard) and c.kind.name == "REVOLVER"
    )
    rng = random.Random(3)
    even = sum(revolver in known.sample(rng, EVEN).players[1].hand for _ in range(2_000))
    never = sum(
        revolver in known.sample(rng, Tilt({revolver: 0.0}, {})).players[1].hand
        for _ in range(2_000)
    )
    assert (never, even > 50) == (0, True)  # 5 chances in 76 without the weight


def _heuristic_position() -> tuple[Game, InformationSet]:
    """Four heuristic bots, 60 commands in: seat 0's rivals hold cards and face-down plays."""
    game = Game.new([f"P{seat}" for seat in range(4)], seed=2)
    bots = [HeuristicBot(seat) for seat in range(4)]
    for _ in range(60):
        seat = next_chooser(game.state)
        assert seat is not None
        game.execute(bots[seat].choose(view(game.state, seat), game.legal_commands(seat)))
    return game, InformationSet.of(redact_entries(game.history, 0), 0)


def test_a_tilt_the_engine_always_refuses_gives_way_to_uniform_deals() -> None:
    """Face-down plays that weigh 0 for every gangster card take special cards, which no play
    can be: after TILTED_TRIES refused deals, the draw deals uniformly, and agrees with the
    seat's view."""
    game, known = _heuristic_position()
    refused = Tilt({}, dict.fromkeys(GANGSTER_CARDS, 0.0))
    sampler = known.sampler()
    before = sampler.tries
    state = known.sample(random.Random(1), refused)
    assert view(state, 0) == view(game.state, 0)
    assert sampler.tries - before > TILTED_TRIES


def _unseen_face_down(game: Game, seat: int) -> list[tuple[int, int, int]]:
    """The face-down cards of the others that ``seat`` has not seen: (business, seat, place)."""
    seen = view(game.state, seat)
    return [
        (index, owner, position)
        for index, business in enumerate(seen.businesses)
        for owner, column in enumerate(business.columns)
        if owner != seat
        for position, slot in enumerate(column.slots)
        if slot.card is None
    ]


def test_the_belief_leans_hands_low_and_face_down_cards_high() -> None:
    """At a four-player mid-game, the belief's rival hands hold lower gangster cards, and its
    face-down cards higher ones, than uniform draws give."""
    game, known = _heuristic_position()
    hidden = _unseen_face_down(game, 0)
    assert hidden

    def means(tilt: Tilt | None) -> tuple[float, float]:
        rng = random.Random(5)
        hands: list[int] = []
        face_down: list[int] = []
        for _ in range(400):
            state = known.sample(rng, tilt)
            hands.extend(
                card.value
                for player in state.players[1:]
                for card in player.hand
                if isinstance(card, GangsterCard)
            )
            face_down.extend(
                state.businesses[index].columns[seat].cards[position].value
                for index, seat, position in hidden
            )
        return statistics.fmean(hands), statistics.fmean(face_down)

    uniform, leaning = means(None), means(belief(4))
    assert leaning[0] < uniform[0] - 1
    assert leaning[1] > uniform[1] + 1


# --- the true state is one the sampler may draw


def _reshuffled(game: Game) -> bool:
    return any(
        isinstance(event, DiscardPileReshuffled) for entry in game.history for event in entry.events
    )


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 1), (4, 6), (6, 2)])
def test_the_sampler_may_deal_the_special_cards_where_they_really_are(
    players: int, seed: int
) -> None:
    """Each seat may hold the free special cards it really holds, whoever looks: the true state
    is consistent with every seat's history, so the sampler must be able to draw it. Heuristic
    games, checked every 30 commands, past the first reshuffle, where cards drawn again are the
    cards of earlier needs (the sampler before 0.2.0 refused every special card in a hand there)."""
    checked = recycled = 0
    for commands in range(60, 1_000, 30):
        bots = [HeuristicBot(seed + seat) for seat in range(players)]
        game = play_bots(RuleOptions(), bots, seed, max_commands=commands)
        reshuffled = _reshuffled(game)
        for viewer in [*range(players), None]:
            sampler = InformationSet.of(redact_entries(game.history, viewer), viewer).sampler()
            for seat, player in enumerate(game.state.players):
                specials = sampler.free_specials(player.hand)
                if seat == viewer or not specials:
                    continue
                assert sampler.may_hold(seat, specials), (commands, viewer, seat, specials)
                checked += 1
                recycled += reshuffled
        if game.state.is_over:
            break
    assert (checked > 0, recycled > 0) == (True, True)  # after a reshuffle too


def test_a_special_card_kept_through_a_reshuffle_may_still_be_held() -> None:
    """Four heuristic bots, 260 commands in: seat 3 has kept the Liquidation from the first deck
    through the reshuffle, while the witness's hand for it holds three cards of the second.
    Moving a card of the witness is not enough to give seat 3 the Liquidation; the witness's
    search, asked for a game that ends with it in that hand, finds one."""
    game = play_bots(
        RuleOptions(), [HeuristicBot(2 + seat) for seat in range(4)], 2, max_commands=260
    )
    liquidation = next(card for card in game.state.players[3].hand if isinstance(card, SpecialCard))
    assert liquidation.kind.name == "LIQUIDATION"
    assert _reshuffled(game)
    sampler = InformationSet.of(redact_entries(game.history, 0), 0).sampler()
    assert sampler.may_hold(3, frozenset({liquidation}))


# --- positions built by hand, whose exact distribution is counted by brute force


class _Scripted(Dealer):
    """A dealer that deals the cards it is given, in that order (and tiles in theirs)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        super().__init__(1)
        self.queue = list(cards)

    def outcome(self, state: GameState) -> DealCard | RevealTile | None:
        chance = awaiting(state, check_actions=False)
        if chance is Awaiting.CARD:
            return DealCard(self.queue.pop(0))
        if chance is Awaiting.TILE:
            return RevealTile(min(state.tile_pile))
        return None


def _built(
    hands: Sequence[str],
    tiles: str,
    dealt: str,
    commands: Sequence[Command],
    options: RuleOptions,
) -> Game:
    start = StartGame(
        NAMES[: len(hands)],
        tuple(cards(hand) for hand in hands),
        tuple(parse_tile(word) for word in tiles.split()),
        0,
        options,
    )
    game = Game(start, _Scripted(cards(dealt)))
    for command in commands:
        game.execute(command)
    return game


def _moved_on_game(any_cards: bool) -> Game:
    """Bugs moves 10B 11B 12B from a Brewery to a Speakeasy: 10B and 11B land face down, 12B
    face up. Then it moves cards on to another Speakeasy, face down: the last two (which of
    10B and 11B stayed behind nobody else saw), or with ``limousine_any_cards`` 10B alone
    (which card went, nobody else saw: the two left behind lie face down)."""
    brewery, first, second = map(parse_tile, ("Brewery#1", "Speakeasy#1", "Speakeasy#2"))
    hands = ("1R 2R 3R 4R 5R", "Limousine Bribery 10B 11B 12B", "1Y 2Y 3Y 4Y 5Y", "1G 2G 3G 4G 5G")
    dealt = "6R 6Y 7Y 6G 7G 7R 8Y 8G 9Y 9G 8R 9R 10R"
    return _built(
        hands,
        "Brewery#1 Speakeasy#1 Speakeasy#2",
        dealt,
        [
            DrawCard(AL),
            PlayGangster(BUGS, gangster("10B"), brewery),
            PlayGangster(BUGS, gangster("11B"), brewery),
            *(DrawCard(CAPONE), DrawCard(CAPONE), PlayGangster(CAPONE, gangster("1Y"), brewery)),
            *(DrawCard(DUTCH), DrawCard(DUTCH), PlayGangster(DUTCH, gangster("1G"), brewery)),
            PlayGangster(AL, gangster("1R"), brewery),
            PlayGangster(AL, gangster("2R"), brewery),
            DrawCard(AL),
            PlayGangster(BUGS, gangster("12B"), brewery),
            PlayLimousine(BUGS, brewery, first, gangsters("10B 11B 12B")),
            PlayBribery(BUGS, cards("Limousine")[0]),
            *(DrawCard(CAPONE), DrawCard(CAPONE), PlayGangster(CAPONE, gangster("2Y"), brewery)),
            *(DrawCard(DUTCH), DrawCard(DUTCH), PlayGangster(DUTCH, gangster("2G"), brewery)),
            PlayGangster(AL, gangster("3R"), brewery),
            DrawCard(AL),
            DrawCard(AL),
            PlayLimousine(BUGS, first, second, gangsters("10B" if any_cards else "11B 12B")),
        ],
        RuleOptions(limousine_any_cards=any_cards),
    )


MOVED_ON = {
    # Bugs's cards at the first Speakeasy, and at the second: every state the history allows
    False: {
        (("10B",), ("11B", "12B")),
        (("10B",), ("12B", "11B")),
        (("11B",), ("10B", "12B")),
        (("11B",), ("12B", "10B")),
    },
    True: {
        (("10B", "11B"), ("12B",)),
        (("11B", "10B"), ("12B",)),
        (("10B", "12B"), ("11B",)),
        (("11B", "12B"), ("10B",)),
    },
}


@pytest.mark.parametrize("any_cards", [False, True], ids=["last-cards", "any-cards"])
@pytest.mark.parametrize("viewer", [AL, None])
def test_which_moved_cards_a_later_limousine_took_on_is_sampled_uniformly(
    viewer: int | None, any_cards: bool
) -> None:
    """Which moved card stayed where a Limousine put it, and which went on with a later one:
    four states, equally likely (chi-square, 4,000 samples). Moving the last two on, the card
    left at the first Speakeasy is 10B or 11B, and the other lies with 12B at the second in
    either order. Moving any one card on (``limousine_any_cards``), 12B went on and 10B and
    11B stayed in either order, or 10B or 11B went on and the other stayed before 12B: four
    states, though six combinations of the two moves' orders give them. Before, every sample
    kept the witness's choice of cards: two states half the time each, or one always."""
    game = _moved_on_game(any_cards)
    known = InformationSet.of(redact_entries(game.history, viewer), viewer)
    rng = random.Random(2)
    observed: Counter[int] = Counter()
    classes: dict[tuple[tuple[str, ...], ...], int] = {}
    total = 4_000
    for _ in range(total):
        state = known.sample(rng)
        left, moved_on = (state.businesses[index].columns[BUGS].cards for index in (1, 2))
        where = (tuple(map(str, left)), tuple(map(str, moved_on)))
        observed[classes.setdefault(where, len(classes))] += 1
    assert set(classes) == MOVED_ON[any_cards]
    assert chi_square_p(observed, dict.fromkeys(range(4), Fraction(1, 4)), total) > 0.001


def _raid_then_bribery(bugs_hand: Sequence[Card], drawn: Card) -> Game:
    """Bugs plays Police Raid #2, so it does not hold #1 then; Al then liquidates 10B and plays
    a Bribery, which puts 10B, the Revolver and the Liquidation back in the deck; Bugs draws
    one card. Bugs keeps three cards of the deal, unseen by Al, and the card drawn."""
    first, second = parse_tile("Brewery#1"), parse_tile("Brewery#2")
    start_hands = ("Revolver Liquidation Bribery 1R 2R", "PoliceRaid2 10B")
    hands = (cards(start_hands[0]), (*cards(start_hands[1]), *bugs_hand))
    start = StartGame(NAMES[:2], hands, (first, second), 0, RuleOptions())
    game = Game(start, _Scripted([*cards("3R"), drawn]))
    for command in (
        PlayRevolver(AL),
        PlayGangster(AL, gangster("1R"), first),
        PlayGangster(AL, gangster("2R"), first),
        PlayGangster(BUGS, gangster("10B"), second),
        PlayPoliceRaid(BUGS, first, AL),
        PlayLiquidation(AL, second, BUGS),
        PlayBribery(AL, cards("PoliceRaid2")[0]),
        DrawCard(AL),
        DrawCard(BUGS),
    ):
        game.execute(command)
    return game


def test_when_a_special_card_arrived_is_checked_against_every_history() -> None:
    """A position built so that when a special card reached a hand matters: Police Raid #1 can
    be in Bugs's hand only if its one draw after the raid brought it, and a card of the
    Bribery's release only by that same draw. Every history of Bugs's hidden cards (its three
    kept cards of the deal and the card drawn, by kind: which special cards, how many
    gangster cards of each release) is played through the engine; those whose log is Al's
    give the exact distribution, and 10,000 samples follow it (chi-square). Before, the
    sampler checked the special cards without the numbers of each release, and also drew
    Police Raid #1 in a hand of the deal beside 10B of the Bribery's release: two kinds of
    state no legal game gives, 0.20% of the draws (total variation distance 0.0020)."""
    real = _raid_then_bribery(gangsters("11B 12B 13B"), gangster("14B"))
    seen = list(redact_entries(real.history, AL))
    sampler = InformationSet.of(seen, AL).sampler()
    release_of = sampler.release_of
    deal, bribery = sorted(set(release_of.values()), key=lambda release: release.seq)
    free: list[Card] = sorted(release_of, key=lambda card: card.order)
    specials = [c for c in free if isinstance(c, SpecialCard)]
    by_release = {
        r: [c for c in free if isinstance(c, GangsterCard) and release_of[c] is r]
        for r in (deal, bribery)
    }

    def kind(hand: frozenset[Card]) -> tuple[frozenset[Card], int, int]:
        counts = [sum(c in hand for c in by_release[r]) for r in (deal, bribery)]
        return frozenset(c for c in hand if c in specials), counts[0], counts[1]

    exact: set[tuple[frozenset[Card], int, int]] = set()
    early = [c for c in specials if release_of[c] is deal]
    for size in range(4):
        for chosen in itertools.combinations(early, size):
            kept: list[Card] = [*chosen, *by_release[deal][: 3 - size]]
            draws: list[Card] = [*early, by_release[deal][3], *specials, *by_release[bribery]]
            for drawn in draws:
                if drawn in kept:
                    continue
                try:
                    game = _raid_then_bribery(kept, drawn)
                except IllegalCommand:  # Police Raid #1 played, then no #2 to take
                    continue
                if list(redact_entries(game.history, AL)) == seen:
                    exact.add(kind(game.state.players[BUGS].hand))
    assert len(exact) == 10
    sizes = len(by_release[deal]), len(by_release[bribery])
    counted = {key: math.comb(sizes[0], key[1]) * math.comb(sizes[1], key[2]) for key in exact}
    index = {key: number for number, key in enumerate(sorted(exact, key=repr))}
    truth = {index[key]: Fraction(count, sum(counted.values())) for key, count in counted.items()}
    rng = random.Random(4)
    observed = Counter(
        index.get(kind(sampler.sample(rng).players[BUGS].hand), -1) for _ in range(SAMPLES)
    )
    assert chi_square_p(observed, truth, SAMPLES) > 0.001, observed[-1]
