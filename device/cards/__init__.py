"""The card registry (which physical tag is which card, registry) and the names the teach
screen offers, collected from each game's entry (names)."""


def example_card() -> str:
    """A card name as the box writes them (for help and error texts): the first game's
    player A."""
    from device.games import GAMES

    return f"{next(iter(GAMES))}:player-A"
