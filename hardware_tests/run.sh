#!/bin/bash
# The wired checks on the Pi, set up and run in one command from the clone (after
# systemd/install.sh, which brings python3-venv and the device groups):
#
#     sudo hardware_tests/run.sh [pytest options]
#
# It sets up a virtual environment (with the system's python3-pil and, on Raspberry Pi OS,
# python3-lgpio), installs the box's packages, pytest and, where the system has no
# python3-lgpio, lgpio from the locks (pip --require-hashes, the files' hashes checked), stops the box's service
# while the checks hold its parts and starts it again after, and runs the checks with -s:
# they show a test pattern to confirm, ask for each button and read a card tap. The config is
# TABLETOP_CONFIG, else /etc/tabletop/config.toml, else the defaults. Off a Pi every check
# is skipped, with the reason.
set -euo pipefail
set -o errtrace
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
# the checks' own environment: beside the service's when run as root (uninstall.sh removes
# both), else in the clone; the box's code is read from the clone, nothing is written there
if [ "$(id -u)" = 0 ]; then VENV=/opt/tabletop/checks; else VENV=$HERE/.venv; fi
VENV=${TABLETOP_CHECKS_VENV:-$VENV}
LOG=$VENV.log
say() { echo "run.sh: $*"; }
STEP="starting"
FIX="run it again"
failed() {
    local code=$?
    trap - ERR
    echo "run.sh: $STEP failed (exit $code): $FIX (pip's output: $LOG)" >&2
    exit 1
}
trap failed ERR

STOPPED=0
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet tabletop.service; then
    if [ "$(id -u)" != 0 ]; then
        echo "run.sh: the box's service holds the buttons, display and reader: stop it first" \
            "(sudo systemctl stop tabletop) or run this with sudo" >&2
        exit 1
    fi
    say "stopping tabletop.service while the checks run (started again after)"
    systemctl stop tabletop.service
    STOPPED=1
    trap 'systemctl start tabletop.service' EXIT
fi

STEP="setting up $VENV"
FIX="install python3-venv (sudo apt-get install python3-venv, or run systemd/install.sh)"
if [ ! -x "$VENV/bin/python" ]; then
    say "setting up $VENV (the first time takes a few minutes on a Pi) ..."
    python3 -m venv --system-site-packages "$VENV" >"$LOG" 2>&1
fi
STEP="installing the box's packages and pytest from the locks"
FIX="check the network (pip fetches the locked files from pypi.org)"
LOCKS=(-r "$SRC/systemd/requirements.lock" -r "$HERE/requirements.lock")
if ! "$VENV/bin/python" -c 'import lgpio' >/dev/null 2>&1; then
    LOCKS+=(-r "$SRC/systemd/lgpio.lock")
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check --require-hashes --no-deps \
    "${LOCKS[@]}" >>"$LOG" 2>&1
trap - ERR
say "running the checks (answer their questions here)"
cd "$SRC"
set +e
TABLETOP_HARDWARE=1 PYTHONPATH="$SRC" PYTHONDONTWRITEBYTECODE=1 "$VENV/bin/python" -m pytest -s -p no:cacheprovider hardware_tests "$@"
code=$?
if [ "$STOPPED" = 1 ]; then say "starting tabletop.service again"; fi
exit "$code"
