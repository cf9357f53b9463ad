# shellcheck shell=bash
# What the scripts in scripts/ share: error exits, the environments table (Config/environments)
# and sha256. Sourced, never run:
#
#   # shellcheck source=scripts/lib.sh
#   . "$(dirname "$0")/lib.sh"
#
# Portable, as scripts/install runs on testers' Macs: bash 3.2, no GNU-only tool, nothing read or
# run when sourced. A script may set `me` first (the name its messages start with; default
# scripts/<its file name>).

me=${me:-scripts/${0##*/}}
# The repository this file belongs to; the table is read from it, whatever the working directory.
meli_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# die MESSAGE [HINT]: the message (and what to do) on standard error, exit 1.
die() {
    echo "$me: $1" >&2
    [ $# -lt 2 ] || echo "$2" >&2
    exit 1
}

# usage_error MESSAGE: the message and where the usage is, exit 2.
usage_error() {
    echo "$me: $1" >&2
    echo "Run '$me --help' for usage." >&2
    exit 2
}

# sha256 FILE: its sha256, 64 hexadecimal digits (sha256sum on Linux, shasum on macOS).
sha256() {
    sha256_lines "$1" | cut -d' ' -f1
}

# sha256_lines FILE...: one 'SHA256  NAME' line per file, as sha256sum prints them (checksums.txt).
sha256_lines() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

# The environments table: one row a line, 'name binary env-file channel builds' (see the file's
# header). Every environment a script takes comes from here, so adding one is one row there.

# env_rows: the table's rows, fields one space apart, comments and blank lines left out.
env_rows() {
    local table="$meli_root/Config/environments"
    [ -f "$table" ] || die "$table is missing: it lists the environments" "Restore it: git checkout -- Config/environments"
    # The same shapes Package.swift holds each field to, so a row the build refuses is refused here
    # too (a binary or env file with '/' or '..' would name paths outside the package).
    awk -v table="$table" '
        { sub(/\r$/, "") }
        /^[ \t]*(#|$)/ { next }
        NF != 5 { printf "%s:%d: a row has 5 fields (name, binary, env-file, channel, builds), not %d\n", table, NR, NF > "/dev/stderr"; exit 1 }
        bad == "" && $1 !~ /^[a-z][a-z0-9_]*$/ { bad = "name " $1 }
        bad == "" && $2 !~ /^[a-z][a-z0-9_-]*$/ { bad = "binary " $2 }
        bad == "" && ($3 !~ /^[A-Za-z0-9_.-]+\.env$/ || $3 ~ /^\./) { bad = "env file " $3 }
        bad == "" && $4 !~ /^([A-Za-z0-9_.-]+|-)$/ { bad = "channel " $4 }
        bad == "" && $5 !~ /^[A-Za-z0-9_.\/*?,-]+$/ { bad = "builds " $5 }
        bad != "" { printf "%s:%d: not a valid %s; see the header comment\n", table, NR, bad > "/dev/stderr"; exit 1 }
        { print $1, $2, $3, $4, $5 }
    ' "$table" || die "Config/environments is malformed; nothing was done" "Fix the row named above (Config/README.md, \"Environments\")."
}

# env_names: every environment's name, one a line, in the table's order.
env_names() {
    local rows
    rows=$(env_rows) || exit 1
    cut -d' ' -f1 <<<"$rows"
}

# env_binaries: every binary's name, one a line.
env_binaries() {
    local rows
    rows=$(env_rows) || exit 1
    cut -d' ' -f2 <<<"$rows"
}

# env_choices: the names as a sentence for messages: 'dev, qa or production'.
env_choices() {
    local names
    names=$(env_names) || exit 1
    or_list <<<"$names"
}

# env_binary_choices: the binaries as a sentence: 'meli-dev, meli-qa or meli'.
env_binary_choices() {
    local binaries
    binaries=$(env_binaries) || exit 1
    or_list <<<"$binaries"
}

# or_list: the lines of standard input as 'a, b or c'.
or_list() {
    awk '{ n[NR] = $0 } END { for (i = 1; i <= NR; i++) printf "%s%s", (i == 1 ? "" : (i == NR ? " or " : ", ")), n[i]; print "" }'
}

# env_field NAME COLUMN: the COLUMN (binary, env_file, channel or builds) of environment NAME;
# a channel or builds of '-' prints nothing. Fails (status 1, no message) for an unknown NAME.
env_field() {
    local name=$1 column=$2 rows row_name binary env_file channel builds
    rows=$(env_rows) || exit 1
    while read -r row_name binary env_file channel builds; do
        [ "$row_name" = "$name" ] || continue
        case "$column" in
            binary) echo "$binary" ;;
            env_file) echo "$env_file" ;;
            channel) [ "$channel" = - ] || echo "$channel" ;;
            builds) [ "$builds" = - ] || echo "$builds" ;;
            *) die "env_field: no column '$column' (a bug in $me)" ;;
        esac
        return 0
    done <<<"$rows"
    return 1
}

# env_check NAME: NAME is an environment, or a usage error naming the ones there are.
env_check() {
    [ -n "$1" ] || usage_error "which environment? $(env_choices)"
    env_field "$1" binary >/dev/null || usage_error "unknown environment '$1'; use $(env_choices)"
}

# env_of_binary BINARY: the environment whose binary is BINARY; status 1 (no output) for none.
env_of_binary() {
    local rows name binary rest
    rows=$(env_rows) || exit 1
    while read -r name binary rest; do
        if [ "$binary" = "$1" ]; then echo "$name"; return 0; fi
    done <<<"$rows"
    return 1
}

# env_of_ref KIND NAME: the first environment whose builds match NAME, a branch (KIND branch) or
# a release tag vX.Y.Z (KIND tag: matched against the v* pattern only); status 1 for none.
env_of_ref() {
    local kind=$1 ref=$2 rows name binary env_file channel builds patterns pattern
    rows=$(env_rows) || exit 1
    while read -r name binary env_file channel builds; do
        [ "$builds" != - ] || continue
        IFS=, read -r -a patterns <<<"$builds"
        for pattern in "${patterns[@]}"; do
            if [ "$kind" = tag ]; then [ "$pattern" = 'v*' ] || continue; else [ "$pattern" != 'v*' ] || continue; fi
            # shellcheck disable=SC2053 # the pattern is a glob on purpose: release/?* matches release/1.2.0
            if [[ $ref == $pattern ]]; then echo "$name"; return 0; fi
        done
    done <<<"$rows"
    return 1
}

# env_signing_keys ENV: the base64 Ed25519 public keys Config/signing-keys lists for ENV, one a line
# (the keys that environment's binaries are built to trust; Package.swift reads the same file).
env_signing_keys() {
    [ ! -f "$meli_root/Config/signing-keys" ] || awk -v env="$1" '$1 == env && NF == 2 { print $2 }' "$meli_root/Config/signing-keys"
}
