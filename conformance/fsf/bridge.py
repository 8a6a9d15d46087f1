#!/usr/bin/env python3
"""Fairy-Stockfish (PyPI `pyffish`) as a line-delimited JSON service.

Motley's conformance harness (conformance/src/fsf/) starts this script and
speaks to it over stdin/stdout: one JSON object per line each way. Every
request names the variant, the start FEN and the moves played from it, in
Fairy-Stockfish's own notation (castling as king-takes-rook, gating as a
suffix letter); translating to and from Motley's notation is the Rust
side's job (conformance/src/fsf/notation.rs), not this script's.

Requests (`cmd`), answers (`ok`, or `error` with a message):
  {"cmd": "hello"}                          -> {"ok": {"version": [0, 0, 90], "variants": [...]}}
  {"cmd": "start", "variant": V}            -> {"ok": FEN}
  {"cmd": "check", "variant": V, "fen": F}  -> {"ok": true} or an error naming the FEN
  {"cmd": "state", "variant": V, "fen": F, "moves": [...]}
      -> {"ok": {"legal": [...], "fen": FEN, "captures": [...], "in_check": bool,
                 "result": N, "immediate": [bool, N], "optional": [bool, N],
                 "insufficient": [bool, bool]}}
     (results are from the side to move's view: +32000 won, -32000 lost, 0 draw;
      captures: the legal moves to a square of the FEN's en passant field
      that capture. The bridge remembers the line last asked about, to
      tell a repetition without asking pyffish; a request off that line
      is answered alike, only asking more.)
  {"cmd": "perft", "variant": V, "fen": F, "moves": [...], "depth": D}
      -> {"ok": [[move, count], ...]}   (the divide at depth D >= 1)
"""

import json
import os
import re
import sys

# Fairy-Stockfish writes some complaints (a bad FEN's piece letter) to the
# process's standard output; the protocol gets its own copy of that stream
# and the library's writes go to standard error.
PROTOCOL = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)

try:
    import pyffish as sf
except ImportError as error:  # reported to the harness, which skips or fails
    PROTOCOL.write(json.dumps({"error": "pyffish is not installed (pip install pyffish): %s" % error}) + "\n")
    PROTOCOL.flush()
    sys.exit(0)

# Castling is always exchanged as king-takes-rook (FSF's Chess960 notation),
# which names every castling with one text, also in Chess960 positions. The
# flag also rules how moves are read and FENs written (castling rights as
# file letters); without it FSF reads king-takes-rook moves wrongly and
# writes inner rooks' rights as K/Q.
CHESS960 = True


def perft(variant, fen, moves, depth):
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, moves, CHESS960)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


# Every pyffish call rebuilds the variant's piece tables before it sets up
# the position (about 1.5 ms of CPU whatever the position), so a walk costs
# what it asks: two calls a ply (legal moves and FEN) are the floor, and the
# others are asked only where their answer can be yes.

# FSF variant -> the least halfmove clock at which FSF offers its n-move
# draw, None when it offers none by clock MOVE_RULE_LIMIT.
MOVE_RULE = {}
MOVE_RULE_LIMIT = 1024


def clock_field(fields):
    """The index of the halfmove clock in a FEN's fields (after the board
    and side; three-check FENs have a `3+3` field before it)."""
    return next((i for i, f in enumerate(fields) if i >= 2 and f.isdigit()), None)


def move_rule(variant):
    """The least clock at which FSF offers the n-move draw from the
    variant's start position, by bisection over the clock field."""
    if variant not in MOVE_RULE:
        fields = sf.start_fen(variant).split()
        at = clock_field(fields)

        def offered(clock):
            probe = list(fields)
            probe[at] = str(clock)
            return sf.is_optional_game_end(variant, " ".join(probe), [], CHESS960)[0]

        found = None
        if at is not None and offered(MOVE_RULE_LIMIT):
            low, high = 0, MOVE_RULE_LIMIT
            while high - low > 1:
                middle = (low + high) // 2
                if offered(middle):
                    high = middle
                else:
                    low = middle
            found = high
        MOVE_RULE[variant] = found
    return MOVE_RULE[variant]


class Line:
    """The positions of the line last asked about: keys[i] is the position
    after i moves, as the FEN's board (with hands) and side, None where the
    line was joined midway; `last` is FSF's FEN after `moves`."""

    def __init__(self):
        self.variant, self.fen, self.moves, self.keys, self.last = None, None, [], [], None

    def follows(self, variant, fen, moves):
        """Whether `moves` are the line's moves and one more."""
        return (
            self.variant == variant
            and self.fen == fen
            and len(moves) == len(self.moves) + 1
            and moves[:-1] == self.moves
        )

    def earlier(self, variant, fen, moves, key, position):
        """The keys before the position `moves` reach (None where unknown);
        remembers this position, `key` and FSF's FEN `position`."""
        n = len(moves)
        known = n == 0 or (
            self.variant == variant
            and self.fen == fen
            and len(self.keys) >= n
            and self.moves[: n - 1] == moves[: n - 1]
        )
        before = self.keys[:n] if known else [None] * n
        self.variant, self.fen, self.moves = variant, fen, list(moves)
        self.keys, self.last = before + [key], position
        return before


LINE = Line()

# A move's origin and target squares (drops have none).
SQUARES = re.compile(r"^([a-z][0-9]+)([a-z][0-9]+)")
SQUARE = re.compile(r"[a-z][0-9]+")


def is_pass(move):
    """Whether an FSF move is a pass (the king's square twice, `e2e2`):
    what a pass ends depends on the move before it (two passes in a row,
    a pass while the kings face), which FSF's FEN does not hold, so the
    position after a pass is set up by replaying the game."""
    squares = SQUARES.match(move)
    return bool(squares) and squares.group(1) == squares.group(2) and squares.end() == len(move)


def state(variant, fen, moves):
    """What the harness compares at a position, asking pyffish only what
    can matter: the end of a game only without legal moves (FSF lists none
    once a variant's own rule has ended it); a draw that may be claimed
    only at a position seen before in the line (repetition) or from the
    clock at which FSF's n-move rule starts (at any clock from 8 on where
    it has none: its counting rules show their count in that field, and
    where the line is unknown); dead material only where the material
    changed; whether a move captures only for moves to an en passant
    square.

    A request one move beyond the line asked before sets the position up
    from FSF's own FEN of the position before and that move rather than by
    replaying the game (which costs pyffish a move generation per move):
    the same position wherever FSF's FEN holds its whole state, as it does
    where the clock field is a plain n-move count (not where a counting
    rule such as makruk's shows there). The end of a game and claimable
    draws are still asked with the whole game."""
    here = (fen, moves)
    if LINE.follows(variant, fen, moves) and move_rule(variant) is not None and not is_pass(moves[-1]):
        here = (LINE.last, moves[-1:])
    legal = sf.legal_moves(variant, *here, CHESS960)
    position = sf.get_fen(variant, *here, CHESS960)
    fields = position.split()
    at = clock_field(fields)
    clock = int(fields[at]) if at is not None else 0
    # A count of the counting rules runs (LANGUAGE.md §10.1): its limit
    # stands in the en passant field and its plies in the clock's; the
    # n-move count, which the FEN then does not show, is at most the plies
    # counted (both start at a capture or a pawn's move).
    counting = len(fields) > 4 and fields[3].isdigit()
    if counting:
        clock = int(fields[4])
    before = LINE.earlier(variant, fen, moves, (fields[0], fields[1]), position)
    answer = {
        "legal": legal,
        "fen": position,
        "captures": [],
        "in_check": False,
        "result": 0,
        "immediate": [False, 0],
        "optional": [False, 0],
        "insufficient": [False, False],
    }
    # With an en passant field, which legal moves capture: one to an
    # empty square there is an en passant capture.
    if len(fields) > 3 and fields[3] != "-":
        passed = set(SQUARE.findall(fields[3]))
        targets = [m for m in legal if SQUARES.match(m) and SQUARES.match(m).group(2) in passed]
        answer["captures"] = [m for m in targets if sf.is_capture(variant, *here, m, CHESS960)]
    if not legal:
        answer["in_check"] = bool(sf.gives_check(variant, fen, moves, CHESS960))
        answer["result"] = sf.game_result(variant, fen, moves, CHESS960)
        answer["immediate"] = list(sf.is_immediate_game_end(variant, fen, moves, CHESS960))
        return answer
    rule = move_rule(variant)
    repeated = (fields[0], fields[1]) in before
    unknown = None in before
    expired = counting and clock > int(fields[3])
    if repeated or expired or (clock >= 8 and (unknown or rule is None or clock >= rule)):
        answer["optional"] = list(sf.is_optional_game_end(variant, fen, moves, CHESS960))
    # Material changes by captures, promotions and drops; the start and a
    # line joined midway are asked too.
    material = sorted(c for c in fields[0] if c.isalpha())
    previous = before[-1] if before else None
    if previous is None or sorted(c for c in previous[0] if c.isalpha()) != material:
        answer["insufficient"] = list(sf.has_insufficient_material(variant, *here, CHESS960))
    return answer


def handle(request):
    cmd = request.get("cmd")
    if cmd == "hello":
        return {"version": list(sf.version()), "variants": sorted(sf.variants())}
    variant = request["variant"]
    if variant not in sf.variants():
        raise ValueError("Fairy-Stockfish (pyffish %s) has no variant `%s`" % (".".join(map(str, sf.version())), variant))
    if cmd == "start":
        return sf.start_fen(variant)
    fen = request["fen"]
    code = sf.validate_fen(fen, variant, CHESS960)
    if code != sf.FEN_OK:
        raise ValueError("Fairy-Stockfish refuses FEN `%s` (validate_fen code %d)" % (fen, code))
    if cmd == "check":
        return True
    moves = request.get("moves", [])
    if cmd == "state":
        return state(variant, fen, moves)
    if cmd == "perft":
        depth = int(request["depth"])
        if depth < 1:
            raise ValueError("perft depth must be at least 1")
        legal = sf.legal_moves(variant, fen, moves, CHESS960)
        return [[m, perft(variant, fen, moves + [m], depth - 1)] for m in legal]
    raise ValueError("unknown command `%s`" % cmd)


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            answer = {"ok": handle(json.loads(line))}
        except Exception as error:  # every failure is an answer, never a dead bridge
            answer = {"error": "%s: %s" % (type(error).__name__, error)}
        PROTOCOL.write(json.dumps(answer) + "\n")
        PROTOCOL.flush()


if __name__ == "__main__":
    main()
