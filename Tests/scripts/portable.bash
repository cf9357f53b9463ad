# Loaded by the bats files whose helpers would otherwise reach for GNU-only tools: the tests run on
# macOS too (the workflows' macOS jobs), and on Linux under scripts/test's stand-ins for macOS's
# tools (Tests/scripts/bsd-path), which refuse sha256sum, timeout, readlink -f and stat -c.

# sha256_of FILE: its sha256, as lib.sh takes it (sha256sum, or shasum -a 256 on macOS).
sha256_of() { (. "$BATS_TEST_DIRNAME/../../scripts/lib.sh" && sha256 "$1"); }

# sha256_line FILE: 'SHA256  FILE', a line of checksums.txt (FILE as given).
sha256_line() { printf '%s  %s\n' "$(sha256_of "$1")" "$1"; }

# within SECONDS COMMAND...: COMMAND, stopped after SECONDS: timeout(1), which macOS does not
# have, or perl's alarm (SIGALRM ends the command it execs into).
within() {
    if command -v timeout >/dev/null 2>&1; then
        timeout "$@"
    else
        perl -e '$seconds = shift; alarm $seconds; exec { $ARGV[0] } @ARGV or die "cannot run $ARGV[0]: $!\n"' "$@"
    fi
}

# real_path PATH: PATH with every link on the way resolved (readlink -f, which macOS before 12.3
# does not have).
real_path() {
    local path=$1 target links=0
    while [ -L "$path" ] && [ "$links" -lt 40 ]; do
        target=$(readlink "$path")
        case $target in /*) path=$target ;; *) path=$(dirname "$path")/$target ;; esac
        links=$((links + 1))
    done
    echo "$(cd "$(dirname "$path")" && pwd -P)/$(basename "$path")"
}

# file_mode FILE: its permission bits in octal, as 644 (GNU stat -c, BSD stat -f).
file_mode() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }
