import MeliCore
import MeliHTTP

// Every binary (meli-dev, meli-qa, meli, ...) is this program: it finds its environment from its own name.
// Requests go through libcurl (CurlTransport, Linux and macOS alike), redirects followed by meli
// itself (Context.live wraps the transport in RedirectFollowingTransport).
// It runs on the main thread, started with no other (Runner.start, MainThreadExecutor), and its
// requests are driven there too, while the command waits for them.
Runner.start { CurlTransport(loop: $0) }
