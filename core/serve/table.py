"""One game at the web table: played whole by the game runtime in a worker thread.

The game's runner (:class:`~hexforge.core.play.GameRunner`) plays the game exactly as
``hexforge play`` does, with the same seeded agents; a seat played in the browser gets an
agent that publishes the position and blocks until the browser answers. Computer agents
think in the same worker thread, so the server (and the page) stays responsive. Only the
worker touches the engine: everything a request reads - the board picture, the log, the
game's account in the table's language, the marks of hovered models and choices
(:mod:`~hexforge.core.serve.insight`) - is worked out there and published as plain values
(:class:`_Shown`) under a lock held only to swap them in. A thread, not a process: the
interpreter switches threads every few milliseconds and a request only copies published
values, so requests are answered while agents think (docs/serve.md, "How it is built").

Undo and loading a saved log are replays (docs/engine.md, "The log and replays"): the game
is played again from its seed with the answers so far as a script, the same way
``hexforge play``'s undo works (:class:`~hexforge.core.agents.UndoSession`).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from hexforge.core.agents.codes import REPLAY_MISMATCH
from hexforge.core.codes import INTERNAL_ERROR
from hexforge.core.engine import Agent, Decision, Engine, Json, canonical
from hexforge.core.engine.diagnostics import fail
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.play import GameRunner, PlayedGame, first_difference
from hexforge.core.render import GameRenderer
from hexforge.core.render.describe import category, describe
from hexforge.core.report import diagnostic_dict
from hexforge.core.serve import insight
from hexforge.core.serve.codes import BAD_ANSWER
from hexforge.core.serve.insight import Marks

HUMAN = "human"
"""The agent name of a seat played in the browser (both seats: hot-seat)."""

THROTTLE = 0.25
"""Seconds between two pictures published while computer agents play."""

_CARD_ID = re.compile(r"\b[a-z0-9-]+/[a-z0-9-]+\b")


class _Restart(Exception):
    """Raised in the worker to play the game again from its script (undo)."""


class _Closed(Exception):
    """Raised in the worker when the table is closed: the game stops."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a table plays: the game, its seed, its options and who sits where."""

    game: str
    seed: int
    options: Mapping[str, str]
    seats: Mapping[str, str]
    """Player -> agent name, in turn order (``human``: the browser)."""
    agents: Mapping[str, Agent]
    """Player -> the seeded agent of a computer seat (as ``hexforge play`` seats them)."""
    lang: str = "en"


@dataclass
class _Shown:
    """What was last published: read by requests, written by the worker."""

    status: str = "thinking"
    decision: Decision | None = None
    can_undo: bool = False
    lines: list[str] = field(default_factory=list)
    log: list[tuple[str, str, str]] = field(default_factory=list)
    """(category, entry type, text) of each log entry (core/render/describe.py)."""
    account: list[tuple[str, str]] | None = None
    """The game's own account in the table's language, (text, style) lines (None: the
    game tells none, the page shows the log's entries)."""
    marks: dict[str, Marks] = field(default_factory=dict)
    """Model id -> the hexes to mark when it is hovered (the runner's ``inspect``)."""
    marks_version: int = -1
    """The board version :attr:`marks` belong to."""
    option_marks: list[Marks] = field(default_factory=list)
    """The marks of each choice of the waiting decision (the runner's ``option_marks``)."""
    cards: dict[str, list[str]] = field(default_factory=dict)
    """The cards attached to each entity (a model's character card, its items)."""
    board: str | None = None
    board_version: int = 0
    result: dict[str, Json] | None = None
    problems: list[Diagnostic] = field(default_factory=list)


class Table:
    """A game in progress and its worker thread (started by :meth:`start`)."""

    def __init__(
        self,
        table_id: str,
        runner: GameRunner,
        renderer: GameRenderer | None,
        spec: GameSpec,
        script: Sequence[Json] = (),
        expected: Sequence[str] = (),
    ) -> None:
        self.id = table_id
        self.runner = runner
        self.renderer = renderer
        self.spec = spec
        self.version = 0
        self._cond = threading.Condition()
        self._script = list(script)
        self._expected = list(expected)
        """A loaded log's lines: the replayed game must repeat them (HF052)."""
        self._answers: list[tuple[str, Json]] = []
        self._reply: tuple[int, Json] | None = None
        self._undo = False
        self._closed = False
        self._shown = _Shown()
        self._last_publish = 0.0
        self._names: dict[str, str] | None = None
        self._thread = threading.Thread(target=self._work, name=f"table-{table_id}", daemon=True)

    # -- requests (any thread) ---------------------------------------------------------

    def start(self) -> Table:
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop the game at its next decision (the worker thread then ends)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    @property
    def finished(self) -> bool:
        return self._shown.status in ("over", "failed")

    def answer(self, seq: int, index: int) -> None:
        """Answer the waiting decision number ``seq`` with its choice ``index`` (from 0);
        HF082 when no such decision waits or the index is not one of its choices."""
        with self._cond:
            decision = self._shown.decision
            if decision is None or self._shown.status != "waiting":
                raise fail(BAD_ANSWER, "no decision is waiting for an answer", hint=self._state())
            if seq != decision.seq:
                raise fail(
                    BAD_ANSWER,
                    f"decision #{seq} is not the one waiting (#{decision.seq})",
                    hint="the page was out of date: reload it",
                )
            if not 0 <= index < len(decision.options):
                raise fail(
                    BAD_ANSWER,
                    f"decision #{seq} has no choice {index}",
                    hint=f"choose 0 to {len(decision.options) - 1}",
                )
            self._reply = (seq, decision.options[index])
            self._shown.status = "thinking"
            self._shown.decision = None
            self._changed()

    def undo(self) -> None:
        """Take back the waiting player's last answer, if nobody answered since (HF082)."""
        with self._cond:
            if self._shown.status != "waiting" or not self._shown.can_undo:
                raise fail(
                    BAD_ANSWER,
                    "nothing to undo",
                    hint="undo takes back your own last choice while it is your turn",
                )
            self._undo = True
            self._shown.status = "thinking"
            self._shown.decision = None
            self._changed()

    def wait(self, version: int, timeout: float) -> int:
        """Block until the view changes from ``version`` (or ``timeout`` seconds); the
        version now."""
        with self._cond:
            self._cond.wait_for(lambda: self.version != version, timeout)
            return self.version

    def problems(self) -> list[Diagnostic]:
        """Why the game stopped (empty while it runs or when it ended normally)."""
        with self._cond:
            return list(self._shown.problems)

    def log_text(self) -> str:
        """The game log so far (JSON lines, what ``hexforge play --log`` writes): the save."""
        with self._cond:
            lines = self._shown.lines
            return "".join(line + "\n" for line in lines)

    def board(self) -> tuple[int, str | None]:
        with self._cond:
            return self._shown.board_version, self._shown.board

    def view(self) -> dict[str, Json]:
        """Everything the page shows but the board picture, as JSON."""
        with self._cond:
            shown = self._shown
            spec = self.spec
            return {
                "id": self.id,
                "game": spec.game,
                "seed": spec.seed,
                "options": dict(spec.options),
                "seats": dict(spec.seats),
                "lang": spec.lang,
                "version": self.version,
                "status": shown.status,
                "decision": self._decision_view(shown),
                "board_version": shown.board_version,
                "log": [list(row) for row in shown.log],
                "account": None if shown.account is None else [list(r) for r in shown.account],
                "cards": {entity: list(cards) for entity, cards in shown.cards.items()},
                "result": shown.result,
                "problems": [diagnostic_dict(d) for d in shown.problems],
            }

    def localised(self, lines: Sequence[str]) -> list[str]:
        """``lines`` with card ids written as the cards' names in the table's language (in
        English too: a page shows names), when the game offers names (``card_names``)."""
        if self._names is None:
            names = getattr(self.runner, "card_names", None)
            self._names = dict(names(self.spec.lang)) if callable(names) else {}
        table = self._names
        if not table:
            return list(lines)
        return [_CARD_ID.sub(lambda m: table.get(m[0], m[0]), line) for line in lines]

    def marks(self) -> dict[str, Json]:
        """The hexes to mark when a model is hovered, by model id, for the board version
        they were worked out at (empty while the computer plays: they are worked out when
        a decision waits for the browser and at the end)."""
        with self._cond:
            shown = self._shown
            current = shown.marks_version == shown.board_version
            units: dict[str, Json] = {}
            for unit, marks in (shown.marks if current else {}).items():
                units[unit] = {coord: list(tags) for coord, tags in marks.items()}
            return {"board_version": shown.board_version, "units": units}

    def _decision_view(self, shown: _Shown) -> Json:
        decision, can_undo = shown.decision, shown.can_undo
        if decision is None:
            return None
        marked = shown.option_marks
        if len(marked) != len(decision.options):
            marked = [{} for _ in decision.options]
        texts = [o if isinstance(o, str) else canonical(o) for o in decision.options]
        labels = self.localised(texts)
        options: list[Json] = []
        for index, (value, text, label, marks) in enumerate(
            zip(decision.options, texts, labels, marked, strict=True)
        ):
            card = _CARD_ID.search(text)
            options.append(
                {
                    "index": index,
                    "value": value,
                    "text": text,
                    "label": label,
                    "card": card[0] if card else None,
                    "marks": {coord: list(tags) for coord, tags in marks.items()},
                }
            )
        context = self.localised([f"{k}: {_text(v)}" for k, v in decision.context.items()])
        return {
            "seq": decision.seq,
            "kind": decision.kind,
            "player": decision.player,
            "context": dict(decision.context),
            "context_text": list(context),
            "options": options,
            "can_undo": can_undo,
        }

    def _state(self) -> str:
        status = self._shown.status
        return {
            "thinking": "the computer is thinking: wait for the page to update",
            "over": "the game is over",
            "failed": "the game stopped with an error",
        }.get(status, status)

    def _changed(self) -> None:
        self.version += 1
        self._cond.notify_all()

    # -- the worker thread ---------------------------------------------------------------

    def _work(self) -> None:
        while True:
            with self._cond:
                self._answers = []
            seats = {p: _Seat(self, p, self.spec.agents.get(p)) for p in self.spec.seats}
            try:
                played = self.runner.play(self.spec.seed, seats, self.spec.options)
                self._finish(played)
            except _Restart:
                continue
            except _Closed:
                return
            except HexforgeError as error:
                self._stop(list(error.diagnostics))
                return
            except Exception as error:  # a bug: shown as HF002, the server goes on
                message = f"internal error: {type(error).__name__}: {error}"
                self._stop([Diagnostic(INTERNAL_ERROR, message)])
            return

    def choose(self, player: str, agent: Agent | None, decision: Decision, engine: Engine) -> Json:
        """The answer of ``player``'s seat: from the script while replaying, else from its
        computer agent, else (a browser seat) the browser's."""
        if self._script:
            answer = self._script.pop(0)
            if answer not in decision.options:  # a loaded log of another game or setup
                self._check_expected(engine, partial=True)
                raise fail(
                    REPLAY_MISMATCH,
                    f"the loaded log answers {decision.describe()} with {_text(answer)}, "
                    "which is not one of its choices",
                    hint="load it with the options (setup, armies) it was played with",
                )
        else:
            self._check_expected(engine)
            if agent is None:
                answer = self._ask_browser(player, decision, engine)
            else:
                self._publish(engine, None, force=False)
                answer = agent.choose(decision, engine)
        with self._cond:
            self._answers.append((player, answer))
        return answer

    def _ask_browser(self, player: str, decision: Decision, engine: Engine) -> Json:
        self._publish(engine, decision, force=True)
        with self._cond:
            self._cond.wait_for(lambda: self._closed or self._undo or self._reply is not None)
            if self._closed:
                raise _Closed
            if self._undo:
                self._undo = False
                last = max(i for i, (who, _) in enumerate(self._answers) if who == player)
                self._script = [answer for _, answer in self._answers[:last]]
                raise _Restart
            assert self._reply is not None
            seq, answer = self._reply
            self._reply = None
        assert seq == decision.seq
        return answer

    def _check_expected(self, engine: Engine, *, partial: bool = False) -> None:
        """A loaded log must be the start of the replayed game's log (HF052 otherwise);
        ``partial``: the game is not as far as the log yet, its lines must agree so far."""
        if not self._expected:
            return
        expected, self._expected = self._expected, []
        lines = engine.log.text().splitlines()
        if partial:
            expected = expected[: len(lines)]
        differs = first_difference(expected, lines[: len(expected)])
        if differs is not None:
            was = expected[differs - 1] if differs <= len(expected) else "(end of log)"
            now = lines[differs - 1] if differs <= len(lines) else "(end of game)"
            raise fail(
                REPLAY_MISMATCH,
                f"the loaded log differs from the replayed game at line {differs}: "
                f"logged {was} but got {now}",
                hint="load it with the options (setup, armies) it was played with",
            )

    def _publish(self, engine: Engine, decision: Decision | None, *, force: bool) -> None:
        """Show the position now (a browser decision) or, while computers play, at most
        every :data:`THROTTLE` seconds."""
        now = time.monotonic()
        if self._closed:
            raise _Closed
        if not force and now - self._last_publish < THROTTLE:
            return
        self._last_publish = now
        board = self._draw(engine)
        lines = engine.log.text().splitlines()
        entries = engine.log.entries()
        texts = self.localised([describe(e) for e in entries])
        log = [
            (category(e), str(e.get("type")), text) for e, text in zip(entries, texts, strict=True)
        ]
        cards = _attached(entries)
        account = insight.narration(self.runner, engine, self.spec.lang)
        marks: dict[str, Marks] | None = None
        chosen: list[Marks] = []
        if force:  # the browser's turn, or the end: what hovering shows
            marks = insight.unit_marks(self.runner, engine)
            if decision is not None:
                chosen = insight.option_marks(self.runner, engine, decision)
        with self._cond:
            shown = self._shown
            shown.lines, shown.log, shown.cards = lines, log, cards
            shown.account, shown.option_marks = account, chosen
            if board is not None and board != shown.board:
                shown.board, shown.board_version = board, shown.board_version + 1
            if marks is not None:
                shown.marks, shown.marks_version = marks, shown.board_version
            shown.decision = decision
            shown.status = "waiting" if decision is not None else "thinking"
            shown.can_undo = (
                decision is not None
                and bool(self._answers)
                and self._answers[-1][0] == decision.player
            )
            self._changed()

    def _draw(self, engine: Engine) -> str | None:
        if self.renderer is None:
            return None
        return self.renderer.render_position(engine).text(standalone=False)

    def _finish(self, played: PlayedGame) -> None:
        self._check_expected(played.engine)
        self._publish(played.engine, None, force=True)
        summary = insight.outcome(self.runner, played.engine, self.spec.lang) or played.summary
        with self._cond:
            told = self._shown.account  # the game's account in the table's language
            account = self.localised(played.account) if told is None else [t for t, _ in told]
            self._shown.status = "over"
            self._shown.result = {
                "winner": played.winner,
                "summary": summary,
                "account": list(account),
            }
            self._changed()

    def _stop(self, problems: list[Diagnostic]) -> None:
        with self._cond:
            self._shown.status = "failed"
            self._shown.decision = None
            self._shown.problems = problems
            self._changed()


@dataclass
class _Seat:
    """One player's agent at the table."""

    table: Table
    player: str
    agent: Agent | None

    def choose(self, decision: Decision, engine: Engine) -> Json:
        return self.table.choose(self.player, self.agent, decision, engine)


def _text(value: Json) -> str:
    return value if isinstance(value, str) else canonical(value)


def _attached(entries: Sequence[Mapping[str, Json]]) -> dict[str, list[str]]:
    """Entity -> the cards attached to it now, from the log's ``attach``/``detach``."""
    held: dict[str, tuple[str, str]] = {}
    for entry in entries:
        kind, attachment = entry.get("type"), str(entry.get("attachment"))
        if kind == "attach":
            card, bearer = entry.get("card"), entry.get("bearer")
            if isinstance(card, str) and isinstance(bearer, str) and _CARD_ID.fullmatch(card):
                held[attachment] = (bearer, card)
        elif kind == "detach":
            held.pop(attachment, None)
    cards: dict[str, list[str]] = {}
    for bearer, card in held.values():
        cards.setdefault(bearer, []).append(card)
    return cards
