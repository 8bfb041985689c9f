"""The fast path of the effect parser: lark's grammar and LALR tables, run in one loop.

Lark stays the parser: it compiles ``effect.lark``, builds the LALR tables and the tree
callbacks, and reports every syntax error. Its per-token machinery, though (a contextual
lexer choosing a small lexer per parser state, the Indenter post-lexer, generators between
them and a parser loop that calls Python-level ``__hash__``/``__eq__`` on every reduction),
cost more than half of reading a card. :class:`FastParser` runs the same tables with the
same rule callbacks, so it returns the tree lark returns (or, given a transformer, what
``Lark(transformer=...)`` would return: the parser builds the AST in its reductions):

- tokens come from one regular expression over lark's terminals, tried in lark's order
  (priority, width, pattern length, name); a keyword that a regex terminal matches whole
  (``count`` for ``WORD``) is looked up after it, as lark's per-state lexer does;
- a token is taken only where the parser's state accepts it, and a word that is a keyword
  the state accepts becomes that keyword: exactly lark's contextual lexing;
- ``_NL`` tokens open and close blocks as the Indenter does (paren-aware, tabs count 8).

Whenever it meets anything else (a token the state does not accept, a character no
terminal matches, a bad dedent, blocks too deep) it raises :class:`Unsure` and the caller
parses with lark itself, so errors, their positions and their expected-token sets are
lark's. tests/dsl/test_fastparse.py checks that both give the same trees and errors.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError
from lark.grammar import Terminal
from lark.parse_tree_builder import ExpandSingleChild, ParseTreeBuilder
from lark.parsers.lalr_analysis import Shift

NL, INDENT, DEDENT, END = "_NL", "_INDENT", "_DEDENT", "$END"
LPAR, RPAR = "LPAR", "RPAR"  # the Indenter's paren types: no blocks inside parentheses
TAB_LEN = 8  # as lark's Indenter counts a tab
_BLANKS = re.compile(r"\[(\\t|\t| )+\]\+")  # an ignored terminal of spaces and tabs: /[\t ]+/

# A parser state's row: terminal or rule name -> (shift?, next state or reduction).
Reduction = tuple[int, str, Callable[[list[Any]], Any] | None]  # None: keep the value
Row = Mapping[str, tuple[bool, Any]]


class Unsure(LarkError):
    """The fast path cannot tell what lark would do here: parse with lark."""


class FastParser:
    """Parses like ``lark`` (an LALR parser of ``effect.lark``) without its per-token layers.

    Built once per process from the lark parser: its terminals, ignored terminals, LALR
    states and rule callbacks (lark's tree builders, or ``transformer``'s methods wrapped
    the way lark wraps them).
    """

    def __init__(
        self,
        lark: Lark,
        max_depth: int,
        max_tokens: int,
        transformer: Transformer[Token, Any] | None = None,
    ) -> None:
        self.max_depth = max_depth  # deeper blocks are an error: lark's indenter reports it
        self.max_tokens = max_tokens  # longer texts are left to lark (see parse)
        conf = lark.parse_interactive().parser_state.parse_conf
        # Tokens go into the tree as they are: no terminal callbacks (lark's lexer_callbacks).
        assert not any(isinstance(key, str) for key in conf.callbacks)
        callbacks: Mapping[Any, Callable[[list[Any]], Any]] = conf.callbacks
        if transformer is not None:  # the rules build what the transformer makes of them
            # lark's own rule builders (child filtering, placeholders, inlined ?rules), as
            # Lark(transformer=...) makes them; lark leaves these two functions untyped
            builder = ParseTreeBuilder(lark.rules, Tree, maybe_placeholders=True)  # type: ignore[no-untyped-call]
            callbacks = builder.create_callback(transformer)  # type: ignore[no-untyped-call]
        reductions: dict[Any, Reduction] = {}
        rows: dict[int, dict[str, tuple[bool, Any]]] = {}
        for state, actions in conf.states.items():
            row: dict[str, tuple[bool, Any]] = {}
            for name, (action, arg) in actions.items():
                if action is Shift:
                    row[str(name)] = (True, arg)
                    continue
                if arg not in reductions:
                    size = len(arg.expansion)
                    callback: Callable[[list[Any]], Any] | None = callbacks[arg]
                    if size == 1 and isinstance(callback, ExpandSingleChild):
                        callback = None  # an inlined ?rule of one symbol: the child goes up
                    reductions[arg] = (size, str(arg.origin.name), callback)
                row[str(name)] = (False, reductions[arg])
            rows[state] = row
        self.rows: Mapping[int, Row] = rows
        self.start, self.end = conf.start_state, conf.end_state
        terminals = sorted(
            lark.terminals,
            key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name),
        )
        flags = lark.options.g_regex_flags
        keywords: dict[str, dict[str, str]] = {}
        embedded: set[str] = set()
        for regex in (t for t in terminals if t.pattern.type == "re"):
            whole = re.compile(regex.pattern.to_regexp(), flags).fullmatch
            for string in (t for t in terminals if t.pattern.type == "str"):
                if string.priority == regex.priority and whole(string.pattern.value):
                    keywords.setdefault(regex.name, {})[string.pattern.value] = string.name
                    if set(string.pattern.flags) <= set(regex.pattern.flags):
                        embedded.add(string.name)
        self.keywords: Mapping[str, Mapping[str, str]] = keywords
        self.ignore = frozenset(lark.lexer_conf.ignore)  # (lark.ignore_tokens: not when cached)
        # Terminals no rule keeps in its tree (``:``, ``_NL``...): their text is enough.
        kept = {
            s.name
            for r in lark.rules
            for s in r.expansion
            if isinstance(s, Terminal) and not s.filter_out
        }
        self.dropped = frozenset(t.name for t in terminals if t.name not in kept) | {
            NL,
            INDENT,
            DEDENT,
        }
        assert NL not in kept and INDENT not in kept and DEDENT not in kept
        # Ignored runs of blanks are skipped in front of every token, as part of its match
        # (no terminal of the grammar starts with a blank, so lark skips them the same way).
        blanks = [
            t for t in terminals if t.name in self.ignore and _BLANKS.fullmatch(t.pattern.value)
        ]
        self.match = re.compile(
            "".join(f"(?:{t.pattern.to_regexp()})?" for t in blanks)
            + "(?:"
            + "|".join(
                f"(?P<{t.name}>{t.pattern.to_regexp()})"
                for t in terminals
                if t.name not in embedded and t not in blanks
            )
            + ")",
            flags,
        ).match

    def parse(self, text: str) -> Any:
        """Lark's tree for ``text`` (or what the transformer makes of it); raises
        :class:`Unsure` where lark would have to decide.

        Texts of more than ``max_tokens`` tokens are left to lark too: a transformer run
        by lark recurses, and fails cleanly on absurdly nested texts, where reductions
        would build any depth (for which the AST's consumers would recurse).
        """
        match, keywords, ignore, rows = self.match, self.keywords, self.ignore, self.rows
        dropped = self.dropped
        stack: list[int] = [self.start]
        values: list[Any] = []

        end_state = self.end

        def feed(kind: str, token: Token | str) -> None:
            """Reduce as the token's kind asks, then shift it (at the end: reduce to the
            start rule, as lark does with its ``$END`` token)."""
            while True:
                entry = rows[stack[-1]].get(kind)
                if entry is None:
                    raise Unsure(token)
                shift, arg = entry
                if shift:
                    stack.append(arg)
                    values.append(token)
                    return
                size, origin, callback = arg
                if callback is None:  # the value stays; only the state changes
                    stack[-1] = rows[stack[-2]][origin][1]
                else:
                    if size == 1:
                        stack.pop()
                        children = [values.pop()]
                    elif size:
                        children = values[-size:]
                        del stack[-size:], values[-size:]
                    else:
                        children = []
                    values.append(callback(children))
                    stack.append(rows[stack[-1]][origin][1])
                if kind is END and stack[-1] == end_state:
                    return

        pos, line, line_start, size = 0, 1, 0, len(text)
        levels, parens, budget = [0], 0, self.max_tokens
        while pos < size:
            found = match(text, pos)
            if found is None:
                raise Unsure(pos)
            kind = found.lastgroup
            assert kind is not None
            pos, end = found.span(kind)
            value = text[pos:end]
            column = pos - line_start + 1
            if kind in ignore:
                if "\n" in value:
                    line += value.count("\n")
                    line_start = pos + value.rindex("\n") + 1
                pos = end
                continue
            if kind == NL:
                line += value.count("\n")
                line_start = pos + value.rindex("\n") + 1
                pos = end
                if parens:
                    continue
                feed(NL, value)
                spaces = value[value.rindex("\n") + 1 :]
                indent = spaces.count(" ") + spaces.count("\t") * TAB_LEN
                if indent > levels[-1]:
                    if len(levels) > self.max_depth:
                        raise Unsure(pos)
                    levels.append(indent)
                    feed(INDENT, spaces)
                    continue
                while indent < levels[-1]:
                    levels.pop()
                    feed(DEDENT, spaces)
                if indent != levels[-1]:
                    raise Unsure(pos)
                continue
            spelled = keywords.get(kind)
            if spelled is not None:
                keyword = spelled.get(value)
                if keyword is not None and keyword in rows[stack[-1]]:
                    kind = keyword
            budget -= 1
            if budget < 0:
                raise Unsure(pos)
            # feed() refuses a token the state does not accept, as the contextual lexer does
            if kind in dropped:
                feed(kind, value)
            else:
                feed(kind, _token(kind, value, pos, line, column, line, end - line_start + 1, end))
            pos = end
            if kind == LPAR:
                parens += 1
            elif kind == RPAR:
                parens -= 1
                if parens < 0:
                    raise Unsure(pos)
        for _ in levels[1:]:
            feed(DEDENT, "")
        feed(END, "")
        return values[-1]


def _token(
    kind: str,
    value: str,
    pos: int,
    line: int,
    column: int,
    end_line: int,
    end_column: int,
    end: int,
) -> Token:
    """``Token(...)`` without its keyword-argument shim (a token costs a third less)."""
    token = str.__new__(Token, value)
    token.type, token.value, token.start_pos, token.end_pos = kind, value, pos, end
    token.line, token.column, token.end_line, token.end_column = line, column, end_line, end_column
    return token
