#!/bin/bash
# Install (or update) the tabletop box on a Raspberry Pi: Raspberry Pi OS bookworm (64- or
# 32-bit) or plain Debian bookworm (arm64 or armhf). Idempotent: run it again after a git
# pull to update. Run from a clone of the repository:
#
#     sudo systemd/install.sh [--enable-interfaces] [--web | --no-web]
#
# --enable-interfaces  also turn on I2C, SPI and the serial port and turn off the serial
#                      console (raspi-config, or config.txt where there is no raspi-config);
#                      the service then starts after the reboot this needs, not before.
# --web                also install and start the read-only web page (tabletop-web.service,
#                      its own user tabletop-web, port 8080 or the config's web.bind).
# --no-web             stop and remove the web page's service (without either: left as is).
# DRY_RUN=1            print what would be done, change nothing.
# SYSROOT=DIR          with DRY_RUN: read the system's files (os-release, config.txt, ...)
#                      under DIR instead of / (a preview of another system; the tests).
#
# Each step says what it does; the tools' own output goes to $LOG. A step that fails ends
# the script with one line: what failed and what to do.
set -euo pipefail
set -o errtrace

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/tabletop
CONFIG_DIR=/etc/tabletop
UNIT=/etc/systemd/system/tabletop.service
USER_NAME=tabletop
WEB_UNIT=/etc/systemd/system/tabletop-web.service
WEB_USER=tabletop-web
LOG=/var/log/tabletop-install.log
GROUPS_NEEDED="gpio i2c spi dialout"  # the unit's SupplementaryGroups: each must exist
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
DRY=${DRY_RUN:-0}
if [ "$DRY" != 1 ]; then SYSROOT=""; else SYSROOT=${SYSROOT:-}; fi

say() { echo "install.sh: $*"; }
# run CMD...: do it (its output to the log), or print it in a dry run
run() {
    if [ "$DRY" = 1 ]; then echo "+ $*"; else "$@" >>"$LOG" 2>&1; fi
}
# put TEXT FILE: write a file (or print what would be written)
put() {
    if [ "$DRY" = 1 ]; then echo "+ write $2: ${1//$'\n'/ / }"; else printf '%s\n' "$1" >"$2"; fi
}
STEP="starting"
FIX="run it again; if it fails the same way, report the log"
step() {  # step NAME FIX: what is done now, and what to do if it fails
    STEP=$1
    FIX=$2
    say "$STEP ..."
}
failed() {
    local code=$?
    trap - ERR
    echo "install.sh: $STEP failed (exit $code): $FIX (the tools' output: $LOG)" >&2
    exit 1
}
trap failed ERR

if [ "$DRY" != 1 ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run it as root: sudo $0${*:+ $*}" >&2
    exit 1
fi
if [ "$DRY" != 1 ]; then
    : >>"$LOG"
    echo "--- install.sh $* at $(date -Is)" >>"$LOG"
fi
START=$SECONDS

# --- what this system is --------------------------------------------------------------------
OS_ID=unknown OS_CODENAME=unknown OS_NAME="an unknown system"
if [ -r "$SYSROOT/etc/os-release" ]; then
    # shellcheck disable=SC1091
    OS_ID=$(. "$SYSROOT/etc/os-release" && echo "${ID:-unknown}")
    OS_CODENAME=$(. "$SYSROOT/etc/os-release" && echo "${VERSION_CODENAME:-unknown}")
    OS_NAME=$(. "$SYSROOT/etc/os-release" && echo "${PRETTY_NAME:-$OS_ID}")
fi
ARCH=$(dpkg --print-architecture 2>/dev/null || echo unknown)
RPI_OS=0  # Raspberry Pi OS: its images carry /etc/rpi-issue (and ID=raspbian on 32-bit)
if [ -e "$SYSROOT/etc/rpi-issue" ] || [ "$OS_ID" = raspbian ]; then RPI_OS=1; fi
SYSTEMD=0  # systemd running as init (not in a chroot or a container without it)
if [ -d "$SYSROOT/run/systemd/system" ]; then SYSTEMD=1; fi
if [ "$RPI_OS" = 1 ]; then KIND="Raspberry Pi OS"; else KIND="$OS_NAME"; fi
say "on $KIND ($ARCH)$([ "$SYSTEMD" = 1 ] || echo ', systemd not running')"
if [ "$OS_CODENAME" != bookworm ] || { [ "$OS_ID" != debian ] && [ "$OS_ID" != raspbian ]; } ||
    { [ "$ARCH" != arm64 ] && [ "$ARCH" != armhf ]; }; then
    say "note: made for Raspberry Pi OS or Debian bookworm on arm64 or armhf; going on," \
        "but this system was not tried (docs/install.md, 'Systems')"
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install.sh: no apt-get here: the box installs on Raspberry Pi OS or Debian" \
        "(docs/install.md, 'Systems')" >&2
    exit 1
fi

# --- 1. the system's packages ---------------------------------------------------------------
step "1/6 the system's packages (apt-get, 1-5 min)" \
    "check the network and /etc/apt/sources.list (sudo apt-get update says which source fails), then run it again"
# apt waits up to 10 minutes for another apt (a fresh Pi's automatic updates) to finish
APT_WAIT=(-o DPkg::Lock::Timeout=600)
# apt-get update says a source it cannot reach only as a warning (and exits 0): the lists
# it has may still do, so that is a note, and the install below says if they do not
if [ "$DRY" = 1 ]; then
    echo "+ apt-get update"
else
    UPDATE=$(LC_ALL=C apt-get "${APT_WAIT[@]}" update 2>&1) && code=0 || code=$?
    echo "$UPDATE" >>"$LOG"
    if [ "$code" != 0 ]; then (exit "$code"); fi
    if grep -q '^W: \(Failed to fetch\|Some index files failed\)' <<<"$UPDATE"; then
        say "note: apt-get update could not reach every source (the log says which);" \
            "going on with the package lists this system has"
    fi
fi
# lgpio (gpiozero's pin library, the only one on a Pi 5) is python3-lgpio in the Raspberry
# Pi archive; where that archive is absent (plain Debian) it comes from systemd/lgpio.lock
LGPIO=lock
if apt-cache show python3-lgpio >/dev/null 2>&1; then LGPIO=apt; fi
PACKAGES="python3-venv python3-pil"
if [ "$LGPIO" = apt ]; then PACKAGES="$PACKAGES python3-lgpio"; fi
# shellcheck disable=SC2086
run env DEBIAN_FRONTEND=noninteractive apt-get "${APT_WAIT[@]}" install -y \
    --no-install-recommends $PACKAGES
if [ "$LGPIO" = lock ]; then
    PY=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo none)
    case "$PY" in
        3.11) ;;
        *) STEP="1/6 lgpio"
           FIX="no python3-lgpio in this system's archive and no lgpio wheel for Python $PY: add the Raspberry Pi archive (docs/install.md, 'Systems')"
           false ;;
    esac
fi

# --- 2. the service user, in the groups that own the devices --------------------------------
step "2/6 the user $USER_NAME and the device groups" \
    "see that useradd, groupadd and usermod work here (a read-only /etc?)"
if ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --home-dir /var/lib/tabletop --no-create-home \
        --shell /usr/sbin/nologin "$USER_NAME"
fi
for group in $GROUPS_NEEDED; do
    # the unit names each of them: a missing one would keep the service from starting
    if ! getent group "$group" >/dev/null; then
        run groupadd --system "$group"
    fi
    run usermod -a -G "$group" "$USER_NAME"
done
# Raspberry Pi OS gives these groups the Pi's pins, I2C and SPI (its 99-com.rules); plain
# Debian does not, so the box brings the rules
RULES=/etc/udev/rules.d/60-tabletop.rules
if [ ! -e "$SYSROOT/etc/udev/rules.d/99-com.rules" ]; then
    run mkdir -p /etc/udev/rules.d
    run cp "$SRC/systemd/60-tabletop.rules" "$RULES"
    if [ "$SYSTEMD" = 1 ]; then
        run udevadm control --reload
        run udevadm trigger --subsystem-match=gpio --subsystem-match=i2c-dev \
            --subsystem-match=spidev
    fi
fi

# --- 3. the code and its virtual environment ------------------------------------------------
#    (system site packages: python3-pil, python3-lgpio). Dependencies at the exact versions
#    and file hashes of systemd/requirements.lock (written by systemd/lock.sh), nothing
#    resolved at install time; the code owned by root, read-only for the service user.
step "3/6 the box's code and its Python packages in $PREFIX (pip, 1-10 min)" \
    "check the network (pip fetches the locked files from pypi.org) and the free space; the log names the file that failed"
run mkdir -p "$PREFIX"
run rm -rf "$PREFIX/src"
run cp -a "$SRC" "$PREFIX/src"
run rm -rf "$PREFIX/src/.venv" "$PREFIX/src/.git" "$PREFIX/src/hardware_tests/.venv"
run chown -R root:root "$PREFIX/src"
run chmod -R u+rwX,go+rX,go-w "$PREFIX/src"
if [ ! -x "$PREFIX/venv/bin/pip" ]; then  # none yet, or one left half-made
    run rm -rf "$PREFIX/venv"
    run python3 -m venv --system-site-packages "$PREFIX/venv"
fi
run "$PREFIX/venv/bin/pip" install --quiet --require-hashes --no-deps \
    -r "$PREFIX/src/systemd/requirements.lock"
if [ "$LGPIO" = lock ]; then
    run "$PREFIX/venv/bin/pip" install --quiet --require-hashes --no-deps \
        -r "$PREFIX/src/systemd/lgpio.lock"
fi
run "$PREFIX/venv/bin/pip" install --quiet --no-deps --no-build-isolation --no-index \
    --upgrade "$PREFIX/src"
run chown -R root:root "$PREFIX/venv"

# --- 4. the config, from the example if there is none ---------------------------------------
step "4/6 the config $CONFIG_DIR/config.toml" "see that $CONFIG_DIR can be written"
run mkdir -p "$CONFIG_DIR"
if [ ! -e "$CONFIG_DIR/config.toml" ]; then
    run cp "$SRC/config.example.toml" "$CONFIG_DIR/config.toml"
fi

# --- 5. the interfaces, if asked ------------------------------------------------------------
#    A reboot is due only where something was changed (an install run again after a pull
#    starts the box as usual).
REBOOT=0
MANUAL=""
LINES=(dtparam=i2c_arm=on dtparam=spi=on enable_uart=1)
# add_lines FILE SECTION LINE...: the lines FILE lacks, at its end, under SECTION if given
# ([all]: a config.txt that ends in a [pi4] section would take them for that model only);
# REBOOT=1 if any was added
add_lines() {
    local file=$1 section=$2 line missing=()
    shift 2
    for line in "$@"; do
        grep -qxF "$line" "$SYSROOT$file" 2>/dev/null || missing+=("$line")
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    REBOOT=1
    if [ "$DRY" = 1 ]; then
        echo "+ append to $file: $section${section:+ }${missing[*]}"
        return 0
    fi
    {
        if [ -s "$file" ] && [ -n "$(tail -c1 "$file")" ]; then echo; fi  # its last line ended
        echo "# I2C, SPI and the serial port for the tabletop box (systemd/install.sh)"
        if [ -n "$section" ]; then echo "$section"; fi
        printf '%s\n' "${missing[@]}"
    } 2>/dev/null >>"$file"
}
if [ "$ENABLE_INTERFACES" = 1 ]; then
    step "5/6 I2C, SPI and the serial port on, the serial console off" \
        "turn them on by hand as docs/install.md says ('The interfaces by hand')"
    if command -v raspi-config >/dev/null 2>&1; then
        # get_*: 0 where it is on already (the console: 1 where it is off already)
        for want in "i2c 0" "spi 0" "serial_hw 0" "serial_cons 1"; do
            read -r name value <<<"$want"
            if [ "$DRY" = 1 ] || [ "$(raspi-config nonint "get_$name" 2>/dev/null)" != "$value" ]
            then
                run raspi-config nonint "do_$name" "$value"
                REBOOT=1
            fi
        done
    elif [ -x "$SYSROOT/etc/kernel/postinst.d/z50-raspi-firmware" ]; then
        # Debian's raspi-firmware writes config.txt and cmdline.txt anew at each kernel
        # update: the lines go to its custom file, the consoles to its settings
        add_lines /etc/default/raspi-firmware-custom "[all]" "${LINES[@]}"
        if ! grep -q '^CONSOLES="tty0"$' "$SYSROOT/etc/default/raspi-firmware" 2>/dev/null; then
            REBOOT=1
            run sed -i -e '/^CONSOLES=/d' /etc/default/raspi-firmware
            add_lines /etc/default/raspi-firmware "" 'CONSOLES="tty0"'
        fi
        if [ "$REBOOT" = 1 ]; then
            if ls "$SYSROOT"/boot/vmlinuz-* >/dev/null 2>&1; then
                run env DEB_MAINT_PARAMS=configure /etc/kernel/postinst.d/z50-raspi-firmware
            else
                MANUAL="no kernel in /boot yet: the settings take effect when raspi-firmware next runs"
            fi
        fi
        put "i2c-dev" /etc/modules-load.d/tabletop-i2c.conf
    else
        BOOT=""
        for dir in /boot/firmware /boot; do
            if [ -e "$SYSROOT$dir/config.txt" ]; then BOOT=$dir; break; fi
        done
        if [ -n "$BOOT" ]; then
            add_lines "$BOOT/config.txt" "[all]" "${LINES[@]}"
            if grep -Eq 'console=(serial0|ttyAMA0|ttyS0|ttyS1),' "$SYSROOT$BOOT/cmdline.txt" \
                2>/dev/null; then
                REBOOT=1
                run sed -i -E 's/(^| )console=(serial0|ttyAMA0|ttyS0|ttyS1),[0-9]+//g' \
                    "$BOOT/cmdline.txt"
            fi
            put "i2c-dev" /etc/modules-load.d/tabletop-i2c.conf
        else
            MANUAL="no raspi-config and no config.txt here: turn on I2C, SPI and the UART and turn off the serial console by hand (docs/install.md, 'The interfaces by hand')"
        fi
    fi
fi

# --- 6. the service -------------------------------------------------------------------------
#    The card reader's port (if the config names one the unit does not list) is allowed in a
#    drop-in, so the service reaches that serial device and no other. `systemctl enable`
#    works without a running systemd (it only makes links); reload and start need one.
step "6/6 the service tabletop.service" "see that /etc/systemd/system can be written"
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
        put "$(printf '[Service]\nDeviceAllow=%s rw' "$PORT")" "$DROPIN"
        ;;
    *) say "note: reader.port $PORT is not under /dev; not allowed in the unit" ;;
esac
if [ "$SYSTEMD" = 1 ]; then run systemctl daemon-reload; fi
run systemctl enable tabletop.service
if [ "$SYSTEMD" = 1 ] && [ "$REBOOT" = 0 ]; then run systemctl restart tabletop.service; fi

# --- the web page, if asked -----------------------------------------------------------------
#    Its own user, in the box's group (it reads the saved games and nothing else there; the
#    box's unit keeps them group-readable), its own hardened unit.
if [ "$WEB" = on ]; then
    step "the web page tabletop-web.service" "see that useradd and /etc/systemd/system work"
    if ! id "$WEB_USER" >/dev/null 2>&1; then
        run useradd --system --no-create-home --home-dir / --shell /usr/sbin/nologin "$WEB_USER"
    fi
    run usermod -a -G "$USER_NAME" "$WEB_USER"
    run cp "$SRC/systemd/tabletop-web.service" "$WEB_UNIT"
    if [ "$SYSTEMD" = 1 ]; then run systemctl daemon-reload; fi
    run systemctl enable tabletop-web.service
    if [ "$SYSTEMD" = 1 ]; then run systemctl restart tabletop-web.service; fi
    say "the web page is on (the box's menu, Web-Seite, shows its address)"
elif [ "$WEB" = off ] && [ -e "$WEB_UNIT" ]; then
    step "the web page off" "see that systemctl and /etc/systemd/system work"
    if [ "$SYSTEMD" = 1 ]; then
        run systemctl disable --now tabletop-web.service
    else
        run systemctl disable tabletop-web.service
    fi
    run rm -f "$WEB_UNIT"
    if [ "$SYSTEMD" = 1 ]; then run systemctl daemon-reload; fi
    say "the web page is off"
fi

trap - ERR
say "done in $((SECONDS - START)) s (lgpio from $([ "$LGPIO" = apt ] && echo python3-lgpio || echo systemd/lgpio.lock))."
if [ -n "$MANUAL" ]; then say "left to do: $MANUAL"; fi
if [ "$REBOOT" = 1 ]; then
    say "reboot now (sudo reboot): the interfaces turn on and the box starts then"
elif [ "$SYSTEMD" = 0 ]; then
    say "systemd is not running here (a chroot or a container): the service is" \
        "enabled and starts at the next boot"
else
    say "the box is running (journalctl -u tabletop -f shows its log)"
fi
say "check the parts: sudo -u $USER_NAME $PREFIX/venv/bin/tabletop doctor" \
    "--config $CONFIG_DIR/config.toml"
