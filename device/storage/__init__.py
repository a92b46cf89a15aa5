"""The saved games: the `Store` facade (store.py) over the file's schema and checks
(records.py), opening it (opening.py), its backups (backups.py), the WAL check and snapshots
(savefile.py) and the records validated at the edge (actions.py)."""
