"""A tracked table as a web page for the phones around it, in the player's language.

`view()` is the part that changes: the round, the crown, what the table waits for, each
player's gold, hand, characters, city and score so far, and the last moves with what they did.
`document()` is the page around it, whose script swaps in each new view the server pushes (a
page without script still shows the view it was served with, and reloads itself now and then).
Everything a player typed (names of players and tables) is escaped: a player called `<b>` is
shown as such.
"""

from __future__ import annotations

import time
from html import escape

from referee import messages as catalog
from referee.say.labels import comma, label, winners_line
from referee.say.table_text import broken_text, hand_text, position_facts, round_marks
from referee.table.view import HOST, Viewer, hidden_move, public_history, see
from referee.web.buttons import actions, reader_next, table_waits, word

_RECENT = 6                                   # moves shown, newest first


def languages_named() -> list[tuple[str, str]]:
    """Each language with a catalog, by its own name (`language.name`; its code if its catalog has none)."""
    english = catalog.text("language.name", "en")
    return [(code, name if code == "en" or name != english else code)
            for code in catalog.languages() for name in [catalog.text("language.name", code)]]


def view(tracked, lang: str, local: dict[str, str], viewer: Viewer = HOST, link=None, clock=None) -> str:
    """The position of a tracked table as HTML, as `viewer` may see it (`table/view.py`
    `table_viewer`; `local`: card id → name in `lang`). `link` (a `web.gate.Link`): the page of
    a link that acts, with what happens next said to its reader and its moves as buttons. `clock`
    (a `table.timer.Countdown`): the turn timer's, counted down by the page's script."""
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
    nxt = service.expected_next(game)
    waiting = table_waits(game, nxt, lang, local)
    won: list[str] = []
    if phase == "over":
        from referee.engine.scoring import scores, winners

        won, rule = winners(rb, state, scores(rb, state, final_round=state.round))
        waiting = winners_line(won, rule, lang)          # as `referee table score` says it
    if tracked.broken:
        parts.append(f'<p class="broken">{escape(broken_text(tracked.broken, lang))}</p>')
    elif link is not None and phase != "over":
        parts.append(f'<p class="next">{escape(reader_next(game, lang, local, link))}</p>')
    elif waiting:
        parts.append(f'<p class="next">{escape(waiting)}</p>')
    if clock is not None and not tracked.broken:
        parts.append(f'<p class="timer" data-deadline="{int(clock.deadline * 1000)}" '
                     f'data-left="{escape(word("timer_left", lang, player=clock.player, seconds="{s}"))}" '
                     f'data-out="{escape(word("timer_out", lang, player=clock.player))}">'
                     f'{escape(word("timer_" + clock.step, lang, player=clock.player))}</p>')
    if link is not None and not tracked.broken:
        parts.append(actions(tracked, lang, local, link))
    parts.append(_cast(tracked, seen, lang, local))
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
                     f'<details class="score"><summary>{escape(word("provisional", lang) if phase != "over" else label("score", lang))} '
                     f'<b>{score}</b></summary>{_breakdown(player.breakdown, lang, local)}</details></div>')
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
    unsaid: set = set()
    if viewer.kind == "host":
        history = seen.history
    elif viewer.shared:          # the picks were typed in front of everybody: said, not which (as `do` says them)
        history = tuple(getattr(game, "history", None) or ())
        players = [p.name for p in state.players]
        unsaid = {id(step) for step in history[-_RECENT:]
                  if hidden_move(step.move.actor, step.move.verb, players, viewer)}
    else:
        history = public_history(game, viewer)
    parts.append(_recent(game, history, lang, local, _sources(game, tracked.log), unsaid, tracked.header))
    return f'<div class="position" data-version="{len(tracked.log)}">' + "\n".join(parts) + '</div>'


def _sources(game, log: list) -> dict:
    """Where each move of the game's history came from (the log's moves are the history's last),
    by the step's identity."""
    history = tuple(getattr(game, "history", None) or ())
    offset = len(history) - len(log)
    return {id(step): log[number - offset].source for number, step in enumerate(history) if number >= offset}


def _breakdown(breakdown: dict, lang: str, local: dict[str, str]) -> str:
    """A player's score so far by category, as `referee table score` says it (on a tap)."""
    if not breakdown:
        return f'<p>{escape(word("no_points", lang))}</p>'
    rows = "".join(f'<li>{escape(label(key, lang) if key in _CATEGORIES else local.get(key, key))} <b>{value}</b></li>'
                   for key, value in breakdown.items())
    return f'<ul class="breakdown">{rows}</ul>'


_CATEGORIES = ("districts", "five_types", "first_complete", "completed")


def _cast(tracked, seen, lang: str, local: dict[str, str]) -> str:
    """This game's characters by rank: those discarded face up marked, those already called this
    round dimmed, so that everyone sees which ranks are still to come."""
    game = tracked.game
    state = game.state
    rb = game.rb
    cast = sorted((c for c in tracked.header.characters if c in rb.characters), key=lambda c: rb.characters[c].rank)
    if not cast:
        return ""
    turns = seen.phase == "turns"
    items = []
    for character in cast:
        rank = rb.characters[character].rank
        if character in seen.marks.faceup:
            kind, note = "faceup", word("cast_faceup", lang)
        elif turns and rank == state.calling and state.turn is not None and state.turn.character == character:
            kind, note = "current", word("turn_now", lang)
        elif turns and rank <= state.calling and state.awaiting != character:
            kind, note = "called", word("cast_called", lang)
        else:
            kind, note = "waiting", ""
        items.append(f'<li class="{kind}"><b>{rank}</b> {escape(local.get(character, character))}'
                     + (f' <small>{escape(note)}</small>' if note else "") + '</li>')
    return (f'<details class="cast" open><summary>{escape(word("cast", lang))}</summary>'
            f'<ol>{"".join(items)}</ol></details>')


def _recent(game, history: tuple, lang: str, local: dict[str, str], sources: dict | None = None,
            unsaid: set = frozenset(), header=None) -> str:
    """The last moves, newest first, each with what it did (the engine's events in words) and,
    for a move sent from a phone, which one (the log's last moves are the history's last).
    A step in `unsaid` (by identity: a pick the reader may not see) is said by its events alone,
    which never name the character picked."""
    from referee.say.events import describe
    from referee.say.notation import told

    if not history:
        return f'<section class="recent"><h2>{escape(word("recent", lang))}</h2><p>{escape(word("nothing_yet", lang))}</p></section>'
    from referee.say.table_text import source_text

    items = []
    players = [p.name for p in game.state.players]
    for step in reversed(history[-_RECENT:]):
        done = [describe(event, lang, local) for event in step.events]
        came = source_text((sources or {}).get(id(step), ""), players, lang)
        if not done and id(step) in unsaid:
            from referee.say.table_text import hidden_pick_text

            done = [hidden_pick_text(f"{step.move.actor}: {step.move.verb}", header, lang)]
        items.append('<li>' + escape(" · ".join(done) if done else told(game, step.move, lang, local))
                     + (f' <small class="source">{escape(came)}</small>' if came else "") + '</li>')
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
<body data-digest="{digest(fragment)}" data-now="{int(time.time() * 1000)}">
<nav><span id="status" data-live="{escape(word("live", lang))}" data-offline="{escape(word("offline", lang))}">{escape(word("live", lang))}</span> <a href="/sheet?lang={lang}">{escape(word("sheet", lang))}</a> {languages}</nav>
<main id="view">
{fragment}
</main>
<p id="said" class="said" role="status" aria-live="polite" data-sending="{escape(word("sending", lang))}"></p>
{share}
<script>{_SCRIPT}</script>
</body>
</html>
"""


def digest(fragment: str) -> str:
    """A short fingerprint of a view: the page's script leaves alone a view it already shows (a
    list a player has open, a button being tapped), and swaps in only one that changed."""
    import hashlib

    return hashlib.blake2b(fragment.encode("utf-8"), digest_size=8).hexdigest()


def content_security_policy(styles: list[str] | None = None) -> str:
    """What a browser may load or run on the page: its own style and script (by their hashes, as
    `document` inlines them), its own event stream, and nothing else (no other script, no
    frame around it, no form sent anywhere)."""
    import base64
    import hashlib

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"

    if styles is not None:                 # another page of ours (the cast sheet): its styles, and no script
        return (f"default-src 'none'; style-src {' '.join(digest(style) for style in styles) or chr(39) + 'none' + chr(39)}; "
                "img-src 'self' data:; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return (f"default-src 'none'; script-src {digest(_SCRIPT)}; style-src {digest(_STYLE)}; connect-src 'self'; "
            "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


# Each view arrives as one server-sent event (JSON: {"html": ..., "title": ...}); the browser's EventSource
# reconnects by itself when the connection drops, and the status says so meanwhile.
_SCRIPT = """
(function () {
  var status = document.getElementById("status");
  var view = document.getElementById("view");
  var said = document.getElementById("said");
  var source = new EventSource("events" + location.search);
  var skew = parseInt(document.body.getAttribute("data-now"), 10) - Date.now();   // the phone's clock against the server's
  var rang = {};
  function tick() {
    var timer = view.querySelector(".timer[data-deadline]");
    if (!timer) { return; }
    var deadline = parseInt(timer.getAttribute("data-deadline"), 10);
    var left = Math.ceil((deadline - (Date.now() + skew)) / 1000);
    if (left > 0) { timer.textContent = timer.getAttribute("data-left").replace("{s}", left); timer.className = "timer"; return; }
    timer.textContent = timer.getAttribute("data-out"); timer.className = "timer out";
    if (!rang[deadline]) {                       // once per deadline: sound and vibrate where the browser allows
      rang[deadline] = true;
      if (navigator.vibrate) { navigator.vibrate([300, 150, 300]); }
      try {
        var audio = new (window.AudioContext || window.webkitAudioContext)();
        var beep = audio.createOscillator(); beep.frequency.value = 880; beep.connect(audio.destination);
        beep.start(); beep.stop(audio.currentTime + 0.4);
      } catch (e) { /* no sound here */ }
    }
  }
  setInterval(tick, 250);
  function show(shown) {
    if (shown.digest === document.body.getAttribute("data-digest")) { return; }
    view.innerHTML = shown.html; document.body.setAttribute("data-digest", shown.digest); document.title = shown.title;
  }
  source.onmessage = function (e) { show(JSON.parse(e.data)); };
  source.onopen = function () { status.textContent = status.dataset.live; status.className = ""; };
  source.onerror = function () { status.textContent = status.dataset.offline; status.className = "off"; };
  function version() {
    var position = view.querySelector("[data-version]");
    return position ? parseInt(position.getAttribute("data-version"), 10) : -1;
  }
  function tell(text, kind) { said.textContent = text; said.className = "said " + kind; }
  function refresh() {
    fetch("view" + location.search, {cache: "no-store"}).then(function (r) { return r.text(); })
      .then(function (html) { view.innerHTML = html; document.body.removeAttribute("data-digest"); });
  }
  function send(move) {
    tell(said.getAttribute("data-sending"), "busy");
    fetch("act" + location.search, {method: "POST", cache: "no-store", headers: {"Content-Type": "application/json"},
                                    body: JSON.stringify({move: move, version: version()})})
      .then(function (r) { return r.json(); })
      .then(function (reply) {
        tell(reply.recorded ? reply.said : reply.reason, reply.recorded ? "ok" : "no");
        if (!reply.recorded) { refresh(); }
      })
      .catch(function () { tell(status.dataset.offline, "no"); });
  }
  said.addEventListener("click", function () { tell("", ""); });
  view.addEventListener("click", function (e) {
    var button = e.target.closest("button[data-move]");
    if (button) { e.preventDefault(); send(button.getAttribute("data-move")); }
  });
  view.addEventListener("submit", function (e) {
    e.preventDefault();
    var whole = e.target.getAttribute("data-whole");
    if (whole !== null) {                        // a choice too large to list: the move of the cards ticked
      var ticked = [];
      e.target.querySelectorAll("input:checked").forEach(function (box) { ticked.push(box.value); });
      if (ticked.length) { send(whole + " " + ticked.join(", ")); }
      return;
    }
    var chosen = e.target.querySelector("select");
    if (chosen && chosen.value) { send(chosen.value); }
  });
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
.moves{margin:.6rem 0;padding:.5rem .7rem;border:2px solid #2b6cd4;border-radius:.5rem;background:#fff}
.moves h2{font-size:1.05rem;margin:0 0 .3rem}.moves h3{font-size:.9rem;margin:.4rem 0 .2rem;color:#555;font-weight:600}
.buttons{display:flex;flex-wrap:wrap;gap:.4rem;margin:0}
.moves button{font:inherit;font-size:1rem;min-height:2.6rem;padding:.3rem .8rem;border-radius:.4rem;border:1px solid #2b6cd4;
 background:#2b6cd4;color:#fff;cursor:pointer}.moves button.undo{background:#fff;color:#a33;border-color:#a33}
.choose{display:flex;gap:.4rem;flex-wrap:wrap}.choose select{font:inherit;min-height:2.6rem;max-width:100%;flex:1}
.whole p{margin:.2rem 0}.whole .cards{display:flex;flex-wrap:wrap;gap:.2rem .9rem}
.whole label{display:flex;align-items:center;gap:.3rem;min-height:2.2rem}.whole input{width:1.3rem;height:1.3rem}
.seat summary{font-weight:700;margin:.3rem 0;cursor:pointer}
.said{position:sticky;bottom:.5rem;white-space:pre-line;padding:.5rem .7rem;border-radius:.4rem;background:#e2f5e2;
 border:1px solid #3a9a3a;margin:.5rem 0}.said:empty{display:none}.said.no{background:#ffe6e6;border-color:#c94040}
.said.busy{background:#eee;border-color:#aaa}
.cast summary,.score summary{cursor:pointer}.cast ol{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem;padding:0;margin:.3rem 0}
.cast li{border:1px solid #bbb;border-radius:.3rem;padding:0 .4rem;background:#fff}.cast li.faceup{text-decoration:line-through;opacity:.6}
.cast li.called{opacity:.55}.cast li.current{border:2px solid #2b6cd4}.cast small{color:#7a2e2e}
.breakdown{list-style:none;padding:0;margin:.2rem 0;font-size:.9rem}
.source{color:#777}.timer{font-weight:700;font-size:1.2rem;text-align:center;padding:.3rem;border-radius:.4rem;
 background:#fff3cd;border:1px solid #d4b000}.timer.out{background:#ffe6e6;border-color:#c94040;color:#a00}
.share{margin-top:1.5rem;color:#555}.share svg{display:block;margin:.5rem auto;max-width:14rem;height:auto;background:#fff}
@media (prefers-color-scheme:dark){body{background:#1b1a17;color:#eee}.facts,.characters,.counts,.recent ol{color:#ccc}
 .player{background:#26241f;border-color:#444}.next,.message{background:#1f3350}.broken{background:#502020}
 .district{color:#222}.recent h2,.share summary{color:#aaa}.moves,.cast li{background:#26241f}.moves h3,.source{color:#bbb}
 .moves button.undo{background:#26241f;color:#f0a0a0;border-color:#f0a0a0}.said{background:#1f3a1f}.said.no{background:#502020}
 .said.busy{background:#333}.timer{background:#3a3320}.timer.out{background:#502020;color:#f0a0a0}.cast small{color:#f0a0a0}nav a{color:#bbb}nav a[aria-current]{color:#fff}.marks{color:#f0a0a0}.player.winner{background:#3a3320}}
"""
