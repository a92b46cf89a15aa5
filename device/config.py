"""The box's settings: one TOML file, validated (pydantic). Every key has a default, so the
box runs without a file; a bad file stops it with one line naming the key."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

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
    hold_s: float = Field(1.0, ge=0.2, le=5.0)  # holding ok this long opens the menu

    @model_validator(mode="after")
    def _distinct(self) -> Buttons:
        seen: dict[int, str] = {}
        for name, pin in self.pins().items():
            if pin in seen:
                raise ValueError(f"{seen[pin]} and {name} share pin {pin}")
            seen[pin] = name
        return self

    def pins(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in BUTTON_NAMES}


class Settings(Strict):
    language: Literal["de", "en"] = "de"
    buttons: Buttons = Buttons()


class ConfigError(ValueError):
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
    try:
        return Settings.model_validate(data)
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
