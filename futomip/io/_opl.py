"""The OPL data syntax, for every format written in it: ``name = value;`` statements and
sets of tuples ``{<1, 2, 3>, <2, 1, 3>}``, with ``//`` and ``/* */`` comments and strings.

Reading follows OPL's leniency: commas between tuples and between the fields of a tuple
may be left out, and a comma may follow the last tuple.  Writing puts one tuple (or one
line of tuples) per line with commas between tuples only, which OPL itself reads.
Must not import solvers, backends or ``models``.
"""

from __future__ import annotations

from typing import Callable

from ._scan import Syntax, Token, TokenStream

__all__ = ["SYNTAX", "statement_keyword", "read_tuple_set", "integer_field", "set_lines"]

SYNTAX = Syntax(line_comment="//", block_comments=True, strings=True,
                symbols=("=", ";", "{", "}", "<", ">", ","))


def statement_keyword(stream: TokenStream, statements: tuple[str, ...], first_seen: dict[str, Token]) -> Token:
    """The name opening the next statement, checked to be one of ``statements`` and new.

    The name is recorded in ``first_seen`` so that a second statement of the same name can
    point at the first one.
    """
    keyword = stream.take()
    if keyword.kind != "name" or keyword.text not in statements:
        # OPL names are case-sensitive; saying so saves a puzzled look at "initialvalues".
        near = [name for name in statements if keyword.kind == "name" and name.lower() == keyword.text.lower()]
        hint = f"names are case-sensitive: did you mean '{near[0]}'?" if near else ""
        listed = f"{', '.join(statements[:-1])} or {statements[-1]}" if len(statements) > 1 else statements[0]
        raise stream.error(keyword, f"a statement {listed}, or end of file", hint)
    if keyword.text in first_seen:
        raise stream.error(keyword, f"each statement once ('{keyword.text}' is already set at "
                                    f"{first_seen[keyword.text].where})")
    first_seen[keyword.text] = keyword
    return keyword


def integer_field(stream: TokenStream, field: str, shape: str) -> Token:
    """A tuple field that must be a whole number."""
    return stream.integer(f"{field} as a whole number in the tuple {shape}")


def read_tuple_set(
    stream: TokenStream,
    shape: str,
    fields: tuple[str, ...],
    read_field: Callable[[TokenStream, str, str], Token] = integer_field,
) -> list[list[Token]]:
    """A set ``{<...>, <...>}`` of tuples with the named ``fields``, each read by ``read_field``.

    ``shape`` is how the tuple is shown in messages, e.g. "<row, column, value>".
    """
    opening = stream.expect("{", f"'{{' opening a set of tuples {shape}")
    tuples = []
    while not stream.peek().is_symbol("}"):
        start = stream.take()
        if not start.is_symbol("<"):
            raise stream.error(start, f"'<' starting a tuple {shape} or '}}' closing the set "
                                      f"opened at {opening.where}")
        values = []
        for index, field in enumerate(fields):
            if index:
                stream.accept(",")
            values.append(read_field(stream, field, shape))
        stream.expect(">", f"'>' closing the tuple {shape} opened at {start.where}")
        tuples.append(values)
        stream.accept(",")
    stream.take()
    return tuples


def set_lines(name: str, items: list[str]) -> list[str]:
    """``name = {...};`` with one item per line (an item is one or more written tuples)."""
    if not items:
        return [f"{name} = {{}};"]
    # Commas go between items only: a trailing comma before '}' is not plain OPL.
    return [f"{name} = {{", *(f"  {item}," for item in items[:-1]), f"  {items[-1]}", "};"]
