"""Reading a situation file as a person saved it: UTF-8 (with or without a byte-order mark),
UTF-16 with one, or Big5 / GB18030, which Chinese Windows editors still write by default.

A file is bytes until we know its encoding; every way it can fail is one `BadSituation` line.
"""

from __future__ import annotations

import codecs
import sys

from referee.errors import BadSituation, Own, Said

# A situation describes one table: even a long one is a few kilobytes. The bound keeps a
# mistaken argument (a disk image, /dev/zero) from being read into memory.
MAX_BYTES = 1_000_000
_LEGACY = ("big5", "gb18030")


def read_bytes(file: str | None) -> tuple[bytes, str | Said]:
    """The raw bytes of FILE (or standard input for `-`) and the name to mention in messages."""
    if file is None:
        raise BadSituation.say("error.reading.give_situation_file_for")
    if file == "-":
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1).encode("utf-8")
        where = Said("error.reading.stdin")
    else:
        try:
            with open(file, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as error:
            import errno

            name = {errno.ENOENT: "enoent", errno.EACCES: "eacces", errno.EISDIR: "eisdir", errno.ENOTDIR: "enotdir"}.get(error.errno)
            system = str(error.strerror or error)
            why = Own("error.reading.why." + name, system) if name else system
            raise BadSituation.say("error.reading.cannot_read", file=file, why=why) from error
        except ValueError as error:   # a name with a NUL byte
            raise BadSituation.say("error.reading.nul_in_name", file=file, error=Own("error.reading.why.nul", str(error))) from error
        where = file
    if len(data) > MAX_BYTES:
        raise BadSituation.say("error.reading.larger_than_kb_situation", where=where, size=MAX_BYTES // 1000)
    return data, where


def decode(data: bytes, where: str | Said = "the file") -> str:
    """Text from bytes: a byte-order mark decides; else UTF-8; else Big5 or GB18030 when the
    bytes read as a situation in exactly one of them."""
    if data.startswith(codecs.BOM_UTF8):
        return _strict(data[len(codecs.BOM_UTF8):], "utf-8", where)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = _strict(data, "utf-16", where)
        # A situation's keys are ASCII (`name = `), which UTF-16 writes with a zero byte: bytes
        # after the mark that hold none are another encoding behind a stray mark, whose
        # "characters" would be nonsense Chinese (and the file taken to be written in Chinese).
        if text and not any(c.isascii() for c in text):
            raise BadSituation.say("error.reading.not_utf16", where=where)
        return text
    if b"\x00" in data:
        # Text never holds NUL bytes; UTF-16 saved without its byte-order mark is full of them.
        raise BadSituation.say("error.reading.has_nul_bytes_as", where=where)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    readings = {}
    for encoding in _LEGACY:
        try:
            readings[encoding] = data.decode(encoding)
        except UnicodeDecodeError:
            continue
    if len(readings) > 1:
        readings = _most_plausible(readings)
    if len(readings) == 1:
        return next(iter(readings.values()))
    tried = Said("error.reading.tried")
    if readings:
        raise BadSituation.say("error.reading.cannot_tell_whether_big", where=where, tried=tried)
    raise BadSituation.say("error.reading.text_in_known_encoding", where=where, tried=tried)


def _strict(data: bytes, encoding: str, where: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise BadSituation.say("error.reading.bad_byte", where=where, encoding=encoding.upper(),
                               byte=error.start) from error


def _most_plausible(readings: dict[str, str]) -> dict[str, str]:
    """Big5 bytes nearly always decode as GB18030 too (as nonsense): keep the reading whose
    Chinese characters are those card names are written with, when one clearly is."""
    from referee.catalog.db import connect

    alphabet = {c for (text,) in connect().execute("SELECT text FROM aliases") for c in text}

    def known(text: str) -> int:
        return sum(1 for c in text if c in alphabet)

    ranked = sorted(readings.items(), key=lambda item: -known(item[1]))
    best, second = known(ranked[0][1]), known(ranked[1][1])
    return {ranked[0][0]: ranked[0][1]} if best > second else readings


def _plausible_chinese(text: str) -> bool:
    """Whether the Chinese of a UTF-16 file that is not TOML is words a player wrote (most of its
    characters are those card names are written with), not bytes read out of step — a byte lost
    or added makes every later pair of ASCII bytes a character (`ed` → 摥): a refusal in the
    reader's language then, not in a language the file does not speak."""
    from referee.catalog.db import connect
    from referee.text import has_cjk

    chinese = {c for c in text if has_cjk(c)}
    if not chinese:
        return True
    alphabet = {c for (name,) in connect().execute("SELECT text FROM aliases") for c in name}
    return 2 * len(chinese & alphabet) >= len(chinese)


def read_situation(file: str | None, lang: str | None = None) -> tuple[dict, str | None]:
    """The parsed TOML of a situation file and, when `lang` (--lang) is not given, the language
    the file is written in (lang.file_language; None when --lang is given). A file that is not
    TOML is refused in that language too; one that cannot be read as text, by the command line's."""
    _, situation, spoken = read_situation_text(file, lang)
    return situation, spoken


def read_situation_text(file: str | None, lang: str | None = None) -> tuple[str, dict, str | None]:
    """read_situation, with the text it was read from first (a tracked table keeps that text as
    its starting position)."""
    from referee.say.lang import file_language
    from referee.situation import read_text

    data, where = read_bytes(file)
    text = decode(data, where)
    try:
        situation = read_text(text)
    except BadSituation as error:
        if not lang and (not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _plausible_chinese(text)):
            error.lang = file_language(text)
        raise
    return text, situation, None if lang else file_language(text, situation.get("question"), situation.get("language"))
