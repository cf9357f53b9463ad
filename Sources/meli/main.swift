import MeliCore

await Runner.main(.production)
