#!/bin/bash
# The install on an emulated Raspberry Pi, as a stranger follows docs/install.md: a Debian
# bookworm root for arm64 (or armhf) made with debootstrap and run under qemu-user-static,
# shaped like Debian's own Raspberry Pi images (its kernel, raspi-firmware, no Raspberry Pi
# archive: plain Debian, the harder of the two systems). In it:
#
#   - the repository cloned for a user "pi" (in the group sudo, as on Raspberry Pi OS), at
#     this clone's commit (uncommitted changes are not in it); what pi runs with sudo is run
#     as root in the clone (sudo cannot become root under qemu-user: see assudo below);
#   - `sudo systemd/install.sh --enable-interfaces`, then `sudo systemd/install.sh --web`
#     (an update), each checked: the units enabled without a running systemd, the device
#     groups, config.txt and cmdline.txt as the interfaces need, both units verified by
#     systemd-analyze and rated by its security check;
#   - `tabletop doctor` as the user tabletop from the clone (a folder it cannot write);
#   - `sudo hardware_tests/run.sh` (the wired checks set up; off a Pi they skip);
#   - `tabletop run --sim --script hardware_tests/whole_game.script`, a whole game, whose
#     frames must equal the same script's frames on this machine (from a clone of the same
#     commit, set up with ./dev);
#   - the failures a stranger meets: install.sh without sudo, an apt source that answers
#     404: each one line saying what to do.
#
#     sudo hardware_tests/emulated_pi.sh [--arch arm64|armhf] [--work DIR] [--fresh]
#
# --arch   the Pi's userland: arm64 (64-bit, default) or armhf (32-bit)
# --work   where the roots and logs go (default /var/tmp/tabletop-emulated-pi, ~1.5 GB)
# --fresh  build the base root again (else the one built before is reused: the first build
#          takes 10-25 minutes here, most of it debootstrap's second stage under emulation)
#
# Needs root, Debian's debootstrap, qemu-user-static and binfmt-support (installed here if
# missing) and binfmt_misc (mounted here if it is not: a container must be privileged). The
# network: Debian's archive and pypi.org. The root trusts what this machine trusts (its CA
# bundle is carried in and pip is pointed at it), so a proxy that re-signs TLS works inside.
# Exit 0 when every check passes; each check prints PASS or FAIL with what it saw.
set -euo pipefail
set -o errtrace  # the trap below in main() and every function it calls
trap 'echo "emulated_pi: stopped at line $LINENO ($BASH_COMMAND); the log: ${LOG:-none yet}" >&2' ERR

# The whole script is one function, read whole before it runs: editing this file while a
# check runs (it takes a while) cannot change the run.
main() {
ARCH=arm64
WORK=/var/tmp/tabletop-emulated-pi
FRESH=0
while [ $# -gt 0 ]; do
    case "$1" in
        --arch) ARCH=${2:-}; shift 2 ;;
        --work) WORK=${2:-}; shift 2 ;;
        --fresh) FRESH=1; shift ;;
        *) echo "emulated_pi.sh: unknown option $1 (use --arch, --work or --fresh)" >&2; exit 2 ;;
    esac
done
case "$ARCH" in
    arm64) QARCH=aarch64 KERNEL=linux-image-arm64 ;;
    armhf) QARCH=arm KERNEL=linux-image-armmp ;;
    *) echo "emulated_pi.sh: --arch is arm64 or armhf, not '$ARCH'" >&2; exit 2 ;;
esac
if [ "$(id -u)" != 0 ]; then
    echo "emulated_pi.sh: run it as root (sudo $0): it builds a root and mounts into it" >&2
    exit 1
fi
SRC=$(cd "$(dirname "$0")/.." && pwd)
BASE=$WORK/base-$ARCH.tar
ROOT=$WORK/root-$ARCH
LOG=$WORK/log-$ARCH.txt
HOST=$WORK/host
mkdir -p "$WORK"
: >"$LOG"
START=$SECONDS
FAILS=0
say() { echo "emulated_pi: $*"; }
die() { echo "emulated_pi: $*" >&2; exit 1; }
pass() { echo "PASS  $1${2:+ ($2)}"; }
fail() { echo "FAIL  $1: $2"; FAILS=$((FAILS + 1)); }
timed() {  # timed NAME CMD...: run it, log its output, say how long it took
    local name=$1 t0=$SECONDS
    shift
    if "$@" >>"$LOG" 2>&1; then
        say "$name: $((SECONDS - t0)) s"
    else
        local code=$?
        say "$name: failed (exit $code) after $((SECONDS - t0)) s; the log: $LOG"
        return "$code"
    fi
}

# --- this machine: the tools and binfmt_misc ------------------------------------------------
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
[ -x "/usr/bin/qemu-$QARCH-static" ] || need+=(qemu-user-static)
command -v update-binfmts >/dev/null || need+=(binfmt-support)
if [ ${#need[@]} -gt 0 ]; then
    say "installing ${need[*]} ..."
    { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${need[@]}"; } \
        >>"$LOG" 2>&1 || die "could not install ${need[*]} with apt-get (the log: $LOG)"
fi
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>>"$LOG" ||
        die "cannot mount binfmt_misc (an unprivileged container?): run this on a machine or in a privileged container"
fi
update-binfmts --enable "qemu-$QARCH" >>"$LOG" 2>&1 || true
grep -q '^enabled' "/proc/sys/fs/binfmt_misc/qemu-$QARCH" 2>/dev/null ||
    die "qemu-$QARCH is not registered in binfmt_misc (update-binfmts --enable qemu-$QARCH)"

# --- the base root: Debian bookworm as Debian's Raspberry Pi images have it -----------------
MOUNTS=()
cleanup() {
    local i
    for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do umount -l "${MOUNTS[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
unmount_all() {  # what an earlier run that was killed left mounted in the root (never removed)
    local target
    { grep -o " $ROOT/[^ ]*" /proc/mounts || true; } | sort -r | while read -r target; do
        umount -l "$target" || die "cannot unmount $target: remove it by hand"
    done
}
inroot() {  # inroot CMD...: run it in the root as root, with a clean environment
    chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM=dumb "$@"
}
aspi() {  # aspi 'SHELL COMMANDS': run them as pi (a login shell) in the clone
    inroot runuser -l pi -c "cd ~/tabletop && $1"
}
# assudo 'SHELL COMMANDS': what pi runs with sudo, run as root in the clone. Under qemu-user
# sudo cannot become root (binfmt_misc runs a set-user-ID program with the interpreter's
# credentials unless registered with its C flag, which Debian's qemu-user-static is not), so
# the emulated Pi starts it as root with sudo's clean environment instead.
assudo() {
    inroot bash -c "cd /home/pi/tabletop && $1"
}
mount_root() {
    mount -t proc proc "$ROOT/proc" && MOUNTS+=("$ROOT/proc")
    mount --bind /dev "$ROOT/dev" && MOUNTS+=("$ROOT/dev")
    mount --bind /dev/pts "$ROOT/dev/pts" && MOUNTS+=("$ROOT/dev/pts")
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    cp "/usr/bin/qemu-$QARCH-static" "$ROOT/usr/bin/"  # where binfmt's F flag is not set
}
if [ "$FRESH" = 1 ] || [ ! -s "$BASE" ]; then
    say "building the base root (Debian bookworm $ARCH; 10-25 min) ..."
    unmount_all
    rm -rf --one-file-system "$ROOT"
    # Raspberry Pi OS Lite brings sudo, git and python3; Debian's Pi images its kernel and
    # raspi-firmware (non-free-firmware), which write config.txt and cmdline.txt
    timed "debootstrap" debootstrap --arch="$ARCH" --variant=minbase \
        --components=main,non-free-firmware \
        --include=systemd,systemd-sysv,sudo,git,ca-certificates,python3,udev,kmod \
        bookworm "$ROOT" http://deb.debian.org/debian
    mount_root
    # the root never boots: a small initramfs (only the modules listed, none) is enough for
    # raspi-firmware to write config.txt, and takes seconds, not ten minutes, under emulation
    mkdir -p "$ROOT/etc/initramfs-tools/conf.d"
    echo "MODULES=list" >"$ROOT/etc/initramfs-tools/conf.d/tabletop-emulated.conf"
    timed "the kernel and raspi-firmware" inroot env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "$KERNEL" raspi-firmware initramfs-tools
    inroot apt-get clean
    cleanup
    MOUNTS=()
    tar -C "$ROOT" -cf "$BASE" .
else
    say "reusing the base root $BASE (--fresh builds it again)"
fi
unmount_all
rm -rf --one-file-system "$ROOT"
mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$BASE"
mount_root

# this machine's trust, carried in (see the top)
if [ -r /etc/ssl/certs/ca-certificates.crt ]; then
    cp /etc/ssl/certs/ca-certificates.crt "$ROOT/usr/local/share/ca-certificates/host-trust.crt"
    inroot update-ca-certificates >>"$LOG" 2>&1
    printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' >"$ROOT/etc/pip.conf"
fi

# the user pi, as Raspberry Pi OS makes its first user, and the clone
inroot useradd -m -s /bin/bash -G sudo pi
echo 'pi ALL=(ALL) NOPASSWD: ALL' >"$ROOT/etc/sudoers.d/010_pi-nopasswd"
chmod 0440 "$ROOT/etc/sudoers.d/010_pi-nopasswd"
COMMIT=$(git -C "$SRC" rev-parse HEAD)
if [ -n "$(git -C "$SRC" status --porcelain --untracked-files=no)" ]; then
    say "note: $SRC has uncommitted changes; the emulated Pi gets commit ${COMMIT:0:10} without them"
fi
git clone -q --no-hardlinks "$SRC" "$ROOT/home/pi/tabletop"
git -C "$ROOT/home/pi/tabletop" checkout -q "$COMMIT"
inroot chown -R pi:pi /home/pi/tabletop
say "Debian bookworm $ARCH under qemu-$QARCH, commit ${COMMIT:0:10}"

# --- the install, as docs/install.md says ---------------------------------------------------
install_as_pi() {  # install_as_pi N FLAGS: as pi, sudo systemd/install.sh FLAGS
    OUT=$WORK/install-$1-$ARCH.txt
    local t0=$SECONDS
    if assudo "systemd/install.sh $2" >"$OUT" 2>&1; then
        pass "install.sh $2" "$((SECONDS - t0)) s"
    else
        fail "install.sh $2" "exit $?: $(tail -1 "$OUT")"
    fi
    SECS=$((SECONDS - t0))
    cat "$OUT" >>"$LOG"
}
install_as_pi 1 --enable-interfaces
INSTALL_S=$SECS
# (that the service is not started before this reboot: tests/test_install.py, where systemd
# runs; here it does not)
grep -q "reboot now" "$OUT" && pass "a reboot asked for, for the interfaces" ||
    fail "a reboot asked for" "$(tail -2 "$OUT" | head -1)"
grep -q "lgpio from systemd/lgpio.lock" "$OUT" &&
    pass "lgpio from the lock (no Raspberry Pi archive)" ||
    fail "lgpio from the lock" "$(grep 'done in' "$OUT" || echo 'install.sh did not finish')"
[ "$(inroot systemctl is-enabled tabletop.service 2>&1)" = enabled ] &&
    pass "tabletop.service enabled without a running systemd" ||
    fail "tabletop.service enabled" "$(inroot systemctl is-enabled tabletop.service 2>&1)"
missing=""
for group in gpio i2c spi dialout; do
    inroot id -nG tabletop | tr ' ' '\n' | grep -qx "$group" || missing="$missing $group"
done
[ -z "$missing" ] && [ -e "$ROOT/etc/udev/rules.d/60-tabletop.rules" ] &&
    pass "the groups exist, tabletop is in them, the udev rules that give them the devices are in place" ||
    fail "the device groups" "tabletop is not in:$missing"
CONFIG=$ROOT/boot/firmware/config.txt
CMDLINE=$ROOT/boot/firmware/cmdline.txt
if grep -qx 'dtparam=i2c_arm=on' "$CONFIG" && grep -qx 'dtparam=spi=on' "$CONFIG" &&
    grep -qx 'enable_uart=1' "$CONFIG" && ! grep -Eq 'console=(serial0|ttyAMA0|ttyS0|ttyS1)' "$CMDLINE"; then
    pass "config.txt has I2C, SPI and the UART; cmdline.txt no serial console" "$(tr -s ' ' <"$CMDLINE" | cut -c1-60)"
else
    fail "config.txt and cmdline.txt" "$(grep -c dtparam "$CONFIG" 2>/dev/null) dtparam lines; cmdline: $(cat "$CMDLINE" 2>/dev/null)"
fi

install_as_pi 2 "--enable-interfaces --web"  # again: an update, and the web page
UPDATE_S=$SECS
grep -q "starts at the next boot" "$OUT" && ! grep -q "reboot now" "$OUT" &&
    pass "again: the interfaces are on, no reboot; no systemd running, said in one line" \
        "$(grep 'next boot' "$OUT" | cut -c1-70)" ||
    fail "the second install's last lines" "$(tail -3 "$OUT" | head -2 | tr '\n' '|')"
[ "$(inroot systemctl is-enabled tabletop-web.service 2>&1)" = enabled ] &&
    pass "tabletop-web.service enabled" || fail "tabletop-web.service enabled" "not enabled"
for unit in tabletop.service tabletop-web.service; do
    said=$(inroot systemd-analyze verify "/etc/systemd/system/$unit" 2>&1) &&
        [ -z "$said" ] && pass "systemd-analyze verify $unit" || fail "verify $unit" "$said"
    level=$({ inroot systemd-analyze security --offline=true "/etc/systemd/system/$unit" 2>&1 ||
        true; } | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
    awk -v l="${level:-99}" 'BEGIN { exit !(l <= 2.0) }' &&
        pass "systemd-analyze security $unit" "$level" || fail "security of $unit" "${level:-none}"
done

# --- doctor, from the clone, as the user tabletop -------------------------------------------
OUT=$WORK/doctor-$ARCH.txt
assudo 'runuser -u tabletop -- /opt/tabletop/venv/bin/tabletop doctor --config /etc/tabletop/config.toml' \
    >"$OUT" 2>&1 || true
cat "$OUT" >>"$LOG"
if grep -q '^config  *OK' "$OUT" && grep -q '^buttons  *FAIL  no GPIO: .*(lgpio: ' "$OUT" &&
    ! grep -Eq 'Traceback|lgd-nfy|set permissions' "$OUT"; then
    pass "doctor from a folder tabletop cannot write: lgpio loads; no Pi here, said in a line" \
        "$(grep '^buttons' "$OUT" | sed 's/.*(lgpio: \([^;)]*\).*/lgpio: \1/')"
else
    fail "doctor" "$(tr '\n' '|' <"$OUT" | cut -c1-300)"
fi

# --- the wired checks, set up as the page says ----------------------------------------------
OUT=$WORK/checks-$ARCH.txt
t0=$SECONDS
if assudo 'hardware_tests/run.sh' >"$OUT" 2>&1 && grep -q 'skipped' "$OUT" &&
    ! grep -q 'failed\|error' "$OUT"; then
    pass "sudo hardware_tests/run.sh sets up and runs (skipped off a Pi)" \
        "$((SECONDS - t0)) s; $(tail -1 "$OUT")"
else
    fail "hardware_tests/run.sh" "$(tail -3 "$OUT" | tr '\n' '|')"
fi
cat "$OUT" >>"$LOG"

# --- a whole game in the simulator, its frames against this machine's -----------------------
SCRIPT=hardware_tests/whole_game.script
rm -rf "$ROOT/tmp/frames" "$ROOT/tmp/state"
t0=$SECONDS
aspi "/opt/tabletop/venv/bin/tabletop run --sim --script $SCRIPT --frames /tmp/frames --state-dir /tmp/state" \
    >>"$LOG" 2>&1 || fail "the whole game on the emulated Pi" "exit $? (the log)"
GAME_S=$((SECONDS - t0))
games=$(aspi '/opt/tabletop/venv/bin/tabletop games --state-dir /tmp/state' 2>&1 || true)
rm -rf "$HOST"
git clone -q "$SRC" "$HOST"
git -C "$HOST" checkout -q "$COMMIT"
timed "this machine: ./dev run of the same script" "$HOST/dev" run --sim --script \
    "$HOST/$SCRIPT" --frames "$HOST/frames" --state-dir "$HOST/state" || true
compared=$("$HOST/.venv/bin/python" - "$ROOT/tmp/frames" "$HOST/frames" <<'EOF'
import sys
from pathlib import Path
from PIL import Image, ImageChops
pi, here = (sorted(Path(d).glob("*.png")) for d in sys.argv[1:3])
if not here or [p.name for p in pi] != [p.name for p in here]:
    print(f"frames differ in number: {len(pi)} on the Pi, {len(here)} here")
    sys.exit(1)
differ = [a.name for a, b in zip(pi, here)
          if ImageChops.difference(Image.open(a).convert("L"), Image.open(b).convert("L")).getbbox()]
same_bytes = sum(a.read_bytes() == b.read_bytes() for a, b in zip(pi, here))
print(f"{len(pi)} frames, {len(pi) - len(differ)} the same, {same_bytes} byte for byte"
      + (f"; differ: {', '.join(differ[:5])}" if differ else ""))
sys.exit(1 if differ else 0)
EOF
) && pass "the whole game's frames equal this machine's" "$compared" ||
    fail "the frames" "$compared"
grep -q 'finished' <<<"$games" && pass "the game finished on the emulated Pi" "$games, $GAME_S s" ||
    fail "the game on the emulated Pi" "$games"

# --- what a stranger gets wrong, said in one line -------------------------------------------
said=$(aspi 'systemd/install.sh' 2>&1 >/dev/null) && code=0 || code=$?
[ "$code" = 1 ] && [ "$(wc -l <<<"$said")" = 1 ] && grep -q 'sudo' <<<"$said" &&
    pass "install.sh without sudo: one line" "$said" || fail "install.sh without sudo" "$said"
cp "$ROOT/etc/apt/sources.list" "$WORK/sources.list"
echo "deb http://deb.debian.org/debian bookworm-no-such-suite main" >"$ROOT/etc/apt/sources.list"
said=$(assudo 'systemd/install.sh' 2>&1 >/dev/null) && code=0 || code=$?
cp "$WORK/sources.list" "$ROOT/etc/apt/sources.list"
[ "$code" = 1 ] && [ "$(wc -l <<<"$said")" = 1 ] && grep -q 'apt' <<<"$said" &&
    pass "an apt source that answers 404: one line" "$said" || fail "a broken apt source" "$said"

said=$(assudo 'systemd/uninstall.sh' 2>&1) && code=0 || code=$?
[ "$code" = 0 ] && [ ! -e "$ROOT/etc/systemd/system/tabletop.service" ] &&
    [ ! -e "$ROOT/opt/tabletop" ] && [ -e "$ROOT/etc/tabletop/config.toml" ] &&
    pass "uninstall.sh removes the units and the code, keeps the config" ||
    fail "uninstall.sh" "exit $code: $said"

echo
say "install $INSTALL_S s, update $UPDATE_S s, a whole game $GAME_S s; all $((SECONDS - START)) s; log $LOG"
if [ "$FAILS" = 0 ]; then
    say "all checks passed ($ARCH)"
else
    say "$FAILS check(s) failed ($ARCH)"
    exit 1
fi
}
main "$@"
exit
