#!/usr/bin/env bats
# The Mac stand-in of scripts/test (Tests/scripts/bsd-path/): each stand-in refuses the GNU-only
# usage, clearly, and runs the portable form (and the BSD form a script falls back to); the farm
# leaves out what macOS lacks; the lint finds each bash-4-only construct it names and passes the
# bash 3.2 forms. These run the stand-ins themselves, on whatever PATH bats has.

bats_require_minimum_version 1.5.0

setup_file() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    export repo
    # Under scripts/test the stand-ins are already on PATH: the real tools are where it says.
    export MELI_BSD_REAL_PATH=${MELI_BSD_REAL_PATH:-$PATH}
    BSD_PATH=$("$repo/Tests/scripts/bsd-path/path" "$BATS_FILE_TMPDIR/farm")
    export BSD_PATH
}

setup() {
    # The stand-ins hand the portable forms to GNU tools: on a Mac the real BSD tools are there.
    if [[ $BATS_TEST_DESCRIPTION != "the lint"* ]] && [ "$(uname -s)" != Linux ]; then
        skip "the stand-ins run GNU tools underneath: Linux only"
    fi
    cd "$BATS_TEST_TMPDIR"
    printf 'one\ntwo\n' >file
}

# rejects COMMAND...: run with the stand-ins first on PATH, it fails with the stand-in's message.
rejects() {
    run env PATH="$BSD_PATH" "$@"
    [ "$status" -ne 0 ] || { echo "accepted: $*"; return 1; }
    [[ $output == *"bsd-path: '$1 "*"' is GNU-only: "* ]] || { echo "no stand-in message for $*: $output"; return 1; }
    [[ $output == *"Portable (macOS's BSD $1, bash 3.2): "* ]] || { echo "no portable form for $*: $output"; return 1; }
}

# accepts COMMAND...: run the same way, it succeeds; $output is what it printed.
accepts() {
    run env PATH="$BSD_PATH" "$@"
    [ "$status" -eq 0 ] || { echo "refused ($status): $*: $output"; return 1; }
    [[ $output != *"bsd-path:"* ]] || { echo "$output"; return 1; }
}

@test "sed: -i without a suffix is refused and the file left alone; -i.bak, BSD's -i '' and -E work" {
    rejects sed -i 's/one/1/' file
    [[ $output == *"BSD sed reads the argument after -i as the backup suffix"* ]]
    [ "$(head -n 1 file)" = one ]
    rejects sed -r 's/(o)ne/\1/' file
    rejects sed --in-place 's/one/1/' file
    accepts sed -i.bak 's/one/1/' file
    [ "$(head -n 1 file)" = 1 ] && [ "$(head -n 1 file.bak)" = one ]
    accepts sed -i '' 's/two/2/' file
    [ "$(tail -n 1 file)" = 2 ]
    accepts sed -E 's/(1)/[\1]/' file
    [ "${lines[0]}" = "[1]" ]
}

@test "readlink: -f and -e are refused; one link at a time works" {
    ln -s file link
    rejects readlink -f link
    rejects readlink -e link
    accepts readlink link
    [ "$output" = file ]
}

@test "stat: -c is refused; BSD's stat -f is run with its conversions" {
    rejects stat -c %s file
    accepts stat -f %z file
    [ "$output" = 8 ]
    accepts stat -f '%Lp %N' file
    [[ $output =~ ^[0-7]{3}\ file$ ]]
}

@test "date: -d is refused; the BSD fallback a script tries after it gives the same time" {
    rejects date -u -d 2024-02-03T04:05:06Z +%s
    # What a portable script does: GNU first, BSD after; with the stand-ins the first fails.
    run env PATH="$BSD_PATH" bash -c 'date -u -d "$1" +%s 2>/dev/null || date -u -j -f %Y-%m-%dT%H:%M:%SZ "$1" +%s' _ 2024-02-03T04:05:06Z
    [ "$status" -eq 0 ] && [ "$output" = 1706933106 ]
    accepts date -u -r 0 +%Y-%m-%d
    [ "$output" = 1970-01-01 ]
    rejects date -r file +%s
    run env PATH="$BSD_PATH" date -u -j -f %Y-%m-%d not-a-date +%s
    [ "$status" -eq 1 ] && [[ $output == *"Failed conversion"* ]]
    accepts date -u +%Y-%m-%dT%H:%M:%SZ
    [[ $output =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$ ]]
}

@test "tar: GNU's --sort, --mtime, --owner and --format=gnu are refused; the common options work; GNU tar is gtar" {
    mkdir -p dir && cp file dir/
    rejects tar --sort=name -cf x.tar dir
    rejects tar --mtime=@0 -cf x.tar dir
    rejects tar --owner=0 -cf x.tar dir
    rejects tar --format=gnu -cf x.tar dir
    accepts tar --version
    [[ $output == bsdtar* ]]
    accepts tar -czf x.tgz --numeric-owner dir
    mkdir out
    accepts tar -xzf x.tgz -C out --strip-components 1
    [ "$(cat out/file)" = "$(cat file)" ]
    accepts gtar --sort=name --mtime=@0 --owner=0 --group=0 -cf y.tar dir
}

@test "cp, mv, ln, install: their GNU-only options are refused; the portable ones work" {
    rejects cp --reflink=auto file copy
    rejects cp -t . file
    accepts cp -p file copy
    rejects mv -T copy moved
    accepts mv -f copy moved
    rejects ln -r -s file rel
    accepts ln -sf file sym
    rejects install -D file a/b/c
    accepts install -m 0644 file installed
}

@test "xargs -r, find -printf, grep -P, head -n -N, base64 -w, mktemp --suffix, touch -d DATE, du -b are refused" {
    rejects xargs -r echo </dev/null
    accepts xargs -n 1 echo <file
    [ "${lines[1]}" = two ]
    rejects find . -name file -printf '%s\n'
    accepts find . -name file -exec printf '%s\n' {} +
    [ "$output" = ./file ]
    rejects grep -P '\d' file
    accepts grep -E '^t' file
    rejects head -n -1 file
    accepts head -n 1 file
    rejects base64 -w0 file
    accepts base64 file
    rejects mktemp --suffix=.txt
    accepts mktemp "$BATS_TEST_TMPDIR/x.XXXXXX"
    rejects touch -d yesterday file
    accepts touch -d 2024-02-03T04:05:06 file
    rejects du -b file
    accepts du -k file
}

@test "wc pads its counts as BSD wc does, so a text comparison that passes only on Linux fails here" {
    accepts wc -l file
    [ "$output" = "       2 file" ]
    run env PATH="$BSD_PATH" bash -c '[ "$(wc -l <file)" = 2 ]'
    [ "$status" -eq 1 ]
    run env PATH="$BSD_PATH" bash -c '[ "$(wc -l <file | tr -d " ")" = 2 ]'
    [ "$status" -eq 0 ]
}

@test "the farm leaves out what macOS lacks: sha256sum, timeout, getent; lib.sh's sha256 falls back to shasum" {
    for missing in sha256sum md5sum timeout getent tac nproc; do
        run env PATH="$BSD_PATH" bash -c 'command -v "$1"' _ "$missing"
        [ "$status" -ne 0 ] || { echo "$missing is on the stand-in PATH: $output"; return 1; }
    done
    run env PATH="$BSD_PATH" bash -c '. "$1/scripts/lib.sh" && sha256 file' _ "$repo"
    [ "$status" -eq 0 ]
    [ "$output" = "$(. "$repo/scripts/lib.sh" && sha256 file)" ]
    [[ $output =~ ^[0-9a-f]{64}$ ]]
}

@test "a stand-in with no real tool to run says so, naming the variable to set" {
    run -127 env PATH="$BSD_PATH" MELI_BSD_REAL_PATH=/nonexistent sed -n 1p file
    [ "$status" -eq 127 ]
    [[ $output == *"bsd-path: no real sed on MELI_BSD_REAL_PATH (/nonexistent)"* ]]
}

@test "the lint names each bash-4-only construct with its line, and passes the bash 3.2 forms" {
    cat >bash4.sh <<'EOF'
#!/usr/bin/env bash
declare -A table
mapfile -t lines <file
echo "${name,,} ${name^^}"
make 2>&1 |& tee log
case $x in a) echo a ;& b) echo b ;;& esac
coproc cat
echo "${x@Q}"
echo "${list[-1]}"
local -n ref=other
wait -n
[[ -v name ]]
printf -v 'slot[1]' %s x
shopt -s globstar
echo hi &>> log
echo "$(case $x in a) echo a ;; esac)"
awk '{ print gensub(/a/, "b", "g") }'
empty=()
run "${empty[@]}"
EOF
    run "$repo/Tests/scripts/bsd-path/lint" bash4.sh
    [ "$status" -eq 1 ]
    for expected in "2: declare -A" "3: mapfile" "4: \${x^^}" "5: |&" "6: ;& / ;;&" "7: coproc" "8: \${x@Q}" \
        "9: negative array subscript" "10: declare -n" "11: wait -n" "12: test -v" "13: printf -v a[i]" \
        "14: shopt option" "15: &>>" "16: \$(case ...)" "17: gawk-only awk" "19: \"\${empty[@]}\""; do
        [[ $output == *"bash4.sh:$expected"* ]] || { echo "missing 'bash4.sh:$expected' in: $output"; return 1; }
    done
    [ "$(grep -c '^bash4.sh:' <<<"$output")" -eq 17 ] || { echo "$output"; return 1; }
    cat >bash32.sh <<'EOF'
#!/usr/bin/env bash
# declare -A in a comment is not code
while IFS= read -r line; do lines+=("$line"); done <file
echo "$(tr '[:lower:]' '[:upper:]' <<<"$name")" 2>&1 | tee log
printf -v copy %s "$name"
empty=()
run ${empty[@]+"${empty[@]}"} "${#empty[@]}"
[ ${#empty[@]} -eq 0 ] || run "${empty[@]}"
echo "${empty[0]+dropped: ${empty[*]}}"
last=${list[${#list[@]}-1]}
echo "${name:-default}" "${name:0:2}"
EOF
    run "$repo/Tests/scripts/bsd-path/lint" bash32.sh
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ -z "$output" ]
}
