#!/bin/bash
# The wired checks on the Pi, set up and run in one command, after systemd/install.sh:
#
#     sudo hardware_tests/run.sh [pytest options]
#
# With sudo it checks the box as installed: the code in /opt/tabletop/src, run as the user
# tabletop (so the checks reach the parts through the device groups the service has), with
# their own environment in /opt/tabletop/checks; the box's service is stopped while the
# checks hold its parts and started again after. Without sudo (a Pi used for development,
# the box not running) it checks the clone as you, with hardware_tests/.venv.
#
# The environment has the system's python3-pil and, on Raspberry Pi OS, python3-lgpio; the
# box's packages, pytest and, where the system has no python3-lgpio, lgpio come from the
# locks (pip --require-hashes: each file's hash checked). The checks ask things (-s): they
# show a test pattern to confirm, ask for each button in turn and read a card tap. The
# config: TABLETOP_CONFIG (sudo TABLETOP_CONFIG=... hardware_tests/run.sh), else
# /etc/tabletop/config.toml, else the defaults. Off a Pi every check is skipped, with the
# reason.
set -euo pipefail
set -o errtrace
HERE=$(cd "$(dirname "$0")" && pwd)
STEP="starting"
FIX="run it again"
failed() {
    local code=$?
    trap - ERR
    echo "run.sh: $STEP failed (exit $code): $FIX (pip's output: $LOG)" >&2
    exit 1
}
trap failed ERR
say() { echo "run.sh: $*"; }

if [ "$(id -u)" = 0 ]; then
    SRC=/opt/tabletop/src
    VENV=/opt/tabletop/checks
    AS=(runuser -u tabletop --)
    if [ ! -d "$SRC/hardware_tests" ] || ! id tabletop >/dev/null 2>&1; then
        echo "run.sh: the box is not installed here: run sudo systemd/install.sh first" >&2
        exit 1
    fi
else
    SRC=$(dirname "$HERE")
    VENV=$HERE/.venv
    AS=()
fi
LOG=$VENV.log

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
if [ ! -x "$VENV/bin/pip" ]; then  # none yet, or one left half-made
    say "setting up $VENV (the first time takes a few minutes on a Pi) ..."
    rm -rf "$VENV"
    python3 -m venv --system-site-packages "$VENV" >"$LOG" 2>&1
fi
STEP="installing the box's packages and pytest from the locks"
FIX="check the network (pip fetches the locked files from pypi.org) and the free space"
LOCKS=(-r "$SRC/systemd/requirements.lock" -r "$SRC/hardware_tests/requirements.lock")
if ! "$VENV/bin/python" -c 'import importlib.util, sys
sys.exit(importlib.util.find_spec("lgpio") is None)'; then  # looked up, not imported (a pipe)
    LOCKS+=(-r "$SRC/systemd/lgpio.lock")
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check --require-hashes --no-deps \
    "${LOCKS[@]}" >>"$LOG" 2>&1
trap - ERR
say "running the checks of $SRC${AS[*]:+ as tabletop} (answer their questions here)"
cd "$SRC"
set +e
"${AS[@]}" env TABLETOP_HARDWARE=1 PYTHONPATH="$SRC" PYTHONDONTWRITEBYTECODE=1 \
    ${TABLETOP_CONFIG:+TABLETOP_CONFIG="$TABLETOP_CONFIG"} \
    "$VENV/bin/python" -m pytest -s -p no:cacheprovider hardware_tests "$@"
code=$?
if [ "$STOPPED" = 1 ]; then say "starting tabletop.service again"; fi
exit "$code"
