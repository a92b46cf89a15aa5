"""The box itself: its state (state.py, `BoxState`) and the pure transition (transition.py,
by mode: menu.py, turns.py, teach.py), the one loop that owns it (loop.py), the frame drawn
from it (frame.py), the parts put together (runtime.py), the saved-game sessions (session.py),
solo play and hints (the solo/ package, called at solo/seat.py) and the table's changes said
as instructions (pieces.py)."""
