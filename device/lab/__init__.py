"""The play-testers' lab (`tabletop lab`, docs/lab.md): thousands of self-play games of a game
and its options between two agents, for designers. One game is a pure function of (seed,
options, agents) that returns its record (`device/lab/play.py`); a run hands such calls to
Dask, a local cluster of the machine's cores or a scheduler's address
(`device/lab/run.py`), and writes each game as it finishes to the lab folder's SQLite file
(`device/lab/results.py`), so a cut run resumes without losing or counting a game twice.
Dask is the optional `lab` extra: the box never imports this package."""
