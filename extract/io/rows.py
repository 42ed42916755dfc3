"""YAML mappings checked against the field types of a dataclass, so each value is checked once, where
it is read, and later stages index typed fields instead of strings.

The field types understood are the ones rows use: str, int, float (an int is a float too), bool,
None, unions of them, and list[...] / tuple[...] (a YAML list). Scalars are matched by exact type,
as a YAML loader makes them, so bool is never taken for an int.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Check = Callable[[object], bool]
SCALARS = (str, int, float, bool, type(None))


class RowError(ValueError):
    """What is wrong with a row, in words (the caller adds file and line)."""


@dataclass(frozen=True)
class Field:
    types: frozenset[type]  # the exact types of the scalars allowed (what a YAML loader makes)
    containers: Check | None  # the lists allowed, if any
    expected: str  # the type in words, for the error message
    as_tuple: bool  # a YAML list kept as a tuple
    values: frozenset[object] | None = None  # a Literal's values: the only ones allowed


@dataclass(frozen=True)
class RowSpec(Generic[T]):
    """The keys a row of `cls` may and must have, and each key's type."""

    cls: type[T]
    fields: Mapping[str, Field]
    required: frozenset[str]

    def check(self, row: object) -> dict[str, Any]:
        """The row's values, tuples where the field is one; RowError naming the first problem."""
        if not isinstance(row, dict):
            raise RowError(f"expected a mapping, found {_found(row)}")
        if not self.required <= row.keys():
            missing = [key for key in self.fields if key in self.required and key not in row]
            raise RowError(f"lacks {', '.join(missing)}")
        values = dict(row)
        for key, value in row.items():
            field = self.fields.get(key) if isinstance(key, str) else None
            if field is None:
                raise RowError(f"unknown key '{key}'")
            if type(value) in field.types:
                if field.values is not None and value not in field.values:
                    known = ", ".join(sorted(map(str, field.values)))
                    raise RowError(f"unknown {key} {value!r} (known: {known})")
                continue
            if field.containers is None or not field.containers(value):
                raise RowError(f"'{key}' must be {field.expected}, found {_found(value)}")
            if field.as_tuple:
                values[key] = tuple(value)
        return values

    def make(self, row: object) -> T:
        return self.cls(**self.check(row))


def row_spec(cls: type[T], skip: Collection[str] = (), required: Collection[str] | None = None) -> RowSpec[T]:
    """The spec of dataclass `cls`: every field but `skip`; required are `required`, else the fields
    without a default."""
    hints = typing.get_type_hints(cls)
    fields: dict[str, Field] = {}
    needed: set[str] = set()
    for item in dataclasses.fields(cls):  # type: ignore[arg-type]  # cls is a dataclass by contract
        if item.name in skip:
            continue
        hint = hints[item.name]
        scalars, containers = _split(hint)
        literal = _literal_values(hint)
        as_tuple = typing.get_origin(hint) is tuple
        fields[item.name] = Field(scalars, containers, _words(hint), as_tuple, literal)
        if item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING:
            needed.add(item.name)
    return RowSpec(cls, fields, frozenset(needed if required is None else required))


def _members(hint: object) -> tuple[object, ...]:
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return typing.get_args(hint)
    return (hint,)


def _literal_values(hint: object) -> frozenset[object] | None:
    """The values a Literal field (or a union with Literals) allows, else None (any of its types)."""
    literals = [m for m in _members(hint) if typing.get_origin(m) is typing.Literal]
    if not literals:
        return None
    plain = [m for m in _members(hint) if m in SCALARS]
    return frozenset(a for m in literals for a in typing.get_args(m)) | frozenset(
        v for v in (None,) if type(None) in plain
    )


def _split(hint: object) -> tuple[frozenset[type], Check | None]:
    """The exact scalar types `hint` allows (an int is a float too) and a check for its list types."""
    members = _members(hint)
    scalars = {m for m in members if m in SCALARS}
    literals = [m for m in members if typing.get_origin(m) is typing.Literal]
    scalars |= {type(a) for m in literals for a in typing.get_args(m)}
    members = tuple(m for m in members if typing.get_origin(m) is not typing.Literal)
    if float in scalars:
        scalars.add(int)
    lists = [_container(m) for m in members if m not in SCALARS]
    if not lists:
        return frozenset(typing.cast(set[type], scalars)), None
    return frozenset(typing.cast(set[type], scalars)), lambda value: any(c(value) for c in lists)


def _checker(hint: object) -> Check:
    scalars, containers = _split(hint)
    if containers is None:
        return lambda value: type(value) in scalars
    return lambda value: type(value) in scalars or containers(value)


def _container(hint: object) -> Check:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _checker(args[0])
        return lambda value: isinstance(value, list) and all(item(v) for v in value)
    if origin is tuple:
        parts = [_checker(a) for a in args]
        return lambda value: (
            isinstance(value, list)
            and len(value) == len(parts)
            and all(p(v) for p, v in zip(parts, value, strict=True))
        )
    raise TypeError(f"no check for field type {hint!r}")


def _words(hint: object) -> str:
    names = {str: "text", int: "an integer", float: "a number", bool: "true or false", type(None): "null"}
    words = []
    for member in _members(hint):
        if member in names:
            words.append(names[member])
            continue
        if typing.get_origin(member) is typing.Literal:
            words.append("one of " + ", ".join(map(str, typing.get_args(member))))
            continue
        args = typing.get_args(member)
        if len(args) == 2 and args[1] is Ellipsis or typing.get_origin(member) is list:
            words.append(f"a list of {_words(args[0])}")
        else:
            words.append(f"a list of {len(args)} ({', '.join(_words(a) for a in args)})")
    return " or ".join(words)


def _found(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, str | int | float):
        return f"{type(value).__name__} {value!r}"[:60]
    return type(value).__name__
