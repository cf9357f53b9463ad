/// Computes every setting's final value, xcconfig-style.
///
/// - Later assignments win.
/// - `$(NAME)` is NAME's *final* value (lazy: it may be assigned further down, or in a later file).
/// - An assignment with conditions (`KEY[env=dev] = …`) counts only where they all match; among
///   the rest, as in Xcode, the last in reading order wins (swift-build's `firstMatchingCondition`).
/// - `$(inherited)` is the key's previous value in reading order, or empty for its first assignment;
///   so is `$(KEY)` inside KEY's own assignment, as in Xcode.
/// - `$(A_$(B))` looks up the name its inner references make; operators (`$(A:lower)`) apply in order.
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
    /// Computed names and operands being evaluated: they count toward the depth limit with `stack`.
    private var nesting = 0
    /// Bytes of text the values have come to so far.
    private var expandedBytes = 0
    /// Whether a limit was passed and reported.
    private var limitReported = false
    private(set) var diagnostics: [Diagnostic] = []

    init(
        assignments list: [Assignment],
        overrides: [String: (value: String, origin: SettingOrigin)],
        processEnvironment: [String: String],
        conditions: ConditionValues = .none
    ) {
        var byKey: [String: [Assignment]] = [:]
        var order: [String] = []
        for assignment in list where conditions.matches(assignment.conditions) {
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
                key: key, value: value, origin: .file(winner.keyLocation), valueLocation: winner.valueLocation,
                conditions: winner.conditions)
        }
    }

    /// Every assignment of `key`, in reading order, with the value it leaves (`$(inherited)` is the
    /// step before; references are final values), nil where it could not be worked out; then the
    /// process environment variable that overrides them all, if one does (`env --explain`).
    /// Only the assignments whose conditions match count; each step carries its conditions
    /// (`[env=dev]`), `nil` for a plain one.
    mutating func explain(_ key: String) -> [ExplainStep] {
        var steps: [ExplainStep] = []
        var previous = ""
        stack.append(key)
        for assignment in assignments[key] ?? [] {
            let value = evaluate(assignment, key: key, inherited: previous)
            let condition = assignment.conditions.isEmpty ? nil : assignment.conditions.map(\.description).joined()
            steps.append((.file(assignment.keyLocation), value, condition))
            previous = value ?? ""
        }
        stack.removeLast()
        if let override = overrides[key] { steps.append((override.origin, override.value, nil)) }
        return steps
    }

    /// NAME's final value, or `nil` if it failed (and was reported) or is undefined.
    private mutating func finalValue(of key: String) -> String? {
        if let override = overrides[key] { return override.value }
        if case .done(let value)? = memo[key] { return value }
        if case .failed? = memo[key] { return nil }
        guard let list = assignments[key] else { return processEnvironment[key] }
        // Past a limit the run stops anyway: the rest is not worked out (a chain of 100,000
        // references would otherwise be walked 64 deep from each of its keys).
        guard !limitReported else {
            memo[key] = .failed
            return nil
        }
        stack.append(key)
        defer { stack.removeLast() }
        let value = evaluateLast(of: key, list)
        memo[key] = value.map(Memo.done) ?? .failed
        return value
    }

    /// The value of the key's last assignment. The earlier ones that `$(inherited)` reaches are
    /// evaluated once each, oldest first, in a loop: neither the stack nor the time grows with
    /// how often a value uses its previous one.
    private mutating func evaluateLast(of key: String, _ list: [Assignment]) -> String? {
        var first = list.count - 1
        while first > 0, list[first].value.usesInherited(by: key) { first -= 1 }
        if list.count - 1 - first > EnvFileLimits.maximumInheritedDepth {
            let last = list[list.count - 1]
            let location = last.value.parts.lazy.compactMap { if case .inherited(let at) = $0 { at } else { nil } }.first
            report(.inheritedTooDeep(
                key: key, limit: String(EnvFileLimits.maximumInheritedDepth),
                first: list[first].keyLocation.pathAndLine, last: last.keyLocation.pathAndLine), at: location ?? last.valueLocation)
            return nil
        }
        var previous = ""
        var failed = false
        for index in first..<list.count {
            // A level that fails is reported; the later ones are still read for their own problems.
            if let value = evaluate(list[index], key: key, inherited: previous) {
                previous = value
            } else {
                failed = true
                previous = ""
                if limitReported { break }
            }
        }
        return failed ? nil : previous
    }

    private mutating func evaluate(_ assignment: Assignment, key: String, inherited: String) -> String? {
        evaluate(assignment.value, key: key, inherited: inherited, at: assignment.valueLocation)
    }

    /// The text of `template` in `key`'s assignment whose previous value is `inherited`.
    private mutating func evaluate(_ template: ValueTemplate, key: String, inherited: String, at valueLocation: SourceLocation) -> String? {
        var text = ""
        var failed = false
        for part in template.parts {
            switch part {
            case .literal(let literal):
                failed = !append(literal, to: &text, key: key, at: valueLocation) || failed
            case .inherited(let location):
                failed = !append(inherited, to: &text, key: key, at: location) || failed
            case .reference(let reference):
                if let value = evaluate(reference, key: key, inherited: inherited) {
                    failed = !append(value, to: &text, key: key, at: reference.location) || failed
                } else {
                    failed = true
                }
            }
            if failed, limitReported { break }
        }
        return failed ? nil : text
    }

    /// A reference's value: its name worked out, looked up, then its operators applied in order.
    private mutating func evaluate(_ reference: Reference, key: String, inherited: String) -> String? {
        let name: String
        switch reference.name {
        case .fixed(let fixed):
            name = fixed
        case .computed(let template):
            guard let computed = nested({ $0.evaluate(template, key: key, inherited: inherited, at: reference.location) }) else { return nil }
            name = computed
        }
        guard var value = lookUp(name, key: key, inherited: inherited, reference: reference) else { return nil }
        for operation in reference.operators {
            switch operation {
            case .retrieval(let retrieval):
                value = retrieval.apply(to: value)
            case .replacement(let replacement, let operand):
                guard let text = nested({ $0.evaluate(operand, key: key, inherited: inherited, at: reference.location) }) else { return nil }
                value = replacement.apply(to: value, operand: text)
            }
            guard charge(value, key: key, at: reference.location) else { return nil }
        }
        return value
    }

    /// `body`'s result, counted one level deeper toward the reference depth limit.
    private mutating func nested(_ body: (inout SettingsResolver) -> String?) -> String? {
        nesting += 1
        defer { nesting -= 1 }
        return body(&self)
    }

    /// NAME's value as a reference inside `key`'s assignment sees it, or `nil` after a reported problem.
    private mutating func lookUp(_ name: String, key: String, inherited: String, reference: Reference) -> String? {
        let location = reference.location
        if name.isEmpty { return "" }
        // `A = $(A) x` is `$(inherited) x` to Xcode (swift-build's `nextValueForMacro`).
        if name == "inherited" || name == key { return inherited }
        if let cycleStart = stack.firstIndex(of: name) {
            let chain = (stack[cycleStart...] + [name]).joined(separator: " -> ")
            diagnostics.append(.error(.referenceCycle(cycle: chain), at: location))
            return nil
        }
        if stack.count + nesting >= EnvFileLimits.maximumReferenceDepth, overrides[name] == nil, assignments[name] != nil, memo[name] == nil {
            report(.referenceTooDeep(limit: String(EnvFileLimits.maximumReferenceDepth), chain: Self.shortened(stack + [name])), at: location)
            return nil
        }
        if SettingName.isValid(name), let value = finalValue(of: name) { return value }
        if case .failed? = memo[name] { return nil }
        // Xcode gives an undefined name the empty value; here that takes `:default=`.
        if reference.hasDefault { return "" }
        diagnostics.append(.error(.undefinedReference(name: name), at: location))
        return nil
    }

    /// Appends `piece` unless the values would pass `EnvFileLimits.maximumExpandedBytes` in all.
    private mutating func append(_ piece: String, to text: inout String, key: String, at location: SourceLocation) -> Bool {
        guard charge(piece, key: key, at: location) else { return false }
        text += piece
        return true
    }

    /// Counts `piece` toward `EnvFileLimits.maximumExpandedBytes`; `false` (reported) past it. An
    /// operator's result counts too: `$(A:lower:lower:…)` on a large value is work in proportion.
    private mutating func charge(_ piece: String, key: String, at location: SourceLocation) -> Bool {
        expandedBytes += piece.utf8.count
        guard expandedBytes <= EnvFileLimits.maximumExpandedBytes else {
            report(.valuesTooLarge(key: key, limit: EnvFileLimits.text(EnvFileLimits.maximumExpandedBytes)), at: location)
            return false
        }
        return true
    }

    /// Reports the first limit passed; what fails after it fails because of it and is not reported again.
    private mutating func report(_ text: Message, at location: SourceLocation) {
        guard !limitReported else { return }
        limitReported = true
        diagnostics.append(.error(text, at: location))
    }

    /// `A -> B -> C -> … -> X -> Y -> Z`: a long chain's ends.
    static func shortened(_ chain: [String]) -> String {
        let shown = chain.count <= 8 ? chain : Array(chain.prefix(3)) + ["…"] + Array(chain.suffix(3))
        return shown.joined(separator: " -> ")
    }
}
