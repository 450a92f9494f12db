"""The checks that a position or a view is one that a game reaches.

A text that follows the grammar may still describe a table that no game reaches: 82 cards, a
marker on a column of three, a winner in a game that goes on. The reader hands what it read to
a :class:`Checker`, which raises :class:`~chicago_poker.core.errors.PositionInvariantError`
naming the broken invariant, the rule behind it, and the line to look at.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple, NoReturn

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    Face,
    GangsterCard,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.errors import PositionInvariantError
from chicago_poker.core.rules import MAX_COLUMN, MAX_PLAYERS, MIN_PLAYERS, MOST_ACTIONS, RuleOptions
from chicago_poker.core.state import (
    Business,
    GameState,
    PlayerState,
    Shootout,
    Turn,
    TurnPhase,
    Victory,
)
from chicago_poker.core.victory import victory_of
from chicago_poker.core.views import OpponentView, PlayerView, ShootoutView
from chicago_poker.formats.notation.statements import Reader, Statement

__all__ = [
    "FACE_UP_AT_SETUP",
    "HAND_LIMIT",
    "Checker",
    "Pieces",
    "check_names",
    "check_view",
    "no_repeats",
]

HAND_LIMIT: Final = 7
"""The most cards a hand may hold at the end of its owner's turn (R-3.9)."""

FACE_UP_AT_SETUP: Final = {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}
"""Face-up businesses at set-up by number of players (R-2.5)."""

_NO_WINNER: Final = (Victory.BLOCKED, Victory.STALLED)
"""The ends of a game without a winner (R-8.6, R-8.7)."""


class Pieces(NamedTuple):
    """What the checks of a position need besides its state: the piles as written."""

    lines: dict[BusinessTile, int]
    placed: list[Card]
    draw: list[Card]
    tiles: list[BusinessTile]
    deck: Sequence[Card]


def _seats_text(seats: Iterable[int]) -> str:
    return ",".join(str(seat) for seat in seats) or "-"


def check_names(names: Sequence[str], lines: Sequence[Statement]) -> None:
    """Two to six players, each with a name, no two the same (R-2.1, R-2.2)."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        count = f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        raise PositionInvariantError("players", count, rule="R-2.1")
    stripped: list[str] = []
    for name, statement in zip(names, lines, strict=True):
        fault = "" if name.strip() else "every player needs a name"
        if name.strip() in stripped:
            fault = f"two players are named {name.strip()!r}"
        if fault:
            raise PositionInvariantError("names", fault, rule="R-2.2", line=statement.line)
        stripped.append(name.strip())


def no_repeats(invariant: str, items: Sequence[object], line: int | None, rule: str) -> None:
    """Refuse ``items`` written more than once, as a break of ``invariant``."""
    twice = sorted({str(item) for item, n in Counter(items).items() if n > 1})
    if twice:
        raise PositionInvariantError(
            invariant, f"{', '.join(twice)} written more than once", rule=rule, line=line
        )


class Checker:
    """The invariants of a position, each raising PositionInvariantError with its name."""

    def __init__(self, reader: Reader, lines: dict[BusinessTile, int]) -> None:
        """Check what ``reader`` read; ``lines`` gives the line of each business."""
        self.reader = reader
        self.lines = lines

    def fail(self, invariant: str, message: str, rule: str, line: int | None = None) -> NoReturn:
        """Raise the error of a broken invariant."""
        raise PositionInvariantError(invariant, message, rule=rule, line=line)

    def check_seats(self, state: GameState) -> None:
        """Every seat the position names exists: without this no state can be built."""
        count = len(state.players)
        for keyword, seat in _named_seats(state):
            if seat >= count:
                self.fail("seats", f"there is no seat {seat}", "R-2.1", self.reader.line(keyword))
        for seer, player in enumerate(state.players):
            for _, owner, _ in player.seen:
                if owner >= count:
                    line = self.reader.by_keyword["player"][seer].line
                    self.fail("seats", f"there is no seat {owner}", "R-2.1", line)

    def check_state_shootout(self, state: GameState, shootout: Shootout) -> None:
        """The shootout of a position, with the seats that have chosen."""
        choosers = [seat for seat, _ in shootout.choices]
        self.check_shootout(state, shootout.business, shootout.owner, shootout.contenders, choosers)

    def check_state(self, state: GameState, pieces: Pieces) -> None:
        """Every invariant of a position, given its piles as written."""
        self.check_cards([*pieces.placed, *pieces.draw], pieces.deck, state.options)
        self.check_tiles(state, pieces.tiles)
        count = len(state.players)
        columns = [(b.tile, [list(c.cards) for c in b.columns]) for b in state.businesses]
        markers = [(b.tile, [c.marker for c in b.columns]) for b in state.businesses]
        self.check_columns(columns, markers, state.markers_placed)
        self.check_businesses(len(state.businesses), state.vacancies, count)
        self.check_turn(state.turn, count, "turn")
        if state.previous_turn is not None:
            self.check_previous(state.previous_turn, state.turn, count)
        self.check_game(state, count)
        hands = [len(player.hand) for player in state.players]
        self.check_hands(state, hands, state.players[state.turn.player].hand)
        if state.shootout is not None:
            self.check_state_shootout(state, state.shootout)
        self.check_seen(state)

    def check_previous(self, previous: Turn, turn: Turn, count: int) -> None:
        """The previous turn is a turn, and the one just before the current turn."""
        self.check_turn(previous, count, "previous")
        if previous.number != turn.number - 1:
            self.fail(
                "turn",
                f"the previous turn is number {previous.number}, not {turn.number - 1}",
                "R-3.1",
                self.reader.line("previous"),
            )

    def check_cards(
        self, found: Sequence[Card], deck: Sequence[Card], options: RuleOptions
    ) -> None:
        """Every card of the deck in exactly one place, and no other card (R-1.3, R-9.1)."""
        rule = "R-9.1" if options.tactical else "R-1.3"
        in_deck = set(deck)
        foreign = sorted({str(card) for card in found if card not in in_deck})
        if foreign:
            self.fail(
                "cards", f"{', '.join(foreign)} not in the deck of the tactical variant", rule
            )
        no_repeats("cards", found, None, rule)
        self.check_all_placed(found, deck, rule)

    def check_all_placed(self, found: Sequence[Card], deck: Sequence[Card], rule: str) -> None:
        """Every card of the deck is somewhere."""
        places = set(found)
        missing = [str(card) for card in deck if card not in places]
        if missing:
            self.fail(
                "cards",
                f"the deck has {len(deck)} cards and {len(missing)} are nowhere: "
                f"{', '.join(missing[:10])}{' ...' if len(missing) > 10 else ''}",
                rule,
                self.reader.line("draw"),
            )

    def check_tiles(self, state: GameState, pile: Sequence[BusinessTile]) -> None:
        """Each of the 20 tiles in exactly one place (R-1.4)."""
        found = [b.tile for b in state.businesses] + list(pile)
        found += [tile for player in state.players for tile in player.controlled]
        no_repeats("tiles", found, None, "R-1.4")
        placed = set(found)
        missing = [str(tile) for tile in BUSINESS_TILES if tile not in placed]
        if missing:
            self.fail(
                "tiles",
                f"the game has 20 tiles and {len(missing)} are nowhere: {', '.join(missing)}",
                "R-1.4",
                self.reader.line("tiles"),
            )

    def check_columns(
        self,
        columns: Sequence[tuple[BusinessTile, Sequence[Sequence[GangsterCard | None]]]],
        markers: Sequence[tuple[BusinessTile, Sequence[int | None]]],
        placed: int,
    ) -> None:
        """The size and the marker of each column (R-4.5, R-4.6, R-6.2)."""
        numbers: list[int] = []
        for (tile, cards), (_, marks) in zip(columns, markers, strict=True):
            line = self.lines.get(tile)
            for seat, (column, marker) in enumerate(zip(cards, marks, strict=True)):
                self.check_column_size(tile, seat, len(column), marker, line)
                if marker is not None:
                    self.check_marker(marker, numbers, placed, line)
                    numbers.append(marker)

    def check_column_size(
        self, tile: BusinessTile, seat: int, size: int, marker: int | None, line: int | None
    ) -> None:
        """At most five cards in a column, and a marker exactly when there are five."""
        if size > MAX_COLUMN:
            self.fail(
                "columns",
                f"seat {seat} has {size} cards at {tile}, at most {MAX_COLUMN}",
                "R-4.5",
                line,
            )
        if (size == MAX_COLUMN) != (marker is not None):
            what = "no marker" if marker is None else f"marker {marker}"
            self.fail(
                "markers",
                f"seat {seat} has {size} cards and {what} at {tile}: a column "
                "has a shootout marker exactly when it holds five cards",
                "R-4.6",
                line,
            )

    def check_marker(self, marker: int, numbers: list[int], placed: int, line: int | None) -> None:
        """A marker's number is new and below the number of markers placed."""
        if marker in numbers:
            self.fail("markers", f"marker {marker} is used twice", "R-6.2", line)
        if marker >= placed:
            self.fail(
                "markers",
                f"marker {marker} but only {placed} markers were placed",
                "R-6.2",
                self.reader.line("game") or line,
            )

    def check_businesses(self, shown: int, vacancies: int, count: int) -> None:
        """No more businesses than the set-up puts out, and none twice (R-2.5, R-1.4)."""
        wanted = FACE_UP_AT_SETUP.get(count, 0)
        if shown + vacancies > wanted:
            self.fail(
                "businesses",
                f"{shown} face-up businesses and {vacancies} vacancies, but with {count} "
                f"players there are {wanted} places for businesses",
                "R-2.5",
                self.reader.line("game"),
            )
        if len(set(self.lines)) != shown:
            self.fail("tiles", "a business is written twice", "R-1.4")

    def check_turn(self, turn: Turn, count: int, keyword: str) -> None:
        """The turn of the line ``keyword``: a seat of the table, and its actions."""
        line = self.reader.line(keyword)
        if turn.player >= count:
            self.fail("turn", f"there is no seat {turn.player}", "R-3.1", line)
        self.check_actions(turn, line)

    def check_actions(self, turn: Turn, line: int | None) -> None:
        """The actions of a turn: how many it has, how many are taken, and when."""
        if not 0 <= turn.base_actions <= 3:
            self.fail("turn", f"{turn.base_actions} ordinary actions, at most 3", "R-3.2", line)
        actions = turn.base_actions + turn.bonus_actions
        if actions > MOST_ACTIONS:
            self.fail("turn", f"{actions} actions, at most {MOST_ACTIONS}", "R-5.5.1", line)
        if turn.bonus_actions % 2 and actions != MOST_ACTIONS:
            self.fail(
                "turn",
                f"{turn.bonus_actions} bonus actions: Revolvers give two each, "
                f"short of {MOST_ACTIONS} actions",
                "R-5.5",
                line,
            )
        if turn.actions_taken > turn.base_actions + turn.bonus_actions:
            self.fail(
                "turn",
                f"{turn.actions_taken} actions taken of {turn.base_actions} + {turn.bonus_actions}",
                "R-3.2",
                line,
            )
        if turn.phase is TurnPhase.SHOOTOUTS and (turn.actions_taken or turn.bonus_actions):
            self.fail("turn", "actions taken before the shootouts are over", "R-6.1", line)

    def check_game(self, state: GameState | PlayerView, count: int) -> None:
        """The seats of the ``game`` line, and the result."""
        line = self.reader.line("game")
        for seat in state.pending_draws:
            if seat >= count:
                self.fail(
                    "turn", f"a draw pending for seat {seat}, who is not there", "R-3.6", line
                )
        for name, who in (("last winner", state.last_winner), ("winner", state.winner)):
            if who is not None and who >= count:
                self.fail("victory", f"the {name} is seat {who}, who is not there", "R-8.2", line)
        self.check_result(state, line)

    def check_result(self, state: GameState | PlayerView, line: int | None) -> None:
        """A winner only in a game that is won, and a won game only with a winner."""
        if state.victory is None and state.winner is not None:
            self.fail(
                "victory", f"seat {state.winner} won, but the game is not over", "R-8.2", line
            )
        if state.victory in _NO_WINNER and state.winner is not None:
            rule = "R-8.6" if state.victory is Victory.BLOCKED else "R-8.7"
            self.fail(
                "victory", f"a game that ended {state.victory.value} has no winner", rule, line
            )
        if state.victory not in (None, *_NO_WINNER) and state.winner is None:
            self.fail("victory", "the game is won, but nobody won it", "R-8.2", line)

    def check_hands(
        self, state: GameState | PlayerView, sizes: Sequence[int], hand: frozenset[Card] | None
    ) -> None:
        """The hand limit (R-3.9), and no victory met in a game that goes on."""
        turn = state.turn
        if hand is not None and turn.phase is TurnPhase.ACTIONS and state.victory is None:
            self.check_acting_hand(state, hand)
        if state.victory is None:
            self.check_no_victory_met(state)
        for seat, size in enumerate(sizes):
            acting = seat == turn.player and turn.phase is TurnPhase.ACTIONS
            if not acting and size > HAND_LIMIT and state.victory is None:
                self.fail(
                    "hand limit",
                    f"seat {seat} holds {size} cards outside their actions, at most {HAND_LIMIT}",
                    "R-3.9",
                    self.reader.by_keyword["player"][seat].line,
                )

    def check_acting_hand(self, state: GameState | PlayerView, hand: frozenset[Card]) -> None:
        """The acting player's hand can get back to seven cards by the end of the turn.

        The player taking actions may hold more than seven cards only if the actions left can
        bring the hand back to seven by playing gangster cards (R-3.9).
        """
        turn = state.turn
        seat = turn.player
        held = len(hand) + (1 if state.pending_draws else 0)
        gangsters = sum(isinstance(card, GangsterCard) for card in hand)
        free = sum(MAX_COLUMN - sizes[seat] for sizes in _columns(state))
        excess = held - HAND_LIMIT
        if excess > 0 and excess > min(turn.actions_left, gangsters, free):
            self.fail(
                "hand limit",
                f"seat {seat} holds {held} cards with {turn.actions_left} actions left, "
                f"{gangsters} gangster cards and {free} free places: the hand cannot get "
                f"back to {HAND_LIMIT} by the end of the turn",
                "R-3.9",
                self.reader.by_keyword["player"][seat].line,
            )

    def check_no_victory_met(self, state: GameState | PlayerView) -> None:
        """Nobody meets a victory condition in a game that goes on."""
        players: Sequence[PlayerState | OpponentView] = state.players
        for seat, player in enumerate(players):
            met = victory_of(player.controlled, state.options)
            if met is not None:
                self.fail(
                    "victory",
                    f"seat {seat} meets a victory condition ({met.value}), but the game goes on",
                    "R-8.3" if state.options.short_game else "R-8.1",
                    self.reader.by_keyword["player"][seat].line,
                )

    def check_shootout(
        self,
        state: GameState | PlayerView,
        tile: BusinessTile,
        owner: int,
        contenders: Sequence[int],
        chosen: Sequence[int],
    ) -> None:
        """A shootout: its owner, its business, its contenders and their choices."""
        line = self.reader.line("shootout")
        self.check_shootout_owner(state, owner, line)
        columns = _sizes_and_markers(state, tile)
        if columns is None:
            self.fail("shootout", f"{tile} is not a face-up business", "R-6.1", line)
            return
        self.check_owner_marker(columns, owner, tile, line)
        with_cards = {seat for seat, (size, _) in enumerate(columns) if size}
        self.check_contenders(tile, with_cards, contenders, chosen, line)

    def check_owner_marker(
        self,
        columns: list[tuple[int, int | None]],
        owner: int,
        tile: BusinessTile,
        line: int | None,
    ) -> None:
        """The owner of a shootout has a marker at its business (``columns``: size, marker)."""
        if columns[owner][1] is None:
            self.fail(
                "shootout", f"seat {owner} has no marker at {tile} to start it", "R-6.1", line
            )

    def check_shootout_owner(
        self, state: GameState | PlayerView, owner: int, line: int | None
    ) -> None:
        """The owner of a shootout is a seat, in the shootout phase of their turn."""
        if owner >= len(state.players):
            self.fail("shootout", f"there is no seat {owner}", "R-6.1", line)
        if state.turn.phase is not TurnPhase.SHOOTOUTS or state.turn.player != owner:
            self.fail(
                "shootout",
                f"a shootout of seat {owner} runs only in the shootout phase of their turn",
                "R-6.1",
                line,
            )

    def check_contenders(
        self,
        tile: BusinessTile,
        with_cards: set[int],
        contenders: Sequence[int],
        chosen: Sequence[int],
        line: int | None,
    ) -> None:
        """Contenders have cards at the business; each chose at most once."""
        if not set(contenders) <= with_cards:
            fault = f"contenders {_seats_text(contenders)} must have cards at {tile}"
            self.fail("shootout", fault, "R-6.7.1", line)
        if len(chosen) != len(set(chosen)) or not set(chosen) <= set(contenders):
            fault = f"choices of seats {_seats_text(chosen)}: one each, by contenders only"
            self.fail("shootout", fault, "R-6.7.2", line)

    def check_seen(self, state: GameState) -> None:
        """Each card a Police Raid showed (R-5.3)."""
        for seer, player in enumerate(state.players):
            for tile, owner, card in player.seen:
                self.check_seen_card(state, seer, tile, owner, card)

    def check_seen_card(
        self, state: GameState, seer: int, tile: BusinessTile, owner: int, card: GangsterCard
    ) -> None:
        """A card a raid showed lies face down in the column of another seat."""
        business = state.business(tile)
        line = self.reader.by_keyword["player"][seer].line
        if owner >= len(state.players) or owner == seer:
            self.fail("seen", f"seat {seer} cannot have raided seat {owner}", "R-5.3", line)
        if business is None or card not in business.columns[owner].cards:
            fault = f"seat {seer} saw {card} of seat {owner} at {tile}, but it is not there"
            self.fail("seen", fault, "R-5.3", line)
        position = business.columns[owner].cards.index(card)
        if business.face(position) is not Face.DOWN:
            fault = f"{card} at {tile} lies face up: a raid shows face-down cards"
            self.fail("seen", fault, "R-5.3", line)


def _named_seats(state: GameState) -> list[tuple[str, int]]:
    """The highest seat each kind of line names, with the keyword of that line."""
    named = [
        ("turn", state.turn.player),
        ("previous", state.previous_turn.player if state.previous_turn else 0),
        ("game", max(state.pending_draws, default=0)),
        ("game", state.winner or 0),
        ("game", state.last_winner or 0),
    ]
    if state.shootout is not None:
        shootout = state.shootout
        seats = [shootout.owner, *shootout.contenders, *(s for s, _ in shootout.choices)]
        named.append(("shootout", max(seats)))
    return named


def _sizes_and_markers(
    state: GameState | PlayerView, tile: BusinessTile
) -> list[tuple[int, int | None]] | None:
    """The size and marker of each column at ``tile``; None when it is not face up."""
    for business in state.businesses:
        if business.tile is tile:
            if isinstance(business, Business):
                return [(len(column.cards), column.marker) for column in business.columns]
            return [(len(column), column.marker) for column in business.columns]
    return None


def _columns(state: GameState | PlayerView) -> list[list[int]]:
    """The number of cards in each column of each business: ``[business][seat]``."""
    if isinstance(state, GameState):
        return [[len(column.cards) for column in b.columns] for b in state.businesses]
    return [[len(column) for column in b.columns] for b in state.businesses]


def check_view(checker: Checker, view: PlayerView) -> None:
    """Every invariant of a seat's view."""
    count = len(view.players)
    own = view.shootout.own_choice if view.shootout is not None else None
    _check_view_cards(checker, view, own)
    _check_view_tiles(checker, view)
    checker.check_columns(
        [(b.tile, [[s.card for s in c.slots] for c in b.columns]) for b in view.businesses],
        [(b.tile, [c.marker for c in b.columns]) for b in view.businesses],
        view.markers_placed,
    )
    checker.check_businesses(len(view.businesses), view.vacancies, count)
    checker.check_turn(view.turn, count, "turn")
    checker.check_game(view, count)
    sizes = [p.hand_size for p in view.players]
    own_turn = view.seat == view.turn.player
    checker.check_hands(view, sizes, view.hand if own_turn else None)
    if view.shootout is not None:
        _check_view_shootout(checker, view, view.shootout, own)


def _known_cards(checker: Checker, view: PlayerView) -> list[Card]:
    """The cards a view shows, after checking that each ``?`` is one the viewer may not see."""
    known: list[Card] = [*(view.hand or ()), *view.discard_pile]
    for business in view.businesses:
        line = checker.lines.get(business.tile)
        for owner, column in enumerate(business.columns):
            for slot in column.slots:
                if slot.card is not None:
                    known.append(slot.card)
                elif slot.face is Face.UP or business.revealed or owner == view.seat:
                    checker.fail(
                        "hidden cards",
                        f"a card of seat {owner} at {business.tile} is written '?', but the "
                        "viewer sees it: it lies face up, is their own, or is in a shootout",
                        "R-4.4",
                        line,
                    )
    return known


def _check_view_cards(checker: Checker, view: PlayerView, own: GangsterCard | None) -> None:
    """Each known card once and in the deck, and as many cards in all as the deck has."""
    deck = tactical_deck() if view.options.tactical else full_deck()
    rule = "R-9.1" if view.options.tactical else "R-1.3"
    known = _known_cards(checker, view)
    if own is not None:
        known.append(own)
    in_deck = set(deck)
    foreign = sorted({str(card) for card in known if card not in in_deck})
    if foreign:
        checker.fail("cards", f"{', '.join(foreign)} not in this game's deck", rule)
    no_repeats("cards", known, None, rule)
    _check_view_total(checker, view, own, len(deck), rule)


def _check_view_total(
    checker: Checker, view: PlayerView, own: GangsterCard | None, deck_size: int, rule: str
) -> None:
    """As many cards in the view, ``own`` included, as the deck has (``deck_size``)."""
    total = _view_card_count(view) + (own is not None)
    if total != deck_size:
        checker.fail(
            "cards",
            f"{total} cards in hands, columns, the discard pile and the draw deck, but the deck "
            f"has {deck_size}",
            rule,
            checker.reader.line("draw"),
        )


def _view_card_count(view: PlayerView) -> int:
    """The cards in hands, columns, the discard pile and the draw deck of a view."""
    others = sum(p.hand_size for seat, p in enumerate(view.players) if seat != view.seat)
    in_columns = sum(len(c) for b in view.businesses for c in b.columns)
    own_hand = len(view.hand or ())
    return others + own_hand + in_columns + len(view.discard_pile) + view.draw_pile_size


def _check_view_tiles(checker: Checker, view: PlayerView) -> None:
    """Each tile shown once, and the shown and face-down tiles make the whole set."""
    tiles = [b.tile for b in view.businesses] + [t for p in view.players for t in p.controlled]
    no_repeats("tiles", tiles, None, "R-1.4")
    if len(tiles) + view.tile_pile_size != len(BUSINESS_TILES):
        checker.fail(
            "tiles",
            f"{len(tiles)} tiles shown and {view.tile_pile_size} face down, but the game has 20",
            "R-1.4",
            checker.reader.line("tiles"),
        )


def _check_view_shootout(
    checker: Checker, view: PlayerView, shootout: ShootoutView, own: GangsterCard | None
) -> None:
    """The shootout's seats, and an own choice only from a viewer who has chosen."""
    checker.check_shootout(
        view, shootout.business, shootout.owner, shootout.contenders, shootout.chosen
    )
    if own is not None and view.seat not in shootout.chosen:
        checker.fail(
            "shootout",
            "the viewer's own choice is given but they have not chosen",
            "R-6.7.2",
            checker.reader.line("shootout"),
        )
