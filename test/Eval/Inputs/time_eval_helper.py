# An imported module for test/Eval/time_eval.py: its function's row names this file.


def leaf(x):
    return x
