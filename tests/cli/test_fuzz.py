"""Any input, any command: no exception escapes, a refusal is exit 2 with one line on stderr and
nothing on stdout, and nothing on disk changes (the situation file, the database)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import run_in_process

HERE = Path(__file__).resolve().parent.parent
EXAMPLES = [p.read_text(encoding="utf-8") for p in sorted((HERE / "situations").glob("*.toml"))]
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

NAMES = ["Ann", "Bob", "Cid", "Dan", "小明", "", " ", "[bold]", "A:B", "x" * 50]
CARDS = ["Temple", "Castle", "Dragon Gate", "Museum", "Monument", "Bell Tower", "Keep", "神殿", "瞭望塔", "要塞",
         "Castel", "?", "", "Thieves' Den", "Secret Vault", "Haunted Quarter"]
CHARACTERS = ["King", "Warlord", "Thief", "Assassin", "8", "0", "99", "²", "٣", "８", "8號", "八", "#8", "rank 8", "Ⅷ", "國王", "國玉", "Queen", "Witch",
              "Kign", ""]
NUMBERS = ["0", "1", "3", "-4", "99", "1000000000", "99999999999999999999", "４", "1.5", "x", "", "²", "٣", "1e3",
           "−3", "0x10", "inf", "nan"]
WORDS = ["gold", "hand", "cards", "crown", "character", "金幣", "手牌", "皇冠", "角色", "glod", "card", ""]
VERBS = ["gold", "draw", "draw keep", "income", "build", "end", "kill", "rob", "destroy", "use", "swap", "redraw",
         "pick", "discard", "faceup", "reveal", "take-taxes", "glod", "拿金幣", "偷", "warrant", ""]
SEPARATORS = [":", "：", ";", "；", ",", "，", "、", " ", "\n", "\t", "\\", '"', "[", "]", "\x00"]


@pytest.fixture(scope="module")
def db_digest(database):
    return hashlib.sha256(Path(database).read_bytes()).hexdigest()


def run(*argv: str, stdin: str | bytes = "") -> tuple[int, str, str]:
    return run_in_process(*argv, stdin=stdin)


def check(code: int, out: str, err: str, allowed=(0, 2)) -> None:
    assert code in allowed, (code, out, err)
    if code == 2:
        assert out == "", out
        assert len(err.splitlines()) == 1 and err.startswith("referee: "), err
    else:
        assert err == "", err


def pieces(*pools):
    return st.lists(st.one_of(*(st.sampled_from(pool) for pool in pools), st.text(max_size=6)), max_size=8) \
        .map(lambda parts: "".join(parts))


@st.composite
def mutated(draw):
    """A real situation file, cut, repeated and sprinkled with other values."""
    text = draw(st.sampled_from(EXAMPLES))
    lines = text.splitlines()
    for _ in range(draw(st.integers(0, 4))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "dup", "number", "name", "bytes"]))
        if action == "drop":
            del lines[i]
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "number":
            lines[i] = "".join(draw(st.sampled_from(NUMBERS)) if c.isdigit() else c for c in lines[i])
        elif action == "name":
            for old in ("Ann", "Temple", "Warlord", "King", "Merchant", "2016"):
                lines[i] = lines[i].replace(old, draw(st.sampled_from(NAMES + CARDS + CHARACTERS)))
        else:
            lines[i] = draw(st.text(max_size=20))
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    return draw(st.sampled_from([lambda b: b, lambda b: b"\xef\xbb\xbf" + b,
                                 lambda b: b.decode("utf-8", "replace").encode("utf-16"),
                                 lambda b: b.decode("utf-8", "replace").encode("big5", "replace"),
                                 lambda b: b[: len(b) // 2] + b"\xff\xfe\x80" + b[len(b) // 2:]]))(data)


@FUZZ
@given(data=mutated(), command=st.sampled_from([["ask"], ["ask", "--json"], ["score"], ["score", "--json"],
                                                 ["ask", "--lang", "zh-Hans"]]))
def test_situation_files(tmp_path_factory, db_digest, database, data, command):
    path = tmp_path_factory.mktemp("fuzz") / "situation.toml"
    path.write_bytes(data)
    check(*run(command[0], str(path), *command[1:]))
    assert path.read_bytes() == data
    check(*run(command[0], "-", *command[1:], stdin=data))


@st.composite
def quick_entry(draw):
    name = draw(st.sampled_from(NAMES))
    city = draw(st.lists(st.sampled_from(CARDS), max_size=9))
    extras = draw(st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(NUMBERS + CARDS + CHARACTERS)),
                           max_size=4))
    sep = draw(st.sampled_from([[":", ",", ";"], ["：", "，", "；"], [":", "、", ";"], ["", ",", ";"]]))
    text = f"{name}{sep[0]} " + f"{sep[1]} ".join(city)
    return text + "".join(f"{sep[2]} {w} {v}" for w, v in extras)


@FUZZ
@given(entries=st.lists(quick_entry(), min_size=0, max_size=5), first=st.sampled_from([None, "Ann", "Zed", ""]),
       edition=st.sampled_from([None, "2016", "classic", "1999"]), json_out=st.booleans())
def test_quick_entries(db_digest, entries, first, edition, json_out):
    argv = ["score", *[arg for e in entries for arg in ("-p", e)]]
    argv += ["--first", first] if first is not None else []
    argv += ["--edition", edition] if edition else []
    argv += ["--json"] if json_out else []
    check(*run(*argv))


@FUZZ
@given(moves=st.lists(pieces(NAMES + CHARACTERS, SEPARATORS, VERBS, CARDS), max_size=4), edition=st.sampled_from(
    ["2016", "classic"]))
def test_move_notations(moves, edition):
    import json

    text = (f'edition = "{edition}"\n[[players]]\nname = "Ann"\ncharacters = ["King"]\ncity = ["Museum"]\nhand = ["Temple"]\n'
            '[[players]]\nname = "Bob"\ncharacters = ["Warlord"]\ngold = 4\ncity = ["Temple"]\n'
            '[[players]]\nname = "Cid"\ncharacters = ["Thief"]\n'
            f"[play]\nmoves = {json.dumps(moves, ensure_ascii=False)}\n")
    check(*run("ask", "-", stdin=text.encode("utf-8", "surrogatepass")))


TEXT = st.one_of(st.sampled_from(NAMES + CARDS + CHARACTERS + NUMBERS + WORDS), st.text(max_size=12))
INTS = st.one_of(st.integers(-3, 12), st.sampled_from([2 ** 63, -(2 ** 63) - 1, 10 ** 30])).map(str)


@FUZZ
@given(argv=st.one_of(
    st.tuples(st.just("card"), TEXT, st.sampled_from(["2016", "classic", "x"]), st.sampled_from(["en", "zh-Hant", "fr"]))
    .map(lambda t: ["card", t[1], "--edition", t[2], "--lang", t[3]]),
    st.tuples(INTS, st.sampled_from(["character", "district", "x"]), TEXT)
    .map(lambda t: ["cards", "--rank", t[0], "--kind", t[1], "--colour", t[2]]),
    st.tuples(TEXT, INTS).map(lambda t: ["rules", t[0], "--players", t[1]]),
    st.tuples(INTS, INTS, INTS).map(lambda t: ["simulate", "--games", "-1" if int(t[0]) > 2 else t[0],
                                               "--players", t[1], "--seed", t[2], "--json"]),
    st.tuples(INTS).map(lambda t: ["ask", "--template", t[0]]),
    st.tuples(TEXT).map(lambda t: ["sources", t[0]]),
    st.tuples(TEXT, INTS, st.sampled_from(["2016", "classic", "x"]), TEXT)
    .map(lambda t: ["faq", t[0], "--top", t[1], "--edition", t[2], "--card", t[3]]),
    st.tuples(TEXT, st.sampled_from(["en", "zh-Hant", "zh-Hans"])).map(lambda t: ["faq", t[0], "--lang", t[1], "--json"]),
    st.tuples(TEXT).map(lambda t: ["score", "-p", t[0], "-p", "Bob: Temple", "--bell-tower", "-e", "classic"]),
    st.lists(TEXT, max_size=3),
))
def test_option_values(db_digest, argv):
    code, out, err = run(*argv)
    check(code, out, err, allowed=(0, 2))


def test_nothing_changed_on_disk(database, db_digest):
    assert hashlib.sha256(Path(database).read_bytes()).hexdigest() == db_digest
