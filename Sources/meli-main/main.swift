import MeliCore
import MeliHTTP

await Runner.main(.dev, transport: URLSessionTransport())
