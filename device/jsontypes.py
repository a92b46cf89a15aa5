"""JSON as the box saves and reads it back (a game's view, the screen, an action's record,
a report's figures)."""

from __future__ import annotations

from typing import Any

# A JSON object: Any, as JSON is; its reader checks it (pydantic, a game's `view_parse`)
# before anything uses it.
JsonObject = dict[str, Any]
