"""Test-wide settings: hypothesis profiles.

- `ci` (when CI is set, as in `.ci/run`): derandomized, no example database, so a run never
  fails at random; every counterexample ever found is an explicit `@example` in its test.
- `dev` (the default elsewhere): fresh randomness on every run.
- `TABLETOP_HYPOTHESIS=random ./dev test` forces fresh randomness (also under CI);
  `TABLETOP_HYPOTHESIS=soak` runs ten times the examples.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("random", derandomize=False)
settings.register_profile(
    "soak", max_examples=1000, suppress_health_check=[HealthCheck.too_slow], deadline=None
)
_profile = os.environ.get("TABLETOP_HYPOTHESIS") or ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(_profile)
