"""Everything that touches the world: the command line, inputs, the display, saved games."""
