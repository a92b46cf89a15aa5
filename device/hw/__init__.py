"""The parts on the table: the buttons (gpiozero), the OLED and the frames sent to it, the
card readers (nfc/) and systemd's notifications. Each takes what it drives (a pin factory,
a luma device, a serial port) from its caller."""
