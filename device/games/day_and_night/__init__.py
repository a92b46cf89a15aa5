"""day_and_night on the box: its screens and the files only it reads."""
