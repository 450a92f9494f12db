"""Random legal games as a Hypothesis state machine: every step keeps the game's invariants.

The machine sets up a game of 2 to 6 players with any combination of rule options, then plays
commands chosen among ``legal_commands(state)``: players' commands and chance alike (the card
dealt and the tile revealed are chosen by Hypothesis too). After every command it checks the
events and the invariants of ``tests/invariants.py``; after every step it also checks that the
events replay to the state, that the listed commands are exactly those ``decide`` accepts (on a
sample), and that illegal commands are rejected naming a rule of the specification.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from chicago_poker.core.apply import apply, replay
from chicago_poker.core.cards import (
    BUSINESS_TILES,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    full_deck,
)
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    RevealTile,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.decide import decide, follow_up, step
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import Event
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.players.game import Dealer, Game
from chicago_poker.specification import load_specification
from invariants import check_events, check_game_over, check_invariants
from scenarios import NAMES
from test_games import midgame_state, policy

GANGSTERS = tuple(card for card in full_deck() if isinstance(card, GangsterCard))
LEGAL_SAMPLE = 5
"""Listed commands re-checked with ``decide`` after each step."""

options_strategy = st.builds(
    RuleOptions,
    tactical=st.booleans(),
    short_game=st.booleans(),
    optional_actions=st.booleans(),
    limousine_any_cards=st.booleans(),
    optional_reinforcement=st.booleans(),
)


@cache
def known_rules() -> frozenset[str]:
    """The IDs of every rule of the specification."""
    return frozenset(rule.id for rule in load_specification().rules)


def seat_of(command: Command) -> int | None:
    """The acting seat of a player's command, None for chance."""
    player = getattr(command, "player", None)
    return player if isinstance(player, int) else None


def check_rejected(state: GameState, command: Command, expected: str | None = None) -> None:
    """``decide`` rejects ``command`` naming a rule of the spec (``expected`` if given)."""
    with pytest.raises(IllegalCommand) as error:
        decide(state, command)  # not listed as legal, so decide must reject it
    assert error.value.rule in known_rules(), f"{command} rejected by unknown {error.value.rule}"
    if expected is not None:
        assert error.value.rule == expected, f"{command} rejected by {error.value.rule}"


def targeted_illegal(state: GameState) -> list[tuple[Command, str | None]]:
    """Commands that break one rule each in ``state``, with the rule when it is unambiguous."""
    count = len(state.players)
    turn = state.turn
    seat = turn.player
    other = (seat + 1) % count
    waiting = awaiting(state)
    hand = state.players[seat].hand
    held = sorted(card for card in hand if isinstance(card, GangsterCard))
    not_held = [card for card in GANGSTERS if card not in hand]
    in_play = [business.tile for business in state.businesses]
    out_of_play = [tile for tile in BUSINESS_TILES if tile not in in_play]
    cases: list[tuple[Command, str | None]] = [(StartGame(NAMES[:count], (), ()), "R-2.1")]
    if state.is_over:
        cases += [(DrawCard(seat), "R-8.2"), (EndTurn(other), "R-8.2")]
        return cases
    cases += [(DrawCard(count), "R-2.1"), (DrawCard(-1), "R-2.1")]
    action = waiting is Awaiting.ACTION
    previous = state.previous_turn
    spent = (  # ``other`` took every action of the turn before, and nobody has acted since
        previous is not None
        and previous.player == other
        and previous.actions_left <= 0
        and turn.actions_taken == 0
    )
    cases.append((DrawCard(other), "R-3.2" if spent else "R-3.1" if action else None))
    if waiting is not Awaiting.CARD:
        cases.append((DealCard(GANGSTERS[0]), "R-3.6"))
    else:
        gone = [card for card in full_deck() if card not in state.draw_pile]
        cases.append((DealCard(gone[0]), "R-3.6"))
    if waiting is Awaiting.TILE:
        cases.append((RevealTile(in_play[0] if in_play else BUSINESS_TILES[0]), None))
    else:
        cases.append((RevealTile(BUSINESS_TILES[0]), None))
    if waiting is not Awaiting.REINFORCEMENT:
        cases.append((SendReinforcement(seat, GANGSTERS[0]), None))
        cases.append((DeclineReinforcement(seat), None))
    elif not state.options.optional_reinforcement and state.shootout is not None:
        # A contender who holds no gangster card may decline: not one of these.
        chosen = {chooser for chooser, _ in state.shootout.choices}
        for contender in state.shootout.contenders:
            holds = any(isinstance(c, GangsterCard) for c in state.players[contender].hand)
            if holds or contender in chosen:
                cases.append((DeclineReinforcement(contender), "R-6.7.2"))
    if not action:
        cases.append((EndTurn(seat), None))
        return cases
    if in_play:
        cases.append((PlayGangster(seat, not_held[0], in_play[0]), "R-3.10"))
    if held and out_of_play:
        cases.append((PlayGangster(seat, held[0], out_of_play[0]), "R-4.1"))
    for business in state.businesses:
        if held and len(business.columns[seat].cards) == 5:
            cases.append((PlayGangster(seat, held[0], business.tile), "R-4.5"))
    if not state.options.optional_actions and turn.actions_taken < turn.base_actions:
        cases.append((EndTurn(seat), "R-3.2" if len(hand) <= 7 else "R-3.9"))
    cases.append((EndTurn(other), "R-3.2" if spent else "R-3.1"))
    cases += special_cases(state)
    return cases


def special_cases(state: GameState) -> list[tuple[Command, str | None]]:
    """Special cards played where their effect cannot be carried out (R-5), or not held."""
    seat = state.turn.player
    hand = state.players[seat].hand
    tiles = [business.tile for business in state.businesses]
    # for a special card other than Revolver and Bribery: one card and one action less.
    h, a = len(hand) - 1, state.turn.actions_left - 1
    g = sum(isinstance(card, GangsterCard) for card in hand)
    places = state.free_places(seat)
    limit = "R-3.9" if h > 7 and h - 7 > min(a, g, places) else None
    cases: list[tuple[Command, str | None]] = []

    def held(kind: SpecialKind, rule: str) -> bool:
        if not any(isinstance(c, SpecialCard) and c.kind is kind for c in hand):
            if tiles:
                plays: dict[SpecialKind, Command] = {
                    SpecialKind.REVOLVER: PlayRevolver(seat),
                    SpecialKind.LIQUIDATION: PlayLiquidation(seat, tiles[0], (seat + 1) % 2),
                    SpecialKind.POLICE_RAID: PlayPoliceRaid(seat, tiles[0], (seat + 1) % 2),
                    SpecialKind.LIMOUSINE: PlayLimousine(seat, tiles[0], tiles[-1], ()),
                    SpecialKind.BRIBERY: PlayBribery(seat, GANGSTERS[0]),
                }
                cases.append((plays[kind], rule))
            return False
        return True

    held(SpecialKind.REVOLVER, "R-5.5")
    if held(SpecialKind.POLICE_RAID, "R-5.3") and tiles:
        cases.append((PlayPoliceRaid(seat, tiles[0], seat), limit or "R-5.3"))
    if held(SpecialKind.LIQUIDATION, "R-5.2") and tiles:
        cases.append((PlayLiquidation(seat, tiles[0], seat), limit or "R-5.2.1"))
        for business in state.businesses:
            for victim, column in enumerate(business.columns):
                if victim == seat:
                    continue
                rule = "R-5.2.3" if column.marker is not None else None
                rule = rule or ("R-5.2.1" if not column.cards and victim != seat else None)
                if rule is not None:
                    cases.append((PlayLiquidation(seat, business.tile, victim), limit or rule))
    if held(SpecialKind.LIMOUSINE, "R-5.4") and len(tiles) > 1:
        for business in state.businesses:
            column = business.columns[seat]
            target = next(tile for tile in tiles if tile != business.tile)
            if column.marker is not None:
                move = PlayLimousine(seat, business.tile, target, column.cards[:1])
                cases.append((move, limit or "R-5.4.2"))
            elif len(column.cards) >= 2 and not state.options.limousine_any_cards:
                move = PlayLimousine(seat, business.tile, target, column.cards[:1])
                cases.append((move, limit or "R-5.4.1"))
            if column.cards and column.marker is None:
                move = PlayLimousine(seat, business.tile, business.tile, column.cards[-1:])
                cases.append((move, limit or "R-5.4.3"))
    if held(SpecialKind.BRIBERY, "R-5.6") and state.discard_pile:
        missing = next(card for card in full_deck() if card not in state.discard_pile)
        cases.append((PlayBribery(seat, missing), "R-5.6.1"))
    return cases


def random_command(state: GameState, rng: random.Random) -> Command:
    """Any command, legal or not, with plausible fields."""
    count = len(state.players)
    seat = rng.randrange(-1, count + 1)
    card = rng.choice(full_deck())
    gangster = rng.choice(GANGSTERS)
    tile = rng.choice(BUSINESS_TILES)
    other = rng.randrange(count)
    if state.businesses and rng.random() < 0.8:
        business = rng.choice(state.businesses)
        tile = business.tile
        seat = rng.choice([seat, state.turn.player])
        column = business.columns[seat % count].cards
        if column and rng.random() < 0.5:
            gangster = rng.choice(column)
        elif rng.random() < 0.5:
            held = [c for c in state.players[seat % count].hand if isinstance(c, GangsterCard)]
            gangster = rng.choice(held) if held else gangster
    destination = rng.choice(BUSINESS_TILES)
    if state.businesses and rng.random() < 0.8:
        destination = rng.choice(state.businesses).tile
    moved: tuple[GangsterCard, ...] = (gangster,)
    if rng.random() < 0.5 and (source := state.business(tile)) is not None:
        cards = source.columns[seat % count].cards
        if cards:
            moved = tuple(rng.sample(cards, rng.randint(1, len(cards))))
    choices: list[Command] = [
        DrawCard(seat),
        DealCard(card),
        RevealTile(tile),
        PlayGangster(seat, gangster, tile),
        PlayLiquidation(seat, tile, other),
        PlayPoliceRaid(seat, tile, other),
        PlayLimousine(seat, tile, destination, moved),
        PlayRevolver(seat),
        PlayBribery(seat, card),
        EndTurn(seat),
        SendReinforcement(seat, gangster),
        DeclineReinforcement(seat),
    ]
    return rng.choice(choices)


class RandomGames(RuleBasedStateMachine):
    """Plays one random legal game through ``step``, with chance chosen among the legal outcomes."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.base: GameState | None = None
        """The position a tied game started from; None for a dealt game."""
        self.events: list[Event] = []
        self.finished = False

    def execute(self, command: Command) -> None:
        """Run a command and check its events and the state reached."""
        assert self.state is not None
        before = self.state
        state, events = step(before, command)
        assert events, f"{command} caused no event"
        assert decide(before, command) == events, f"decide and step disagree on {command}"
        assert check_events(before, events) == state, f"the events of {command} do not apply"
        check_invariants(state)
        self.state = state
        self.events.extend(events)

    @initialize(
        players=st.integers(2, 6),
        options=options_strategy,
        seed=st.integers(0, 2**32),
        tied=st.booleans(),
    )
    def start(self, players: int, options: RuleOptions, seed: int, tied: bool) -> None:
        """Set up a game dealt by a seeded dealer (R-2), or from a tied shootout (R-6.7)."""
        if tied:
            self.base = midgame_state(seed, players, options)
            state, events = follow_up(self.base)
            assert check_events(self.base, events) == state
        else:
            command = Dealer(seed).start(NAMES[:players], options)
            state, events = step(None, command)
            assert check_events(None, events) == state
        check_invariants(state)
        self.state = state
        self.events = list(events)

    @rule(data=st.data(), count=st.integers(1, 40))
    def play(self, data: st.DataObject, count: int) -> None:
        """Play up to ``count`` commands, each drawn among the legal ones (kind first)."""
        for _ in range(count):
            if self.over():
                return
            assert self.state is not None
            kinds: dict[type, list[Command]] = {}
            for command in legal_commands(self.state):
                kinds.setdefault(type(command), []).append(command)
            choice = data.draw(st.sampled_from(sorted(kinds, key=str)), label="kind")
            command = data.draw(st.sampled_from(kinds[choice]), label="command")
            self.execute(command)

    @rule(seed=st.integers(0, 2**16), count=st.integers(1, 150))
    def autoplay(self, seed: int, count: int) -> None:
        """Play up to ``count`` commands chosen by a seeded random policy (``test_games``)."""
        choose = policy(seed)
        for _ in range(count):
            if self.over():
                return
            assert self.state is not None
            self.execute(choose(self.state, legal_commands(self.state)))

    def over(self) -> bool:
        """Whether the game is over; the first time, check how it ended (R-8.2, R-8.6)."""
        assert self.state is not None
        if self.state.is_over and not self.finished:
            check_game_over(self.state, self.events)
            assert legal_commands(self.state) == ()
            self.finished = True
            event(f"game over: {self.state.victory}")
        return self.state.is_over

    @invariant()
    def replays_to_state(self) -> None:
        """Folding every event from the start gives the current state."""
        if self.state is None:
            return
        if self.base is None:
            assert replay(self.events) == self.state
        else:
            state = self.base
            for happened in self.events:
                state = apply(state, happened)
            assert state == self.state

    @invariant()
    def someone_can_act(self) -> None:
        """There is always a legal command until the game is over."""
        if self.state is not None:
            assert bool(legal_commands(self.state)) != self.state.is_over

    @invariant()
    def legal_commands_are_accepted(self) -> None:
        """A sample of the listed commands is accepted, and listed for its seat alone too."""
        state = self.state
        if state is None:
            return
        legal = legal_commands(state)
        rng = random.Random(len(self.events))
        for command in rng.sample(legal, min(LEGAL_SAMPLE, len(legal))):
            decide(state, command)  # raises if rejected
        for seat in range(len(state.players)):
            mine = tuple(command for command in legal if seat_of(command) == seat)
            assert legal_commands(state, seat) == mine

    @invariant()
    def illegal_commands_are_rejected(self) -> None:
        """Commands that break a rule are rejected naming a rule; others are listed iff accepted."""
        state = self.state
        if state is None:
            return
        legal = set(legal_commands(state))
        for command, expected in targeted_illegal(state):
            assert command not in legal, f"{command} is listed but breaks a rule"
            check_rejected(state, command, expected)
        rng = random.Random(len(self.events))
        for _ in range(10):
            command = random_command(state, rng)
            if command in legal:
                decide(state, command)
            else:
                check_rejected(state, command)

    def teardown(self) -> None:
        """A game played to its end passes the end-of-game checks."""
        if self.state is not None:
            self.over()
            if not self.finished:
                event("game unfinished")


RandomGames.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestRandomGames = pytest.mark.rule("R-3.2", "R-3.9", "R-4.5", "R-4.6", "R-8.2")(
    RandomGames.TestCase
)


@pytest.mark.rule("R-6.6")
def test_a_tile_revealed_when_none_is_due_is_rejected_by_the_tile_rule() -> None:
    """Regression (engine finding): a premature RevealTile cites R-3.6, the rule on drawing cards.

    The only rule a tile reveal can break is R-6.6 (a tile is revealed after a business is won);
    ``decide`` rejects it with ``rule="R-3.6"`` because one helper serves both chance commands.
    """
    state = Game.new(NAMES[:2], seed=1).state
    tile = min(state.tile_pile)
    with pytest.raises(IllegalCommand) as error:
        decide(state, RevealTile(tile))
    assert error.value.rule == "R-6.6"
