"""A tracked table as a web page for the phones around it, in the player's language.

`view()` is the part that changes: the round, the crown, what the table waits for, each
player's gold, hand, characters, city and score so far, and the last moves with what they did.
`document()` is the page around it, whose script swaps in each new view the server pushes (a
page without script still shows the view it was served with, and reloads itself now and then).
Everything a player typed (names of players and tables) is escaped: a player called `<b>` is
shown as such.
"""

from __future__ import annotations

from html import escape

from referee import messages as catalog
from referee.say.labels import comma, label, winners_line
from referee.say.table_text import broken_text, hand_text, next_text, position_facts, round_marks
from referee.table.view import HOST, Viewer, see

_RECENT = 6                                   # moves shown, newest first


def languages_named() -> list[tuple[str, str]]:
    """Each language with a catalog, by its own name (`language.name`; its code if its catalog has none)."""
    english = catalog.text("language.name", "en")
    return [(code, name if code == "en" or name != english else code)
            for code in catalog.languages() for name in [catalog.text("language.name", code)]]


def word(key: str, lang: str, **values) -> str:
    """The catalog's `page.<key>` (the words of the phones' page only), filled in."""
    return catalog.text("page." + key, lang).format(**values)


def view(tracked, lang: str, local: dict[str, str], viewer: Viewer = HOST) -> str:
    """The position of a tracked table as HTML, as `viewer` may see it (today every phone shows
    the host's view; `local`: card id → name in `lang`)."""
    from referee.table import service

    game = tracked.game
    state = game.state
    rb = game.rb
    seen = see(game, viewer)
    phase = seen.phase
    facts = position_facts(game, lang, until_end=True)       # what players argue about: when does it end?
    parts = [f'<h1>{escape(word("title", lang, table=tracked.header.name))}</h1>',
             f'<p class="facts">{" · ".join(escape(f) for f in facts)}</p>']
    marks = round_marks(seen.marks, lang, local)
    if marks:
        parts.append(f'<p class="marks">{escape(" · ".join(marks))}</p>')
    waiting = next_text(game, lang, local)
    won: list[str] = []
    if phase == "over":
        from referee.engine.scoring import scores, winners

        won, rule = winners(rb, state, scores(rb, state, final_round=state.round))
        waiting = winners_line(won, rule, lang)          # as `referee table score` says it
    if tracked.broken:
        parts.append(f'<p class="broken">{escape(broken_text(tracked.broken, lang))}</p>')
    elif waiting:
        parts.append(f'<p class="next">{escape(waiting)}</p>')
    nxt = service.expected_next(game)
    acting = nxt.get("player") if nxt["kind"] in ("turn", "decision") else None
    parts.append('<ol class="players">')
    for player in seen.players:
        seat = player.seat
        classes = ["player"] + (["crown"] if seat == seen.crown else []) + (["acting"] if player.name == acting else []) \
            + (["winner"] if player.name in won else [])
        badges = ([label("winner", lang)] if player.name in won else []) + (
            [label("first_complete" if seen.completed[0] == seat else "completed", lang)] if seat in seen.completed else [])
        characters = [f'{local.get(c, c)} {rb.characters[c].rank}' for c in player.characters if c in rb.characters]
        hand = hand_text(player, lang, local)
        score = player.score
        parts.append(f'<li class="{" ".join(classes)}">')
        parts.append(f'<div class="who"><span class="name">{escape(player.name)}</span>'
                     + (f'<span class="mark" aria-label="{escape(label("crown", lang))}">♛</span>' if seat == seen.crown else "")
                     + (f'<span class="characters">{escape(comma(lang).join(characters))}</span>' if characters else "")
                     + (f'<span class="now">{escape(word("turn_now", lang))}</span>' if player.name == acting else "")
                     + "".join(f'<span class="badge">{escape(b)}</span>' for b in badges)
                     + '</div>')
        parts.append(f'<div class="counts"><span class="gold">{escape(label("gold", lang))} <b>{player.gold}</b></span>'
                     f'<span class="hand">{escape(hand)}</span>'
                     f'<span class="score">{escape(word("provisional", lang) if phase != "over" else label("score", lang))} '
                     f'<b>{score}</b></span></div>')
        parts.append('<ul class="city">')
        for built in player.city:
            district = rb.districts.get(built.id)
            kind = district.type if district else "unique"
            # The printed cost; a star for the Artist's coin on it, +N for the cards under it (Museum).
            value = district.cost if district else "?"
            extra = f" +{len(built.stored)}" if built.stored else ""
            parts.append(f'<li class="district {escape(kind)}{" beautified" if built.beautified else ""}" '
                         f'title="{escape(label(kind, lang))}">{escape(local.get(built.id, built.id))}<small>{value}{extra}</small></li>')
        parts.append('</ul></li>')
    parts.append('</ol>')
    parts.append(_recent(game, seen.history, lang, local))
    return "\n".join(parts)


def _recent(game, history: tuple, lang: str, local: dict[str, str]) -> str:
    """The last moves, newest first, each with what it did (the engine's events in words)."""
    from referee.say.events import describe
    from referee.say.notation import said

    if not history:
        return f'<section class="recent"><h2>{escape(word("recent", lang))}</h2><p>{escape(word("nothing_yet", lang))}</p></section>'
    items = []
    for step in reversed(history[-_RECENT:]):
        done = [describe(event, lang, local) for event in step.events]
        items.append('<li>' + escape(" · ".join(done) if done else said(game, step.move, lang, local)) + '</li>')
    return f'<section class="recent"><h2>{escape(word("recent", lang))}</h2><ol>{"".join(items)}</ol></section>'


def message(text: str) -> str:
    """A view that is only a sentence (no table yet, a table deleted, a file unreadable)."""
    return f'<p class="message">{escape(text)}</p>'


def document(fragment: str, lang: str, title: str, share_svg: str = "") -> str:
    """The whole page: `fragment` (a view), links to the other languages, the live status, and
    the script that replaces the view with each one the server sends on `events`."""
    html_lang = lang                       # the codes are BCP 47 tags
    languages = " ".join(f'<a href="?lang={code}"{" aria-current=page" if code == lang else ""}>{name}</a>'
                         for code, name in languages_named())
    share = (f'<details class="share"><summary>{escape(word("share", lang))}</summary>{share_svg}</details>'
             if share_svg else "")
    return f"""<!doctype html>
<html lang="{html_lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<noscript><meta http-equiv="refresh" content="10"></noscript>
<style>{_STYLE}</style>
</head>
<body>
<nav><span id="status" data-live="{escape(word("live", lang))}" data-offline="{escape(word("offline", lang))}">{escape(word("live", lang))}</span> {languages}</nav>
<main id="view">
{fragment}
</main>
{share}
<script>{_SCRIPT}</script>
</body>
</html>
"""


def content_security_policy() -> str:
    """What a browser may load or run on the page: its own style and script (by their hashes, as
    `document` inlines them), its own event stream, and nothing else (no other script, no
    frame around it, no form sent anywhere)."""
    import base64
    import hashlib

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"

    return (f"default-src 'none'; script-src {digest(_SCRIPT)}; style-src {digest(_STYLE)}; connect-src 'self'; "
            "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


# Each view arrives as one server-sent event (JSON: {"html": ..., "title": ...}); the browser's EventSource
# reconnects by itself when the connection drops, and the status says so meanwhile.
_SCRIPT = """
(function () {
  var status = document.getElementById("status");
  var view = document.getElementById("view");
  var source = new EventSource("events" + location.search);
  source.onmessage = function (e) {
    var shown = JSON.parse(e.data);
    view.innerHTML = shown.html;
    document.title = shown.title;
  };
  source.onopen = function () { status.textContent = status.dataset.live; status.className = ""; };
  source.onerror = function () { status.textContent = status.dataset.offline; status.className = "off"; };
})();
"""

# Large type for a phone held at arm's length; one column; the districts in their colours.
_STYLE = """
body{font-family:system-ui,-apple-system,"Noto Sans CJK TC","Noto Sans CJK SC",sans-serif;margin:0 auto;
 max-width:40rem;padding:.5rem .75rem 2rem;background:#faf7f0;color:#222;font-size:1.05rem;line-height:1.4}
nav{display:flex;gap:.75rem;justify-content:flex-end;font-size:.85rem;color:#666}
nav a{color:#555}nav a[aria-current]{font-weight:bold;color:#000;text-decoration:none}
#status::before{content:"● ";color:#2a2}#status.off::before{color:#c33}
h1{font-size:1.3rem;margin:.4rem 0 0}.facts{margin:.1rem 0 .5rem;color:#444}
.next,.broken,.message{padding:.5rem .7rem;border-radius:.4rem;background:#e6f0ff;font-weight:600}
.broken{background:#ffe6e6}
.players{list-style:none;padding:0;margin:0}
.player{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:.5rem .7rem;margin:.5rem 0}
.player.acting{border:2px solid #2b6cd4}.player.crown .name{color:#8a6d00}
.who{display:flex;flex-wrap:wrap;gap:.5rem;align-items:baseline}.name{font-weight:700;font-size:1.15rem}
.marks{margin:.2rem 0 .5rem;color:#7a2e2e}.badge{background:#8a6d00;color:#fff;border-radius:.3rem;padding:0 .35rem;font-size:.85rem}
.player.winner{border:2px solid #c9a000;background:#fffbea}
.mark{color:#c9a000}.characters{color:#444}.now{background:#2b6cd4;color:#fff;border-radius:.3rem;padding:0 .35rem;font-size:.85rem}
.counts{display:flex;flex-wrap:wrap;gap:.9rem;color:#333;margin:.2rem 0}
.city{list-style:none;padding:0;margin:.3rem 0 0;display:flex;flex-wrap:wrap;gap:.3rem}
.district{border-radius:.3rem;padding:.05rem .4rem;border:1px solid;font-size:.95rem}
.district small{margin-left:.25rem;opacity:.7}.district.beautified small::after{content:" ★"}
.noble{background:#fff5cc;border-color:#d4b000}.religious{background:#e0ecff;border-color:#4a7bd0}
.trade{background:#e2f5e2;border-color:#3a9a3a}.military{background:#fde2e2;border-color:#c94040}
.unique{background:#f0e4fb;border-color:#8a4fc0}
.recent h2{font-size:1rem;margin:1rem 0 .2rem;color:#555}.recent ol{margin:0;padding-left:1.2rem;color:#444}
.share{margin-top:1.5rem;color:#555}.share svg{display:block;margin:.5rem auto;max-width:14rem;height:auto;background:#fff}
@media (prefers-color-scheme:dark){body{background:#1b1a17;color:#eee}.facts,.characters,.counts,.recent ol{color:#ccc}
 .player{background:#26241f;border-color:#444}.next,.message{background:#1f3350}.broken{background:#502020}
 .district{color:#222}.recent h2,.share summary{color:#aaa}nav a{color:#bbb}nav a[aria-current]{color:#fff}.marks{color:#f0a0a0}.player.winner{background:#3a3320}}
"""
