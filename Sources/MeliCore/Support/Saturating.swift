/// Whole numbers from `Double`s that may be anything a server or a file says: `Int(x)` stops the
/// program when `x` is NaN, infinite or past the type's range; these give the nearest value instead.
extension FixedWidthInteger where Self: SignedInteger {
    /// `value` rounded toward zero, or the nearest bound when it does not fit; 0 for NaN.
    init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Self.max) {
            // Double(Int64.max) is 2^63, one past the largest Int64: `>=` sends it to .max.
            self = .max
        } else if value <= Double(Self.min) {
            self = .min
        } else {
            self.init(value)
        }
    }
}
