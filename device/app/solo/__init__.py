"""Solo play and hints: the box as the second player, and the best action on request.

The rest of the box calls solo play at one seam, `device/app/solo/seat.py`; a game without a
solo player and without a hint asked goes no further than its first line. Behind it: the
box's own hand as the player tells it (`hand.py`) and the box's choices by the one search
(`thinking.py`, over engine/search.py).
"""
