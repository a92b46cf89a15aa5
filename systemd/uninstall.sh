#!/bin/bash
# Remove the tabletop service and its code (and the checks' environment beside it). Saved
# games (/var/lib/tabletop), the config (/etc/tabletop) and install.sh's log stay unless
# --purge is given; so do the interfaces turned on and the device groups.
#
#     sudo systemd/uninstall.sh [--purge]
set -euo pipefail

PURGE=0
for arg in "$@"; do
    case "$arg" in
        --purge) PURGE=1 ;;
        *) echo "uninstall.sh: unknown option $arg (use --purge)" >&2; exit 2 ;;
    esac
done
run() {
    if [ "${DRY_RUN:-0}" = 1 ]; then echo "+ $*"; else "$@"; fi
}
if [ "${DRY_RUN:-0}" != 1 ] && [ "$(id -u)" != 0 ]; then
    echo "uninstall.sh: run it with sudo" >&2
    exit 1
fi

SYSTEMD=0  # systemd running as init (not in a chroot or a container without it)
if [ -d /run/systemd/system ]; then SYSTEMD=1; fi
for unit in tabletop-web.service tabletop.service; do
    if [ -e "/etc/systemd/system/$unit" ]; then
        if [ "$SYSTEMD" = 1 ]; then
            run systemctl disable --now "$unit" || true
        else
            run systemctl disable "$unit" || true
        fi
    fi
    run rm -rf "/etc/systemd/system/$unit" "/etc/systemd/system/$unit.d"
done
if [ "$SYSTEMD" = 1 ]; then run systemctl daemon-reload; fi
# what install.sh brought for plain Debian (the device groups stay: other programs may use
# them; the interfaces stay on, as they were turned on in the system's own files)
run rm -f /etc/udev/rules.d/60-tabletop.rules /etc/modules-load.d/tabletop-i2c.conf
run rm -rf /opt/tabletop
if [ "$PURGE" = 1 ]; then
    run rm -rf /var/lib/tabletop /etc/tabletop /var/log/tabletop-install.log
    for user in tabletop-web tabletop; do
        if id "$user" >/dev/null 2>&1; then
            run userdel "$user"
        fi
    done
fi
echo "uninstall.sh: done"
