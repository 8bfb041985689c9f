/* The game stepper: the replay viewer's and the web table's watch mode's one front end.
   HexforgeStepper({root, data, prefix, hash, active, words}) drives the markup hexforge writes
   (hexforge.core.render.viewer.stepper_markup, element ids prefixed by `prefix`):
   steps one log entry at a time, by round, activation, action, and jumps to attacks and
   knock-outs (keys R C A F K, Shift going back), with the headline, board, score, dice,
   decision and log of each step. `hash`: follow the step in the address (#step=N).
   `active()`: whether keys are for it now; `words`: its words in a language (English). Returns {go, jump, current, destroy}. */
(function(){
'use strict';
function HexforgeStepper(opts){
var prefix=opts.prefix||'',data=opts.data,active=opts.active||function(){return true;};
var W={step:'step',no_dice:'no dice rolled yet',no_decision:'no decision yet',
 chooses:'chooses',forced:'forced',no_score:'no score for this game'};
Object.keys(opts.words||{}).forEach(function(k){W[k]=opts.words[k];});
function $(name){return document.getElementById(prefix+name);}
var root=opts.root||document.body;
var steps=data.steps,stops=data.stops||{};
var boards=$('board-area').querySelectorAll('.replay-board');
var items=$('log').querySelectorAll('li'),slider=$('slider');
var current=-1,zoom=1,view=$('board-view'),zoomed=$('board-zoom');
function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;
 if(text!==undefined)e.textContent=text;return e;}
function clear(node){while(node.firstChild)node.removeChild(node.firstChild);}
function showDice(i){var box=$('dice');clear(box);
 if(i<0){box.appendChild(el('span','none',W.no_dice));return;}
 var s=steps[i];box.appendChild(el('div','dice-text',W.step+' '+(i+1)+': '+s.text));
 (s.dice||[]).forEach(function(v){box.appendChild(el('span','die',String(v)));});}
function showDecision(i){var box=$('decision');clear(box);
 if(i<0){box.appendChild(el('span','none',W.no_decision));return;}
 var d=steps[i].decision;
 var who=W.step+' '+(i+1)+': '+d.player+' '+W.chooses+' '+d.kind+
  (d.forced?' ('+W.forced+')':'');
 box.appendChild(el('div','who',who));
 var o=el('div','options');d.options.forEach(function(t){
  o.appendChild(el('span',t===d.answer?'chosen':'',t));});box.appendChild(o);}
function showScore(s){var box=$('score');clear(box);
 if(!s.score.length){box.appendChild(el('span','none',W.no_score));return;}
 var t=el('table','score');s.score.forEach(function(p){var r=el('tr');
  r.appendChild(el('td','player',p[0]));r.appendChild(el('td','value',String(p[1])));
  t.appendChild(r);});box.appendChild(t);}
function showHeadline(i){var box=$('headline');clear(box);
 var at=steps[i].said_at,said=at>=0?steps[at].said:[steps[i].text];
 box.setAttribute('data-at',String(at+1));
 said.forEach(function(t){box.appendChild(el('div',at===i||at<0?'':'earlier',t));});}
function count(kind,i){var at=stops[kind]||[],n=0;
 for(var j=0;j<at.length&&at[j]<=i;j++)n++;return n;}
function showStops(i){Object.keys(stops).forEach(function(kind){
 var label=$('at-'+kind);
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
 $('step-label').textContent=W.step+' '+(i+1)+' / '+steps.length;
 $('current').textContent=s.text;
 root.setAttribute('data-step',String(i+1));
 slider.value=String(i+1);
 showHeadline(i);showStops(i);
 showDice(s.dice_at);showDecision(s.decision_at);showScore(s);
 if(opts.hash&&!fromHash&&history.replaceState)history.replaceState(null,'','#step='+(i+1));}
function jump(kind,forward){var at=stops[kind]||[],to=null;
 if(forward){for(var j=0;j<at.length;j++)if(at[j]>current){to=at[j];break;}}
 else{for(var k=at.length-1;k>=0;k--)if(at[k]<current){to=at[k];break;}}
 if(to!==null)go(to);}
function setZoom(z){zoom=Math.max(1,Math.min(6,z));zoomed.style.width=(zoom*100)+'%';
 $('zoom-label').textContent=Math.round(zoom*100)+'%';}
var KEYS={r:'round',c:'activation',a:'action',f:'attack',k:'knockout'};
function keydown(e){
 var k=e.key,to=null;if(e.ctrlKey||e.metaKey||e.altKey||!active())return;
 var t=e.target&&e.target.tagName;if(t==='INPUT'&&e.target.type!=='range'||t==='SELECT')return;
 if(k==='ArrowRight'||k==='ArrowDown')to=current+1;
 else if(k==='ArrowLeft'||k==='ArrowUp')to=current-1;
 else if(k==='Home')to=0;else if(k==='End')to=steps.length-1;
 else if(k==='PageDown')to=current+10;else if(k==='PageUp')to=current-10;
 else if(KEYS[k.toLowerCase()]){e.preventDefault();
  jump(KEYS[k.toLowerCase()],k===k.toLowerCase());return;}
 else if(k==='+'||k==='='){setZoom(zoom*1.25);return;}
 else if(k==='-'){setZoom(zoom/1.25);return;}else if(k==='0'){setZoom(1);return;}
 if(to!==null){e.preventDefault();go(to);}}
document.addEventListener('keydown',keydown);
$('first').onclick=function(){go(0);};
$('prev').onclick=function(){go(current-1);};
$('next').onclick=function(){go(current+1);};
$('last').onclick=function(){go(steps.length-1);};
var stopBar=$('stops');
if(stopBar)stopBar.querySelectorAll('button').forEach(function(b){b.onclick=function(){
 jump(b.getAttribute('data-kind'),b.getAttribute('data-way')==='next');};});
$('zoom-in').onclick=function(){setZoom(zoom*1.25);};
$('zoom-out').onclick=function(){setZoom(zoom/1.25);};
$('zoom-fit').onclick=function(){setZoom(1);};
view.addEventListener('wheel',function(e){if(!boards.length)return;e.preventDefault();
 var r=view.getBoundingClientRect(),x=e.clientX-r.left+view.scrollLeft,
  y=e.clientY-r.top+view.scrollTop,
 old=zoom;setZoom(e.deltaY<0?zoom*1.15:zoom/1.15);var f=zoom/old;
 view.scrollLeft=x*f-(e.clientX-r.left);view.scrollTop=y*f-(e.clientY-r.top);},{passive:false});
var drag=null;
view.addEventListener('mousedown',function(e){drag={x:e.clientX,y:e.clientY,l:view.scrollLeft,
 t:view.scrollTop};view.classList.add('dragging');});
function mousemove(e){if(!drag)return;
 view.scrollLeft=drag.l-(e.clientX-drag.x);view.scrollTop=drag.t-(e.clientY-drag.y);}
function mouseup(){drag=null;view.classList.remove('dragging');}
window.addEventListener('mousemove',mousemove);
window.addEventListener('mouseup',mouseup);
slider.oninput=function(){go(parseInt(slider.value,10)-1);};
items.forEach(function(li,i){li.onclick=function(){go(i);};});
function fromHash(){var m=/step=(\d+)/.exec(location.hash);return m?parseInt(m[1],10)-1:null;}
function hashchange(){var h=fromHash();if(h!==null)go(h,true);}
if(opts.hash)window.addEventListener('hashchange',hashchange);
var start=opts.hash?fromHash():null;go(start===null?0:start,start!==null);
return {go:go,jump:jump,current:function(){return current;},destroy:function(){
 document.removeEventListener('keydown',keydown);
 window.removeEventListener('mousemove',mousemove);window.removeEventListener('mouseup',mouseup);
 window.removeEventListener('hashchange',hashchange);}};
}
window.HexforgeStepper=HexforgeStepper;
})();
