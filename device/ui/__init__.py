"""What the players see: the frame drawn from the box's state (render), every text fitted into
its box (fit), the texts in German and English (catalog), the bitmap fonts (fonts), a cursor
over a board's fields (cursor) and the first frame before the heavy imports (splash)."""
