"""The engine's plain-data records write out the methods dataclasses would generate
(`engine/plain.py`): each is checked here against the dataclass made from its own fields with
the options it stands for, so that a field added to the annotations and not to the methods (or
a method that drifts) fails."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from referee.engine.facts import CastFacts, CharacterFacts, DistrictFacts, Rulebook
from referee.engine.state import Built, Draft, Marks, Player, State, Turn

# Each record and the dataclass options it stands for.
RECORDS = {
    Built: dict(frozen=True, slots=True),
    Player: dict(slots=True),
    Marks: dict(frozen=True, slots=True),
    Draft: dict(slots=True),
    Turn: dict(slots=True),
    State: dict(slots=True, repr=False),
    CharacterFacts: dict(frozen=True, repr=False),
    DistrictFacts: dict(frozen=True, repr=False),
    CastFacts: dict(frozen=True, repr=False),
    Rulebook: dict(repr=False),
}


def _reference(cls: type) -> type:
    """What dataclasses makes of `cls`'s fields with the options it stands for."""
    specs = [(f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory, hash=f.hash,
                                                compare=f.compare, repr=f.repr)) for f in dataclasses.fields(cls)]
    namespace = {"__post_init__": cls.__dict__["__post_init__"]} if "__post_init__" in cls.__dict__ else {}
    return dataclasses.make_dataclass(cls.__name__, specs, namespace=namespace, **RECORDS[cls])


def _values(cls: type, tag: str = "") -> dict:
    """A value for every field, each its own (hashable) string; a rulebook's are a real one's."""
    if cls is Rulebook:
        from referee.catalog.facts import rulebook

        found = rulebook("2016")
        return {f.name: getattr(found, f.name) for f in dataclasses.fields(cls)}
    return {f.name: f"{f.name}{tag}" for f in dataclasses.fields(cls)}


def _parameters(cls: type) -> list[tuple]:
    return [(p.name, p.kind, repr(p.default)) for p in inspect.signature(cls).parameters.values()]


@pytest.mark.parametrize("cls", list(RECORDS), ids=lambda cls: cls.__name__)
def test_a_record_is_what_dataclasses_would_make_of_its_fields(cls):
    reference = _reference(cls)
    options = RECORDS[cls]
    assert _parameters(cls) == _parameters(reference)             # names, order, defaults (<factory> too)
    assert cls.__match_args__ == reference.__match_args__
    if options.get("slots"):
        assert cls.__slots__ == reference.__slots__ and not hasattr(cls(**_values(cls)), "__dict__")
    values = _values(cls)
    ours, theirs = cls(**values), reference(**values)
    for field in dataclasses.fields(cls):
        assert getattr(ours, field.name) is values[field.name]
    if options.get("repr", True):
        assert repr(ours) == repr(theirs)
    else:
        assert cls.__repr__ is object.__repr__
    # Equality: field by field, only the compared fields, only with the same class.
    assert ours == cls(**values) and ours != theirs and ours.__eq__(theirs) is NotImplemented
    for field in dataclasses.fields(cls):
        other = {**values, field.name: "else"}
        if cls is Rulebook and field.name == "districts":
            other[field.name] = {}
        assert (ours == cls(**other)) is (theirs == reference(**other)), field.name
    # Hashing: as dataclasses would (frozen: the compared fields; else none).
    if reference.__hash__ is None:
        assert cls.__hash__ is None
    else:
        assert hash(ours) == hash(theirs)
    # Frozen: no assignment, no deletion, the same words; copies and pickles still made.
    if options.get("frozen"):
        first = dataclasses.fields(cls)[0].name
        for act, args in ((setattr, (ours, first, "x")), (delattr, (ours, first))):
            with pytest.raises(dataclasses.FrozenInstanceError) as found:
                act(*args)
            with pytest.raises(dataclasses.FrozenInstanceError) as expected:
                act(theirs, *args[1:])
            assert str(found.value) == str(expected.value)
    assert copy.deepcopy(ours) == ours and copy.copy(ours) == ours
    if cls is not Rulebook:
        assert pickle.loads(pickle.dumps(ours)) == ours
    # Defaults made by a factory: a fresh one for each record.
    required = {f.name: values[f.name] for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    if cls is Rulebook:
        required["districts"] = {}
    first, second, expected = cls(**required), cls(**required), reference(**required)
    for field in dataclasses.fields(cls):
        assert getattr(first, field.name) == getattr(expected, field.name), field.name
        if field.default_factory is not dataclasses.MISSING:
            assert getattr(first, field.name) is not getattr(second, field.name), field.name


def test_replace_works_on_the_records():
    marks = dataclasses.replace(Marks(), killed="king", warrants=("a",))
    assert marks == Marks(killed="king", warrants=("a",)) and type(marks) is Marks
    assert dataclasses.replace(Built("temple"), beautified=True) == Built("temple", 0, (), True)
