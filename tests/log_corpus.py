"""The game-log corpus of tests/logs: seeded games and tampered copies of them.

Every ``*.jsonl`` file of ``tests/logs`` is made here, from seeds, so the corpus is
reproducible; ``tests/logs/expected.toml`` (written by hand) says what the validator must
find in each. Regenerate after a change of the engine or of the log format with

    python tests/log_corpus.py

from the repository root; ``test_validate.py`` fails when the files are out of date.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.log import LogKind, write_log
from chicago_poker.players.game import Game
from random_games import MAX_COMMANDS, random_game

LOGS = Path(__file__).parent / "logs"

Lines = list[str]


def log_lines(
    game: Game, seed: int, kind: LogKind = LogKind.FULL, viewer: int | None = None
) -> Lines:
    """The lines of the log of ``game``, without newlines (``viewer``: of a redacted log)."""
    file = io.StringIO()
    # A redacted log never carries the seed: its viewer could recompute every hidden card.
    provenance = {} if kind is LogKind.REDACTED else {"seed": seed}
    write_log(game, file, provenance=provenance, kind=kind, viewer=viewer)
    return file.getvalue().splitlines()


VALID: dict[str, tuple[int, RuleOptions, int, int, LogKind]] = {
    # name: (players, options, seed, commands, kind)
    "valid-2p-standard.jsonl": (2, RuleOptions(), 37, MAX_COMMANDS, LogKind.FULL),
    "valid-3p-short-optional-actions.jsonl": (
        3,
        RuleOptions(short_game=True, optional_actions=True),
        18,
        MAX_COMMANDS,
        LogKind.FULL,
    ),
    "valid-4p-short-tactical-limousine.jsonl": (
        4,
        RuleOptions(tactical=True, short_game=True, limousine_any_cards=True),
        25,
        MAX_COMMANDS,
        LogKind.FULL,
    ),
    "valid-5p-short-reinforcement-commands.jsonl": (
        5,
        RuleOptions(short_game=True, optional_reinforcement=True),
        6,
        MAX_COMMANDS,
        LogKind.COMMANDS,
    ),
    "valid-6p-all-options.jsonl": (
        6,
        RuleOptions(True, True, True, True, True),
        9,
        MAX_COMMANDS,
        LogKind.FULL,
    ),
    "valid-2p-unfinished.jsonl": (2, RuleOptions(), 16, 25, LogKind.FULL),
    "valid-2p-short-tactical-reinforcement.jsonl": (
        2,
        RuleOptions(tactical=True, short_game=True),
        1487,
        MAX_COMMANDS,
        LogKind.FULL,
    ),
}
"""The legal games of the corpus: every player count 2 to 6, every option, both kinds."""


REDACTED: dict[str, tuple[str, int | None]] = {
    # name: (the legal game of VALID it shows, viewer: a seat or None for a spectator)
    "redacted.jsonl": ("valid-2p-unfinished.jsonl", 0),
    "redacted-spectator.jsonl": ("valid-3p-short-optional-actions.jsonl", None),
    "redacted-seat-2-limousine.jsonl": ("valid-4p-short-tactical-limousine.jsonl", 2),
    "redacted-seat-0-2p.jsonl": ("valid-2p-standard.jsonl", 0),
    "redacted-seat-0-reinforcement.jsonl": ("valid-2p-short-tactical-reinforcement.jsonl", 0),
}
"""The redacted logs of the corpus: legal games as a seat, or a spectator, sees them."""


def valid_logs() -> dict[str, Lines]:
    """The lines of each legal game of the corpus, and of each redacted view of one."""
    logs = {}
    for name, (players, options, seed, commands, kind) in VALID.items():
        game = random_game(players, options, seed=seed, commands=commands)
        logs[name] = log_lines(game, seed, kind)
        for redacted_name, (base, viewer) in REDACTED.items():
            if base == name:
                logs[redacted_name] = log_lines(game, seed, LogKind.REDACTED, viewer)
    return logs


# ------------------------------------------------------------------------------ tampering


def entry(lines: Lines, index: int) -> dict[str, Any]:
    """The JSON object of line ``index`` (from 0)."""
    obj: dict[str, Any] = json.loads(lines[index])
    return obj


def dumps(obj: object) -> str:
    """JSON as the log writes it."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def replace(lines: Lines, index: int, obj: object) -> Lines:
    """The lines with line ``index`` (from 0) replaced by ``obj``."""
    return [*lines[:index], dumps(obj), *lines[index + 1 :]]


def find(lines: Lines, test: Callable[[dict[str, Any]], bool], start: int = 1) -> int:
    """The index of the first entry line from ``start`` that passes ``test``."""
    for index in range(max(start, 1), len(lines)):
        if test(entry(lines, index)):
            return index
    raise LookupError("no such entry in the log")


def command_type(obj: dict[str, Any]) -> str:
    """The type of the command of an entry object."""
    return str(obj["command"]["type"])


def event_types(obj: dict[str, Any]) -> list[str]:
    """The types of the events of an entry object."""
    return [event["type"] for event in obj.get("events", [])]


def all_cards_in_game(lines: Lines) -> Iterator[str]:
    """Every gangster card text, in a fixed order."""
    for value in range(1, 16):
        for colour in "RBGYP":
            yield f"{value}{colour}"


def illegal_action(lines: Lines) -> Lines:
    """A gangster card played that is not in the player's hand."""
    index = find(lines, lambda obj: command_type(obj) == "PlayGangster")
    obj = entry(lines, index)
    start = entry(lines, 1)["command"]
    seat = obj["command"]["player"]
    hand = set(start["hands"][seat])
    elsewhere = next(card for card in all_cards_in_game(lines) if card not in hand)
    obj["command"]["card"] = elsewhere
    return replace(lines, index, obj)


def fourth_action(lines: Lines) -> Lines:
    """One action too many: the player acts again after their last action (a gangster card)
    ended their turn (in the first round, a turn has one or two actions)."""
    index = find(
        lines,
        lambda obj: (
            command_type(obj) == "PlayGangster"
            and "TurnEnded" in event_types(obj)
            and not any(e.get("forced") for e in obj["events"] if e["type"] == "TurnEnded")
            and obj["events"][0]["type"] == "GangsterPlayed"
        ),
        start=3,
    )
    seat = entry(lines, index)["command"]["player"]
    extra = {"command": {"type": "DrawCard", "player": seat}, "actor": seat, "events": []}
    return [*lines[: index + 1], dumps(extra), *lines[index + 1 :]]


def card_not_in_draw_pile(lines: Lines) -> Lines:
    """A card dealt from the draw deck that is in a player's hand from the deal."""
    index = find(lines, lambda obj: command_type(obj) == "DealCard")
    obj = entry(lines, index)
    obj["command"]["card"] = entry(lines, 1)["command"]["hands"][0][0]
    return replace(lines, index, obj)


def _shootout_span(events: list[dict[str, Any]]) -> tuple[int, int] | None:
    """The span of a shootout resolved within one entry: ShootoutStarted to ShootoutWon."""
    types = [event["type"] for event in events]
    if "ShootoutStarted" not in types:
        return None
    first = types.index("ShootoutStarted")
    for last in range(first, len(types)):
        if types[last] in ("ShootoutWon", "ShootoutVoided"):
            if "ReinforcementRequested" in types[first:last]:
                return None
            return first, last + 1
    return None


def shootout_skipped(lines: Lines) -> Lines:
    """The events of a due shootout left out (and with them what followed the win)."""
    index = find(lines, lambda obj: _shootout_span(obj.get("events", [])) is not None)
    obj = entry(lines, index)
    span = _shootout_span(obj["events"])
    assert span is not None
    obj["events"] = obj["events"][: span[0]] + [
        event for event in obj["events"][span[1] :] if event["type"] == "ActionPhaseStarted"
    ]
    return replace(lines, index, obj)


def shootout_early(lines: Lines) -> Lines:
    """A shootout resolved right after its marker, before its owner's next turn."""
    marked = find(lines, lambda obj: "MarkerPlaced" in event_types(obj))
    obj = entry(lines, marked)
    at = event_types(obj).index("MarkerPlaced") + 1
    shootout = {"type": "ShootoutStarted", "business": obj["events"][at - 1]["business"]}
    shootout["owner"] = obj["events"][at - 1]["player"]
    shootout["hands"] = []
    obj["events"] = [*obj["events"][:at], shootout, *obj["events"][at:]]
    return replace(lines, marked, obj)


def wrong_winner(lines: Lines) -> Lines:
    """GameWon names another seat than the engine's winner."""
    index = find(lines, lambda obj: "GameWon" in event_types(obj))
    obj = entry(lines, index)
    players = len(entry(lines, 1)["command"]["players"])
    for event in obj["events"]:
        if event["type"] == "GameWon":
            event["player"] = (event["player"] + 1) % players
    return replace(lines, index, obj)


def tampered_business_card(lines: Lines) -> Lines:
    """The card of a GangsterPlayed event changed; the command is untouched."""
    index = find(lines, lambda obj: command_type(obj) == "PlayGangster")
    obj = entry(lines, index)
    played = obj["events"][0]
    assert played["type"] == "GangsterPlayed"
    played["card"] = next(card for card in all_cards_in_game(lines) if card != played["card"])
    return replace(lines, index, obj)


def missing_entry(lines: Lines) -> Lines:
    """The card dealt for a draw left out."""
    index = find(lines, lambda obj: command_type(obj) == "DealCard")
    return [*lines[:index], *lines[index + 1 :]]


def duplicated_entry(lines: Lines) -> Lines:
    """A gangster card played twice."""
    index = find(lines, lambda obj: command_type(obj) == "PlayGangster")
    return [*lines[: index + 1], lines[index], *lines[index + 1 :]]


def after_the_end(lines: Lines) -> Lines:
    """An entry after the game was won: the first action of the game, again."""
    index = find(lines, lambda obj: command_type(obj) not in ("StartGame", "DealCard"))
    return [*lines, lines[index]]


def bad_version(lines: Lines) -> Lines:
    """A header of a version this engine does not read."""
    return replace(lines, 0, {**entry(lines, 0), "version": 99})


def unknown_event(lines: Lines) -> Lines:
    """An event of a type that does not exist."""
    obj = entry(lines, 2)
    obj["events"].append({"type": "GameLost", "player": 0})
    return replace(lines, 2, obj)


def truncated(lines: Lines) -> Lines:
    """The last line cut in the middle, as by a crash while writing."""
    return [*lines[:-1], lines[-1][: len(lines[-1]) // 2]]


def redacted_leak(lines: Lines, full: Lines) -> Lines:
    """A redacted log (seat 0's) showing the card dealt to another seat: its full entry."""
    index = find(lines, lambda obj: command_type(obj) == "RedactedDealCard")
    return [*lines[:index], full[index], *lines[index + 1 :]]


def commands_illegal(lines: Lines) -> Lines:
    """In a commands log, an EndTurn by a player whose turn it is not."""
    index = find(lines, lambda obj: command_type(obj) == "PlayGangster", start=5)
    seat = entry(lines, index)["command"]["player"]
    other = (seat + 1) % len(entry(lines, 1)["command"]["players"])
    return [
        *lines[:index],
        dumps({"command": {"type": "EndTurn", "player": other}, "actor": other}),
        *lines[index:],
    ]


def police_raid_in_tactical_game(lines: Lines) -> Lines:
    """A Police Raid in a tactical game, whose deck has no special cards."""
    index = find(lines, lambda obj: "ActionPhaseStarted" in event_types(obj), start=2)
    seat = next(e["player"] for e in entry(lines, index)["events"] if e["type"] == "TurnStarted")
    tile = entry(lines, 1)["command"]["businesses"][0]
    target = (seat + 1) % len(entry(lines, 1)["command"]["players"])
    raid = {
        "command": {"type": "PlayPoliceRaid", "player": seat, "business": tile, "target": target},
        "actor": seat,
        "events": [
            {
                "type": "PoliceRaidPlayed",
                "player": seat,
                "copy": 1,
                "business": tile,
                "target": target,
                "seen": [],
            }
        ],
    }
    return [*lines[: index + 1], dumps(raid), *lines[index + 1 :]]


def _drawn_by(seat: int) -> Callable[[Lines], Lines]:
    def drawn_by(lines: Lines) -> Lines:
        """A hidden card drawn by a seat that is not at the table."""
        index = find(lines, lambda obj: event_types(obj)[:1] == ["RedactedCardDrawn"])
        obj = entry(lines, index)
        obj["events"][0]["player"] = seat
        return replace(lines, index, obj)

    return drawn_by


def drawn_from_nothing(lines: Lines) -> Lines:
    """120 cards dealt at once to a seat, more than the draw deck holds."""
    index = find(lines, lambda obj: event_types(obj)[:1] == ["RedactedCardDrawn"])
    obj = entry(lines, index)
    obj["events"][:1] = [obj["events"][0]] * 120
    return replace(lines, index, obj)


def end_turn_plays(lines: Lines) -> Lines:
    """An EndTurn whose events are a gangster card played and another seat drawing a card."""
    index = find(lines, lambda obj: command_type(obj) == "PlayGangster", start=3)
    played = entry(lines, index)
    seat = played["command"]["player"]
    other = (seat + 1) % len(entry(lines, 1)["command"]["players"])
    forged = {
        "command": {"type": "EndTurn", "player": seat},
        "actor": seat,
        "events": [played["events"][0], {"type": "CardDrawn", "player": other, "card": "1R"}],
    }
    return replace(lines, index, forged)


def shootout_winners_swapped(lines: Lines) -> Lines:
    """In a two-player game, every shootout won by the other player (the hands are public)."""
    swapped = list(lines)
    for index in range(2, len(lines)):
        obj = entry(lines, index)
        if "ShootoutWon" in event_types(obj):
            for event in obj["events"]:
                if event["type"] == "ShootoutWon":
                    event["player"] = 1 - event["player"]
            swapped[index] = dumps(obj)
    return swapped


def reinforcement_revealed_wrong(lines: Lines) -> Lines:
    """The viewer's own reinforcement revealed as another card than the one it sent."""
    index = find(lines, lambda obj: "ReinforcementsRevealed" in event_types(obj))
    obj = entry(lines, index)
    viewer = entry(lines, 0)["viewer"]
    for event in obj["events"]:
        if event["type"] == "ReinforcementsRevealed":
            event["cards"] = [
                [seat, "15P" if seat == viewer and card != "15P" else card]
                for seat, card in event["cards"]
            ]
    return replace(lines, index, obj)


TAMPERED: dict[str, tuple[str, Callable[[Lines], Lines]]] = {
    "illegal-action.jsonl": ("valid-2p-standard.jsonl", illegal_action),
    "fourth-action.jsonl": ("valid-2p-standard.jsonl", fourth_action),
    "card-not-in-draw-pile.jsonl": ("valid-3p-short-optional-actions.jsonl", card_not_in_draw_pile),
    "shootout-skipped.jsonl": ("valid-2p-standard.jsonl", shootout_skipped),
    "shootout-early.jsonl": ("valid-2p-standard.jsonl", shootout_early),
    "wrong-winner.jsonl": ("valid-2p-standard.jsonl", wrong_winner),
    "wrong-winner-short-game.jsonl": ("valid-4p-short-tactical-limousine.jsonl", wrong_winner),
    "tampered-business-card.jsonl": ("valid-2p-standard.jsonl", tampered_business_card),
    "missing-entry.jsonl": ("valid-2p-standard.jsonl", missing_entry),
    "duplicated-entry.jsonl": ("valid-2p-standard.jsonl", duplicated_entry),
    "after-the-end.jsonl": ("valid-2p-standard.jsonl", after_the_end),
    "commands-illegal.jsonl": ("valid-5p-short-reinforcement-commands.jsonl", commands_illegal),
    "bad-header-version.jsonl": ("valid-2p-unfinished.jsonl", bad_version),
    "unknown-event.jsonl": ("valid-2p-unfinished.jsonl", unknown_event),
    "truncated.jsonl": ("valid-2p-unfinished.jsonl", truncated),
    "redacted-fourth-action.jsonl": ("redacted-spectator.jsonl", fourth_action),
    "redacted-forged-police-raid.jsonl": (
        "redacted-seat-2-limousine.jsonl",
        police_raid_in_tactical_game,
    ),
    "redacted-forged-drawn-by-seat-minus-1.jsonl": (
        "redacted-seat-2-limousine.jsonl",
        _drawn_by(-1),
    ),
    "redacted-forged-drawn-by-seat-7.jsonl": ("redacted-seat-2-limousine.jsonl", _drawn_by(7)),
    "redacted-forged-120-draws.jsonl": ("redacted-seat-2-limousine.jsonl", drawn_from_nothing),
    "redacted-forged-end-turn.jsonl": ("redacted-seat-0-2p.jsonl", end_turn_plays),
    "redacted-forged-winners.jsonl": ("redacted-seat-0-2p.jsonl", shootout_winners_swapped),
    "redacted-forged-reinforcement.jsonl": (
        "redacted-seat-0-reinforcement.jsonl",
        reinforcement_revealed_wrong,
    ),
}
"""The tampered logs: each a copy of a legal one with one fault."""


UNCUT: frozenset[str] = frozenset()
"""Tampered logs kept whole; the others end a few lines after their fault, to stay small."""

LEAKS: dict[str, tuple[str, str]] = {
    "redacted-leak.jsonl": ("redacted.jsonl", "valid-2p-unfinished.jsonl"),
}
"""Redacted logs with one entry taken from the full log of the same game: a leak."""

SHOWN_HANDS: dict[str, tuple[str, str]] = {
    "redacted-forged-spectator-sees-hands.jsonl": (
        "redacted-spectator.jsonl",
        "valid-3p-short-optional-actions.jsonl",
    ),
}
"""A spectator's log whose start shows every hand: the full log's first entry."""


def cut(original: Lines, tampered: Lines, after: int = 3) -> Lines:
    """The tampered lines up to ``after`` lines past the first that differs from the original.

    A legal game that stops early is still legal, so the fault stays the first finding.
    """
    first = next(
        (index for index, (a, b) in enumerate(zip(original, tampered, strict=False)) if a != b),
        min(len(original), len(tampered)),
    )
    return tampered[: first + after]


def corpus() -> dict[str, str]:
    """The text of every file of the corpus, by name."""
    valid = valid_logs()
    logs = dict(valid)
    for name, (base, tamper) in TAMPERED.items():
        lines = tamper(valid[base])
        logs[name] = lines if name in UNCUT else cut(valid[base], lines)
    for name, (base, full) in LEAKS.items():
        logs[name] = cut(valid[base], redacted_leak(valid[base], valid[full]))
    for name, (base, full) in SHOWN_HANDS.items():
        logs[name] = cut(valid[base], [*valid[base][:1], valid[full][1], *valid[base][2:]])
    return {name: "".join(line + "\n" for line in lines) for name, lines in sorted(logs.items())}


def write_corpus(directory: Path = LOGS) -> list[str]:
    """Write the corpus to ``directory``; return the file names."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in corpus().items():
        (directory / name).write_text(text, encoding="utf-8", newline="\n")
    return sorted(corpus())


if __name__ == "__main__":  # pragma: no cover
    for written in write_corpus():
        sys.stdout.write(written + "\n")
