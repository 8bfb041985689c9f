"""The replay viewer: one self-contained HTML file (inline CSS, JS and SVG; no network).

The page holds every distinct board picture once (hidden ``<div class="board">``) and one
JSON record per log entry: its text, category, board index, score and, for dice and
decisions, their details. A short script shows one step at a time.

Controls: Right/Down arrow next step, Left/Up previous, Home first, End last, PageDown /
PageUp ten steps; buttons and the slider do the same, clicking a log line jumps to it.
The address fragment ``#step=N`` (1-based) opens step N and follows the current step, so
a link points at a moment of the game.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

from hexforge.core.engine.jsonvalue import Json
from hexforge.core.render.describe import RANDOMNESS, category, describe
from hexforge.core.render.replay import GameLogFile, Replay

CSS = """
*{box-sizing:border-box}
body{margin:0;font-family:"DejaVu Sans",Verdana,Arial,sans-serif;color:#222;background:#f4f4f0}
header{padding:8px 14px;background:#2b2b2b;color:#fff}
header h1{font-size:18px;margin:0}
header .meta{font-size:12px;color:#ccc}
#controls{display:flex;gap:6px;align-items:center;padding:8px 14px;background:#e6e6e0}
#controls button{font-size:14px;padding:3px 10px}
#slider{flex:1}
#step-label{font-variant-numeric:tabular-nums;min-width:9em;text-align:right}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(280px,2fr);gap:10px;padding:10px 14px}
#board-area{background:#fff;border:1px solid #ccc;padding:6px;min-height:200px}
#board-area svg{max-width:100%;height:auto}
#board-area .stack{position:relative}
#board-area .stack svg{width:100%;height:auto;display:block}
#board-area .stack .replay-board{position:absolute;top:0;left:0;width:100%}
.panel{background:#fff;border:1px solid #ccc;padding:6px 8px;margin-bottom:8px}
.panel h2{font-size:13px;margin:0 0 4px 0;color:#555;text-transform:uppercase}
#current{font-weight:bold}
#log{list-style:none;margin:0;padding:0;max-height:48vh;overflow-y:auto;font-size:12px;
 font-family:"DejaVu Sans Mono",monospace;border:1px solid #ccc;background:#fff}
#log li{padding:1px 6px;cursor:pointer;white-space:pre-wrap}
#log li.decision{color:#1f4f9f}#log li.dice{color:#8a5a00}#log li.event{color:#2e7d32}
#log li.engine{color:#888}
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
var steps=data.steps,boards=document.querySelectorAll('#board-area .replay-board');
var items=document.querySelectorAll('#log li'),slider=document.getElementById('slider');
var current=-1;
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
 showDice(s.dice_at);showDecision(s.decision_at);showScore(s);
 if(!fromHash&&history.replaceState)history.replaceState(null,'','#step='+(i+1));}
function fromHash(){var m=/step=(\\d+)/.exec(location.hash);return m?parseInt(m[1],10)-1:null;}
document.addEventListener('keydown',function(e){
 var k=e.key,to=null;
 if(k==='ArrowRight'||k==='ArrowDown')to=current+1;
 else if(k==='ArrowLeft'||k==='ArrowUp')to=current-1;
 else if(k==='Home')to=0;else if(k==='End')to=steps.length-1;
 else if(k==='PageDown')to=current+10;else if(k==='PageUp')to=current-10;
 if(to!==null){e.preventDefault();go(to);}});
document.getElementById('first').onclick=function(){go(0);};
document.getElementById('prev').onclick=function(){go(current-1);};
document.getElementById('next').onclick=function(){go(current+1);};
document.getElementById('last').onclick=function(){go(steps.length-1);};
slider.oninput=function(){go(parseInt(slider.value,10)-1);};
items.forEach(function(li,i){li.onclick=function(){go(i);};});
window.addEventListener('hashchange',function(){var h=fromHash();if(h!==null)go(h,true);});
var start=fromHash();go(start===null?0:start,start!==null);
})();
"""


def _script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element (no ``</script>`` can appear)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _steps(log: GameLogFile, replay: Replay | None) -> list[dict[str, Json]]:
    steps: list[dict[str, Json]] = []
    dice_at = decision_at = -1
    for index, entry in enumerate(log.entries):
        kind = category(entry)
        step: dict[str, Json] = {"text": describe(entry), "category": kind, "board": -1}
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


def replay_html(log: GameLogFile, replay: Replay | None, *, title: str) -> str:
    """The viewer page for ``log``; ``replay`` (a game's pictures) may be None."""
    steps = _steps(log, replay)
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
    log_items = "".join(
        f'<li class="{s["category"]}" data-step="{i + 1}">{i + 1:>4} {esc(str(s["text"]))}</li>'
        for i, s in enumerate(steps)
    )
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
        f'<main><section id="board-area">{board_html}</section>\n<section id="side">'
        '<div class="panel"><h2>this step</h2><div id="current"></div></div>'
        f'<div class="panel"><h2>{esc(score_label)}</h2><div id="score"></div></div>'
        '<div class="panel"><h2>dice</h2><div id="dice"></div></div>'
        '<div class="panel"><h2>decision</h2><div id="decision"></div></div>'
        f'<div class="panel"><h2>log</h2><ol id="log">{log_items}</ol></div>'
        "</section></main>\n"
        f'<script type="application/json" id="replay-data">{_script_json({"steps": steps})}'
        f"</script>\n<script>{JS}</script></body></html>\n"
    )
