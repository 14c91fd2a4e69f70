"""Plain-JSON forms of the attrs records (actions and events), both ways, and their JSON Schemas.

One description of each field type drives encoding, strict decoding and the schema, so the
three never disagree. Supported field types: ``int``, ``str``, ``bool``, ``X | None``,
``tuple[X, ...]``, fixed tuples, ``Literal``, nested records, ``dict[str, X]`` and ``Any``
(any JSON value, lists read back as tuples).
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Literal, Self

import attrs

Decoder = Callable[[Any, str], Any]
Encoder = Callable[[Any], Any]


class CodecError(ValueError):
    """A JSON value that does not fit the field it is read into."""


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def freeze(value: Any) -> Any:
    """Turn a JSON value into its immutable form: lists become tuples, recursively."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return {str(k): freeze(v) for k, v in value.items()}
    return value


def thaw(value: Any) -> Any:
    """Turn an immutable value into plain JSON: tuples become lists, recursively."""
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    if isinstance(value, dict):
        return {str(k): thaw(v) for k, v in value.items()}
    if isinstance(value, Record):
        return value.to_json()
    return value


def _is_json(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)  # NaN and infinity have no JSON form
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, list | tuple):
        return all(_is_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json(v) for k, v in value.items())
    return False


#: the key of a field's description in its attrs metadata (``doc``)
DOC = "doc"


def doc(text: str, **field: Any) -> Any:
    """An attrs field described by ``text``, which the JSON Schema gives as its description:
    ``seat: int = doc("the seat that placed it")`` (keywords go to ``attrs.field``)."""
    return attrs.field(metadata={DOC: text}, **field)


class _Field:
    __slots__ = ("decode", "description", "encode", "name", "schema", "type")

    def __init__(self, name: str, tp: Any, owner: type, description: str = "") -> None:
        self.name = name
        #: the field's declared type, resolved once per class (not per value read)
        self.type = tp
        self.description = description
        self.encode, self.decode, self.schema = _converters(tp, owner)


def _converters(tp: Any, owner: type) -> tuple[Encoder | None, Decoder, dict[str, Any]]:
    """Return (encoder or None for identity, decoder, schema) for a field type."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is bool:

        def dec_bool(v: Any, path: str) -> Any:
            if not isinstance(v, bool):
                raise CodecError(f"{path}: expected true or false, got {_describe(v)}")
            return v

        return None, dec_bool, {"type": "boolean"}
    if tp is int:

        def dec_int(v: Any, path: str) -> Any:
            if type(v) is not int:  # bool is an int subclass, and no integer
                raise CodecError(f"{path}: expected an integer, got {_describe(v)}")
            return v

        return None, dec_int, {"type": "integer"}
    if tp is str:

        def dec_str(v: Any, path: str) -> Any:
            if not isinstance(v, str):
                raise CodecError(f"{path}: expected a string, got {_describe(v)}")
            return v

        return None, dec_str, {"type": "string"}
    if tp is type(None):

        def dec_none(v: Any, path: str) -> Any:
            if v is not None:
                raise CodecError(f"{path}: expected null, got {_describe(v)}")
            return None

        return None, dec_none, {"type": "null"}
    if tp is Any or tp is object:

        def dec_any(v: Any, path: str) -> Any:
            if not _is_json(v):
                raise CodecError(f"{path}: expected a JSON value, got {_describe(v)}")
            return freeze(v)

        return thaw, dec_any, {}
    if origin is Literal:
        allowed = args

        def dec_lit(v: Any, path: str) -> Any:
            # the type too: 2.0 == 2 and True == 1, but neither is the literal 2 or 1
            for a in allowed:
                if v == a and type(v) is type(a):
                    return a
            raise CodecError(f"{path}: expected one of {list(allowed)}, got {_describe(v)}")

        return None, dec_lit, {"enum": list(allowed)}
    if origin is typing.Union or origin is types.UnionType:
        parts = [_converters(a, owner) for a in args]

        def enc_union(v: Any) -> Any:
            return thaw(v)

        def dec_union(v: Any, path: str) -> Any:
            errors = []
            for _, dec, _ in parts:
                try:
                    return dec(v, path)
                except CodecError as exc:
                    errors.append(str(exc))
            raise CodecError(f"{path}: {_describe(v)} fits none of the allowed forms")

        needs_enc = any(enc is not None for enc, _, _ in parts)
        return (enc_union if needs_enc else None), dec_union, {"anyOf": [s for _, _, s in parts]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            enc_item, dec_item, item_schema = _converters(args[0], owner)

            def enc_seq(v: Any) -> Any:
                return [enc_item(x) for x in v] if enc_item else list(v)

            def dec_seq(v: Any, path: str) -> Any:
                if not isinstance(v, list | tuple):
                    raise CodecError(f"{path}: expected a list, got {_describe(v)}")
                return tuple(dec_item(x, f"{path}[{i}]") for i, x in enumerate(v))

            return enc_seq, dec_seq, {"type": "array", "items": item_schema}
        parts = [_converters(a, owner) for a in args]

        def enc_fixed(v: Any) -> Any:
            return [enc(x) if enc else x for (enc, _, _), x in zip(parts, v, strict=True)]

        def dec_fixed(v: Any, path: str) -> Any:
            if not isinstance(v, list | tuple) or len(v) != len(parts):
                raise CodecError(f"{path}: expected a list of {len(parts)}, got {_describe(v)}")
            return tuple(
                dec(x, f"{path}[{i}]")
                for i, ((_, dec, _), x) in enumerate(zip(parts, v, strict=True))
            )

        schema = {
            "type": "array",
            "prefixItems": [s for _, _, s in parts],
            "minItems": len(parts),
            "maxItems": len(parts),
        }
        return enc_fixed, dec_fixed, schema
    if origin is dict:
        enc_val, dec_val, val_schema = _converters(args[1], owner)

        def enc_map(v: Any) -> Any:
            return {k: (enc_val(x) if enc_val else x) for k, x in v.items()}

        def dec_map(v: Any, path: str) -> Any:
            if not isinstance(v, dict):
                raise CodecError(f"{path}: expected an object, got {_describe(v)}")
            return {str(k): dec_val(x, f"{path}.{k}") for k, x in v.items()}

        return enc_map, dec_map, {"type": "object", "additionalProperties": val_schema}
    if isinstance(tp, type) and issubclass(tp, Record):
        record_type = tp

        def enc_rec(v: Any) -> Any:
            return v.to_json()

        def dec_rec(v: Any, path: str) -> Any:
            return record_type.from_json(v, path=path)

        return enc_rec, dec_rec, {"$ref": f"#/$defs/{tp.__name__}"}
    raise TypeError(f"{owner.__name__}: field type {tp!r} has no JSON form")


class Record:
    """Base of frozen attrs records with a JSON form ``{"type": ..., field: value, ...}``."""

    __slots__ = ()
    type_name: ClassVar[str] = ""
    _fields: ClassVar[tuple[_Field, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "type_name" not in cls.__dict__:
            cls.type_name = cls.__name__

    @classmethod
    def _field_specs(cls) -> tuple[_Field, ...]:
        specs = cls.__dict__.get("_field_specs_cache")
        if specs is None:
            hints = typing.get_type_hints(cls)
            specs = tuple(
                _Field(a.name, hints[a.name], cls, a.metadata.get(DOC, ""))
                for a in attrs.fields(cls)  # type: ignore[arg-type]
            )
            type.__setattr__(cls, "_field_specs_cache", specs)
        assert isinstance(specs, tuple)
        return specs

    def to_json(self) -> dict[str, Any]:
        """Return the plain-JSON form of this record."""
        out: dict[str, Any] = {"type": self.type_name}
        for f in self._field_specs():
            value = getattr(self, f.name)
            out[f.name] = f.encode(value) if f.encode is not None else value
        return out

    @classmethod
    def from_json(cls, data: Any, *, path: str = "") -> Self:
        """Read a record of exactly this class from its JSON form; strict about every field."""
        where = path or cls.type_name
        if not isinstance(data, dict):
            raise CodecError(f"{where}: expected an object, got {_describe(data)}")
        if data.get("type") != cls.type_name:
            raise CodecError(f"{where}: expected type {cls.type_name!r}, got {data.get('type')!r}")
        specs = cls._field_specs()
        names = {f.name for f in specs}
        extra = sorted(set(data) - names - {"type"})
        if extra:
            raise CodecError(
                f"{where}: unknown field(s) {extra}; {cls.type_name} has {sorted(names)}"
            )
        missing = sorted(names - set(data))
        if missing:
            raise CodecError(f"{where}: missing field(s) {missing}")
        values = {f.name: f.decode(data[f.name], f"{where}.{f.name}") for f in specs}
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise CodecError(f"{where}: {exc}") from exc

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """Return the JSON Schema of this record's JSON form (nested records by ``$ref``)."""
        specs = cls._field_specs()
        props: dict[str, Any] = {
            "type": {"const": cls.type_name, "description": f"the record's type: {cls.type_name}"}
        }
        for f in specs:
            props[f.name] = (
                {**f.schema, "description": f.description} if f.description else f.schema
            )
        return {
            "type": "object",
            "properties": props,
            "required": ["type", *[f.name for f in specs]],
            "additionalProperties": False,
        }


class RecordSet:
    """A closed set of record classes, read back from JSON by their ``type``."""

    def __init__(self, kinds: typing.Iterable[type[Record]], what: str) -> None:
        self.what = what
        self.by_name: dict[str, type[Record]] = {}
        for k in kinds:
            if k.type_name in self.by_name:
                raise TypeError(f"two {what} types are named {k.type_name!r}")
            self.by_name[k.type_name] = k

    def from_json(self, data: Any) -> Record:
        """Read any record of the set; raise CodecError naming the allowed types otherwise."""
        if not isinstance(data, dict):
            raise CodecError(f"{self.what}: expected an object, got {_describe(data)}")
        name = data.get("type")
        kind = self.by_name.get(name) if isinstance(name, str) else None
        if kind is None:
            allowed = ", ".join(sorted(self.by_name))
            raise CodecError(f"{self.what}: unknown type {data.get('type')!r}; allowed: {allowed}")
        return kind.from_json(data)
