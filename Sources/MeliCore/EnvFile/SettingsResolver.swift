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
/// - A value worked out from a secret is a secret (`Value.isSecret`): a secret-named key's value
///   (`SettingKey.isSecret`, from a file, an override or the process environment) taints every value
///   that reads it, through any operator, operand, computed name or `$(inherited)`, so no view
///   shows a transformed spelling of it (`$(MELI_ACCESS_TOKEN:upper)`, `:identifier`, `:base`).
struct SettingsResolver {
    /// A value worked out, and whether anything secret went into it.
    struct Value: Hashable, Sendable {
        var text: String
        var isSecret: Bool

        static let empty = Value(text: "", isSecret: false)
    }

    private let assignments: [String: [Assignment]]
    private let order: [String]
    private let overrides: [String: (value: String, origin: SettingOrigin)]
    private let processEnvironment: [String: String]

    private enum Memo {
        case done(Value)
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
                return ResolvedSetting(key: key, value: value.text, origin: override.origin, valueLocation: nil, isSecret: value.isSecret)
            }
            let winner = assignments[key]!.last!
            return ResolvedSetting(
                key: key, value: value.text, origin: .file(winner.keyLocation), valueLocation: winner.valueLocation,
                conditions: winner.conditions, isSecret: value.isSecret)
        }
    }

    /// Every assignment of `key`, in reading order, with the value it leaves (`$(inherited)` is the
    /// step before; references are final values), nil where it could not be worked out; then the
    /// process environment variable that overrides them all, if one does (`env --explain`).
    /// Only the assignments whose conditions match count; each step carries its conditions
    /// (`[env=dev]`), `nil` for a plain one, and whether its value is a secret.
    mutating func explain(_ key: String) -> [ExplainStep] {
        var steps: [ExplainStep] = []
        var previous = Value.empty
        stack.append(key)
        for assignment in assignments[key] ?? [] {
            let value = evaluate(assignment, key: key, inherited: previous)
            let condition = assignment.conditions.isEmpty ? nil : assignment.conditions.map(\.description).joined()
            // A step that failed is shown as failed; whether it read a secret is not known, so it is one.
            steps.append(ExplainStep(origin: .file(assignment.keyLocation), value: value?.text, condition: condition, isSecret: value?.isSecret ?? true))
            previous = value ?? Value(text: "", isSecret: previous.isSecret)
        }
        stack.removeLast()
        if let override = overrides[key] {
            steps.append(ExplainStep(origin: override.origin, value: override.value, condition: nil, isSecret: SettingKey.isSecret(key)))
        }
        return steps
    }

    /// NAME's final value, or `nil` if it failed (and was reported) or is undefined. A secret-named
    /// key's value is a secret wherever it comes from.
    private mutating func finalValue(of key: String) -> Value? {
        if let override = overrides[key] { return Value(text: override.value, isSecret: SettingKey.isSecret(key)) }
        if case .done(let value)? = memo[key] { return value }
        if case .failed? = memo[key] { return nil }
        guard let list = assignments[key] else {
            return processEnvironment[key].map { Value(text: $0, isSecret: SettingKey.isSecret(key)) }
        }
        // Past a limit the run stops anyway: the rest is not worked out (a chain of 100,000
        // references would otherwise be walked 64 deep from each of its keys).
        guard !limitReported else {
            memo[key] = .failed
            return nil
        }
        stack.append(key)
        defer { stack.removeLast() }
        var value = evaluateLast(of: key, list)
        if SettingKey.isSecret(key) { value?.isSecret = true }
        memo[key] = value.map(Memo.done) ?? .failed
        return value
    }

    /// The value of the key's last assignment. The earlier ones that `$(inherited)` reaches are
    /// evaluated once each, oldest first, in a loop: neither the stack nor the time grows with
    /// how often a value uses its previous one.
    private mutating func evaluateLast(of key: String, _ list: [Assignment]) -> Value? {
        var first = list.count - 1
        while first > 0, list[first].value.usesInherited(by: key) { first -= 1 }
        if list.count - 1 - first > EnvFileLimits.maximumInheritedDepth {
            let last = list[list.count - 1]
            let location = last.value.parts.lazy.compactMap { if case .inherited(let at) = $0 { at } else { nil } }.first
            report(.EnvFile.inheritedTooDeep(
                key: key, limit: String(EnvFileLimits.maximumInheritedDepth),
                first: list[first].keyLocation.pathAndLine, last: last.keyLocation.pathAndLine), at: location ?? last.valueLocation)
            return nil
        }
        var previous = Value.empty
        var failed = false
        for index in first..<list.count {
            // A level that fails is reported; the later ones are still read for their own problems.
            if let value = evaluate(list[index], key: key, inherited: previous) {
                previous = value
            } else {
                failed = true
                previous = Value(text: "", isSecret: previous.isSecret)
                if limitReported { break }
            }
        }
        return failed ? nil : previous
    }

    private mutating func evaluate(_ assignment: Assignment, key: String, inherited: Value) -> Value? {
        evaluate(assignment.value, key: key, inherited: inherited, at: assignment.valueLocation)
    }

    /// The text of `template` in `key`'s assignment whose previous value is `inherited`: a secret
    /// when any part of it is.
    private mutating func evaluate(_ template: ValueTemplate, key: String, inherited: Value, at valueLocation: SourceLocation) -> Value? {
        var text = ""
        var isSecret = false
        var failed = false
        for part in template.parts {
            switch part {
            case .literal(let literal):
                failed = !append(literal, to: &text, key: key, at: valueLocation) || failed
            case .inherited(let location):
                isSecret = isSecret || inherited.isSecret
                failed = !append(inherited.text, to: &text, key: key, at: location) || failed
            case .reference(let reference):
                if let value = evaluate(reference, key: key, inherited: inherited) {
                    isSecret = isSecret || value.isSecret
                    failed = !append(value.text, to: &text, key: key, at: reference.location) || failed
                } else {
                    failed = true
                }
            }
            if failed, limitReported { break }
        }
        return failed ? nil : Value(text: text, isSecret: isSecret)
    }

    /// A reference's value: its name worked out, looked up, then its operators applied in order.
    /// A secret when the value looked up, the name it was looked up by or any operand is one.
    private mutating func evaluate(_ reference: Reference, key: String, inherited: Value) -> Value? {
        let name: Value
        switch reference.name {
        case .fixed(let fixed):
            name = Value(text: fixed, isSecret: false)
        case .computed(let template):
            guard let computed = nested({ $0.evaluate(template, key: key, inherited: inherited, at: reference.location) }) else { return nil }
            name = computed
        }
        guard var value = lookUp(name, key: key, inherited: inherited, reference: reference) else { return nil }
        value.isSecret = value.isSecret || name.isSecret
        for operation in reference.operators {
            switch operation {
            case .retrieval(let retrieval):
                value.text = retrieval.apply(to: value.text)
            case .replacement(let replacement, let operand):
                guard let given = nested({ $0.evaluate(operand, key: key, inherited: inherited, at: reference.location) }) else { return nil }
                value = Value(text: replacement.apply(to: value.text, operand: given.text), isSecret: value.isSecret || given.isSecret)
            }
            guard charge(value.text, key: key, at: reference.location) else { return nil }
        }
        return value
    }

    /// `body`'s result, counted one level deeper toward the reference depth limit.
    private mutating func nested(_ body: (inout SettingsResolver) -> Value?) -> Value? {
        nesting += 1
        defer { nesting -= 1 }
        return body(&self)
    }

    /// NAME's value as a reference inside `key`'s assignment sees it, or `nil` after a reported
    /// problem. A name worked out from a secret is never quoted in a problem: `<redacted>` stands for it.
    private mutating func lookUp(_ name: Value, key: String, inherited: Value, reference: Reference) -> Value? {
        let location = reference.location
        let shown = name.isSecret ? Redactor.mask : name.text
        let name = name.text
        if name.isEmpty { return .empty }
        // `A = $(A) x` is `$(inherited) x` to Xcode (swift-build's `nextValueForMacro`).
        if name == "inherited" || name == key { return inherited }
        if let cycleStart = stack.firstIndex(of: name) {
            let chain = ([shown] + stack[(cycleStart + 1)...] + [shown]).joined(separator: " -> ")
            diagnostics.append(.error(.EnvFile.referenceCycle(cycle: chain), at: location))
            return nil
        }
        if stack.count + nesting >= EnvFileLimits.maximumReferenceDepth, overrides[name] == nil, assignments[name] != nil, memo[name] == nil {
            report(.EnvFile.referenceTooDeep(limit: String(EnvFileLimits.maximumReferenceDepth), chain: Self.shortened(stack + [shown])), at: location)
            return nil
        }
        if SettingName.isValid(name), let value = finalValue(of: name) { return value }
        if case .failed? = memo[name] { return nil }
        // Xcode gives an undefined name the empty value; here that takes `:default=`.
        if reference.hasDefault { return .empty }
        diagnostics.append(.error(.EnvFile.undefinedReference(name: shown), at: location))
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
            report(.EnvFile.valuesTooLarge(key: key, limit: EnvFileLimits.text(EnvFileLimits.maximumExpandedBytes)), at: location)
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
