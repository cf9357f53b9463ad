#!/usr/bin/env bats
# scripts/publish: qa (through its spelling scripts/publish-qa) into a channel folder that
# persists, several platforms of a version, production into a release's own folder; and
# scripts/github-release's modes against a stand-in gh serving releases from folders. Real
# tarballs, real openssl, a real git repository with its own identity and no tag.

load git_env
load signing_keys

setup() {
    git_env
    scripts="$BATS_TEST_DIRNAME/../../scripts"
    unset GITHUB_REPOSITORY QA_CHANNEL_URL QA_CHANNEL_DIR CI
    repo="$BATS_TEST_TMPDIR/repo" dist="$BATS_TEST_TMPDIR/dist" channel="$BATS_TEST_TMPDIR/channel"
    mkdir -p "$repo" "$dist"
    cd "$repo"
    git init -q -b develop
    echo 0.1.0 >VERSION
    git add VERSION
    clock=$(($(date +%s) - 3600))
    commit "chore: start"
}

# Commits a change with subject $1, a minute after the previous commit.
commit() {
    clock=$((clock + 60))
    echo "$1" >>log.txt
    git add log.txt
    GIT_COMMITTER_DATE="$clock +0000" GIT_AUTHOR_DATE="$clock +0000" git commit -q -m "$1"
}

# A package of HEAD, as scripts/package lays one out (BUILDINFO is what scripts/publish reads),
# with its line in checksums.txt; prints its path. $1 version, $2 platform (default
# linux_x86_64), $3 binary (default meli-qa).
package() {
    local name="${3:-meli-qa}_$1_${2:-linux_x86_64}" sha date
    date=$(TZ=UTC git show -s --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd HEAD)
    rm -rf "${dist:?}/$name"
    mkdir -p "$dist/$name/bin"
    printf 'version=%s\ncommit=%s\ndate=%s\n' "$1" "$(git rev-parse --short=7 HEAD)" "$date" >"$dist/$name/BUILDINFO"
    # Stamped as a build is (Sources/CBuildStamp): the marker, 0x1F, the version ($STAMP, when
    # set, else the package's own), a NUL.
    printf '#!/bin/sh\n#MELI_BUILD_VERSION\037%s\000\n' "${STAMP-$1}" >"$dist/$name/bin/${3:-meli-qa}"
    tar czf "$dist/$name.tar.gz" -C "$dist" "$name"
    sha=$( (sha256sum "$dist/$name.tar.gz" 2>/dev/null || shasum -a 256 "$dist/$name.tar.gz") | cut -d' ' -f1)
    grep -v " $name.tar.gz\$" "$dist/checksums.txt" >"$dist/sums.tmp" 2>/dev/null || true
    echo "$sha  $name.tar.gz" >>"$dist/sums.tmp"
    mv "$dist/sums.tmp" "$dist/checksums.txt"
    echo "$dist/$name.tar.gz"
}

publish() { "$scripts/publish-qa" --channel "$channel" "$@"; }

mode() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }

# Makes the feed's entry for version $1 say it expired long ago.
expire() {
    sed -i.bak -E "/\"version\": \"$1\"/s/\"expires\": \"[^\"]*\"/\"expires\": \"2001-01-01T00:00:00Z\"/" "$channel/feed.json"
    rm "$channel/feed.json.bak"
}

# The feed's builds as "version<TAB>changes joined by |", newest first, read by a JSON parser.
builds() {
    python3 -c '
import json, sys
feed = json.load(open(sys.argv[1]))
assert feed["binary"] == "meli-qa" and feed["channel"] == "qa"
for b in feed["builds"]:
    print(b["version"] + "\t" + "|".join(b["changes"]))
' "$channel/feed.json"
}

@test "two publishes into one channel give a feed with both builds, each with what changed since the one before" {
    commit "feat(search): sort results by price"
    run publish --tarball "$(package 0.1.0-rc.1)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == "$channel/feed.json: meli-qa 0.1.0-rc.1 "* ]]
    [ "$(builds)" = $'0.1.0-rc.1\tsearch: sort results by price' ]

    commit "fix(cache): keep answers apart per login"
    commit "docs: explain sorting"
    run publish --tarball "$(package 0.1.0-rc.2)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(builds)" = $'0.1.0-rc.2\tcache: keep answers apart per login\n0.1.0-rc.1\tsearch: sort results by price' ]
    grep -q 'keep answers apart per login' "$channel/meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz.notes.md"
    ! grep -q 'sort results by price' "$channel/meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz.notes.md"
    # One line per build, as scripts/install and the journey test read it.
    [ "$(grep -c '"file": ' "$channel/feed.json")" -eq 2 ]
    (cd "$channel" && { sha256sum -c checksums.txt 2>/dev/null || shasum -a 256 -c checksums.txt; } >/dev/null)
    [ "$(wc -l <"$channel/checksums.txt" | tr -d ' ')" -eq 2 ]
    for path in "$channel" "$channel/builds"; do [ "$(mode "$path")" = 755 ]; done
    for path in "$channel"/* "$channel"/builds/*; do [ -d "$path" ] || [ "$(mode "$path")" = 644 ] || { echo "$path"; return 1; }; done
    [ -z "$(find "$channel" -name '.publish.*')" ]
}

@test "a feed's changes stay within 600 bytes a line and 16,000 an entry, cut as UTF-8 in any locale, then how many more; a version that is not semantic is refused" {
    # A subject whose 600th byte falls inside a three-byte character, published in the C locale
    # (as CI's containers run): the cut drops the partial character, and the feed is UTF-8.
    for i in $(seq 60); do commit "fix(item): change $i $(printf 'y%.0s' $(seq 300))"; done
    commit "fix(item): $(printf 'x%.0s' $(seq 592))€€€€€€"
    LC_ALL=C run publish --tarball "$(package 0.1.0-rc.1)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    python3 - "$channel/feed.json" <<'PY'
import json, sys
raw = open(sys.argv[1], "rb").read()
changes = json.loads(raw.decode("utf-8", errors="strict"))["builds"][0]["changes"]
assert all(len(c.encode()) <= 603 for c in changes), max(len(c.encode()) for c in changes)
assert sum(len(json.dumps(c, ensure_ascii=False).encode()) + 2 for c in changes[:-1]) <= 16000 + 2
listed, more = len(changes) - 1, changes[-1]
assert more == "… and %d more in the release notes" % (61 - listed), (listed, more)
cut = [c for c in changes if "€" in c or c.startswith("item: xxx")]
assert cut and cut[0].endswith("…"), cut[:1]
PY
    [ "$(grep -c '^- ' "$channel/meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz.notes.md")" -eq 61 ]

    # '1..0' would be written and then refuse the channel when read back: refused on the way in.
    run publish --tarball "$(package 1..0)"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"names the version '1..0', not a semantic version; nothing was published"* ]] || { echo "$output"; return 1; }
}

@test "a link where the channel writes (checksums.txt, builds/) refuses the publication; nothing is written through it" {
    commit "feat(search): sort results by price"
    mkdir -p "$channel" "$BATS_TEST_TMPDIR/elsewhere"
    ln -s "$BATS_TEST_TMPDIR/elsewhere" "$channel/checksums.txt"
    run publish --tarball "$(package 0.1.0-rc.1)"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"checksums.txt is a link or not a regular file"*"nothing was published"* ]] || { echo "$output"; return 1; }
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/elsewhere")" ] && [ ! -e "$channel/feed.json" ]
    rm "$channel/checksums.txt"
    rmdir "$channel/builds" 2>/dev/null || true
    ln -s "$BATS_TEST_TMPDIR/elsewhere" "$channel/builds"
    run publish --tarball "$(package 0.1.0-rc.1)"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"builds is not a folder of the channel's own"* ]] || { echo "$output"; return 1; }
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/elsewhere")" ] && [ ! -e "$channel/feed.json" ]
}

@test "a package whose binary is stamped with another version than its name is refused; nothing is written" {
    commit "feat(search): sort results by price"
    run publish --tarball "$(STAMP=0.1.0-rc.2 package 0.1.0-rc.9)"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"holds a meli-qa stamped 0.1.0-rc.2, not 0.1.0-rc.9 as its name says"*"nothing was published"* ]] || { echo "$output"; return 1; }
    [ ! -e "$channel/feed.json" ]
    # Unstamped (a plain swift build) says nothing to contradict.
    run publish --tarball "$(STAMP= package 0.1.0-rc.9)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "publishing the same file twice replaces its entry" {
    commit "feat: one"
    tarball=$(package 0.1.0-rc.1)
    publish --tarball "$tarball" >/dev/null
    commit "feat: two"
    tarball=$(package 0.1.0-rc.1)
    run publish --tarball "$tarball"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(builds | wc -l | tr -d ' ')" -eq 1 ]
    [ -f "$channel/meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz" ]
    grep -q "$(git rev-parse --short=7 HEAD)" "$channel/feed.json"
}

@test "the newest --keep builds stay; the files of dropped and expired builds go, and nothing else" {
    for n in 1 2 3; do
        commit "feat: change $n"
        publish --tarball "$(package "0.1.0-rc.$n")" >/dev/null
    done
    echo mine >"$channel/README.txt"
    commit "fix: change 4"
    run publish --keep 2 --tarball "$(package 0.1.0-rc.4)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(builds | cut -f1 | tr '\n' ' ')" = "0.1.0-rc.4 0.1.0-rc.3 " ]
    [[ $output == *"dropped: meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz"* ]]
    for n in 1 2; do
        [ ! -e "$channel/meli-qa_0.1.0-rc.${n}_linux_x86_64.tar.gz" ]
        [ ! -e "$channel/meli-qa_0.1.0-rc.${n}_linux_x86_64.tar.gz.notes.md" ]
        [ ! -e "$channel/builds/meli-qa_0.1.0-rc.${n}_linux_x86_64.tar.gz.json" ]
    done
    [ -f "$channel/README.txt" ]
    [ "$(wc -l <"$channel/checksums.txt" | tr -d ' ')" -eq 2 ]

    # rc.3's entry says it expired long ago: the next publish drops it.
    expire 0.1.0-rc.3
    commit "fix: change 5"
    run publish --tarball "$(package 0.1.0-rc.5)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(builds | cut -f1 | tr '\n' ' ')" = "0.1.0-rc.5 0.1.0-rc.4 " ]
    [ ! -e "$channel/meli-qa_0.1.0-rc.3_linux_x86_64.tar.gz" ]
}

@test "a dropped build's files are deleted only when their sha256 is the feed's: a tester's own file by that name stays" {
    for n in 1 2; do
        commit "feat: change $n"
        publish --tarball "$(package "0.1.0-rc.$n")" >/dev/null
    done
    # rc.1's name now holds someone else's file and notes, and its entry says it expired.
    mine="$channel/meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz"
    echo "a tester's own build" >"$mine"
    echo "my notes" >"$mine.notes.md"
    expire 0.1.0-rc.1
    commit "fix: change 3"
    run publish --tarball "$(package 0.1.0-rc.3)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(builds | cut -f1 | tr '\n' ' ')" = "0.1.0-rc.3 0.1.0-rc.2 " ]
    [ "$(cat "$mine")" = "a tester's own build" ] && [ "$(cat "$mine.notes.md")" = "my notes" ]
    [[ $output == *"Left in place"*"meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz"* ]]

    # rc.2 listed twice, once expired: refused as a whole, and nothing of rc.2 is deleted.
    rc2=$(grep '"version": "0.1.0-rc.2"' "$channel/feed.json")
    expired=$(sed -E 's/"expires": "[^"]*"/"expires": "2001-01-01T00:00:00Z"/; s/,? *$//' <<<"$rc2")
    awk -v dup="$expired" '{ print } /"version": "0.1.0-rc.2"/ { sub(/[^,]$/, "&,"); print "    " dup "," }' "$channel/feed.json" >"$channel/feed.tmp"
    mv "$channel/feed.tmp" "$channel/feed.json"
    [ "$(grep -c '"version": "0.1.0-rc.2"' "$channel/feed.json")" -eq 2 ]
    before=$(cat "$channel/feed.json")
    commit "fix: change 4"
    run publish --tarball "$(package 0.1.0-rc.4)"
    [ "$status" -eq 1 ]
    [[ $output == *"meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz' is listed twice; nothing was published"* ]]
    [ "$(cat "$channel/feed.json")" = "$before" ]
    [ -f "$channel/meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz" ] && [ -f "$channel/meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz.notes.md" ]
    [ ! -e "$channel/meli-qa_0.1.0-rc.4_linux_x86_64.tar.gz" ]
}

@test "an entry read back with a tab, a control character or a field of the wrong shape refuses the feed; nothing is written" {
    commit "feat: one"
    publish --tarball "$(package 0.1.0-rc.1)" >/dev/null
    good=$(cat "$channel/feed.json")
    commit "fix: two"
    tarball=$(package 0.1.0-rc.2)
    # Each edit of rc.1's entry, and what the refusal says about it.
    edits=(
        $'s/"date": "([^"]*)"/"date": "2099-01-01T00:00:00Z\tnew\t{x}"/|holds a control character'
        $'s/"changes": \\[/"changes": ["\x1b[2J", /|holds a control character'
        's/"sha256": "[^"]*"/"sha256": "33"/|not 64 hexadecimal digits'
        's/"version": "[^"]*"/"version": "01.0.0"/|not a semantic version'
        's/"expires": "[^"]*"/"expires": "soon"/|not YYYY-MM-DDTHH:MM:SSZ'
        's/"file": "[^"]*"/"file": "README.txt"/|does not name the package'
        's/"size": [0-9]+/"size": "9"/|does not have the fields'
        's/"changes": \[/"changes": [1, /|not a list of JSON strings'
    )
    for edit in "${edits[@]}"; do
        printf '%s\n' "$good" | sed -E "${edit%|*}" >"$channel/feed.json"
        [ "$(cat "$channel/feed.json")" != "$good" ] || { echo "the edit changed nothing: $edit"; return 1; }
        before=$(cat "$channel/feed.json")
        run publish --tarball "$tarball"
        [ "$status" -eq 1 ] || { echo "$edit: $status $output"; return 1; }
        [[ $output == *"is not in the form this script writes"*"${edit##*|}"*"nothing was published"* ]] || { echo "$edit: $output"; return 1; }
        ! printf '%s' "$output" | LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]'
        [ "$(cat "$channel/feed.json")" = "$before" ]
        [ ! -e "$channel/$(basename "$tarball")" ]
        [ -f "$channel/meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz" ]
    done
    # The feed as written passes, and is JSON.
    printf '%s\n' "$good" >"$channel/feed.json"
    run publish --tarball "$tarball"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(builds | cut -f1 | tr '\n' ' ')" = "0.1.0-rc.2 0.1.0-rc.1 " ]
}

@test "commit subjects with quotes, backslashes and tabs are escaped; a previous commit git does not know means since the last tag" {
    commit "feat: say \"hello\" to C:\\temp	now"
    publish --tarball "$(package 0.1.0-rc.1)" >/dev/null
    [ "$(builds)" = $'0.1.0-rc.1\tsay "hello" to C:\\temp\tnow' ]
    # The previous build's commit is unknown here (another clone): notes since the last tag, none.
    sed -i.bak -E 's/"commit": "[0-9a-f]+"/"commit": "0000000"/' "$channel/feed.json"
    rm "$channel/feed.json.bak"
    commit "fix: second"
    run publish --tarball "$(package 0.1.0-rc.2)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    builds | head -n 1 | grep -qF $'0.1.0-rc.2\tsay "hello" to C:\\temp\tnow|second'
}

@test "refusals: a feed in another form, a tarball not in its checksums, a build expired on arrival" {
    commit "feat: one"
    tarball=$(package 0.1.0-rc.1)
    mkdir -p "$channel"
    printf '{"channel": "qa", "binary": "meli-qa", "builds": [\n{ "version": "x",\n "file": "y"}]}\n' >"$channel/feed.json"
    before=$(cat "$channel/feed.json")
    run publish --tarball "$tarball"
    [ "$status" -eq 1 ]
    [[ $output == *"is not in the form this script writes"* ]]
    [ "$(cat "$channel/feed.json")" = "$before" ]
    [ ! -e "$channel/$(basename "$tarball")" ]
    rm "$channel/feed.json"

    echo "0000000000000000000000000000000000000000000000000000000000000000  $(basename "$tarball")" >"$dist/checksums.txt"
    run publish --tarball "$tarball"
    [ "$status" -eq 1 ]
    [[ $output == *"does not match the checksums.txt beside it"* ]]

    clock=$(($(date +%s) - 40 * 86400))
    commit "fix: old"
    run publish --tarball "$(package 0.1.0-rc.2)"
    [ "$status" -eq 1 ]
    [[ $output == *"would expire on arrival"* ]]
    [ ! -e "$channel/feed.json" ]

    run publish --keep 0
    [ "$status" -eq 2 ]
}

@test "the URL testers use is printed when it can be told" {
    commit "feat: one"
    GITHUB_REPOSITORY=acme/meli run publish --tarball "$(package 0.1.0-rc.1)"
    [ "$status" -eq 0 ]
    [[ $output == *"MELI_QA_UPDATE_FEED_URL: https://github.com/acme/meli/releases/download/qa-channel/feed.json"* ]]
    git remote add origin git@github.com:team/meli.git
    run publish --tarball "$(package 0.1.0-rc.1)"
    [[ $output == *"https://github.com/team/meli/releases/download/qa-channel/feed.json"* ]]
}

# A stand-in gh on PATH: records its arguments in $GH_LOG and serves releases from $GH_RELEASES/<tag>/.
stand_in_gh() {
    export GH_LOG="$BATS_TEST_TMPDIR/gh.log" GH_RELEASES="$BATS_TEST_TMPDIR/releases"
    mkdir -p "$BATS_TEST_TMPDIR/bin" "$GH_RELEASES"
    cat >"$BATS_TEST_TMPDIR/bin/gh" <<'GH'
#!/usr/bin/env bash
echo "$*" >>"$GH_LOG"
[ "$1" = release ] || exit 3
verb=$2 tag=$3
shift 3
here="$GH_RELEASES/$tag"
case "$verb" in
    view)
        [ -d "$here" ] || { echo "release not found" >&2; exit 1; }
        [[ " $* " == *" --json assets "* ]] && ls "$here"
        exit 0 ;;
    create) mkdir -p "$here" ;;
    edit) [ -d "$here" ] || { echo "release not found" >&2; exit 1; } ;;
    upload)
        [ -d "$here" ] || { echo "release not found" >&2; exit 1; }
        for file in "$@"; do [ "$file" = --clobber ] || cp "$file" "$here/"; done ;;
    download)
        dir=.
        while [ $# -gt 0 ]; do
            case "$1" in
                --dir) dir=$2; shift 2 ;;
                --pattern) cp "$here/$2" "$dir/"; shift 2 ;;
                *) shift ;;
            esac
        done ;;
    delete-asset) rm "$here/$1" ;;
    *) exit 3 ;;
esac
GH
    chmod +x "$BATS_TEST_TMPDIR/bin/gh"
    export PATH="$BATS_TEST_TMPDIR/bin:$PATH"
}

@test "github-release: pull an absent channel, push it, pull it into a fresh folder, publish again, push: one release, both builds" {
    stand_in_gh
    run "$scripts/github-release" channel-pull "$channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"no channel yet"* ]]
    [ -z "$(ls -A "$channel")" ]

    commit "feat: one"
    publish --keep 2 --tarball "$(package 0.1.0-rc.1)" >/dev/null
    run "$scripts/github-release" channel-push "$channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    grep -q '^release create qa-channel --prerelease' "$GH_LOG"
    [ "$(ls "$GH_RELEASES")" = qa-channel ]
    [ "$(ls "$GH_RELEASES/qa-channel" | tr '\n' ' ')" = "checksums.txt feed.json meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz.notes.md " ]
    # The feed goes up last.
    [ "$(grep 'release upload' "$GH_LOG" | tail -n 1)" = "release upload qa-channel --clobber $channel/feed.json" ]

    # The next CI run starts from an empty folder.
    rm -rf "$channel"
    run "$scripts/github-release" channel-pull "$channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(ls "$channel" | tr '\n' ' ')" = "checksums.txt feed.json meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz.notes.md " ]
    [ "$(mode "$channel/feed.json")" = 644 ]
    for n in 2 3; do
        commit "fix: change $n"
        publish --keep 2 --tarball "$(package "0.1.0-rc.$n")" >/dev/null
        run "$scripts/github-release" channel-push "$channel"
        [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    done
    [ "$(grep -c 'release create' "$GH_LOG")" -eq 1 ]
    [ "$(grep -c '"file": ' "$GH_RELEASES/qa-channel/feed.json")" -eq 2 ]
    # rc.1 fell out of the feed: its assets are deleted; rc.2 stays though this folder never held its tarball.
    grep -q '^release delete-asset qa-channel meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz --yes' "$GH_LOG"
    [ "$(ls "$GH_RELEASES/qa-channel" | tr '\n' ' ')" = "checksums.txt feed.json meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz.notes.md meli-qa_0.1.0-rc.3_linux_x86_64.tar.gz meli-qa_0.1.0-rc.3_linux_x86_64.tar.gz.notes.md " ]
    grep -q 'meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz$' "$GH_RELEASES/qa-channel/checksums.txt"

    # Signed: feed.json.sig goes up right after feed.json, and comes back with a pull.
    new_key ours >/dev/null
    keys="$BATS_TEST_TMPDIR/keys"
    commit "fix: change 4"
    MELI_SIGNING_KEY_FILE="$keys/ours.pem" publish --keep 2 --tarball "$(package 0.1.0-rc.4)" >/dev/null 2>&1
    run "$scripts/github-release" channel-push "$channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(grep 'release upload' "$GH_LOG" | tail -n 2 | tr '\n' '|')" = "release upload qa-channel --clobber $channel/feed.json|release upload qa-channel --clobber $channel/feed.json.sig|" ]
    cmp "$GH_RELEASES/qa-channel/feed.json.sig" "$channel/feed.json.sig"
    cmp "$GH_RELEASES/qa-channel/meli-qa_0.1.0-rc.4_linux_x86_64.tar.gz.sig" "$channel/meli-qa_0.1.0-rc.4_linux_x86_64.tar.gz.sig"
    rm -rf "$channel"
    run "$scripts/github-release" channel-pull "$channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    cmp "$GH_RELEASES/qa-channel/feed.json.sig" "$channel/feed.json.sig"
    # Published unsigned again: the release's feed.json.sig, which no longer matches, is deleted.
    commit "fix: change 5"
    publish --keep 2 --tarball "$(package 0.1.0-rc.5)" >/dev/null 2>&1
    run "$scripts/github-release" channel-push "$channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    grep -q '^release delete-asset qa-channel feed.json.sig --yes' "$GH_LOG"
    [ ! -e "$GH_RELEASES/qa-channel/feed.json.sig" ]
}

@test "github-release: a release gh cannot read is an error, not an empty channel; vX.Y.Z is never the channel" {
    stand_in_gh
    cat >"$BATS_TEST_TMPDIR/bin/gh" <<'GH'
#!/usr/bin/env bash
echo "HTTP 401: Bad credentials" >&2
exit 1
GH
    run "$scripts/github-release" channel-pull "$channel"
    [ "$status" -eq 1 ]
    [[ $output == *"Bad credentials"* ]]
    [[ $output == *"cannot read the release qa-channel"* ]]
    run "$scripts/github-release" channel-push "$channel" --tag v1.2.3
    [ "$status" -eq 2 ]
    run "$scripts/github-release" channel-push "$channel"
    [ "$status" -eq 1 ]
    [[ $output == *"has no feed.json to push"* ]]
}

@test "signing: a key Config/signing-keys does not list for qa publishes nothing; a listed one says so; with none listed, a warning names the line to add" {
    commit "feat: one"
    tarball=$(package 0.1.0-rc.1)
    ours=$(new_key ours)
    other=$(new_key other)
    keys="$BATS_TEST_TMPDIR/keys"
    # A checkout whose binaries trust our key for qa (scripts/ and Config/ are what publish-qa reads).
    checkout="$BATS_TEST_TMPDIR/checkout"
    mkdir "$checkout"
    cp -R "$scripts" "$scripts/../Config" "$checkout/"
    echo "qa $ours" >>"$checkout/Config/signing-keys"

    MELI_SIGNING_KEY_FILE="$keys/other.pem" run "$checkout/scripts/publish-qa" --channel "$channel" --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"(public key $other) is not one Config/signing-keys lists for qa, so meli-qa would refuse"*"nothing was published"* ]] || { echo "$output"; return 1; }
    [ ! -e "$channel" ]

    MELI_SIGNING_KEY_FILE="$keys/ours.pem" run "$checkout/scripts/publish-qa" --channel "$channel" --tarball "$tarball"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"Signed with the Ed25519 key $ours (listed for qa in Config/signing-keys)."* ]] || { echo "$output"; return 1; }
    [ -s "$channel/$(basename "$tarball").sig" ]

    # No key at all while keys are listed (CI's secret missing): every tester would refuse the
    # unsigned feed, signed builds included, so nothing is published unless --unsigned says so.
    cp -R "$channel" "$BATS_TEST_TMPDIR/before"
    run env -u MELI_SIGNING_KEY -u MELI_SIGNING_KEY_FILE "$checkout/scripts/publish-qa" --channel "$channel" --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"no MELI_SIGNING_KEY or MELI_SIGNING_KEY_FILE, and Config/signing-keys lists keys for qa"*"nothing was published"* ]] || { echo "$output"; return 1; }
    [[ $output == *"--unsigned"* ]] || { echo "$output"; return 1; }
    diff -r "$BATS_TEST_TMPDIR/before" "$channel"
    run env -u MELI_SIGNING_KEY -u MELI_SIGNING_KEY_FILE "$checkout/scripts/publish-qa" --channel "$channel" --tarball "$tarball" --unsigned
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ ! -e "$channel/feed.json.sig" ]

    # A key file that is not there is named as such, not as "not an Ed25519 private key".
    MELI_SIGNING_KEY_FILE="$keys/missing.pem" run "$checkout/scripts/publish-qa" --channel "$channel" --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"MELI_SIGNING_KEY_FILE names '$keys/missing.pem', which is not a readable file; nothing was published"* ]] || { echo "$output"; return 1; }

    # This repository's own list is empty: signing works, and the warning names the line to add.
    MELI_SIGNING_KEY_FILE="$keys/other.pem" run publish --tarball "$tarball"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"lists no key for qa"*"add the line 'qa $other' there"* ]] || { echo "$output"; return 1; }
}

@test "signed: the .sig and the feed's ed25519 sign the line 'meli-package-v1 <file> <sha256>', feed.json.sig signs the feed, and the feed says when it was published" {
    commit "feat: one"
    tarball=$(package 0.1.0-rc.1)
    ours=$(new_key ours)
    keys="$BATS_TEST_TMPDIR/keys"
    file=$(basename "$tarball")
    before=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    MELI_SIGNING_KEY="$(cat "$keys/ours.pem")" run publish --tarball "$tarball"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    after=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    sha=$( (sha256sum "$tarball" 2>/dev/null || shasum -a 256 "$tarball") | cut -d' ' -f1)
    verify_statement "$ours" "meli-package-v1 $file $sha"$'\n' "$channel/$file.sig"
    # Not the old format (the whole tarball), and not another line.
    printf -- '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA%s\n-----END PUBLIC KEY-----\n' "$ours" >"$BATS_TEST_TMPDIR/ours.pub.pem"
    ! openssl pkeyutl -verify -pubin -inkey "$BATS_TEST_TMPDIR/ours.pub.pem" -rawin -in "$tarball" -sigfile "$channel/$file.sig" >/dev/null 2>&1
    ! verify_statement "$ours" "meli-package-v1 $file $sha" "$channel/$file.sig"
    # The feed's field is the same 64 bytes; published is the time of publication.
    python3 - "$channel/feed.json" "$channel/$file.sig" "$before" "$after" <<'PY'
import base64, json, sys
feed = json.load(open(sys.argv[1]))
assert base64.b64decode(feed["builds"][0]["ed25519"]) == open(sys.argv[2], "rb").read()
assert sys.argv[3] <= feed["published"] <= sys.argv[4], feed["published"]
PY
    feed_sha=$( (sha256sum "$channel/feed.json" 2>/dev/null || shasum -a 256 "$channel/feed.json") | cut -d' ' -f1)
    verify_statement "$ours" "meli-feed-v1 $feed_sha"$'\n' "$channel/feed.json.sig"
    [ "$(mode "$channel/feed.json.sig")" = 644 ] && [ "$(wc -c <"$channel/feed.json.sig" | tr -d ' ')" = 64 ]
    [ -z "$(find "$channel" -name '.publish.*')" ]

    # The next build published unsigned: the feed's old signature would not match it, and goes.
    commit "fix: two"
    run publish --tarball "$(package 0.1.0-rc.2)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ ! -e "$channel/feed.json.sig" ]
    grep -q '^  "published": "20' "$channel/feed.json"
}

@test "MELI_SIGNING_KEY with MELI_SIGNING_KEY_FILE is refused before anything is written; the key file is left byte for byte" {
    commit "feat: one"
    tarball=$(package 0.1.0-rc.1)
    new_key ours >/dev/null
    new_key other >/dev/null
    keys="$BATS_TEST_TMPDIR/keys"
    cp "$keys/ours.pem" "$BATS_TEST_TMPDIR/ours.copy"
    MELI_SIGNING_KEY="$(cat "$keys/other.pem")" MELI_SIGNING_KEY_FILE="$keys/ours.pem" run publish --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"both MELI_SIGNING_KEY and MELI_SIGNING_KEY_FILE are set; nothing was published"*"Set only one"* ]] || { echo "$output"; return 1; }
    cmp "$keys/ours.pem" "$BATS_TEST_TMPDIR/ours.copy"
    [ ! -e "$channel" ]
    # Neither private key reached the output.
    [[ $output != *PRIVATE* ]]
}

@test "signing vouches for the whole feed: an entry added by hand to a signed feed is not re-signed; from an unsigned feed only signed builds are carried" {
    commit "feat: one"
    ours=$(new_key ours)
    keys="$BATS_TEST_TMPDIR/keys"
    MELI_SIGNING_KEY="$(cat "$keys/ours.pem")" run publish --tarball "$(package 0.1.0-rc.1)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    # Someone with write access to the channel (not the key) adds an entry of their own.
    planted='{"version": "9.9.9", "commit": "abcdef0", "date": "2030-01-01T00:00:00Z", "os": "linux", "arch": "x86_64", "file": "meli-qa_9.9.9_linux_x86_64.tar.gz", "sha256": "'$(printf '0%.0s' {1..64})'", "size": 10, "notes": "meli-qa_9.9.9_linux_x86_64.tar.gz.notes.md", "expires": "2030-02-01T00:00:00Z", "changes": []}'
    python3 - "$channel/feed.json" "$planted" <<'PY'
import sys
path, entry = sys.argv[1], sys.argv[2]
lines = open(path).read().split("\n")
at = lines.index('  "builds": [')
lines.insert(at + 1, "    " + entry + ",")
open(path, "w").write("\n".join(lines))
PY
    cp "$channel/feed.json" "$BATS_TEST_TMPDIR/tampered.json"
    commit "fix: two"
    MELI_SIGNING_KEY="$(cat "$keys/ours.pem")" run publish --tarball "$(package 0.1.0-rc.2)"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"feed.json.sig does not verify"*"the feed changed after it was signed; nothing was published"*"channel-pull"* ]] || { echo "$output"; return 1; }
    cmp "$channel/feed.json" "$BATS_TEST_TMPDIR/tampered.json"
    [ ! -e "$channel/meli-qa_0.1.0-rc.2_linux_x86_64.tar.gz" ]

    # The signature taken away too: nothing vouches for the entries' dates, expiries, sizes or
    # changes (a signed build's own ed25519 covers its file and sha256 only), so none is carried:
    # the planted one and the signed one are both left out, named, their files kept.
    rm "$channel/feed.json.sig"
    MELI_SIGNING_KEY="$(cat "$keys/ours.pem")" run publish --tarball "$(package 0.1.0-rc.2)"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"Left out of the signed feed, as no feed signature vouched for their entries (their files stay): "*"meli-qa_9.9.9_linux_x86_64.tar.gz"* ]] || { echo "$output"; return 1; }
    [[ $output == *"Left out of the signed feed"*"meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz"* ]] || { echo "$output"; return 1; }
    [ "$(builds | cut -f1 | tr '\n' ' ')" = "0.1.0-rc.2 " ]
    [ -f "$channel/meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz" ]
    feed_sha=$( (sha256sum "$channel/feed.json" 2>/dev/null || shasum -a 256 "$channel/feed.json") | cut -d' ' -f1)
    verify_statement "$ours" "meli-feed-v1 $feed_sha"$'\n' "$channel/feed.json.sig"

    # A feed signed by another key is not vouched for by ours.
    other=$(new_key other)
    commit "fix: three"
    MELI_SIGNING_KEY="$(cat "$keys/other.pem")" run publish --tarball "$(package 0.1.0-rc.3)"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"does not verify"* ]] || { echo "$output"; return 1; }
    [ -n "$other" ]
}

sha_of() { (sha256sum "$1" 2>/dev/null || shasum -a 256 "$1") | cut -d' ' -f1; }

# A checkout of its own (scripts/ and Config/, what scripts/publish reads) whose binaries trust the
# key lines given as arguments ('qa KEY', 'production KEY'); its dist/ is where packages go.
checkout_trusting() {
    checkout="$BATS_TEST_TMPDIR/checkout"
    mkdir -p "$checkout"
    cp -R "$scripts" "$scripts/../Config" "$checkout/"
    local line
    for line in "$@"; do echo "$line" >>"$checkout/Config/signing-keys"; done
    dist="$checkout/dist"
    mkdir -p "$dist"
}

@test "qa: each platform of a version is an entry; --keep counts versions; checksums.txt is signed as 'meli-checksums-v1 <sha256>'" {
    ours=$(new_key ours)
    keys="$BATS_TEST_TMPDIR/keys"
    for n in 1 2 3; do
        commit "feat: change $n"
        a=$(package "0.1.0-rc.$n" linux_x86_64) b=$(package "0.1.0-rc.$n" linux_aarch64) c=$(package "0.1.0-rc.$n" darwin_arm64)
        MELI_SIGNING_KEY_FILE="$keys/ours.pem" run publish --keep 2 --tarball "$a" --tarball "$b" --tarball "$c"
        [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    done
    [ "$(builds | cut -f1 | tr '\n' ' ')" = "0.1.0-rc.3 0.1.0-rc.3 0.1.0-rc.3 0.1.0-rc.2 0.1.0-rc.2 0.1.0-rc.2 " ]
    [[ $output == *"6 build(s) in the channel, dropped: meli-qa_0.1.0-rc.1_linux_x86_64.tar.gz meli-qa_0.1.0-rc.1_linux_aarch64.tar.gz meli-qa_0.1.0-rc.1_darwin_arm64.tar.gz"* ]] || { echo "$output"; return 1; }
    for platform in linux_x86_64 linux_aarch64 darwin_arm64; do
        [ ! -e "$channel/meli-qa_0.1.0-rc.1_$platform.tar.gz" ]
        file=meli-qa_0.1.0-rc.3_$platform.tar.gz
        verify_statement "$ours" "meli-package-v1 $file $(sha_of "$channel/$file")"$'\n' "$channel/$file.sig"
        # Every platform of a version has the version's notes: what changed since the previous version.
        grep -q 'change 3' "$channel/$file.notes.md"
        if grep -q 'change 2' "$channel/$file.notes.md"; then return 1; fi
    done
    [ "$(wc -l <"$channel/checksums.txt" | tr -d ' ')" -eq 6 ]
    (cd "$channel" && { sha256sum -c checksums.txt 2>/dev/null || shasum -a 256 -c checksums.txt; } >/dev/null)
    verify_statement "$ours" "meli-checksums-v1 $(sha_of "$channel/checksums.txt")"$'\n' "$channel/checksums.txt.sig"
    [ "$(mode "$channel/checksums.txt.sig")" = 644 ]

    # Two packages for one platform, or two versions, in one publication are refused.
    commit "fix: change 4"
    cp -R "$channel" "$BATS_TEST_TMPDIR/before"
    a=$(package 0.1.0-rc.4 linux_x86_64)
    run publish --tarball "$a" --tarball "$a"
    [ "$status" -eq 1 ] && [[ $output == *"two packages for linux_x86_64"*"nothing was published"* ]] || { echo "$output"; return 1; }
    run publish --tarball "$a" --tarball "$(package 0.1.0-rc.5 linux_aarch64)"
    [ "$status" -eq 1 ] && [[ $output == *"two versions, 0.1.0-rc.4 and 0.1.0-rc.5"* ]] || { echo "$output"; return 1; }
    diff -r "$BATS_TEST_TMPDIR/before" "$channel"

    # Published unsigned (no key listed for qa here): the old signatures would not match, and go.
    run publish --tarball "$a"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ ! -e "$channel/checksums.txt.sig" ] && [ ! -e "$channel/feed.json.sig" ]
}

@test "without --tarball: every platform's package of the newest version in dist/ (by semantic version), each checked against checksums.txt" {
    checkout_trusting
    commit "feat: one"
    package 0.1.0-rc.9 linux_x86_64 >/dev/null
    package 0.1.0-rc.9 linux_aarch64 >/dev/null
    commit "feat: two"
    package 0.1.0-rc.10 linux_x86_64 >/dev/null
    package 0.1.0-rc.10 darwin_arm64 >/dev/null
    touch -d '2001-01-01' "$dist"/meli-qa_0.1.0-rc.10_* 2>/dev/null || touch -t 200101010000 "$dist"/meli-qa_0.1.0-rc.10_*
    run "$checkout/scripts/publish" qa --channel "$channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(builds | cut -f1 | tr '\n' ' ')" = "0.1.0-rc.10 0.1.0-rc.10 " ]
    grep -q '"file": "meli-qa_0.1.0-rc.10_darwin_arm64.tar.gz"' "$channel/feed.json"
    grep -q '"file": "meli-qa_0.1.0-rc.10_linux_x86_64.tar.gz"' "$channel/feed.json"

    # One of them changed after packaging: nothing is published.
    echo tampered >>"$dist/meli-qa_0.1.0-rc.10_darwin_arm64.tar.gz"
    rm -rf "$channel"
    run "$checkout/scripts/publish-qa" --channel "$channel"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"meli-qa_0.1.0-rc.10_darwin_arm64.tar.gz does not match the checksums.txt beside it"* ]] || { echo "$output"; return 1; }
    [ ! -e "$channel/feed.json" ]

    # An environment that is not one, or none at all, is a usage error naming the ones there are.
    run "$checkout/scripts/publish" nope
    [ "$status" -eq 2 ] && [[ $output == *"unknown environment 'nope'; use $(bash -c '. "$1/scripts/lib.sh" && env_choices' - "$checkout")"* ]] || { echo "$output"; return 1; }
    run "$checkout/scripts/publish" dev
    [ "$status" -eq 1 ] && [[ $output == *"gives dev neither a channel nor release tags"* ]] || { echo "$output"; return 1; }
}

# A production release of the repository: v0.1.0, a fix, v0.1.1 tagged; $1 the tag's VERSION.
tag_releases() {
    commit "feat(search): sort results by price"
    git tag v0.1.0
    commit "fix(item): show items without pictures"
    commit "docs: say so"
    echo "${1:-0.1.1}" >VERSION
    git add VERSION
    GIT_COMMITTER_DATE="$((clock + 60)) +0000" GIT_AUTHOR_DATE="$((clock + 60)) +0000" git commit -q -m "chore(release): ${1:-0.1.1}"
    git tag "v${1:-0.1.1}"
}

@test "production: the release's folder holds each platform's package, signature and notes, signed checksums and a signed feed of this release alone; github-release uploads it all as the latest release" {
    prod=$(new_key production)
    qa=$(new_key qa)
    keys="$BATS_TEST_TMPDIR/keys"
    checkout_trusting "qa $qa" "production $prod"
    tag_releases 0.1.1
    release="$BATS_TEST_TMPDIR/release"
    package 0.1.0 linux_x86_64 meli >/dev/null   # an older release's package in dist/: not this one's
    package 0.1.1 linux_x86_64 meli >/dev/null
    package 0.1.1 darwin_arm64 meli >/dev/null
    package 0.1.1-rc.1 linux_x86_64 >/dev/null   # meli-qa's: another binary
    # The release's .deb (scripts/package --format deb), listed in dist/checksums.txt; an older
    # release's and another binary's are not this publication's.
    # Published from a checkout that has moved on: the notes are the build's commit's.
    commit "feat: on develop, not in 0.1.1"
    for deb in meli_0.1.1_amd64.deb meli_0.1.0_amd64.deb meli-qa_0.1.1~rc.1_amd64.deb; do
        printf '!<arch>\n%s\n' "$deb" >"$dist/$deb"
        printf '%s  %s\n' "$(sha_of "$dist/$deb")" "$deb" >>"$dist/checksums.txt"
    done
    MELI_SIGNING_KEY="$(cat "$keys/production.pem")" run "$checkout/scripts/publish" production --channel "$release"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"Signed with the Ed25519 key $prod (listed for production in Config/signing-keys)."* ]] || { echo "$output"; return 1; }
    [[ $output == *"scripts/github-release $release"* ]] || { echo "$output"; return 1; }
    [[ $output != *PRIVATE* ]]
    [[ $output == *"With its .deb packages, in checksums.txt (not in the feed): meli_0.1.1_amd64.deb"* ]] || { echo "$output"; return 1; }
    expected="checksums.txt checksums.txt.sig feed.json feed.json.sig meli_0.1.1_amd64.deb meli_0.1.1_darwin_arm64.tar.gz meli_0.1.1_darwin_arm64.tar.gz.notes.md meli_0.1.1_darwin_arm64.tar.gz.sig meli_0.1.1_linux_x86_64.tar.gz meli_0.1.1_linux_x86_64.tar.gz.notes.md meli_0.1.1_linux_x86_64.tar.gz.sig "
    [ "$(ls -A "$release" | LC_ALL=C sort | tr '\n' ' ')" = "$expected" ] || { ls -A "$release"; return 1; }
    for path in "$release"/*; do [ "$(mode "$path")" = 644 ] || { echo "$path"; return 1; }; done
    python3 - "$release/feed.json" <<'PY'
import json, sys
feed = json.load(open(sys.argv[1]))
assert feed["channel"] == "production" and feed["binary"] == "meli", feed
assert feed["published"].endswith("Z")
builds = feed["builds"]
assert sorted((b["os"], b["arch"]) for b in builds) == [("darwin", "arm64"), ("linux", "x86_64")], builds
for b in builds:
    assert b["version"] == "0.1.1" and "expires" not in b and len(b["ed25519"]) == 88, b
    assert b["changes"] == ["item: show items without pictures"], b["changes"]
PY
    for file in meli_0.1.1_darwin_arm64.tar.gz meli_0.1.1_linux_x86_64.tar.gz; do
        verify_statement "$prod" "meli-package-v1 $file $(sha_of "$release/$file")"$'\n' "$release/$file.sig"
    done
    (cd "$release" && { sha256sum -c checksums.txt 2>/dev/null || shasum -a 256 -c checksums.txt; } >/dev/null)
    [ "$(wc -l <"$release/checksums.txt" | tr -d ' ')" -eq 3 ]
    grep -q "^$(sha_of "$dist/meli_0.1.1_amd64.deb")  meli_0.1.1_amd64.deb\$" "$release/checksums.txt"
    verify_statement "$prod" "meli-checksums-v1 $(sha_of "$release/checksums.txt")"$'\n' "$release/checksums.txt.sig"
    verify_statement "$prod" "meli-feed-v1 $(sha_of "$release/feed.json")"$'\n' "$release/feed.json.sig"
    if verify_statement "$qa" "meli-feed-v1 $(sha_of "$release/feed.json")"$'\n' "$release/feed.json.sig" 2>/dev/null; then return 1; fi

    # Uploaded as the assets of v0.1.1, the latest release, the feed and its signature last, from
    # the tag (github-release names the release after the version checked out).
    git reset -q --hard v0.1.1
    stand_in_gh
    run "$checkout/scripts/github-release" "$release"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(ls -A "$GH_RELEASES/v0.1.1" | LC_ALL=C sort | tr '\n' ' ')" = "$expected" ]
    grep -q '^release create v0.1.1 --latest ' "$GH_LOG"
    [ "$(grep '^release upload' "$GH_LOG" | tail -n 1)" = "release upload v0.1.1 --clobber $release/feed.json $release/feed.json.sig" ]
    # Again: the release exists, and is marked the latest (not a pre-release) rather than made.
    run "$checkout/scripts/github-release" "$release"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    grep -q '^release edit v0.1.1 --latest --prerelease=false' "$GH_LOG"

    # The production key given to the QA channel: named as production's, never offered as a line
    # to add for qa (which would make every meli-qa trust the production key).
    package 0.1.2-rc.1 linux_x86_64 >/dev/null
    MELI_SIGNING_KEY_FILE="$keys/production.pem" run "$checkout/scripts/publish" qa --channel "$BATS_TEST_TMPDIR/qa-channel"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"is production's, listed for production in Config/signing-keys, not qa's; nothing was published"* ]] || { echo "$output"; return 1; }
    [[ $output != *"add the line"* ]] || { echo "$output"; return 1; }
    [ ! -e "$BATS_TEST_TMPDIR/qa-channel/feed.json" ]
}

@test "production refuses: a version that is not X.Y.Z, no key while one is listed (unless --unsigned), another environment's key, a folder holding another release" {
    prod=$(new_key production)
    qa=$(new_key qa)
    keys="$BATS_TEST_TMPDIR/keys"
    checkout_trusting "production $prod"
    tag_releases 0.1.1
    release="$BATS_TEST_TMPDIR/release"
    rc=$(package 0.1.1-rc.2 linux_x86_64 meli)
    MELI_SIGNING_KEY_FILE="$keys/production.pem" run "$checkout/scripts/publish" production --channel "$release" --tarball "$rc"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"0.1.1-rc.2 is not a release (X.Y.Z), and production publishes releases only; nothing was published"* ]] || { echo "$output"; return 1; }
    [ ! -e "$release" ]

    tarball=$(package 0.1.1 linux_x86_64 meli)
    run env -u MELI_SIGNING_KEY -u MELI_SIGNING_KEY_FILE "$checkout/scripts/publish" production --channel "$release" --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"Config/signing-keys lists keys for production, so every meli would refuse an unsigned feed; nothing was published"*"MELI_SIGNING_KEY_PRODUCTION"* ]] || { echo "$output"; return 1; }
    [ ! -e "$release" ]
    MELI_SIGNING_KEY_FILE="$keys/qa.pem" run "$checkout/scripts/publish" production --channel "$release" --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"(public key $qa) is not one Config/signing-keys lists for production"* ]] || { echo "$output"; return 1; }
    [ ! -e "$release/feed.json" ]

    run env -u MELI_SIGNING_KEY -u MELI_SIGNING_KEY_FILE "$checkout/scripts/publish" production --channel "$release" --tarball "$tarball" --unsigned
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"warning: no MELI_SIGNING_KEY"* ]]
    [ -f "$release/feed.json" ] && [ ! -e "$release/feed.json.sig" ] && [ ! -e "$release/checksums.txt.sig" ]
    # The same release again, signed: its own files are replaced.
    MELI_SIGNING_KEY_FILE="$keys/production.pem" run "$checkout/scripts/publish" production --channel "$release" --tarball "$tarball"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ -s "$release/feed.json.sig" ] && [ -s "$release/checksums.txt.sig" ]

    # A .deb of the release that is not the one checksums.txt lists: refused, nothing changes.
    printf 'changed after packaging\n' >"$dist/meli_0.1.1_amd64.deb"
    printf '%s  %s\n' "$(printf x | { sha256sum 2>/dev/null || shasum -a 256; } | cut -d' ' -f1)" meli_0.1.1_amd64.deb >>"$dist/checksums.txt"
    before=$(cat "$release/checksums.txt")
    MELI_SIGNING_KEY_FILE="$keys/production.pem" run "$checkout/scripts/publish" production --channel "$release" --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"meli_0.1.1_amd64.deb does not match the checksums.txt beside it"* ]] || { echo "$output"; return 1; }
    [ "$(cat "$release/checksums.txt")" = "$before" ] && [ ! -e "$release/meli_0.1.1_amd64.deb" ]
    rm "$dist/meli_0.1.1_amd64.deb"

    # Another release's files in the folder: refused, and nothing in it changes.
    echo mine >"$release/meli_0.1.0_linux_x86_64.tar.gz"
    cp -R "$release" "$BATS_TEST_TMPDIR/before"
    MELI_SIGNING_KEY_FILE="$keys/production.pem" run "$checkout/scripts/publish" production --channel "$release" --tarball "$tarball"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"holds meli_0.1.0_linux_x86_64.tar.gz, which is not a file of meli 0.1.1's publication; nothing was published"* ]] || { echo "$output"; return 1; }
    diff -r "$BATS_TEST_TMPDIR/before" "$release"
}
