#!/usr/bin/env bats
# scripts/adopt in a new team's repository: this checkout's scripts and Config in one commit on
# main, pushed to a bare origin that git reaches through a github.com address
# (url.<bare>.pushInsteadOf), the adopter's identity in the repository's own config and nowhere
# else, a fresh HOME, and a stand-in gh on PATH that records its arguments and standard input.

load git_env
load signing_keys

setup() {
    git_env
    unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL XDG_CONFIG_HOME
    project="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    origin="$BATS_TEST_TMPDIR/origin.git" repo="$BATS_TEST_TMPDIR/repo"
    keys="$HOME/.config/meli-signing"
    git init -q --bare -b main "$origin"
    git init -q -b main "$repo"
    mkdir -p "$repo/scripts"
    cp "$project/scripts/adopt" "$project/scripts/lib.sh" "$repo/scripts/"
    cp -R "$project/Config" "$repo/"
    cp "$project/.gitignore" "$repo/"
    rm -f "$repo/Config/Local.env"
    cd "$repo"
    git add -A
    git -c user.name=Founder -c user.email=founder@example.com commit -q -m "Initial commit"
    git remote add origin git@github.com:acme/shop.git
    git config "url.$origin.pushInsteadOf" git@github.com:acme/shop.git
    git push -q origin main
    # The adopter's identity, as a real one has it: in the repository's config.
    git config user.name "Ada Adopter"
    git config user.email ada@example.com
    stand_in_gh
}

# A stand-in gh on PATH: each call's arguments a line of $GH_LOG; 'auth status' exits
# $GH_AUTH_STATUS (default 0); 'secret set NAME' keeps its standard input in $GH_SECRETS/NAME.
stand_in_gh() {
    export GH_LOG="$BATS_TEST_TMPDIR/gh.log" GH_SECRETS="$BATS_TEST_TMPDIR/secrets"
    mkdir -p "$BATS_TEST_TMPDIR/bin" "$GH_SECRETS"
    : >"$GH_LOG"
    cat >"$BATS_TEST_TMPDIR/bin/gh" <<'GH'
#!/usr/bin/env bash
echo "$*" >>"$GH_LOG"
case "$1 $2" in
    "auth status") exit "${GH_AUTH_STATUS:-0}" ;;
    "secret set") cat >"$GH_SECRETS/$3"; exit 0 ;;
esac
exit 1
GH
    chmod +x "$BATS_TEST_TMPDIR/bin/gh"
    PATH="$BATS_TEST_TMPDIR/bin:$PATH"
}

adopt() { run "$repo/scripts/adopt" "$@"; }

# Everything adopt may change: refs, the checked-out branch, the work tree and index, the Config
# files, the origin's refs and the keys folder (names, modes and contents).
snapshot() {
    {
        git for-each-ref --format='%(refname) %(objectname)'
        git symbolic-ref HEAD
        git status --porcelain --untracked-files=all
        cat Config/QA.env Config/Prod.env Config/repository Config/signing-keys
        git -C "$origin" for-each-ref --format='%(refname) %(objectname)'
        if [ -d "$HOME/.config" ]; then find "$HOME/.config" -exec ls -ldn {} + | awk '{ print $1, $NF }'; fi
        if [ -d "$keys" ]; then cat "$keys"/*; fi
    } | cksum
}

# The public key (base64) of private key file $1.
public_key() { openssl pkey -in "$1" -pubout -outform DER | tail -c 32 | openssl base64 -A; }

# Status 0 when private key $1 signs a statement that the public key $2 verifies (openssl).
signs_for() {
    local text
    text="meli-feed-v1 $(printf '%064d' 0)"$'\n'
    printf '%s' "$text" >"$BATS_TEST_TMPDIR/statement"
    openssl pkeyutl -sign -inkey "$1" -rawin -in "$BATS_TEST_TMPDIR/statement" -out "$BATS_TEST_TMPDIR/statement.sig"
    verify_statement "$2" "$text" "$BATS_TEST_TMPDIR/statement.sig"
}

mode() { ls -ldn "$1" | cut -c1-10; }

# fails COMMAND...: status 0 when COMMAND fails ('! COMMAND' would never fail a bats test but its last line).
fails() { if "$@"; then echo "succeeded: $*"; return 1; fi; }

# never PATTERN TEXT: TEXT holds no line matching PATTERN (grep -e).
never() { if grep -q -e "$1" <<<"$2"; then echo "found $1"; return 1; fi; }

@test "adopt from origin: feed URLs, keys that sign, private keys outside, one commit, develop pushed, secrets through gh's stdin" {
    before=$(git rev-parse HEAD)
    adopt
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }

    # The env files: exactly the one line each, every other byte as it was.
    diff <(git show "$before:Config/QA.env") Config/QA.env >"$BATS_TEST_TMPDIR/qa.diff" || true
    [ "$(grep -c '^[<>]' "$BATS_TEST_TMPDIR/qa.diff")" -eq 2 ]
    grep -qx '< MELI_QA_UPDATE_FEED_URL =' "$BATS_TEST_TMPDIR/qa.diff"
    grep -qx 'MELI_QA_UPDATE_FEED_URL = https://github.com/acme/shop/releases/download/qa-channel/feed.json' Config/QA.env
    diff <(git show "$before:Config/Prod.env" | grep -v 'No feed yet' | grep -v '^MELI_PRODUCTION_UPDATE_FEED_URL') <(grep -v '^// .update. reads' Config/Prod.env | grep -v '^MELI_PRODUCTION_UPDATE_FEED_URL')
    grep -qx 'MELI_PRODUCTION_UPDATE_FEED_URL = https://github.com/acme/shop/releases/latest/download/feed.json' Config/Prod.env
    fails grep -q 'No feed yet' Config/Prod.env
    # Only meli's key: no other environment's feed is touched.
    [ "$(grep -c '^MELI_.*_UPDATE_FEED_URL' Config/Prod.env)" -eq 1 ]

    # Config/signing-keys: one line per signed environment, each the public half of a private key
    # kept outside the checkout, 0600 in a 0700 folder.
    [ "$(grep -c '^qa ' Config/signing-keys)" -eq 1 ]
    [ "$(grep -c '^production ' Config/signing-keys)" -eq 1 ]
    fails grep -q '^# No key is listed yet' Config/signing-keys
    [ "$(mode "$keys")" = drwx------ ]
    for env in qa production; do
        [ "$(mode "$keys/$env.pem")" = -rw------- ]
        listed=$(awk -v e="$env" '$1 == e { print $2 }' Config/signing-keys)
        [ "$(public_key "$keys/$env.pem")" = "$listed" ]
        signs_for "$keys/$env.pem" "$listed"
    done
    fails signs_for "$keys/qa.pem" "$(awk '$1 == "production" { print $2 }' Config/signing-keys)"

    # One commit, in the adopter's name, holding the three files and nothing secret.
    [ "$(git rev-list --count "$before..HEAD")" -eq 1 ]
    [ "$(git log -1 --format=%s)" = "chore(adopt): feed URLs and signing keys for acme/shop" ]
    [ "$(git log -1 --format='%an <%ae>')" = "Ada Adopter <ada@example.com>" ]
    [ "$(git diff --name-only "$before" HEAD | sort | tr '\n' ' ')" = "Config/Prod.env Config/QA.env Config/repository Config/signing-keys " ]
    # Config/repository: the address help's LEARN MORE links, its comments as they were.
    [ "$(grep -v '^#' Config/repository)" = https://github.com/acme/shop ]
    diff <(git show "$before:Config/repository" | grep '^#') <(grep '^#' Config/repository)
    never "PRIVATE KEY" "$(git show HEAD)"
    never "$HOME" "$(git show HEAD)"
    never "PRIVATE KEY" "$(git grep -h . HEAD)"
    [ -z "$(git ls-files '*.pem')" ]
    [ -z "$(git status --porcelain)" ]

    # develop: from main, here and on origin, tracking it.
    [ "$(git rev-parse develop)" = "$(git rev-parse main)" ]
    [ "$(git -C "$origin" rev-parse develop)" = "$(git rev-parse develop)" ]
    [ "$(git rev-parse --abbrev-ref 'develop@{upstream}')" = origin/develop ]
    [ "$(git branch --show-current)" = main ]

    # The secrets: set through gh, each key on standard input and never in an argument.
    grep -qx 'auth status' "$GH_LOG"
    grep -qx 'secret set MELI_SIGNING_KEY --repo acme/shop' "$GH_LOG"
    grep -qx 'secret set MELI_SIGNING_KEY_PRODUCTION --repo acme/shop' "$GH_LOG"
    [ "$(grep -c '^secret set' "$GH_LOG")" -eq 2 ]
    cmp "$GH_SECRETS/MELI_SIGNING_KEY" "$keys/qa.pem"
    cmp "$GH_SECRETS/MELI_SIGNING_KEY_PRODUCTION" "$keys/production.pem"
    fails grep -q "PRIVATE KEY" "$GH_LOG"
    [[ $output == *"MELI_SIGNING_KEY set with gh"* ]]
    [[ $output != *"PRIVATE KEY"* ]]
}

@test "gh not logged in: the secrets are printed as commands, not set, and no key's text is printed" {
    GH_AUTH_STATUS=1 adopt
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    grep -qx 'auth status' "$GH_LOG"
    fails grep -q '^secret' "$GH_LOG"
    [[ $output == *"gh secret set MELI_SIGNING_KEY --repo acme/shop < $keys/qa.pem"* ]]
    [[ $output == *"gh secret set MELI_SIGNING_KEY_PRODUCTION --repo acme/shop < $keys/production.pem"* ]]
    [[ $output == *"gh auth login"* ]]
    [[ $output != *"PRIVATE KEY"* ]]
    [[ $output != *"$(sed -n 2p "$keys/qa.pem")"* ]]
}

@test "a second run changes nothing, makes no commit and says everything is in place" {
    adopt
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    before=$(snapshot)
    : >"$GH_LOG"
    adopt
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(snapshot)" = "$before" ]
    [[ $output == *"Everything is in place for acme/shop"* ]]
    fails grep -q '^secret' "$GH_LOG"
    # The same, named explicitly.
    adopt acme/shop
    [ "$status" -eq 0 ]
    [ "$(snapshot)" = "$before" ]
}

@test "--rotate qa adds a second qa key after the first and keeps the old private key; the secret is not switched" {
    adopt
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    old=$(awk '$1 == "qa" { print $2 }' Config/signing-keys)
    old_pem=$(cat "$keys/qa.pem")
    production=$(grep '^production ' Config/signing-keys)
    : >"$GH_LOG"
    adopt --rotate qa
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(awk '$1 == "qa" { print $2 }' Config/signing-keys | sed -n 1p)" = "$old" ]
    [ "$(grep -c '^qa ' Config/signing-keys)" -eq 2 ]
    new=$(awk '$1 == "qa" { print $2 }' Config/signing-keys | sed -n 2p)
    [ "$new" != "$old" ]
    # Beside the old one: the line right after it.
    [ "$(grep -A1 "^qa $old" Config/signing-keys | tail -n 1)" = "qa $new" ]
    [ "$(grep '^production ' Config/signing-keys)" = "$production" ]
    [ "$(cat "$keys/qa.pem")" = "$old_pem" ]
    [ "$(mode "$keys/qa-2.pem")" = -rw------- ]
    signs_for "$keys/qa-2.pem" "$new"
    signs_for "$keys/qa.pem" "$old"
    [ "$(git log -1 --format=%s)" = "chore(adopt): a new qa signing key beside the old one" ]
    [ "$(git diff --name-only HEAD~1 HEAD)" = Config/signing-keys ]
    fails grep -q '^secret' "$GH_LOG"
    [[ $output == *"Ship qa builds that trust both keys"* ]]
    [[ $output == *"gh secret set MELI_SIGNING_KEY --repo acme/shop < $keys/qa-2.pem"* ]]
    [[ $output == *"remove the old key's line"* ]]
    # A rotation of an environment with no key listed, or of one that does not sign, is refused.
    adopt --rotate dev
    [ "$status" -eq 2 ]
}

@test "a private key already in the folder is listed, never replaced" {
    mkdir -p "$keys" && chmod 700 "$keys"
    (umask 077 && openssl genpkey -algorithm ed25519 -out "$keys/qa.pem")
    kept=$(cat "$keys/qa.pem")
    adopt
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(cat "$keys/qa.pem")" = "$kept" ]
    [ "$(awk '$1 == "qa" { print $2 }' Config/signing-keys)" = "$(public_key "$keys/qa.pem")" ]
}

@test "no git identity: refused before anything changes, naming git config user.name and user.email" {
    git config --unset user.name
    git config --unset user.email
    no_git_identity
    before=$(snapshot)
    adopt
    [ "$status" -eq 1 ]
    [[ $output == *"git config user.name"* && $output == *"git config user.email"* ]]
    [ "$(snapshot)" = "$before" ]
    [ ! -e "$keys" ]
    [ ! -s "$GH_LOG" ]
}

@test "a keys folder inside the checkout is refused, through a link too" {
    before=$(snapshot)
    adopt --keys-dir "$repo/keys"
    [ "$status" -eq 2 ]
    [[ $output == *"inside this checkout"* ]]
    adopt --keys-dir Config
    [ "$status" -eq 2 ]
    ln -s "$repo/Config" "$BATS_TEST_TMPDIR/elsewhere"
    adopt --keys-dir "$BATS_TEST_TMPDIR/elsewhere/keys"
    [ "$status" -eq 2 ]
    rm "$BATS_TEST_TMPDIR/elsewhere"
    [ "$(snapshot)" = "$before" ]
    [ ! -e "$repo/keys" ] && [ ! -e "$repo/Config/keys" ]
}

@test "--keys-dir elsewhere: the keys go there, the folder made 0700" {
    # Relative to where it is run, not to the checkout.
    cd "$BATS_TEST_TMPDIR"
    adopt --keys-dir vault/meli
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    cd "$repo"
    [ "$(mode "$BATS_TEST_TMPDIR/vault/meli")" = drwx------ ]
    [ "$(mode "$BATS_TEST_TMPDIR/vault/meli/qa.pem")" = -rw------- ]
    [ ! -e "$keys" ]
}

@test "a keys folder others can read or write is refused" {
    mkdir -p "$BATS_TEST_TMPDIR/open" "$BATS_TEST_TMPDIR/shared/keys"
    chmod 755 "$BATS_TEST_TMPDIR/open"
    before=$(snapshot)
    adopt --keys-dir "$BATS_TEST_TMPDIR/open"
    [ "$status" -eq 1 ]
    [[ $output == *"chmod 700"* ]]
    chmod 777 "$BATS_TEST_TMPDIR/shared"
    adopt --keys-dir "$BATS_TEST_TMPDIR/shared/keys"
    [ "$status" -eq 1 ]
    [[ $output == *"chmod go-w $BATS_TEST_TMPDIR/shared"* ]]
    [ "$(snapshot)" = "$before" ]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/open")" ]
}

@test "OWNER/REPO that is not GitHub's is a usage error, and nothing changes" {
    before=$(snapshot)
    for bad in 'a/b;rm' '../x' 'acme/..' 'acme/.' 'acme' 'acme/shop/x' 'acme/sh op' 'acme/$(id)' 'a/b
c'; do
        adopt "$bad"
        [ "$status" -eq 2 ] || { echo "$bad: $status $output"; return 1; }
        [[ $output == *"not a GitHub OWNER/REPO"* ]] || { echo "$output"; return 1; }
    done
    [ "$(snapshot)" = "$before" ]
    [ ! -e "$keys" ]
}

@test "an origin that is not on github.com asks for OWNER/REPO, without showing a password" {
    git remote set-url origin "https://ada:s3cret@gitlab.example.com/acme/shop.git"
    adopt
    [ "$status" -eq 2 ]
    [[ $output == *"scripts/adopt OWNER/REPO"* ]]
    [[ $output != *s3cret* ]]
    git remote remove origin
    adopt
    [ "$status" -eq 2 ]
    [[ $output == *"no origin remote"* ]]
    # Given explicitly, with no origin: done, and develop made but not pushed.
    adopt acme/shop
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    git rev-parse --verify -q develop >/dev/null
    [[ $output == *"git push -u origin develop"* ]]
}

@test "the https and ssh forms of a github.com origin name the repository" {
    for url in https://github.com/acme/shop.git https://github.com/acme/shop ssh://git@github.com/acme/shop.git https://ada@github.com/acme/shop/; do
        git remote set-url origin "$url"
        adopt --rotate qa
        [ "$status" -eq 2 ] || { echo "$url: $output"; return 1; }   # no key to rotate yet: read, then refused
        [[ $output == *"lists no qa key to rotate"* ]] || { echo "$url: $output"; return 1; }
    done
    git remote set-url origin https://github.com/Team-1/meli.app
    git config "url.$origin.pushInsteadOf" https://github.com/Team-1/meli.app
    adopt
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    grep -qx 'MELI_QA_UPDATE_FEED_URL = https://github.com/Team-1/meli.app/releases/download/qa-channel/feed.json' Config/QA.env
}

@test "uncommitted changes in a file adopt writes: refused, nothing changed" {
    echo "// mine" >>Config/QA.env
    before=$(snapshot)
    adopt
    [ "$status" -eq 1 ]
    [[ $output == *"Config/QA.env"* && $output == *"git stash"* ]]
    [ "$(snapshot)" = "$before" ]
    [ ! -e "$keys" ]
}

@test "a commit that fails leaves the files and the keys folder as they were" {
    printf '#!/bin/sh\necho "hook says no" >&2\nexit 1\n' >"$(git rev-parse --git-path hooks)/pre-commit"
    chmod +x "$(git rev-parse --git-path hooks)/pre-commit"
    before=$(snapshot)
    adopt
    [ "$status" -eq 1 ]
    [[ $output == *"git commit failed"* ]]
    [ "$(snapshot)" = "$before" ]
    [ ! -e "$keys" ]
    [ -z "$(ls -A Config | grep adopt || true)" ]
    fails grep -q '^secret' "$GH_LOG"
}

@test "--help prints the usage and exits 0" {
    adopt --help
    [ "$status" -eq 0 ]
    [[ $output == *"Usage: scripts/adopt [OWNER/REPO] [--keys-dir DIR] [--rotate ENV]"* ]]
    adopt --bogus
    [ "$status" -eq 2 ]
}
