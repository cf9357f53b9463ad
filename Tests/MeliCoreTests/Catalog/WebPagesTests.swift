import Testing
@testable import MeliCore

/// The pages `--web` opens, and the check a server's address passes before a browser sees it.
@Suite("Web pages")
struct WebPagesTests {
    @Test func pagesAreBuiltOnTheSitesOwnDomain() {
        #expect(WebPages.item("MLA848214758") == "https://articulo.mercadolibre.com.ar/MLA-848214758")
        #expect(WebPages.category("MLB5672") == "https://listado.mercadolivre.com.br/_CategID_MLB5672")
        #expect(WebPages.search(site: "MLA", words: "iPhone  15") == "https://listado.mercadolibre.com.ar/iphone-15")
        #expect(WebPages.search(site: "MCO", words: "cámara #1/2") == "https://listado.mercadolibre.com.co/c%C3%A1mara-%231%2F2")
        #expect(WebPages.search(site: "MLA", words: "   ") == nil)
        #expect(WebPages.category("MCU123") == nil)
    }

    @Test(arguments: [
        "https://articulo.mercadolibre.com.ar/MLA-848214758-x-_JM", "http://articulo.mercadolibre.com.ar/MLA-1",
        "https://www.mercadolivre.com.br/p/MLB1", "https://mercadolibre.com.co", "HTTPS://Listado.MercadoLibre.com.MX/x",
        "https://articulo.mercadolibre.com.ar.:443/MLA-1", "https://auth.mercadolibre.cl/authorization?a=b",
    ])
    func mercadoLibrePagesPass(_ url: String) {
        #expect(WebPages.isMercadoLibre(url))
    }

    @Test(arguments: [
        "https://evil.example/MLA-1", "https://articulo.mercadolibre.com.ar.evil.example/MLA-1", "https://notmercadolibre.com.ar/",
        "https://mercadolibre.com.ar@evil.example/", "https://evil.example\\@mercadolibre.com.ar/", "javascript:alert(1)",
        "file:///etc/passwd", "https://articulo.mercadolibre.com.ar/MLA-1\u{1B}]0;x\u{07}", "https://articulo.mercadolibre.com.ar/a b",
        "ftp://articulo.mercadolibre.com.ar/", "", "https://sandbox.meli.invalid/MLA-1",
    ])
    func anythingElseIsRefused(_ url: String) {
        #expect(!WebPages.isMercadoLibre(url))
    }
}
