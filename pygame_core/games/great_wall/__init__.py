"""The Great Wall (長城), seed 002_0500a7cf6a39c93f.txt: competitive 3-4 players (slice 1).

``GAME`` is defined once the engine plays complete games (see README.md).
"""
