"""Day and Night's names: a spell as the screens name it (the example decks' spells in English
too), and for the teach screen a spell deck file's spells, the file checked whole."""

from __future__ import annotations

from pathlib import Path

from engine.day_and_night.spells import EXAMPLE, Spell

# the example decks' spells in English (a deck of the players' own names its spells itself:
# its names are shown as they are, in both languages)
ENGLISH = {
    "sunrise": "Sunrise",
    "dawn": "Dawn",
    "turn-to-day": "Day Turn",
    "day-shift": "Day Shift",
    "veil": "Veil",
    "mist": "Mist",
    "day-stride": "Light Step",
    "insight": "Insight",
    "twin-suns": "Twin Suns",
    "bloom": "Bloom",
    "noon": "Noon",
    "dusk": "Dusk",
    "darkness": "Darkness",
    "turn-to-night": "Shadowcast",
    "night-shift": "Night Shift",
    "frost": "Frost",
    "ice": "Ice",
    "night-stride": "Moon Step",
    "dream": "Dream",
    "twin-moons": "Twin Moons",
    "eclipse": "Eclipse",
    "midnight": "Midnight",
}
EXAMPLE_NAMES = {spell.id: spell.name for deck in EXAMPLE.values() for spell in deck}


def spell_name(spell: Spell, lang: str) -> str:
    """A spell as the screens name it: an example deck's spell in the language shown."""
    if lang == "en" and EXAMPLE_NAMES.get(spell.id) == spell.name and spell.id in ENGLISH:
        return ENGLISH[spell.id]
    return str(spell.name)


def of_file(path: Path, data: object, strict: bool, /) -> list[str]:
    from device.games.day_and_night.decks import check

    return [s.id for s in check(path, data, strict).spells]


def of_game(paths: list[Path], strict: bool, /) -> list[str]:
    """The example deck's spells of each side no deck file gives (what the box plays with
    then), so they can be taught with no config."""
    import json

    given = {json.loads(p.read_text(encoding="utf-8")).get("side") for p in paths}
    return [s.id for side, deck in EXAMPLE.items() if side not in given for s in deck]
