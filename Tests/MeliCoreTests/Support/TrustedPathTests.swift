import Foundation
import Testing
@testable import MeliCore

/// A path walked one name at a time from `/` (`TrustedPath`): links followed as the kernel
/// follows them (relative from the folder they sit in, absolute from `/`, `..` back up the
/// folders actually reached), at most 40, and a missing tail said rather than refused.
@Suite("A path walked link by link", .serialized)
struct TrustedPathTests {
    let root: TemporaryDirectory

    init() throws {
        root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path + "/x/y", withIntermediateDirectories: true)
    }

    var walk: TrustedPath { TrustedPath(ownership: Ownership(fileSystem: .local)) }

    /// Relative and absolute links and `..` after a link reach the folder the kernel reaches
    /// (`l3/..` is `x`, not the folder holding `l3`), and what is missing below it is said.
    @Test func linksAreFollowedAsTheKernelFollowsThem() throws {
        #expect(symlink("x/y/../y", root.path + "/l1") == 0)
        #expect(symlink(root.path + "/l1", root.path + "/l2") == 0)
        #expect(symlink("x/y", root.path + "/l3") == 0)
        let y = root.path + "/x/y"
        #expect(try walk.check(root.path + "/l2/z/w") == TrustedPath.Reached(folder: y, missing: ["z", "w"], made: []))
        #expect(try walk.check(root.path + "/l3/../y") == TrustedPath.Reached(folder: y, missing: [], made: []))
        #expect(realpath(root.path + "/l3/../y", nil).map { String(cString: $0) } == y, "as the kernel")
    }

    /// 40 links on the way are followed; 41 are refused, naming the 41st.
    @Test func atMost40Links() throws {
        for index in 0..<41 {
            let next = index == 40 ? root.path + "/x" : "l\(index + 1)"
            #expect(symlink(next, root.path + "/l\(index)") == 0)
        }
        #expect(try walk.check(root.path + "/l1/y").folder == root.path + "/x/y")
        #expect(throws: TrustedPath.Failure(path: root.path + "/l40", reason: .tooManyLinks)) { try walk.check(root.path + "/l0/y") }
    }

    /// Folders are made 0755 whatever the umask, each said as the path given names it.
    @Test func missingFoldersAreMade() throws {
        let old = umask(0o077)
        defer { umask(old) }
        let reached = try walk.make(root.path + "/x/a/b", mode: 0o755)
        #expect(reached.made == [root.path + "/x/a", root.path + "/x/a/b"])
        #expect(FileSystem.local.permissions(of: root.path + "/x/a") == 0o755)
        #expect(FileSystem.local.permissions(of: root.path + "/x/a/b") == 0o755)
        #expect(try walk.make(root.path + "/x/a/b", mode: 0o755).made == [])
    }

    /// Something that is not a folder on the way is refused.
    @Test func aFileOnTheWayIsRefused() throws {
        try root.write("x/file", "")
        #expect(throws: TrustedPath.Failure(path: root.path + "/x/file", reason: .notFolder)) { try walk.check(root.path + "/x/file/z") }
    }
}

/// What guards updates is judged on the way to it, link by link (`StateFolder.problemWithParents`).
/// Before, the state folder's path was resolved first and the real folders checked: a link that
/// sat in a folder another user controls, or that another user owned, passed, as did a path of
/// more links than the system follows. Root only (chown to an unused uid).
@Suite("The way to the state folder", .serialized, .enabled(if: geteuid() == 0))
struct StateFolderWayTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.path + "/roots/state", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home.path + "/.local", withIntermediateDirectories: true)
    }

    var state: String { home.path + "/.local/state/meli-qa" }

    func problem(_ path: String? = nil) -> StateFolder.Problem? {
        StateFolder(path: path ?? state).problemWithParents()
    }

    /// A normal setup passes, whether the folder exists yet or not.
    @Test func aFolderOfTheUsersOwnPasses() throws {
        #expect(problem() == nil)
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        #expect(problem() == nil)
    }

    /// `~/.local/state`, a link of root's to root's folder, but in a folder another user owns:
    /// refused, naming that folder.
    @Test func aLinkInAFolderOfAnotherUserIsRefused() throws {
        #expect(symlink(home.path + "/roots/state", home.path + "/.local/state") == 0)
        #expect(problem() == nil)
        #expect(chown(home.path + "/.local", 4242, 4242) == 0)
        #expect(problem() == StateFolder.Problem(path: home.path + "/.local", reason: .owner(.otherOwner(uid: 4242))))
    }

    /// A link of root's leading to a folder under another user's folder: refused.
    @Test func aLinkToUnderAnotherUsersFolderIsRefused() throws {
        try FileManager.default.createDirectory(atPath: home.path + "/theirs/state", withIntermediateDirectories: true)
        #expect(chown(home.path + "/theirs", 4242, 4242) == 0)
        #expect(symlink(home.path + "/theirs/state", home.path + "/.local/state") == 0)
        #expect(problem() == StateFolder.Problem(path: home.path + "/theirs", reason: .owner(.otherOwner(uid: 4242))))
    }

    /// A link another user owns (as one planted in a sticky folder) is refused, though it leads to
    /// root's own folder; the same link of root's passes.
    @Test func aLinkOfAnotherUserIsRefused() throws {
        let link = home.path + "/.local/state"
        #expect(symlink(home.path + "/roots/state", link) == 0 && lchown(link, 4242, 4242) == 0)
        let refused = StateFolder.Problem(path: link, reason: .linkOwner(uid: 4242))
        #expect(problem() == refused)
        #expect(refused.message.english == "\(link) is a symbolic link that belongs to another user (uid 4242)")
        #expect(refused.message.spanish == "\(link) es un enlace simbólico que pertenece a otro usuario (uid 4242)")
        #expect(lchown(link, 0, 0) == 0)
        #expect(problem() == nil)
    }

    /// More links on the way than the system follows: refused (before, the path did not resolve,
    /// and nothing was checked).
    @Test func fortyOneLinksAreRefused() throws {
        for index in 0..<41 {
            #expect(symlink(index == 40 ? home.path + "/roots/state" : "l\(index + 1)", home.path + "/.local/l\(index)") == 0)
        }
        #expect(problem(home.path + "/.local/l1/meli-qa") == nil)
        let refused = StateFolder.Problem(path: home.path + "/.local/l40", reason: .tooManyLinks)
        #expect(problem(home.path + "/.local/l0/meli-qa") == refused)
        #expect(refused.message.english == "the path to \(home.path)/.local/l40 goes through more than 40 symbolic links")
    }
}
