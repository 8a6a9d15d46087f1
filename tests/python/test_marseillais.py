"""Balanced Marseillais chess: `motley` against an independent count.

conformance/scripts/marseillais_perft.py plays the turn structure and the
en passant window on top of python-chess's move generation; here its perft
counts and its legal moves along seeded random games are compared with
`motley perft` and `motley moves` on spec/variants/marseillais.yaml.

Run: MOTLEY=target/release/motley python3 -m unittest discover -s tests/python -v
"""

import os
import random
import subprocess
import sys
import unittest

from motley_binary import MOTLEY, ROOT, skip_reason

RULES = os.path.join(ROOT, "spec", "variants", "marseillais.yaml")
sys.path.insert(0, os.path.join(ROOT, "conformance", "scripts"))

try:
    import chess
    import marseillais_perft as script
except ImportError:  # pragma: no cover - reported below
    chess = None

# (FEN, move of the turn due, depth): within about 100 000 leaves in all.
POSITIONS = [
    (script.START if chess else None, 1, 4),
    ("4k3/2p1p1p1/8/3P1P2/8/8/8/4K3 b - - 0 1", 1, 4),
    ("4k3/3p1p2/8/4P3/8/8/8/K3R3 b - - 0 2", 1, 3),
    ("4k3/8/8/1PpP4/8/8/8/4K3 w - c6 0 3", 1, 4),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 2", 1, 3),
    ("r3k2r/p1pp1pb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 2", 1, 2),
    ("8/8/8/8/8/8/2q5/K6k w - - 0 2", 2, 3),
]
# Random games: seeds and plies each.
GAMES = [(seed, 150) for seed in range(1, 9)]


REASON = skip_reason(chess)


def motley(*args):
    out = subprocess.run([MOTLEY, *args], capture_output=True, text=True, check=True)
    return out.stdout.split()


def text(move):
    """A move of the script in Motley's canonical text."""
    if move is None:
        return "0000"
    if isinstance(move, tuple):
        return chess.square_name(move[1]) + chess.square_name(move[2])
    return move.uci()


def start(fen, sub):
    """The script's state at `fen` with the turn's move `sub` (1 or 2) due."""
    return script.starting(fen, sub - 1)


@unittest.skipIf(REASON, REASON or "")
class Marseillais(unittest.TestCase):
    def test_perft_counts_agree(self):
        for fen, sub, depth in POSITIONS:
            shown = fen + (" {sub=2}" if sub == 2 else "")
            with self.subTest(fen=shown):
                expected = script.perft(start(fen, sub), depth)
                got = motley("perft", RULES, str(depth), "--fen", shown)[-1]
                self.assertEqual(int(got), expected)

    def test_legal_moves_agree_along_random_games(self):
        for seed, plies in GAMES:
            rng = random.Random(seed)
            state = start(script.START, 1)
            played = []
            for _ in range(plies):
                moves = script.legal(state)
                if not moves:
                    break
                expected = sorted(text(m) for m in moves)
                got = motley("moves", RULES, "--moves", *played) if played else motley("moves", RULES)
                self.assertEqual(got, expected, f"seed {seed} after {' '.join(played)}")
                move = rng.choice(moves)
                played.append(text(move))
                state = script.play(state, move)


if __name__ == "__main__":
    unittest.main()
