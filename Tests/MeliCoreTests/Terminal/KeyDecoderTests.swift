import Testing
@testable import MeliCore

/// Every byte sequence a terminal sends for the keys browse uses, sequences split across reads,
/// bracketed paste, mouse-wheel reports, and garbage that must never crash the decoder.
@Suite("Key decoder")
struct KeyDecoderTests {
    /// The keys `bytes` make when fed at once and then flushed.
    static func decode(_ bytes: [UInt8]) -> [KeyPress] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("Each sequence is its key", arguments: [
        ("a", [KeyPress.character("a")]),
        ("Zé日😀", [.character("Z"), .character("é"), .character("日"), .character("😀")]),
        ("\r", [.enter]),
        ("\n", [.enter]),
        ("\u{7F}", [.backspace]),
        ("\u{8}", [.backspace]),
        ("\t", [.tab]),
        ("\u{1}", [.control("a")]),
        ("\u{3}", [.control("c")]),
        ("\u{12}", [.control("r")]),
        ("\u{1A}", [.control("z")]),
        ("\u{0}\u{1C}\u{1F}", []),
        ("\u{1B}", [.escape]),
        ("\u{1B}[A", [.up]), ("\u{1B}[B", [.down]), ("\u{1B}[C", [.right]), ("\u{1B}[D", [.left]),
        ("\u{1B}OA", [.up]), ("\u{1B}OB", [.down]), ("\u{1B}OC", [.right]), ("\u{1B}OD", [.left]),
        ("\u{1B}[1;5A", [.up]),
        ("\u{1B}[H", [.home]), ("\u{1B}[F", [.end]), ("\u{1B}OH", [.home]), ("\u{1B}OF", [.end]),
        ("\u{1B}[1~", [.home]), ("\u{1B}[7~", [.home]), ("\u{1B}[4~", [.end]), ("\u{1B}[8~", [.end]),
        ("\u{1B}[5~", [.pageUp]), ("\u{1B}[6~", [.pageDown]),
        ("\u{1B}[3~", [.delete]), ("\u{1B}[3;2~", [.delete]),
        ("\u{1B}[Z", [.backTab]),
        ("\u{1B}[<64;10;5M", [.wheelUp]),
        ("\u{1B}[<65;10;5M", [.wheelDown]),
        ("\u{1B}[<80;1;1M", [.wheelUp]),
        ("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<64;1;1m", []),
        ("\u{1B}[M`!!", [.wheelUp]),
        ("\u{1B}[Ma!!", [.wheelDown]),
        ("\u{1B}[M !!", []),
        ("\u{1B}[200~hola\r\nmundo\n\u{1B}\u{7}x\ty\u{1B}[201~", "hola mundo x y".map(KeyPress.character)),
        ("\u{1B}[200~\r\u{1B}[201~\r", [.character(" "), .enter]),
        ("\u{1B}[201~", []),
        ("\u{1B}[15~\u{1B}[?1;2c\u{1B}OP\u{1B}[2J", []),
        ("\u{1B}x", [.escape, .character("x")]),
        ("\u{1B}\u{1B}", [.escape, .escape]),
        ("\u{1B}é", [.escape, .character("é")]),
        ("\u{1B}[", []),
        ("\u{1B}[12;3", []),
        ("\u{1B}O", []),
        ("a\u{1B}[Ab", [.character("a"), .up, .character("b")]),
        ("e\u{301}", [.character("e\u{301}")]),
        ("\u{80}x", [.character("x")]),
    ] as [(String, [KeyPress])])
    func mapping(input: String, expected: [KeyPress]) {
        #expect(Self.decode(Self.bytes(input)) == expected)
    }

    @Test("Invalid UTF-8 is dropped", arguments: [
        ([0xFF, 0x61], [KeyPress.character("a")]),
        ([0x80, 0x61], [.character("a")]),
        ([0xC0, 0xAF, 0x61], [.character("a")]),
        ([0xED, 0xA0, 0x80, 0x61], [.character("a")]),
        ([0xE6, 0x97, 0x61], [.character("a")]),
        ([0xE6, 0x97], []),
    ] as [([UInt8], [KeyPress])])
    func invalid(input: [UInt8], expected: [KeyPress]) {
        #expect(Self.decode(input) == expected)
    }

    @Test("A sequence split across reads waits for the rest")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Self.bytes("[")) == [])
        #expect(decoder.feed(Self.bytes("A")) == [.up])
        #expect(decoder.feed([0xE6, 0x97]) == [])
        #expect(decoder.feed([0xA5, 0x61]) == [.character("日"), .character("a")])
        #expect(decoder.feed(Self.bytes("\u{1B}[200~ab")) == [.character("a"), .character("b")])
        #expect(decoder.feed(Self.bytes("\u{1B}[20")) == [])
        #expect(decoder.feed(Self.bytes("1~\r")) == [.enter])
        #expect(decoder.feed(Self.bytes("\u{1B}[<6")) == [])
        #expect(decoder.feed(Self.bytes("5;3;4M")) == [.wheelDown])
    }

    @Test("Flush turns a lone ESC into Escape and drops an incomplete sequence")
    func flush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Self.bytes("\u{1B}[1")) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Self.bytes("A")) == [.character("A")])
        #expect(decoder.feed(Self.bytes("\u{1B}[200~ab\u{1B}[2")) == [.character("a"), .character("b")])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Self.bytes("\r")) == [.enter])
    }

    @Test("Each byte fed alone gives the same keys as the whole")
    func byteByByte() {
        let input = Self.bytes("hola\u{1B}[A日\u{1B}OB\u{1B}[<64;2;2M\u{1B}[200~x\ny\u{1B}[201~\u{1B}[5~\r😀")
        var decoder = KeyDecoder()
        let keys = input.flatMap { decoder.feed([$0]) }
        #expect(keys == Self.decode(input))
    }

    @Test("100,000 random bytes in random chunks never crash and leave nothing stuck")
    func random() {
        var generator = SplitMix64(seed: 26)
        var decoder = KeyDecoder()
        var fed = 0
        var count = 0
        while fed < 100_000 {
            let size = Int.random(in: 1...64, using: &generator)
            let chunk = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            count += decoder.feed(chunk).count
            if Bool.random(using: &generator), Int.random(in: 0..<8, using: &generator) == 0 { count += decoder.flush().count }
            fed += size
        }
        _ = decoder.flush()
        #expect(count > 0)
        #expect(decoder.feed(Self.bytes("ok")) == [.character("o"), .character("k")])
    }
}
