import MeliCore
import MeliHTTP

await Runner.main(.production, transport: URLSessionTransport())
