/// `1.2 MB`, `340 kB`, `12 B` (powers of 1000, as MELI_CACHE_MAX_MB counts).
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let (unit, size) = bytes < 1_000_000 ? ("kB", 1000.0) : bytes < 1_000_000_000 ? ("MB", 1_000_000.0) : ("GB", 1_000_000_000.0)
        let tenths = Int((Double(bytes) / size * 10).rounded())
        return tenths % 10 == 0 || tenths >= 1000 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
