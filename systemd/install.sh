#!/bin/bash
# Install (or update) the tabletop box on Raspberry Pi OS. Idempotent: run it again after a
# git pull to update. Run from a clone of the repository:
#
#     sudo systemd/install.sh [--enable-interfaces]
#
# --enable-interfaces  also turn on I2C, SPI and the serial port and turn off the serial
#                      console (raspi-config); a reboot is needed after that.
# DRY_RUN=1            print what would be done, change nothing.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/tabletop
CONFIG_DIR=/etc/tabletop
UNIT=/etc/systemd/system/tabletop.service
USER_NAME=tabletop
ENABLE_INTERFACES=0
for arg in "$@"; do
    case "$arg" in
        --enable-interfaces) ENABLE_INTERFACES=1 ;;
        *) echo "install.sh: unknown option $arg (use --enable-interfaces)" >&2; exit 2 ;;
    esac
done

run() {
    if [ "${DRY_RUN:-0}" = 1 ]; then echo "+ $*"; else "$@"; fi
}

if [ "${DRY_RUN:-0}" != 1 ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run it with sudo" >&2
    exit 1
fi

# 1. packages: venv, and lgpio (gpiozero's pin library on a Pi 5)
run apt-get install -y --no-install-recommends python3-venv python3-lgpio

# 2. the service user, in the groups that own the devices
if ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --home-dir /var/lib/tabletop --no-create-home \
        --shell /usr/sbin/nologin "$USER_NAME"
fi
for group in gpio i2c spi dialout; do
    if getent group "$group" >/dev/null; then
        run usermod -a -G "$group" "$USER_NAME"
    fi
done

# 3. the code and its virtual environment (system site packages: python3-lgpio)
run mkdir -p "$PREFIX"
run rm -rf "$PREFIX/src"
run cp -a "$SRC" "$PREFIX/src"
run rm -rf "$PREFIX/src/.venv" "$PREFIX/src/.git"
if [ ! -x "$PREFIX/venv/bin/python" ]; then
    run python3 -m venv --system-site-packages "$PREFIX/venv"
fi
run "$PREFIX/venv/bin/pip" install --quiet --upgrade "$PREFIX/src"

# 4. the config, from the example if there is none
run mkdir -p "$CONFIG_DIR"
if [ ! -e "$CONFIG_DIR/config.toml" ]; then
    run cp "$SRC/config.example.toml" "$CONFIG_DIR/config.toml"
fi

# 5. the interfaces, if asked
if [ "$ENABLE_INTERFACES" = 1 ]; then
    run raspi-config nonint do_i2c 0
    run raspi-config nonint do_spi 0
    run raspi-config nonint do_serial_hw 0
    run raspi-config nonint do_serial_cons 1
    echo "install.sh: I2C, SPI and the serial port are on; reboot before starting the box"
fi

# 6. the service
run cp "$SRC/systemd/tabletop.service" "$UNIT"
run systemctl daemon-reload
run systemctl enable tabletop.service
run systemctl restart tabletop.service
echo "install.sh: done. Check the parts: sudo -u $USER_NAME $PREFIX/venv/bin/tabletop doctor"
