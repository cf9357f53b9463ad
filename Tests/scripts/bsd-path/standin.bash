# shellcheck shell=bash
# Sourced by each stand-in in bin/: a command that exits with a clear message when called with
# GNU-only usage (what macOS's BSD tool refuses or reads otherwise) and otherwise runs the real
# tool, translating the BSD-only forms a portable script may fall back to (date -j, stat -f,
# sed -i SUFFIX) into the GNU tool's. A stand-in for a Mac, not a Mac: see README.md beside it.

standin_name=${0##*/}
# Found through PATH, $0 is the folder path/ printed (no fork for it: a stand-in runs often).
standin_dir=${0%/*}
standin_args=("$@")

# real_tool: sets real to the real tool, the first on MELI_BSD_REAL_PATH (the PATH before the
# stand-ins) that is not a stand-in.
real_tool() {
    local dir old_ifs=$IFS
    IFS=:
    for dir in ${MELI_BSD_REAL_PATH:-/usr/local/bin:/usr/bin:/bin}; do
        IFS=$old_ifs
        { [ -n "$dir" ] && [ "$dir" != "$standin_dir" ]; } || continue
        if [ -x "$dir/$standin_name" ] && [ ! -d "$dir/$standin_name" ]; then real=$dir/$standin_name; return 0; fi
    done
    IFS=$old_ifs
    echo "bsd-path: no real $standin_name on MELI_BSD_REAL_PATH (${MELI_BSD_REAL_PATH:-unset}); set it to the PATH without the stand-ins" >&2
    exit 127
}

# gnu_only USAGE WHY INSTEAD: the usage refused, why, and the portable form; status 1, as the BSD
# tools' usage errors.
gnu_only() {
    {
        echo "bsd-path: '$standin_name $1' is GNU-only: $2."
        echo "  Portable (macOS's BSD $standin_name, bash 3.2): $3"
        printf '  Called as: %s' "$standin_name"
        printf ' %q' ${standin_args[@]+"${standin_args[@]}"}
        printf '\n  (stand-in: Tests/scripts/bsd-path/bin/%s; README.md there says what it checks)\n' "$standin_name"
    } >&2
    exit 1
}

# run_real ARG...: the real tool with these arguments, in place of the stand-in.
run_real() {
    real_tool
    exec "$real" "$@"
}
