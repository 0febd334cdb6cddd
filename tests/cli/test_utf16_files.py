"""A file that begins with UTF-16's byte-order mark (FF FE, as Windows Notepad writes it), wherever
a file is read — `ask`, `score`, `table new --from`, standard input: a real UTF-16 situation is
read; bytes of another encoding behind the mark get one line in the reader's language (the file's
"characters" are nonsense Chinese, which once made the refusal speak Chinese to everyone)."""

from __future__ import annotations

import codecs

import pytest

from tests.conftest import run_cli

SITUATION = """edition = "2016"
[[players]]
name = "Ann"
characters = ["King"]
city = ["Temple", "Watchtower"]
[[players]]
name = "Bob"
characters = ["Thief"]
city = ["Castle"]
"""

READERS = [["ask"], ["score"], ["table", "new", "t", "--from"]]


@pytest.fixture(autouse=True)
def _tables(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_TABLES", str(tmp_path / "tables.db"))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
@pytest.mark.parametrize("command", READERS, ids=["ask", "score", "table-new"])
def test_a_real_utf16_file_is_read(tmp_path, command, encoding):
    data = SITUATION.encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    assert data[:2] in (b"\xff\xfe", b"\xfe\xff")
    path = tmp_path / "s.toml"
    path.write_bytes(data)
    result = run_cli(*command, str(path), "--lang", "en")
    assert result.returncode == 0, result.stderr
    said = {"ask": "Ann", "score": "Bob 4", "new": "Table t: 2 players"}["new" if command[0] == "table" else command[0]]
    assert said in result.stdout


GARBLED = b"\xff\xfe" + SITUATION.encode("utf-8")


@pytest.mark.parametrize("lang, said", [
    (None, "{where}: starts with UTF-16's byte-order mark, but what follows is not UTF-16 text; save the file again as UTF-8"),
    ("en", "{where}: starts with UTF-16's byte-order mark, but what follows is not UTF-16 text; save the file again as UTF-8"),
    ("zh-Hant", "{where}：開頭是 UTF-16 的位元組順序標記，但後面的內容不是 UTF-16 文字；請把檔案重新存成 UTF-8"),
    ("zh-Hans", "{where}：开头是 UTF-16 的字节顺序标记，但后面的内容不是 UTF-16 文本；请把文件重新存成 UTF-8"),
])
@pytest.mark.parametrize("command", READERS, ids=["ask", "score", "table-new"])
def test_a_garbled_utf16_file_is_one_line_in_the_readers_language(tmp_path, command, lang, said):
    path = tmp_path / "s.toml"
    path.write_bytes(GARBLED)
    result = run_cli(*command, str(path), *(["--lang", lang] if lang else []))   # LANG=C.UTF-8: English
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"referee: {said.format(where=path)}\n"


@pytest.mark.parametrize("lang, where", [("en", "standard input"), ("zh-Hant", "標準輸入"), ("zh-Hans", "标准输入")])
def test_standard_input_is_named_in_the_readers_language(lang, where):
    import subprocess
    import sys

    from tests.conftest import ROOT

    result = subprocess.run([sys.executable, "-m", "referee", "ask", "-", "--lang", lang], input=GARBLED,
                            capture_output=True, cwd=ROOT)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode("utf-8").startswith(f"referee: {where}")


def test_a_utf16_file_read_out_of_step_is_refused_in_the_readers_language(tmp_path):
    # A byte added halfway: every later pair of ASCII bytes reads as a Chinese character.
    data = SITUATION.encode("utf-16-le")
    half = len(data) // 2
    path = tmp_path / "s.toml"
    path.write_bytes(codecs.BOM_UTF16_LE + data[:half] + b"X" + data[half:] + b"\x00")
    result = run_cli("ask", str(path))                                  # LANG=C.UTF-8: English
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("referee: not valid TOML (line ")


def test_a_chinese_utf16_file_that_is_not_toml_is_still_refused_in_chinese(tmp_path):
    path = tmp_path / "s.toml"
    path.write_bytes('edition = "2016"\nquestion = "誰贏？"\n[[players]]\nname = "小明"\n'
                     'characters = ["國王"]\ncity = ["神殿", "瞭望塔"\n'.encode("utf-16"))
    result = run_cli("ask", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith("referee: 不是有效的 TOML")
