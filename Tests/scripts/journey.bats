#!/usr/bin/env bats
# A team's year with meli, lived in temporary repositories, each stage a test run in order
# (GitHub stood in for by a bare origin and a gh that keeps the secrets it is given):
# a bare origin and a clone with no tag and no git identity anywhere but the clone's own config,
# develop created as the README says, the pipeline adopted (scripts/adopt: feed URLs, a signing key
# per environment listed in Config/signing-keys, the private keys outside the checkout), features
# merged through `scripts/gitflow check-pr`, the first release, two signed QA builds published to
# ONE channel and served over loopback HTTP (a publication without the key refused), a tester who
# installs the first and is moved to the second by `meli-qa update` (checked by running the
# installed binary), a rollback, an unsigned QA build the tester's meli-qa refuses, release finish,
# production packaged from the tag and installed beside the QA build, a hotfix from main released
# and published with `scripts/publish production` (signed), `meli update` moving the user to it,
# and the next release, whose CHANGELOG section holds only what is new.
#
# The binaries are debug builds of the team's repository, so they trust the keys its
# Config/signing-keys lists (Package.swift compiles them in), stamped with the version
# scripts/version gives there (a stamped release build takes minutes; scripts/reproducible.bats
# covers it).

load portable
load debug_build
load loopback

setup_file() {
    project="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    export project
    export world="$BATS_FILE_TMPDIR/world"
    mkdir -p "$world/home" "$world/tester" "$world/channel"
    # The team's repository: this checkout's files (tracked and new, as they are now), one commit,
    # pushed to a bare origin. No tag, no history, no identity from the machine.
    export HOME="$world/home" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL
    git init -q --bare -b main "$world/origin.git"
    git init -q -b main "$world/seed"
    (cd "$project" && git ls-files -co --exclude-standard -z) | while IFS= read -r -d '' file; do
        [ -e "$project/$file" ] || continue
        mkdir -p "$world/seed/$(dirname "$file")"
        cp -P "$project/$file" "$world/seed/$file"
    done
    (
        cd "$world/seed"
        echo 0.1.0 >VERSION
        git add -A
        git -c user.name=Founder -c user.email=founder@example.com commit -q -m "Initial commit"
        git remote add origin "$world/origin.git"
        git push -q origin main
    )
    git clone -q "$world/origin.git" "$world/team"
}

setup() {
    export HOME="$world/home" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL
    cd "$world/team"
    scripts="$world/team/scripts"
    prefix="$world/tester/.local"
}

# A commit on the current branch: $1 subject, $2 file.
work() {
    echo "$1" >>"$2"
    git add "$2"
    git commit -q -m "$1"
}

# Merges feature branch $1 into develop the way a pull request does, after CI's git-flow check.
merge_pr() {
    "$scripts/gitflow" check-pr "$1" develop
    git checkout -q develop
    git merge -q --no-ff -m "Merge pull request from $1" "$1"
    git branch -q -d "$1"
}

# Builds binary $1 (meli-qa or meli) of the team's repository as it is checked out (its
# Config/signing-keys compiled in), stamped with its version (scripts/version with the arguments
# after $1), and prints its path. The build folder is outside the repository, so the release
# scripts see a clean tree.
stamped_build() {
    local binary=$1 version commit date key value
    shift
    while IFS='=' read -r key value; do
        case "$key" in version) version=$value ;; commit) commit=$value ;; date) date=$value ;; esac
    done < <("$scripts/version" "$@" --fields)
    # Stamped as scripts/build stamps: a header on the include path (a new stamp recompiles one file).
    (. "$world/team/scripts/lib.sh" && write_stamp_header "$world/stamp" "$version" "$commit" "$date")
    (cd "$world/team" && swift build --scratch-path "$world/build" --product "$binary" -Xcc "-I$world/stamp" >&2)
    # Stripped, as a release build is, and quicker to package (debug_build.bash).
    stripped_copy "$world/build/debug/$binary" "$world/stripped" >&2
    echo "$world/stripped/$binary"
}

# The tester's machine: their own HOME, no toolchain settings, the channel's feed over HTTP
# (unless MELI_QA_UPDATE_FEED_URL is given), the production feed given by MELI_PRODUCTION_UPDATE_FEED_URL.
as_tester() {
    local feeds=(MELI_QA_UPDATE_FEED_URL="${MELI_QA_UPDATE_FEED_URL:-$(cat "$world/feed-url" 2>/dev/null)}")
    [ -z "${MELI_PRODUCTION_UPDATE_FEED_URL:-}" ] || feeds+=(MELI_PRODUCTION_UPDATE_FEED_URL="$MELI_PRODUCTION_UPDATE_FEED_URL")
    env -i HOME="$world/tester" PATH="$prefix/bin:/usr/bin:/bin" TERM=dumb "${feeds[@]}" "$@"
}

# Serves the channel folder on a free loopback port; the URL goes to $world/feed-url.
serve_channel() {
    [ -s "$world/feed-url" ] && return 0
    serve_folder "$world/channel" "$world"
    echo "http://127.0.0.1:$(cat "$world/port")/feed.json" >"$world/feed-url"
}

teardown_file() {
    stop_server "$world"
}

@test "1. a new team member sets up develop and an identity, as the README says" {
    # No identity anywhere yet: the release script says what to do and changes nothing.
    git checkout -q -b develop
    # Where git could guess one from the host name, it would; this repository says not to.
    git config user.useConfigOnly true
    run "$scripts/release" start 0.1.0
    [ "$status" -ne 0 ]
    [[ $output == *"git config user.name"* ]]
    [ "$(git branch --show-current)" = develop ]
    [ -z "$(git status --porcelain)" ]
    [ -z "$(git branch --list 'release/*')" ]

    git config user.name "Ana Tester"
    git config user.email ana@example.com
    git push -q -u origin develop
    [ "$(git ls-remote origin refs/heads/develop | cut -f2)" = refs/heads/develop ]
}

@test "2. the team adopts the pipeline: feed URLs, a signing key per environment listed, the private keys outside the checkout" {
    # gh, logged in (a stand-in: it keeps each secret it is given, as GitHub would).
    mkdir -p "$world/bin" "$world/secrets"
    cat >"$world/bin/gh" <<GH
#!/usr/bin/env bash
case "\$1 \$2" in
    "auth status") exit 0 ;;
    "secret set") [ "\$4" = --repo ] && [ "\$5" = acme/shop ] && cat >"$world/secrets/\$3" && exit 0 ;;
esac
exit 1
GH
    chmod +x "$world/bin/gh"
    PATH="$world/bin:$PATH" run "$scripts/adopt" acme/shop --keys-dir "$world/keys"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output != *PRIVATE* ]]
    # The CI secrets hold the private keys, set through gh, never printed.
    cmp "$world/secrets/MELI_SIGNING_KEY" "$world/keys/qa.pem"
    cmp "$world/secrets/MELI_SIGNING_KEY_PRODUCTION" "$world/keys/production.pem"
    [[ $output == *"MELI_SIGNING_KEY set with gh"* ]] || { echo "$output"; return 1; }
    [ "$(git log -1 --format=%s)" = "chore(adopt): feed URLs and signing keys for acme/shop" ]
    for env in qa production; do
        [ "$(ls -ln "$world/keys/$env.pem" | cut -c1-10)" = "-rw-------" ]
        public=$(openssl pkey -in "$world/keys/$env.pem" -pubout -outform DER | tail -c 32 | openssl base64 -A)
        grep -qxF "$env $public" Config/signing-keys
    done
    grep -qxF 'MELI_PRODUCTION_UPDATE_FEED_URL = https://github.com/acme/shop/releases/latest/download/feed.json' Config/Prod.env
    [ -z "$(git status --porcelain)" ]
    git push -q origin develop
}

@test "3. two features reach develop through the git-flow check, with no tag in the repository" {
    [ -z "$(git tag)" ]
    git checkout -q -b feature/search-sort develop
    work "feat(search): sort results by price" search.txt
    work "docs: explain sorting" search-docs.txt
    merge_pr feature/search-sort
    git checkout -q -b bugfix/cache-age develop
    work "fix(cache): show the age of stale answers" cache.txt
    merge_pr bugfix/cache-age
    run "$scripts/gitflow" check-pr develop main
    [ "$status" -eq 1 ]
    [[ $output == *"release branch"* ]]
    run "$scripts/version"
    [ "$status" -eq 0 ]
    [[ $output =~ ^0\.1\.0-dev\.[0-9]+\+[0-9a-f]{7}$ ]]
    git push -q origin develop
}

@test "4. the first release starts from a repository with no tag" {
    run "$scripts/gitflow" check-branch release/0.1.0
    [ "$status" -eq 0 ]
    run "$scripts/release" start 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git branch --show-current)" = release/0.1.0 ]
    run "$scripts/gitflow" check-pr release/0.1.0 main
    [ "$status" -eq 0 ]
    grep -q 'sort results by price' CHANGELOG.md
    run grep -c 'explain sorting' CHANGELOG.md
    [ "$output" = 0 ]
    git push -q -u origin release/0.1.0
}

@test "5. the first QA build is published to the channel" {
    [ "$("$scripts/gitflow" channel release/0.1.0)" = qa ]
    binary=$(stamped_build meli-qa)
    run "$scripts/package" --binary "$binary" --out "$world/dist" qa
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    tarball=$(ls "$world/dist"/meli-qa_0.1.0-rc.*.tar.gz)
    [ "$(file_mode "$tarball")" = 644 ]
    [ "$(file_mode "$world/dist/checksums.txt")" = 644 ]
    # CI's secret missing: Config/signing-keys lists a qa key, so nothing is published.
    run "$scripts/publish-qa" --tarball "$tarball" --channel "$world/channel"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"Config/signing-keys lists keys for qa"*"nothing was published"* ]] || { echo "$output"; return 1; }
    [ ! -e "$world/channel/feed.json" ]
    # As qa.yml does: the secret MELI_SIGNING_KEY, as gh set it.
    MELI_SIGNING_KEY="$(cat "$world/secrets/MELI_SIGNING_KEY")" run "$scripts/publish-qa" --tarball "$tarball" --channel "$world/channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"(listed for qa in Config/signing-keys)"* ]] || { echo "$output"; return 1; }
    [ -s "$world/channel/feed.json.sig" ] && [ -s "$world/channel/checksums.txt.sig" ]
    basename "$tarball" .tar.gz | sed -E 's/^meli-qa_([^_]+)_.*/\1/' >"$world/rc1"
    grep -c '"file": ' "$world/channel/feed.json" | grep -qx 1
    for file in "$world/channel"/*; do [ -d "$file" ] || [ "$(file_mode "$file")" = 644 ]; done
}

@test "6. a tester installs that build from the channel, with nothing installed before" {
    serve_channel
    rc1=$(cat "$world/rc1")
    file=$(ls "$world/channel"/meli-qa_"$rc1"_*.tar.gz)
    mkdir -p "$world/tester/Downloads"
    # What a tester does: download the tarball the feed names, unpack it, let it install itself.
    curl -q -fsS -o "$world/tester/Downloads/$(basename "$file")" "$(dirname "$(cat "$world/feed-url")")/$(basename "$file")"
    tar xzf "$world/tester/Downloads/$(basename "$file")" -C "$world/tester/Downloads"
    run as_tester "$world/tester/Downloads/$(basename "$file" .tar.gz)/bin/meli-qa" self install --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run as_tester meli-qa --version
    [ "$status" -eq 0 ]
    [[ $output == "meli-qa $rc1 "* ]]
    run as_tester meli-qa update --check
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"$rc1"* ]]
}

@test "7. QA finds a bug; the fix ships as the second build in the same channel" {
    work "fix(search): keep the sort on the next page" search.txt
    git push -q origin release/0.1.0
    binary=$(stamped_build meli-qa)
    "$scripts/package" --binary "$binary" --out "$world/dist" qa
    tarball=$(ls -t "$world/dist"/meli-qa_0.1.0-rc.*.tar.gz | head -n 1)
    basename "$tarball" .tar.gz | sed -E 's/^meli-qa_([^_]+)_.*/\1/' >"$world/rc2"
    [ "$(cat "$world/rc2")" != "$(cat "$world/rc1")" ]
    MELI_SIGNING_KEY_FILE="$world/keys/qa.pem" run "$scripts/publish" qa --tarball "$tarball" --channel "$world/channel"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    # One channel, both builds, newest first.
    [ "$(grep -c '"file": ' "$world/channel/feed.json")" -eq 2 ]
    first=$(grep -m1 '"file": ' "$world/channel/feed.json")
    [[ $first == *"\"version\": \"$(cat "$world/rc2")\""* ]]
    [[ $first == *"keep the sort on the next page"* ]]
    [[ $first != *"sort results by price"* ]]
}

@test "8. the tester is moved to the second build by meli-qa update, and back by a rollback" {
    serve_channel
    rc1=$(cat "$world/rc1") rc2=$(cat "$world/rc2")
    run as_tester meli-qa update --check
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"$rc2"* ]]
    [[ $output == *"keep the sort on the next page"* ]]
    run as_tester meli-qa update
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run as_tester meli-qa --version
    [[ $output == "meli-qa $rc2 "* ]] || { echo "$output"; return 1; }
    run as_tester meli-qa update --check
    [[ $output == *"newest"* ]]
    run as_tester meli-qa self rollback --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run as_tester meli-qa --version
    [[ $output == "meli-qa $rc1 "* ]] || { echo "$output"; return 1; }
    run as_tester meli-qa update
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run as_tester meli-qa --version
    [[ $output == "meli-qa $rc2 "* ]]
    # The installed man page and completions are the new build's too.
    [ "$(cd "$prefix/share/man/man1" && pwd -P)" = "$prefix/share/man/man1" ]
    [[ $(readlink "$prefix/bin/meli-qa") == *current* ]]
}

@test "9. a QA build published unsigned (--unsigned) is refused by the tester's meli-qa, which trusts the team's qa key" {
    rc2=$(cat "$world/rc2")
    tarball=$(ls "$world/dist"/meli-qa_"$rc2"_*.tar.gz)
    run "$scripts/publish" qa --unsigned --tarball "$tarball" --channel "$world/unsigned"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ ! -e "$world/unsigned/feed.json.sig" ] && [ ! -e "$world/unsigned/$(basename "$tarball").sig" ]
    MELI_QA_UPDATE_FEED_URL="$world/unsigned/feed.json" run as_tester meli-qa update --check
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"is not signed"*"reads only feeds signed by a key it trusts"* ]] || { echo "$output"; return 1; }
    run as_tester meli-qa self install "$world/unsigned/$(basename "$tarball")" --prefix "$prefix"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"not signed"* ]] || { echo "$output"; return 1; }
    run as_tester meli-qa --version
    [[ $output == "meli-qa $rc2 "* ]]
}

@test "10. release finish: the tag is on main and reachable from develop, which counts from it" {
    run "$scripts/release" finish 0.1.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git rev-parse 'v0.1.0^{commit}')" = "$(git rev-parse main)" ]
    git merge-base --is-ancestor v0.1.0 develop
    [ "$(git show develop:VERSION)" = 0.2.0 ]
    [ "$(git show main:VERSION)" = 0.1.0 ]
    git checkout -q develop
    run "$scripts/version"
    [[ $output =~ ^0\.2\.0-dev\.([0-9]+)\+ ]]
    [ "${BASH_REMATCH[1]}" -eq "$(git rev-list --count v0.1.0..develop)" ]
    git push -q origin main develop v0.1.0
    git push -q origin --delete release/0.1.0
    [ -z "$(git ls-remote origin 'refs/heads/release/*')" ]
}

@test "11. production is packaged from the tag and installed beside the QA build" {
    run "$scripts/package" --binary /bin/true production
    [ "$status" -ne 0 ]   # develop: a dev version is no production build
    git checkout -q main
    [ "$("$scripts/version")" = 0.1.0 ]
    binary=$(stamped_build meli)
    run "$scripts/package" --binary "$binary" --out "$world/dist" production
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ -f "$world/dist/meli_0.1.0_$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m).tar.gz" ]
    mkdir -p "$world/tester/Downloads/prod"
    tar xzf "$world/dist"/meli_0.1.0_*.tar.gz -C "$world/tester/Downloads/prod"
    run as_tester "$world/tester/Downloads/prod/meli_0.1.0_$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m)/bin/meli" self install --prefix "$prefix"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run as_tester meli --version
    [[ $output == "meli 0.1.0 "* ]]
    run as_tester meli-qa --version
    [[ $output == "meli-qa $(cat "$world/rc2") "* ]]
    git checkout -q develop
}

@test "12. a hotfix from main reaches main, its tag and develop" {
    run "$scripts/hotfix" start 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    work "fix(item): show items without pictures" item.txt
    run "$scripts/hotfix" finish 0.1.1
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git merge-base --is-ancestor v0.1.1 main
    git merge-base --is-ancestor v0.1.1 develop
    [ "$(git show main:VERSION)" = 0.1.1 ]
    [ "$(git show develop:VERSION)" = 0.2.0 ]
    git checkout -q develop
}

@test "13. the hotfix is released: production 0.1.1 from its tag, published signed with scripts/publish production; meli update moves the user to it" {
    git checkout -q v0.1.1
    [ "$("$scripts/version")" = 0.1.1 ]
    binary=$(stamped_build meli)
    run "$scripts/package" --binary "$binary" --out "$world/dist-0.1.1" production
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git checkout -q develop
    release="$world/release-0.1.1"
    # Without the production key (the CI secret MELI_SIGNING_KEY_PRODUCTION missing): refused.
    run "$scripts/publish" production --tarball "$world/dist-0.1.1"/meli_0.1.1_*.tar.gz --channel "$release"
    [ "$status" -eq 1 ] || { echo "$output"; return 1; }
    [[ $output == *"Config/signing-keys lists keys for production"*"nothing was published"* ]] || { echo "$output"; return 1; }
    MELI_SIGNING_KEY="$(cat "$world/secrets/MELI_SIGNING_KEY_PRODUCTION")" run "$scripts/publish" production --tarball "$world/dist-0.1.1"/meli_0.1.1_*.tar.gz --channel "$release"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"(listed for production in Config/signing-keys)"* ]] || { echo "$output"; return 1; }
    [ -s "$release/feed.json.sig" ] && [ -s "$release/checksums.txt.sig" ]
    grep -q '"channel": "production"' "$release/feed.json"

    # The user, at 0.1.0, with the release's feed (its folder, as the release's assets are).
    export MELI_PRODUCTION_UPDATE_FEED_URL="$release/feed.json"
    run as_tester meli update --check
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"meli 0.1.1 is available (this is 0.1.0)"* ]] || { echo "$output"; return 1; }
    [[ $output == *"item: show items without pictures"* ]] || { echo "$output"; return 1; }
    run as_tester meli update
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run as_tester meli --version
    [[ $output == "meli 0.1.1 "* ]] || { echo "$output"; return 1; }
    run as_tester meli update --check
    [[ $output == *"meli 0.1.1 is the newest build."* ]] || { echo "$output"; return 1; }
    # The QA build beside it is untouched.
    run as_tester meli-qa --version
    [[ $output == "meli-qa $(cat "$world/rc2") "* ]]
    unset MELI_PRODUCTION_UPDATE_FEED_URL

    # A new user, nothing installed, installs from the release's feed (a release's builds never
    # expire) with the team's checkout, which checks the feed and the package with its keys.
    newcomer="$world/newcomer"
    mkdir -p "$newcomer"
    run env -i HOME="$newcomer" PATH=/usr/bin:/bin TERM=dumb "$scripts/install" "$release/feed.json" --prefix "$newcomer/.local"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    run env -i HOME="$newcomer" PATH=/usr/bin:/bin "$newcomer/.local/bin/meli" --version
    [[ $output == "meli 0.1.1 "* ]] || { echo "$output"; return 1; }
}

@test "14. the next release's CHANGELOG section holds only what is new" {
    git checkout -q -b feature/categories develop
    work "feat(categories): list subcategories" categories.txt
    merge_pr feature/categories
    run "$scripts/release" start 0.2.0
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    section=$(awk '/^## 0\.2\.0$/ {on=1; next} /^## / {on=0} on' CHANGELOG.md)
    [[ $section == *"list subcategories"* ]]
    [[ $section != *"sort results by price"* ]]
    [[ $section != *"show the age of stale answers"* ]]
    [[ $section != *"show items without pictures"* ]]
    grep -q '^## 0\.1\.0$' CHANGELOG.md
}
