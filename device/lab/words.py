"""The lab report's words, in German (the default, as the box) and English: the report page
(device/lab/report.py) writes one page in each."""

from __future__ import annotations

from device.ui.catalog import Texts

WORDS = Texts(
    {
        # key: (German, English)
        "lab.title": ("Labor: {game} — {agents}, {n} Partien", "Lab: {game} — {agents}, {n} games"),
        "lab.title.one": ("Labor: {game} — {agents}, 1 Partie", "Lab: {game} — {agents}, 1 game"),
        "lab.other": ("English", "Deutsch"),
        "lab.defaults": ("die Vorgaben", "the defaults"),
        "lab.hands_table": ("wie am Tisch", "as at a table"),
        "lab.hands_open": ("offen", "open"),
        "lab.about": (
            "Optionen: {options}; Startwert {seed}; Handkarten {hands}; aus {folder}. Jede Rate"
            " mit ihrem 95-%-Intervall; docs/lab.md sagt, wie jede Zahl berechnet wird.",
            "Options: {options}; seed {seed}; hands {hands}; from {folder}. Each rate with its"
            " 95% interval; docs/lab.md says how each figure is computed.",
        ),
        "lab.stopped": (
            "Der Lauf endete nach {stopped} von {games} Partien: die Intervalle der Siegrate"
            " jedes Platzes, des ersten Zugs und der entschiedenen Partien waren alle schmaler"
            " als {width} (geprüft alle {every} Partien, der Reihe nach).",
            "The run stopped after {stopped} of {games} games: the intervals of each seat's win"
            " rate, the first mover's and the games decided were all narrower than {width}"
            " (looked at every {every} games, in order).",
        ),
        "lab.of": (" von {n}", " of {n}"),
        "lab.spread": (  # (German: the report writes "90 %" with its narrow space)
            "Mittel {mean} [{low}–{high}], Median {median}, 10–90% {p10}–{p90}",
            "mean {mean} [{low}–{high}], median {median}, 10–90% {p10}–{p90}",
        ),
        "lab.completion": ("Entschieden (Partien mit Sieger)", "Completion (decided games)"),
        "lab.drawishness": (
            "Remis (nach den Regeln unentschieden)",
            "Drawishness (drawn by the rules)",
        ),
        "lab.capped": (
            "Abgebrochen (nach 2.000 Aktionen noch offen)",
            "Capped (still open after 2,000 actions)",
        ),
        "lab.first_mover": (
            "Wer zuerst zieht, gewinnt (entschiedene Partien)",
            "The first mover wins (decided games)",
        ),
        "lab.advantage": ("Vorteil des ersten Zugs", "First-player advantage"),
        "lab.balance": (
            "Ausgewogenheit (1 − Abstand der Siegraten der Plätze)",
            "Balance (1 − the seats' win rates apart)",
        ),
        "lab.moves": ("Züge einer Partie", "Moves a game"),
        "lab.actions": (
            "Aktionen einer Partie (mit den Schritten des Tisches)",
            "Actions a game (the table's steps too)",
        ),  # fmt: skip
        "lab.lead_changes": ("Führungswechsel einer Partie", "Lead changes a game"),
        "lab.decisiveness": (
            "Entschiedenheit (der Teil der Partie, ab dem der Sieger bis zum Ende führte)",
            "Decisiveness (the share of a game its winner led to the end)",
        ),
        "lab.seat_wins": ("Platz {seat} gewinnt", "Seat {seat} wins"),
        "lab.agent_wins": ("{agent} gewinnt", "{agent} wins"),
        "lab.cards": (
            "Karten (die 30, die die Siegrate am meisten verschieben)",
            "Cards (the 30 that shift the win rate most)",
        ),
        "lab.card": ("Karte", "card"),
        "lab.played": ("ihre Seite gewann, wenn gespielt", "its side won, when played"),
        "lab.held": ("wenn auf der Hand", "when held"),
        "lab.shift": ("Verschiebung", "shift"),
        "lab.plot.win_rate": ("Siegrate (entschiedene Partien)", "win rate (decided games)"),
        "lab.plot.by_seat": (
            "Siegrate nach Platz, mit 95-%-Intervallen",
            "Win rate by seat, with 95% intervals",
        ),
        "lab.plot.moves": ("Züge einer Partie", "moves a game"),
        "lab.plot.games": ("Partien", "games"),
        "lab.plot.lengths": ("Die Längen der Partien", "The games' lengths"),
        "lab.plot.share": ("% der Partie", "% of the game"),
        "lab.plot.points": ("Punkte im Mittel", "mean points"),
        "lab.plot.over_game": (
            "Punkte über die Partie (Mittel aller Partien)",
            "Points over the game (mean of all games)",
        ),
        "lab.plot.card_rate": (
            "Siegrate der Seite, die sie spielte",
            "win rate of the side that played it",
        ),
        "lab.plot.cards": (
            "Je Karte: die Siegrate der Seite, die sie spielte (die 15, die am meisten"
            " verschieben)",
            "Per card: the win rate of the side that played it (the 15 that shift most)",
        ),
    }
)
