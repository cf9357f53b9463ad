/// The one-line statements a channel's key signs, rather than whole files: a signature binds a
/// package's name and sha256 (or a feed's sha256), so a verifier checks it against the digest of
/// the copy it holds, and nothing is read whole into memory to be verified.
///
///     meli-package-v1 <binary>_<version>_<os>_<arch>.tar.gz <sha256>\n
///     meli-feed-v1 <sha256 of the feed.json bytes>\n
///
/// `<sha256>` is 64 lower-case hex digits. scripts/publish signs the same bytes
/// (`printf 'meli-package-v1 %s %s\n' "$file" "$sha"`), and anyone can check them with openssl
/// (README, "Verify a download by hand"). It also signs `meli-checksums-v1 <sha256 of
/// checksums.txt>\n` into checksums.txt.sig, for those who check a download by hand; the binaries
/// go by the feed's sha256 and the package's own signature, and do not read it.
enum SignedStatement {
    /// What the signature of the package `file` whose sha256 is `sha256` is a signature of.
    static func package(file: String, sha256: String) -> [UInt8] {
        Array("meli-package-v1 \(file) \(sha256.lowercased())\n".utf8)
    }

    /// What the signature of a feed whose bytes hash to `sha256` (`<feed>.sig`) is a signature of.
    static func feed(sha256: String) -> [UInt8] {
        Array("meli-feed-v1 \(sha256.lowercased())\n".utf8)
    }
}
