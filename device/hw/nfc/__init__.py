"""Card readers: the PN532 (13.56 MHz, over UART/HSU) and the RDM6300 (125 kHz), taps not
reads, and a reader thread that survives the reader going away."""
