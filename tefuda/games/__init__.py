"""The games. Each lives in its own folder and reads like its rulebook."""
