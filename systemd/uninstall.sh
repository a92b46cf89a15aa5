#!/bin/bash
# Remove the tabletop service and its code. Saved games (/var/lib/tabletop) and the config
# (/etc/tabletop) stay unless --purge is given.
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

for unit in tabletop-web.service tabletop.service; do
    if systemctl list-unit-files "$unit" >/dev/null 2>&1; then
        run systemctl disable --now "$unit" || true
    fi
    run rm -f "/etc/systemd/system/$unit"
done
run systemctl daemon-reload
run rm -rf /opt/tabletop
if [ "$PURGE" = 1 ]; then
    run rm -rf /var/lib/tabletop /etc/tabletop
    for user in tabletop-web tabletop; do
        if id "$user" >/dev/null 2>&1; then
            run userdel "$user"
        fi
    done
fi
echo "uninstall.sh: done"
