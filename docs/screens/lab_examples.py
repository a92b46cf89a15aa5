"""The worked examples of docs/lab.md, run again (several minutes on 2 cores):

    .venv/bin/python docs/screens/lab_examples.py [FOLDER]

Each is a `tabletop lab` run (its folder under FOLDER, a temporary one by default) and its
report; what docs/lab.md quotes is printed. The README's plot, docs/screens/lab-cards.png,
is the Druiden run's per-card plot.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DECKS = ROOT / "device/games/day_and_night/decks"
RUNS = {  # folder: the run's arguments
    "zweimal": ["zweimal", "--games", "1000", "--agents", "greedy,greedy"],
    "fuw": ["feuer-und-wasser", "--games", "1000", "--agents", "greedy,greedy"],
    "dan": [
        "day-and-night",
        "--games",
        "200",
        "--agents",
        "greedy+,greedy",
    ],  # the decks as shipped
    "dan-frost": [
        "day-and-night",
        "--games",
        "200",
        "--agents",
        "greedy+,greedy",
        "--deck",
        "{frost}",
    ],  # fmt: skip
    "druids": ["wandernde-druiden", "--games", "1000", "--agents", "greedy+,greedy"],
}


def lab(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "device.cli.main", "lab", *args],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    return done.stdout


def frosty(where: Path) -> Path:
    """Night's example deck with Frost one action point dearer (the card that shifts
    Night's win rate most at 2): what a designer tries next."""
    deck = json.loads((DECKS / "day-and-night-night.example.json").read_text())
    for spell in deck["spells"]:
        if spell["id"] == "frost":
            spell["cost"] += 1
    path = where / "night-frost-3.json"
    path.write_text(json.dumps(deck, indent=1))
    return path


def main() -> int:
    where = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    where.mkdir(parents=True, exist_ok=True)
    frost = str(frosty(where))
    for name, args in RUNS.items():
        args = [frost if a == "{frost}" else a for a in args]
        folder = where / name
        resume = ["--resume"] if (folder / "lab.sqlite3").exists() else []
        print(lab("run", *args, "--out", str(folder), *resume).strip())
        lab("report", str(folder))
        found = json.loads((folder / "report.json").read_text())
        seats = ", ".join(
            f"{s} {r['rate']:.0%} [{r['low']:.0%}–{r['high']:.0%}]"
            for s, r in found["win_rate_by_seat"].items()
        )
        first = found["first_mover_wins"]
        print(f"  seats: {seats}; first mover {first['rate']:.0%}; completion "
              f"{found['completion']['rate']:.0%}; moves {found['moves']['mean']:.1f}; "
              f"lead changes {found['lead_changes']['mean']:.2f}")  # fmt: skip
        for card in found["cards"][:3]:
            print(f"  card {card['card']}: played {card['played']['rate']:.0%} of "
                  f"{card['played']['n']}, shift {card['shift']:+.0%}")  # fmt: skip
    said = lab("compare", str(where / "dan"), str(where / "dan-frost")).splitlines()
    print("\n".join(line for line in said[:12] if "frost" in line or "wins" in line))
    page = (where / "druids" / "report.html").read_text()
    plots = re.findall(r'src="data:image/png;base64,([^"]+)"><figcaption>Per card', page)
    (ROOT / "docs/screens/lab-cards.png").write_bytes(base64.b64decode(plots[0]))
    print("wrote docs/screens/lab-cards.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
