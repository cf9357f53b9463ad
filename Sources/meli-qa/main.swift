import MeliCore
import MeliHTTP

await Runner.main(.qa, transport: URLSessionTransport())
