import MeliCore
import MeliHTTP

// Every binary (meli-dev, meli-qa, meli, ...) is this program: it finds its environment from its own name.
// Requests go through libcurl (CurlTransport, Linux and macOS alike), redirects followed by meli
// itself (Context.live wraps the transport in RedirectFollowingTransport).
await Runner.main(transport: CurlTransport())
