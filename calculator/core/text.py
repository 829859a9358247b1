"""Words to say, not yet said: what the core, the engine and the api layer refuse or report, as
a key of the catalogs (``calculator/messages/*.json``) and its named values.

The web layer says them in the language of the request (:func:`calculator.i18n.say`); nothing
below it holds a finished sentence, so one path leads from a refusal to its words in every
language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Union

Value = Union[str, int, float, "Text", Sequence["Value"]]
"""What fills a placeholder: words of the request as given (a name, a cell), a number, words
of the catalog (:class:`Text`), or a list of them."""


class Text:
    """Words to say, not yet said: a catalog key and its named values.

    The core, the engine and the api layer say what they refuse or report as a ``Text``; the web
    layer says it in the language of the request (:func:`say`). A value may itself be a
    ``Text`` (a building's name, said in the same language) or a list. The value ``n`` decides
    the plural form of a key that has them.
    """

    __slots__ = ("key", "values")

    def __init__(self, key: str, /, **values: Value) -> None:
        self.key = key
        self.values = values

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.key, self.values) == (other.key, other.values)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        values = "".join(f", {name}={value!r}" for name, value in self.values.items())
        return f"Text({self.key!r}{values})"


def listed(items: Sequence[Value], conjunction: str = "and") -> Value:
    """``items`` said as one list: "a, b and c" (``conjunction`` "and" or "or")."""
    if len(items) == 1:
        return items[0]
    return Text(f"api.list.{conjunction}", items=list(items[:-1]), last=items[-1])


def one_after_another(items: Sequence[Text]) -> Text:
    """Sentences said one after the other: "a; b; c" (``api.then``)."""
    said: Text = items[-1]
    for item in reversed(items[:-1]):
        said = Text("api.then", first=item, then=said)
    return said
