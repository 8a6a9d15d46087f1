"""`motley uci` and `motley xboard` driven by python-chess, a client
nobody here wrote: handshake, options, `go perft`, and full games of chess
and crazyhouse from each side against a seeded random mover.

Run: MOTLEY=target/release/motley python3 -m unittest discover -s tests/python -v
(MOTLEY defaults to target/debug/motley, which `cargo test` builds).
"""

import random
import subprocess
import unittest

from motley_binary import MOTLEY, skip_reason

try:
    import chess
    import chess.engine
    import chess.variant
except ImportError:  # pragma: no cover - reported below
    chess = None

# The search depth of the games: enough to beat a random mover.
DEPTH = 2
# Plies after which a game that has not ended fails the test.
MAX_PLIES = 400


REASON = skip_reason(chess)


def play_game(engine, board, motley_side, seed):
    """Plays `board` to its end: Motley on `motley_side`, the other side
    random. Returns the outcome; every Motley move is checked legal by
    python-chess."""
    rng = random.Random(seed)
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < MAX_PLIES:
        if board.turn == motley_side:
            result = engine.play(board, chess.engine.Limit(depth=DEPTH))
            assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
            board.push(result.move)
        else:
            board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return board.outcome(claim_draw=True)


@unittest.skipIf(REASON, REASON or "")
class Uci(unittest.TestCase):
    def setUp(self):
        self.engine = chess.engine.SimpleEngine.popen_uci([MOTLEY, "uci"], timeout=60)

    def tearDown(self):
        self.engine.quit()

    def test_handshake_and_options(self):
        self.assertTrue(self.engine.id["name"].startswith("Motley"))
        variant = self.engine.options["UCI_Variant"]
        self.assertEqual(variant.type, "combo")
        for name in ["chess", "crazyhouse", "capablanca", "shatranj", "fool", "jester"]:
            self.assertIn(name, variant.var)
        self.assertEqual(self.engine.options["Hash"].type, "spin")
        ruling = self.engine.options["Ruling fool.imitation"]
        self.assertEqual(ruling.default, "keep")
        self.assertEqual(sorted(ruling.var), ["either", "keep", "reset"])
        self.engine.configure({"Hash": 8, "Ruling fool.imitation": "reset"})
        # The engine still answers after the options.
        self.engine.ping()

    def test_mate_in_two_is_found_and_scored(self):
        board = chess.Board("4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1")
        info = self.engine.analyse(board, chess.engine.Limit(depth=4))
        self.assertEqual(info["score"].white(), chess.engine.Mate(2))
        self.assertEqual(info["pv"][0], chess.Move.from_uci("b3b8"))

    def test_chess_from_each_side(self):
        for side, seed in [(chess.WHITE, 1), (chess.BLACK, 2)]:
            outcome = play_game(self.engine, chess.Board(), side, seed)
            self.assertIsNotNone(outcome, "the game did not end")
            self.assertEqual(outcome.winner, side, outcome)

    def test_crazyhouse_from_each_side(self):
        for side, seed in [(chess.WHITE, 3), (chess.BLACK, 4)]:
            outcome = play_game(self.engine, chess.variant.CrazyhouseBoard(), side, seed)
            self.assertIsNotNone(outcome, "the game did not end")
            self.assertEqual(outcome.winner, side, outcome)


@unittest.skipIf(REASON, REASON or "")
class UciPerft(unittest.TestCase):
    def test_go_perft_prints_the_moves_and_the_total(self):
        out = subprocess.run(
            [MOTLEY, "uci"],
            input="position startpos\ngo perft 5\nquit\n",
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        ).stdout
        lines = out.splitlines()
        self.assertIn("Nodes searched: 4865609", lines)
        self.assertIn("e2e4: 405385", lines)
        self.assertEqual(sum(1 for l in lines if l.count(":") == 1 and l[0].islower()), 20)


@unittest.skipIf(REASON, REASON or "")
class Xboard(unittest.TestCase):
    def test_chess_game_through_popen_xboard(self):
        engine = chess.engine.SimpleEngine.popen_xboard([MOTLEY, "xboard"], timeout=60)
        try:
            self.assertTrue(engine.id["name"].startswith("Motley"))
            for side, seed in [(chess.WHITE, 5), (chess.BLACK, 6)]:
                outcome = play_game(engine, chess.Board(), side, seed)
                self.assertIsNotNone(outcome, "the game did not end")
                self.assertEqual(outcome.winner, side, outcome)
        finally:
            engine.quit()


if __name__ == "__main__":
    unittest.main()
