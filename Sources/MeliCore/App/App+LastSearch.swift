/// The last search's sorts, filters and results, kept for completion (`LastSearch`).
extension App {
    /// Keeps `page` as the last search. A state folder that cannot be trusted or written costs
    /// completion only: said at debug level, never failing the search. Not synced to the disk (a
    /// hint: a crash may lose it, never leave half of it). The same search again (a repeat, most
    /// often answered from the cache) leaves the hint as it is: reading a few KB to compare costs
    /// about 30 µs, replacing the file 0.2-0.6 ms (a rename over another file, on ext4).
    func rememberSearch(_ page: SearchPage) {
        let bytes = LastSearch.encoded(page)
        if let kept = try? stateFolder.read(LastSearch.fileName, limit: LastSearch.maxBytes), kept.hasSameBytes(as: bytes) { return }
        do {
            try stateFolder.write(LastSearch.fileName, bytes, durable: false)
        } catch {
            let reason = switch error {
            case .untrusted(let problem): "\(text(problem.message)). \(text(problem.remedy))"
            case .cannotWrite(let failure): "\(displayPath(failure.path)): \(failure.reason)"
            }
            logger.debug("state: last search not kept for completion: \(reason)")
        }
    }

    /// The last search kept, if there is a readable one in a trusted state folder.
    func lastSearch() -> LastSearch? {
        guard let bytes = try? stateFolder.read(LastSearch.fileName, limit: LastSearch.maxBytes) else { return nil }
        return LastSearch(decoding: bytes)
    }
}
