"""The box's settings: one TOML file, validated (pydantic). Every key has a default, so the
box runs without a file; a bad file stops it with one line naming the key."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from engine.core import ConfigurationError

DEFAULT_PATH = Path("/etc/tabletop/config.toml")
EXIT_CONFIG = 78  # EX_CONFIG: the daemon refuses to start on a bad config
BUTTON_NAMES = ("up", "down", "left", "right", "ok", "back")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Buttons(Strict):
    """BCM pin numbers; each button connects its pin to ground (internal pull-ups)."""

    up: int = Field(5, ge=0, le=27)
    down: int = Field(6, ge=0, le=27)
    left: int = Field(13, ge=0, le=27)
    right: int = Field(19, ge=0, le=27)
    ok: int = Field(26, ge=0, le=27)
    back: int = Field(21, ge=0, le=27)
    bounce_ms: int = Field(20, ge=0, le=500)
    hold_s: float = Field(1.0, ge=0.2, le=5.0)  # a hold of ok (the menu) or back (undo)

    @model_validator(mode="after")
    def _distinct(self) -> Buttons:
        seen: dict[int, str] = {}
        for name, pin in self.pins().items():
            if pin in seen:
                raise ConfigurationError(f"{seen[pin]} and {name} share pin {pin}")
            seen[pin] = name
        return self

    def pins(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in BUTTON_NAMES}


class Display(Strict):
    """The OLED: controller, bus and where on the bus; `dummy` draws nowhere (a test box)."""

    type: Literal["ssd1306", "sh1106", "ssd1309", "dummy"] = "ssd1306"
    bus: Literal["i2c", "spi"] = "i2c"
    i2c_port: int = Field(1, ge=0, le=20)
    i2c_address: int = Field(0x3C, ge=0x03, le=0x77)
    spi_port: int = Field(0, ge=0, le=6)
    spi_device: int = Field(0, ge=0, le=3)
    gpio_dc: int = Field(24, ge=0, le=27)
    gpio_rst: int = Field(25, ge=0, le=27)
    rotate: Literal[0, 2] = 0  # 2: upside down (the screens are laid out landscape)


class Reader(Strict):
    """The card reader: PN532 (UART/HSU), RDM6300, or none (buttons only)."""

    type: Literal["pn532", "rdm6300", "none"] = "pn532"
    port: str = "/dev/serial0"
    removal_s: float = Field(0.3, ge=0.05, le=5.0)  # no read this long: the card is gone


class Web(Strict):
    """The read-only web page (`tabletop web`, its own service): where it listens; the menu's
    `Web-Seite` shows this address (the box's own address on the local network and the port)."""

    bind: str = Field("0.0.0.0:8080", pattern=r"^[0-9A-Za-z.:\[\]-]+:[0-9]{1,5}$")

    def address(self, hostname: str) -> str:
        """The page's address for a phone on the local network: the bound address, or where
        it listens on every address, the box's name (`<hostname>.local`, found by mDNS)."""
        host, port = self.host_port()
        if host in ("0.0.0.0", "::", ""):
            host = f"{hostname}.local"
        elif ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{port}/"

    @field_validator("bind")
    @classmethod
    def _port(cls, bind: str) -> str:
        port = int(bind.rpartition(":")[2])
        if not 1 <= port <= 65535:
            raise ConfigurationError(f"a port is 1..65535, not {port}")
        return bind

    def host_port(self) -> tuple[str, int]:
        host, _, port = self.bind.rpartition(":")
        return host.strip("[]"), int(port)


class Settings(Strict):
    language: Literal["de", "en"] = "de"
    web: Web = Web()
    buttons: Buttons = Buttons()
    display: Display = Display()
    reader: Reader = Reader()
    decks: list[Path] = []  # card data files (JSON), read by the games that use cards
    # strict: the decks keep their game's rules (checked at start); free: a designer's box,
    # decks of other sizes allowed, and a new game asks which rules it is played by
    deck_rules: Literal["strict", "free"] = "strict"
    # true: a player's cursor and lists open on the box's own choice for them (its hint,
    # unsaid; a teaching game, solo play), searched once the turn's frame is shown; false
    # (two people playing: no help nobody asked for): they open where the game puts them
    suggest: bool = False

    @field_validator("decks")
    @classmethod
    def _decks_exist(cls, decks: list[Path]) -> list[Path]:
        for deck in decks:
            if not deck.is_file():
                raise ConfigurationError(f"deck file {deck} does not exist")
        return decks


class ConfigError(ConfigurationError):
    """One line: which file, which key, what is wrong."""


def load(path: Path | None) -> Settings:
    """Read the config: `path` if given (it must exist), else the default file if present."""
    if path is None:
        if not DEFAULT_PATH.exists():
            return Settings()
        path = DEFAULT_PATH
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"config {path}: no such file") from None
    except OSError as error:
        raise ConfigError(f"config {path}: cannot read: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"config {path}: not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"config {path}: nested too deeply to be a config") from None
    try:
        return Settings.model_validate(data)
    except RecursionError:
        raise ConfigError(f"config {path}: nested too deeply to be a config") from None
    except ValidationError as error:
        e = error.errors()[0]
        key = ".".join(str(p) for p in e["loc"]) or "(top level)"
        raise ConfigError(f"config {path}: {key}: {e['msg']}") from None


def state_directory(explicit: str | None) -> Path:
    """--state-dir, else $STATE_DIRECTORY (systemd), else the user's XDG state directory."""
    if explicit:
        return Path(explicit)
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "tabletop"
