import MeliCore
import MeliHTTP

// Every binary (meli-dev, meli-qa, meli, ...) is this program: it finds its environment from its own name.
await Runner.main(transport: URLSessionTransport())
