#!/usr/bin/env python3
"""Perft of balanced Marseillais chess, counted independently of Motley.

Uses python-chess for orthodox move generation and plays the turn
structure and the en passant window on top of it:

- White's first turn is one move, every later turn two moves;
- a first move that gives check ends the turn;
- the second move is required: `0000` (a ply) only when none is legal;
- en passant: the double steps of a turn are open to the opponent's next
  turn, on its first move; after an en passant capture, the other one
  stays open for the second move. A pawn that double-stepped and then
  moved again can no longer be taken en passant.

Usage: marseillais_perft.py DEPTH [FEN [SUB]]
  FEN: an orthodox FEN (its en passant field is one square, open to the
  side to move, or `-`); SUB: 1 or 2, the move of the turn due (default 1);
  the turn is taken to have two moves unless FEN is the start position
  with White to move at move 1.
Prints one line per depth from 1: `DEPTH COUNT`.
"""

import sys

import chess

START = chess.STARTING_FEN


class State:
    """A position: the board, the move due in the turn (0 or 1), how many
    moves this turn has, and the open en passant groups
    [(targets, victim square, colour of the victim)]."""

    def __init__(self, board, sub, moves, groups):
        self.board = board
        self.sub = sub
        self.moves = moves
        self.groups = groups


def en_passant_moves(state):
    """(from, to, victim) of the en passant captures open to the mover."""
    board = state.board
    us = board.turn
    out = []
    for targets, victim, colour in state.groups:
        piece = board.piece_at(victim)
        if colour == us or piece is None or piece.color == us or piece.piece_type != chess.PAWN:
            continue
        for t in targets:
            if board.piece_at(t) is not None:
                continue
            for sq in board.attackers(us, t):
                p = board.piece_at(sq)
                if p.piece_type != chess.PAWN:
                    continue
                # A pawn attacks diagonally forward only.
                if (chess.square_rank(t) - chess.square_rank(sq)) != (1 if us else -1):
                    continue
                after = board.copy(stack=False)
                after.remove_piece_at(victim)
                after.remove_piece_at(sq)
                after.set_piece_at(t, p)
                king = after.king(us)
                if not after.is_attacked_by(not us, king):
                    out.append((sq, t, victim))
    return out


def legal(state):
    """The legal moves: python-chess moves, ('ep', from, to, victim), or None for 0000."""
    board = state.board
    board.ep_square = None
    moves = list(board.legal_moves) + [("ep",) + m for m in en_passant_moves(state)]
    if not moves and state.sub == 1:
        return [None]
    return moves


def play(state, move):
    board = state.board
    us = board.turn
    if move is None:
        after = board.copy(stack=False)
        after.turn = not us
        groups = [g for g in state.groups if g[2] == us]
        return State(after, 0, 2, groups)
    is_ep = isinstance(move, tuple)
    frm = move[1] if is_ep else move.from_square
    lasting = []
    for targets, victim, colour in state.groups:
        if colour == us:
            if frm != victim:
                lasting.append((targets, victim, colour))
        elif is_ep and move[3] != victim:
            lasting.append((targets, victim, colour))
    new = []
    if is_ep:
        _, sq, t, victim = move
        after = board.copy(stack=False)
        p = after.piece_at(sq)
        after.remove_piece_at(victim)
        after.remove_piece_at(sq)
        after.set_piece_at(t, p)
        after.turn = not us
    else:
        piece = board.piece_at(move.from_square)
        after = board.copy(stack=False)
        after.push(move)
        after.ep_square = None
        if piece.piece_type == chess.PAWN and abs(move.to_square - move.from_square) == 16:
            new = [([(move.from_square + move.to_square) // 2], move.to_square, us)]
    gives_check = after.is_check()
    continues = state.sub == 0 and state.moves == 2 and not gives_check
    if continues:
        after.turn = us
        return State(after, 1, 2, new + lasting)
    groups = new + [g for g in lasting if g[2] == us]
    return State(after, 0, 2, groups)


def perft(state, depth):
    if depth == 0:
        return 1
    moves = legal(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)


def starting(fen, sub=0):
    """The state at `fen` with the turn's move `sub` (0: the first) due; a
    FEN's en passant square opens the window of the move before it."""
    board = chess.Board(fen)
    groups = []
    if board.ep_square is not None:
        victim = board.ep_square + (-8 if board.turn else 8)
        groups = [([board.ep_square], victim, not board.turn)]
    board.ep_square = None
    first_turn = fen == START
    return State(board, sub, 1 if first_turn else 2, groups)


def main():
    depth = int(sys.argv[1])
    fen = sys.argv[2] if len(sys.argv) > 2 else START
    sub = int(sys.argv[3]) - 1 if len(sys.argv) > 3 else 0
    state = starting(fen, sub)
    for d in range(1, depth + 1):
        print(d, perft(state, d), flush=True)


if __name__ == "__main__":
    main()
