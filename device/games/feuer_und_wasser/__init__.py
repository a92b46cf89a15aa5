"""feuer_und_wasser on the box: its screens and the files only it reads."""
