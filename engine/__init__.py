"""The rules of the four games: pure functions and frozen values, no I/O, no clock, no threads."""
