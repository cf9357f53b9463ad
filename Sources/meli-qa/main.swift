import MeliCore

await Runner.main(.qa)
