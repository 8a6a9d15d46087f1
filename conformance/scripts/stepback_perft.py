#!/usr/bin/env python3
"""Perft of step-back chess (spec/variants/stepback.yaml), counted
independently of Motley.

Uses python-chess for orthodox move generation and adds the step back on
top of it: a pawn on its side's rank 4 or beyond that has not stepped back
yet may, while its side has made fewer than two steps back, step one square
straight back onto an empty square. The record of which pawns stepped back
travels with the pawn (also when it promotes or captures en passant) and
ends with its capture.

Usage: stepback_perft.py DEPTH FEN [STEPPED [WHITE_STEPS BLACK_STEPS]]
  STEPPED: comma-separated squares of the pawns that stepped back (`-`: none).
Prints one line per depth from 1: `DEPTH COUNT`.
"""

import sys

import chess


def step_backs(board, stepped, steps):
    """The legal step-back moves of the side to move."""
    side = board.turn
    if steps[side] >= 2:
        return []
    back = -8 if side == chess.WHITE else 8
    out = []
    for sq in board.pieces(chess.PAWN, side):
        rank = chess.square_rank(sq) + 1
        relative = rank if side == chess.WHITE else 9 - rank
        target = sq + back
        if relative < 4 or sq in stepped or board.piece_at(target) is not None:
            continue
        move = chess.Move(sq, target)
        board.push(move)
        legal = not board.was_into_check()
        board.pop()
        if legal:
            out.append(move)
    return out


def after(board, move, stepped, steps, back):
    """The stepped-back squares and counts after `move` (before it is pushed)."""
    stepped = set(stepped)
    steps = dict(steps)
    victim = move.to_square
    if board.is_en_passant(move):
        victim = move.to_square + (-8 if board.turn == chess.WHITE else 8)
    stepped.discard(victim)
    if move.from_square in stepped or back:
        stepped.discard(move.from_square)
        stepped.add(move.to_square)
    if back:
        steps[board.turn] += 1
    return stepped, steps


def perft(board, depth, stepped, steps):
    moves = [(m, False) for m in board.legal_moves]
    moves += [(m, True) for m in step_backs(board, stepped, steps)]
    if depth == 1:
        return len(moves)
    total = 0
    for move, back in moves:
        next_stepped, next_steps = after(board, move, stepped, steps, back)
        board.push(move)
        total += perft(board, depth - 1, next_stepped, next_steps)
        board.pop()
    return total


def main():
    depth = int(sys.argv[1])
    board = chess.Board(sys.argv[2])
    stepped = set()
    if len(sys.argv) > 3 and sys.argv[3] != "-":
        stepped = {chess.parse_square(s) for s in sys.argv[3].split(",")}
    steps = {chess.WHITE: 0, chess.BLACK: 0}
    if len(sys.argv) > 5:
        steps = {chess.WHITE: int(sys.argv[4]), chess.BLACK: int(sys.argv[5])}
    for d in range(1, depth + 1):
        print(d, perft(board, d, stepped, steps))


if __name__ == "__main__":
    main()
