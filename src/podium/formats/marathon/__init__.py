"""Online mahjong marathon internals: pure scoring (MJ-4, MJ-7..MJ-10) and the game book."""
