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
# A CDPATH in the caller's environment makes 'cd' of a relative folder go where CDPATH finds one
# and print it, so '$(cd DIR && pwd)' named another folder, on two lines (attack round, issue 28).
unset CDPATH
# The repository this file belongs to; the table is read from it, whatever the working directory.
meli_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# die MESSAGE [HINT]: the message (and what to do) on standard error, exit 1. Both are cleaned
# for the terminal (clean_text): a message may quote a feed, a package or a server.
die() {
    echo "$me: $(clean_text "$1")" >&2
    [ $# -lt 2 ] || printf '%s\n' "$(clean_text "$2")" >&2
    exit 1
}

# usage_error MESSAGE: the message and where the usage is, exit 2.
usage_error() {
    echo "$me: $(clean_text "$1")" >&2
    echo "Run '$me --help' for usage." >&2
    exit 2
}

# Every control character but tab and newline (bytes 1-8, 11-31 and 127), C1's second bytes in
# UTF-8 (U+0080-U+009F are C2 80 to C2 9F), and the bidirectional marks' last bytes (U+202A-202E
# are E2 80 AA to AE, U+2066-2069 E2 81 A6 to A9); bracket sets of single bytes, for LC_ALL=C.
clean_c0=$'\001\002\003\004\005\006\007\010\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177'
clean_c1=$'\200\201\202\203\204\205\206\207\210\211\212\213\214\215\216\217\220\221\222\223\224\225\226\227\230\231\232\233\234\235\236\237'
clean_c2=$'\302' clean_e2=$'\342' clean_80=$'\200' clean_81=$'\201'
clean_bidi0=$'\213\214\215\216\217\250\251\252\253\254\255\256'
clean_bidi1=$'\240\241\242\243\244\245\246\247\250\251\252\253\254\255\256\257'
# U+00AD, U+061C, U+FEFF, and the tag characters U+E0000-E007F (F3 A0 80-81 xx): invisible too.
clean_soft=$'\302\255' clean_alm=$'\330\234' clean_bom=$'\357\273\277' clean_tag=$'\363\240'
clean_tail=$'\200\201\202\203\204\205\206\207\210\211\212\213\214\215\216\217\220\221\222\223\224\225\226\227\230\231\232\233\234\235\236\237\240\241\242\243\244\245\246\247\250\251\252\253\254\255\256\257\260\261\262\263\264\265\266\267\270\271\272\273\274\275\276\277'
# Bytes no UTF-8 holds (F5 to FF), and those after F4 that go past U+10FFFF (90 to BF).
clean_past_max=$'\365\366\367\370\371\372\373\374\375\376\377' clean_f4=$'\364'
clean_past_f4=$'\220\221\222\223\224\225\226\227\230\231\232\233\234\235\236\237\240\241\242\243\244\245\246\247\250\251\252\253\254\255\256\257\260\261\262\263\264\265\266\267\270\271\272\273\274\275\276\277'
# Bytes A0 to FF: with C1's, every byte past ASCII, for when there is no iconv.
clean_high=$'\240\241\242\243\244\245\246\247\250\251\252\253\254\255\256\257\260\261\262\263\264\265\266\267\270\271\272\273\274\275\276\277\300\301\302\303\304\305\306\307\310\311\312\313\314\315\316\317\320\321\322\323\324\325\326\327\330\331\332\333\334\335\336\337\340\341\342\343\344\345\346\347\350\351\352\353\354\355\356\357\360\361\362\363\364\365\366\367\370\371\372\373\374\375\376\377'

# clean_text TEXT: TEXT as the binaries print what a feed, a package or a server says
# (TerminalText.clean): valid UTF-8 only (iconv drops the rest; without iconv every byte past
# ASCII becomes '?'), without control characters (C0 but tab and newline, DEL, C1) or the
# invisible format characters the binaries drop too: zero-width and bidirectional marks,
# overrides and isolates (U+200B-200F, U+2028-202E, U+2060-206F, U+061C), the soft hyphen, U+FEFF
# and the tag characters (U+E0000-E007F), so it can neither clear
# the screen, retitle the window, write the clipboard (OSC 52) nor reorder a line. Removing whole
# characters from valid UTF-8 cannot join two bytes into a new one ('C2 C2 9B 9B'), which is why
# it is validated first. At most 4,000 bytes of it.
clean_text() {
    local LC_ALL=C s=$1
    s=${s:0:4000}
    if command -v iconv >/dev/null 2>&1; then
        s=$(printf '%s.' "$s" | iconv -f UTF-8 -t UTF-8 -c 2>/dev/null) || true
        s=${s%.}
    else
        s=${s//[$clean_c1$clean_high]/?}
    fi
    clean_valid "$s"
    printf '%s' "$cleaned"
}

# clean_valid TEXT: sets cleaned to TEXT without what clean_text removes, for TEXT already valid
# UTF-8 (iconv -c, once over a whole file: scripts/notes spent a fork and an exec of iconv on
# each of 800 commits). A TEXT over 4,000 bytes goes through clean_text, which cuts it.
clean_valid() {
    local LC_ALL=C s=$1
    if [ "${#s}" -gt 4000 ]; then
        cleaned=$(clean_text "$s")
        return
    fi
    s=${s//[$clean_c0]/}
    s=${s//"$clean_c2"[$clean_c1]/}
    s=${s//"$clean_e2$clean_80"[$clean_bidi0]/}
    s=${s//"$clean_e2$clean_81"[$clean_bidi1]/}
    s=${s//"$clean_soft"/}
    s=${s//"$clean_alm"/}
    s=${s//"$clean_bom"/}
    s=${s//"$clean_tag"[$clean_80$clean_81][$clean_tail]/}
    # Left over only when an iconv passed invalid UTF-8 through (glibc's keeps 5- and 6-byte forms
    # and code points past U+10FFFF: bytes F5 to FF, F4 then 90 to BF): then nothing past ASCII
    # is kept.
    if [[ $s == *"$clean_c2"[$clean_c1]* || $s == *"$clean_e2$clean_80"[$clean_bidi0]* || $s == *"$clean_e2$clean_81"[$clean_bidi1]* ||
        $s == *[$clean_past_max]* || $s == *"$clean_f4"[$clean_past_f4]* ]]; then
        s=${s//[$clean_c1$clean_high]/?}
    fi
    cleaned=$s
}

# quote_text TEXT: TEXT cleaned for one line of a message: clean_text, tabs and newlines too, at
# most 200 bytes (then '...').
quote_text() {
    local LC_ALL=C s
    s=$(clean_text "$1")
    s=${s//[$'\t\n']/ }
    if [ ${#s} -gt 200 ]; then s="$(clean_text "${s:0:200}")..."; fi
    printf '%s' "$s"
}

# sha256 FILE: its sha256, 64 hexadecimal digits (sha256sum on Linux, shasum on macOS).
# Read from standard input: sha256sum escapes a name holding a backslash or a newline, and its
# line then starts with '\' (a TMPDIR with a backslash made publish sign the wrong statements).
# Anything but 64 hexadecimal digits is an error, never a sum.
sha256() {
    local sum
    if command -v sha256sum >/dev/null 2>&1; then sum=$(sha256sum <"$1"); else sum=$(shasum -a 256 <"$1"); fi || return 1
    sum=${sum%% *}
    [[ $sum =~ ^[0-9a-f]{64}$ ]] || { echo "$me: cannot take the sha256 of $1" >&2; return 1; }
    printf '%s\n' "$sum"
}

# static_cxx_folder FOLDER [COMPILER]: FOLDER holding a link to COMPILER's (default clang) static
# C++ runtime, libstdc++.a, for a static Swift link to search first (-L FOLDER): the toolchain's
# static library list asks for -lstdc++, and this answers it with the static library rather than
# libstdc++.so.6 (scripts/build says what that saves). Status 1, nothing made, without one.
static_cxx_folder() {
    local library
    library=$("${2:-clang}" -print-file-name=libstdc++.a 2>/dev/null) || return 1
    # Not found, the compiler prints the bare name back: never a file of the working directory.
    case $library in /*) [ -f "$library" ] || return 1 ;; *) return 1 ;; esac
    mkdir -p "$1" && ln -sf "$library" "$1/libstdc++.a"
}

# write_stamp_header FOLDER VERSION COMMIT DATE: FOLDER/meli-build-stamp.h, the header
# Sources/CBuildStamp/BuildStamp.c includes when FOLDER is on the include path (-Xcc -I), holding
# the three as C strings; left as it is (its time too) when it already holds them, so the build
# compiles nothing again.
write_stamp_header() {
    local folder=$1 header text
    header="$folder/meli-build-stamp.h"
    # Letters, digits and . + - : only (scripts/version's versions, shas and dates): nothing that
    # could end the string or the line and define something else in the header.
    case "$2$3$4" in *[!0-9A-Za-z.+:-]*) die "a build stamp holds only letters, digits and . + - :, not '$2' '$3' '$4'" ;; esac
    text=$(printf '#define MELI_BUILD_VERSION "%s"\n#define MELI_BUILD_COMMIT "%s"\n#define MELI_BUILD_DATE "%s"' "$2" "$3" "$4")
    mkdir -p "$folder"
    if [ -f "$header" ] && [ "$(cat "$header")" = "$text" ]; then return 0; fi
    printf '%s\n' "$text" >"$header.partial"
    mv -f "$header.partial" "$header"
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

# env_publishes NAME: where environment NAME's builds are published: 'channel' (its row names a
# GitHub pre-release, as qa's qa-channel), 'release' (its builds are the release tags, v*: the
# vX.Y.Z GitHub release), or nothing (status 1) when it is published nowhere (dev).
env_publishes() {
    if [ -n "$(env_field "$1" channel)" ]; then echo channel; return 0; fi
    if [[ ,$(env_field "$1" builds), == *,v\*,* ]]; then echo release; return 0; fi
    return 1
}

# env_feed_key NAME: the setting that holds environment NAME's update feed,
# MELI_<NAME>_UPDATE_FEED_URL (the binaries' EnvironmentName.updateFeedKey).
env_feed_key() { printf 'MELI_%s_UPDATE_FEED_URL\n' "$(tr '[:lower:]' '[:upper:]' <<<"$1")"; }

# env_feed_url NAME OWNER/REPO: the URL that never changes of environment NAME's feed on GitHub: a
# channel's pre-release asset, or the latest release's; status 1 when NAME is published nowhere.
env_feed_url() {
    case "$(env_publishes "$1")" in
        channel) echo "https://github.com/$2/releases/download/$(env_field "$1" channel)/feed.json" ;;
        release) echo "https://github.com/$2/releases/latest/download/feed.json" ;;
        *) return 1 ;;
    esac
}

# github_repository_of URL: the OWNER/REPO of a github.com remote URL (https://github.com/O/R,
# ssh://git@github.com/O/R, git@github.com:O/R, with or without .git); status 1 for any other URL.
github_repository_of() {
    local path=""
    if [[ $1 =~ ^https://([^/@]*@)?github\.com/(.+)$ ]]; then path=${BASH_REMATCH[2]}
    elif [[ $1 =~ ^ssh://git@github\.com(:22)?/(.+)$ ]]; then path=${BASH_REMATCH[2]}
    elif [[ $1 =~ ^git@github\.com:(.+)$ ]]; then path=${BASH_REMATCH[1]}
    fi
    path=${path%/} && path=${path%.git}
    github_name_ok "$path" || return 1
    echo "$path"
}

# github_name_ok OWNER/NAME: a GitHub repository's name (an owner of letters, digits and '-', at
# most 39; a name of letters, digits, '.', '_' and '-', not '.' or '..'), nothing to escape.
github_name_ok() {
    [[ $1 =~ ^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$ ]] && [ "${1#*/}" != . ] && [ "${1#*/}" != .. ]
}

# github_repository: the GitHub repository being published: GITHUB_REPOSITORY (set in GitHub
# Actions), else the origin remote's of the repository here (of this checkout, outside one);
# status 1 (no output) when neither names one.
github_repository() {
    local remote
    if [ -n "${GITHUB_REPOSITORY:-}" ]; then echo "$GITHUB_REPOSITORY"; return 0; fi
    remote=$(git remote get-url origin 2>/dev/null) || remote=$(git -C "$meli_root" remote get-url origin 2>/dev/null) || return 1
    github_repository_of "$remote"
}

# listed_sums SUMS NAME: every sha256 the checksums.txt SUMS lists for NAME ('SHA256  NAME', or
# ' *NAME' in binary mode), one a line: a checker refuses anything but exactly one, its file's.
listed_sums() { LC_ALL=C awk -v f="$2" '$2 == f || $2 == "*" f { print $1 }' "$1" 2>/dev/null || true; }

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
# (the keys that environment's binaries are built to trust; Package.swift reads the same file and
# refuses the same lines). A line that is not '<environment> <key>', or whose key is not one a
# signature can be checked with (ed25519_key_problem), stops the script, naming it.
env_signing_keys() {
    local file="$meli_root/Config/signing-keys" names rows line=0 env key rest problem
    [ -f "$file" ] || return 0
    names=$(env_names) || exit 1
    rows=$(LC_ALL=C awk '{ sub(/\r$/, ""); gsub(/[\t\r]/, " ") } $1 !~ /^(#|$)/ { print NR, $0 }' "$file")
    while read -r line env key rest; do
        [ -n "$line" ] || continue
        { [ -n "$key" ] && [ -z "$rest" ] && grep -qxF -- "$env" <<<"$names"; } ||
            die "Config/signing-keys:$line: a line is '<environment> <base64 Ed25519 public key>', with an environment of Config/environments" \
                "Fix or remove that line (see the file's header)."
        if ! problem=$(ed25519_key_problem "$key"); then
            die "Config/signing-keys:$line: the key for $env is refused: $problem" "Remove that line, and list the public key of the channel's signing key (see the file's header)."
        fi
        [ "$env" != "$1" ] || echo "$key"
    done <<<"$rows"
}

# Semantic versions (semver.org 2.0) in awk, as SemanticVersion.swift reads and orders them: awk
# functions for a program to begin with ("$semver_awk"' ...'). semver_valid(v): 1 when v is
# MAJOR.MINOR.PATCH (each 0 or digits without a leading zero, at most 2^63-1), then optionally
# -PRE (identifiers of [0-9A-Za-z-], none empty) and +BUILD (not empty). semver_cmp(a, b): -1, 0
# or 1 by precedence: build metadata does not count, a pre-release sorts before its release,
# numeric identifiers compare as numbers of any size and below those with letters, others as
# ASCII text, and a longer list of equal identifiers is newer. Values are compared as strings
# throughout ("" x): awk would compare "1e5" and "01" as numbers.
semver_awk='
function semver_number(x) { return x ~ /^(0|[1-9][0-9]*)$/ && (length(x) < 19 || (length(x) == 19 && x "" <= "9223372036854775807")) }
function semver_split(v, parts,    plus, dash, n, core) {
    plus = index(v, "+")
    if (plus) { parts["build"] = substr(v, plus + 1); v = substr(v, 1, plus - 1) } else parts["build"] = ""
    parts["hasBuild"] = plus > 0
    dash = index(v, "-")
    if (dash) { parts["pre"] = substr(v, dash + 1); v = substr(v, 1, dash - 1) } else parts["pre"] = ""
    parts["hasPre"] = dash > 0
    n = split(v, core, ".")
    parts["core"] = n
    parts[1] = core[1]; parts[2] = core[2]; parts[3] = core[3]
}
function semver_valid(v,    parts, ids, n, i) {
    if (v !~ /^[0-9A-Za-z.+-]+$/) return 0
    semver_split(v, parts)
    if (parts["core"] != 3 || !semver_number(parts[1]) || !semver_number(parts[2]) || !semver_number(parts[3])) return 0
    if (parts["hasBuild"] && parts["build"] == "") return 0
    if (parts["hasPre"]) {
        n = split(parts["pre"], ids, ".")
        if (n == 0 || substr(parts["pre"], length(parts["pre"]), 1) == ".") return 0
        for (i = 1; i <= n; i++) if (ids[i] !~ /^[0-9A-Za-z-]+$/) return 0
    }
    return 1
}
function semver_cmp_numbers(x, y) {
    sub(/^0+/, "", x); sub(/^0+/, "", y)
    if (length(x) != length(y)) return length(x) < length(y) ? -1 : 1
    if (x "" == y "") return 0
    return x "" < y "" ? -1 : 1
}
function semver_cmp(a, b,    pa, pb, ia, ib, na, nb, i, c, x, y, dx, dy) {
    semver_split(a, pa); semver_split(b, pb)
    for (i = 1; i <= 3; i++) if ((c = semver_cmp_numbers(pa[i], pb[i])) != 0) return c
    if (pa["pre"] == "" || pb["pre"] == "") {
        if (pa["pre"] == "" && pb["pre"] == "") return 0
        return pa["pre"] == "" ? 1 : -1
    }
    na = split(pa["pre"], ia, "."); nb = split(pb["pre"], ib, ".")
    for (i = 1; i <= na && i <= nb; i++) {
        x = ia[i] ""; y = ib[i] ""
        if (x == y) continue
        dx = x ~ /^[0-9]+$/; dy = y ~ /^[0-9]+$/
        if (dx && dy) { if ((c = semver_cmp_numbers(x, y)) != 0) return c; continue }
        if (dx) return -1
        if (dy) return 1
        return x < y ? -1 : 1
    }
    if (na == nb) return 0
    return na < nb ? -1 : 1
}
'

# semver_compare A B: -1, 0 or 1 as A is older than, as new as, or newer than B (semver_cmp);
# 'invalid' (status 1) when either is not a semantic version.
semver_compare() {
    LC_ALL=C awk -v a="$1" -v b="$2" "$semver_awk"'
        BEGIN { if (!semver_valid(a) || !semver_valid(b)) { print "invalid"; exit 1 } print semver_cmp(a, b) }'
}

# Ed25519, as the binaries hold keys and signatures (Ed25519.swift, SigningKeys.swift). A public key
# is refused when it is not the canonical encoding of a point (its y, the low 255 bits read little
# endian, is 2^255-19 or more) or when it is a point of small order, in any of its encodings: with
# such a key, R = the identity and S = 0 (or a few more) verify any message, in openssl too. The
# list is libsodium's (ge25519_has_small_order in src/libsodium/crypto_core/ed25519/ref10/
# ed25519_ref10.c, compared with the sign bit cleared as there): y = 0 (order 4), 1 (the identity),
# the two y of the points of order 8, p-1 (order 2), and p and p+1 (non-canonical 0 and 1). A
# signature is refused when its S (bytes 32 to 63, little endian) is not below the group order L
# (RFC 8032 5.1.7); OpenSSL 3.0 refuses that itself, other builds of openssl may not.

# The y (sign bit cleared) of each small-order point, as 64 hexadecimal digits of its 32 bytes.
ed25519_small_order="0000000000000000000000000000000000000000000000000000000000000000
0100000000000000000000000000000000000000000000000000000000000000
26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05
c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a
ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f
edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f
eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
# p = 2^255-19 and L = 2^252+27742317777372353535851937790883648493, big endian.
ed25519_p=7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed
ed25519_l=1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed

# base64_hex TEXT: the bytes TEXT encodes in base64 (standard alphabet, padded), as lower-case
# hexadecimal digits; status 1 and nothing printed when TEXT is not base64. Without base64(1),
# whose decoding flag differs between macOS and Linux, or openssl.
base64_hex() {
    printf '%s\n' "$1" | LC_ALL=C awk '
        BEGIN { a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"; for (i = 0; i < 64; i++) v[substr(a, i + 1, 1)] = i }
        NR > 1 { exit 1 }
        {
            n = length($0)
            if (n == 0 || n % 4 != 0) exit 1
            pad = (substr($0, n, 1) == "=") + (substr($0, n - 1, 1) == "=")
            out = ""
            for (i = 1; i <= n; i += 4) {
                acc = 0
                for (j = 0; j < 4; j++) {
                    c = substr($0, i + j, 1)
                    if (c == "=" && i + 4 > n && j >= 4 - pad) d = 0
                    else if (c in v) d = v[c]
                    else exit 1
                    acc = acc * 64 + d
                }
                bytes = (i + 4 > n) ? 3 - pad : 3
                out = out sprintf("%02x", int(acc / 65536))
                if (bytes > 1) out = out sprintf("%02x", int(acc / 256) % 256)
                if (bytes > 2) out = out sprintf("%02x", acc % 256)
            }
            print out
        }'
}

# reversed_hex HEX: the bytes of HEX in the opposite order (little endian to big endian).
reversed_hex() {
    LC_ALL=C awk -v h="$1" 'BEGIN { for (i = length(h) - 1; i > 0; i -= 2) printf "%s", substr(h, i, 2); print "" }'
}

# ed25519_key_problem KEY: nothing, status 0, when KEY (base64 of 32 bytes) is an Ed25519 public
# key a signature can be checked with; otherwise what is wrong with it, status 1.
ed25519_key_problem() {
    local LC_ALL=C hex y top
    if ! [[ $1 =~ ^[A-Za-z0-9+/]{43}=$ ]] || ! hex=$(base64_hex "$1") || [ ${#hex} -ne 64 ]; then
        echo "it is not an Ed25519 public key (base64 of 32 bytes, 44 characters)"
        return 1
    fi
    # y: the sign bit (the top bit of the last byte) cleared.
    top=$(printf '%02x' $((0x${hex:62:2} & 0x7f)))
    y=${hex:0:62}$top
    if grep -qxF "$y" <<<"$ed25519_small_order"; then
        echo "it is a point of small order, with which anyone can make signatures that verify"
        return 1
    fi
    if [[ ! $(reversed_hex "$y") < $ed25519_p ]]; then
        echo "it is not the canonical encoding of a point (y is 2^255-19 or more)"
        return 1
    fi
}

# ed25519_signature_problem FILE: nothing, status 0, when FILE holds 64 bytes whose S (the last 32,
# little endian) is below L; otherwise what is wrong, status 1.
ed25519_signature_problem() {
    local LC_ALL=C hex
    hex=$(od -An -v -tx1 <"$1" | tr -d ' \n')
    if [ ${#hex} -ne 128 ]; then
        echo "it is not an Ed25519 signature (64 bytes)"
        return 1
    fi
    if [[ ! $(reversed_hex "${hex:64}") < $ed25519_l ]]; then
        echo "its S is not below the group order L (a signature altered to look different, or no signature)"
        return 1
    fi
}

# ed25519_verify KEY MESSAGE SIGNATURE FOLDER: status 0 when SIGNATURE (a file of 64 bytes) is
# KEY's (base64) Ed25519 signature of the file MESSAGE, checked with openssl; 1 when it is not, or
# when KEY or SIGNATURE is refused above; 2 when openssl cannot check it (the reason on standard
# output). FOLDER: a private folder for the key's PEM. An Ed25519 public key in PEM is a fixed
# 12-byte header and the 32-byte key; 12 bytes are 16 base64 characters, so the PEM's text is
# that header's base64 followed by the key's.
ed25519_verify() {
    local pem out
    ed25519_key_problem "$1" >/dev/null || return 1
    ed25519_signature_problem "$3" >/dev/null || return 1
    pem=$(mktemp "$4/key.XXXXXX")
    printf -- '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA%s\n-----END PUBLIC KEY-----\n' "$1" >"$pem"
    if out=$(openssl pkeyutl -verify -pubin -inkey "$pem" -rawin -in "$2" -sigfile "$3" 2>&1); then
        rm -f "$pem"
        return 0
    fi
    rm -f "$pem"
    case "$out" in *"Verification Failure"* | *"verification failure"*) return 1 ;; esac
    printf '%s\n' "$out" | head -n 1
    return 2
}

# Folders nobody else can change, as the binaries hold a prefix's (Installer.checkPrefixFolders):
# before a script runs a file or works in a folder, every folder from / down to it, every link on
# the way and the file itself belong to this user or root, and none of them can be written by group
# or others; a folder with the sticky bit (/tmp) is fine, and so is a folder of this user's that
# only the user's private group can write (the group named as the user, the user's primary group,
# with no other members, the primary group of no other account), never for root, and never for
# a file or folder with an access control list ('+' after ls's mode): on Linux a POSIX ACL's mask
# shows as the group's write bit, so 'group-writable' may mean 'writable by eve'. Read with 'ls
# -ldn' (no stat: its flags differ between macOS and Linux). Otherwise ACLs are not read: on macOS
# they are independent of the mode bits (as the binaries, which do not read them there).

# copy_regular PATH OUT LIMIT: copies at most LIMIT + 1 bytes of the regular file PATH into OUT
# (made or emptied), reading it through one open that never waits: a fifo or device put at PATH
# after any check before is refused here, where bash's '3<PATH' waited on a fifo for ever (an
# attack round swapped one in between the check and the open). perl, as macOS and every Debian
# (perl-base) have it, opens it O_NONBLOCK and checks the open file with fstat. Status 0 when
# copied, 3 when PATH is not a regular file, 2 when it cannot be read or OUT written.
copy_regular() {
    LC_ALL=C perl -e '
        use Fcntl;
        my ($path, $out_path, $limit) = @ARGV;
        sysopen(my $in, $path, O_RDONLY | O_NONBLOCK) or exit 2;
        -f $in or exit 3;
        my $flags = fcntl($in, F_GETFL, 0) or exit 2;
        fcntl($in, F_SETFL, $flags & ~O_NONBLOCK) or exit 2;
        open(my $out, ">", $out_path) or exit 2;
        binmode $in;
        binmode $out;
        my $left = $limit + 1;
        while ($left > 0) {
            my $n = sysread($in, my $piece, $left < 65536 ? $left : 65536);
            defined $n or exit 2;
            last if $n == 0;
            print {$out} $piece or exit 2;
            $left -= $n;
        }
        close($out) or exit 2;
    ' "$1" "$2" "$3" 2>/dev/null
}

# file_status PATH: PATH itself (a link is not followed) as 'ls -ldn' shows it: st_type (d, -, l, or
# another type letter), st_mode (the ten letters), st_uid, st_gid and st_acl (true when ls marks
# an access control list with '+'). Status 1 when there is nothing at PATH, 2 when ls cannot show it.
file_status() {
    local line links
    [ -e "$1" ] || [ -L "$1" ] || return 1
    line=$(LC_ALL=C ls -ldn "$1" 2>/dev/null) || return 2
    read -r st_mode links st_uid st_gid _ <<<"$line"
    st_acl=false
    [ "${st_mode:10:1}" != + ] || st_acl=true
    st_mode=${st_mode:0:10} st_type=${st_mode:0:1}
    [[ $st_mode =~ ^[-a-zA-Z][-rwxsStT]{9}$ && $st_uid =~ ^[0-9]+$ && $st_gid =~ ^[0-9]+$ ]] || return 2
}

# mode_octal LETTERS: the ten letters of ls's mode as the binaries print it: 0755, 01777.
mode_octal() {
    local m=$1 i bits=0 special=0
    for i in 1 2 3 4 5 6 7 8 9; do
        bits=$((bits * 2))
        case ${m:i:1} in r | w | x | s | t) bits=$((bits + 1)) ;; esac
    done
    case ${m:3:1} in s | S) special=$((special + 4)) ;; esac
    case ${m:6:1} in s | S) special=$((special + 2)) ;; esac
    case ${m:9:1} in t | T) special=$((special + 1)) ;; esac
    printf '0%o' $((special * 512 + bits))
}

# private_group: the gid of this user's private group (see above), or nothing (root; a primary
# group of another name, or with members, or another account's primary group too; one this
# machine cannot say: macOS's staff).
private_group() {
    local name gid entry others
    [ "$(id -u)" != 0 ] || return 0
    name=$(id -un) gid=$(id -g)
    { [ "$(id -gn)" = "$name" ] && [ "$(id -g "$name")" = "$gid" ]; } || return 0
    if command -v getent >/dev/null 2>&1; then
        entry=$(getent group "$gid") || return 0
    else
        entry=$(awk -F: -v g="$gid" '$3 == g { print; exit }' /etc/group 2>/dev/null) || return 0
    fi
    # name:password:gid:members, with no members.
    [[ $entry == "$name":*:"$gid": ]] || return 0
    # No other account has it as its primary group (useradd -g alice eve lists eve nowhere in it).
    if command -v getent >/dev/null 2>&1; then
        others=$(getent passwd | awk -F: -v g="$gid" -v n="$name" '$4 == g && $1 != n { print $1; exit }') || return 0
    else
        others=$(awk -F: -v g="$gid" -v n="$name" '$4 == g && $1 != n { print $1; exit }' /etc/passwd 2>/dev/null) || return 0
    fi
    [ -z "$others" ] || return 0
    echo "$gid"
}

# entry_problem PATH: status 0 when PATH (just read by file_status) passes the rule above;
# otherwise status 1, with safe_bad=PATH, safe_why (owner or writable) and safe_detail ('uid 1001',
# 'mode 0777').
entry_problem() {
    if [ "$st_uid" != "$safe_uid" ] && [ "$st_uid" != 0 ]; then
        safe_bad=$1 safe_why=owner safe_detail="uid $st_uid"
        return 1
    fi
    # A link's own mode means nothing (rwx on Linux): only who made it.
    [ "$st_type" != l ] || return 0
    if [ "$st_type" = d ]; then case ${st_mode:9:1} in t | T) return 0 ;; esac; fi
    if [ "${st_mode:8:1}" = w ] ||
        { [ "${st_mode:5:1}" = w ] && ! { [ -n "$safe_private_gid" ] && [ "$st_uid" = "$safe_uid" ] && [ "$st_gid" = "$safe_private_gid" ] && ! $st_acl; }; }; then
        safe_bad=$1 safe_why=writable safe_detail="mode $(mode_octal "$st_mode")$($st_acl && echo ', with an access control list')"
        return 1
    fi
}

# safe_path PATH: follows PATH as the system does, one component and one link at a time (at most
# 40 links), from / (a relative PATH from the working folder), checking every folder it goes
# through, every link and what PATH finally names with the rule above. Sets safe_real (that last
# thing's path, without links) and safe_kind: dir, file, other (a device, a fifo, a socket) or
# missing (a component is not there, or is not a folder). Status 1 when something on the way does
# not pass: safe_bad names it, safe_why says why (owner, writable; links: more than 40; unreadable:
# ls cannot show it) and safe_detail how.
# shellcheck disable=SC2034 # safe_kind and safe_real are for the caller
safe_path() {
    local rest=$1 current=/ part next target links=0 status
    safe_uid=$(id -u) safe_private_gid=$(private_group) safe_bad="" safe_why="" safe_detail=""
    case $rest in /*) ;; *) rest=$(pwd -P)/$rest ;; esac
    file_status / || { safe_bad=/ safe_why=unreadable; return 1; }
    entry_problem / || return 1
    safe_kind=dir
    while [ -n "$rest" ]; do
        part=${rest%%/*}
        if [ "$part" = "$rest" ]; then rest=""; else rest=${rest#*/}; fi
        case $part in
            "" | .) continue ;;
            # current holds no link, so its parent is the one the system goes to.
            ..) current=${current%/*} && current=${current:-/} && continue ;;
        esac
        next=${current%/}/$part
        status=0
        file_status "$next" || status=$?
        if [ "$status" = 1 ]; then safe_kind=missing safe_real=$next && return 0; fi
        if [ "$status" != 0 ]; then safe_bad=$next safe_why=unreadable && return 1; fi
        entry_problem "$next" || return 1
        case $st_type in
            d) current=$next ;;
            l)
                links=$((links + 1))
                if [ "$links" -gt 40 ]; then safe_bad=$1 safe_why=links safe_detail="more than 40" && return 1; fi
                target=$(readlink "$next" && echo .) || { safe_bad=$next safe_why=unreadable && return 1; }
                target=${target%.} && target=${target%$'\n'}
                if [ -z "$target" ]; then safe_kind=missing safe_real=$next && return 0; fi
                case $target in /*) current=/ ;; esac
                rest=$target${rest:+/$rest}
                ;;
            *)
                # A file with more components after it is not there (ENOTDIR).
                if [ -n "$rest" ]; then safe_kind=missing safe_real=$next && return 0; fi
                if [ "$st_type" = - ]; then safe_kind="file"; else safe_kind="other"; fi
                safe_real=$next
                return 0
                ;;
        esac
    done
    safe_kind=dir safe_real=$current
}

# unsafe_text VERB: what is wrong, after a failed safe_path: '/tmp/x can be written by users other
# than its owner (mode 0777), who could VERB' and the like.
unsafe_text() {
    case $safe_why in
        owner) echo "$safe_bad belongs to another user ($safe_detail), who could $1" ;;
        writable) echo "$safe_bad can be written by users other than its owner ($safe_detail), who could $1" ;;
        links) echo "$safe_bad leads through more than 40 links" ;;
        *) echo "$safe_bad cannot be examined (ls -ldn $safe_bad failed)" ;;
    esac
}

# unsafe_hint: what to do about it, for a prefix (--prefix DIR).
unsafe_hint() {
    case $safe_why in
        owner) echo "Use a prefix of your own (--prefix DIR), or let the folder's owner run this; a folder meant to be the system's belongs to root (chown root $safe_bad)." ;;
        writable) echo "Take their write permission away (chmod go-w $safe_bad), or use another prefix with --prefix DIR." ;;
        *) echo "Use another prefix with --prefix DIR." ;;
    esac
}

# Conventional commits (https://www.conventionalcommits.org): 'type(scope)!: text', the scope and
# '!' optional. Only these types are types (in any case), with those the repository lists in
# Config/commit-types (one a line, '#' starts a comment): a subject such as 'Redactor: one
# helper' is text, not a type. scripts/notes, scripts/gitflow check-pr and scripts/hooks read them.
commit_types_builtin="feat fix docs chore ci test build style refactor perf revert"
conventional_re='^([A-Za-z]+)(\(([^()]*)\))?(!)?: *(.+)$'

# commit_types: the built-in types and the repository's Config/commit-types, one line, lower case.
commit_types() {
    local root file
    root=$(git rev-parse --show-toplevel 2>/dev/null) || root=""
    file="$root/Config/commit-types"
    {
        printf '%s\n' "$commit_types_builtin"
        if [ -n "$root" ] && [ -f "$file" ]; then sed -e 's/#.*//' "$file"; fi
    } | tr -s ' \t\n' '   ' | tr '[:upper:]' '[:lower:]' | sed -e 's/^ *//' -e 's/ *$//'
}

# ascii_lower WORD: sets lowered to WORD with A-Z as a-z, in the shell itself (bash 3.2 has no
# ${WORD,,}; a tr per commit was 1,500 processes for scripts/notes on 800 commits). What the
# subject functions below lower is ASCII by their patterns.
ascii_lower() {
    local word=$1 c before
    lowered=""
    while [ -n "$word" ]; do
        c=${word:0:1} word=${word:1}
        case $c in
            [ABCDEFGHIJKLMNOPQRSTUVWXYZ])
                before=${ascii_upper%%"$c"*}
                c=${ascii_lowers:${#before}:1} ;;
        esac
        lowered+=$c
    done
}
ascii_upper=ABCDEFGHIJKLMNOPQRSTUVWXYZ ascii_lowers=abcdefghijklmnopqrstuvwxyz

# parse_subject SUBJECT [TYPES]: status 0 when SUBJECT is a conventional subject whose type is
# one of TYPES (default: commit_types), with cc_type (lower case), cc_scope, cc_bang ('!' or
# empty) and cc_text set; status 1 otherwise, with cc_text the whole subject.
parse_subject() {
    local types=${2:-$(commit_types)} type
    # shellcheck disable=SC2034 # read by the caller
    cc_type="" cc_scope="" cc_bang="" cc_text=$1
    [[ $1 =~ $conventional_re ]] || return 1
    ascii_lower "${BASH_REMATCH[1]}"
    type=$lowered
    case " $types " in *" $type "*) ;; *) return 1 ;; esac
    # shellcheck disable=SC2034 # read by the caller
    cc_type=$type cc_scope=${BASH_REMATCH[3]} cc_bang=${BASH_REMATCH[4]} cc_text=${BASH_REMATCH[5]}
}

# subject_problem SUBJECT [TYPES]: nothing when SUBJECT is a well-formed conventional subject
# (a known type, a non-empty scope when there are parentheses, ': ' and text); else what is
# wrong with it, in a few words.
subject_problem() {
    local types=${2:-$(commit_types)}
    if ! [[ $1 =~ $conventional_re ]]; then
        echo "no 'type: ' in front"
        return
    fi
    ascii_lower "${BASH_REMATCH[1]}"
    case " $types " in
        *" $lowered "*) ;;
        *) echo "'${BASH_REMATCH[1]}' is not a commit type"; return ;;
    esac
    if [ -n "${BASH_REMATCH[2]}" ] && [ -z "${BASH_REMATCH[3]}" ]; then echo "the scope in () is empty"; return; fi
    [[ $1 =~ ^[^:]*:\ [^\ ] ]] || echo "the type must be followed by ': ' and the text"
}

# highest_release_tag: the highest vX.Y.Z of the tag names on standard input; nothing when there
# is none (sed, not grep: finding no tag is normal, in a new repository, and must not fail a
# pipeline).
highest_release_tag() {
    sed -nE '/^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/p' | sort -t. -k1.2,1n -k2,2n -k3,3n | tail -n 1
}

# binary_stamps: the versions stamped in the meli binary on standard input, one a line (an empty
# line for an unstamped build), as BuildStamp.swift reads them: after the marker
# 'MELI_BUILD_VERSION' and the byte 0x1F (Sources/CBuildStamp), up to the NUL that ends it.
binary_stamps() {
    local unit=$'\037'
    LC_ALL=C tr -c '\037[:alnum:]._+-' '\n' | LC_ALL=C sed -n "s/.*MELI_BUILD_VERSION$unit//p" | LC_ALL=C sort -u
}

# subject_example SUBJECT: SUBJECT rewritten as a conventional subject for a message's hint:
# 'Word: text' as 'TYPE(word): text', anything else as 'TYPE: SUBJECT'.
subject_example() {
    if [[ $1 =~ ^([A-Za-z][A-Za-z0-9_-]*):\ *(.+)$ ]]; then
        ascii_lower "${BASH_REMATCH[1]}"
        printf 'TYPE(%s): %s\n' "$lowered" "${BASH_REMATCH[2]}"
    else
        printf 'TYPE: %s\n' "$1"
    fi
}

# commits N: 'N commit(s)', as a phrase.
commits() { if [ "$1" -eq 1 ]; then echo "1 commit"; else echo "$1 commits"; fi; }

# adoption_point [REV]: the commit the history of this pipeline starts at, when no vX.Y.Z tag is
# merged into REV (default HEAD): the newest commit reachable from REV whose message carries a
# 'Release-Since: SHA' trailer (release start --since writes it) gives SHA; else the newest
# adoption commit ('chore(adopt): feed URLs and signing keys for OWNER/REPO', scripts/adopt).
# Nothing when there is neither: then every commit counts.
adoption_point() {
    local rev=${1:-HEAD} commit since
    commit=$(git log -1 --format=%H -E --grep='^Release-Since: [0-9a-f]{40}$' "$rev" 2>/dev/null || true)
    if [ -n "$commit" ]; then
        since=$(git log -1 --format=%B "$commit" | sed -nE 's/^Release-Since: ([0-9a-f]{40})$/\1/p' | tail -n 1)
        if [ -n "$since" ] && git rev-parse --verify --quiet "$since^{commit}" >/dev/null; then
            printf '%s\n' "$since"
            return 0
        fi
    fi
    # awk reads to the end: had it stopped, git log would die of SIGPIPE (status 141 with pipefail).
    git log --format='%H %s' -F --grep='chore(adopt): feed URLs and signing keys for ' "$rev" 2>/dev/null |
        awk -v p='chore(adopt): feed URLs and signing keys for ' '!found && index(substr($0, length($1) + 2), p) == 1 { print $1; found = 1 }'
}
