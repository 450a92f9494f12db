"""The grammar of the notations is written once: the spec's EBNF and the readers come from it.

``src/chicago_poker/formats/notation/notation.lark`` is the one source. These tests check that
the EBNF of the spec is the one written from it, that Lark's own parser built from it accepts
and refuses the same texts as the readers, that its words are the engine's (cards, tiles,
options, phases...), and that a text it refuses is refused with the line and word at fault.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    BusinessKind,
    SpecialKind,
)
from chicago_poker.core.commands import PlayPoliceRaid
from chicago_poker.core.errors import NotationError, NotationSyntaxError
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.views import view
from chicago_poker.formats.moves import write_command
from chicago_poker.formats.notation import (
    POSITION_HEADER,
    VIEW_HEADER,
    parse_position,
    parse_view,
    write_position,
    write_view,
)
from chicago_poker.formats.notation.commands import FORMS, read_pattern
from chicago_poker.formats.notation.diagnosis import statement_kinds
from chicago_poker.formats.notation.ebnf import ebnf
from chicago_poker.formats.notation.grammar import (
    Choice,
    Grammar,
    Quoted,
    Reference,
    follows,
    grammar,
    grammar_text,
)
from chicago_poker.formats.notation.reader import POSITION_STATEMENTS, VIEW_STATEMENTS
from chicago_poker.formats.notation.vocabulary import OPTIONS, PHASES, STAGES, VICTORIES
from random_games import ALL_OPTIONS
from test_notation import TIE, blocks, states_of

ROOT = Path(__file__).resolve().parent.parent


def test_the_spec_gives_the_grammar_the_readers_use() -> None:
    (spec,) = blocks(ROOT / "spec" / "notation.md", "ebnf")
    assert spec == ebnf(), (
        "run python -m chicago_poker.formats.notation.ebnf --write spec/notation.md "
        "docs/notation.md"
    )


def test_the_ebnf_leaves_out_the_layout_and_keeps_the_comments() -> None:
    source = Grammar(
        "\n".join(
            [
                'line: "seat" _SP (SEAT | "observer") (_SP FIELD)* _NL',
                "SEAT: DIGIT+  // 0 is the first seat",
                'DIGIT: "0" | "1"',
                'FIELD: "a=" SEAT | "b=" SEAT',
                "",
                "NAME: /[a-z]+/  // a word in small letters",
                "_SP: / +/",
                r"_NL: /\n/",
            ]
        )
    )
    assert ebnf(source).splitlines() == [
        'line  = "seat" , ( seat | "observer" ) , { field } ;',
        "seat  = digit , { digit } ;  (* 0 is the first seat *)",
        'digit = "0" | "1" ;',
        'field = "a=" , seat | "b=" , seat ;',
        "",
        "name  = ? a word in small letters ? ;",
    ]


def texts_of_games(games: int) -> list[tuple[str, str]]:
    """Positions and views of random games, every few commands, as written."""
    found: list[tuple[str, str]] = []
    for seed in range(games):
        rng = random.Random(seed)
        for state in states_of(seed, 2 + seed % 5, ALL_OPTIONS[seed % 32], 120)[1::15]:
            found.append(("position", write_position(state)))
            seat = rng.choice([None, *range(len(state.players))])
            found.append(("view", write_view(view(state, seat))))
    return found


def commands_of_games(games: int) -> list[str]:
    """Commands of random games, full and short, as written."""
    found: set[str] = set()
    for seed in range(games):
        for state in states_of(seed, 2 + seed % 3, RuleOptions(), 120)[1::5]:
            for command in legal_commands(state)[:4]:
                found |= {write_command(command), write_command(command, state)}
    return sorted(found)


EDITS = [*' ,:=@#-?*\n"0159RrPBx\t\r', "", "hand=", "  ", "# c\n", "\u2028", "\x1f", "\xa0"]


def edited(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(0, 3)):
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(EDITS) + text[at + (rng.random() < 0.5) :]
    return text


def lark_accepts(parser: lark.Lark, text: str, start: str) -> bool:
    try:
        parser.parse(text, start=start)
    except lark.exceptions.UnexpectedInput:
        return False
    return True


def test_lark_s_parser_built_from_the_grammar_accepts_what_the_readers_accept() -> None:
    """The readers check a text with the grammar written out into one regular expression;
    Lark's LALR parser, built from the same file, agrees on written and edited texts."""
    positions = lark.Lark(grammar_text(), parser="lalr", start=["position", "view"])
    commands = lark.Lark(grammar_text(), parser="lalr", start="command", g_regex_flags=re.I)
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for start, written in texts_of_games(8):
        for text in [written] + [edited(written, rng) for _ in range(15)]:
            verdict = follows(text, start)
            assert lark_accepts(positions, "\n" + text + "\n", start) == verdict, text
            seen[verdict] += 1
    for written in commands_of_games(6):
        for text in [written] + [edited(written, rng).strip() for _ in range(6)]:
            verdict = follows(text, "command")
            assert lark_accepts(commands, text, "command") == verdict, text
            seen[verdict] += 1
    assert min(seen.values()) > 500, seen


def words(name: str) -> list[str]:
    """The words that a definition of quoted words allows."""
    expression = grammar()[name].expression
    assert isinstance(expression, Choice)
    return [option.text for option in expression.options if isinstance(option, Quoted)]


def test_the_words_of_the_grammar_are_the_engine_s() -> None:
    assert words("OPTION") == list(OPTIONS)
    assert words("PHASE") == list(PHASES)
    assert words("STAGE") == list(STAGES)
    assert words("VICTORY") == list(VICTORIES)
    assert words("KIND") == [kind.value for kind in BusinessKind]
    assert words("POLICE_RAID")[0] == SpecialKind.POLICE_RAID.value
    assert follows(POSITION_HEADER, "position")
    assert follows(VIEW_HEADER, "view")


@pytest.mark.parametrize(
    ("name", "written", "others"),
    [
        ("CARD", [str(card) for card in (*GANGSTER_CARDS, *SPECIAL_CARDS)], ["16R", "0B", "9r"]),
        ("GANGSTER_CARD", [str(card) for card in GANGSTER_CARDS], ["Revolver", "9X", "09R"]),
        ("SPECIAL_CARD", [str(card) for card in SPECIAL_CARDS], ["PoliceRaid", "PoliceRaid3"]),
        ("TILE", [str(tile) for tile in BUSINESS_TILES], ["Speakeasy#6", "Bar#1", "Brewery"]),
        ("SEAT", ["0", "5", "12"], ["-1", "01", "x"]),
    ],
)
def test_a_word_of_the_grammar_is_exactly_what_the_engine_writes(
    name: str, written: list[str], others: list[str]
) -> None:
    pattern = grammar().regex(Reference(name))
    assert all(pattern.fullmatch(word) for word in written)
    assert not any(pattern.fullmatch(word) for word in others)


def test_the_statements_the_readers_count_are_the_grammar_s() -> None:
    assert list(statement_kinds(grammar(), "position")) == list(POSITION_STATEMENTS)
    assert sorted(statement_kinds(grammar(), "view")) == sorted(VIEW_STATEMENTS)


def test_each_command_reads_back_to_its_kind() -> None:
    for kind, form in FORMS.items():
        assert read_pattern(form).kind is kind
        assert read_pattern(form.upper()).kind is kind
    assert read_pattern("3: PoliceRaid2 Brewery 1") == (
        PlayPoliceRaid,
        3,
        (BusinessKind.BREWERY, 1),
    )


HEAD = "chicago-poker position 1\nplayer Al\nplayer Bugs\nturn seat=0 number=10\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        (HEAD + "player Carmine hand=9R colour=red\n", 5, 24, "player has no 'colour'; it takes"),
        (HEAD + "turn seat=0 number=1 phase=late\n", 5, 22, "'late' is not a phase; they are"),
        (HEAD + "game victory=won\n", 5, 6, "'won' is not a victory; they are three-of-a-kind"),
        (HEAD + "options tactical fast\n", 5, 18, "'fast' is not a rule option"),
        (HEAD + "player Carmine seen=Brewery#1:1\n", 5, 16, 'write tile , ":" , seat'),
        (HEAD + "player Carmine seen=Brewery#1:x:9R\n", 5, 16, "a seat is a number from 0"),
        (HEAD + "business Brewery#1 9R,10B@ -\n", 5, 20, "a whole number is missing"),
        (HEAD + "business Brewery#1 9R,?,10B -\n", 5, 20, "'?' is not a card"),
        (HEAD + "player\n", 5, 1, "player needs a name"),
        (HEAD + 'player "Carmine"hand=9R\n', 5, 17, "put a space after it"),
        (HEAD + "discard 9R 10B\n", 5, 12, "'10B' is one word too many"),
    ],
)
def test_a_refusal_names_the_word_at_fault_and_what_the_grammar_expects(
    text: str, line: int, column: int, message: str
) -> None:
    with pytest.raises(NotationSyntaxError) as error:
        parse_position(text)
    assert (error.value.line, error.value.column) == (line, column), str(error.value)
    assert message in str(error.value)


def test_a_view_s_refusal_names_the_word_at_fault() -> None:
    text = "chicago-poker view 1\nseat 0 1\nplayer Al hand=-\nplayer Bugs cards=5\n"
    with pytest.raises(NotationSyntaxError, match="'1' is one word too many") as error:
        parse_view(text)
    assert (error.value.line, error.value.column) == (2, 8)


@settings(max_examples=200, deadline=None)
@given(
    edits=st.lists(
        st.tuples(st.integers(0, 10_000), st.sampled_from(EDITS)), min_size=1, max_size=4
    )
)
def test_every_text_the_grammar_refuses_is_refused_at_a_line(
    edits: list[tuple[int, str]],
) -> None:
    text = TIE
    for at, new in edits:
        at %= len(text)
        text = text[:at] + new + text[at + 1 :]
    if follows(text, "position"):
        return
    with pytest.raises(NotationError) as error:
        parse_position(text)
    assert isinstance(error.value, NotationSyntaxError)
    assert error.value.line is not None or "empty" in str(error.value), str(error.value)
    assert "does not follow the grammar" not in str(error.value)


def test_options_of_the_rules_are_all_written_out() -> None:
    """Every rule option of the engine has its word in the grammar, and a position with all
    of them reads."""
    flags = " ".join(OPTIONS)
    state = parse_position(HEAD.replace("player Al", f"options {flags}\nplayer Al"))
    assert state.options == RuleOptions(*(True,) * 5)
