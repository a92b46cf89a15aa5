"""The saved games: the file (records.py), opening it (opening.py), its backups and checks
(backups.py); the `Store` facade over them is device/store.py."""
