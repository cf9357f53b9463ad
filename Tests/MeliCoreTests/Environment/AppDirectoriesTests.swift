import Testing
@testable import MeliCore

@Suite("Directories")
struct AppDirectoriesTests {
    @Test func defaultsUnderHome() {
        let dirs = AppDirectories.resolve(binary: "meli-qa", environment: ["HOME": "/home/ana"])
        #expect(dirs == AppDirectories(config: "/home/ana/.config/meli-qa", cache: "/home/ana/.cache/meli-qa", state: "/home/ana/.local/state/meli-qa"))
    }

    @Test func xdgVariablesWin() {
        let dirs = AppDirectories.resolve(binary: "meli", environment: [
            "HOME": "/home/ana", "XDG_CONFIG_HOME": "/c", "XDG_CACHE_HOME": "/k/", "XDG_STATE_HOME": "/s",
        ])
        #expect(dirs == AppDirectories(config: "/c/meli", cache: "/k/meli", state: "/s/meli"))
    }

    @Test func relativeOrEmptyXDGVariablesAreIgnored() {
        let dirs = AppDirectories.resolve(binary: "meli", environment: ["HOME": "/h", "XDG_CONFIG_HOME": "rel", "XDG_CACHE_HOME": ""])
        #expect(dirs?.config == "/h/.config/meli")
        #expect(dirs?.cache == "/h/.cache/meli")
    }

    @Test func eachBinaryHasItsOwn() {
        let env = ["HOME": "/h"]
        let all = EnvironmentName.allCases.compactMap {
            AppDirectories.resolve(binary: $0.binary, environment: env)
        }
        #expect(all.count == EnvironmentName.allCases.count && all.count >= 3)
        #expect(Set(all.flatMap { [$0.config, $0.cache, $0.state] }).count == 3 * all.count)
    }

    @Test func noHomeNoDirectories() {
        #expect(AppDirectories.resolve(binary: "meli", environment: [:]) == nil)
    }
}
