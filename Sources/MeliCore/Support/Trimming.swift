extension StringProtocol {
    /// Without leading and trailing white space and newlines.
    var trimmingWhitespace: String {
        var text = Substring(String(self))
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
