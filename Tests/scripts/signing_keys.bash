# Loaded by the bats files that sign packages: Ed25519 keys made with openssl, as a maintainer
# makes them (README, "Security").

# new_key NAME: makes $keys/NAME.pem (keys: a folder of the test's) and prints its public key as
# Config/signing-keys and MELI_UPDATE_KEYS take it (base64 of the 32 bytes).
new_key() {
    keys="$BATS_TEST_TMPDIR/keys"
    mkdir -p "$keys"
    openssl genpkey -algorithm ed25519 -out "$keys/$1.pem"
    openssl pkey -in "$keys/$1.pem" -pubout -outform DER | tail -c 32 | openssl base64 -A
}

# sign NAME FILE: FILE.sig, NAME's signature of FILE as scripts/publish-qa writes it: of the line
# 'meli-package-v1 <file name> <sha256>' (README, "Security").
sign() {
    local statement="$BATS_TEST_TMPDIR/statement.$$"
    printf 'meli-package-v1 %s %s\n' "$(basename "$2")" "$( (. "$BATS_TEST_DIRNAME/../../scripts/lib.sh" && sha256 "$2") )" >"$statement"
    openssl pkeyutl -sign -inkey "$keys/$1.pem" -rawin -in "$statement" -out "$2.sig"
    rm -f "$statement"
}

# sign_feed NAME FEED: FEED.sig, NAME's signature of 'meli-feed-v1 <sha256 of FEED>'.
sign_feed() {
    local statement="$BATS_TEST_TMPDIR/statement.$$"
    printf 'meli-feed-v1 %s\n' "$( (. "$BATS_TEST_DIRNAME/../../scripts/lib.sh" && sha256 "$2") )" >"$statement"
    openssl pkeyutl -sign -inkey "$keys/$1.pem" -rawin -in "$statement" -out "$2.sig"
    rm -f "$statement"
}

# verify_statement PUBLIC STATEMENT_TEXT SIGFILE: openssl's verdict on SIGFILE as PUBLIC's (base64)
# signature of STATEMENT_TEXT, the way anyone checks a download by hand.
verify_statement() {
    local pem="$BATS_TEST_TMPDIR/pub.$$.pem" statement="$BATS_TEST_TMPDIR/statement.$$" status=0
    printf -- '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA%s\n-----END PUBLIC KEY-----\n' "$1" >"$pem"
    printf '%s' "$2" >"$statement"
    openssl pkeyutl -verify -pubin -inkey "$pem" -rawin -in "$statement" -sigfile "$3" >/dev/null || status=$?
    rm -f "$pem" "$statement"
    return $status
}
