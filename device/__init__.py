"""Everything that touches the world, in packages named for what they are:

app/      the box: events, modes, the loop, the runtime, settings, saved-game sessions
ui/       the frame: render, fitting, texts (catalog), fonts, cursor, splash
games/    the registry (one line per game), the screens contract, one folder per game
storage/  the saved games: the Store facade over schema, opening, backups, checks
cards/    the card registry and the names the teach screen offers
hw/       buttons, display, OLED, systemd, card readers (nfc/)
sim/      the simulator, its scripts and its terminal
cli/      the `tabletop` command, one module per command
"""
