"""The box without hardware: MockFactory pins and luma's dummy display (simulator), driven by a
script of events (script) or at the keyboard (terminal)."""
