#!/bin/bash
# Write the locks: exact versions, each with the SHA-256 of every file pip may pick on a
# Raspberry Pi (64-bit aarch64 and 32-bit armv7l; Python 3.11 = bookworm, 3.13 = trixie).
# Everything installed on the Pi is installed from them with pip's --require-hashes, so a
# changed or substituted file is refused (and on 32-bit Raspberry Pi OS, whose pip also asks
# piwheels, pip passes over piwheels' own builds: their hashes are not in the lock).
#
#     systemd/lock.sh [runtime] [lgpio] [checks]
#                                # after changing a version below (all three without a name;
#                                # about 10 minutes); commit the new locks
#
#   systemd/requirements.lock    the box's runtime packages (install.sh)
#   systemd/lgpio.lock           lgpio, where the system has no python3-lgpio (plain Debian);
#                                Python 3.11 only: it has no wheels for 3.13
#   hardware_tests/requirements.lock
#                                pytest, for the wired checks (hardware_tests/run.sh)
#
# Pillow is not in a lock: it comes from Debian's signed packages (python3-pil), as lgpio
# does on Raspberry Pi OS (python3-lgpio), through the venv's system site packages.
set -euo pipefail
cd "$(dirname "$0")"
PIP=${PIP:-../.venv/bin/pip}
RUNTIME=(
    "pydantic==2.14.4" "pydantic-core==2.50.5" "annotated-types==0.8.0"
    "typing-extensions==4.16.0" "typing-inspection==0.4.5"
    "gpiozero==2.0.1.post3" "colorzero==2.0"
    "luma.oled==3.16.0" "luma.core==2.6.0" "smbus2==0.6.1" "cbor2==5.9.0"
    "pyserial==3.5" "setuptools==80.9.0" "wheel==0.45.1"
    "starlette==1.10.0" "anyio==4.16.0" "idna==3.20" "uvicorn==0.55.0" "h11==0.16.0"
    "click==8.5.1" "jinja2==3.1.6" "markupsafe==3.0.4" "segno==1.6.6"
)
LGPIO=("lgpio==0.2.2.0")
CHECKS=("pytest==9.2.0" "pluggy==1.7.0" "iniconfig==2.3.1" "packaging==26.4" "pygments==2.21.0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# lock FILE PYTHONS PIN...: every wheel of each pin for the Pi's platforms and the given
# Pythons, and its sdist where there is one
lock() {
    local file=$1 pythons=$2
    shift 2
    for pin in "$@"; do
        for plat in manylinux_2_17_aarch64 manylinux_2_34_aarch64 manylinux_2_17_armv7l \
            linux_armv7l; do
            for py in $pythons; do
                "$PIP" download --quiet --no-deps --only-binary=:all: --platform "$plat" \
                    --python-version "$py" --implementation cp -d "$work/$pin" "$pin" \
                    >/dev/null 2>&1 || true
            done
        done
        "$PIP" download --quiet --no-deps --no-binary=:all: -d "$work/$pin" "$pin" \
            >/dev/null 2>&1 || true
        if ! ls "$work/$pin"/* >/dev/null 2>&1; then
            echo "lock.sh: no file found for $pin" >&2
            exit 1
        fi
    done
    {
        echo "# Written by systemd/lock.sh: exact versions and the hashes of their files."
        echo "# Installed with pip --require-hashes --no-deps."
        for pin in "$@"; do
            printf '%s' "$pin"
            for path in "$work/$pin"/*; do
                printf ' \\\n    --hash=sha256:%s' "$(sha256sum "$path" | cut -d' ' -f1)"
            done
            printf '\n'
        done
    } >"$file"
    echo "lock.sh: wrote $file ($(grep -c '==' "$file") packages)"
}
for name in "${@:-runtime lgpio checks}"; do
    for one in $name; do
        case "$one" in
            runtime) lock requirements.lock "3.11 3.13" "${RUNTIME[@]}" ;;
            lgpio) lock lgpio.lock "3.11" "${LGPIO[@]}" ;;
            checks) lock ../hardware_tests/requirements.lock "3.11 3.13" "${CHECKS[@]}" ;;
            *) echo "lock.sh: no lock '$one' (runtime, lgpio or checks)" >&2; exit 2 ;;
        esac
    done
done
