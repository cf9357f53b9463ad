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

# sign NAME FILE: FILE.sig, NAME's signature of FILE, as scripts/publish-qa writes it.
sign() { openssl pkeyutl -sign -inkey "$keys/$1.pem" -rawin -in "$2" -out "$2.sig"; }
