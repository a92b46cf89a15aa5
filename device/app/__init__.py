"""The box itself: what reaches it (events), its modes and their pure transition (box), the
one loop that owns it (loop), the parts put together (runtime), its settings (config), the
saved-game sessions (session) and the one-line errors every part reports (messages)."""
