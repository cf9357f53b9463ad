import MeliCore

await Runner.main(.dev)
