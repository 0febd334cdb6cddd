"""The engine's refusal: a well-formed move the rules do not allow here (python-chess's
`IllegalMoveError`). At the bottom of the engine: every layer may raise it."""

from __future__ import annotations


class IllegalMove(Exception):
    """`key` names the reason (declared by the card or rule that refuses, see `reasons.py`; its
    texts are in the catalogs, said by `referee.refusals`), `values` fill it in (card ids, player names, numbers: the CLI turns ids into
    names), `citations` are the rule and FAQ ids behind it."""

    def __init__(self, key: str, citations: tuple[str, ...] | str = (), **values):
        self.key = key
        self.values = values
        self.citations = (citations,) if isinstance(citations, str) else tuple(citations)
        super().__init__(key)


def refuse(problem: tuple) -> IllegalMove:
    """An IllegalMove from a `(key, citations, values)` problem, the form the checkers return so
    that move generation can ask "is this legal?" without raising."""
    key, citations, values = problem
    return IllegalMove(key, citations, **values)
