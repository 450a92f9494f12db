"""chicago_poker: the reference rules engine for the card game Chicago Poker.

Everything a front end needs is importable from here and listed in ``__all__``: the cards,
commands and events, the rules engine (:func:`decide`, :func:`apply`, :func:`legal_commands`),
what each seat may know (:func:`view`, :func:`redact`), game logs (:func:`read_log`,
:func:`write_log`), validation (:func:`validate_log`), the game facade and the bots.

The package is layered (see the Architecture page of the documentation):
:mod:`chicago_poker.core` is the pure rules engine; :mod:`chicago_poker.formats` holds the
game log, JSON, the JSON Schemas and the position notation; :mod:`chicago_poker.referee`
validates logs and searches for witnesses; :mod:`chicago_poker.players` holds the game facade,
the seeded dealer and the bots; :mod:`chicago_poker.cli` the command line; and
:mod:`chicago_poker.specification` the tooling of the formal specification.

``import chicago_poker`` imports none of them: each name is imported from its module the
first time it is used, so a program pays only for the parts it uses, and so does each worker
process that it starts.

The public names are listed once, in ``_MODULES`` below, each with its module; ``__all__``
and the lazy imports are made from it. Type checkers and editors read ``__init__.pyi``
instead, which ``python tests/public_api.py`` writes from the same table (a test fails when
the two differ).
"""

from __future__ import annotations

import importlib

__version__ = "0.2.0"

_MODULES: dict[str, str] = {  # module -> the public names it defines, as one string
    "core.apply": "apply replay",
    "core.cards": (
        "BUSINESS_TILES GANGSTER_CARDS SPECIAL_CARDS BusinessKind BusinessTile Card Color Face "
        "GangsterCard SpecialCard SpecialKind full_deck parse_card parse_tile tactical_deck"
    ),
    "core.column_views": "ColumnView SlotView",
    "core.commands": (
        "ChanceCommand Command DealCard DeclineReinforcement DrawCard EndTurn PlayBribery "
        "PlayerCommand PlayGangster PlayLimousine PlayLiquidation PlayPoliceRaid PlayRevolver "
        "RevealTile SendReinforcement StartGame"
    ),
    "core.decide": "decide step",
    "core.errors": (
        "AmbiguousCommandError ArgumentTypeError CardParseError ChicagoPokerError IllegalCommand "
        "InvalidArgumentError InvalidCardError InvalidHandError InvalidPositionError "
        "InvalidRankError InvalidSeatError InvalidTileError JSONFormatError LogFormatError "
        "NotationError NotationSyntaxError PositionInvariantError TileParseError"
    ),
    "core.events": (
        "ActionPhaseStarted BriberyPlayed CardDrawn DiscardPileReshuffled DrawRequested Event "
        "GameBlocked GameStalled GameStarted GameWon GangsterPlayed LimousinePlayed "
        "LiquidationPlayed MarkerPlaced PoliceRaidPlayed ReinforcementChosen ReinforcementDeclined "
        "ReinforcementRequested ReinforcementsRevealed RevolverPlayed ShootoutStarted "
        "ShootoutVoided ShootoutWon TileRevealed TurnEnded TurnStarted"
    ),
    "core.fold": "ViewFolder fold_events fold_view",
    "core.hands": "HandCategory HandRank evaluate_hand",
    "core.legal": "Awaiting ToAct awaiting legal_commands to_act",
    "core.redacted_commands": (
        "RedactedCommand RedactedDealCard RedactedPlayBribery RedactedPlayGangster "
        "RedactedPlayLimousine RedactedSendReinforcement RedactedStartGame SeenCommand "
        "redact_command"
    ),
    "core.redacted_events": (
        "RedactedBriberyPlayed RedactedCardDrawn RedactedEvent RedactedGameStarted "
        "RedactedGangsterPlayed RedactedLimousinePlayed RedactedPoliceRaidPlayed "
        "RedactedReinforcementChosen SeenEvent redact"
    ),
    "core.rules": "RuleOptions command_bound",
    "core.state": "GameState Victory",
    "core.views": "BusinessView OpponentView PlayerView ShootoutView knows_card view",
    "display.shapes": "SvgImage",
    "display.svg": "render render_state",
    "display.words": "describe",
    "formats.jsonio": (
        "command_from_json commands_from_json event_from_json seen_command_from_json "
        "seen_event_from_json state_from_json to_json view_from_json"
    ),
    "formats.entries": "LogEntry RedactedLogEntry redact_entries",
    "formats.header": "FORMAT_VERSION LogHeader LogKind",
    "formats.moves": "parse_command write_command",
    "formats.notation": "parse_position parse_view write_position write_view",
    "formats.reader": "read_log",
    "formats.writer": "write_log",
    "players.bots": "BOTS Bot HeuristicBot RandomBot",
    "protocol.spec": "BotSpec parse_bot",
    "protocol.table": "Clock RemoteBot TableResult play_table",
    "players.dealer": "Dealer",
    "players.game": "Game SavedGameError",
    "referee.consistent": "Impossible Witness consistent_state find_witness",
    "referee.information": "InformationSet Undecided",
    "referee.report": "Report Status",
    "referee.validate": "validate_file validate_files validate_log",
}
"""Where each public name lives: its module within the package, and the names, spaced."""

_HOME = {name: module for module, names in _MODULES.items() for name in names.split()}

__all__ = [*_HOME, "__version__"]

_SUBPACKAGES = frozenset({"core", "display", "formats", "match", "players", "protocol", "referee"})
"""The layers that ``chicago_poker.core`` and the like reach without importing them first."""


def __getattr__(name: str) -> object:
    """Import the module of a public name on first use, and keep the name (PEP 562).

    Importing the package this way costs almost nothing: a front end pays for the parts it
    uses (the engine, the log format, the bots...) when it first uses them, and a worker
    process started to validate logs imports only the modules that validation needs.
    """
    if name in _SUBPACKAGES:
        return importlib.import_module(f"{__name__}.{name}")
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public names not imported yet included."""
    return sorted({*globals(), *__all__})
