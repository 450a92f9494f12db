"""chicago_poker: the reference rules engine for the card game Chicago Poker."""

from chicago_poker.cards import (
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
from chicago_poker.errors import (
    CardParseError,
    ChicagoPokerError,
    InvalidCardError,
    InvalidHandError,
    InvalidPositionError,
    InvalidRankError,
    InvalidTileError,
    TileParseError,
)
from chicago_poker.hands import HandCategory, HandRank, evaluate_hand

__version__ = "0.1.0"

__all__ = [
    "BUSINESS_TILES",
    "GANGSTER_CARDS",
    "SPECIAL_CARDS",
    "BusinessKind",
    "BusinessTile",
    "Card",
    "CardParseError",
    "ChicagoPokerError",
    "Color",
    "Face",
    "GangsterCard",
    "HandCategory",
    "HandRank",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidPositionError",
    "InvalidRankError",
    "InvalidTileError",
    "SpecialCard",
    "SpecialKind",
    "TileParseError",
    "__version__",
    "evaluate_hand",
    "full_deck",
    "parse_card",
    "parse_tile",
    "tactical_deck",
]
