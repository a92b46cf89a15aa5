"""The card registry (which physical tag is which card, registry) and the names the teach
screen offers, collected from each game's entry (names)."""
