"""The replay viewer: one self-contained HTML file (inline CSS, JS and SVG; no network).

The page holds every distinct board picture once (hidden ``<div class="board">``) and one
JSON record per log entry: its text, category, board index, score and, for dice and
decisions, their details. A short script shows one step at a time.

Controls: Right/Down arrow next step, Left/Up previous, Home first, End last, PageDown /
PageUp ten steps; buttons and the slider do the same, clicking a log line jumps to it.
The game's stops (``Replay.stops``) step by round (R), activation (C), action (A) and
jump to attacks (F) and knock-outs (K), Shift going back. Above the board, the headline:
the account's latest sentences (the result at the end). The board zooms with the wheel,
``+`` / ``-`` / ``0`` and its buttons, and pans by dragging.
The address fragment ``#step=N`` (1-based) opens step N and follows the current step, so
a link points at a moment of the game.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from typing import Any

from hexforge.core.engine.jsonvalue import Json
from hexforge.core.render.describe import RANDOMNESS, category, describe
from hexforge.core.render.replay import STOP_KINDS, GameLogFile, Replay

CSS = """
*{box-sizing:border-box}
body{margin:0;font-family:"DejaVu Sans",Verdana,Arial,sans-serif;color:#222;background:#f4f4f0}
header{padding:8px 14px;background:#2b2b2b;color:#fff}
header h1{font-size:18px;margin:0}
header .meta{font-size:12px;color:#ccc}
#controls,#stops{display:flex;gap:6px;align-items:center;padding:6px 14px;background:#e6e6e0;
 flex-wrap:wrap}
#stops{background:#ecece6;font-size:13px}
#controls button,#stops button{font-size:14px;padding:3px 10px}
#stops .stop{display:inline-flex;gap:2px;align-items:center;margin-right:8px}
#stops .stop span{min-width:6.5em;text-align:center}
#slider{flex:1}
#step-label{font-variant-numeric:tabular-nums;min-width:9em;text-align:right}
#headline{padding:8px 14px;background:#fffbe6;border-bottom:1px solid #ddd;min-height:2.6em;
 font-size:16px}
#headline div{margin:1px 0}#headline .earlier{color:#777}
main{display:grid;grid-template-columns:minmax(0,5fr) minmax(280px,2fr);gap:10px;padding:10px 14px}
#board-area{background:#fff;border:1px solid #ccc;padding:6px;min-height:200px}
#zoom-bar{display:flex;gap:4px;align-items:center;margin-bottom:4px;font-size:13px}
#board-view{overflow:auto;max-height:calc(100vh - 190px);cursor:grab}
#board-view.dragging{cursor:grabbing}
#board-zoom{width:100%}
#board-area svg{max-width:none;width:100%;height:auto}
#board-area .stack{position:relative}
#board-area .stack svg{width:100%;height:auto;display:block}
#board-area .stack .replay-board{position:absolute;top:0;left:0;width:100%}
.panel{background:#fff;border:1px solid #ccc;padding:6px 8px;margin-bottom:8px}
.panel h2{font-size:13px;margin:0 0 4px 0;color:#555;text-transform:uppercase}
#current{font-size:12px;font-family:"DejaVu Sans Mono",monospace;color:#555}
#log{list-style:none;margin:0;padding:0;max-height:40vh;overflow-y:auto;font-size:12px;
 font-family:"DejaVu Sans Mono",monospace;border:1px solid #ccc;background:#fff}
#log li{padding:1px 6px;cursor:pointer;white-space:pre-wrap}
#log li.decision{color:#1f4f9f}#log li.dice{color:#8a5a00}#log li.event{color:#2e7d32}
#log li.engine{color:#888}#log li.said{color:#000;font-family:"DejaVu Sans",sans-serif}
#log li.current{background:#ffe58a;color:#000}
.die{display:inline-block;width:26px;height:26px;line-height:26px;text-align:center;
 border:2px solid #333;border-radius:5px;margin:2px;font-weight:bold;background:#fff}
.options span{display:inline-block;border:1px solid #bbb;border-radius:3px;padding:0 4px;margin:1px}
.options span.chosen{background:#1f4f9f;color:#fff;border-color:#1f4f9f}
table.score td{padding:0 8px 0 0}
.none{color:#999}
"""

JS = """
(function(){
'use strict';
var data=JSON.parse(document.getElementById('replay-data').textContent);
var steps=data.steps,stops=data.stops||{};
var boards=document.querySelectorAll('#board-area .replay-board');
var items=document.querySelectorAll('#log li'),slider=document.getElementById('slider');
var current=-1,zoom=1,view=document.getElementById('board-view'),
 zoomed=document.getElementById('board-zoom');
function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;
 if(text!==undefined)e.textContent=text;return e;}
function clear(node){while(node.firstChild)node.removeChild(node.firstChild);}
function showDice(i){var box=document.getElementById('dice');clear(box);
 if(i<0){box.appendChild(el('span','none','no dice rolled yet'));return;}
 var s=steps[i];box.appendChild(el('div','dice-text','step '+(i+1)+': '+s.text));
 (s.dice||[]).forEach(function(v){box.appendChild(el('span','die',String(v)));});}
function showDecision(i){var box=document.getElementById('decision');clear(box);
 if(i<0){box.appendChild(el('span','none','no decision yet'));return;}
 var d=steps[i].decision;
 var who='step '+(i+1)+': '+d.player+' chooses '+d.kind+(d.forced?' (forced)':'');
 box.appendChild(el('div','who',who));
 var opts=el('div','options');d.options.forEach(function(o){
  opts.appendChild(el('span',o===d.answer?'chosen':'',o));});box.appendChild(opts);}
function showScore(s){var box=document.getElementById('score');clear(box);
 if(!s.score.length){box.appendChild(el('span','none','no score for this game'));return;}
 var t=el('table','score');s.score.forEach(function(p){var r=el('tr');
  r.appendChild(el('td','player',p[0]));r.appendChild(el('td','value',String(p[1])));
  t.appendChild(r);});box.appendChild(t);}
function showHeadline(i){var box=document.getElementById('headline');clear(box);
 var at=steps[i].said_at,said=at>=0?steps[at].said:[steps[i].text];
 box.setAttribute('data-at',String(at+1));
 said.forEach(function(t){box.appendChild(el('div',at===i||at<0?'':'earlier',t));});}
function count(kind,i){var at=stops[kind]||[],n=0;
 for(var j=0;j<at.length&&at[j]<=i;j++)n++;return n;}
function showStops(i){Object.keys(stops).forEach(function(kind){
 var label=document.getElementById('at-'+kind);
 if(label)label.textContent=label.getAttribute('data-name')+' '+count(kind,i)+' / '+
  stops[kind].length;});}
function go(i,fromHash){
 if(!steps.length)return;
 i=Math.max(0,Math.min(steps.length-1,i));
 if(i===current)return;
 if(current>=0)items[current].classList.remove('current');
 current=i;var s=steps[i];
 items[i].classList.add('current');
 if(items[i].scrollIntoView)items[i].scrollIntoView({block:'nearest'});
 for(var b=0;b<boards.length;b++)boards[b].hidden=(b!==s.board);
 document.getElementById('step-label').textContent='step '+(i+1)+' / '+steps.length;
 document.getElementById('current').textContent=s.text;
 document.body.setAttribute('data-step',String(i+1));
 slider.value=String(i+1);
 showHeadline(i);showStops(i);
 showDice(s.dice_at);showDecision(s.decision_at);showScore(s);
 if(!fromHash&&history.replaceState)history.replaceState(null,'','#step='+(i+1));}
function jump(kind,forward){var at=stops[kind]||[],to=null;
 if(forward){for(var j=0;j<at.length;j++)if(at[j]>current){to=at[j];break;}}
 else{for(var k=at.length-1;k>=0;k--)if(at[k]<current){to=at[k];break;}}
 if(to!==null)go(to);}
function setZoom(z){zoom=Math.max(1,Math.min(6,z));zoomed.style.width=(zoom*100)+'%';
 document.getElementById('zoom-label').textContent=Math.round(zoom*100)+'%';}
var KEYS={r:'round',c:'activation',a:'action',f:'attack',k:'knockout'};
document.addEventListener('keydown',function(e){
 var k=e.key,to=null;if(e.ctrlKey||e.metaKey||e.altKey)return;
 if(k==='ArrowRight'||k==='ArrowDown')to=current+1;
 else if(k==='ArrowLeft'||k==='ArrowUp')to=current-1;
 else if(k==='Home')to=0;else if(k==='End')to=steps.length-1;
 else if(k==='PageDown')to=current+10;else if(k==='PageUp')to=current-10;
 else if(KEYS[k.toLowerCase()]){e.preventDefault();
  jump(KEYS[k.toLowerCase()],k===k.toLowerCase());return;}
 else if(k==='+'||k==='='){setZoom(zoom*1.25);return;}
 else if(k==='-'){setZoom(zoom/1.25);return;}else if(k==='0'){setZoom(1);return;}
 if(to!==null){e.preventDefault();go(to);}});
document.getElementById('first').onclick=function(){go(0);};
document.getElementById('prev').onclick=function(){go(current-1);};
document.getElementById('next').onclick=function(){go(current+1);};
document.getElementById('last').onclick=function(){go(steps.length-1);};
document.querySelectorAll('#stops button').forEach(function(b){b.onclick=function(){
 jump(b.getAttribute('data-kind'),b.getAttribute('data-way')==='next');};});
document.getElementById('zoom-in').onclick=function(){setZoom(zoom*1.25);};
document.getElementById('zoom-out').onclick=function(){setZoom(zoom/1.25);};
document.getElementById('zoom-fit').onclick=function(){setZoom(1);};
view.addEventListener('wheel',function(e){if(!boards.length)return;e.preventDefault();
 var r=view.getBoundingClientRect(),x=e.clientX-r.left+view.scrollLeft,
  y=e.clientY-r.top+view.scrollTop,
 old=zoom;setZoom(e.deltaY<0?zoom*1.15:zoom/1.15);var f=zoom/old;
 view.scrollLeft=x*f-(e.clientX-r.left);view.scrollTop=y*f-(e.clientY-r.top);},{passive:false});
var drag=null;
view.addEventListener('mousedown',function(e){drag={x:e.clientX,y:e.clientY,l:view.scrollLeft,
 t:view.scrollTop};view.classList.add('dragging');});
window.addEventListener('mousemove',function(e){if(!drag)return;
 view.scrollLeft=drag.l-(e.clientX-drag.x);view.scrollTop=drag.t-(e.clientY-drag.y);});
window.addEventListener('mouseup',function(){drag=null;view.classList.remove('dragging');});
slider.oninput=function(){go(parseInt(slider.value,10)-1);};
items.forEach(function(li,i){li.onclick=function(){go(i);};});
window.addEventListener('hashchange',function(){var h=fromHash();if(h!==null)go(h,true);});
function fromHash(){var m=/step=(\\d+)/.exec(location.hash);return m?parseInt(m[1],10)-1:null;}
var start=fromHash();go(start===null?0:start,start!==null);
})();
"""

STOP_NAMES = {
    "round": ("round", "r"),
    "activation": ("activation", "c"),
    "action": ("action", "a"),
    "attack": ("attack", "f"),
    "knockout": ("knock-out", "k"),
}
"""Each stop kind's button label and key (Shift+key goes back)."""


def _script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element (no ``</script>`` can appear)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _steps(
    log: GameLogFile, replay: Replay | None, headlines: Sequence[Sequence[str]] | None
) -> list[dict[str, Json]]:
    steps: list[dict[str, Json]] = []
    dice_at = decision_at = said_at = -1
    for index, entry in enumerate(log.entries):
        kind = category(entry)
        step: dict[str, Json] = {"text": describe(entry), "category": kind, "board": -1}
        said = list(headlines[index]) if headlines is not None else []
        if said:
            said_at = index
            step["said"] = list[Json](said)
        step["said_at"] = said_at
        if entry.get("type") in RANDOMNESS:
            dice_at = index
            step["dice"] = _dice(entry)
        if kind == "decision":
            decision_at = index
            options = entry.get("options")
            step["decision"] = {
                "player": str(entry.get("player")),
                "kind": str(entry.get("kind")),
                "options": [_option(o) for o in options] if isinstance(options, list) else [],
                "answer": _option(entry.get("answer")),
                "forced": bool(entry.get("forced")),
            }
        step["dice_at"] = dice_at
        step["decision_at"] = decision_at
        score: list[Json] = []
        if replay is not None:
            frame = replay.frames[index]
            step["board"] = frame.board
            score = [[player, value] for player, value in frame.score]
        step["score"] = score
        steps.append(step)
    return steps


def _dice(entry: dict[str, Json]) -> list[Json]:
    """The numbers a randomness entry shows as dice (a shuffle shows none)."""
    results = entry.get("results")
    if isinstance(results, list):
        return results
    if entry.get("type") == "random":
        return [entry.get("value")]
    return []


def _option(value: Json) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def _log_item(index: int, step: Mapping[str, Json]) -> str:
    """A line of the log list: the account's sentences of the entry, or the entry."""
    said = step.get("said")
    if isinstance(said, list) and said:
        text, kind = " ".join(str(t) for t in said), f"{step['category']} said"
    else:
        text, kind = str(step["text"]), str(step["category"])
    esc = html.escape
    return f'<li class="{kind}" data-step="{index + 1}">{index + 1:>4} {esc(text)}</li>'


def _stop_buttons(replay: Replay | None) -> str:
    stops = replay.stops if replay is not None else {}
    buttons = []
    for kind in STOP_KINDS:
        if kind not in stops:
            continue
        name, key = STOP_NAMES[kind]
        name = html.escape(replay.stop_names.get(kind, name) if replay is not None else name)
        buttons.append(
            f'<span class="stop"><button id="prev-{kind}" data-kind="{kind}" data-way="prev" '
            f'title="Shift+{key.upper()}: previous {name}">&#x25C0;</button>'
            f'<span id="at-{kind}" data-name="{name}">{name}</span>'
            f'<button id="next-{kind}" data-kind="{kind}" data-way="next" '
            f'title="{key.upper()}: next {name}">&#x25B6;</button></span>'
        )
    return f'<div id="stops">{"".join(buttons)}</div>\n' if buttons else ""


def replay_html(
    log: GameLogFile,
    replay: Replay | None,
    *,
    title: str,
    headlines: Sequence[Sequence[str]] | None = None,
) -> str:
    """The viewer page for ``log``; ``replay`` (a game's pictures) may be None.
    ``headlines`` (one entry per log entry, :mod:`~hexforge.core.render.headlines`) are
    the account's sentences shown above the board; without them a step shows its entry."""
    steps = _steps(log, replay, headlines)
    stops = {k: list[Json](v) for k, v in (replay.stops if replay is not None else {}).items()}
    esc = html.escape
    boards: Sequence[str] = replay.boards if replay is not None else ()
    board_html = (
        "".join(
            f'<div class="replay-board" data-board="{i}" hidden>{svg}</div>'
            for i, svg in enumerate(boards)
        )
        or '<p class="none" id="no-board">no board pictures for this log\'s game</p>'
    )
    if replay is not None and replay.background is not None:
        board_html = (
            f'<div class="stack"><div class="replay-background">{replay.background}</div>'
            f"{board_html}</div>"
        )
    log_items = "".join(_log_item(i, s) for i, s in enumerate(steps))
    zoom_bar = (
        '<div id="zoom-bar"><button id="zoom-out" title="-">&#x2212;</button>'
        '<span id="zoom-label">100%</span><button id="zoom-in" title="+">+</button>'
        '<button id="zoom-fit" title="0">fit</button>'
        '<span class="none">wheel to zoom, drag to pan</span></div>'
    )
    data = {"steps": steps, "stops": stops}
    score_label = replay.score_label if replay is not None else "score"
    game = replay.game if replay is not None else "unknown game"
    meta = (
        f"{esc(game)} &middot; seed {log.seed} &middot; players {esc(', '.join(log.players))}"
        f" &middot; {len(steps)} steps"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}</style></head>\n"
        f'<body data-step="0"><header><h1>{esc(title)}</h1><div class="meta">{meta}</div>'
        "</header>\n"
        '<div id="controls"><button id="first" title="Home">Home</button>'
        '<button id="prev" title="Left arrow">&#x25C0;</button>'
        '<button id="next" title="Right arrow">&#x25B6;</button>'
        '<button id="last" title="End">End</button>'
        f'<input id="slider" type="range" min="1" max="{max(len(steps), 1)}" value="1">'
        '<span id="step-label"></span></div>\n'
        f"{_stop_buttons(replay)}"
        '<div id="headline" data-at="0"></div>\n'
        f'<main><section id="board-area">{zoom_bar}<div id="board-view"><div id="board-zoom">'
        f'{board_html}</div></div></section>\n<section id="side">'
        '<div class="panel"><h2>log entry</h2><div id="current"></div></div>'
        f'<div class="panel"><h2>{esc(score_label)}</h2><div id="score"></div></div>'
        '<div class="panel"><h2>dice</h2><div id="dice"></div></div>'
        '<div class="panel"><h2>decision</h2><div id="decision"></div></div>'
        f'<div class="panel"><h2>log</h2><ol id="log">{log_items}</ol></div>'
        "</section></main>\n"
        f'<script type="application/json" id="replay-data">{_script_json(data)}'
        f"</script>\n<script>{JS}</script></body></html>\n"
    )
