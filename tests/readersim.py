"""The card reader stand-ins live in the package (`device/hw/nfc/sim.py`), where `tabletop bench`
uses them too; the tests import them from here as before."""

from device.hw.nfc.sim import PN532Sim, PtyDevice, RDM6300Sim, frame

__all__ = ["PN532Sim", "PtyDevice", "RDM6300Sim", "frame"]
