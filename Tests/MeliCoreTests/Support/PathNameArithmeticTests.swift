import Testing
@testable import MeliCore

/// `PathName.normalize` and `lastComponent` work in one pass over the bytes; they give what
/// splitting the path into components and joining them again gives (the model below).
@Suite("Path arithmetic")
struct PathNameArithmeticTests {
    static func modelNormalize(_ path: String) -> String {
        let absolute = path.utf8.first == UInt8(ascii: "/")
        var parts: [[UInt8]] = []
        for part in path.utf8.split(separator: UInt8(ascii: "/")).map(Array.init) {
            if part == Array(".".utf8) { continue }
            if part == Array("..".utf8), let last = parts.last, last != Array("..".utf8) {
                parts.removeLast()
            } else if part == Array("..".utf8), absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let body = String(decoding: Array(parts.joined(separator: [UInt8(ascii: "/")])), as: UTF8.self)
        return absolute ? "/" + body : (body.isEmpty ? "." : body)
    }

    static let paths = [
        "", "/", "//", ".", "..", "./", "../..", "a", "a/", "/a", "a/b/../c", "/a/b/../../..", "a/../..",
        "../a/../../b", "/../x", "a/./b/.//c/", "a/b/c/../../d/..", ".../a", "a/..b/..", "/\u{301}a/b\u{301}/..",
        "ñ/../é/./ü", "a//b///c", "/x/y/../../../z/.",
    ]

    @Test(arguments: paths)
    func normalizesAsTheComponentsSay(path: String) {
        #expect(PathName.normalize(path) == Self.modelNormalize(path))
        #expect(PathName.lastComponent(of: path) == (PathName.components(path).last ?? path))
    }
}
