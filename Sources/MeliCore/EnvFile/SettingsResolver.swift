/// Computes every setting's final value, xcconfig-style.
///
/// - Later assignments win.
/// - `$(NAME)` is NAME's *final* value (lazy: it may be assigned further down, or in a later file).
/// - `$(inherited)` is the key's previous value in reading order, or empty for its first assignment.
/// - A name no file assigns falls back to the process environment; a name defined nowhere is an error.
/// - `overrides` (process environment variables that replace file settings) win over every assignment
///   and are what references to those keys see.
struct SettingsResolver {
    private let assignments: [String: [Assignment]]
    private let order: [String]
    private let overrides: [String: (value: String, origin: SettingOrigin)]
    private let processEnvironment: [String: String]

    private enum Memo {
        case done(String)
        case failed
    }
    private var memo: [String: Memo] = [:]
    /// Keys being evaluated, outermost first, for cycle detection.
    private var stack: [String] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(
        assignments list: [Assignment],
        overrides: [String: (value: String, origin: SettingOrigin)],
        processEnvironment: [String: String]
    ) {
        var byKey: [String: [Assignment]] = [:]
        var order: [String] = []
        for assignment in list {
            if byKey[assignment.key] == nil { order.append(assignment.key) }
            byKey[assignment.key, default: []].append(assignment)
        }
        self.assignments = byKey
        self.order = order
        self.overrides = overrides
        self.processEnvironment = processEnvironment
    }

    /// Every key assigned in the files or overridden, in order of first appearance, with its final value.
    /// Keys whose value could not be computed are left out (their problems are in `diagnostics`).
    mutating func resolveAll() -> [ResolvedSetting] {
        let keys = order + overrides.keys.filter { assignments[$0] == nil }.sorted()
        return keys.compactMap { key in
            guard let value = finalValue(of: key) else { return nil }
            if let override = overrides[key] {
                return ResolvedSetting(key: key, value: value, origin: override.origin, valueLocation: nil)
            }
            let winner = assignments[key]!.last!
            return ResolvedSetting(
                key: key, value: value, origin: .file(winner.keyLocation), valueLocation: winner.valueLocation)
        }
    }

    /// NAME's final value, or `nil` if it failed (and was reported) or is undefined.
    private mutating func finalValue(of key: String) -> String? {
        if let override = overrides[key] { return override.value }
        if case .done(let value)? = memo[key] { return value }
        if case .failed? = memo[key] { return nil }
        guard let list = assignments[key] else { return processEnvironment[key] }
        stack.append(key)
        defer { stack.removeLast() }
        let value = evaluate(list[list.count - 1], key: key, index: list.count - 1)
        memo[key] = value.map(Memo.done) ?? .failed
        return value
    }

    private mutating func evaluate(_ assignment: Assignment, key: String, index: Int) -> String? {
        var text = ""
        var failed = false
        for part in assignment.value.parts {
            switch part {
            case .literal(let literal):
                text += literal
            case .inherited:
                if index > 0 {
                    if let previous = evaluate(assignments[key]![index - 1], key: key, index: index - 1) {
                        text += previous
                    } else {
                        failed = true
                    }
                }
            case .reference(let name, let location):
                if name.isEmpty { continue }
                if let cycleStart = stack.firstIndex(of: name) {
                    let chain = (stack[cycleStart...] + [name]).joined(separator: " -> ")
                    diagnostics.append(.error(name == key ? .referenceCycleSelf(cycle: chain) : .referenceCycle(cycle: chain), at: location))
                    failed = true
                } else if let value = finalValue(of: name) {
                    text += value
                } else if case .failed? = memo[name] {
                    failed = true
                } else {
                    diagnostics.append(.error(.undefinedReference(name: name), at: location))
                    failed = true
                }
            }
        }
        return failed ? nil : text
    }
}
