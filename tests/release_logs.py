"""Write the logs of this release into ``tests/logs/v<version>/``: ``python tests/release_logs.py``.

A release that changes the engine or the log format keeps a few logs it wrote (the release
checklist, ``docs/releasing.md``, says when), so that every later release is tested against
them by ``tests/test_log_compatibility.py``. The logs are games of the heuristic bot, seeded,
over the three kinds of log (a seat's and the spectator's redacted logs among them), two to
six players, every rule option, and an unfinished game. Beside them, ``verdicts.json``
records what this release's referee said of each: every later release must say the same.

The folder of a release is written once and never again: the script refuses to write into
a folder that exists.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import attrs

import chicago_poker
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.log import LogKind
from chicago_poker.formats.writer import entries_to_lines
from chicago_poker.players.bots import BOTS
from chicago_poker.players.simulate import MAX_COMMANDS, play_bots
from chicago_poker.referee.validate import validate_file

LOGS = Path(__file__).parent / "logs"

ALL_OPTIONS = RuleOptions(**{field.name: True for field in attrs.fields(RuleOptions)})

GAMES: dict[str, tuple[LogKind, int | None, int, RuleOptions, int | None, int]] = {
    # name: (kind, viewer, players, options, most player commands or None, seed)
    "full-2p-standard.jsonl": (LogKind.FULL, None, 2, RuleOptions(), None, 201),
    "full-3p-tactical-limousine-any-cards.jsonl": (
        LogKind.FULL,
        None,
        3,
        RuleOptions(tactical=True, limousine_any_cards=True),
        None,
        202,
    ),
    "full-4p-short-unfinished.jsonl": (
        LogKind.FULL,
        None,
        4,
        RuleOptions(short_game=True),
        30,
        203,
    ),
    "commands-4p-optional-actions.jsonl": (
        LogKind.COMMANDS,
        None,
        4,
        RuleOptions(optional_actions=True),
        None,
        204,
    ),
    "redacted-seat-0-5p-optional-reinforcement.jsonl": (
        LogKind.REDACTED,
        0,
        5,
        RuleOptions(optional_reinforcement=True, short_game=True),
        None,
        205,
    ),
    "redacted-spectator-6p-all-options.jsonl": (
        LogKind.REDACTED,
        None,
        6,
        ALL_OPTIONS,
        None,
        206,
    ),
}
"""The logs a release keeps."""


def write(folder: Path) -> None:
    """Write the logs of :data:`GAMES` and their verdicts into ``folder``, a new folder."""
    folder.mkdir(parents=True)
    verdicts = {}
    for name, (kind, viewer, players, options, most, seed) in GAMES.items():
        bots = [BOTS["heuristic"](seed + seat) for seat in range(players)]
        game = play_bots(options, bots, seed, max_commands=most or MAX_COMMANDS)
        provenance: dict[str, str | int | float | bool | None] = {"bots": "heuristic"}
        if kind is not LogKind.REDACTED:  # a redacted log never holds the dealer's seed
            provenance["seed"] = seed
        lines = entries_to_lines(game, provenance=provenance, kind=kind, viewer=viewer)
        path = folder / name
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        report = validate_file(path)
        verdicts[name] = {
            "status": report.status.value,
            "entries": report.entries,
            "game_over": report.game_over,
        }
    text = json.dumps(verdicts, indent=2, sort_keys=True) + "\n"
    (folder / "verdicts.json").write_text(text, encoding="utf-8")


def main() -> int:
    folder = LOGS / f"v{chicago_poker.__version__}"
    if folder.exists():
        sys.stderr.write(f"{folder.name} exists: a release's logs are written once\n")
        return 1
    write(folder)
    sys.stdout.write(f"wrote {len(GAMES)} logs and their verdicts into {folder.name}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
