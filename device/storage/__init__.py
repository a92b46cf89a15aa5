"""The saved games: the `Store` facade (store.py) composed of its parts, each with its own
state: the directory's files and copies kept aside (folder.py), the backups (backups.py),
opening the file (opening.py); what a file holds, read with its checks (contents.py), the
schema and checksums (records.py), the WAL check and snapshots (savefile.py), what a power cut
lost (losses.py) and the records validated at the edge (actions.py)."""
