"""Everything that touches the world, in layers: a package imports only the ones above it in
this list (tests/test_architecture.py `LAYERS` holds the exact pairs), and `engine/` below all.

events.py, settings.py, errors.py: the base every package may use (what reaches the loop's
          queue, the TOML settings, the one-line errors)
ui/       drawing: fitting, texts (catalog), fonts, cursor, the splash
hw/       buttons, display, OLED, systemd, card readers (nfc/)
storage/  the saved games: the Store facade over schema, opening, backups, checks
games/    the registry (one line per game), the screens contract, one folder per game
cards/    the card registry and the names the teach screen offers
app/      the box: modes, the loop, the runtime, saved-game sessions, the frame (frame.py)
sim/      the simulator, its scripts and its terminal
cli/      the `tabletop` command, one module per command
"""
