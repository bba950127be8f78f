"""A readable state over a core position: a game whose rules are written once, on integers
(parlour/fast/<game>.py), keeps its position in `self.core` and only names, words and narrates it.

What every such state does the same way lives here: the core deals from the state's own generator,
a move is the core's step on the move's action id, the log is told from the events the step emits,
a clone copies the core and the readable fields the game names, and a pickled state keeps the
core's fields (a compiled position does not pickle). A game's state says what each event says
(`_tell`), which readable fields a clone copies (`copied`), and how a core is made back from its
fields (`_blank`); a determinization is the core's.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from ..fast.core import Rng, SourceRng
from .game import State


class WrappedState(State):
    core_module: ClassVar[Any]  # the game's core module: its EVENT_NAMES and FIELDS
    copied: ClassVar[tuple[str, ...]] = ()  # readable fields beside the core, copied by clone()
    core: Any
    events_seen: list[int]

    def _start(self, position: Any, events: list) -> None:
        """Take the new game `position`, whose deal emitted `events`, and tell them."""
        self.events_seen = [0] * len(self.core_module.EVENT_NAMES)  # by kind, for the lab
        self._own(position)
        self._narrate(events)

    def _generator(self):
        return self.rng

    def _core_rng(self, position: Any) -> Rng:
        """The generator the core deals and shuffles with: this state's own (SourceRng reads it
        at each draw, so a clone's draws are its own)."""
        return SourceRng(self._generator)

    def _own(self, position: Any, rng: Rng | None = None) -> None:
        position.rng = self._core_rng(position) if rng is None else rng
        self.core = position

    # The contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        seat = self.core.to_act()
        return None if seat < 0 else seat

    @property
    def is_terminal(self) -> bool:
        return self.core.to_act() < 0

    def _apply(self, action) -> None:
        events: list = []
        position = self.core
        position.events = events
        position.step(self.game.action_id(action))
        position.events = None
        self._narrate(events)

    def returns(self) -> list[float]:
        return self.core.returns()

    def legal_action_ids(self) -> list[int]:
        return list(self.core.legal())

    # The generator a determinization's core draws from `rng` through (Politics draws its own way).
    determinize_rng: ClassVar[type] = SourceRng

    def determinize(self, seat: int, rng):
        """The core's determinization for `seat` (what it deals afresh, and what a seat is taken
        to know, is the core's determinize), with a generator of its own for the draws to come."""
        det = self.clone()
        det._own(self.core.determinize(seat, self.determinize_rng(lambda: rng)))
        det.rng = self._fresh_rng(rng)
        return det

    # The log, told from the core's events -----------------------------------------------------
    def _narrate(self, events: list) -> None:
        counts = self.events_seen
        for event in events:
            counts[event.kind] += 1
            self._tell(event)

    def _tell(self, event) -> None:
        """What the log (and whatever else the readable state keeps) makes of one event."""
        raise NotImplementedError

    def event_counts(self) -> dict[str, int]:
        return dict(zip(self.core_module.EVENT_NAMES, self.events_seen))

    # Copies ----------------------------------------------------------------------------------
    def clone(self):
        twin = self._clone_base()
        for name in self.copied:
            setattr(twin, name, copy.copy(getattr(self, name)))
        twin.events_seen = list(self.events_seen)
        twin._own(self.core.copy(), self._rng_copy())
        return twin

    def _rng_copy(self) -> Rng | None:
        """The generator a clone's core goes on with (None: the clone's own, as `_core_rng`)."""
        return None

    def __deepcopy__(self, memo):
        return self.clone()

    def __getstate__(self) -> dict:
        fields = dict(self.__dict__)
        position = fields.pop("core")
        fields["core"] = {name: getattr(position, name) for name in self.core_module.FIELDS}
        fields["core_rng"] = self._rng_state()
        return fields

    def __setstate__(self, fields: dict) -> None:
        fields = dict(fields)
        saved, rng = fields.pop("core"), fields.pop("core_rng", None)
        self.__dict__.update(fields)
        position = self._blank()
        for name, value in saved.items():
            setattr(position, name, value)
        self._own(position, self._rng_revived(rng))

    def _blank(self) -> Any:
        """A core position of this game whose fields unpickling then sets."""
        raise NotImplementedError

    def _rng_state(self) -> Any:
        """What a pickled state keeps of the core's generator (None: nothing, it is this
        state's own)."""
        return None

    def _rng_revived(self, saved: Any) -> Rng | None:
        return None
