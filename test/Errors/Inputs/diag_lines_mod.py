# The errors a program catches are located too (tirx_diag_set_file); the
# one left is located in its own line whether it comes before or after them
# (test/Errors/diag_line_after_caught.py).
class Box:
    pass


def early(x):
    return x.no_such_attribute_early


def probe(x):
    try:
        raise ValueError("caught and dropped")
    except ValueError:
        return 0


def both():
    probe(Box())
    probe(Box())
    return early(Box())


def late(x):
    return x.no_such_attribute_at_the_end


def both_late():
    probe(Box())
    return late(Box())
