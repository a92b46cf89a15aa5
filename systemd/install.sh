#!/bin/bash
# Install (or update) the tabletop box on Raspberry Pi OS. Idempotent: run it again after a
# git pull to update. Run from a clone of the repository:
#
#     sudo systemd/install.sh [--enable-interfaces] [--web | --no-web]
#
# --enable-interfaces  also turn on I2C, SPI and the serial port and turn off the serial
#                      console (raspi-config); a reboot is needed after that.
# --web                also install and start the read-only web page (tabletop-web.service,
#                      its own user tabletop-web, port 8080 or the config's web.bind).
# --no-web             stop and remove the web page's service (without either: left as is).
# DRY_RUN=1            print what would be done, change nothing.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/tabletop
CONFIG_DIR=/etc/tabletop
UNIT=/etc/systemd/system/tabletop.service
USER_NAME=tabletop
WEB_UNIT=/etc/systemd/system/tabletop-web.service
WEB_USER=tabletop-web
ENABLE_INTERFACES=0
WEB=keep
for arg in "$@"; do
    case "$arg" in
        --enable-interfaces) ENABLE_INTERFACES=1 ;;
        --web) WEB=on ;;
        --no-web) WEB=off ;;
        *) echo "install.sh: unknown option $arg (use --enable-interfaces, --web or --no-web)" >&2
           exit 2 ;;
    esac
done

run() {
    if [ "${DRY_RUN:-0}" = 1 ]; then echo "+ $*"; else "$@"; fi
}

if [ "${DRY_RUN:-0}" != 1 ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run it with sudo" >&2
    exit 1
fi

# 1. packages: venv, lgpio (gpiozero's pin library on a Pi 5) and Pillow, from the
#    distribution's signed packages
run apt-get install -y --no-install-recommends python3-venv python3-lgpio python3-pil

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

# 3. the code and its virtual environment (system site packages: python3-lgpio, -pil).
#    Dependencies at the exact versions and file hashes of systemd/requirements.lock (written
#    by systemd/lock.sh), nothing resolved at install time; the code owned by root, read-only
#    for the service user.
run mkdir -p "$PREFIX"
run rm -rf "$PREFIX/src"
run cp -a "$SRC" "$PREFIX/src"
run rm -rf "$PREFIX/src/.venv" "$PREFIX/src/.git"
run chown -R root:root "$PREFIX/src"
run chmod -R u+rwX,go+rX,go-w "$PREFIX/src"
if [ ! -x "$PREFIX/venv/bin/python" ]; then
    run python3 -m venv --system-site-packages "$PREFIX/venv"
fi
run "$PREFIX/venv/bin/pip" install --quiet --require-hashes --no-deps \
    -r "$PREFIX/src/systemd/requirements.lock"
run "$PREFIX/venv/bin/pip" install --quiet --no-deps --no-build-isolation --no-index \
    --upgrade "$PREFIX/src"
run chown -R root:root "$PREFIX/venv"

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

# 6. the service; the card reader's port (if the config names one the unit does not list)
#    is allowed in a drop-in, so the service reaches that serial device and no other
run cp "$SRC/systemd/tabletop.service" "$UNIT"
PORT=$("$PREFIX/venv/bin/python" -c 'import sys, tomllib
try:
    c = tomllib.load(open(sys.argv[1], "rb"))
except (OSError, ValueError):
    c = {}
r = c.get("reader", {})
print(r.get("port", "/dev/serial0") if r.get("type", "pn532") != "none" else "")
' "$CONFIG_DIR/config.toml" 2>/dev/null || echo "/dev/serial0")
DROPIN="$UNIT.d/reader.conf"
case "$PORT" in
    ""|/dev/serial0|/dev/ttyAMA0|/dev/ttyS0) run rm -f "$DROPIN" ;;
    /dev/*)
        run mkdir -p "$UNIT.d"
        if [ "${DRY_RUN:-0}" = 1 ]; then
            echo "+ write $DROPIN: DeviceAllow=$PORT rw"
        else
            printf '[Service]\nDeviceAllow=%s rw\n' "$PORT" > "$DROPIN"
        fi
        ;;
    *) echo "install.sh: reader.port $PORT is not under /dev; not allowed in the unit" >&2 ;;
esac
run systemctl daemon-reload
run systemctl enable tabletop.service
run systemctl restart tabletop.service

# 7. the web page, if asked: its own user, in the box's group (it reads the saved games and
#    nothing else there; the box's unit keeps them group-readable), its own hardened unit
if [ "$WEB" = on ]; then
    if ! id "$WEB_USER" >/dev/null 2>&1; then
        run useradd --system --no-create-home --home-dir / --shell /usr/sbin/nologin "$WEB_USER"
    fi
    run usermod -a -G "$USER_NAME" "$WEB_USER"
    run cp "$SRC/systemd/tabletop-web.service" "$WEB_UNIT"
    run systemctl daemon-reload
    run systemctl enable tabletop-web.service
    run systemctl restart tabletop-web.service
    echo "install.sh: the web page is on (the box's menu, Web-Seite, shows its address)"
elif [ "$WEB" = off ] && [ -e "$WEB_UNIT" ]; then
    run systemctl disable --now tabletop-web.service
    run rm -f "$WEB_UNIT"
    run systemctl daemon-reload
    echo "install.sh: the web page is off"
fi
echo "install.sh: done. Check the parts: sudo -u $USER_NAME $PREFIX/venv/bin/tabletop doctor"
