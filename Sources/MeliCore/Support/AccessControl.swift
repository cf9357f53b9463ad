#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What, besides the owner and the mode bits, decides whether the user's private group is private
/// (`Ownership`): the accounts that have the group as their primary group, and the POSIX access
/// ACL a file or folder may carry on Linux. Looked up only for the user's own group-writable file.
enum AccessControl {
    /// Whether an account other than `user` has `group` as its primary group (`useradd -g alice
    /// eve`: eve writes as group alice though no group lists her). The password database is read
    /// whole (setpwent/getpwent) once per group and user in a process, under a lock.
    static func isPrimaryGroupOfAnother(_ group: UInt32, besides user: UInt32) -> Bool {
        scans.answer(for: UInt64(group) << 32 | UInt64(user)) {
            setpwent()
            defer { endpwent() }
            while let entry = getpwent() {
                if UInt32(entry.pointee.pw_gid) == group && UInt32(entry.pointee.pw_uid) != user { return true }
            }
            return false
        }
    }

    private static let scans = Answers()

    /// The scans' answers, kept for the process; one scan at a time (getpwent has one cursor).
    private final class Answers: Sendable {
        private let known = Mutex<[UInt64: Bool]>([:])

        func answer(for key: UInt64, _ scan: () -> Bool) -> Bool {
            known.withLock { known in
                if let answer = known[key] { return answer }
                let answer = scan()
                known[key] = answer
                return answer
            }
        }
    }

    /// Whether the file open as `fd` carries a POSIX access ACL (Linux; never on macOS, where
    /// ACLs are not looked at). When it cannot be told, it does: the caller then refuses.
    static func hasAccessACL(fd: Int32) -> Bool {
        #if os(Linux)
        typealias Get = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        guard let get = function("fgetxattr", as: Get.self) else { return true }
        return present(get(fd, aclName, nil, 0))
        #else
        return false
        #endif
    }

    /// `hasAccessACL(fd:)` of the file at `path` (itself when it is a link and `followLinks` is false).
    static func hasAccessACL(path: String, followLinks: Bool) -> Bool {
        #if os(Linux)
        typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        guard let get = function(followLinks ? "getxattr" : "lgetxattr", as: Get.self) else { return true }
        return present(get(path, aclName, nil, 0))
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// The extended attribute Linux keeps a POSIX access ACL in.
    private static let aclName = "system.posix_acl_access"

    /// No ACL only when the attribute is missing or the file system has none (ENODATA, ENOTSUP).
    private static func present(_ size: Int) -> Bool {
        size >= 0 || (errno != ENODATA && errno != EOPNOTSUPP)
    }

    /// The C library's `name` (Swift's Glibc module leaves sys/xattr.h out).
    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let program = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(program) }
        return dlsym(program, name).map { unsafeBitCast($0, to: type) }
    }
    #endif
}
