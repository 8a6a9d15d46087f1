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
      captures: the legal moves that capture, listed only when the FEN has
      an en passant square)
  {"cmd": "perft", "variant": V, "fen": F, "moves": [...], "depth": D}
      -> {"ok": [[move, count], ...]}   (the divide at depth D >= 1)
"""

import json
import os
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


def state(variant, fen, moves):
    """What the harness compares at a position. Each pyffish call costs
    about 2.5 ms of CPU whatever the position, so only what can matter is
    asked: the end of a game only without legal moves (FSF lists none once
    a variant's own rule has ended it), draws that may be claimed only once
    the clock is at 8 or more (a threefold repetition needs 8 plies; FSF's
    counting rules show their count in that field), dead material only
    right after a capture, a pawn move, a drop or at the start (clock 0)."""
    legal = sf.legal_moves(variant, fen, moves, CHESS960)
    position = sf.get_fen(variant, fen, moves, CHESS960)
    fields = position.split()
    clock = next((int(f) for f in fields[2:] if f.isdigit()), 0)
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
    # empty square is an en passant capture.
    if len(fields) > 3 and fields[3] != "-":
        answer["captures"] = [m for m in legal if sf.is_capture(variant, fen, moves, m, CHESS960)]
    if not legal:
        answer["in_check"] = bool(sf.gives_check(variant, fen, moves, CHESS960))
        answer["result"] = sf.game_result(variant, fen, moves, CHESS960)
        answer["immediate"] = list(sf.is_immediate_game_end(variant, fen, moves, CHESS960))
        return answer
    if clock >= 8:
        answer["optional"] = list(sf.is_optional_game_end(variant, fen, moves, CHESS960))
    if clock == 0:
        answer["insufficient"] = list(sf.has_insufficient_material(variant, fen, moves, CHESS960))
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
