#!/bin/bash
# Write systemd/requirements.lock: the box's runtime packages at exact versions, each with the
# SHA-256 of every file pip may pick on a Raspberry Pi (64-bit aarch64 and 32-bit armv7l,
# Python 3.11 = Raspberry Pi OS bookworm and 3.13 = trixie). install.sh installs from it with
# pip's --require-hashes, so a changed or substituted file is refused.
#
#     systemd/lock.sh            # after changing a version below; commit the new lock
#
# Pillow and lgpio are not in the lock: they come from Debian's packages (python3-pil,
# python3-lgpio), signed by the distribution, through the venv's system site packages.
set -euo pipefail
cd "$(dirname "$0")"
PIP=${PIP:-../.venv/bin/pip}
PINS=(
    "pydantic==2.14.4" "pydantic-core==2.50.5" "annotated-types==0.8.0"
    "typing-extensions==4.16.0" "typing-inspection==0.4.5"
    "gpiozero==2.0.1.post3" "colorzero==2.0"
    "luma.oled==3.16.0" "luma.core==2.6.0" "smbus2==0.6.1" "cbor2==5.9.0"
    "pyserial==3.5" "setuptools==80.9.0" "wheel==0.45.1"
    "starlette==1.10.0" "anyio==4.16.0" "idna==3.20" "uvicorn==0.55.0" "h11==0.16.0"
    "click==8.5.1" "jinja2==3.1.6" "markupsafe==3.0.4" "segno==1.6.6"
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for pin in "${PINS[@]}"; do
    # every wheel for the Pi's platforms and Pythons, and the sdist where there is one
    for plat in manylinux_2_17_aarch64 manylinux_2_17_armv7l linux_armv7l; do
        for py in 3.11 3.13; do
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
    echo "# Installed by systemd/install.sh with pip --require-hashes --no-deps."
    for pin in "${PINS[@]}"; do
        printf '%s' "$pin"
        for file in "$work/$pin"/*; do
            printf ' \\\n    --hash=sha256:%s' "$(sha256sum "$file" | cut -d' ' -f1)"
        done
        printf '\n'
    done
} > requirements.lock
echo "lock.sh: wrote systemd/requirements.lock ($(grep -c '==' requirements.lock) packages)"
