"""The fast path of the effect parser: lark's grammar and LALR tables, run in one loop.

Lark stays the parser: it compiles ``effect.lark``, builds the LALR tables and the tree
callbacks, and reports every syntax error. Its per-token machinery, though (a contextual
lexer choosing a small lexer per parser state, the Indenter post-lexer, generators between
them and a parser loop that calls Python-level ``__hash__``/``__eq__`` on every reduction),
cost more than half of reading a card. :class:`FastParser` runs the same tables, its
reductions shaping the values as lark's tree builder does, so it returns the tree lark
returns (or, given a transformer, what ``Lark(transformer=...)`` would return: the parser
builds the AST in its reductions):

- tokens come from one regular expression over lark's terminals, tried in lark's order
  (priority, width, pattern length, name); a keyword that a regex terminal matches whole
  (``count`` for ``WORD``) is looked up after it, as lark's per-state lexer does;
- a token is taken only where the parser's state accepts it, and a word that is a keyword
  the state accepts becomes that keyword: exactly lark's contextual lexing;
- ``_NL`` tokens open and close blocks as the Indenter does (paren-aware, tabs count 8);
- the items of ``x+`` rules gather in plain lists (lark builds a Tree for each step, only
  for the parent to take its children), and a run of inlined ``?rules`` (``?expr`` down to
  ``phrase``) is passed in one step.

Whenever it meets anything else (a token the state does not accept, a character no
terminal matches, a bad dedent, blocks too deep) it raises :class:`Unsure` and the caller
parses with lark itself, so errors, their positions and their expected-token sets are
lark's. tests/dsl/test_fastparse.py checks that both give the same trees and errors.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError
from lark.grammar import Rule, Symbol, Terminal
from lark.parsers.lalr_analysis import Shift

NL, INDENT, DEDENT, END = "_NL", "_INDENT", "_DEDENT", "$END"
LPAR, RPAR = "LPAR", "RPAR"  # the Indenter's paren types: no blocks inside parentheses
TAB_LEN = 8  # as lark's Indenter counts a tab
_BLANKS = re.compile(r"\[(\\t|\t| )+\]\+")  # an ignored terminal of spaces and tabs: /[\t ]+/

# How a reduction builds its value from the values of the rule's symbols.
KEEP = 0  # an inlined ``?rule`` of one symbol: the value stays, only the state changes
WRAP = 1  # the first item of a list rule (``x+``, ``_rule``): a list of that one value
APPEND = 2  # one more item of a left-recursive list rule: appended to the list below it
BUILD = 3  # any other rule: its builder is called with the values

Builder = Callable[[list[Any]], Any]
Reduction = tuple[int, str, int, Builder]  # symbols, rule name, how, builder (BUILD)


class Unsure(LarkError):
    """The fast path cannot tell what lark would do here: parse with lark."""


class FastParser:
    """Parses like ``lark`` (an LALR parser of ``effect.lark``) without its per-token layers.

    Built once per process from the lark parser: its terminals, ignored terminals, LALR
    states and rules; a rule's node is ``transformer``'s method of its name (or a Tree),
    called as ``Lark(transformer=...)`` calls it.
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
        options = lark.options
        assert not options.keep_all_tokens and not options.propagate_positions
        placeholders = bool(options.maybe_placeholders)
        names = {str(rule.origin.name) for rule in lark.rules}
        reductions: dict[Any, Reduction] = {}
        actions: dict[int, dict[str, int | Reduction]] = {}
        gotos: dict[int, dict[str, int]] = {}
        for state, row in conf.states.items():
            actions[state], gotos[state] = {}, {}
            for symbol, (action, arg) in row.items():
                name = str(symbol)
                if action is Shift:
                    (gotos if name in names else actions)[state][name] = arg
                    continue
                if arg not in reductions:
                    reductions[arg] = _reduction(arg, transformer, placeholders)
                actions[state][name] = reductions[arg]
        self.actions: Mapping[int, Mapping[str, int | Reduction]] = actions
        self.gotos: Mapping[int, Mapping[str, int]] = gotos
        # (state below, state, token kind) -> the state after the KEEPs the token asks for
        self.kept: dict[tuple[int, int, str], int] = {}
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
        actions, gotos, end_state, kept = self.actions, self.gotos, self.end, self.kept
        stack: list[int] = [self.start]
        values: list[Any] = []
        for kind, token, keyword in self._tokens(text):
            row = actions[stack[-1]]
            # a word that is a keyword the state accepts is that keyword, as lark's
            # contextual lexer has it; a token the state does not accept is refused below
            if keyword is not None and keyword in row:
                kind = keyword
                if token.__class__ is Token:
                    token.type = keyword
            while True:  # reduce as the token's kind asks, then shift it
                entry = row.get(kind)
                if entry.__class__ is int:
                    stack.append(entry)
                    values.append(token)
                    break
                if entry is None:
                    raise Unsure(token)
                size, origin, how, build = entry  # type: ignore[misc]
                if how == KEEP:  # the value stays; only the state changes, as far as
                    # the following KEEPs take it (``?expr`` down to ``phrase``: seven)
                    key = (stack[-2], stack[-1], kind)
                    top = kept.get(key)
                    if top is None:
                        top = kept[key] = self._kept(stack[-2], origin, kind)
                    stack[-1] = top
                elif how == APPEND:  # one more item of a list rule
                    item = values.pop()
                    values[-1].append(item)
                    del stack[-1]
                    stack[-1] = gotos[stack[-2]][origin]
                elif how == WRAP:  # the first item of a list rule
                    values[-1] = [values[-1]]
                    stack[-1] = gotos[stack[-2]][origin]
                else:
                    if size == 1:
                        stack.pop()
                        children = [values.pop()]
                    elif size:
                        children = values[-size:]
                        del stack[-size:], values[-size:]
                    else:
                        children = []
                    values.append(build(children))
                    stack.append(gotos[stack[-1]][origin])
                if kind is END and stack[-1] == end_state:  # reduced to the start rule
                    return values[-1]
                row = actions[stack[-1]]
        raise Unsure(END)  # not reached: the last token is END

    def _kept(self, below: int, origin: str, kind: str) -> int:
        """The state a KEEP reduction to ``origin`` over state ``below`` leads to, through
        the KEEP reductions that ``kind`` asks for after it (all over ``below``)."""
        top = self.gotos[below][origin]
        while top != self.end:
            entry = self.actions[top].get(kind)
            if not isinstance(entry, tuple) or entry[2] != KEEP:
                break
            top = self.gotos[below][entry[1]]
        return top

    def _tokens(self, text: str) -> list[tuple[str, Token | str, str | None]]:
        """The tokens of ``text`` as the parser takes them: (kind, token, the keyword it is
        where the parser's state accepts that keyword), with the Indenter's block tokens,
        and ``$END``. Terminals no rule keeps in its tree come as plain text."""
        match, keywords, ignore, dropped = self.match, self.keywords, self.ignore, self.dropped
        tokens: list[tuple[str, Token | str, str | None]] = []
        add, new_token = tokens.append, str.__new__
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
                add((NL, value, None))
                spaces = value[value.rindex("\n") + 1 :]
                indent = spaces.count(" ") + spaces.count("\t") * TAB_LEN
                if indent > levels[-1]:
                    if len(levels) > self.max_depth:
                        raise Unsure(pos)
                    levels.append(indent)
                    add((INDENT, spaces, None))
                    continue
                while indent < levels[-1]:
                    levels.pop()
                    add((DEDENT, spaces, None))
                if indent != levels[-1]:
                    raise Unsure(pos)
                continue
            budget -= 1
            if budget < 0:
                raise Unsure(pos)
            spelled = keywords.get(kind)
            keyword = None if spelled is None else spelled.get(value)
            if kind in dropped and (keyword is None or keyword in dropped):
                add((kind, value, keyword))
            else:  # Token(...) without its keyword-argument shim: a third cheaper
                token = new_token(Token, value)
                token.type, token.value, token.start_pos, token.end_pos = kind, value, pos, end
                token.line, token.end_line = line, line
                token.column, token.end_column = pos - line_start + 1, end - line_start + 1
                add((kind, token, keyword))
            pos = end
            if kind == LPAR:
                parens += 1
            elif kind == RPAR:
                parens -= 1
                if parens < 0:
                    raise Unsure(pos)
        tokens.extend((DEDENT, "", None) for _ in levels[1:])
        add((END, "", None))
        return tokens


def _reduction(rule: Rule, transformer: Transformer[Token, Any] | None, empty: bool) -> Reduction:
    """How to reduce by ``rule``, shaping the values as lark's tree builder does (its child
    filter, ``maybe_placeholders`` Nones, inlined ``_rules`` and ``?rules``), with the
    transformer's method (or a Tree) as the node.

    The items of a list rule (``x+``, ``_rule``) are kept in a plain list that the parent
    takes them from, where lark builds a Tree only to take its children.
    """
    origin, size, options = str(rule.origin.name), len(rule.expansion), rule.options
    # how many Nones to insert before each symbol (and after the last), as lark counts them
    placeholders = options.empty_indices if empty else ()
    if placeholders:
        ones = "".join(str(int(flag)) for flag in placeholders).split("0")
        nones_at = [len(run) for run in ones]
    else:
        nones_at = [0] * (size + 1)
    include: list[tuple[int, bool, int]] = []  # (index, expand its list, Nones before it)
    nones = 0
    for index, symbol in enumerate(rule.expansion):
        nones += nones_at[index]
        if not (isinstance(symbol, Terminal) and symbol.filter_out):
            include.append((index, _listed(symbol), nones))
            nones = 0
    trailing = nones + nones_at[size]
    as_is = not trailing and [(i, False, 0) for i in range(size)] == include
    if _listed(rule.origin):
        assert not options.expand1 and getattr(transformer, origin, None) is None
        if as_is and size == 1:
            return (size, origin, WRAP, _same)
        if size == 2 and include == [(0, True, 0), (1, False, 0)] and not trailing:
            return (size, origin, APPEND, _same)
        return (size, origin, BUILD, _filter(include, trailing, size, _same))
    name = rule.alias or options.template_source or origin
    method = getattr(transformer, name, None) if transformer is not None else None
    assert getattr(method, "visit_wrapper", None) is None  # no v_args: called as lark would
    node: Builder = method if method is not None else partial(Tree, name)
    if options.expand1 and not rule.alias:
        if as_is and size == 1:
            return (size, origin, KEEP, _same)
        node = _single_or(node)
    return (size, origin, BUILD, _filter(include, trailing, size, node))


def _listed(symbol: Symbol) -> bool:
    """Whether the parent takes a rule's items instead of its node (lark's _should_expand)."""
    return not symbol.is_term and symbol.name.startswith("_")


def _same(items: list[Any]) -> list[Any]:
    """The node of a list rule: its items."""
    return items


def _single_or(node: Builder) -> Builder:
    """An inlined ``?rule``: its only value goes up, or the node of several."""

    def single(children: list[Any]) -> Any:
        return children[0] if len(children) == 1 else node(children)

    return single


def _filter(
    include: list[tuple[int, bool, int]], trailing: int, size: int, node: Builder
) -> Builder:
    """The builder called with the values of a rule's symbols: ``node`` of those the tree
    keeps (lark's ChildFilterLALR), in the shapes the grammar has, fastest first."""
    if not trailing and [(i, False, 0) for i in range(size)] == include:
        return node
    if not trailing and not any(nones for _, _, nones in include):
        if len(include) == 1:
            ((index, expand, _),) = include
            if expand:
                return lambda children: node(children[index])
            return lambda children: node([children[index]])
        if not any(expand for _, expand, _ in include):
            picks = [index for index, _, _ in include]
            return lambda children: node([children[index] for index in picks])

    def filtered(children: list[Any]) -> Any:
        kept: list[Any] = []
        for index, expand, nones in include:
            if nones:
                kept += [None] * nones
            if not expand:
                kept.append(children[index])
            elif kept:
                kept += children[index]
            else:  # a left-recursive list: extended in place, as lark does
                kept = children[index]
        if trailing:
            kept += [None] * trailing
        return node(kept)

    return filtered
