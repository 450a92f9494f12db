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
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # what type checkers and editors see; at run time, __getattr__ below
    from chicago_poker.core.apply import apply, replay
    from chicago_poker.core.cards import (
        BUSINESS_TILES,
        GANGSTER_CARDS,
        SPECIAL_CARDS,
        BusinessKind,
        BusinessTile,
        Card,
        Color,
        Face,
        GangsterCard,
        SpecialCard,
        SpecialKind,
        full_deck,
        parse_card,
        parse_tile,
        tactical_deck,
    )
    from chicago_poker.core.commands import (
        ChanceCommand,
        Command,
        DealCard,
        DeclineReinforcement,
        DrawCard,
        EndTurn,
        PlayBribery,
        PlayerCommand,
        PlayGangster,
        PlayLimousine,
        PlayLiquidation,
        PlayPoliceRaid,
        PlayRevolver,
        RevealTile,
        SendReinforcement,
        StartGame,
    )
    from chicago_poker.core.decide import decide, step
    from chicago_poker.core.errors import (
        AmbiguousCommandError,
        ArgumentTypeError,
        CardParseError,
        ChicagoPokerError,
        IllegalCommand,
        InvalidArgumentError,
        InvalidCardError,
        InvalidHandError,
        InvalidPositionError,
        InvalidRankError,
        InvalidSeatError,
        InvalidTileError,
        JSONFormatError,
        NotationError,
        NotationSyntaxError,
        PositionInvariantError,
        TileParseError,
    )
    from chicago_poker.core.events import (
        ActionPhaseStarted,
        BriberyPlayed,
        CardDrawn,
        DiscardPileReshuffled,
        DrawRequested,
        Event,
        GameBlocked,
        GameStalled,
        GameStarted,
        GameWon,
        GangsterPlayed,
        LimousinePlayed,
        LiquidationPlayed,
        MarkerPlaced,
        PoliceRaidPlayed,
        ReinforcementChosen,
        ReinforcementDeclined,
        ReinforcementRequested,
        ReinforcementsRevealed,
        RevolverPlayed,
        ShootoutStarted,
        ShootoutVoided,
        ShootoutWon,
        TileRevealed,
        TurnEnded,
        TurnStarted,
    )
    from chicago_poker.core.fold import ViewFolder, fold_events, fold_view
    from chicago_poker.core.hands import HandCategory, HandRank, evaluate_hand
    from chicago_poker.core.legal import Awaiting, ToAct, awaiting, legal_commands, to_act
    from chicago_poker.core.redacted_commands import (
        RedactedCommand,
        RedactedDealCard,
        RedactedPlayBribery,
        RedactedPlayGangster,
        RedactedPlayLimousine,
        RedactedSendReinforcement,
        RedactedStartGame,
        SeenCommand,
        redact_command,
    )
    from chicago_poker.core.redacted_events import (
        RedactedBriberyPlayed,
        RedactedCardDrawn,
        RedactedEvent,
        RedactedGameStarted,
        RedactedGangsterPlayed,
        RedactedLimousinePlayed,
        RedactedPoliceRaidPlayed,
        RedactedReinforcementChosen,
        SeenEvent,
        redact,
    )
    from chicago_poker.core.rules import RuleOptions, command_bound
    from chicago_poker.core.state import GameState, Victory
    from chicago_poker.core.views import (
        BusinessView,
        ColumnView,
        OpponentView,
        PlayerView,
        ShootoutView,
        SlotView,
        knows_card,
        view,
    )
    from chicago_poker.display.svg import SvgImage, render, render_state
    from chicago_poker.display.words import describe
    from chicago_poker.formats.jsonio import (
        command_from_json,
        commands_from_json,
        event_from_json,
        seen_command_from_json,
        seen_event_from_json,
        state_from_json,
        to_json,
        view_from_json,
    )
    from chicago_poker.formats.log import (
        FORMAT_VERSION,
        LogEntry,
        LogFormatError,
        LogHeader,
        LogKind,
        RedactedLogEntry,
        read_log,
        redact_entries,
        write_log,
    )
    from chicago_poker.formats.moves import parse_command, write_command
    from chicago_poker.formats.notation import (
        parse_position,
        parse_view,
        write_position,
        write_view,
    )
    from chicago_poker.players.bots import BOTS, Bot, HeuristicBot, RandomBot
    from chicago_poker.players.game import Dealer, Game, SavedGameError
    from chicago_poker.protocol.spec import BotSpec, parse_bot
    from chicago_poker.protocol.table import Clock, RemoteBot, TableResult, play_table
    from chicago_poker.referee.consistent import Impossible, Witness, consistent_state, find_witness
    from chicago_poker.referee.information import InformationSet, Undecided
    from chicago_poker.referee.validate import (
        Report,
        Status,
        validate_file,
        validate_files,
        validate_log,
    )

__version__ = "0.2.0.dev0"

__all__ = [
    "BOTS",
    "BUSINESS_TILES",
    "FORMAT_VERSION",
    "GANGSTER_CARDS",
    "SPECIAL_CARDS",
    "ActionPhaseStarted",
    "AmbiguousCommandError",
    "ArgumentTypeError",
    "Awaiting",
    "Bot",
    "BotSpec",
    "BriberyPlayed",
    "BusinessKind",
    "BusinessTile",
    "BusinessView",
    "Card",
    "CardDrawn",
    "CardParseError",
    "ChanceCommand",
    "ChicagoPokerError",
    "Clock",
    "Color",
    "ColumnView",
    "Command",
    "DealCard",
    "Dealer",
    "DeclineReinforcement",
    "DiscardPileReshuffled",
    "DrawCard",
    "DrawRequested",
    "EndTurn",
    "Event",
    "Face",
    "Game",
    "GameBlocked",
    "GameStalled",
    "GameStarted",
    "GameState",
    "GameWon",
    "GangsterCard",
    "GangsterPlayed",
    "HandCategory",
    "HandRank",
    "HeuristicBot",
    "IllegalCommand",
    "Impossible",
    "InformationSet",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidPositionError",
    "InvalidRankError",
    "InvalidSeatError",
    "InvalidTileError",
    "JSONFormatError",
    "LimousinePlayed",
    "LiquidationPlayed",
    "LogEntry",
    "LogFormatError",
    "LogHeader",
    "LogKind",
    "MarkerPlaced",
    "NotationError",
    "NotationSyntaxError",
    "OpponentView",
    "PlayBribery",
    "PlayGangster",
    "PlayLimousine",
    "PlayLiquidation",
    "PlayPoliceRaid",
    "PlayRevolver",
    "PlayerCommand",
    "PlayerView",
    "PoliceRaidPlayed",
    "PositionInvariantError",
    "RandomBot",
    "RedactedBriberyPlayed",
    "RedactedCardDrawn",
    "RedactedCommand",
    "RedactedDealCard",
    "RedactedEvent",
    "RedactedGameStarted",
    "RedactedGangsterPlayed",
    "RedactedLimousinePlayed",
    "RedactedLogEntry",
    "RedactedPlayBribery",
    "RedactedPlayGangster",
    "RedactedPlayLimousine",
    "RedactedPoliceRaidPlayed",
    "RedactedReinforcementChosen",
    "RedactedSendReinforcement",
    "RedactedStartGame",
    "ReinforcementChosen",
    "ReinforcementDeclined",
    "ReinforcementRequested",
    "ReinforcementsRevealed",
    "RemoteBot",
    "Report",
    "RevealTile",
    "RevolverPlayed",
    "RuleOptions",
    "SavedGameError",
    "SeenCommand",
    "SeenEvent",
    "SendReinforcement",
    "ShootoutStarted",
    "ShootoutView",
    "ShootoutVoided",
    "ShootoutWon",
    "SlotView",
    "SpecialCard",
    "SpecialKind",
    "StartGame",
    "Status",
    "SvgImage",
    "TableResult",
    "TileParseError",
    "TileRevealed",
    "ToAct",
    "TurnEnded",
    "TurnStarted",
    "Undecided",
    "Victory",
    "ViewFolder",
    "Witness",
    "__version__",
    "apply",
    "awaiting",
    "command_bound",
    "command_from_json",
    "commands_from_json",
    "consistent_state",
    "decide",
    "describe",
    "evaluate_hand",
    "event_from_json",
    "find_witness",
    "fold_events",
    "fold_view",
    "full_deck",
    "knows_card",
    "legal_commands",
    "parse_bot",
    "parse_card",
    "parse_command",
    "parse_position",
    "parse_tile",
    "parse_view",
    "play_table",
    "read_log",
    "redact",
    "redact_command",
    "redact_entries",
    "render",
    "render_state",
    "replay",
    "seen_command_from_json",
    "seen_event_from_json",
    "state_from_json",
    "step",
    "tactical_deck",
    "to_act",
    "to_json",
    "validate_file",
    "validate_files",
    "validate_log",
    "view",
    "view_from_json",
    "write_command",
    "write_log",
    "write_position",
    "write_view",
]

_MODULES: Final = {  # module -> the public names it defines, as one string
    "core.apply": "apply replay",
    "core.cards": (
        "BUSINESS_TILES GANGSTER_CARDS SPECIAL_CARDS BusinessKind BusinessTile Card Color Face "
        "GangsterCard SpecialCard SpecialKind full_deck parse_card parse_tile tactical_deck"
    ),
    "core.commands": (
        "ChanceCommand Command DealCard DeclineReinforcement DrawCard EndTurn PlayBribery "
        "PlayerCommand PlayGangster PlayLimousine PlayLiquidation PlayPoliceRaid PlayRevolver "
        "RevealTile SendReinforcement StartGame"
    ),
    "core.decide": "decide step",
    "core.errors": (
        "AmbiguousCommandError ArgumentTypeError CardParseError ChicagoPokerError IllegalCommand "
        "InvalidArgumentError InvalidCardError InvalidHandError InvalidPositionError "
        "InvalidRankError InvalidSeatError InvalidTileError JSONFormatError NotationError "
        "NotationSyntaxError PositionInvariantError TileParseError"
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
    "core.views": (
        "BusinessView ColumnView OpponentView PlayerView ShootoutView SlotView knows_card view"
    ),
    "display.svg": "SvgImage render render_state",
    "display.words": "describe",
    "formats.jsonio": (
        "command_from_json commands_from_json event_from_json seen_command_from_json "
        "seen_event_from_json state_from_json to_json view_from_json"
    ),
    "formats.log": (
        "FORMAT_VERSION LogEntry LogFormatError LogHeader LogKind RedactedLogEntry read_log "
        "redact_entries write_log"
    ),
    "formats.moves": "parse_command write_command",
    "formats.notation": "parse_position parse_view write_position write_view",
    "players.bots": "BOTS Bot HeuristicBot RandomBot",
    "protocol.spec": "BotSpec parse_bot",
    "protocol.table": "Clock RemoteBot TableResult play_table",
    "players.game": "Dealer Game SavedGameError",
    "referee.consistent": "Impossible Witness consistent_state find_witness",
    "referee.information": "InformationSet Undecided",
    "referee.validate": "Report Status validate_file validate_files validate_log",
}
"""Where each public name lives: its module within the package, and the names, spaced."""

_HOME: Final = {name: module for module, names in _MODULES.items() for name in names.split()}

_SUBPACKAGES: Final = frozenset(
    {"core", "display", "formats", "match", "players", "protocol", "referee"}
)
"""The layers that ``chicago_poker.core`` and the like reach without importing them first."""


def __getattr__(name: str) -> Any:
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
