"""The `tabletop` command: the entry point (main) and one module per command: run and games,
replay and export, cards, score, doctor, nfc, bench."""
